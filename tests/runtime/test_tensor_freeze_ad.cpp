// tests/runtime/test_tensor_freeze_ad.cpp — tensors in frozen functions (first dimension free, the rest keyed,
// baked sizes recorded anew) and gradients through every tensor operation against finite differences
#include "tensor_check.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace tensor_check;

namespace {

void check_same(const tj::TensorXf &got, const tj::TensorXf &want) {
    CHECK(got.shape() == want.shape());
    std::vector<float> g = tj::to_vector(got.array()), w = tj::to_vector(want.array());
    REQUIRE(g.size() == w.size());
    for (size_t i = 0; i < g.size(); ++i) {
        CAPTURE(i);
        CHECK(g[i] == doctest::Approx(w[i]).epsilon(1e-5));
    }
}

using Fn = std::function<tj::TensorXf64(const std::vector<tj::TensorXf64> &)>;

/// Reverse-mode gradients of sum(w · f(inputs)) (w random) against central differences, for every input element.
void check_gradients(const std::string &what, const Fn &f, const std::vector<Shape> &shapes, uint32_t seed) {
    CAPTURE(what);
    std::vector<std::vector<double>> values;
    for (size_t i = 0; i < shapes.size(); ++i)
        values.push_back(uniform_values<double>(product(shapes[i]), seed + uint32_t(i), 0.5, 1.5));
    auto make = [&](const std::vector<std::vector<double>> &vals) {
        std::vector<tj::TensorXf64> ts;
        for (size_t i = 0; i < shapes.size(); ++i)
            ts.emplace_back(tj::Float64(vals[i]), shapes[i]);
        return ts;
    };
    tj::TensorXf64 probe = f(make(values));
    std::vector<double> w = uniform_values<double>(probe.size(), seed + 100, 0.5, 1.5);
    auto loss = [&](const std::vector<tj::TensorXf64> &ts) {
        tj::TensorXf64 out = f(ts);
        return tj::sum(out.array() * tj::Float64(w));
    };
    std::vector<tj::TensorXf64> ts = make(values);
    for (auto &t : ts)
        tj::enable_grad(t);
    tj::backward(loss(ts));
    for (size_t i = 0; i < ts.size(); ++i) {
        CHECK(tj::grad(ts[i]).shape() == shapes[i]);
        std::vector<double> g = tj::to_vector(tj::grad(ts[i]).array());
        for (size_t k = 0; k < values[i].size(); ++k) {
            CAPTURE(i);
            CAPTURE(k);
            const double h = 1e-6;
            auto plus = values, minus = values;
            plus[i][k] += h;
            minus[i][k] -= h;
            double fd = (loss(make(plus)).read(0) - loss(make(minus)).read(0)) / (2 * h);
            CHECK(g[k] == doctest::Approx(fd).epsilon(1e-6).scale(1));
        }
    }
}

} // namespace

TEST_CASE("tensor gradients: every operation against central differences") {
    using T = tj::TensorXf64;
    using V = std::vector<T>;
    check_gradients("broadcast mul/div/pow", [](const V &x) { return x[0] * x[1] / (x[1] + 2.0) + tj::pow(x[0], x[1]); },
                    {{2, 3, 2}, {3, 1}}, 1);
    check_gradients("sin, exp, min, select", [](const V &x) {
        return tj::select(x[0] < x[1], tj::sin(x[0]), tj::exp(x[1])) + tj::min(x[0], x[1]);
    }, {{4, 3}, {3}}, 2);
    check_gradients("fma with three shapes", [](const V &x) { return tj::fma(x[0], x[1], x[2]); },
                    {{2, 1, 3}, {4, 1}, {3}}, 3);
    check_gradients("reshape, transpose", [](const V &x) { return tj::transpose(tj::reshape(x[0], {-1, 4})) * 3.0; },
                    {{3, 2, 2}}, 4);
    for (int axis : {0, 1, 2}) {
        CAPTURE(axis);
        check_gradients("sum along an axis", [axis](const V &x) { return tj::sum(x[0] * x[0], axis); }, {{3, 4, 2}}, 5);
        check_gradients("prod along an axis", [axis](const V &x) { return tj::prod(x[0], axis); }, {{3, 4, 2}}, 6);
        check_gradients("hmax along an axis", [axis](const V &x) { return tj::hmax(x[0], axis); }, {{3, 4, 2}}, 7);
        check_gradients("hmin along an axis", [axis](const V &x) { return tj::hmin(x[0], axis); }, {{3, 4, 2}}, 8);
    }
    check_gradients("whole sum", [](const V &x) { return tj::sum(x[0] * x[0]); }, {{3, 4}}, 9);
    check_gradients("slice: negative step, integer", [](const V &x) {
        return x[0].slice({tj::Slice{tj::Slice::None, tj::Slice::None, -2}, 1}) * 2.0;
    }, {{5, 3, 2}}, 10);
    check_gradients("gather with index arrays on two axes (repeats add up)", [](const V &x) {
        return x[0].slice({tj::UInt32({2, 0, 2}), tj::all, tj::UInt32({1, 1})});
    }, {{3, 2, 2}}, 11);
}

