// tests/runtime/test_control_side_effects.cpp — side effects in symbolic loop bodies and tj::dispatch cases against
// plain C++ run lane by lane: two scatters into one array, scatter then gather, scatter_add and scatter_reduce after
// a scatter, aliased arrays, in a loop, a branch in a loop, a dispatch in a loop and a loop in a dispatch, plain and
// frozen; the cases that cannot be right (loop state as target, scatter_inc, element-wise reads) are tj::Errors
#include "backend/cpu/cpu_jit.h"
#include "backend/cpu/cpu_sorted_dispatch.h"
#include "freeze_check.h"
#include "jit/var.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using namespace tjtest;
using tj::Float, tj::Int32, tj::UInt32, tj::Bool;

namespace {

/// Elements of each lane's own region of a target (lane l owns [1 + l * R, 1 + l * R + R)); trip counts stay below 6.
/// Element 0 is shared by all lanes (an index that does not depend on the size: frozen replays take other sizes).
constexpr uint32_t R = 10;

/// Trip counts per lane: one lane, several lanes with different counts (0 included), and vector remainders.
std::vector<std::vector<uint32_t>> trip_sets() {
    return {{3}, {0, 3, 1, 5, 2}, small_ints<uint32_t>(37, 5, 0, 5)};
}

/// What a body does in iteration i of lane l (base b = 1 + l * R).
enum class Case { ScatterScatter, ScatterGather, ScatterAdd, ScatterReduce, Alias };
constexpr Case all_cases[] = {Case::ScatterScatter, Case::ScatterGather, Case::ScatterAdd, Case::ScatterReduce,
                              Case::Alias};
const char *case_name(Case c) {
    const char *names[] = {"scatter, scatter", "scatter, gather", "scatter_add after scatter", "scatter_reduce",
                           "aliased arrays"};
    return names[int(c)];
}

/// Where the body runs: a while_loop, an if_stmt in it, a dispatch in it, a while_loop in a dispatch case, or a
/// while_loop of one iteration in a while_loop.
enum class Mode { Loop, BranchInLoop, DispatchInLoop, LoopInDispatch, LoopInLoop };
constexpr Mode all_modes[] = {Mode::Loop, Mode::BranchInLoop, Mode::DispatchInLoop, Mode::LoopInDispatch,
                              Mode::LoopInLoop};
const char *mode_name(Mode m) {
    const char *names[] = {"while_loop", "if_stmt in a while_loop", "dispatch in a while_loop",
                           "while_loop in a dispatch", "while_loop in a while_loop"};
    return names[int(m)];
}

/// The arrays a body writes: w and w2 (one array w2 = w before the loop in Case::Alias), m; element
/// 0 is shared by all lanes.
struct Targets {
    Float w, w2;
    Int32 m;
};
struct HostTargets {
    std::vector<float> w, w2;
    std::vector<int32_t> m;
};

/// The body's side effects in iteration i; returns what it adds to the lane's sum.
Float step(Case c, Targets &t, const UInt32 &b, const UInt32 &i, uint32_t shared) {
    Float fi = tj::cast<float>(i);
    Int32 ii = tj::cast<int32_t>(i);
    switch (c) {
    case Case::ScatterScatter:
        tj::scatter(t.w, fi + 1.f, b + i);
        tj::scatter(t.w, -(fi + 1.f), b + i + 1u); // overwritten by the next iteration's first scatter
        return fi;
    case Case::ScatterGather: {
        Float old = tj::gather(t.w, b + i); // the previous iteration's second scatter (or the initial value)
        tj::scatter(t.w, old * 2.f + fi, b + i);
        Float now = tj::gather(t.w, b + i); // this iteration's scatter
        tj::scatter(t.w, now + 1.f, b + i + 1u);
        return old + 3.f * now;
    }
    case Case::ScatterAdd:
        tj::scatter(t.m, ii + 5, b + i);
        tj::scatter_add(t.m, Int32(3), b + i);
        tj::scatter_add(t.m, Int32(1), b + i + 1u);
        tj::scatter_add(t.m, Int32(1), UInt32(shared)); // all lanes, all iterations
        return tj::cast<float>(tj::gather(t.m, b + i));
    case Case::ScatterReduce:
        tj::scatter(t.m, ii + 10, b + i);
        tj::scatter_reduce(tj::ReduceOp::Max, t.m, ii * 3, b + i);
        tj::scatter_reduce(tj::ReduceOp::Min, t.m, Int32(9), b + i + 1u);
        tj::scatter_reduce(tj::ReduceOp::Mul, t.m, Int32(2), b + i + 1u);
        tj::scatter_reduce(tj::ReduceOp::Or, t.m, Int32(1) << (ii + 8), b + 8u);
        tj::scatter_reduce(tj::ReduceOp::And, t.m, ~(Int32(1) << ii), b + 9u);
        tj::scatter_reduce(tj::ReduceOp::Max, t.m, tj::cast<int32_t>(b) + ii, UInt32(shared));
        return tj::cast<float>(tj::gather(t.m, b + i) + tj::gather(t.m, b + i + 1u));
    case Case::Alias: {
        tj::scatter(t.w, fi + 0.5f, b + i);
        Float g2 = tj::gather(t.w2, b + i); // w2 = w before the loop: it does not see w's writes
        tj::scatter(t.w2, g2 * 2.f + fi, b + i + 1u);
        Float g = tj::gather(t.w, b + i + 1u); // nor w w2's
        return g2 + g;
    }
    }
    return fi;
}

/// The same on the host for lane base b.
float step_ref(Case c, HostTargets &t, uint32_t b, uint32_t i, uint32_t shared) {
    float fi = float(i);
    int32_t ii = int32_t(i);
    switch (c) {
    case Case::ScatterScatter:
        t.w[b + i] = fi + 1.f;
        t.w[b + i + 1] = -(fi + 1.f);
        return fi;
    case Case::ScatterGather: {
        float old = t.w[b + i];
        t.w[b + i] = old * 2.f + fi;
        float now = t.w[b + i];
        t.w[b + i + 1] = now + 1.f;
        return old + 3.f * now;
    }
    case Case::ScatterAdd:
        t.m[b + i] = ii + 5;
        t.m[b + i] += 3;
        t.m[b + i + 1] += 1;
        t.m[shared] += 1;
        return float(t.m[b + i]);
    case Case::ScatterReduce:
        t.m[b + i] = ii + 10;
        t.m[b + i] = std::max(t.m[b + i], ii * 3);
        t.m[b + i + 1] = std::min(t.m[b + i + 1], 9);
        t.m[b + i + 1] *= 2;
        t.m[b + 8] |= 1 << (ii + 8);
        t.m[b + 9] &= ~(1 << ii);
        t.m[shared] = std::max(t.m[shared], int32_t(b) + ii);
        return float(t.m[b + i] + t.m[b + i + 1]);
    case Case::Alias: {
        t.w[b + i] = fi + 0.5f;
        float g2 = t.w2[b + i];
        t.w2[b + i + 1] = g2 * 2.f + fi;
        float g = t.w[b + i + 1];
        return g2 + g;
    }
    }
    return fi;
}

/// Objects of the dispatch modes: A adds nothing to the step's result, B its `bonus` field.
struct Stepper : tj::Object {
    Float bonus;
    float hbonus;
    explicit Stepper(float b) : bonus(tj::opaque<Float>(b)), hbonus(b) {}
    virtual Float run(Case c, Targets &t, const UInt32 &b, const UInt32 &i, uint32_t shared) const = 0;
};
struct StepA final : Stepper {
    StepA() : Stepper(0.f) {}
    Float run(Case c, Targets &t, const UInt32 &b, const UInt32 &i, uint32_t shared) const override {
        return step(c, t, b, i, shared);
    }
    TJ_OBJECT_FIELDS(bonus)
};
struct StepB final : Stepper {
    StepB() : Stepper(1000.f) {}
    Float run(Case c, Targets &t, const UInt32 &b, const UInt32 &i, uint32_t shared) const override {
        return step(c, t, b, i, shared) + bonus;
    }
    TJ_OBJECT_FIELDS(bonus)
};

/// Lane l holds A (l % 3 == 0), B (l % 3 == 1) or null (l % 3 == 2: no step runs, in the dispatch modes).
std::vector<Stepper *> lanes_of(size_t n, Stepper *a, Stepper *b) {
    std::vector<Stepper *> out(n);
    for (size_t l = 0; l < n; ++l)
        out[l] = l % 3 == 0 ? a : l % 3 == 1 ? b : nullptr;
    return out;
}

/// Initial values: w[j] = j / 4 + 100, m[j] = -1 - j % 5 (And, Or and Min see the bits), w2 = w in Case::Alias.
HostTargets host_initial(Case c, size_t n) {
    HostTargets t;
    for (size_t j = 0; j < n * R + 1; ++j) {
        t.w.push_back(float(j) / 4.f + 100.f);
        t.m.push_back(-1 - int32_t(j % 5));
    }
    t.w2 = c == Case::Alias ? t.w : std::vector<float>(t.w.size(), 7.f);
    return t;
}

/// The results: the targets and each lane's sum of the step's results.
using Results = std::tuple<Float, Float, Int32, Float>;

/// Runs the body `trips[l]` times in lane l, in `mode`, on targets made from w0 and m0 (w2 = w in Case::Alias).
Results run(int c_, int mode_, const UInt32 &trips, const Float &w0, const Int32 &m0, const tj::Ptr<Stepper> &ptrs) {
    Case c = Case(c_);
    Mode mode = Mode(mode_);
    size_t n = trips.size();
    const uint32_t shared = 0;
    Targets t{w0 + 0.f, Float(), m0 + 1 - 1}; // arrays of their own (the caller holds w0 and m0)
    t.w2 = c == Case::Alias ? t.w : tj::full<Float>(7.f, w0.size());
    UInt32 base = tj::arange<UInt32>(n) * R + 1u;
    auto loop = [&](const UInt32 &b, const UInt32 &lim, auto &&body) {
        UInt32 i = tj::zeros<UInt32>(1);
        Float acc = tj::zeros<Float>(1);
        tj::while_loop(
            std::tie(i, acc), [&](const UInt32 &i, const Float &) { return i < lim; },
            [&](UInt32 &i, Float &acc) {
                acc += body(b, i);
                i += 1u;
            });
        return acc;
    };
    Float acc;
    switch (mode) {
    case Mode::Loop:
        acc = loop(base, trips, [&](const UInt32 &b, const UInt32 &i) { return step(c, t, b, i, shared); });
        break;
    case Mode::BranchInLoop:
        acc = loop(base, trips, [&](const UInt32 &b, const UInt32 &i) {
            UInt32 at = i;
            return tj::if_stmt(
                i % 2u == 0u, at, [&](UInt32 &at) { return step(c, t, b, at, shared); },
                [&](UInt32 &at) { return step(c, t, b, at, shared); });
        });
        break;
    case Mode::DispatchInLoop:
        acc = loop(base, trips, [&](const UInt32 &b, const UInt32 &i) {
            return tj::dispatch(
                ptrs, [&](Stepper *self, const UInt32 &b, const UInt32 &i) { return self->run(c, t, b, i, shared); },
                b, i);
        });
        break;
    case Mode::LoopInDispatch:
        acc = tj::dispatch(
            ptrs,
            [&](Stepper *self, const UInt32 &b, const UInt32 &lim) {
                return loop(b, lim, [&](const UInt32 &b, const UInt32 &i) { return self->run(c, t, b, i, shared); });
            },
            base, trips);
        break;
    case Mode::LoopInLoop:
        acc = loop(base, trips, [&](const UInt32 &b, const UInt32 &i) {
            UInt32 once = tj::full<UInt32>(1u, n);
            return loop(b, once, [&](const UInt32 &b, const UInt32 &) { return step(c, t, b, i, shared); });
        });
        break;
    }
    return {t.w, t.w2, t.m, acc};
}

/// The same on the host.
std::tuple<HostTargets, std::vector<float>> reference(Case c, Mode mode, const std::vector<uint32_t> &trips,
                                                      const std::vector<Stepper *> &lanes) {
    size_t n = trips.size();
    HostTargets t = host_initial(c, n);
    std::vector<float> acc(n, 0.f);
    bool dispatched = mode == Mode::DispatchInLoop || mode == Mode::LoopInDispatch;
    for (size_t l = 0; l < n; ++l) {
        if (dispatched && !lanes[l])
            continue;
        for (uint32_t i = 0; i < trips[l]; ++i)
            acc[l] += step_ref(c, t, 1 + uint32_t(l) * R, i, 0) + (dispatched ? lanes[l]->hbonus : 0.f);
    }
    return {t, acc};
}

void check_results(const std::string &what, const Results &got, const HostTargets &t, const std::vector<float> &acc) {
    check_exact(what + ": w", std::get<0>(got), t.w);
    check_exact(what + ": w2", std::get<1>(got), t.w2);
    check_exact(what + ": m", std::get<2>(got), t.m);
    check_exact(what + ": sums", std::get<3>(got), acc);
}

/// A lane's trip counts for the frozen calls: fresh ones per call.
std::vector<uint32_t> fresh_trips(size_t n, uint64_t seed) { return small_ints<uint32_t>(n, seed, 0, 5); }

} // namespace

