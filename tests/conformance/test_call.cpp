// tests/conformance/test_call.cpp — Dr.Jit's tests/test_call_ext.py (main parts) ported to tj::dispatch
//
// The cases are ported from Dr.Jit's tests/test_call_ext.py (BSD-3-Clause, tests/conformance/LICENSE.drjit) with
// call_ext.cpp's classes written anew in call_ext.h. Dr.Jit's SymbolicCalls flag has no counterpart (tj::dispatch is
// symbolic). docs/conformance.md lists every Dr.Jit test with its status.
#include "call_ext.h"
#include "conformance.h"

#include <optional>
#include <tuple>

using namespace conf;

namespace {
std::pair<Float, Float> call_f(const tj::Ptr<Base> &c, const Float &x, const Float &y) {
    return tj::dispatch(c, [](Base *self, const Float &x, const Float &y) { return self->f(x, y); }, x, y);
}
/// Dr.Jit's f_masked(xy, mask): the call under an enclosing tj::if_stmt (lanes off give zeros).
std::pair<Float, Float> call_f_masked(const tj::Ptr<Base> &c, const Float &x, const Float &y, const Bool &m) {
    Float xo = tj::zeros<Float>(x.size()), yo = tj::zeros<Float>(x.size());
    tj::if_stmt(m, std::tie(xo, yo), [&](Float &xo, Float &yo) { std::tie(xo, yo) = call_f(c, x, y); },
                [](Float &, Float &) {});
    return {xo, yo};
}
Float call_g(const tj::Ptr<Base> &c, const Float &x) {
    return tj::dispatch(c, [](Base *self, const Float &x) { return self->g(x); }, x);
}
/// Dr.Jit's two ways of turning lane 2 off: a mask (all objects present) or a null pointer (mask all true).
struct TwoWays {
    Bool mask;
    tj::Ptr<Base> c;
};
TwoWays lane2_off(bool use_mask, Base &a, Base &b) {
    if (use_mask)
        return {Bool({true, true, false, true, true}), ptrs({&a, &a, &a, &b, &b})};
    return {tj::full<Bool>(true, 5), ptrs({&a, &a, nullptr, &b, &b})};
}
} // namespace

// Python's str() of a pointer array and the TypeError of `c + c` (arithmetic on tj::Ptr does not compile) have no
// runtime counterpart; construction, element access, writes and comparisons do.
TEST_CASE("test_call_ext.py test01_array_operations") {
    A a;
    B b;
    {
        A tmp;
        CHECK(tj::Ptr<Base>(&tmp).read(0) == &tmp);
    }
    CHECK(tj::Ptr<Base>(nullptr).read(0) == nullptr);
    tj::Ptr<Base> c = ptrs({nullptr, nullptr});
    CHECK(c.size() == 2);
    CHECK(c.read(0) == nullptr);
    c = tj::gather<tj::Ptr<Base>>(tj::Ptr<Base>(&a), tj::zeros<UInt32>(2)); // dr.full(BasePtr, a, 2)
    CHECK((tj::to_vector(c) == std::vector<Base *>{&a, &a}));
    c = tj::gather<tj::Ptr<Base>>(tj::Ptr<Base>(&b), tj::zeros<UInt32>(2));
    CHECK(c.read(0) == &b);
    CHECK(c.read(1) == &b);
    tj::scatter(c, tj::Ptr<Base>(&a), UInt32(0u)); // c[0] = a
    CHECK((tj::to_vector(c) == std::vector<Base *>{&a, &b}));
    c = tj::Ptr<Base>(&a);
    CHECK(c.read(0) == &a);
    c = ptrs({&a, &b});
    CHECK((tj::to_vector(c) == std::vector<Base *>{&a, &b}));
    tj::scatter(c, tj::Ptr<Base>(&b), UInt32(0u));
    tj::scatter(c, tj::Ptr<Base>(&a), UInt32(1u));
    CHECK((tj::to_vector(c) == std::vector<Base *>{&b, &a}));
    CHECK(tj::all(c == c).read(0));
    check_eq("c == None", c == nullptr, std::vector<bool>{false, false});
    check_eq("c == b", c == static_cast<Base *>(&b), std::vector<bool>{true, false});
}

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

