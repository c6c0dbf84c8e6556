// tests/conformance/test_autodiff.cpp — Dr.Jit's tests/test_autodiff.py (first cases) ported to tracejit's AD
//
// The cases are ported from Dr.Jit's tests/test_autodiff.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the
// C++ written anew. docs/conformance.md lists every Dr.Jit test with its status.
#include "conformance.h"

#include <array>
#include <cmath>
#include <string>
#include <vector>

using namespace conf;

TEST_CASE("test_autodiff.py test006_add_bwd") {
    Float a(1.f), b(2.f);
    tj::enable_grad(a, b);
    tj::backward(2.f * a + b);
    CHECK(tj::grad(a).read(0) == 2.f);
    CHECK(tj::grad(b).read(0) == 1.f);
}

TEST_CASE("test_autodiff.py test007_add_fwd") {
    Float a(1.f), b(2.f);
    tj::enable_grad(a, b);
    Float c = 2.f * a + b;
    tj::forward(a, false);
    CHECK(tj::grad(c).read(0) == 2.f);
    tj::set_grad(c, 101.f);
    tj::forward(b);
    CHECK(tj::grad(c).read(0) == 102.f);
}

TEST_CASE("test_autodiff.py test008_branch_fwd") {
    Float a(1.f);
    tj::enable_grad(a);
    Float d;
    {
        Float b = a + 1.f, c = a + 1.f;
        d = b + c;
    }
    tj::forward(a);
    CHECK(tj::grad(d).read(0) == 2.f);
}

// The tuple, dict and DRJIT_STRUCT forms of enable_grad/grad_enabled take containers in Dr.Jit; tj::enable_grad is
// variadic over arrays and tj::grad_enabled takes one array (each element is enabled and checked). Integer arrays:
// tj::enable_grad throws (docs/autodiff.md, API) where Dr.Jit ignores them.
TEST_CASE("test_autodiff.py test001_enable_grad") {
    Float a(1.f);
    CHECK(!tj::grad_enabled(a));
    tj::enable_grad(a);
    CHECK(tj::grad_enabled(a));
    Float b0(1.f), b1(2.f), b2(3.f);
    CHECK((!tj::grad_enabled(b0) && !tj::grad_enabled(b1) && !tj::grad_enabled(b2)));
    tj::enable_grad(b0, b1, b2);
    CHECK((tj::grad_enabled(b0) && tj::grad_enabled(b1) && tj::grad_enabled(b2)));
    UInt32 u(1u);
    CHECK(!error_of([&] { tj::enable_grad(u); }).empty());
}

// preserve_type has no counterpart (tj::detach keeps the type; arrays carry no separate detached type).
TEST_CASE("test_autodiff.py test002_detach") {
    Float a(1.f);
    tj::enable_grad(a);
    Float c = tj::detach(a);
    CHECK(tj::grad_enabled(a));
    CHECK(!tj::grad_enabled(c));
    check_eq("c", c, {1.f});
}

// Differs by design (docs/autodiff.md, API): set_grad on an array without gradients and a gradient of another size
// throw tj::Error (Dr.Jit ignores the first; for a width-1 array it sums the second).
TEST_CASE("test_autodiff.py test003_set_grad") {
    Float a({1, 2, 3});
    CHECK(!error_of([&] { tj::set_grad(a, 2.f); }).empty()); // Dr.Jit: ignored
    check_eq("no grad", tj::grad(a), {0.f, 0.f, 0.f});
    tj::enable_grad(a);
    check_eq("enabled", tj::grad(a), {0.f, 0.f, 0.f});
    tj::set_grad(a, 2.f);
    check_eq("2", tj::grad(a), {2.f, 2.f, 2.f});
    tj::set_grad(a, Float({3, 4, 5}));
    check_eq("345", tj::grad(a), {3.f, 4.f, 5.f});
    CHECK(!error_of([&] { tj::set_grad(a, Float({1, 2})); }).empty());
    Float w(1.f);
    tj::enable_grad(w);
    CHECK(!error_of([&] { tj::set_grad(w, Float({3, 4, 5})); }).empty()); // Dr.Jit: 3 + 4 + 5
}

