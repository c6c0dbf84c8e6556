// tests/runtime/test_freeze_grad.cpp — gradients and frozen functions: backward inside the body, and gradients
// across the frozen boundary (inputs and outputs with gradients, record and replay) against finite differences and
// the unfrozen function
#include "ad_check.h"
#include "freeze_check_calls.h"
#include "test_util.h"

#include <tracejit/control.h>

using namespace tjtest;

namespace {

/// d/dx of sum(sin(x)·x + 3x²·w) for a copy of x with gradients enabled; w only scales.
template <typename T> tj::Array<T> gradient_of(const tj::Array<T> &x, const tj::Array<T> &w) {
    tj::Array<T> v = x;
    tj::enable_grad(v);
    tj::Array<T> loss = tj::sin(v) * v + v * v * w * T(3);
    tj::backward(loss);
    return tj::detach(tj::grad(v));
}

} // namespace

TEST_CASE_TEMPLATE("freeze: backward inside the body gives the plain function's gradients", T, float, double) {
    check_frozen_matches_plain(
        "gradient", [](tj::Array<T> x, tj::Array<T> w) { return gradient_of(x, w); },
        [](size_t n, uint64_t seed) {
            return std::make_tuple(random_array<T>(n, seed), random_array<T>(n, seed + 1));
        });
}