// A first dimension of 1 is a layout of its own (it broadcasts), as width 1 is for arrays.
TEST_CASE("tensor freezing: the guide's example — (10, 7, 3) records, (25, 7, 3) replays, (10, 3, 7) records") {
    auto body = [](const tj::TensorXf &t, const tj::TensorXf &w) {
        return tj::sum(tj::exp(t) * w + 1.f, 2); // w of shape [3] or [7] broadcasts along the last axis
    };
    auto frozen = tj::freeze(body);
    struct Call {
        Shape t, w;
        uint64_t recordings;
    };
    uint32_t seed = 1;
    for (Call c : {Call{{10, 7, 3}, {3}, 1}, Call{{25, 7, 3}, {3}, 1}, Call{{10, 3, 7}, {7}, 2},
                   Call{{40, 7, 3}, {3}, 2}, Call{{1, 7, 3}, {3}, 3}, Call{{13, 3, 7}, {7}, 3}}) {
        CAPTURE(tj::detail::shape_string(c.t));
        tj::TensorXf t = random_tensor(c.t, seed++), w = random_tensor(c.w, seed++);
        tj::TensorXf got = frozen(t, w);
        CHECK(got.shape() == Shape{c.t[0], c.t[1]});
        check_same(got, body(t, w));
        CHECK(tj::freeze_stats(&frozen).recordings == c.recordings);
    }
}

TEST_CASE("tensor freezing: operations that bake the first dimension record anew instead of going wrong") {
    auto body = [](const tj::TensorXf &t) {
        return std::make_tuple(tj::transpose(t), tj::sum(t, 0), t.slice({tj::Slice{-2, tj::Slice::None, -1}}),
                               tj::reshape(t, {3, -1}), t.slice({tj::Slice{0, 6}}), t.slice({tj::Slice{0}}));
    };
    auto frozen = tj::freeze(body);
    uint32_t seed = 10;
    for (size_t n : {6, 12, 6, 9}) {
        CAPTURE(n);
        tj::TensorXf t = random_tensor({n, 3}, seed++);
        auto [a, b, c, d, e, f] = frozen(t);
        auto [ea, eb, ec, ed, ee, ef] = body(t);
        check_same(a, ea);
        check_same(b, eb);
        check_same(c, ec);
        check_same(d, ed);
        check_same(e, ee); // the first 6 rows: [6, 3] whatever the call's first dimension
        check_same(f, ef); // all rows
    }
    // Each new first dimension recorded anew (the pins failed the replay): never a stale result.
    CHECK(tj::freeze_stats(&frozen).dry_run_failures >= 2);

    // A first dimension of 1 that broadcasts, then one that does not.
    auto add = tj::freeze([](const tj::TensorXf &a, const tj::TensorXf &b) { return a + b; });
    tj::TensorXf b = random_tensor({4, 3}, 30);
    check_same(add(random_tensor({1, 3}, 31), b), random_tensor({1, 3}, 31) + b);
    CHECK_THROWS_AS(add(random_tensor({2, 3}, 32), b), tj::Error); // [2, 3] + [4, 3]: no broadcast
    tj::TensorXf a4 = random_tensor({4, 3}, 33);
    check_same(add(a4, b), a4 + b);
}

TEST_CASE("tensor freezing: first dimensions that were equal and are no longer record anew (and fail as unfrozen)") {
    auto body = [](const tj::TensorXf &a, const tj::TensorXf &b) { return a * b; };
    auto frozen = tj::freeze(body);
    tj::TensorXf a = random_tensor({10, 1, 3}, 40), b = random_tensor({10, 7, 3}, 41);
    check_same(frozen(a, b), body(a, b));
    tj::TensorXf a2 = random_tensor({10, 1, 3}, 42), b2 = random_tensor({25, 7, 3}, 43);
    CHECK_THROWS_AS(frozen(a2, b2), tj::Error);
    tj::TensorXf a3 = random_tensor({25, 1, 3}, 44);
    check_same(frozen(a3, b2), body(a3, b2));
}

TEST_CASE("tensor freezing: index arrays of changing sizes on several axes replay correctly or record again") {
    auto body = [](const tj::TensorXf &t, const tj::UInt32 &i0, const tj::UInt32 &i1) {
        return t.slice({i0, i1}) * 2.f;
    };
    auto frozen = tj::freeze(body);
    std::mt19937 rng(7);
    uint32_t seed = 50;
    for (auto [n, m0, m1] : {std::tuple{8, 5, 3}, {8, 10, 3}, {8, 5, 6}, {12, 5, 3}, {8, 3, 2}, {8, 3, 5}}) {
        CAPTURE(m0);
        CAPTURE(m1);
        tj::TensorXf t = random_tensor({size_t(n), 6, 2}, seed++);
        std::vector<uint32_t> v0(static_cast<size_t>(m0)), v1(static_cast<size_t>(m1));
        for (auto &x : v0)
            x = rng() % uint32_t(n);
        for (auto &x : v1)
            x = rng() % 6;
        tj::UInt32 i0(v0), i1(v1);
        tj::TensorXf got = frozen(t, i0, i1);
        CHECK(got.shape() == Shape{size_t(m0), size_t(m1), 2});
        check_same(got, body(t, i0, i1));
    }
}