namespace {
void forward_diff(bool use_mask, bool diff_p1, bool diff_p2, bool through_lambda) {
    INFO("use_mask " << use_mask << ", diff_p1 " << diff_p1 << ", diff_p2 " << diff_p2);
    A a;
    B b;
    Float xi({1, 2, 8, 3, 4}), yi({5, 6, 8, 7, 8});
    auto [mi, c] = lane2_off(use_mask, a, b);
    if (diff_p1)
        tj::enable_grad(xi);
    if (diff_p2)
        tj::enable_grad(yi);
    Float xo, yo;
    if (through_lambda) { // Dr.Jit's dr.dispatch(c, my_func, (xi, yi), mi)
        auto my_func = [](Base *self, const std::pair<Float, Float> &arg) { return self->f(arg.first, arg.second); };
        xo = tj::zeros<Float>(5);
        yo = tj::zeros<Float>(5);
        tj::if_stmt(mi, std::tie(xo, yo), [&](Float &xo, Float &yo) {
            std::tie(xo, yo) = tj::dispatch(c, my_func, std::pair<Float, Float>(xi, yi));
        }, [](Float &, Float &) {});
    } else
        std::tie(xo, yo) = call_f_masked(c, xi, yi, mi);
    check_eq("xo", xo, {10.f, 12.f, 0.f, 21.f, 24.f});
    check_eq("yo", yo, {-1.f, -2.f, 0.f, 3.f, 4.f});
    CHECK(tj::grad_enabled(xo) == diff_p2);
    CHECK(tj::grad_enabled(yo) == diff_p1);
    float q = 0, w = 0;
    if (diff_p1) {
        tj::set_grad(xi, tj::full<Float>(1.f, 5));
        tj::enqueue(tj::ADMode::Forward, xi);
        q = 1;
    }
    if (diff_p2) {
        tj::set_grad(yi, tj::full<Float>(2.f, 5));
        tj::enqueue(tj::ADMode::Forward, yi);
        w = 2;
    }
    tj::traverse(tj::ADMode::Forward); // forward_to(xo, yo, AllowNoGrad)
    check_eq("xg", tj::grad(xo), {2 * w, 2 * w, 0.f, 3 * w, 3 * w});
    check_eq("yg", tj::grad(yo), {0.f - q, 0.f - q, 0.f, q, q}); // (0 - q: +0, as dr.all(==) compares)
}
} // namespace

// forward_to(xo, yo) is enqueue(Forward, seeded inputs) + traverse, then grad(); a missing gradient reads as zeros
// (AllowNoGrad).
TEST_CASE("test_call_ext.py test04_forward_diff") {
    for (bool use_mask : {true, false})
        for (bool p1 : {true, false})
            for (bool p2 : {true, false})
                forward_diff(use_mask, p1, p2, false);
}

namespace {
void diff_implicit(bool use_mask, bool opaque, bool fwd) {
    INFO("use_mask " << use_mask << ", opaque " << opaque);
    A a;
    B b;
    Float x({1, 2, 8, 3, 4}), av(1.f), bv(1.f);
    tj::enable_grad(x, av, bv);
    auto [mi, c] = lane2_off(use_mask, a, b);
    a.value = av * 2.f;
    b.value = bv * 4.f;
    Float y = x * x;
    if (opaque)
        tj::make_opaque(a.value, b.value);
    Float xo = tj::zeros<Float>(5);
    tj::if_stmt(mi, std::tie(xo), [&](Float &xo) { xo = call_g(c, y); }, [](Float &) {});
    check_eq("xo", xo, {2.f, 2.f, 0.f, 4.f * 9, 4.f * 16});
    if (fwd) {
        tj::set_grad(x, Float({1, 2, 3, 4, 5}));
        tj::set_grad(av, 10.f);
        tj::set_grad(bv, 100.f);
        tj::enqueue(tj::ADMode::Forward, x, av, bv);
        tj::traverse(tj::ADMode::Forward);
        check_eq("xg", tj::grad(xo), {20.f, 20.f, 0.f, 9 * 400.f + 24 * 4, 16 * 400.f + 40 * 4});
    } else {
        tj::set_grad(xo, Float({1, 2, 3, 4, 5}));
        tj::backward(xo);
        check_eq("grad x", tj::grad(x), {0.f, 0.f, 0.f, 96.f, 160.f});
        check_eq("grad av", tj::grad(av), {6.f});
        check_eq("grad bv", tj::grad(bv), {464.f});
    }
}
} // namespace

// The OptimizeCalls and SymbolicCalls flags have no counterpart; the opaque variants run.
TEST_CASE("test_call_ext.py test06_forward_diff_implicit") {
    for (bool use_mask : {true, false})
        for (bool opaque : {true, false})
            diff_implicit(use_mask, opaque, true);
}

TEST_CASE("test_call_ext.py test07_backward_diff_implicit") {
    for (bool use_mask : {true, false})
        for (bool opaque : {true, false})
            diff_implicit(use_mask, opaque, false);
}