TEST_CASE("test_autodiff.py test004_accum_grad") {
    Float a({1, 2, 3});
    CHECK(!error_of([&] { tj::accum_grad(a, 2.f); }).empty()); // Dr.Jit: ignored
    tj::enable_grad(a);
    tj::accum_grad(a, 2.f);
    check_eq("2", tj::grad(a), {2.f, 2.f, 2.f});
    tj::accum_grad(a, 2.f);
    check_eq("4", tj::grad(a), {4.f, 4.f, 4.f});
    Float w(1.f);
    tj::enable_grad(w);
    CHECK(!error_of([&] { tj::accum_grad(w, Float({1, 2, 3})); }).empty()); // Dr.Jit: 6
}

TEST_CASE("test_autodiff.py test009_branch_ref") {
    Float a(1.f);
    tj::enable_grad(a);
    Float d;
    {
        Float b = a + 1.f, c = a + 1.f;
        d = b + c;
    }
    tj::backward(d);
    CHECK(tj::grad(a).read(0) == 2.f);
}

// forward_to(b, c, d) is tj::forward(a) and grad() of each. Differs by design: the start keeps its seed (grad(a) is 1,
// Dr.Jit 0; docs/autodiff.md "Which gradients you see after a traversal"); a detached array's gradient reads as
// zeros, no error (docs/autodiff.md, API).
TEST_CASE("test_autodiff.py test010_forward_to") {
    Float a(1.f);
    tj::enable_grad(a);
    Float b = a * a * 2.f, c = a * 2.f;
    tj::set_grad(a, 1.f);
    Float d(4.f);
    tj::forward(a);
    check_close("grad a", tj::grad(a), {1.f}); // Dr.Jit: 0
    check_close("grad b", tj::grad(b), {4.f});
    check_close("grad c", tj::grad(c), {2.f});
    check_close("grad d", tj::grad(d), {0.f});
    CHECK(!error_of([] { tj::forward(Float(1.f)); }).empty()); // 'argument does not depend on the input'
}

// Differs by design as test010 (grad(a) keeps the seed). ClearInterior / ClearEdges: free_graph = false keeps the
// graph for a second traversal (the gradient of the interior b is reset, not accumulated: docs/autodiff.md
// "Which gradients you see after a traversal"; Dr.Jit: 8), free_graph = true releases it (a third traversal reaches
// nothing).
TEST_CASE("test_autodiff.py test011_forward_from") {
    Float a(1.f);
    CHECK(!error_of([&] { tj::forward(a); }).empty());
    tj::enable_grad(a);
    Float b = a * a * 2.f;
    tj::forward(a);
    check_close("grad a", tj::grad(a), {1.f}); // Dr.Jit: 0
    check_close("grad b", tj::grad(b), {4.f});
    b = a * a * 2.f;
    tj::forward(a, false);
    check_close("grad b, kept graph", tj::grad(b), {4.f});
    tj::forward(a, true);
    check_close("grad b, again", tj::grad(b), {4.f}); // Dr.Jit (ClearInterior then ClearEdges): 8
    tj::forward(a, true);
    check_close("grad a, edges cleared", tj::grad(a), {1.f});
}

// backward_to(a) is set_grad(c) + tj::backward(c). Differs by design: the traversal reaches b too (grad(b) = 2,
// Dr.Jit 0: backward_to only keeps the listed inputs) and c keeps its seed (docs/autodiff.md "Which gradients you
// see after a traversal"); the leaves accumulate as in Dr.Jit.
TEST_CASE("test_autodiff.py test012_backward_to") {
    Float a(1.f), b(3.f);
    CHECK(!error_of([&] { tj::backward(a); }).empty());
    tj::enable_grad(a, b);
    Float c = a * b * 2.f;
    tj::set_grad(c, 1.f);
    tj::backward(c, false);
    check_close("grad a", tj::grad(a), {6.f});
    check_close("grad b", tj::grad(b), {2.f}); // Dr.Jit: 0 (only a is a target)
    tj::set_grad(c, 1.f);
    tj::backward(c);
    check_close("grad a accumulates", tj::grad(a), {12.f});
    check_close("grad b", tj::grad(b), {4.f}); // Dr.Jit: 2
}

