// tests/conformance/test_while_loop_ad.cpp — Dr.Jit's tests/test_while_loop_ad.py ported: derivatives through loops
//
// The cases are ported from Dr.Jit's tests/test_while_loop_ad.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the
// C++ written anew. Dr.Jit's symbolic mode is tj::while_loop (its evaluated mode has no counterpart, nor has its
// `optimize` flag or `max_iterations=-1`: tracejit's loop derivative is exact for any number of iterations,
// docs/control-flow.md "Gradients"). Each case also runs on fresh random inputs. docs/conformance.md lists every test.
#include "conformance.h"

#include <cmath>
#include <tuple>
#include <vector>

using namespace conf;

// forward_to(j) is tj::forward from j's initial value, seeded with 1.1 by set_grad.
TEST_CASE("test_while_loop_ad.py test01_simple_diff_loop_fwd") {
    Int32 i(0);
    Float j(1.f);
    tj::enable_grad(j);
    tj::set_grad(j, 1.1f);
    Float j0 = j;
    tj::while_loop(std::tie(i, j), [](const Int32 &i, const Float &) { return i < 5; },
                   [](Int32 &i, Float &j) {
                       j = j * 2.f;
                       i += 1;
                   });
    tj::forward(j0);
    check_close("grad", tj::grad(j), {32.f * 1.1f});
    // Fresh random counts: the derivative of j * 2^n is 2^n.
    std::vector<uint32_t> n = tjtest::small_ints<uint32_t>(100, fresh_seed(), 0, 8);
    UInt32 k = tj::zeros<UInt32>(100), count(n);
    Float v = rand_f(100);
    tj::enable_grad(v);
    Float v0 = v;
    tj::while_loop(std::tie(k, v), [&](const UInt32 &k, const Float &) { return k < count; },
                   [](UInt32 &k, Float &v) {
                       v = v * 2.f;
                       k += 1u;
                   });
    tj::forward(v0);
    check_close("random", tj::grad(v), tjtest::map1(n, [](uint32_t e) { return float(1u << e); }));
}

// lvars[k] + lvars[k-1], with Python's lvars[-1] the last element.
TEST_CASE("test_while_loop_ad.py test02_complex_diff_loop_fwd") {
    Int32 i(0);
    std::vector<Float> l(10, Float(0.f));
    tj::enable_grad(l[5]);
    tj::set_grad(l[5], 1.f);
    Float seed = l[5];
    tj::while_loop(std::tie(i, l), [](const Int32 &i, const std::vector<Float> &) { return i < 3; },
                   [](Int32 &i, std::vector<Float> &l) {
                       std::vector<Float> n(10);
                       for (int k = 0; k < 10; ++k)
                           n[k] = l[k] + l[(k + 9) % 10];
                       l = n;
                       i += 1;
                   });
    tj::forward(seed);
    const float expect[10] = {0, 0, 0, 0, 0, 1, 3, 3, 1, 0};
    for (int k = 0; k < 10; ++k) {
        INFO("lvars[" << k << "]");
        check_eq("grad", tj::grad(l[k]), {expect[k]});
    }
}

namespace {

/// Dr.Jit's sum loop: y = sum of x**i for i < 10.
Float sum_loop(const Float &x) {
    Float y(0.f);
    UInt32 i(0u);
    tj::while_loop(std::tie(y, i), [](const Float &, const UInt32 &i) { return i < 10u; },
                   [&](Float &y, UInt32 &i) {
                       y += tj::pow(x, tj::cast<Float>(i));
                       i += 1u;
                   });
    return y;
}

/// d/dx of the sum of x**i for i < 10.
std::vector<float> sum_loop_slope(const std::vector<float> &x) {
    return tjtest::map1(x, [](float v) {
        double s = 0;
        for (int i = 1; i < 10; ++i)
            s += i * std::pow(double(v), i - 1);
        return float(s);
    });
}

/// The sum loop's derivative on fresh random inputs against the closed form, forward or reverse.
void check_sum_loop_random(bool forward) {
    std::vector<float> v = tjtest::uniform_values<float>(100, fresh_seed(), 0.1, 1);
    Float r(v);
    tj::enable_grad(r);
    Float s = sum_loop(r);
    if (forward)
        tj::forward(r);
    else
        tj::backward(s);
    check_close("random", forward ? tj::grad(s) : tj::grad(r), sum_loop_slope(v), 1e-4, 1e-4);
}

} // namespace