// Dr.Jit also counts the getter tables in its log; the port checks the values of the three getters fused into one
// kernel.
TEST_CASE("test_call_ext.py test08b_getters_shared_buffer") {
    A a;
    B b;
    b.opaque = tj::opaque<Float>(2.f); // Dr.Jit's B starts with opaque = 2
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    Float g = tj::dispatch(c, [](Base *self) { return self->opaque_getter(); });
    auto [f, u] = tj::dispatch(c, [](Base *self) { return self->complex_getter(); });
    Float out = g + f + tj::cast<float>(u);
    tj::eval(out, g, f, u);
    check_eq("g", g, {1.f, 1.f, 1.f, 2.f, 2.f});
    check_eq("f", f, {1.f, 1.f, 1.f, 4.f, 4.f});
    check_eq("u", u, {5u, 5u, 5u, 3u, 3u});
    check_eq("out", out, {7.f, 7.f, 7.f, 9.f, 9.f});
}

#if TJ_CONFORMANCE_R5_FIXED
// R5: a dispatch inside a dispatch case overflows the stack.
TEST_CASE("test_call_ext.py test08c_nested_getter") {
    A a;
    B b;
    b.opaque = tj::opaque<Float>(2.f);
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    UInt32 s = ptrs({&a, &b, &a, &b, &a}).ids(); // dr.reinterpret_array(UInt32, BasePtr(...))
    Float r = tj::dispatch(c, [](Base *, const UInt32 &s) {
        return tj::dispatch(B::from_ids(s), [](Base *inner) { return inner->opaque_getter(); });
    }, s);
    check_eq("r", r, {1.f, 2.f, 1.f, 2.f, 1.f});
}
#endif

// Values only (Dr.Jit counts gathers in its log).
TEST_CASE("test_call_ext.py test10_constant_getter_partial_registry") {
    std::optional<A> a;
    a.emplace();
    B b;
    tj::Ptr<Base> first = ptrs({&*a}); // a joins the domain, then is destroyed
    a.reset();
    tj::Ptr<Base> c = ptrs({&b, &b, &b, &b, &b});
    Float d = tj::dispatch(c, [](Base *self) { return self->constant_getter(); });
    CHECK(d.read(0) == 123.f);
    check_eq("d", d, {123.f, 123.f, 123.f, 123.f, 123.f});
}

TEST_CASE("test_call_ext.py test11_getter_ad_fwd") {
    A a;
    B b;
    b.opaque = tj::opaque<Float>(2.f);
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    tj::enable_grad(a.opaque, b.opaque);
    tj::set_grad(a.opaque, 10.f);
    tj::set_grad(b.opaque, 20.f);
    Float arr1 = tj::dispatch(c, [](Base *self) { return self->opaque_getter(); });
    CHECK(tj::grad_enabled(arr1));
    check_eq("arr1", arr1, {1.f, 1.f, 0.f, 2.f, 2.f});
    tj::enqueue(tj::ADMode::Forward, a.opaque, b.opaque); // forward_to(arr1)
    tj::traverse(tj::ADMode::Forward);
    check_eq("arr1_g", tj::grad(arr1), {10.f, 10.f, 0.f, 20.f, 20.f});
}

TEST_CASE("test_call_ext.py test12_getter_ad_bwd") {
    A a;
    B b;
    b.opaque = tj::opaque<Float>(2.f);
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    tj::enable_grad(a.opaque, b.opaque);
    Float arr1 = tj::dispatch(c, [](Base *self) { return self->opaque_getter(); });
    tj::set_grad(arr1, Float({1, 2, 3, 4, 5}));
    tj::backward(arr1); // backward_to(a.opaque, b.opaque)
    check_eq("a.opaque.grad", tj::grad(a.opaque), {3.f});
    check_eq("b.opaque.grad", tj::grad(b.opaque), {9.f});
}

// Dr.Jit's RuntimeError "no longer exists" is a tj::Error naming the destroyed id (docs/vcalls.md "Objects, domains
// and ids").
TEST_CASE("test_call_ext.py test13_array_call_instance_expired") {
    std::optional<A> a;
    a.emplace();
    B b;
    tj::Ptr<Base> c = ptrs({&*a, &*a, nullptr, &b, &b});
    a.reset();
    Float xi({1, 2, 8, 3, 4}), yi({5, 6, 8, 7, 8});
    std::string err = error_of([&] {
        auto [xo, yo] = call_f(c, xi, yi);
        tj::eval(xo, yo);
    });
    INFO(err);
    CHECK(!err.empty());
}