TEST_CASE("side effects: in loop bodies, branches in loops and dispatch cases, ordered as traced per lane") {
    StepA a;
    StepB b;
    for (Mode mode : all_modes)
        for (Case c : all_cases)
            for (const std::vector<uint32_t> &trips : trip_sets()) {
                std::string what = std::string(mode_name(mode)) + ", " + case_name(c) + ", " +
                                   std::to_string(trips.size()) + " lanes";
                CAPTURE(what);
                std::vector<Stepper *> lanes = lanes_of(trips.size(), &a, &b);
                HostTargets init = host_initial(c, trips.size());
                Results got = run(int(c), int(mode), UInt32(trips), Float(init.w), Int32(init.m), tj::Ptr<Stepper>(lanes));
                auto [t, acc] = reference(c, mode, trips, lanes);
                check_results(what, got, t, acc);
            }
}

TEST_CASE("side effects: scatters to elements k and k + 1 of one array, in a loop body and in a dispatch case") {
    Float w = tj::zeros<Float>(4);
    UInt32 k(0u);
    tj::while_loop(std::tie(k), [](const UInt32 &k) { return k < 1u; },
                   [&](UInt32 &k) {
                       tj::scatter(w, Float(1.f), k);
                       tj::scatter(w, Float(2.f), k + 1u);
                       k += 1u;
                   });
    CHECK(tj::to_vector(w) == std::vector<float>{1, 2, 0, 0});
    StepA a;
    Float v = tj::zeros<Float>(4);
    tj::dispatch(
        tj::Ptr<Stepper>(&a),
        [&](Stepper *, const UInt32 &k) {
            tj::scatter(v, Float(1.f), k);
            tj::scatter(v, Float(2.f), k + 1u);
        },
        UInt32(0u));
    CHECK(tj::to_vector(v) == std::vector<float>{1, 2, 0, 0});
}

