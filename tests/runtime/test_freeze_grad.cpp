// tests/runtime/test_freeze_grad.cpp — backward inside a frozen function: replayed gradients equal the plain
// function's on new random inputs
#include "freeze_check_calls.h"

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
