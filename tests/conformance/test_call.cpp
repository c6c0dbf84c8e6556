// tests/conformance/test_call.cpp — Dr.Jit's tests/test_call_ext.py (main parts) ported to tj::dispatch
//
// The cases are ported from Dr.Jit's tests/test_call_ext.py (BSD-3-Clause, tests/conformance/LICENSE.drjit) with
// call_ext.cpp's classes written anew in call_ext.h. Dr.Jit's SymbolicCalls flag has no counterpart (tj::dispatch is
// symbolic). docs/conformance.md lists every Dr.Jit test with its status.
#include "call_ext.h"
#include "conformance.h"

using namespace conf;

namespace {
std::pair<Float, Float> call_f(const tj::Ptr<Base> &c, const Float &x, const Float &y) {
    return tj::dispatch(c, [](Base *self, const Float &x, const Float &y) { return self->f(x, y); }, x, y);
}
} // namespace

// The APtr part (methods of A only, through a pointer array of the base) has no counterpart.
TEST_CASE("test_call_ext.py test02_array_call") {
    A a1, a2;
    B b;
    tj::Ptr<Base> c = ptrs({&a1, &a1, nullptr, &a2, &b, &b});
    auto [xo, yo] = call_f(c, Float({1, 2, 8, 10, 3, 4}), Float({5, 6, 8, 11, 7, 8}));
    check_eq("xo", xo, {10.f, 12.f, 0.f, 22.f, 21.f, 24.f});
    check_eq("yo", yo, {-1.f, -2.f, 0.f, -10.f, 3.f, 4.f});
}

// Dr.Jit's mask argument is an enclosing tj::if_stmt here (lanes off give zeros, as null pointers do).
TEST_CASE("test_call_ext.py test03_array_call_masked") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    Float xi({1, 2, 8, 3, 4}), yi({5, 6, 8, 7, 8}), xo = tj::zeros<Float>(5), yo = tj::zeros<Float>(5);
    tj::if_stmt(Bool({true, true, false, true, true}), std::tie(xo, yo), [&](Float &xo, Float &yo) {
        std::tie(xo, yo) = call_f(c, xi, yi);
    }, [](Float &, Float &) {});
    check_eq("xo", xo, {10.f, 12.f, 0.f, 21.f, 24.f});
    check_eq("yo", yo, {-1.f, -2.f, 0.f, 3.f, 4.f});
}

TEST_CASE("test_call_ext.py test05_backward_diff") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    Float xi({1, 2, 8, 3, 4}), yi({5, 6, 8, 7, 8});
    tj::enable_grad(xi, yi);
    auto [xo, yo] = call_f(c, xi, yi);
    tj::backward(xo * 1.f + yo * 2.f); // set_grad(xo, 1), set_grad(yo, 2), backward_to(xi, yi)
    check_eq("xg", tj::grad(xi), {-2.f, -2.f, 0.f, 2.f, 2.f});
    check_eq("yg", tj::grad(yi), {2.f, 2.f, 0.f, 3.f, 3.f});
}

// scalar_getter (a host float per class) has no counterpart: a dispatched function returns arrays.
TEST_CASE("test_call_ext.py test08_getters") {
    A a;
    B b;
    b.opaque = tj::opaque<Float>(2.f);
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    Float arr1 = tj::dispatch(c, [](Base *self) { return self->opaque_getter(); });
    check_eq("opaque_getter", arr1, {1.f, 1.f, 0.f, 2.f, 2.f});
    auto [arr3_a, arr3_b] = tj::dispatch(c, [](Base *self) { return self->complex_getter(); });
    check_eq("complex_getter a", arr3_a, {1.f, 1.f, 0.f, 4.f, 4.f});
    check_eq("complex_getter b", arr3_b, {5u, 5u, 0u, 3u, 3u});
}

TEST_CASE("test_call_ext.py test09_constant_getter") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    check_eq("constant_getter", tj::dispatch(c, [](Base *self) { return self->constant_getter(); }),
             {123.f, 123.f, 0.f, 123.f, 123.f});
}
