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

// A dispatch inside a dispatch case (docs/vcalls.md "Nested calls and recursion").
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

TEST_CASE("test_call_ext.py test14_array_call_self") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    tj::Ptr<Base> d = tj::dispatch(c, [](Base *self) { return tj::Ptr<Base>(self); }); // get_self()
    CHECK(tj::all(c == d).read(0));
    CHECK((tj::to_vector(d) == std::vector<Base *>{&a, &a, nullptr, &b, &b}));
}

// Dr.Jit: a call on an empty pointer array gives an empty (invalid) result; tracejit throws tj::Error "the pointer
// array is empty (uninitialized)" (include/tracejit/dispatch.h; no docs/ section). The all-null and the fully masked
// calls give zeros of the lanes' size (docs/vcalls.md, "When no instance can occur").
TEST_CASE("test_call_ext.py test15_array_call_noinst") {
    tj::Ptr<Base> c; // no lanes: an empty result, as in Dr.Jit (docs/vcalls.md)
    CHECK(call_g(c, Float()).size() == 0);
    tj::Ptr<Base> d = ptrs({nullptr, nullptr});
    Float y = call_g(d, Float({1, 2}));
    CHECK(y.size() == 2);
    check_eq("y", y, {0.f, 0.f});
    A a;
    B b;
    a.value = Float(5.f);
    b.value = Float(6.f);
    tj::Ptr<Base> e = ptrs({&a, &b});
    Float z = tj::zeros<Float>(2);
    tj::if_stmt(Bool(false), std::tie(z), [&](Float &z) { z = call_g(e, Float({1, 2})); }, [](Float &) {});
    check_eq("z", z, {0.f, 0.f});
}

// dr.dispatch(c, my_func, args, mask) is tj::dispatch with a lambda under the mask's tj::if_stmt.
TEST_CASE("test_call_ext.py test16_forward_diff_dispatch") {
    for (bool use_mask : {true, false})
        for (bool p1 : {true, false})
            for (bool p2 : {true, false})
                forward_diff(use_mask, p1, p2, true);
}

TEST_CASE("test_call_ext.py test17_dispatch") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    auto [xo, yo] = tj::dispatch(c, [](Base *inst, Float a_, Float b_) { return inst->f(a_, b_); },
                                 Float({1, 2, 8, 3, 4}), Float({5, 6, 8, 7, 8}));
    check_eq("xo", xo, {10.f, 12.f, 0.f, 21.f, 24.f});
    check_eq("yo", yo, {-1.f, -2.f, 0.f, 3.f, 4.f});
}

namespace {
/// The PCG32 state after `steps[k]` steps on lane k (host arithmetic, wrapping as the LCG does).
std::vector<uint64_t> advanced(const tj::PCG32 &rng, std::vector<int> steps) {
    std::vector<uint64_t> s = tj::to_vector(rng.state), inc = tj::to_vector(rng.inc);
    for (size_t k = 0; k < s.size(); ++k)
        for (int j = 0; j < steps[k]; ++j)
            s[k] = s[k] * tj::PCG32::PCG32_MULT + inc[k];
    return s;
}
} // namespace

// Dr.Jit passes the sampler by pointer and the call advances it in place; in C++ the PCG32 is an argument and a
// result (a TJ_STRUCT), which the caller assigns back. Dr.Jit's `rng - rng_old` (steps between two states) is
// checked as the state after that many LCG steps.
TEST_CASE("test_call_ext.py test18_test_ptr") {
    tj::PCG32 sampler_old(3), sampler(3);
    check_eq("same start", sampler.state, sampler_old.state);
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &b, nullptr});
    auto [sampler_out, value] = tj::dispatch(c, [](Base *self, const tj::PCG32 &s) { return self->sample(s); }, sampler);
    sampler = sampler_out;
    // The null lane gives zeros, as in Dr.Jit (which zeroes sampler_old's lane 2 before comparing).
    std::vector<uint64_t> state = advanced(sampler_old, {1, 0, 0}), inc = tj::to_vector(sampler_old.inc);
    state[2] = inc[2] = 0;
    check_eq("state", sampler.state, state);
    check_eq("inc", sampler.inc, inc);
    tj::PCG32 first = sampler_old;
    Float expect = first.next_float32();
    check_eq("value", value, {expect.read(0), 0.f, 0.f});
}