// The Array3f part is three uses of a (the sum of its components' gradients). grad(b) keeps its seed (1, Dr.Jit 0;
// docs/autodiff.md "Which gradients you see after a traversal").
TEST_CASE("test_autodiff.py test013_backward_from") {
    Float a(1.f);
    CHECK(!error_of([&] { tj::backward(a); }).empty());
    tj::enable_grad(a);
    Float b = a * a * 2.f;
    tj::backward(b);
    check_close("grad a", tj::grad(a), {4.f});
    check_close("grad b", tj::grad(b), {1.f}); // Dr.Jit: 0
    Float a2(1.f);
    tj::enable_grad(a2);
    std::array<Float, 3> c{a2 * 1.f, a2 * 1.f, a2 * 1.f};
    for (Float &x : c)
        tj::set_grad(x, 1.f);
    tj::enqueue(tj::ADMode::Backward, c[0], c[1], c[2]);
    tj::traverse(tj::ADMode::Backward);
    check_close("grad a2", tj::grad(a2), {3.f});
}

// forward_to(v, ClearInterior) per output: here tj::forward from the three seeded leaves with the graph kept, then
// grad of each output (one traversal gives all three, as Dr.Jit's three).
TEST_CASE("test_autodiff.py test014_forward_to_reuse") {
    Float a(1.f), b(2.f), c(3.f);
    tj::enable_grad(a, b, c);
    Float d = a + b, e = a + c, f = b + c;
    Float g = d * d, h = e * e, i = f * f;
    for (int k = 0; k < 2; ++k) {
        tj::set_grad(a, 10.f);
        tj::set_grad(b, 100.f);
        tj::set_grad(c, 1000.f);
        tj::enqueue(tj::ADMode::Forward, a, b, c);
        tj::traverse(tj::ADMode::Forward, false);
        check_eq("values", g + h * 0.f, {9.f});
        check_close("grad g", tj::grad(g), {660.f});
        check_close("grad h", tj::grad(h), {8080.f});
        check_close("grad i", tj::grad(i), {11000.f});
    }
}

// backward_to(v, ClearInterior) per input: one traversal from the three seeded outputs with the graph kept; the
// leaves accumulate over the two rounds (Dr.Jit clears them between calls with set_grad(v, t())).
TEST_CASE("test_autodiff.py test015_backward_to_reuse") {
    Float a(1.f), b(2.f), c(3.f);
    tj::enable_grad(a, b, c);
    Float d = a + b, e = a + c, f = b + c;
    Float g = d * d, h = e * e, i = f * f;
    for (int k = 1; k <= 2; ++k) {
        tj::set_grad(g, 10.f);
        tj::set_grad(h, 100.f);
        tj::set_grad(i, 1000.f);
        tj::enqueue(tj::ADMode::Backward, g, h, i);
        tj::traverse(tj::ADMode::Backward, false);
        check_close("grad a", tj::grad(a), {860.f * k});
        check_close("grad b", tj::grad(b), {10060.f * k});
        check_close("grad c", tj::grad(c), {10800.f * k});
    }
}

namespace {
Float mixed_precision(const Float &a) {
    Float b = tj::sin(a);
    Float64 c = tj::sin(tj::cast<double>(a));
    Float64 d = tj::cast<double>(tj::cast<float>(tj::cast<double>(a)));
    return b + tj::cast<float>(c) + tj::cast<float>(d) + a; // (Dr.Jit promotes to Float64)
}
} // namespace

TEST_CASE("test_autodiff.py test016_mixed_precision_bwd") {
    Float a(1.f);
    tj::enable_grad(a);
    tj::backward(mixed_precision(a));
    check_close("grad a", tj::grad(a), {float(std::cos(1.0) * 2 + 2)});
}

TEST_CASE("test_autodiff.py test017_mixed_precision_fwd") {
    Float a(1.f);
    tj::enable_grad(a);
    Float e = mixed_precision(a);
    tj::forward(a);
    check_close("grad e", tj::grad(e), {float(std::cos(1.0) * 2 + 2)});
}

TEST_CASE("test_autodiff.py test018_select_fwd") {
    Float a(1.f), b(2.f);
    tj::enable_grad(a, b);
    tj::set_grad(a, 3.f);
    tj::set_grad(b, 4.f);
    Float c = tj::select(Bool({true, false}), a, b);
    tj::enqueue(tj::ADMode::Forward, a, b);
    tj::traverse(tj::ADMode::Forward);
    check_close("c", c, {1.f, 2.f});
    check_close("gc", tj::grad(c), {3.f, 4.f});
}