TEST_CASE("side effects: frozen (a recording and 2 replays on fresh inputs) equal the plain calls") {
    FreezingOn on;
    StepA a;
    StepB b;
    for (Mode mode : all_modes)
        for (Case c : all_cases) {
            auto frozen = tj::freeze(run);
            for (int call = 0; call < 3; ++call) {
                size_t n = call == 0 ? 5 : call == 1 ? 5 : 37;
                std::string what = std::string("frozen, ") + mode_name(mode) + ", " + case_name(c) + ", call " +
                                   std::to_string(call);
                CAPTURE(what);
                std::vector<uint32_t> trips = fresh_trips(n, 900 + uint64_t(call) * 7 + uint64_t(c) * 31);
                std::vector<Stepper *> lanes = lanes_of(n, &a, &b);
                HostTargets init = host_initial(c, n);
                tj::Ptr<Stepper> ptrs(lanes);
                Results got = frozen(int(c), int(mode), UInt32(trips), Float(init.w), Int32(init.m), ptrs);
                Results plain = run(int(c), int(mode), UInt32(trips), Float(init.w), Int32(init.m), ptrs);
                check_same(what, got, plain);
                auto [t, acc] = reference(c, mode, trips, lanes);
                check_results(what, got, t, acc);
            }
            CHECK(stats_of(frozen).recordings == 1); // the first call records, the others (5 and 37 lanes) replay
            CHECK(stats_of(frozen).replays == 2);
        }
}