TEST_CASE("test_while_loop_ad.py test03_sum_loop_fwd") {
    Float x = tj::linspace<Float>(.25f, 1.f, 4);
    tj::enable_grad(x);
    Float y = sum_loop(x);
    tj::forward(x);
    check_close("y", y, {1.33333f, 1.99805f, 3.77475f, 10.f}, 1e-5, 1e-5);
    check_close("grad", tj::grad(y), {1.77773f, 3.95703f, 12.0956f, 45.f}, 1e-5, 1e-4);
    check_sum_loop_random(true);
}

// make_copy: Dr.Jit's Float(x) is a new AD node; here a copy through an operation (x + 0).
TEST_CASE("test_while_loop_ad.py test04_sum_loop_rev") {
    for (bool make_copy : {true, false}) {
        INFO("make_copy " << make_copy);
        Float x = tj::linspace<Float>(.25f, 1.f, 4);
        tj::enable_grad(x);
        Float xo = x;
        if (make_copy)
            x = x + 0.f;
        Float y = sum_loop(x);
        CHECK(tj::grad_enabled(y));
        tj::backward(y);
        check_close("y", y, {1.33333f, 1.99805f, 3.77475f, 10.f}, 1e-5, 1e-5);
        check_close("grad", tj::grad(xo), {1.77773f, 3.95703f, 12.0956f, 45.f}, 1e-5, 1e-4);
    }
    check_sum_loop_random(false);
}

// The values and derivatives of Dr.Jit's case; its kernel counts are of the evaluated mode, which tracejit lacks.
TEST_CASE("test_while_loop_ad.py test05_evaluated_ad_kernel_launch_count") {
    for (bool fwd : {true, false}) {
        INFO("direction " << (fwd ? "fwd" : "bwd"));
        Float x({2, 3, 4, 5});
        tj::enable_grad(x);
        Float x0 = x, y({1, 1, 1, 1});
        UInt32 i = tj::zeros<UInt32>(4);
        tj::while_loop(std::tie(x, y, i), [](const Float &, const Float &, const UInt32 &i) { return i < 50u; },
                       [](Float &x, Float &y, UInt32 &i) {
                           y = .5f * (y + x / y);
                           i += 1u;
                       });
        check_close("y", y, {std::sqrt(2.f), std::sqrt(3.f), 2.f, std::sqrt(5.f)});
        if (fwd) {
            tj::forward(x0);
            check_close("grad", tj::grad(y), {0.35355339f, 0.28867513f, 0.25f, 0.2236068f});
        } else {
            tj::backward(y);
            check_close("grad", tj::grad(x0), {0.35355339f, 0.28867513f, 0.25f, 0.2236068f});
        }
    }
}

// Differs by design: a body that gathers from an array with gradients enabled outside the loop is a tj::Error
// (docs/control-flow.md "Gradients": a gather's derivative is not per element), never a wrong gradient.
TEST_CASE("test_while_loop_ad.py test06_gather_in_loop_fwd") {
    Float x = tj::opaque<Float>(0.f, 3);
    tj::enable_grad(x);
    UInt32 i(0u);
    Float y = tj::zeros<Float>(1);
    std::string err = error_of([&] {
        tj::while_loop(std::tie(i, y), [](const UInt32 &i, const Float &) { return i < 3u; },
                       [&](UInt32 &i, Float &y) {
                           y += tj::gather<Float>(x, i) * tj::cast<Float>(i);
                           i += 1u;
                       });
    });
    INFO(err);
    CHECK(err.find("gathers from or scatters into an array with gradients enabled") != std::string::npos);
    // Without gradients on x the loop runs: 0*0 + 1*1 + 2*2 of x = [0, 1, 2].
    Float plain({0, 1, 2});
    UInt32 k(0u);
    Float s = tj::zeros<Float>(1);
    tj::while_loop(std::tie(k, s), [](const UInt32 &k, const Float &) { return k < 3u; },
                   [&](UInt32 &k, Float &s) {
                       s += tj::gather<Float>(plain, k) * tj::cast<Float>(k);
                       k += 1u;
                   });
    check_eq("s", s, {5.f});
}