TEST_CASE("tensor freezing: gradients inside a frozen function replay with new inputs") {
    auto body = [](tj::TensorXf t, const tj::TensorXf &w) {
        tj::enable_grad(t);
        tj::TensorXf loss = tj::sum(tj::sum(tj::sin(t) * w, 1) * tj::sum(t, 1));
        tj::backward(loss);
        return std::make_pair(tj::detach(loss), tj::grad(t));
    };
    auto frozen = tj::freeze(body);
    uint32_t seed = 60;
    for (size_t n : {5, 9, 5, 17}) {
        CAPTURE(n);
        tj::TensorXf t = random_tensor({n, 4}, seed++), w = random_tensor({4}, seed++);
        auto [loss, g] = frozen(t, w);
        auto [eloss, eg] = body(t, w);
        check_same(loss, eloss);
        check_same(g, eg);
    }
    CHECK(tj::freeze_stats(&frozen).recordings == 1);
}

TEST_CASE("tensor freezing: a 1-d gather along the first axis replays with a larger first dimension") {
    auto body = [](const tj::TensorXf &t, const tj::UInt32 &index) { return t.slice({index}) + 1.f; };
    auto frozen = tj::freeze(body);
    uint32_t seed = 70;
    for (size_t n : {8, 20, 40}) {
        CAPTURE(n);
        tj::TensorXf t = random_tensor({n}, seed++);
        std::vector<uint32_t> v;
        for (uint32_t i = 0; i < 6; ++i)
            v.push_back(uint32_t(n) - 1 - i * 3); // reaches past the first call's first dimension
        v.push_back(uint32_t(n)); // past the end: 0
        tj::UInt32 index(v);
        check_same(frozen(t, index), body(t, index));
        CHECK(frozen(t, index).array().read(6) == 1.f);
    }
    CHECK(tj::freeze_stats(&frozen).recordings == 1);
}

// F10 (found with test_reduction.py): hmin/hmax along an axis whose other dimensions are all 1 (a 1-d tensor, a
// row of shape (1, n)) took the whole-array path, hmin/hmax, whose gradient splits among ties: a tied row's
// gradient was 1/k per tie alone and 1 per tie next to other rows. Reductions along an axis follow block_reduce's
// rule (docs/tensors.md): every tie gets the whole gradient, forward mode sums the tied tangents.
TEST_CASE("tensor gradients: hmin/hmax along an axis give every tie the whole gradient, whatever the other dims") {
    std::vector<float> row = {3.f, 3.f, 1.f, 2.f, 3.f};
    for (bool is_max : {true, false}) {
        CAPTURE(is_max);
        std::vector<float> r = row;
        if (!is_max)
            for (float &x : r)
                x = -x;
        for (Shape s : {Shape{5}, Shape{1, 5}, Shape{2, 5}, Shape{1, 1, 5}}) {
            CAPTURE(s.size());
            size_t n = product(s);
            std::vector<float> v(n, 0.f);
            std::copy(r.begin(), r.end(), v.begin());
            auto reduce = [&](const tj::TensorXf &t) { return is_max ? tj::hmax(t, -1) : tj::hmin(t, -1); };
            tj::Float x(v);
            tj::enable_grad(x);
            tj::backward(tj::sum(reduce(tj::TensorXf(x, s)).array()));
            std::vector<float> g = tj::to_vector(tj::grad(x));
            CHECK(std::vector<float>(g.begin(), g.begin() + 5) == std::vector<float>{1.f, 1.f, 0.f, 0.f, 1.f});
            tj::Float y(v);
            tj::enable_grad(y);
            tj::TensorXf m = reduce(tj::TensorXf(y, s));
            std::vector<float> tangent(n);
            for (size_t i = 0; i < n; ++i)
                tangent[i] = float(i + 1);
            tj::set_grad(y, tj::Float(tangent));
            tj::forward(y);
            CHECK(tj::grad(m.array()).read(0) == 1.f + 2.f + 5.f);
        }
    }
    // In a frozen function, replayed on other lengths (the first dimension of a 1-d tensor follows the input).
    auto body = [](tj::Float x) {
        tj::enable_grad(x);
        tj::backward(tj::hmax(tj::TensorXf(x), 0).array());
        return tj::grad(x);
    };
    auto frozen = tj::freeze(body);
    for (std::vector<float> v : {std::vector<float>{1, 4, 4}, {4, 4, 4, 2}, {1, 2, 2, 7, 7, 7, 7}}) {
        std::vector<float> e(v.size());
        float mx = *std::max_element(v.begin(), v.end());
        for (size_t i = 0; i < v.size(); ++i)
            e[i] = v[i] == mx ? 1.f : 0.f;
        CHECK(tj::to_vector(frozen(tj::Float(v))) == e);
    }
    CHECK(tj::freeze_stats(&frozen).recordings == 1);
}