// dr.isnan(g) is g != g. Differs by design in reverse mode for i = 0: the NaN derivative weight of the branch not
// taken still poisons the gradient (0 * NaN, docs/autodiff.md "Pitfalls"), so g is NaN where Dr.Jit gives 1; forward
// mode gives 1 as Dr.Jit; for i = 1 (the NaN branch taken) both give NaN.
TEST_CASE("test_autodiff.py test019_nan_propagation") {
    for (bool fwd : {false, true})
        for (int i = 0; i < 2; ++i) {
            INFO("fwd " << fwd << ", i " << i);
            Float x = tj::arange<Float>(10);
            tj::enable_grad(x);
            Float f0(0.f);
            Float y = tj::select(x < float(i == 0 ? 20 : 0), x, x * (f0 / f0));
            Float g;
            if (fwd) {
                tj::forward(x);
                g = tj::grad(y);
            } else {
                tj::backward(y);
                g = tj::grad(x);
            }
            if (i == 0 && fwd)
                check_close("g", g, Float(1.f));
            else
                CHECK(tj::all(g != g).read(0)); // backward, i = 0: Dr.Jit 1
        }
}

TEST_CASE("test_autodiff.py test021_sum_0_bwd") {
    Float x = tj::linspace<Float>(0.f, 1.f, 10);
    tj::enable_grad(x);
    Float y = tj::sum(x * x);
    tj::backward(y);
    CHECK(y.size() == 1);
    check_close("y", y, {95.f / 27.f});
    check_close("grad x", tj::grad(x), 2.f * tj::detach(x));
}

TEST_CASE("test_autodiff.py test022_sum_0_fwd") {
    Float x = tj::linspace<Float>(0.f, 1.f, 10);
    tj::enable_grad(x);
    Float y = tj::sum(x * x);
    tj::forward(x);
    CHECK(y.size() == 1);
    check_close("y", tj::detach(y), {95.f / 27.f});
    CHECK(tj::grad(y).size() == 1);
    check_close("grad y", tj::grad(y), {10.f});
}

TEST_CASE("test_autodiff.py test023_sum_1_bwd") {
    Float x = tj::linspace<Float>(0.f, 1.f, 9);
    tj::enable_grad(x);
    tj::backward(tj::sum(tj::sum(x) * x));
    check_close("grad x", tj::grad(x), Float(9.f));
}

TEST_CASE("test_autodiff.py test024_sum_1_fwd") {
    Float x = tj::linspace<Float>(0.f, 1.f, 9);
    tj::enable_grad(x);
    Float y = tj::sum(tj::sum(x) * x);
    tj::forward(x);
    check_close("grad y", tj::grad(y), {81.f});
}

TEST_CASE("test_autodiff.py test025_sum_2_bwd") {
    Float x = tj::linspace<Float>(0.f, 1.f, 9);
    tj::enable_grad(x);
    tj::backward(tj::sum(tj::sum(x * x) * x * x));
    check_close("grad x", tj::grad(x),
                {0.f, 1.59375f, 3.1875f, 4.78125f, 6.375f, 7.96875f, 9.5625f, 11.1562f, 12.75f}, 1e-5, 1e-4);
}

TEST_CASE("test_autodiff.py test026_sum_2_fwd") {
    Float x = tj::linspace<Float>(0.f, 1.f, 10);
    tj::enable_grad(x);
    Float y = tj::sum(tj::sum(x * x) * tj::sum(x * x));
    tj::forward(x);
    check_close("grad y", tj::grad(y), {1900.f / 27.f});
}

TEST_CASE("test_autodiff.py test027_prod") {
    Float x({1, 2, 5, 8});
    tj::enable_grad(x);
    Float y = tj::prod(x);
    tj::backward(y);
    CHECK(y.size() == 1);
    check_close("y", y, {80.f});
    check_close("grad x", tj::grad(x), {80.f, 40.f, 16.f, 10.f});
}

// Differs by design: hmax splits the gradient evenly among tied maxima (docs/autodiff.md "Derivatives chosen at
// kinks and special points"): [0, 0, 0.5, 0, 0.5], Dr.Jit [0, 0, 1, 0, 1].
TEST_CASE("test_autodiff.py test028_max_bwd") {
    Float x({1, 2, 8, 5, 8});
    tj::enable_grad(x);
    Float y = tj::hmax(x);
    tj::backward(y);
    check_close("y", y, {8.f});
    check_close("grad x", tj::grad(x), {0.f, 0.f, .5f, 0.f, .5f});
}

