// tests/runtime/test_freeze_outputs.cpp — frozen element-wise functions of every element type and output shape
// (array, tuple, vector, pair, TJ_STRUCT, optional, map, host values, state) equal the plain call
#include "freeze_check_calls.h"

using namespace tjtest;

namespace {

/// Three evaluated random inputs of size n.
template <typename T> auto three_inputs(size_t n, uint64_t seed) {
    return std::make_tuple(random_array<T>(n, seed), random_array<T>(n, seed + 1000), random_array<T>(n, seed + 2000));
}

/// Several element-wise operations of each kind the type supports.
template <typename T> tj::Array<T> elementwise(const tj::Array<T> &a, const tj::Array<T> &b, const tj::Array<T> &c) {
    if constexpr (std::is_floating_point_v<T>) {
        tj::Array<T> t = a * b + c - a / (tj::abs(b) + T(1));
        return tj::select(a > c, tj::sqrt(tj::abs(t)) * tj::sin(b), tj::min(t, c) - tj::exp(tj::min(a, T(3))));
    } else {
        tj::Array<T> t = a * b + c - a / (tj::abs(b) + T(1));
        return tj::select(a > c, (t ^ b) + (a % T(7)), tj::max(t, c) - (b >> T(2)));
    }
}

struct Particles {
    tj::Float pos, vel;
    int steps = 0;
};
TJ_STRUCT(Particles, pos, vel, steps)

void check_same(const std::string &what, const Particles &got, const Particles &expect) {
    tjtest::check_same(what + ".pos", got.pos, expect.pos);
    tjtest::check_same(what + ".vel", got.vel, expect.vel);
    tjtest::check_same(what + ".steps", got.steps, expect.steps);
}

enum class Phase { Warmup = 3, Run = 7 };

} // namespace

TEST_CASE_TEMPLATE("freeze: element-wise functions of three inputs equal the plain call at every size", T, float,
                   double, int32_t) {
    check_frozen_matches_plain(
        "elementwise", [](tj::Array<T> a, tj::Array<T> b, tj::Array<T> c) { return elementwise(a, b, c); },
        [](size_t n, uint64_t seed) { return three_inputs<T>(n, seed); });
}

TEST_CASE("freeze: a tuple of arrays of different types") {
    check_frozen_matches_plain(
        "tuple",
        [](tj::Float a, tj::Float b, tj::Float c) {
            tj::Float64 wide = tj::Float64(tj::cast<double>(a)) * 1e-3 + tj::cast<double>(b);
            return std::make_tuple(a + b * c, wide, tj::cast<int32_t>(tj::floor(c)) * 3, a < b);
        },
        [](size_t n, uint64_t seed) { return three_inputs<float>(n, seed); });
}

TEST_CASE("freeze: a std::vector<Float> in and out") {
    check_frozen_matches_plain(
        "vector",
        [](std::vector<tj::Float> xs, tj::Float scale) {
            std::vector<tj::Float> out;
            for (size_t i = 0; i < xs.size(); ++i)
                out.push_back(xs[i] * scale + float(i));
            out.push_back(xs[0] - xs[2]);
            return out;
        },
        [](size_t n, uint64_t seed) {
            auto [a, b, c] = three_inputs<float>(n, seed);
            return std::make_tuple(std::vector<tj::Float>{a, b, c}, random_array<float>(n, seed + 7));
        });
}

TEST_CASE("freeze: a std::pair") {
    check_frozen_matches_plain(
        "pair",
        [](std::pair<tj::Float, tj::Int32> p) {
            return std::make_pair(p.first * tj::cast<float>(p.second), p.second + 1);
        },
        [](size_t n, uint64_t seed) {
            return std::make_tuple(std::make_pair(random_array<float>(n, seed), random_array<int32_t>(n, seed + 1)));
        });
}