namespace {

/// Whole numbers in [-100, 100] as floats (their multiples below are exact).
std::vector<float> whole_floats(size_t n, uint64_t seed) {
    std::vector<int32_t> v = small_ints<int32_t>(n, seed, -100, 100);
    return std::vector<float>(v.begin(), v.end());
}

/// A loop that scatters into copies of arrays its body reads (N5 in docs/fuzzing.md): t = m (Float, m the state's
/// initial value and read in the body), tb = mb (Bool, mb the scatter's mask), tk = k (Int32, k the trip count).
std::tuple<Float, Bool, Int32, Float> scatter_into_copies(const Float &m, const Bool &mb, const Bool &xb0,
                                                          const Int32 &k) {
    UInt32 idx = tj::arange<UInt32>(m.size());
    Float t = m;
    Bool tb = mb, xb = xb0;
    Int32 tk = k;
    Float x = m;
    Int32 i = tj::zeros<Int32>(1);
    tj::while_loop(
        std::tie(x, xb, i), [&](const Float &, const Bool &, const Int32 &i) { return i < k; },
        [&](Float &x, Bool &xb, Int32 &i) {
            tj::scatter(t, x, idx);
            x = x + m;
            tj::scatter(tb, xb, idx, mb);
            xb = xb | mb;
            tj::scatter(tk, i * 10, idx);
            i += 1;
        });
    return {t, tb, tk, x};
}

} // namespace