// Differs by design, as test06 (nested loops).
TEST_CASE("test_while_loop_ad.py test07_gather_in_loop_fwd_nested") {
    Float x = tj::opaque<Float>(0.f, 3);
    tj::enable_grad(x);
    Float y = tj::zeros<Float>(3);
    UInt32 j = tj::zeros<UInt32>(3);
    std::string err = error_of([&] {
        tj::while_loop(std::tie(j, y), [](const UInt32 &j, const Float &) { return j < 2u; },
                       [&](UInt32 &j, Float &y) {
                           UInt32 i = tj::zeros<UInt32>(3);
                           tj::while_loop(std::tie(i, y), [](const UInt32 &i, const Float &) { return i < 3u; },
                                          [&](UInt32 &i, Float &y) {
                                              y += tj::gather<Float>(x, i) * tj::cast<Float>(i);
                                              i += 1u;
                                          });
                           j += 1u;
                       });
    });
    INFO(err);
    CHECK(!err.empty());
}

// Differs by design: a backward inside a loop body would scatter the gradient of the gather into x's gradient from
// the body; tracejit refuses it with a tj::Error.
TEST_CASE("test_while_loop_ad.py test08_bwd_in_loop") {
    Float x = tj::opaque<Float>(0.f, 3);
    tj::enable_grad(x);
    Float y = tj::gather<Float>(x, UInt32({2, 1, 0}));
    UInt32 i = tj::zeros<UInt32>(3);
    std::string err = error_of([&] {
        tj::while_loop(std::tie(i), [](const UInt32 &i) { return i < 2u; },
                       [&](UInt32 &i) {
                           tj::backward(2.f * tj::gather<Float>(y, UInt32({0, 1, 2})));
                           i += 1u;
                       });
    });
    INFO(err);
    CHECK(!err.empty());
}

// Dr.Jit only runs it; the port also checks the gradient: y_k = (10 - k) * l1 + sum(k..9), loss = mean(y^2),
// d loss / d l1 = mean(2 y_k (10 - k)) = 583 per step with l1 = 2, ten steps accumulate.
TEST_CASE("test_while_loop_ad.py test09_sum_loop_extra") {
    std::vector<Float> l{Float(1.f), Float(2.f)};
    tj::make_opaque(l[0]);
    tj::enable_grad(l[1]);
    for (int step = 0; step < 10; ++step) {
        Float y(0.f);
        UInt32 i = tj::arange<UInt32>(10);
        tj::make_opaque(i);
        tj::while_loop(std::tie(y, i), [](const Float &, const UInt32 &i) { return i < 10u; },
                       [&](Float &y, UInt32 &i) {
                           y += l[1] + tj::cast<Float>(i);
                           i += 1u;
                       });
        tj::backward(tj::mean(y * y));
    }
    check_close("grad", tj::grad(l[1]), {5830.f});
}

// Differs by design, as test06 (a reverse-mode gather from x inside the loop).
TEST_CASE("test_while_loop_ad.py test32_simple_loop") {
    UInt32 i(0u);
    Float x = tj::full<Float>(1.f, 10), q = tj::zeros<Float>(1);
    tj::enable_grad(x);
    std::string err = error_of([&] {
        tj::while_loop(std::tie(i, q), [](const UInt32 &i, const Float &) { return i < 10u; },
                       [&](UInt32 &i, Float &q) {
                           q += tj::gather<Float>(x, i);
                           i += 1u;
                       });
    });
    INFO(err);
    CHECK(err.find("gathers from or scatters into an array with gradients enabled") != std::string::npos);
}