TEST_CASE("test_call_ext.py test19_test_ptr_py_dispatch") {
    tj::PCG32 sampler_old(3), sampler(3);
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &b, nullptr});
    auto fn = [&a](Base *inst, const tj::PCG32 &s) {
        tj::PCG32 r = s;
        if (inst == &a) {
            Float x = r.next_float32();
            return std::pair<tj::PCG32, Float>(r, x);
        }
        return std::pair<tj::PCG32, Float>(r, Float(0.f));
    };
    auto [sampler_out, value] = tj::dispatch(c, fn, sampler);
    sampler = sampler_out;
    std::vector<uint64_t> state = advanced(sampler_old, {1, 0, 0});
    state[2] = 0; // the null lane
    check_eq("state", sampler.state, state);
}

TEST_CASE("test_call_ext.py test20_test_ptr_py_loop") {
    tj::PCG32 sampler_old(3), sampler(3);
    tj::Int32 i = tj::arange<tj::Int32>(3);
    tj::while_loop(std::tie(i, sampler), [](const tj::Int32 &i, const tj::PCG32 &) { return i < 3; },
                   [](tj::Int32 &i, tj::PCG32 &sampler) {
                       i += 1;
                       sampler.next_uint32();
                   });
    check_eq("i", i, {3, 3, 3});
    check_eq("state", sampler.state, advanced(sampler_old, {3, 2, 1}));
}

TEST_CASE("test_call_ext.py test21_array_call_fully_masked") {
    for (bool opaque_mask : {true, false}) {
        INFO("opaque_mask " << opaque_mask);
        A a;
        B b;
        tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
        Bool mi = opaque_mask ? tj::opaque<Bool>(false) : Bool(false);
        auto [xo, yo] = call_f_masked(c, Float({1, 2, 8, 3, 4}), Float({5, 6, 8, 7, 8}), mi);
        check_eq("xo", xo, {0.f, 0.f, 0.f, 0.f, 0.f});
        check_eq("yo", yo, {0.f, 0.f, 0.f, 0.f, 0.f});
        tj::dispatch(c, [](Base *self) { self->dummy(); });
    }
}

TEST_CASE("test_call_ext.py test22_dispatch_fully_masked") {
    for (bool opaque_mask : {true, false}) {
        INFO("opaque_mask " << opaque_mask);
        A a;
        B b;
        tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
        Bool mi = opaque_mask ? tj::opaque<Bool>(false) : Bool(false);
        Float xi({1, 2, 8, 3, 4}), yi({5, 6, 8, 7, 8}), xo = tj::zeros<Float>(5), yo = tj::zeros<Float>(5);
        auto my_func = [](Base *self, const std::pair<Float, Float> &arg) { return self->f(arg.first, arg.second); };
        tj::if_stmt(mi, std::tie(xo, yo), [&](Float &xo, Float &yo) {
            std::tie(xo, yo) = tj::dispatch(c, my_func, std::pair<Float, Float>(xi, yi));
        }, [](Float &, Float &) {});
        check_eq("xo", xo, {0.f, 0.f, 0.f, 0.f, 0.f});
        check_eq("yo", yo, {0.f, 0.f, 0.f, 0.f, 0.f});
    }
}

TEST_CASE("test_call_ext.py test23_rev_correctness") {
    for (int variant : {0, 1}) {
        INFO("variant " << variant);
        A a;
        B b;
        tj::Ptr<Base> c = ptrs({&a, &a, &b, &b});
        Float xi({1, 2, 3, 4}), yi({5, 6, 7, 8});
        tj::enable_grad(xi, yi);
        Float xo1, yo1;
        if (variant == 0) {
            xo1 = 100.f * xi;
            yo1 = 100.f * yi;
        }
        auto [xo2, yo2] = call_f(c, xi, yi);
        if (variant == 1) {
            xo1 = 100.f * xi;
            yo1 = 100.f * yi;
        }
        Float q = xo1 + xo2 + yo1 + yo2;
        tj::set_grad(q, 1.f);
        tj::backward(q);
        check_eq("xd", tj::grad(xi), {99.f, 99.f, 101.f, 101.f});
        check_eq("yd", tj::grad(yi), {102.f, 102.f, 103.f, 103.f});
    }
}

// The evaluated-loop variant is a symbolic tj::while_loop (no evaluated mode).
TEST_CASE("test_call_ext.py test12_constant_broadcast") {
    for (bool with_loop : {false, true}) {
        INFO("with_loop " << with_loop);
        A a;
        a.value = Float(123.f);
        Float arg({1, 2, 8, 3, 4});
        tj::Ptr<Base> c(&a);
        Float out(0.f);
        if (with_loop) {
            UInt32 counter(0u);
            tj::while_loop(std::tie(out, counter), [](const Float &, const UInt32 &counter) { return counter == 0u; },
                           [&](Float &out, UInt32 &counter) {
                               out += call_g(c, arg);
                               counter += 1u;
                           });
        } else
            out += call_g(c, arg);
        CHECK(out.size() == 5);
        check_eq("out", out, {123.f, 123.f, 123.f, 123.f, 123.f});
    }
}