TEST_CASE("freeze: a gradient step (value and gradient of a reduced loss) replays") {
    // Loss = sum((x - target)²); returns the loss and x moved against its gradient.
    auto step = [](const tj::Float &x, const tj::Float &target, const tj::Float &rate) {
        tj::Float v = x;
        tj::enable_grad(v);
        tj::Float loss = tj::sum((v - target) * (v - target));
        tj::backward(loss);
        return std::make_pair(tj::detach(loss), tj::detach(v - tj::grad(v) * rate));
    };
    auto frozen = tj::freeze(step);
    tj::Float rate = tj::opaque<tj::Float>(0.1f);
    for (size_t n : {size_t(7), size_t(1000), size_t(100003), size_t(64)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n), target = random_array<float>(n, n + 1);
        auto got = frozen(x, target, rate);
        auto expect = step(x, target, rate);
        check_close("loss", got.first, tj::to_vector(expect.first), 1e-5);
        check_same("moved", got.second, expect.second);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("freeze: gradients outside a frozen function are untouched by the backward inside it") {
    tj::Float a = random_array<float>(100, 1);
    tj::enable_grad(a);
    tj::Float outside = a * a; // a graph that stays pending outside
    auto frozen = tj::freeze([](const tj::Float &x) { return gradient_of(x, tj::Float(1.f)); });
    tj::Float x = random_array<float>(100, 2);
    check_same("inside", frozen(x), gradient_of(x, tj::Float(1.f)));
    check_same("inside, replayed", frozen(x * 2.f), gradient_of(tj::Float(x * 2.f), tj::Float(1.f)));
    tj::backward(outside);
    check_close("outside gradient", tj::grad(a), tj::to_vector(tj::detach(a) * 2.f), 1e-6);
}

// ---- Gradients across the frozen boundary (docs/freezing.md): inputs with gradients enabled outside, outputs
// that carry gradients, backward/forward started outside; the record call runs the body under AD, replays connect
// the outputs through one call node whose derivative is a recording of its own.

namespace {

struct Params {
    tj::Float w, b;
};
TJ_STRUCT(Params, w, b)

/// A small model's loss: mean((tanh(w·d + b) - d²)²) plus a little of w².
tj::Float model_loss(const Params &p, const tj::Float &data) {
    tj::Float y = tj::tanh(p.w * data + p.b) - data * data;
    return tj::mean(y * y) + tj::sum(p.w * p.w) * 0.01f;
}

/// Kernel lookups (hits and compilations) while `fn` runs: zero when everything it launches is replayed.
template <typename Fn> uint64_t lookups_during(Fn &&fn) {
    tj::KernelStats before = tj::kernel_stats();
    fn();
    tj::KernelStats after = tj::kernel_stats();
    return after.memory_hits + after.disk_hits + after.misses - before.memory_hits - before.disk_hits - before.misses;
}

} // namespace

TEST_CASE("freeze grad: the freezing guide's example — backward inside, gradients reach x on every call") {
    auto func = tj::freeze([](const tj::Float &y) {
        tj::Float loss = tj::mean(y);
        tj::backward(loss);
    });
    tj::Float x = tj::arange<tj::Float>(3);
    tj::enable_grad(x);
    tj::Float y = x * x;
    func(y); // records: d mean(x²)/dx = 2x/3
    check_close("after the recording call", tj::grad(x), std::vector<float>{0.f, 2.f / 3, 4.f / 3}, 1e-6);
    y = x * 2.f;
    func(y); // replays; accumulates 2/3
    check_close("after a replay", tj::grad(x), std::vector<float>{2.f / 3, 4.f / 3, 2.f}, 1e-6);
    y = x * x * x;
    func(y); // replays: 3x²/3 = x² more
    check_close("after a second replay", tj::grad(x), std::vector<float>{2.f / 3, 7.f / 3, 6.f}, 1e-6);
    CHECK(stats_of(func).recordings == 1);
    CHECK(stats_of(func).replays == 2);
}

TEST_CASE("freeze grad: a frozen loss in a gradient-descent loop gives the unfrozen gradients, one recording") {
    auto frozen = tj::freeze(model_loss);
    for (size_t n : {size_t(1000), size_t(37)}) {
        CAPTURE(n);
        Params p{random_array<float>(n, 1) * 0.1f, random_array<float>(n, 2) * 0.1f};
        Params q{p.w, p.b}; // the same parameters, unfrozen
        for (int it = 0; it < 6; ++it) {
            CAPTURE(it);
            tj::Float data = random_array<float>(n, 100 + it) * 0.1f;
            tj::enable_grad(p.w, p.b);
            tj::enable_grad(q.w, q.b);
            tj::Float loss = frozen(p, data);
            tj::Float expect_loss = model_loss(q, data);
            CHECK(tj::grad_enabled(loss));
            tj::backward(loss);
            tj::backward(expect_loss);
            check_close("loss", tj::detach(loss), tj::to_vector(tj::detach(expect_loss)), 1e-5);
            check_close("dL/dw", tj::grad(p.w), tj::to_vector(tj::grad(q.w)), 1e-5);
            check_close("dL/db", tj::grad(p.b), tj::to_vector(tj::grad(q.b)), 1e-5);
            p = {tj::detach(p.w - tj::grad(p.w) * 0.5f), tj::detach(p.b - tj::grad(p.b) * 0.5f)};
            q = {tj::detach(q.w - tj::grad(q.w) * 0.5f), tj::detach(q.b - tj::grad(q.b) * 0.5f)};
            tj::eval(p.w, p.b, q.w, q.b);
        }
    }
    CHECK(stats_of(frozen).recordings == 1); // sizes are not in the key: the second size replays too
    CHECK(stats_of(frozen).replays == 11);
}

TEST_CASE("freeze grad: a replayed step launches recorded kernels only, for the value and the gradient") {
    auto frozen = tj::freeze(model_loss);
    Params p{random_array<float>(500, 3), random_array<float>(500, 4)};
    tj::Float data = random_array<float>(500, 5);
    for (int it = 0; it < 3; ++it) {
        CAPTURE(it);
        Params q{tj::Float(p.w), tj::Float(p.b)};
        tj::enable_grad(q.w, q.b);
        uint64_t lookups = lookups_during([&] {
            tj::Float loss = frozen(q, data);
            tj::backward(loss);
        });
        if (it > 0) // the first call records (and traces the derivative once)
            CHECK_MESSAGE(lookups == 0, "a replay and its backward looked up " << lookups << " kernels");
        tj::eval(tj::grad(q.w), tj::grad(q.b));
    }
    CHECK(stats_of(frozen).recordings == 1);
}

TEST_CASE_TEMPLATE("freeze grad: elementwise, reductions, gathers and scatters against finite differences", T, double,
                   float) {
    using A = tj::Array<T>;
    auto body = [](const A &x, const A &y) {
        A z = tj::sin(x) * y + x * x / (y * y + T(1));
        tj::UInt32 idx = tj::arange<tj::UInt32>(x.size()) / 2u; // each element read twice
        A g = tj::gather<A>(z, idx);
        A acc = tj::zeros<A>(x.size());
        tj::scatter_add(acc, g * y, tj::arange<tj::UInt32>(x.size()));
        return acc + tj::sum(z) * T(0.01) + tj::gather<A>(tj::block_sum(x * y, 2), idx);
    };
    auto frozen = tj::freeze(body);
    auto f = [&](const std::vector<A> &xs) { return frozen(xs[0], xs[1]); };
    std::vector<std::vector<T>> typed = {random_vector<T>(10, 11, -2, 2), random_vector<T>(10, 12, -2, 2)};
    check_derivatives<T>("frozen elementwise/gather/scatter_add/sum", f, typed);
    CHECK(stats_of(frozen).replays > 0);
}

TEST_CASE("freeze grad: symbolic loops and branches inside, both modes against finite differences") {
    using tj::Float64;
    auto body = [](const Float64 &x0, const Float64 &a, const tj::Int32 &k) {
        Float64 x = x0, aa = a;
        tj::Int32 i = tj::zeros<tj::Int32>(x.size());
        tj::while_loop(
            std::tie(x, i, aa), [&](const Float64 &, const tj::Int32 &i, const Float64 &) { return i < k; },
            [](Float64 &x, tj::Int32 &i, Float64 &a) {
                tj::if_stmt(
                    x > 0.0, std::tie(x), [&](Float64 &x) { x = x * a; }, [&](Float64 &x) { x = x + 0.1 * x * x; });
                i += 1;
            });
        return x;
    };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(12), size_t(30)}) {
        CAPTURE(n);
        tj::Int32 k(small_ints<int32_t>(n, uint64_t(n), 1, 4));
        auto f = [&](const std::vector<Float64> &xs) { return frozen(xs[0], xs[1], k); };
        std::vector<std::vector<double>> in = {random_vector<double>(n, 21 + n, -1, 1),
                                               random_vector<double>(n, 22 + n, 0.5, 1.1)};
        check_derivatives<double>("frozen while_loop with if_stmt", f, in);
    }
    CHECK(stats_of(frozen).replays > 0);
}