// Found by tj_differential (N5 in docs/fuzzing.md): the body read m, and then scattered into t = m, a copy that shares
// m's variable: that was "the body read the target element-wise ... before this scatter", although the scatter copies
// t on write and m keeps its values. (Reading the array the scatter writes in place stays an error, below.)
TEST_CASE("side effects: a loop body that reads an array and scatters into a copy of it, plain and frozen") {
    auto check = [](const std::string &what, size_t n, uint64_t seed, const std::tuple<Float, Bool, Int32, Float> &got) {
        std::vector<float> m = whole_floats(n, seed);
        std::vector<int32_t> k = small_ints<int32_t>(n, seed + 1, -1, 4);
        std::vector<uint32_t> bits = small_ints<uint32_t>(n, seed + 2, 0, 3);
        std::vector<float> t(n), x(n);
        std::vector<bool> tb(n);
        std::vector<int32_t> tk(n);
        for (size_t l = 0; l < n; ++l) {
            bool mb = bits[l] & 1, xb = bits[l] & 2;
            int32_t trips = std::max(k[l], 0);
            t[l] = trips ? m[l] * float(trips) : m[l];
            x[l] = m[l] * float(trips + 1);
            tb[l] = mb && trips ? (trips == 1 ? xb : true) : mb;
            tk[l] = trips ? (trips - 1) * 10 : k[l];
        }
        check_exact(what + ": t", std::get<0>(got), t);
        std::vector<bool> got_tb = tj::to_vector(std::get<1>(got));
        CHECK_MESSAGE(got_tb == tb, what << ": tb");
        check_exact(what + ": tk", std::get<2>(got), tk);
        check_exact(what + ": x", std::get<3>(got), x);
    };
    auto inputs = [](size_t n, uint64_t seed) {
        std::vector<uint32_t> bits = small_ints<uint32_t>(n, seed + 2, 0, 3);
        std::vector<bool> mb(n), xb(n);
        for (size_t l = 0; l < n; ++l)
            mb[l] = bits[l] & 1, xb[l] = bits[l] & 2;
        return std::make_tuple(Float(whole_floats(n, seed)), Bool(mb), Bool(xb),
                               Int32(small_ints<int32_t>(n, seed + 1, -1, 4)));
    };
    {
        auto [m, mb, xb, k] = inputs(9, 40);
        check("plain", 9, 40, scatter_into_copies(m, mb, xb, k));
        auto [m2, mb2, xb2, k2] = inputs(9, 40); // the arrays copied keep their values
        check_same("plain: m", m, m2);
        check_same("plain: mb", mb, mb2);
        check_same("plain: k", k, k2);
    }
    FreezingOn on;
    auto frozen = tj::freeze(scatter_into_copies);
    for (int call = 0; call < 4; ++call) {
        size_t n = call < 2 ? 9 : call == 2 ? 17 : 37;
        uint64_t seed = 50 + uint64_t(call) * 3;
        std::string what = "frozen, call " + std::to_string(call);
        CAPTURE(what);
        auto [m, mb, xb, k] = inputs(n, seed);
        auto got = frozen(m, mb, xb, k);
        check_same(what, got, scatter_into_copies(m, mb, xb, k));
        check(what, n, seed, got);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("side effects: what cannot be ordered in a loop body or a dispatch case is a tj::Error naming why") {
    StepA a;
    tj::Ptr<Stepper> one(&a);
    SUBCASE("a scatter into the loop's own state") {
        Float w = tj::zeros<Float>(4);
        UInt32 k(0u);
        check_error(
            [&] {
                tj::while_loop(std::tie(k, w), [](const UInt32 &k, const Float &) { return k < 2u; },
                               [](UInt32 &k, Float &w) {
                                   tj::scatter(w, Float(1.f), k);
                                   k += 1u;
                               });
            },
            {"tj::scatter()", "state variable"});
    }
    SUBCASE("scatter_inc in a loop body and in a dispatch case") {
        UInt32 counter = tj::zeros<UInt32>(4), k(0u);
        check_error(
            [&] {
                tj::while_loop(std::tie(k), [](const UInt32 &k) { return k < 2u; },
                               [&](UInt32 &k) {
                                   (void)tj::scatter_inc(counter, k);
                                   k += 1u;
                               });
            },
            {"tj::scatter_inc()", "symbolic loop", "tj::dispatch case"});
        check_error([&] { tj::dispatch(one, [&](Stepper *, const UInt32 &k) { (void)tj::scatter_inc(counter, k); }, k); },
                    {"tj::scatter_inc()", "tj::dispatch case"});
    }
    SUBCASE("an array written in the body, then read element-wise or on the host there") {
        Float w = tj::zeros<Float>(4);
        UInt32 k(0u);
        Float acc(0.f);
        check_error(
            [&] {
                tj::while_loop(std::tie(k, acc), [](const UInt32 &k, const Float &) { return k < 2u; },
                               [&](UInt32 &k, Float &acc) {
                                   tj::scatter(w, Float(1.f), k);
                                   acc += w; // element-wise: the write has not run
                                   k += 1u;
                               });
            },
            {"scatter in the body", "tj::gather"});
        check_error(
            [&] {
                tj::while_loop(std::tie(k), [](const UInt32 &k) { return k < 2u; },
                               [&](UInt32 &k) {
                                   tj::scatter(w, Float(1.f), k);
                                   (void)w.read(0);
                                   k += 1u;
                               });
            },
            {"read()", "scatter in the body"});
        CHECK(tj::to_vector(w) == std::vector<float>{0, 0, 0, 0}); // the failed loops wrote nothing
    }
    SUBCASE("an array read element-wise in the body, then scattered into there") {
        Float w = tj::zeros<Float>(4);
        UInt32 k(0u);
        Float acc(0.f);
        check_error(
            [&] {
                tj::while_loop(std::tie(k, acc), [](const UInt32 &k, const Float &) { return k < 2u; },
                               [&](UInt32 &k, Float &acc) {
                                   acc += w; // would read the array as before the loop, whatever the body wrote
                                   tj::scatter(w, Float(1.f), k);
                                   k += 1u;
                               });
            },
            {"tj::scatter()", "element-wise", "tj::gather"});
        Float lit = tj::zeros<Float>(4); // a literal: the scatter would make it a buffer after the gather read it
        check_error(
            [&] {
                tj::while_loop(std::tie(k, acc), [](const UInt32 &k, const Float &) { return k < 2u; },
                               [&](UInt32 &k, Float &acc) {
                                   acc += tj::gather(lit, k);
                                   tj::scatter(lit, Float(1.f), k);
                                   k += 1u;
                               });
            },
            {"tj::scatter()", "element-wise"});
        check_error(
            [&] {
                tj::dispatch(
                    one,
                    [&](Stepper *, const UInt32 &k) {
                        UInt32 j(0u);
                        tj::while_loop(std::tie(j), [&](const UInt32 &j) { return j < k; },
                                       [&](UInt32 &j) { j += tj::cast<uint32_t>(w) + 1u; }); // element-wise read
                        tj::scatter(w, Float(1.f), k);
                    },
                    UInt32(std::vector<uint32_t>{0, 1, 2, 3}));
            },
            {"tj::scatter()", "element-wise"});
        CHECK(tj::to_vector(w) == std::vector<float>{0, 0, 0, 0});
    }
    SUBCASE("a gather, then a scatter into an array that another array shares") {
        Float w(std::vector<float>{1, 2, 3, 4});
        Float w2 = w; // gathers of w and of w2 are the same node: no copy can tell them apart
        UInt32 k(0u);
        Float acc(0.f);
        check_error(
            [&] {
                tj::while_loop(std::tie(k, acc), [](const UInt32 &k, const Float &) { return k < 2u; },
                               [&](UInt32 &k, Float &acc) {
                                   acc += tj::gather(w, k);
                                   tj::scatter(w, Float(9.f), k);
                                   k += 1u;
                               });
            },
            {"tj::scatter()", "shares its memory", "before the loop"});
        CHECK(tj::to_vector(w) == std::vector<float>{1, 2, 3, 4});
        CHECK(tj::to_vector(w2) == std::vector<float>{1, 2, 3, 4});
    }
    // The runtime works afterwards, and no loop is left open.
    CHECK(tj::detail::loop_depth() == 0);
    Float z = tj::zeros<Float>(2);
    tj::scatter(z, Float(5.f), UInt32(1u));
    CHECK(tj::to_vector(z) == std::vector<float>{0, 5});
}

namespace {

/// The elements of the counters that the nested if_stmt/dispatch cases scatter into (not the number of lanes).
constexpr uint32_t S = 5;

/// Objects of the nested if_stmt/dispatch cases. The one of weight 2 alone adds its weight into a counter array of
/// S elements: a second instance's scatter into the same target would flush the first one's and split the kernel
/// (docs/vcalls.md), and with 20 objects the dispatch is to stay one kernel in the sorted form.
struct Counter final : tj::Object {
    UInt32 weight;
    uint32_t hweight;
    explicit Counter(uint32_t w) : weight(tj::opaque<UInt32>(w)), hweight(w) {}
    bool counts() const { return hweight == 2; }
    /// Adds the weight at k % S (a scatter of the case, into the array the caller passed); k plus the weight.
    UInt32 hit(UInt32 &counts, const UInt32 &k) const {
        if (this->counts())
            tj::scatter_add(counts, weight, k % S);
        return k + weight;
    }
    /// A branch of its own, with `counts` in its state: where x > 0 adds the weight at k % S and returns k plus the
    /// weight, elsewhere adds 100 times the weight at (k + 1) % S and returns k.
    UInt32 branch(UInt32 &counts, const Float &x, const UInt32 &k) const {
        UInt32 out = k;
        tj::if_stmt(
            x > 0.f, std::tie(out, counts),
            [&](UInt32 &o, UInt32 &c) {
                if (this->counts())
                    tj::scatter_add(c, weight, k % S);
                o = o + weight;
            },
            [&](UInt32 &, UInt32 &c) {
                if (this->counts())
                    tj::scatter_add(c, weight * 100u, (k + 1u) % S);
            });
        return out;
    }
    TJ_OBJECT_FIELDS(weight)
};

/// `count` counters of weights 1, 2, 3, ... (20 of them: a sorted dispatch on the CPU, cpu_sorted_dispatch.h).
std::vector<std::unique_ptr<Counter>> make_counters(size_t count) {
    std::vector<std::unique_ptr<Counter>> out;
    for (size_t i = 0; i < count; ++i)
        out.push_back(std::make_unique<Counter>(uint32_t(i + 1)));
    return out;
}

/// Whether the CPU kernel that computes `root` runs its dispatch sorted (cpu_sorted_dispatch.h).
bool sorted_kernel(uint32_t root) {
    tj::KernelIR ir = tj::jit::assemble_for_inspection(&root, 1);
    return tj::cpu::plan_sorted(ir, unsigned(tj::cpu::host_target().vector_bits / 32)).has_value();
}

/// `n` lanes over the counters, about one in 5 null.
std::vector<Counter *> counter_lanes(const std::vector<std::unique_ptr<Counter>> &objs, size_t n, uint64_t seed) {
    Rng rng(seed);
    std::vector<Counter *> lanes(n);
    for (auto &p : lanes)
        p = rng.next() % 5 == 0 ? nullptr : objs[rng.next() % objs.size()].get();
    return lanes;
}

} // namespace

TEST_CASE("side effects: a dispatch in an if_stmt branch scatters into a state array of another size, masked") {
    // The branch's mask and the dispatch's lanes both mask the case's scatter: the lanes where x <= 0, and the null
    // lanes, add nothing there; the false branch adds 1000 where x <= 0. `counts` (S elements, the mask has n) is the
    // array both branches wrote, not merged per element (as Dr.Jit's test_if_stmt.py test11_side_effect_v2).
    for (size_t count : {size_t(3), size_t(20)}) {
        auto objs = make_counters(count);
        for (size_t n : {size_t(1), size_t(17), size_t(3001)}) {
            std::string what = std::to_string(count) + " objects, " + std::to_string(n) + " lanes";
            CAPTURE(what);
            std::vector<Counter *> lanes = counter_lanes(objs, n, 40 + n + count);
            std::vector<float> x = uniform_values<float>(n, 50 + n, -1, 1);
            std::vector<uint32_t> k = small_ints<uint32_t>(n, 60 + n, 0, 1000);
            tj::Ptr<Counter> ptrs(lanes);
            UInt32 ks(k), counts = tj::zeros<UInt32>(S), out = tj::arange<UInt32>(n);
            tj::if_stmt(
                Float(x) > 0.f, std::tie(out, counts),
                [&](UInt32 &o, UInt32 &c) {
                    o = tj::dispatch(
                        ptrs, [&](Counter *self, const UInt32 &k) { return self->hit(c, k); }, ks);
                },
                [&](UInt32 &, UInt32 &c) { tj::scatter_add(c, UInt32(1000u), ks % S); });
            if (n > 1000) // (20 objects: the lanes sorted by instance; 3: the cases one after the other)
                CHECK(sorted_kernel(out.index()) == (count >= tj::cpu::sorted_min_cases));
            std::vector<uint32_t> ec(S, 0), eo(n);
            for (size_t i = 0; i < n; ++i) {
                if (x[i] > 0.f) {
                    eo[i] = lanes[i] ? k[i] + lanes[i]->hweight : 0u;
                    if (lanes[i] && lanes[i]->counts())
                        ec[k[i] % S] += lanes[i]->hweight;
                } else {
                    eo[i] = uint32_t(i);
                    ec[k[i] % S] += 1000u;
                }
            }
            check_exact(what + ": counts", counts, ec);
            check_exact(what + ": results", out, eo);
        }
    }
}

TEST_CASE("side effects: an if_stmt in a dispatch case scatters into a state array of another size, masked") {
    // The scatters of each branch run for the case's lanes where the branch is taken, into the caller's counter of S
    // elements (in the branch's state: the array both branches wrote).
    for (size_t count : {size_t(3), size_t(20)}) {
        auto objs = make_counters(count);
        for (size_t n : {size_t(1), size_t(17), size_t(3001)}) {
            std::string what = std::to_string(count) + " objects, " + std::to_string(n) + " lanes";
            CAPTURE(what);
            std::vector<Counter *> lanes = counter_lanes(objs, n, 70 + n + count);
            std::vector<float> x = uniform_values<float>(n, 80 + n, -1, 1);
            std::vector<uint32_t> k = small_ints<uint32_t>(n, 90 + n, 0, 1000);
            UInt32 counts = tj::zeros<UInt32>(S);
            UInt32 out = tj::dispatch(
                tj::Ptr<Counter>(lanes),
                [&](Counter *self, const Float &x, const UInt32 &k) { return self->branch(counts, x, k); }, Float(x),
                UInt32(k));
            if (n > 1000)
                CHECK(sorted_kernel(out.index()) == (count >= tj::cpu::sorted_min_cases));
            std::vector<uint32_t> ec(S, 0), eo(n, 0);
            for (size_t i = 0; i < n; ++i) {
                if (!lanes[i])
                    continue;
                uint32_t w = lanes[i]->hweight, c = lanes[i]->counts() ? 1 : 0;
                if (x[i] > 0.f) {
                    ec[k[i] % S] += c * w;
                    eo[i] = k[i] + w;
                } else {
                    ec[(k[i] + 1) % S] += c * 100 * w;
                    eo[i] = k[i];
                }
            }
            check_exact(what + ": counts", counts, ec);
            check_exact(what + ": results", out, eo);
        }
    }
}