TEST_CASE("freeze: a TJ_STRUCT in and out") {
    check_frozen_matches_plain(
        "struct",
        [](Particles p, tj::Float dt) {
            Particles next;
            next.vel = p.vel - p.pos * dt;
            next.pos = p.pos + next.vel * dt;
            next.steps = p.steps + 1; // a host value computed from a host input: part of the key
            return next;
        },
        [](size_t n, uint64_t seed) {
            Particles p{random_array<float>(n, seed), random_array<float>(n, seed + 1), 4};
            return std::make_tuple(p, random_array<float>(n, seed + 2));
        });
}

TEST_CASE("freeze: std::optional, present and absent") {
    check_frozen_matches_plain(
        "optional",
        [](std::optional<tj::Float> x, tj::Float y) {
            std::optional<tj::Float> none;
            std::optional<tj::Float> some = *x * y + 2.f;
            return std::make_pair(some, none);
        },
        [](size_t n, uint64_t seed) {
            return std::make_tuple(std::optional<tj::Float>(random_array<float>(n, seed)),
                                   random_array<float>(n, seed + 1));
        });
}

TEST_CASE("freeze: std::map<std::string, Float> in and out") {
    check_frozen_matches_plain(
        "map",
        [](std::map<std::string, tj::Float> m) {
            std::map<std::string, tj::Float> out;
            out["sum"] = m["a"] + m["b"];
            out["product"] = m["a"] * m["b"];
            out["a"] = m["a"];
            return out;
        },
        [](size_t n, uint64_t seed) {
            std::map<std::string, tj::Float> m{{"a", random_array<float>(n, seed)},
                                               {"b", random_array<float>(n, seed + 1)}};
            return std::make_tuple(m);
        });
}

TEST_CASE("freeze: host values in the outputs come back with the arrays") {
    check_frozen_matches_plain(
        "host outputs",
        [](tj::Float x, int k, Phase phase) {
            return std::make_tuple(x * float(k), k * 2, std::string("phase ") + std::to_string(int(phase)), phase,
                                   0.25);
        },
        [](size_t n, uint64_t seed) { return std::make_tuple(random_array<float>(n, seed), 5, Phase::Run); });
}

TEST_CASE("freeze: a function with state and a result") {
    tj::Float total = tj::opaque<tj::Float>(0.f, 1000), plain_total = total;
    auto accumulate = [](tj::Float &sum, const tj::Float &x) {
        sum = sum + x;
        return sum * 2.f;
    };
    auto frozen = tj::freeze([&](const tj::Float &x) { return accumulate(total, x); });
    for (int i = 0; i < 5; ++i) {
        tj::Float x = random_array<float>(1000, 20 + i);
        tj::Float got = frozen.call(std::tie(total), x);
        tj::Float expect = accumulate(plain_total, x);
        check_same("result", got, expect);
        check_same("state", total, plain_total);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 4);
}

TEST_CASE("freeze: a frozen function called in another's body runs inline, part of the outer recording") {
    int inner_runs = 0;
    auto inner = tj::freeze([&](const tj::Float &x) {
        ++inner_runs;
        return x + 1.f;
    });
    auto outer = tj::freeze([&](const tj::Float &x) { return inner(x) * 2.f; });
    for (size_t n : {size_t(100), size_t(1000), size_t(7)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n);
        tj::Float plus_one = x + 1.f;
        tj::eval(plus_one);
        check_same("outer", outer(x), plus_one * 2.f);
    }
    CHECK(inner_runs == 1); // only while the outer function recorded
    CHECK(stats_of(outer).recordings == 1);
    CHECK(stats_of(outer).replays == 2);
    CHECK(stats_of(inner).recordings == 0);
    CHECK(stats_of(inner).replays == 0);
    // Called on its own, the inner function records and replays as usual.
    tj::Float x = random_array<float>(50, 1);
    check_same("inner alone", inner(x), x + 1.f);
    check_same("inner alone, replayed", inner(x), x + 1.f);
    CHECK(stats_of(inner).recordings == 1);
    CHECK(stats_of(inner).replays == 1);
}