TEST_CASE("freeze grad: several outputs, seeds and forward mode equal the unfrozen function on random inputs") {
    // Two outputs that share work, one input without gradients, one input the body returns as is.
    auto body = [](const tj::Float &x, const tj::Float &y, const tj::Float &c) {
        tj::Float s = tj::exp(x * 0.3f) * y;
        return std::make_tuple(s * c, tj::sum(s * s), y);
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 300;
    for (size_t n : {size_t(5), size_t(64), size_t(1000), size_t(3)}) {
        for (int repeat = 0; repeat < 2; ++repeat) {
            CAPTURE(n);
            CAPTURE(repeat);
            tj::Float x0 = random_array<float>(n, seed++) * 0.2f, y0 = random_array<float>(n, seed++) * 0.2f;
            tj::Float c = random_array<float>(n, seed++), w = random_array<float>(n, seed++);
            std::vector<float> got[4], expect[4];
            for (int frozen_call = 0; frozen_call < 2; ++frozen_call) {
                std::vector<float> *out = frozen_call ? got : expect;
                // Reverse: seeds on two outputs at once (a retained graph), one traversal from their combination.
                tj::Float x = x0, y = y0;
                tj::enable_grad(x, y);
                auto [a, s, yy] = frozen_call ? frozen(x, y, c) : body(x, y, c);
                CHECK(tj::grad_enabled(a));
                CHECK(tj::grad_enabled(yy));
                tj::backward(tj::sum(a * w) + s * 0.5f + tj::sum(yy));
                out[0] = tj::to_vector(tj::grad(x));
                out[1] = tj::to_vector(tj::grad(y));
                // Forward from y, seeded.
                tj::Float x2 = x0, y2 = y0;
                tj::enable_grad(x2, y2);
                auto [a2, s2, yy2] = frozen_call ? frozen(x2, y2, c) : body(x2, y2, c);
                tj::set_grad(y2, w);
                tj::forward(y2);
                out[2] = tj::to_vector(tj::grad(a2));
                out[3] = tj::to_vector(tj::grad(s2));
            }
            const char *names[] = {"backward d/dx", "backward d/dy", "forward a'", "forward s'"};
            for (int i = 0; i < 4; ++i)
                check_close(names[i], tj::Float(got[i]), expect[i], 2e-5);
        }
    }
    CHECK(stats_of(frozen).recordings == 1);
}

TEST_CASE("freeze grad: inputs without gradients and outputs without them keep working, and keys differ") {
    auto frozen = tj::freeze([](const tj::Float &x) { return x * x; });
    tj::Float x = random_array<float>(100, 1);
    check_same("no gradients", frozen(x), x * x);
    tj::Float t = x;
    tj::enable_grad(t);
    tj::Float y = frozen(t);
    tj::backward(tj::sum(y));
    check_close("with gradients (records: another key)", tj::grad(t), tj::to_vector(x * 2.f), 1e-6);
    tj::Float t2 = x * 3.f;
    tj::enable_grad(t2);
    tj::Float y2 = frozen(t2);
    tj::backward(tj::sum(y2));
    check_close("with gradients, replayed", tj::grad(t2), tj::to_vector(x * 6.f), 1e-5);
    check_same("no gradients, replayed", frozen(x + 1.f), (x + 1.f) * (x + 1.f));
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze grad: an output with gradients enabled inside the body keeps them, replayed too") {
    auto frozen = tj::freeze([](const tj::Float &x) {
        tj::Float y = x;
        tj::enable_grad(y);
        return y * y;
    });
    for (int i = 0; i < 3; ++i) {
        tj::Float x = random_array<float>(50, uint64_t(i));
        tj::Float z = frozen(x);
        CHECK(tj::grad_enabled(z));
        check_same("value", tj::detach(z), x * x);
        tj::backward(z); // reaches nothing outside: as unfrozen
    }
    CHECK(stats_of(frozen).recordings == 1);
}

TEST_CASE("freeze grad: an array with gradients that is not an input is a FreezeError naming the function") {
    tj::Float w(2.f); // a literal: no buffer, so only the AD graph shows that the body used it
    tj::enable_grad(w);
    auto uses = tj::freeze([&](const tj::Float &x) { return x * w; }, tj::FreezeOptions{.name = "uses_w"});
    tj::Float x = random_array<float>(10, 1);
    std::string message = tj_test::error_of([&] { uses(x); });
    CHECK_MESSAGE(tj_test::contains(message, "uses_w"), message);
    CHECK_MESSAGE(tj_test::contains(message, "not an input"), message);
    auto reaches =
        tj::freeze([&](const tj::Float &x) { tj::backward(tj::sum(x * w)); }, tj::FreezeOptions{.name = "reaches_w"});
    message = tj_test::error_of([&] { reaches(x); });
    CHECK_MESSAGE(tj_test::contains(message, "reaches_w"), message);
    CHECK_MESSAGE(tj_test::contains(message, "not one of its inputs"), message);
}

namespace {
/// A rule that is not the derivative (3 for 2·x): only the custom rule could give it.
struct DoubleWithOwnRule : tj::CustomOp<tj::Float(tj::Float)> {
    tj::Float eval(const tj::Float &x) override { return x * 2.f; }
    void backward() override { set_grad_in<0>(grad_out() * 3.f); }
};
} // namespace

TEST_CASE("freeze grad: gradients from outside that would cross a custom operation are a FreezeError") {
    auto frozen = tj::freeze([](const tj::Float &x) { return tj::custom<DoubleWithOwnRule>(x) + x; },
                             tj::FreezeOptions{.name = "has_custom"});
    tj::Float x = random_array<float>(10, 3);
    tj::enable_grad(x);
    std::string message = tj_test::error_of([&] { frozen(x); });
    CHECK_MESSAGE(tj_test::contains(message, "has_custom"), message);
    CHECK_MESSAGE(tj_test::contains(message, "custom operation"), message);
    CHECK_MESSAGE(tj_test::contains(message, "'DoubleWithOwnRule'"), message); // a call node's name: the operation
    tj::Float plain = random_array<float>(10, 4); // without gradients from outside it records as usual
    check_same("value", frozen(plain), plain * 3.f);
}

TEST_CASE("freeze grad: an output computed from another output gets the unfrozen gradient from it") {
    auto body = [](const tj::Float &x) {
        tj::Float u = tj::sin(x) * x;
        return std::make_pair(u, u * u + x);
    };
    auto frozen = tj::freeze(body);
    for (int call = 0; call < 3; ++call) {
        CAPTURE(call);
        tj::Float x0 = random_array<float>(20 + 5 * size_t(call), uint64_t(40 + call)) * 0.1f;
        std::vector<float> got[3], expect[3];
        for (int use_frozen = 0; use_frozen < 2; ++use_frozen) {
            std::vector<float> *out = use_frozen ? got : expect;
            tj::Float x = x0;
            tj::enable_grad(x);
            auto [u, v] = use_frozen ? frozen(x) : body(x);
            tj::backward(tj::sum(v)); // reaches u only through v
            out[0] = tj::to_vector(tj::grad(u));
            out[1] = tj::to_vector(tj::grad(x));
            tj::Float x2 = x0;
            tj::enable_grad(x2);
            auto [u2, v2] = use_frozen ? frozen(x2) : body(x2);
            tj::forward(x2);
            out[2] = tj::to_vector(tj::grad(v2));
        }
        check_close("grad(u) through v", tj::Float(got[0]), expect[0], 1e-5);
        check_close("grad(x)", tj::Float(got[1]), expect[1], 1e-5);
        check_close("forward: grad(v)", tj::Float(got[2]), expect[2], 1e-5);
    }
    CHECK(stats_of(frozen).recordings == 1);
}

TEST_CASE("freeze grad: aliased inputs, a literal input, a broadcast width-1 input, a retained graph") {
    auto body = [](const tj::Float &x, const tj::Float &y, const tj::Float &s, const tj::Float &k) {
        return tj::sum(x * y * s + tj::cos(x) * k); // s: width 1 against width n; k: a literal
    };
    auto frozen = tj::freeze(body);
    for (int call = 0; call < 4; ++call) {
        CAPTURE(call);
        size_t n = 10 + size_t(call) * 7;
        tj::Float x0 = random_array<float>(n, uint64_t(60 + call)) * 0.1f;
        tj::Float s0 = random_array<float>(1, uint64_t(70 + call));
        std::vector<float> got[3], expect[3];
        for (int use_frozen = 0; use_frozen < 2; ++use_frozen) {
            std::vector<float> *out = use_frozen ? got : expect;
            tj::Float x = x0, s = s0, k(0.5f);
            tj::enable_grad(x, s, k);
            tj::Float l = use_frozen ? frozen(x, x, s, k) : body(x, x, s, k); // x passed twice
            tj::backward(l, false);
            tj::backward(l, false); // the retained graph: a second traversal adds the same again
            out[0] = tj::to_vector(tj::grad(x));
            out[1] = tj::to_vector(tj::grad(s));
            out[2] = tj::to_vector(tj::grad(k));
        }
        check_close("d/dx (aliased)", tj::Float(got[0]), expect[0], 1e-5);
        check_close("d/ds (width 1)", tj::Float(got[1]), expect[1], 1e-5);
        check_close("d/dk (literal)", tj::Float(got[2]), expect[2], 1e-5);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}