// Differs by design as test028: the tangent is the mean over the ties, 1 (Dr.Jit's "approximation": 2).
TEST_CASE("test_autodiff.py test029_max_fwd") {
    Float x({1, 2, 8, 5, 8});
    tj::enable_grad(x);
    Float y = tj::hmax(x);
    tj::forward(x);
    check_close("y", y, {8.f});
    check_close("grad y", tj::grad(y), {1.f});
}

TEST_CASE("test_autodiff.py test030_gather_bwd") {
    Float x = tj::linspace<Float>(-1.f, 1.f, 9);
    tj::enable_grad(x);
    Float y = tj::gather<Float>(x * x, UInt32({1, 1, 2, 3}));
    tj::backward(tj::sum(y));
    check_close("grad x", tj::grad(x), {0.f, -3.f, -1.f, -.5f, 0.f, 0.f, 0.f, 0.f, 0.f});
}

TEST_CASE("test_autodiff.py test031_gather_fwd") {
    Float x = tj::linspace<Float>(-1.f, 1.f, 9);
    tj::enable_grad(x);
    Float y = tj::gather<Float>(x * x, UInt32({1, 1, 2, 3}));
    tj::forward(x);
    check_close("grad y", tj::grad(y), {-1.5f, -1.5f, -1.f, -.5f});
}

TEST_CASE("test_autodiff.py test032_scatter_bwd") {
    for (int i = 0; i < 3; ++i) {
        INFO("i " << i);
        UInt32 idx1 = tj::arange<UInt32>(5), idx2 = tj::arange<UInt32>(4) + 3u;
        Float x = tj::linspace<Float>(0.f, 1.f, 5), y = tj::linspace<Float>(1.f, 2.f, 4), buf = tj::zeros<Float>(10);
        if (i % 2 == 0)
            tj::enable_grad(buf);
        if (i / 2 == 0)
            tj::enable_grad(x, y);
        Float buf2 = buf;
        tj::scatter(buf2, x, idx1);
        tj::eval(buf2);
        tj::scatter(buf2, y, idx2);
        check_close("buf2", buf2, {0.f, .25f, .5f, 1.f, 1.3333f, 1.6667f, 2.f, 0.f, 0.f, 0.f}, 1e-5, 1e-4);
        Float s = tj::dot(buf2, buf2);
        if (tj::grad_enabled(s))
            tj::backward(s);
        if (i / 2 == 0) {
            check_close("grad y", tj::grad(y), {2.f, 2.6667f, 3.3333f, 4.f}, 1e-5, 1e-4);
            check_close("grad x", tj::grad(x), {0.f, .5f, 1.f, 0.f, 0.f}, 1e-5, 1e-4);
        } else {
            check_eq("grad x", tj::grad(x), std::vector<float>(5, 0.f));
            check_eq("grad y", tj::grad(y), std::vector<float>(4, 0.f));
        }
        if (i % 2 == 0)
            check_close("grad buf", tj::grad(buf), std::vector<float>(10, 0.f), 1e-5, 1e-4);
        else
            check_eq("grad buf", tj::grad(buf), std::vector<float>(10, 0.f));
    }
}

TEST_CASE("test_autodiff.py test033_scatter_fwd") {
    Float x(4.f);
    tj::enable_grad(x);
    Float values = x * x * tj::linspace<Float>(1.f, 4.f, 4);
    UInt32 idx = 2u * tj::arange<UInt32>(4);
    Float buf = tj::zeros<Float>(10);
    tj::scatter(buf, values, idx);
    CHECK(tj::grad_enabled(buf));
    check_close("buf", buf, {16.f, 0.f, 32.f, 0.f, 48.f, 0.f, 64.f, 0.f, 0.f, 0.f});
    tj::forward(x, false);
    check_close("grad", tj::grad(buf), {8.f, 0.f, 16.f, 0.f, 24.f, 0.f, 32.f, 0.f, 0.f, 0.f});
    tj::scatter(buf, Float(3.f), UInt32(0u));
    check_close("buf2", buf, {3.f, 0.f, 32.f, 0.f, 48.f, 0.f, 64.f, 0.f, 0.f, 0.f});
    tj::forward(x);
    check_close("grad2", tj::grad(buf), {0.f, 0.f, 16.f, 0.f, 24.f, 0.f, 32.f, 0.f, 0.f, 0.f});
}