TEST_CASE("test_call_ext.py test13_constant_getter_masked") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &b, nullptr, nullptr, &a});
    check_eq("d", tj::dispatch(c, [](Base *self) { return self->constant_getter(); }),
             {123.f, 123.f, 0.f, 0.f, 123.f});
}

// Dr.Jit passes the mask positionally and as a keyword: one form in C++ (an enclosing tj::if_stmt).
TEST_CASE("test_call_ext.py test14_dispatch_uneven_buckets") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &b, &b, &b, &b, &b});
    Bool m({true, false, false, true, true, true});
    auto [xo, yo] = call_f_masked(c, Float({1, 2, 8, 3, 4, 5}), Float({5, 6, 8, 7, 8, 9}), m);
    check_eq("xo", xo, {10.f, 0.f, 0.f, 21.f, 24.f, 27.f});
    check_eq("yo", yo, {-1.f, 0.f, 0.f, 3.f, 4.f, 5.f});
}

TEST_CASE("test_call_ext.py test15_dispatch_scalar_mask") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    auto [xo, yo] = call_f_masked(c, Float({1, 2, 8, 3, 4}), Float({5, 6, 8, 7, 8}), Bool(true));
    check_eq("xo", xo, {10.f, 12.f, 16.f, 21.f, 24.f});
    check_eq("yo", yo, {-1.f, -2.f, -8.f, 3.f, 4.f});
}

namespace {
std::array<Float, 4> call_gather_packet(const tj::Ptr<Base> &c, const UInt32 &i) {
    return tj::dispatch(c, [](Base *self, const UInt32 &i) { return self->gather_packet(i); }, i);
}
void backward_from(const std::array<Float, 4> &r) {
    for (const Float &x : r)
        tj::set_grad(x, 1.f);
    tj::enqueue(tj::ADMode::Backward, r[0], r[1], r[2], r[3]);
    tj::traverse(tj::ADMode::Backward);
}
} // namespace

// Dr.Jit's Array4f gather is four gathers at 4 i + k (std::array<Float, 4>).
TEST_CASE("test_call_ext.py test16_packet_gather") {
    A a;
    B b;
    Float v = tj::arange<Float>(16);
    tj::enable_grad(v);
    tj::eval(v);
    a.value = v;
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    std::array<Float, 4> r = call_gather_packet(c, UInt32({1, 2, 3, 4, 5}));
    for (uint32_t k = 0; k < 4; ++k)
        check_eq("r", r[k], {4.f + k, 8.f + k, 12.f + k, 0.f, 0.f});
    backward_from(r);
    check_eq("v.grad", tj::grad(v), {0.f, 0.f, 0.f, 0.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f});

    Float w = tj::full<Float>(1.f, 16); // a literal
    tj::enable_grad(w);
    a.value = w;
    r = call_gather_packet(c, UInt32({1, 2, 3, 4, 5}));
    for (uint32_t k = 0; k < 4; ++k)
        check_eq("r literal", r[k], {1.f, 1.f, 1.f, 0.f, 0.f});
    backward_from(r);
    check_eq("w.grad", tj::grad(w), {0.f, 0.f, 0.f, 0.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f, 1.f});
}

namespace {
std::array<Float, 4> packet_values() {
    return {Float({10, 11, 12, 0, 0}), Float({101, 102, 103, 0, 0}), Float({1001, 1002, 1003, 0, 0}),
            Float({10001, 10002, 10003, 0, 0})};
}
} // namespace

// Four scatters into A::value in one dispatch case, in the order traced (docs/vcalls.md).
TEST_CASE("test_call_ext.py test17_packet_scatter") {
    A a;
    B b;
    a.value = tj::zeros<Float>(16);
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    tj::dispatch(c, [](Base *self, const UInt32 &i, const std::array<Float, 4> &v) { self->scatter_packet(i, v); },
                 UInt32({1, 2, 3, 0, 0}), packet_values());
    check_eq("a.value", a.value,
             {0.f, 0.f, 0.f, 0.f, 10.f, 101.f, 1001.f, 10001.f, 11.f, 102.f, 1002.f, 10002.f, 12.f, 103.f, 1003.f,
              10003.f});
}