// ReduceMode.Permute (a hint that the indices do not collide) has no counterpart: plain scatters.
TEST_CASE("test_autodiff.py test034_scatter_fwd_permute") {
    Float x(4.f);
    tj::enable_grad(x);
    Float values_0 = x * tj::linspace<Float>(1.f, 9.f, 5), values_1 = x * tj::linspace<Float>(11.f, 19.f, 5);
    Float buf = tj::zeros<Float>(10);
    tj::scatter(buf, values_0, tj::arange<UInt32>(5));
    tj::scatter(buf, values_1, tj::arange<UInt32>(5) + 5u);
    check_close("buf", buf, {4.f, 12.f, 20.f, 28.f, 36.f, 44.f, 52.f, 60.f, 68.f, 76.f});
    tj::forward(x);
    check_close("grad", tj::grad(buf), {1.f, 3.f, 5.f, 7.f, 9.f, 11.f, 13.f, 15.f, 17.f, 19.f});
}

TEST_CASE("test_autodiff.py test035_scatter_add_bwd") {
    for (int i = 0; i < 3; ++i) {
        INFO("i " << i);
        UInt32 idx1 = tj::arange<UInt32>(5), idx2 = tj::arange<UInt32>(5) + 3u;
        Float x = tj::linspace<Float>(0.f, 1.f, 5), y = tj::linspace<Float>(1.f, 2.f, 5), buf = tj::zeros<Float>(10);
        if (i % 2 == 0)
            tj::enable_grad(buf);
        if (i / 2 == 0)
            tj::enable_grad(x, y);
        Float buf2 = buf;
        tj::scatter_add(buf2, x, idx1);
        tj::scatter_add(buf2, y, idx2);
        std::vector<float> ref_buf{0.f, .25f, .5f, 1.75f, 2.25f, 1.5f, 1.75f, 2.f, 0.f, 0.f};
        check_close("buf2", buf2, ref_buf);
        tj::backward(tj::dot(buf2, buf2));
        if (i / 2 == 0) {
            check_close("grad y", tj::grad(y), {3.5f, 4.5f, 3.f, 3.5f, 4.f});
            check_close("grad x", tj::grad(x), {0.f, .5f, 1.f, 3.5f, 4.5f});
        } else {
            check_eq("grad x", tj::grad(x), std::vector<float>(5, 0.f));
            check_eq("grad y", tj::grad(y), std::vector<float>(5, 0.f));
        }
        if (i % 2 == 0)
            check_close("grad buf", tj::grad(buf), tjtest::map1(ref_buf, [](float v) { return 2 * v; }));
        else
            check_eq("grad buf", tj::grad(buf), std::vector<float>(10, 0.f));
    }
}

TEST_CASE("test_autodiff.py test036_scatter_add_fwd") {
    for (int i = 0; i < 3; ++i) {
        INFO("i " << i);
        UInt32 idx1 = tj::arange<UInt32>(5), idx2 = tj::arange<UInt32>(4) + 3u;
        Float x = tj::linspace<Float>(0.f, 1.f, 5), y = tj::linspace<Float>(1.f, 2.f, 4), buf = tj::zeros<Float>(10);
        if (i % 2 == 0) {
            tj::enable_grad(buf);
            tj::set_grad(buf, 1.f);
        }
        if (i / 2 == 0) {
            tj::enable_grad(x, y);
            tj::set_grad(x, 1.f);
            tj::set_grad(y, 1.f);
        }
        Float buf2 = buf;
        tj::scatter_add(buf2, x, idx1);
        tj::scatter_add(buf2, y, idx2);
        Float s = tj::dot(buf2, buf2);
        if (i % 2 == 0)
            tj::enqueue(tj::ADMode::Forward, buf);
        if (i / 2 == 0)
            tj::enqueue(tj::ADMode::Forward, x, y);
        tj::traverse(tj::ADMode::Forward);
        check_close("s", tj::detach(s), {15.5972f}, 1e-4);
        check_close("grad s", tj::grad(s), {(i / 2 == 0 ? 25.1667f : 0.f) + (i % 2 == 0 ? 17.f : 0.f)}, 1e-4);
    }
}