// Four scatters into A::value in one dispatch case, in the order traced (docs/vcalls.md).
TEST_CASE("test_call_ext.py test18_packet_scatter_add") {
    A a;
    B b;
    a.value = tj::full<Float>(1.f, 16);
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    tj::dispatch(c, [](Base *self, const UInt32 &i, const std::array<Float, 4> &v) { self->scatter_add_packet(i, v); },
                 UInt32({1, 2, 3, 0, 0}), packet_values());
    check_eq("a.value", a.value,
             {1.f, 1.f, 1.f, 1.f, 11.f, 102.f, 1002.f, 10002.f, 12.f, 103.f, 1003.f, 10003.f, 13.f, 104.f, 1004.f,
              10004.f});
}

// B::nested dispatches again inside the dispatch case (docs/vcalls.md "Nested calls and recursion").
TEST_CASE("test_call_ext.py test19_nested_call") {
    A a;
    B b;
    a.value = tj::full<Float>(1.f, 16);
    tj::enable_grad(a.value);
    Float xi({1, 2, 8, 3, 4});
    UInt32 yi = ptrs({&a, &a, &a, &a, &a}).ids();
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    Float xo = tj::dispatch(c, [](Base *self, const Float &x, const UInt32 &s) { return self->nested(x, s); }, xi, yi);
    check_eq("xo", xo, xi + 1.f);
}

TEST_CASE("test_call_ext.py test20_partial_output_eval") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &b, &b});
    auto [xo, yo] = call_f(c, Float({1, 2, 8, 3, 4}), Float({5, 6, 8, 7, 8}));
    tj::eval(xo);
    Float zo = xo + yo;
    check_eq("xo", xo, {10.f, 12.f, 0.f, 21.f, 24.f});
    check_eq("zo", zo, {9.f, 10.f, 0.f, 24.f, 28.f});
}

// Dr.Jit's ids restart at 1 per test (its registry is cleared); tracejit's are never reused (docs/vcalls.md "Objects,
// domains and ids"), so the ids are checked for what they mean: equal where the objects are, and the pointers
// rebuilt from them (Dr.Jit's reinterpret_array both ways) are the same.
TEST_CASE("test_call_ext.py test21_reinterpret_class") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    std::vector<uint32_t> rep = tj::to_vector(c.ids()); // Dr.Jit: [1, 1, 1, 2, 2]
    CHECK(rep[0] != 0);
    CHECK(rep[3] != 0);
    CHECK(rep[0] != rep[3]);
    CHECK((rep == std::vector<uint32_t>{rep[0], rep[0], rep[0], rep[3], rep[3]}));
    tj::Ptr<Base> back = B::from_ids(c.ids());
    CHECK((tj::to_vector(back) == std::vector<Base *>{&a, &a, &a, &b, &b}));
}

// Dr.Jit's Debug flag (bounds checks) has no counterpart; the values after destroyed objects are checked.
TEST_CASE("test_call_ext.py test22_bounds_checking_partial_registry") {
    std::optional<A> a1;
    std::optional<B> b1;
    a1.emplace();
    b1.emplace();
    tj::Ptr<Base> joined = ptrs({&*a1, &*b1});
    A a2;
    B b2;
    a1.reset();
    b1.reset();
    tj::Ptr<Base> c = ptrs({&b2, &a2, nullptr, &a2, &b2});
    auto [xo, yo] = call_f(c, Float({1, 2, 8, 3, 4}), Float({5, 6, 8, 7, 8}));
    check_eq("xo", xo, {15.f, 12.f, 0.f, 14.f, 24.f});
    check_eq("yo", yo, {1.f, -2.f, 0.f, -3.f, 4.f});
}

TEST_CASE("test_call_ext.py test23_dispatch_partial_registry_bwd") {
    std::optional<A> a1;
    a1.emplace();
    a1->value = Float(1.f);
    A a2;
    a2.value = Float(3.f);
    B b2, b3;
    b2.value = Float(4.f);
    b3.value = Float(4.f);
    tj::Ptr<Base> joined = ptrs({&*a1, &a2, &b2, &b3});
    a1.reset();
    tj::enable_grad(b2.value);
    auto my_func = [](Base *self) {
        if (A *a = dynamic_cast<A *>(self))
            return a->value * 2.f;
        return static_cast<B *>(self)->value * 2.f;
    };
    tj::Ptr<Base> c = ptrs({&a2, nullptr, &b2});
    Float out = tj::dispatch(c, my_func);
    tj::backward(out);
    check_eq("a2", tj::grad(a2.value), {0.f});
    check_eq("b2", tj::grad(b2.value), {2.f});
    check_eq("b3", tj::grad(b3.value), {0.f});
}
