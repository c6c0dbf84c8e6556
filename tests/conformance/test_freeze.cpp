// tests/conformance/test_freeze.cpp — Dr.Jit's tests/test_freeze.py ported to tj::freeze (LLVM/CPU variants)
//
// The cases are ported from Dr.Jit's tests/test_freeze.py (BSD-3-Clause, tests/conformance/LICENSE.drjit): each
// TEST_CASE names the Dr.Jit test it comes from and asserts what it asserts; the C++ is written anew. Python's
// in-place mutation of arguments becomes std::ref (docs/freezing.md "Writes through references"), closures become
// state (`frozen.call(std::tie(...), args...)`), DRJIT_STRUCTs and dataclasses TJ_STRUCTs. Where Dr.Jit checks fixed
// values the port checks them too, and then calls again on fresh random inputs against the unfrozen function.
// docs/conformance.md lists every Dr.Jit test with its status.
#include "call_ext.h"
#include "conformance.h"

#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

using namespace conf;

namespace {

struct Point {
    UInt32 x, y;
};
TJ_STRUCT(Point, x, y)

struct Point1 {
    UInt32 x;
};
TJ_STRUCT(Point1, x)

} // namespace

TEST_CASE("test_freeze.py test01_basic") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto plain = [](UInt32 x, UInt32 y) { return x + y; };
        auto func = tj::freeze(plain, opts(ao));
        check_eq("first", func(UInt32({0, 1, 2}), UInt32({2, 1, 0})), {2u, 2u, 2u});
        check_eq("second", func(UInt32({1, 2, 3}), UInt32({3, 2, 1})), {4u, 4u, 4u});
        for (int i = 0; i < 3; ++i) {
            UInt32 x = rand_u(3), y = rand_u(3);
            check_eq("random", func(x, y), plain(x, y));
        }
        CHECK(n_recordings(func) == 1);
    });
}

// Dr.Jit: flushing the kernel cache between two calls makes the frozen function record again (n_recordings == 2).
// tracejit keeps its recordings across tj::clear_kernel_cache() (docs/freezing.md "Recordings and the kernel
// cache"): one recording, and the replay is still right.
TEST_CASE("test_freeze.py test02_flush_kernel_cache") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto plain = [](UInt32 x, UInt32 y) { return x + y; };
        auto frozen = tj::freeze(plain, opts(ao));
        UInt32 x({0, 1, 2}), y({2, 1, 0});
        check_eq("recording", frozen(x, y), plain(x, y));
        tj::clear_kernel_cache();
        x = UInt32({1, 2, 3});
        y = UInt32({3, 2, 1});
        check_eq("after the flush", frozen(x, y), plain(x, y));
        CHECK(n_recordings(frozen) == 1); // Dr.Jit: 2
    });
}

TEST_CASE("test_freeze.py test03_output_tuple") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x, UInt32 y) { return std::make_tuple(x + y, x * y); }, opts(ao));
        auto [o0, o1] = func(UInt32({0, 1, 2}), UInt32({2, 1, 0}));
        check_eq("o0", o0, {2u, 2u, 2u});
        check_eq("o1", o1, {0u, 1u, 0u});
        auto [p0, p1] = func(UInt32({1, 2, 3}), UInt32({3, 2, 1}));
        check_eq("p0", p0, {4u, 4u, 4u});
        check_eq("p1", p1, {3u, 4u, 3u});
        UInt32 x = rand_u(5), y = rand_u(5);
        auto [r0, r1] = func(x, y);
        check_eq("random sum", r0, x + y);
        check_eq("random product", r1, x * y);
        CHECK(n_recordings(func) == 1);
    });
}

TEST_CASE("test_freeze.py test04_output_list") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x, UInt32 y) { return std::vector<UInt32>{x + y, x * y}; }, opts(ao));
        auto o = func(UInt32({0, 1, 2}), UInt32({2, 1, 0}));
        REQUIRE(o.size() == 2);
        check_eq("o0", o[0], {2u, 2u, 2u});
        check_eq("o1", o[1], {0u, 1u, 0u});
        o = func(UInt32({1, 2, 3}), UInt32({3, 2, 1}));
        REQUIRE(o.size() == 2);
        check_eq("p0", o[0], {4u, 4u, 4u});
        check_eq("p1", o[1], {3u, 4u, 3u});
        CHECK(n_recordings(func) == 1);
    });
}

TEST_CASE("test_freeze.py test05_output_dict") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze(
            [](UInt32 x, UInt32 y) { return std::map<std::string, UInt32>{{"add", x + y}, {"mul", x * y}}; }, opts(ao));
        auto o = func(UInt32({0, 1, 2}), UInt32({2, 1, 0}));
        check_eq("add", o["add"], {2u, 2u, 2u});
        check_eq("mul", o["mul"], {0u, 1u, 0u});
        o = func(UInt32({1, 2, 3}), UInt32({3, 2, 1}));
        check_eq("add 2", o["add"], {4u, 4u, 4u});
        check_eq("mul 2", o["mul"], {3u, 4u, 3u});
        CHECK(o.size() == 2);
        CHECK(n_recordings(func) == 1);
    });
}

TEST_CASE("test_freeze.py test06_nested_tuple") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze(
            [](UInt32 x) { return std::make_tuple(x + 1u, x + 2u, std::make_tuple(x + 3u, x + 4u)); }, opts(ao));
        for (int call = 0; call < 3; ++call) {
            UInt32 x = call == 0 ? UInt32({0, 1, 2}) : rand_u(3);
            std::vector<uint32_t> h = tj::to_vector(x);
            auto [o0, o1, inner] = func(x);
            auto [o2, o3] = inner;
            auto plus = [&](uint32_t k) { return tjtest::map1(h, [k](uint32_t v) { return v + k; }); };
            check_eq("o0", o0, plus(1));
            check_eq("o1", o1, plus(2));
            check_eq("o2", o2, plus(3));
            check_eq("o3", o3, plus(4));
        }
        CHECK(n_recordings(func) == 1);
    });
}

TEST_CASE("test_freeze.py test07_drjit_struct") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x) { return Point{x + 1u, x + 2u}; }, opts(ao));
        Point o = func(UInt32({0, 1, 2}));
        check_eq("x", o.x, {1u, 2u, 3u});
        check_eq("y", o.y, {2u, 3u, 4u});
        o = func(UInt32({1, 2, 3}));
        check_eq("x 2", o.x, {2u, 3u, 4u});
        check_eq("y 2", o.y, {3u, 4u, 5u});
        CHECK(n_recordings(func) == 1);
    });
}

// A dataclass is a struct declared with TJ_STRUCT in C++, as a DRJIT_STRUCT is (test07).
TEST_CASE("test_freeze.py test08_dataclass") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x) {
            Point p{x + 1u, x + 2u};
            return p;
        }, opts(ao));
        Point o = func(UInt32({0, 1, 2}));
        check_eq("x", o.x, {1u, 2u, 3u});
        check_eq("y", o.y, {2u, 3u, 4u});
        UInt32 r = rand_u(9);
        o = func(r);
        check_eq("x random", o.x, r + 1u);
        check_eq("y random", o.y, r + 2u);
        CHECK(n_recordings(func) == 1);
    });
}

namespace {
/// call_ext.cpp's Sampler: a PCG32 whose state the frozen function advances (passed by reference).
struct Sampler {
    tj::PCG32 rng;
    explicit Sampler(size_t size) : rng(size) {}
    Sampler() : rng(1) {}
    Float next() { return rng.next_float32(); }
};
TJ_STRUCT(Sampler, rng)
} // namespace

TEST_CASE("test_freeze.py test09_traverse_cb") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](std::reference_wrapper<Sampler> s) { return s.get().next(); };
        auto frozen = tj::freeze(func, opts(ao));
        Sampler sampler_frozen(10), sampler_func(10);
        check_close("first", frozen(std::ref(sampler_frozen)), func(std::ref(sampler_func)));
        sampler_frozen = Sampler(10);
        sampler_func = Sampler(10);
        check_close("second", frozen(std::ref(sampler_frozen)), func(std::ref(sampler_func)));
        CHECK(n_recordings(frozen) == 1);
        check_close("third (advanced state)", frozen(std::ref(sampler_frozen)), func(std::ref(sampler_func)));
        CHECK(n_recordings(frozen) == 1);
    });
}

// Python's `z = x` names the same object as x, which the scatter changes; a C++ copy of the handle keeps the old
// value (copy-on-write), as `w = t(x)` does in Python: both are checked to be unchanged.
TEST_CASE("test_freeze.py test10_scatter") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze(
            [](std::reference_wrapper<UInt32> x) { tj::scatter(x.get(), UInt32(0u), tj::arange<UInt32>(3)); },
            opts(ao));
        UInt32 x({0, 1, 2});
        func(std::ref(x));
        check_eq("recording", x, {0u, 0u, 0u});
        x = UInt32({0, 1, 2});
        UInt32 y = x + 1u;
        UInt32 w = x;
        func(std::ref(x));
        check_eq("x", x, {0u, 0u, 0u});
        check_eq("y", y, {1u, 2u, 3u});
        check_eq("w", w, {0u, 1u, 2u});
        // (At the recorded width only: the constant size 3 of the scatter equals the input's size, so a replay
        // takes it for the input's size, as Dr.Jit's size inference does; docs/freezing.md "Sizes".)
        UInt32 r = rand_u(3);
        func(std::ref(r));
        check_eq("random", r, {0u, 0u, 0u});
        CHECK(n_recordings(func) == 1);
    });
}

TEST_CASE("test_freeze.py test11_optimization") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto body = [](std::reference_wrapper<std::map<std::string, Float>> state, Float ref) {
            for (auto &[k, x0] : state.get()) {
                Float x = x0;
                tj::enable_grad(x);
                Float d = x - ref;
                Float loss = tj::mean(d * d);
                tj::backward(loss);
                Float g = tj::grad(x);
                tj::disable_grad(x);
                x0 = x - g;
            }
        };
        auto func = tj::freeze(body, opts(ao));
        std::map<std::string, Float> state{{"x", Float({0, 0, 0, 0})}};
        func(std::ref(state), Float({1, 1, 1, 1}));
        check_close("recording", state["x"], {0.5f, 0.5f, 0.5f, 0.5f});
        state = {{"x", Float({0, 0, 0, 0})}};
        func(std::ref(state), Float({1, 1, 1, 1}));
        check_close("replay", state["x"], {0.5f, 0.5f, 0.5f, 0.5f});
        Float x = rand_f(4), ref = rand_f(4);
        std::map<std::string, Float> s1{{"x", x}}, s2{{"x", x}};
        func(std::ref(s1), ref);
        body(std::ref(s2), ref);
        check_close("random", s1["x"], s2["x"]);
        CHECK(n_recordings(func) == 1);
    });
}

TEST_CASE("test_freeze.py test12_resized") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x, UInt32 y) { return x + y; }, opts(ao));
        check_eq("first", func(UInt32({0, 1, 2}), UInt32({2, 1, 0})), {2u, 2u, 2u});
        UInt32 i0 = tj::arange<UInt32>(64) + tj::opaque<UInt32>(0), i1 = tj::arange<UInt32>(64) + tj::opaque<UInt32>(0);
        UInt32 r0 = i0 + i1;
        tj::eval(i0, i1, r0);
        check_eq("resized", func(i0, i1), r0);
        UInt32 a = rand_u(77), b = rand_u(77);
        check_eq("random", func(a, b), a + b);
        CHECK(n_recordings(func) == 1);
    });
}

TEST_CASE("test_freeze.py test13_changed_input_dict") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze(
            [](std::reference_wrapper<std::map<std::string, UInt32>> d) { d.get()["y"] = d.get()["x"] + 1u; },
            opts(ao));
        std::map<std::string, UInt32> d{{"x", UInt32({0, 1, 2})}};
        func(std::ref(d));
        REQUIRE(d.count("y") == 1);
        check_eq("recording", d["y"], {1u, 2u, 3u});
        d = {{"x", UInt32({1, 2, 3})}};
        func(std::ref(d));
        REQUIRE(d.count("y") == 1);
        check_eq("replay", d["y"], {2u, 3u, 4u});
    });
}

TEST_CASE("test_freeze.py test14_changed_input_dataclass") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](std::reference_wrapper<Point1> p) { p.get().x = p.get().x + 1u; }, opts(ao));
        Point1 p{UInt32({0, 1, 2})};
        func(std::ref(p));
        check_eq("recording", p.x, {1u, 2u, 3u});
        p = Point1{UInt32({1, 2, 3})};
        func(std::ref(p));
        check_eq("replay", p.x, {2u, 3u, 4u});
        UInt32 r = rand_u(11);
        p = Point1{r};
        func(std::ref(p));
        check_eq("random", p.x, r + 1u);
        CHECK(n_recordings(func) == 1);
    });
}

// test15_kwargs: keyword arguments with defaults have no C++ form (docs/conformance.md).

TEST_CASE("test_freeze.py test16_opaque") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x, UInt32 y) { return x + y; }, opts(ao));
        UInt32 x({0, 1, 2});
        tj::set_label(x, "x");
        UInt32 y = tj::opaque<UInt32>(1);
        tj::set_label(y, "y");
        check_eq("width-1 opaque", func(x, y), {1u, 2u, 3u});
        check_eq("width 3", func(UInt32({1, 2, 3}), UInt32({1, 2, 3})), {2u, 4u, 6u});
        CHECK(n_recordings(func) == 2);
    });
}

// Dr.Jit only times the two; the port checks that the frozen results equal the unfrozen ones on every iteration.
TEST_CASE("test_freeze.py test17_performance") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x, Float y) {
            Float result = tj::fma(x * x, y, Float(0.5f));
            result = tj::sqrt(tj::abs(result) + tj::pow(result, 10.f));
            return tj::log(1.f + result);
        };
        auto frozen = tj::freeze(func, opts(ao));
        Float x = tj::arange<Float>(1024), y = tj::arange<Float>(1024);
        tj::eval(x, y);
        for (int i = 0; i < 30; ++i) {
            Float a = i % 10 == 0 ? rand_f(1024, 0, 2) : x, b = y;
            check_close("iteration", frozen(a, b), func(a, b));
        }
    });
}

TEST_CASE("test_freeze.py test18_aliasing") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x, UInt32 y) { return x + y; }, opts(ao));
        UInt32 x({0, 1, 2});
        check_eq("aliased", func(x, x), {0u, 2u, 4u});
        x = UInt32({1, 2, 3});
        check_eq("aliased again", func(x, x), {2u, 4u, 6u});
        check_eq("distinct", func(UInt32({1, 2, 3}), UInt32({2, 3, 4})), {3u, 5u, 7u});
        CHECK(n_recordings(func) == 2);
    });
}

TEST_CASE("test_freeze.py test19_non_jit_types") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](UInt32 x, int y) { return x + uint32_t(y); };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            UInt32 x({1, 2, 3});
            check_eq("call", frozen(x, i), func(x, i));
        }
        CHECK(n_recordings(frozen) == 3);
    });
}

TEST_CASE("test_freeze.py test20_literal") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](UInt32 x, UInt32 y) {
            UInt32 z = x + y;
            UInt32 w(1u);
            return std::make_pair(z, w);
        }, opts(ao));
        UInt32 x({0, 1, 2});
        tj::set_label(x, "x");
        UInt32 y(1u);
        tj::set_label(y, "y");
        auto [z, w] = func(x, y);
        check_eq("z", z, {1u, 2u, 3u});
        check_eq("w", w, {1u});
        auto [z2, w2] = func(UInt32({0, 1, 2}), UInt32(1u));
        check_eq("z2", z2, {1u, 2u, 3u});
        check_eq("w2", w2, {1u});
        CHECK(n_recordings(func) == 1);
        auto [z3, w3] = func(UInt32({0, 1, 2}), UInt32(2u));
        check_eq("z3", z3, {2u, 3u, 4u});
        CHECK(n_recordings(func) == (ao ? 2 : 1));
    });
}

TEST_CASE("test_freeze.py test21_pointers") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](UInt32 x) {
            UInt32 idx = tj::arange<UInt32>((x.size() + 2) / 3) * 3u; // dr.arange(UInt32, 0, dr.width(x), 3)
            return tj::gather<UInt32>(x, idx);
        };
        auto frozen = tj::freeze(func, opts(ao));
        check_eq("Dr.Jit's input", frozen(UInt32({0, 1, 2, 3, 4, 5, 6})), {0u, 3u, 6u});
        // (At the recorded width: the size of idx is computed on the host from the width, which a replay cannot
        // follow, as in Dr.Jit; docs/freezing.md "Sizes".)
        for (int i = 0; i < 3; ++i) {
            UInt32 x = rand_u(7);
            check_eq("random", frozen(x), func(x));
        }
    });
}

TEST_CASE("test_freeze.py test22_gather_memcpy") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](UInt32 x, int idx) { return tj::gather<UInt32>(x, UInt32(uint32_t(idx))); };
        auto frozen = tj::freeze(func, opts(ao));
        for (uint32_t i = 0; i < 3; ++i) {
            UInt32 x = tj::arange<UInt32>(3) + i;
            tj::make_opaque(x);
            UInt32 ref = func(x, 2);
            check_eq("call", frozen(x, 2), ref);
            check_eq("value", ref, {2u + i});
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

namespace {
/// c.f(xi, yi) of call_ext's classes through tj::dispatch.
std::pair<Float, Float> call_f(const tj::Ptr<Base> &c, const Float &x, const Float &y) {
    return tj::dispatch(c, [](Base *self, const Float &x, const Float &y) { return self->f(x, y); }, x, y);
}
Float call_g(const tj::Ptr<Base> &c, const Float &x) {
    return tj::dispatch(c, [](Base *self, const Float &x) { return self->g(x); }, x);
}
Float call_h(const tj::Ptr<Base> &c, const Float &x) {
    return tj::dispatch(c, [](Base *self, const Float &x) { return self->h(x); }, x);
}
} // namespace

// Dr.Jit registers an object with its domain at construction; tracejit when a pointer to it is first stored in a
// pointer array (docs/vcalls.md "Freezing"), so the ported cases store all their objects once up front, as that
// section advises, for the set of objects to be the same on every call.
TEST_CASE("test_freeze.py test23_vcall") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        A a;
        B b;
        ptrs({&a, &b});
        auto func = tj::freeze(call_f, opts(ao));
        Float xi({1, 2, 8, 3, 4}), yi({5, 6, 8, 7, 8});
        auto [xo, yo] = func(ptrs({&a, &a, nullptr, &a, &a}), xi, yi);
        check_eq("xo", xo, {10.f, 12.f, 0.f, 14.f, 16.f});
        check_eq("yo", yo, {-1.f, -2.f, 0.f, -3.f, -4.f});
        auto [xo2, yo2] = func(ptrs({&a, &a, nullptr, &b, &b}), xi, yi);
        CHECK(n_recordings(func) == 1);
        check_eq("xo2", xo2, {10.f, 12.f, 0.f, 21.f, 24.f});
        check_eq("yo2", yo2, {-1.f, -2.f, 0.f, 3.f, 4.f});
        Float x = rand_f(9), y = rand_f(9);
        tj::Ptr<Base> c = ptrs({&b, &a, nullptr, &a, &b, &b, nullptr, &a, &a});
        auto [r0, r1] = func(c, x, y);
        auto [e0, e1] = call_f(c, x, y);
        check_close("random first", r0, e0);
        check_close("random second", r1, e1);
        CHECK(n_recordings(func) == 1);
    });
}

// Dr.Jit's OptimizeCalls flag has no counterpart (tracejit has one way of compiling a dispatch): the port runs the
// opaque and literal fields.
TEST_CASE("test_freeze.py test24_vcall_optimize") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        for (bool opaque : {true, false}) {
            INFO("opaque = " << opaque);
            B a, b;
            ptrs({&a, &b});
            a.value = Float(2.f);
            b.value = Float(3.f);
            if (opaque)
                tj::make_opaque(a.value, b.value);
            auto frozen = tj::freeze(call_g, opts(ao));
            Float x({1, 2, 8, 3, 4});
            tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &a, &a});
            check_eq("first", frozen(c, x), call_g(c, x));
            a.value = Float(3.f);
            b.value = Float(2.f);
            if (opaque)
                tj::make_opaque(a.value, b.value);
            c = ptrs({&a, &a, nullptr, &b, &b});
            check_eq("second", frozen(c, x), call_g(c, x));
            if (!ao)
                CHECK(n_recordings(frozen) == 1);
            Float r = rand_f(5);
            check_eq("random", frozen(c, r), call_g(c, r));
        }
    });
}

TEST_CASE("test_freeze.py test25_multiple_vcalls") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        for (bool opaque : {true, false}) {
            INFO("opaque = " << opaque);
            B a, b;
            ptrs({&a, &b});
            a.value = Float(2.f);
            b.value = Float(3.f);
            if (opaque)
                tj::make_opaque(a.value, b.value);
            auto func = [](tj::Ptr<Base> c, Float xi) {
                Float x = call_h(c, xi);
                tj::make_opaque(x);
                return call_g(c, x);
            };
            auto frozen = tj::freeze(func, opts(ao));
            Float x({1, 2, 8, 3, 4});
            tj::Ptr<Base> c = ptrs({&a, &a, nullptr, &a, &a});
            check_eq("first", frozen(c, x), func(c, x));
            a.value = Float(3.f);
            b.value = Float(2.f);
            if (opaque)
                tj::make_opaque(a.value, b.value);
            c = ptrs({&a, &a, nullptr, &b, &b});
            check_eq("second", frozen(c, x), func(c, x));
            if (!ao)
                CHECK(n_recordings(frozen) == 1);
        }
    });
}

TEST_CASE("test_freeze.py test26_freeze") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto my_kernel = tj::freeze([](Float x) {
            UInt32 x_int = tj::cast<uint32_t>(x);
            Float result = x * x;
            UInt32 result_int = tj::cast<uint32_t>(result);
            return std::make_tuple(result, x_int, result_int);
        }, opts(ao));
        for (int i = 0; i < 4; ++i) {
            Float x = i < 3 ? Float({1.f, 2.f, 3.f}) + tj::opaque<Float>(float(i)) : rand_f(3, 0, 10);
            auto [y, x_int, y_int] = my_kernel(x);
            check_close("y", y, x * x);
            check_eq("x_int", x_int, tj::cast<uint32_t>(x));
            check_eq("y_int", y_int, tj::cast<uint32_t>(y));
        }
        CHECK(n_recordings(my_kernel) == 1);
    });
}

namespace {
Float square(const Float &x) { return x * x; }
std::array<Float, 3> square(const std::array<Float, 3> &x) { return {x[0] * x[0], x[1] * x[1], x[2] * x[2]}; }
} // namespace

TEST_CASE("test_freeze.py test27_calling_frozen_from_frozen") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        for (bool freeze_first : {true, false}) {
            INFO("freeze_first = " << freeze_first);
            size_t n = 37;
            Float x = tj::full<Float>(1.5f, n) + tj::opaque<Float>(2.f);
            Float y = tj::full<Float>(0.5f, n) + tj::opaque<Float>(10.f);
            tj::eval(x, y);
            auto fun1 = tj::freeze([](const auto &x) { return square(x); }, opts(ao));
            auto fun2 = tj::freeze([&fun1](Float x, Float y) { return fun1(x) + fun1(y); }, opts(ao));
            if (freeze_first)
                tj::eval(fun1(x));
            check_close("fun2", fun2(x, y), x * x + y * y);
            if (!freeze_first) {
                auto r2 = fun1(std::array<Float, 3>{Float(0.5f), x, y});
                check_close("fun1 on an Array3f [0]", r2[0], {0.25f});
                check_close("fun1 on an Array3f [1]", r2[1], x * x);
                check_close("fun1 on an Array3f [2]", r2[2], y * y);
                Float x2 = 2.f * x, y2 = 0.5f * y;
                check_close("fun2 again", fun2(x2, y2), x2 * x2 + y2 * y2);
            }
            Float rx = rand_f(n), ry = rand_f(n);
            check_close("fun2 random", fun2(rx, ry), rx * rx + ry * ry);
        }
    });
}

TEST_CASE("test_freeze.py test28_recorded_size") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto plain = [](Float a) {
            Float x = tj::linspace<Float>(-1.f, 1.f, 10) + a;
            Float source = x + 2.f * x;
            UInt32 index = tj::arange<UInt32>(source.size());
            Bool active = index % 2u != 0u;
            return tj::gather<Float>(source, index, active);
        };
        auto fun = tj::freeze(plain, opts(ao));
        Float a(0.1f);
        Float res1 = fun(a), res2 = fun(a), res3 = fun(a);
        check_close("res2", res2, res1);
        check_close("res3", res3, res1);
        check_close("against the unfrozen function", res1, plain(a));
    });
}

TEST_CASE("test_freeze.py test29_with_gathers") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 20;
        auto fun = [](Float x, UInt32 idx) { return tj::gather<Float>(x, idx, idx % 2u != 0u); };
        auto fun_frozen = tj::freeze(fun, opts(ao));
        Float x1 = rand_f(n);
        UInt32 idx1 = tj::arange<UInt32>(n);
        Float result1 = fun_frozen(x1, idx1);
        check_close("1", result1, fun(x1, idx1));
        Float x2 = rand_f(n, -2, -1);
        check_close("2", fun_frozen(x2, idx1), fun(x2, idx1));
        std::vector<uint32_t> rev(n);
        for (size_t i = 0; i < n; ++i)
            rev[i] = uint32_t(n - 1 - i);
        UInt32 idx3(rev);
        check_close("3", fun_frozen(x2, idx3), fun(x2, idx3));
        check_close("4", fun_frozen(x1, idx1), result1);
        CHECK(n_recordings(fun_frozen) == 1);
    });
}

// Python's scatter changes the caller's x; the C++ body scatters into its copy of x (by value), which Dr.Jit's
// commented-out assertions on x would need: the results are compared, as Dr.Jit does.
TEST_CASE("test_freeze.py test30_scatter_with_op") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 16;
        auto func = [](Float x, UInt32 idx) {
            Bool active = idx % 2u != 0u;
            Float result = x - 0.5f;
            tj::scatter(x, result, idx, active);
            return result;
        };
        auto func_frozen = tj::freeze(func, opts(ao));
        Float x1 = rand_f(n);
        UInt32 idx1 = tj::arange<UInt32>(n);
        Float result1 = func_frozen(x1, idx1);
        check_close("1", result1, func(x1, idx1));
        Float x2 = rand_f(n, -2, -1);
        check_close("2", func_frozen(x2, idx1), func(x2, idx1));
        std::vector<uint32_t> rev(n);
        for (size_t i = 0; i < n; ++i)
            rev[i] = uint32_t(n - 1 - i);
        check_close("3", func_frozen(x2, UInt32(rev)), func(x2, UInt32(rev)));
        check_close("4", func_frozen(x1, idx1), result1);
    });
}

// The scatter into the input goes to the caller's array in Python: std::ref here, for the frozen and the unfrozen
// call alike (Dr.Jit compares the two arrays afterwards).
TEST_CASE("test_freeze.py test31_with_gather_and_scatter") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 20;
        auto fun = [](std::reference_wrapper<Float> x, UInt32 idx) {
            Bool active = idx % 2u != 0u;
            Float &dest = x.get();
            UInt32 values = tj::gather<UInt32>(idx, idx, active);
            Float fvalues = tj::cast<float>(values);
            tj::scatter(dest, fvalues, idx, active);
            return std::make_pair(dest, fvalues);
        };
        auto fun_frozen = tj::freeze(fun, opts(ao));
        auto check = [&](const char *what, Float x, UInt32 idx) {
            INFO(what);
            Float xf = x, xp = x;
            auto [d1, v1] = fun_frozen(std::ref(xf), idx);
            auto [d2, v2] = fun(std::ref(xp), idx);
            check_close("dest", d1, d2);
            check_close("values", v1, v2);
            check_close("the caller's array", xf, xp);
        };
        UInt32 idx1 = tj::arange<UInt32>(n);
        check("1", rand_f(n), idx1);
        check("2", rand_f(n, -2, -1), idx1);
        std::vector<uint32_t> rev(n);
        for (size_t i = 0; i < n; ++i)
            rev[i] = uint32_t(n - 1 - i);
        check("3", rand_f(n, -2, -1), UInt32(rev));
        check("4", rand_f(n), idx1);
        CHECK(n_recordings(fun_frozen) <= 2); // (the reversed index is a different array, the same layout)
    });
}

TEST_CASE("test_freeze.py test32_gather_only_pointer_as_input") {
    FreezingOn on;
    using Array3f = std::array<Float, 3>;
    for_auto_opaque([](bool ao) {
        for (char rel : {'<', '=', '>'}) {
            INFO("relative_size = " << rel);
            auto fun = [rel](Float v) {
                size_t w = v.size();
                UInt32 idx;
                Bool active(true);
                if (rel == '<') {
                    idx = tj::arange<UInt32>((w + 2) / 3) * 3u;
                } else if (rel == '=') {
                    idx = tj::arange<UInt32>(w) / 2u;
                } else {
                    idx = tj::arange<UInt32>(5 * w);
                    // A host value made from the width: a literal of the recording (docs/freezing.md "Sizes"),
                    // so replays at other widths are not compared below, as Dr.Jit's test marks them.
                    active = (idx + 2u) < uint32_t(w);
                }
                return Array3f{tj::gather<Float>(v, idx, active), tj::gather<Float>(v, idx + 1u, active),
                               tj::gather<Float>(v, idx + 2u, active)};
            };
            auto expected = [rel](const std::vector<float> &v, size_t k) {
                size_t size = v.size();
                std::vector<float> out;
                if (rel == '<')
                    for (size_t i = 0; i < size / 3; ++i)
                        out.push_back(v[3 * i + k]);
                else if (rel == '=')
                    for (size_t i = 0; i < size; ++i)
                        out.push_back(i / 2 + k < size ? v[i / 2 + k] : 0.f);
                else
                    for (size_t i = 0; i < 5 * size; ++i)
                        out.push_back(i + 2 < size ? v[(i + k) % size] : 0.f);
                return out;
            };
            // The ported frozen function holds `rel` (a capture): a frozen function per relative size.
            auto fun_freeze = tj::freeze(fun, opts(ao));
            size_t n = 7;
            for (int i = 0; i < 3; ++i) {
                Float v = rand_f(3 * n, 0, 1);
                Array3f r = fun(v);
                for (size_t k = 0; k < 3; ++k)
                    check_close("unfrozen", r[k], expected(tj::to_vector(v), k));
            }
            for (size_t i = 0; i < 10; ++i) {
                size_t n_lanes = i <= 5 ? n : n + i;
                Float v = rand_f(3 * n_lanes, 0, 1);
                Array3f r = fun_freeze(v);
                size_t expected_width = rel == '<' ? n_lanes : rel == '=' ? n_lanes * 3 : n_lanes * 15;
                CHECK(r[0].size() == expected_width);
                if (rel == '>' && n_lanes != n)
                    continue; // Dr.Jit's xfail: the width baked into the mask (docs/freezing.md "Sizes")
                for (size_t k = 0; k < 3; ++k)
                    check_close("frozen", r[k], expected(tj::to_vector(v), k));
            }
        }
    });
}

TEST_CASE("test_freeze.py test33_multiple_kernels") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto fn = [](Float x, Float y, bool flag) {
            float quantity = flag ? 0.5f : -0.5f;
            Float intermediate1 = x + quantity, intermediate2 = x * quantity;
            tj::eval(intermediate1, intermediate2);
            Float result = intermediate2 + y;
            return std::make_tuple(intermediate1, std::optional<Float>(), y, result);
        };
        size_t n = 15;
        Float x = tj::full<Float>(1.5f, n) + tj::opaque<Float>(0.2f);
        Float y = tj::full<Float>(0.5f, n) + tj::opaque<Float>(0.1f);
        tj::eval(x, y);
        auto ref = fn(x, y, true);
        auto fn_frozen = tj::freeze(fn, opts(ao));
        for (int k = 0; k < 2; ++k) {
            auto res = fn_frozen(x, y, true);
            check_close("0", std::get<0>(res), std::get<0>(ref));
            CHECK(!std::get<1>(res).has_value());
            check_close("2", std::get<2>(res), y);
            check_close("3", std::get<3>(res), std::get<3>(ref));
        }
        for (int i = 0; i < 4; ++i) {
            Float new_y = y + float(i);
            bool new_flag = i % 2 == 0;
            auto res = fn_frozen(x, new_y, new_flag);
            auto r = fn(x, new_y, new_flag);
            check_close("0", std::get<0>(res), std::get<0>(r));
            CHECK(!std::get<1>(res).has_value());
            check_close("2", std::get<2>(res), new_y);
            check_close("3", std::get<3>(res), std::get<3>(r));
        }
        CHECK(n_recordings(fn_frozen) == 2);
    });
}

// Dr.Jit also passes c once as a Python float and once as an array: a C++ parameter has one type, so c is a host
// float here, whose value is part of the key.
TEST_CASE("test_freeze.py test34_global_flag") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto my_fn = tj::freeze([](Float a, Float b, float c) { return a + b + c; }, opts(ao));
        Float one = tj::full<Float>(1.f, 9) + tj::opaque<Float>(0.f);
        check_close("1", my_fn(one, one, 0.1f), {std::vector<float>(9, 2.1f)});
        check_close("2", my_fn(one, one, 0.6f), {std::vector<float>(9, 2.6f)});
        CHECK(n_recordings(my_fn) == 2);
        tj::set_flag(tj::Flag::KernelFreezing, false);
        check_close("3", my_fn(one, one, 0.9f), {std::vector<float>(9, 2.9f)});
        tj::set_flag(tj::Flag::KernelFreezing, true);
        CHECK(n_recordings(my_fn) == 2);
    });
}

namespace {
struct Toy {
    Float a, b;
};
TJ_STRUCT(Toy, a, b)
struct XYi { // {"x": Float, "yi": UInt32}: a dict of mixed value types is a struct in C++
    Float x;
    UInt32 yi;
};
TJ_STRUCT(XYi, x, yi)
struct D {
    Float d1;
    std::array<Float, 3> d2;
    std::optional<Float> d3;
    std::map<std::string, Float> d4;
    std::tuple<> d5;
    std::vector<Float> d6;
    Toy d7;
};
TJ_STRUCT(D, d1, d2, d3, d4, d5, d6, d7)
struct Toy3 {
    Float a;
    std::pair<Float, UInt32> b;
    std::optional<Float> c;
    D d;
    std::pair<Float, std::map<std::string, std::optional<Float>>> e;
};
TJ_STRUCT(Toy3, a, b, c, d, e)
} // namespace

TEST_CASE("test_freeze.py test35_return_types") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        using Nested = std::vector<std::vector<std::vector<std::vector<Float>>>>;
        auto toy1 = tj::freeze([](Float x) {
            Float y = x * x + tj::sin(x), z = x * x + tj::cos(x);
            return std::make_tuple(x, y, z, Toy{x, y}, XYi{x, tj::cast<uint32_t>(y)}, Nested{{{{x}}}});
        }, opts(ao));
        for (int i = 0; i < 2; ++i) {
            Float input = tj::full<Float>(float(i), 17) + tj::opaque<Float>(0.f);
            auto [r0, r1, r2, r3, r4, r5] = toy1(input);
            Float y = input * input + tj::sin(input);
            check_close("x", r0, input);
            check_close("y", r1, y);
            check_close("z", r2, input * input + tj::cos(input));
            check_close("toy.b", r3.b, y);
            check_eq("dict yi", r4.yi, tj::cast<uint32_t>(y));
            REQUIRE(r5.size() == 1);
            REQUIRE(r5[0][0][0].size() == 1);
            check_close("nested list", r5[0][0][0][0], input);
        }
        auto toy2 = tj::freeze([](Float x, std::reference_wrapper<Float> target) {
            tj::scatter(target.get(), 0.5f + x, tj::arange<UInt32>(x.size()));
        }, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float input = tj::full<Float>(float(i), 17) + tj::opaque<Float>(0.f);
            Float target = tj::opaque<Float>(0.f, input.size());
            toy2(input, std::ref(target));
            check_close("toy2", target, 0.5f + input);
        }
        auto toy3 = tj::freeze([](Float x, Toy y) {
            Float x_d = tj::detach(x);
            Toy3 r;
            r.a = x;
            r.b = {x, tj::cast<uint32_t>(2.f * y.a + y.b)};
            r.d.d1 = x + x;
            r.d.d2 = {x_d, -x_d, 2.f * x_d};
            r.d.d7 = Toy{x, 2.f * x};
            r.e = {x, {{"e1", std::nullopt}}};
            return r;
        }, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float input = tj::full<Float>(float(i), 5) + tj::opaque<Float>(0.f);
            Toy3 r = toy3(input, Toy{input, Float(4.f)});
            check_close("a", r.a, input);
            check_eq("b.second", r.b.second, tj::cast<uint32_t>(2.f * input + 4.f));
            CHECK(!r.c.has_value());
            check_close("d.d1", r.d.d1, input + input);
            check_close("d.d2[1]", r.d.d2[1], -input);
            CHECK(!r.d.d3.has_value());
            CHECK(r.d.d4.empty());
            CHECK(r.d.d6.empty());
            check_close("d.d7.b", r.d.d7.b, 2.f * input);
            REQUIRE(r.e.second.count("e1") == 1);
            CHECK(!r.e.second.at("e1").has_value());
        }
        CHECK(n_recordings(toy3) == 1);
    });
}

namespace {
using Array4f = std::array<Float, 4>;
using Matrix4f = std::array<Array4f, 4>; // rows
struct MyTransform4f {
    Matrix4f matrix, inverse;
};
TJ_STRUCT(MyTransform4f, matrix, inverse)
struct Camera {
    MyTransform4f to_world;
};
TJ_STRUCT(Camera, to_world)
struct Batch {
    Camera camera;
    Float value;
    float offset = 0.5f;
};
TJ_STRUCT(Batch, camera, value, offset)
struct Result36 {
    Float value;
    int constant = 5;
};
TJ_STRUCT(Result36, value, constant)
Array4f matvec(const Matrix4f &m, const Array4f &x) {
    Array4f r;
    for (size_t i = 0; i < 4; ++i)
        r[i] = m[i][0] * x[0] + m[i][1] * x[1] + m[i][2] * x[2] + m[i][3] * x[3];
    return r;
}
} // namespace

TEST_CASE("test_freeze.py test36_drjit_struct_and_matrix") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto fun = [](Batch batch, Array4f x) {
            Array4f res1 = matvec(batch.camera.to_world.matrix, x), res2 = res1, res3;
            for (size_t k = 0; k < 4; ++k) {
                res2[k] = res1[k] + batch.offset;
                res3[k] = batch.value + x[k];
            }
            return std::make_tuple(res1, res2, res3, Result36{batch.value});
        };
        auto fun_frozen = tj::freeze(fun, opts(ao));
        size_t n = 7;
        for (int i = 0; i < 4; ++i) {
            Float oi = tj::opaque<Float>(float(i));
            Array4f x;
            for (size_t k = 0; k < 4; ++k)
                x[k] = tj::linspace<Float>(0.f, 1.f, n) + oi + float(k);
            Batch batch;
            for (size_t r = 0; r < 4; ++r)
                for (size_t c = 0; c < 4; ++c) {
                    batch.camera.to_world.matrix[r][c] = tj::linspace<Float>(0.f, 1.f, n) + oi + float(r + c) + rand_f(n);
                    batch.camera.to_world.inverse[r][c] = 1.f / batch.camera.to_world.matrix[r][c];
                }
            batch.value = tj::linspace<Float>(-1.f, 0.f, n) - oi;
            auto res = fun_frozen(batch, x);
            auto ref = fun(batch, x);
            for (size_t k = 0; k < 4; ++k) {
                check_close("res1", std::get<0>(res)[k], std::get<0>(ref)[k]);
                check_close("res2", std::get<1>(res)[k], std::get<1>(ref)[k]);
                check_close("res3", std::get<2>(res)[k], std::get<2>(ref)[k]);
            }
            check_close("res4", std::get<3>(res).value, std::get<3>(ref).value);
            CHECK(std::get<3>(res).constant == 5);
        }
        CHECK(n_recordings(fun_frozen) == 1);
    });
}

namespace {
struct MyRecord {
    Int32 step_in_segment;
    UInt32 total_steps;
    Bool short_segment;
};
TJ_STRUCT(MyRecord, step_in_segment, total_steps, short_segment)
} // namespace

TEST_CASE("test_freeze.py test37_with_dataclass_in_out") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto acc_fn = [](std::reference_wrapper<MyRecord> record) {
            MyRecord &r = record.get();
            r.step_in_segment += Int32(2);
            return tj::cast<int32_t>(r.total_steps) + r.step_in_segment;
        };
        size_t n_rays = 100;
        MyRecord record{tj::full<Int32>(1, n_rays) + tj::opaque<Int32>(0), tj::zeros<UInt32>(n_rays) + tj::opaque<UInt32>(0),
                        tj::zeros<Bool>(n_rays)};
        auto frozen_acc_fn = tj::freeze(acc_fn, opts(ao));
        UInt32 accumulation = tj::zeros<UInt32>(n_rays);
        int n_iter = 12;
        for (int i = 0; i < n_iter; ++i)
            accumulation += tj::cast<uint32_t>(frozen_acc_fn(std::ref(record)));
        uint32_t expected = 0;
        for (int i = 0; i < n_iter; ++i)
            expected += 0 + 2 * (i + 1) + 1;
        check_eq("accumulation", accumulation, std::vector<uint32_t>(n_rays, expected));
        CHECK(n_recordings(frozen_acc_fn) == 1);
    });
}

namespace {
struct Model38 {
    UInt32 some_state;
    UInt32 forgotten_target_buffer; // not declared below: a frozen function does not see it
};
TJ_STRUCT(Model38, some_state)
} // namespace

TEST_CASE("test_freeze.py test38_allocated_scratch_buffer") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        Model38 model;
        model.some_state = UInt32({1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        model.forgotten_target_buffer = model.some_state + 1u;
        tj::eval(model.some_state, model.forgotten_target_buffer);
        // The body reaches the buffer that is no input through the model it holds: a FreezeError.
        auto fn1 = tj::freeze([&model](UInt32 x) {
            UInt32 index = tj::arange<UInt32>(x.size()) % uint32_t(model.forgotten_target_buffer.size());
            tj::scatter(model.forgotten_target_buffer, x, index);
            return 2u * x;
        }, opts(ao));
        CHECK_THROWS_AS(fn1(UInt32({0, 1})), tj::Error);
        auto fn2 = tj::freeze([](Model38 m, UInt32 x) {
            UInt32 scratch = tj::zeros<UInt32>(m.some_state.size());
            UInt32 index = tj::arange<UInt32>(x.size()) % uint32_t(m.some_state.size());
            tj::scatter(scratch, x, index);
            return scratch * scratch;
        }, opts(ao));
        auto fn3 = tj::freeze([](Model38 m, UInt32 x) {
            UInt32 scratch = tj::zeros<UInt32>(m.some_state.size());
            UInt32 index = tj::arange<UInt32>(x.size()) % uint32_t(m.some_state.size());
            tj::scatter(scratch, x, index);
            return x + tj::gather<UInt32>(scratch, index);
        }, opts(ao));
        for (uint32_t i = 0; i < 4; ++i) {
            std::vector<uint32_t> xs(i + 2);
            for (uint32_t k = 0; k < i + 2; ++k)
                xs[k] = k;
            UInt32 x(xs);
            std::vector<uint32_t> expect(10, 0);
            for (uint32_t k = 0; k < i + 2; ++k)
                expect[k] = xs[k] * xs[k];
            check_eq("fn2", fn2(model, x), expect);
            check_eq("fn3", fn3(model, x), 2u * x);
        }
    });
}

TEST_CASE("test_freeze.py test39_simple_reductions") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 37;
        auto simple_sum = tj::freeze([](Float x) { return tj::sum(x); }, opts(ao));
        auto simple_product = tj::freeze([](Float x) { return tj::prod(x); }, opts(ao));
        auto simple_min = tj::freeze([](Float x) { return tj::hmin(x); }, opts(ao));
        auto simple_max = tj::freeze([](Float x) { return tj::hmax(x); }, opts(ao));
        auto sum_not_returned_wide = tj::freeze([](Float x) { return tj::sum(x) + x; }, opts(ao));
        auto sum_not_returned_single = tj::freeze([](Float x) { return tj::sum(x) + 4.f; }, opts(ao));
        for (int i = 0; i < 4; ++i) {
            Float x = i < 3 ? tj::linspace<Float>(0.f, 1.f, n) + tj::opaque<Float>(float(i)) : rand_f(n, 0.5, 1.5);
            std::vector<float> h = tj::to_vector(x);
            double s = 0, p = 1;
            float mn = h[0], mx = h[0];
            for (float v : h) {
                s += v;
                p *= v;
                mn = std::min(mn, v);
                mx = std::max(mx, v);
            }
            check_close("sum", simple_sum(x), {float(s)});
            check_close("prod", simple_product(x), {float(p)}, 1e-4);
            check_close("min", simple_min(x), {mn});
            check_close("max", simple_max(x), {mx});
            check_close("sum + x", sum_not_returned_wide(x), tjtest::map1(h, [&](float v) { return float(s) + v; }));
            check_close("sum + 4", sum_not_returned_single(x), {float(s) + 4.f});
        }
        CHECK(n_recordings(simple_sum) == 1);
        CHECK(n_recordings(sum_not_returned_wide) == 1);
    });
}

TEST_CASE("test_freeze.py test40_prefix_reductions") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 37;
        auto prefix_sum = tj::freeze([](Float x) { return tj::prefix_sum(x, false); }, opts(ao));
        for (int i = 0; i < 4; ++i) {
            Float x = i < 3 ? tj::linspace<Float>(0.f, 1.f, n) + tj::opaque<Float>(float(i)) : rand_f(n);
            std::vector<float> h = tj::to_vector(x), expect(n);
            double acc = 0;
            for (size_t k = 0; k < n; ++k)
                expect[k] = float(acc += h[k]);
            check_close("prefix sum", prefix_sum(x), expect, 1e-5, 1e-5);
        }
        CHECK(n_recordings(prefix_sum) == 1);
    });
}

// Dr.Jit asserts grad(result) == 0 (an interior node's gradient is cleared by the traversal); tracejit keeps it
// (docs/autodiff.md "Which gradients you see after a traversal"): grad(result) is checked against the unfrozen body.
// R2 (backward inside the body: the gradient of a returned array is 0 after a replay) makes grad(intermediate) and
// grad(result) fail on the replays: may_fail until it is fixed (docs/conformance.md).
TEST_CASE("test_freeze.py test41_reductions_with_ad (sum_with_ad)") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 37;
        auto body = [](Float x, Float width_opaque) {
            Float intermediate = 2.f * x + 1.f;
            tj::enable_grad(intermediate);
            Float result = intermediate * intermediate;
            Float loss = tj::sum(result) / width_opaque;
            tj::backward(loss);
            return std::make_pair(result, intermediate);
        };
        auto sum_with_ad = tj::freeze(body, opts(ao));
        for (int i = 0; i < 3; ++i) {
            INFO("call " << i);
            Float x = tj::linspace<Float>(0.f, 1.f, n + i) + tj::opaque<Float>(float(i));
            auto [result, intermediate] = sum_with_ad(x, tj::opaque<Float>(float(x.size())));
            CHECK(result.size() == n + i);
            CHECK(tj::grad_enabled(result));
            CHECK(tj::grad_enabled(intermediate));
            CHECK(!tj::grad_enabled(x));
            Float expected = 2.f * x + 1.f;
            check_close("intermediate", intermediate, expected);
            check_close("result", result, expected * expected);
            CHECK(n_recordings(sum_with_ad) == 1);
            auto [plain_result, plain_intermediate] = body(x, tj::opaque<Float>(float(x.size())));
            check_close("grad(result)", tj::grad(result), tj::grad(plain_result)); // Dr.Jit: 0
            check_close("grad(intermediate)", tj::grad(intermediate), 2.f * expected / float(x.size()));
        }
    });
}

// The gradient that Python's enable_grad(x) gives the caller's x needs x by reference here (std::ref): R1
// (enable_grad inside a frozen body on a std::ref input loses the gradient on replay) until it is fixed.
TEST_CASE("test_freeze.py test41_reductions_with_ad (product_with_ad)") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 37;
        auto product_with_ad = tj::freeze([](std::reference_wrapper<Float> x) {
            tj::enable_grad(x.get());
            Float loss = tj::prod(x.get());
            tj::backward(loss);
        }, opts(ao));
        for (int i = 0; i < 3; ++i) {
            INFO("call " << i);
            Float x = tj::linspace<Float>(0.1f, 1.f, n + i) + tj::opaque<Float>(float(i));
            product_with_ad(std::ref(x));
            CHECK(tj::grad_enabled(x));
            Float xd = tj::detach(x);
            check_close("grad(x)", tj::grad(x), tj::prod(xd) / xd, 1e-4);
        }
    });
}

TEST_CASE("test_freeze.py test42_size_aliasing") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x, Float y) { return std::make_pair(x + 1.f, y + 2.f); };
        auto frozen_func = tj::freeze(func, opts(ao));
        size_t n = 3;
        for (int i = 0; i < 3; ++i) {
            Float x = tj::linspace<Float>(0.f, 1.f, n) + tj::opaque<Float>(float(i));
            Float y = tj::linspace<Float>(0.f, 1.f, n + i) + tj::opaque<Float>(float(i));
            auto [a, b] = frozen_func(x, y);
            auto [ea, eb] = func(x, y);
            check_close("first", a, ea);
            check_close("second", b, eb);
        }
        CHECK(n_recordings(frozen_func) == 2);
    });
}

TEST_CASE("test_freeze.py test43_pointer_aliasing") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x) {
            Float y = x + 1.f;
            tj::make_opaque(y);
            for (int i = 0; i < 3; ++i) {
                y = y + 1.f;
                tj::make_opaque(y);
            }
            return y;
        };
        for (int i = 0; i < 10; ++i) {
            auto frozen_func = tj::freeze(func, opts(ao));
            Float x = tj::linspace<Float>(0.f, 1.f, 4) + tj::opaque<Float>(float(i));
            check_close("record", frozen_func(x), func(x));
            x = tj::linspace<Float>(0.f, 1.f, 4) + tj::opaque<Float>(float(i)) + rand_f(4);
            check_close("replay", frozen_func(x), func(x));
            CHECK(n_recordings(frozen_func) == 1);
        }
    });
}

// The caller's x gets its gradient enabled by the body (Python's side effect): x is passed by reference. Dr.Jit
// asserts grad(y) == 0; tracejit keeps the seed of a traversal as its start's gradient (docs/autodiff.md "Which
// gradients you see after a traversal"): grad(y) is checked against the unfrozen body. may_fail: R1 (enable_grad
// inside a frozen body on a std::ref input loses the gradient on replay: grad(x) is 0 when x started without
// gradients) and R2 (backward inside the body: grad(y) of the returned array is 0 after a replay).
TEST_CASE("test_freeze.py test44_simple_ad_fully_inside") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto my_kernel = [](std::reference_wrapper<Float> xr) {
            Float &x = xr.get();
            tj::enable_grad(x);
            Float result = x * x;
            tj::backward(result);
            return result;
        };
        for (bool start_enabled : {true, false}) {
            INFO("start_enabled = " << start_enabled);
            auto my_kernel_frozen = tj::freeze(my_kernel, opts(ao));
            for (int i = 0; i < 3; ++i) {
                INFO("call " << i);
                Float x = Float({1.f, 2.f, 3.f}) + tj::opaque<Float>(float(i));
                if (start_enabled)
                    tj::enable_grad(x);
                Float y = my_kernel_frozen(std::ref(x));
                Float xd = tj::detach(x);
                check_close("y", y, xd * xd);
                Float xp = Float({1.f, 2.f, 3.f}) + tj::opaque<Float>(float(i));
                if (start_enabled)
                    tj::enable_grad(xp);
                Float yp = my_kernel(std::ref(xp));
                check_close("grad(y)", tj::grad(y), tj::grad(yp)); // Dr.Jit: 0
                check_close("grad(x)", tj::grad(x), 2.f * xd);
                CHECK(tj::grad_enabled(x));
            }
        }
    });
}

namespace {
struct MyModel45 {
    Float params;
};
TJ_STRUCT(MyModel45, params)
} // namespace

// may_fail: R3 (a replay inside SuspendGrad disables the caller's input gradients: grad_enabled(x) is false after a
// replay where the body enabled it).
TEST_CASE("test_freeze.py test45_suspend_resume") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        for (bool inputs_end_enabled : {true, false}) {
            INFO("inputs_end_enabled = " << inputs_end_enabled);
            const bool params_start_enabled = true, params_end_enabled = false, inputs_start_enabled = true;
            auto eval = [](std::reference_wrapper<MyModel45> model, std::reference_wrapper<Float> xr,
                           bool params_end_enabled, bool inputs_end_enabled) {
                Float &x = xr.get();
                Float &params = model.get().params;
                UInt32 idx = tj::arange<UInt32>(x.size()) % uint32_t(params.size());
                Float latents = tj::gather<Float>(params, idx);
                Float result = x * latents;
                {
                    tj::ResumeGrad resume;
                    set_grad_enabled(params, params_end_enabled);
                    set_grad_enabled(x, inputs_end_enabled);
                }
                return result;
            };
            auto frozen_eval = tj::freeze(eval, opts(ao));
            MyModel45 model{Float({1, 2, 3, 4, 5})};
            for (int i = 0; i < 3; ++i) {
                INFO("call " << i);
                std::vector<float> xs;
                for (int r = 0; r <= i; ++r)
                    for (float v : {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f})
                        xs.push_back(v);
                Float x = Float(xs) + tj::opaque<Float>(float(i));
                set_grad_enabled(model.params, params_start_enabled);
                set_grad_enabled(x, inputs_start_enabled);
                Float result;
                {
                    tj::SuspendGrad suspend;
                    result = frozen_eval(std::ref(model), std::ref(x), params_end_enabled, inputs_end_enabled);
                }
                CHECK(!tj::grad_enabled(result));
                CHECK(tj::grad_enabled(model.params) == params_end_enabled);
                CHECK(tj::grad_enabled(x) == inputs_end_enabled);
                Float gp = tj::grad(model.params);
                CHECK(gp.size() == model.params.size());
                check_eq("grad(params)", gp, std::vector<float>(gp.size(), 0.f));
                Float gx = tj::grad(x);
                CHECK(gx.size() == x.size());
                check_eq("grad(x)", gx, std::vector<float>(gx.size(), 0.f));
            }
            if (!ao)
                CHECK(n_recordings(frozen_eval) == 1);
        }
    });
}

namespace {
struct Model46 {
    Float params;
};
TJ_STRUCT(Model46, params)
} // namespace

TEST_CASE("test_freeze.py test46_with_grad_scatter") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto my_kernel = [](Model46 model, Float x, UInt32 opaque_params_width) {
            UInt32 idx = tj::arange<UInt32>(x.size()) % opaque_params_width;
            tj::ResumeGrad resume;
            Float latents = tj::gather<Float>(model.params, idx);
            Float contrib = x * latents;
            tj::backward(contrib);
            return tj::detach(contrib);
        };
        auto my_kernel_frozen = tj::freeze(my_kernel, opts(ao));
        Model46 model{Float({1, 2, 3, 4, 5})};
        tj::enable_grad(model.params);
        for (int i = 0; i < 6; ++i) {
            INFO("call " << i);
            std::vector<float> xs;
            for (int r = 0; r <= i; ++r)
                for (float v : {1.f, 2.f, 3.f})
                    xs.push_back(v);
            Float x = Float(xs) + tj::opaque<Float>(float(i));
            tj::set_grad(model.params, 0.f);
            CHECK(tj::grad_enabled(model.params));
            Float y;
            {
                tj::SuspendGrad suspend;
                y = my_kernel_frozen(model, x, tj::opaque<UInt32>(uint32_t(model.params.size())));
            }
            CHECK(!tj::grad_enabled(x));
            CHECK(!tj::grad_enabled(y));
            CHECK(tj::grad_enabled(model.params));
            check_close("grad(y)", tj::grad(y), Float(0.f));
            check_close("grad(x)", tj::grad(x), Float(0.f));
            Float expected = tj::zeros<Float>(5);
            tj::scatter_reduce(tj::ReduceOp::Add, expected, x, tj::arange<UInt32>(x.size()) % 5u);
            check_close("grad(params)", tj::grad(model.params), expected);
        }
    });
}

TEST_CASE("test_freeze.py test47_tutorial_example") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto body = [](Float inputs, UInt32 idx, Float params, float target_value, Float grad_factor) {
            Float intermediate = tj::gather<Float>(params, idx);
            Float result = 0.5f * intermediate * intermediate * inputs;
            Float d = result - target_value;
            tj::backward(d * d * grad_factor);
            return tj::detach(result);
        };
        auto frozen_eval = tj::freeze(body, opts(ao));
        Float params({1, 2, 3, 4, 5});
        for (int it = 0; it < 4; ++it) {
            INFO("call " << it);
            tj::disable_grad(params);
            tj::enable_grad(params);
            check_eq("fresh grad", tj::grad(params), std::vector<float>(5, 0.f));
            Float inputs = it < 3 ? Float({0.1f, 0.2f, 0.3f}) : rand_f(3);
            UInt32 idx({1, 2, 3});
            Float grad_factor = 4096.f / tj::opaque<Float>(float(inputs.size()));
            Float result = frozen_eval(inputs, idx, params, 0.5f, grad_factor);
            CHECK(!tj::grad_enabled(result));
            Float got = tj::grad(params);
            CHECK(tj::to_vector(got) != std::vector<float>(5, 0.f));
            Float p2 = tj::detach(params);
            tj::enable_grad(p2);
            {
                tj::IsolateGrad isolate;
                check_close("result", result, body(inputs, idx, p2, 0.5f, grad_factor));
            }
            check_close("grad(params) against the unfrozen body", got, tj::grad(p2), 1e-4);
        }
        CHECK(n_recordings(frozen_eval) == 1);
    });
}

// Differs by design in the number of recordings (below).
TEST_CASE("test_freeze.py test48_compress") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](std::reference_wrapper<Sampler> s) { return tj::compress(s.get().next() < 0.5f); };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t n : {10, 11}) {
            Sampler sampler_func(n), sampler_frozen(n);
            for (int i = 0; i < 3; ++i)
                check_eq("compress", frozen(std::ref(sampler_frozen)), func(std::ref(sampler_func)));
        }
        // Dr.Jit: 1. The first count (5 of 10) equals half of the input's size: a tie that the recording guards
        // (docs/freezing.md "Compress, count and scatter_inc", Ties), and a call whose count differs records anew.
        CHECK(n_recordings(frozen) <= 2);
        CHECK(frozen.stats().dry_run_failures == n_recordings(frozen) - 1);
    });
}

// Dr.Jit records four times (the expanded target of each new size); tracejit once (docs/freezing.md
// "Recordings and the kernel cache"): one recording and one held, results equal to the unfrozen function.
TEST_CASE("test_freeze.py test49_scatter_reduce_expanded") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](std::reference_wrapper<UInt32> target, UInt32 src) {
            tj::scatter_reduce(tj::ReduceOp::Add, target.get(), src, tj::arange<UInt32>(src.size()) % 2u);
        };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 4; ++i) {
            UInt32 src = tj::full<UInt32>(1, 10 + i);
            tj::make_opaque(src);
            UInt32 result = tj::zeros<UInt32>(i + 2);
            tj::make_opaque(result);
            frozen(std::ref(result), src);
            UInt32 reference = tj::zeros<UInt32>(i + 2);
            tj::make_opaque(reference);
            func(std::ref(reference), src);
            check_eq("result", result, reference);
        }
        CHECK(frozen.recording_count() == 1);
        CHECK(n_recordings(frozen) == 1); // Dr.Jit: 4
    });
}

// Dr.Jit: one recording. tracejit takes the target's constant size 5 for half of the first input's 10 elements, so
// the call with 11 elements fails its dry run and records again. There 5 is no multiple or fraction of 11, and the
// body read src.size() on the host, so 5 may have been made from it (src.size() / 2 is 5 at 11 and 6 at 13): the
// recording replays only for 11 elements, and the calls with 12 and 13 record anew (docs/freezing.md "Sizes"):
// four recordings, three dry-run failures, every result right.
TEST_CASE("test_freeze.py test50_scatter_reduce_expanded_identity") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](UInt32 src) {
            UInt32 target = tj::zeros<UInt32>(5);
            tj::scatter_reduce(tj::ReduceOp::Add, target, src, tj::arange<UInt32>(src.size()) % 2u);
            return target;
        };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 4; ++i) {
            UInt32 src = i < 3 ? tj::full<UInt32>(1, 10 + i) : rand_u(10 + i);
            tj::make_opaque(src);
            check_eq("result", frozen(src), func(src));
        }
        CHECK(n_recordings(frozen) == 4); // Dr.Jit: 1
        CHECK(frozen.stats().dry_run_failures == 3);
    });
}

TEST_CASE("test_freeze.py test51_scatter_reduce_expanded_no_memset") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](UInt32 src) {
            UInt32 target = tj::full<UInt32>(5, 1);
            tj::scatter_reduce(tj::ReduceOp::Add, target, src, tj::arange<UInt32>(src.size()) % 2u);
            return target;
        };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 4; ++i) {
            UInt32 src = i < 3 ? tj::full<UInt32>(1, 10 + i) : rand_u(10 + i);
            tj::make_opaque(src);
            check_eq("result", frozen(src), func(src));
        }
        CHECK(n_recordings(frozen) == 1);
        CHECK(frozen.recording_count() == 1);
    });
}

TEST_CASE("test_freeze.py test52_python_inputs") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](UInt32 x, bool neg) { return neg ? (0u - x) + 1u : x + 1u; };
        auto frozen = tj::freeze(func, opts(ao));
        for (uint32_t i = 0; i < 3; ++i)
            for (bool neg : {false, true}) {
                UInt32 x = UInt32({1, 2, 3}) + tj::opaque<UInt32>(i);
                check_eq("call", frozen(x, neg), func(x, neg));
            }
        CHECK(n_recordings(frozen) == 2);
    });
}

TEST_CASE("test_freeze.py test53_scatter_inc") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 37;
        auto acc_with_scatter_inc = [](Float x, std::reference_wrapper<UInt32> counter,
                                       std::reference_wrapper<Float> out_buffer, UInt32 max_points) {
            Bool active = x > 0.5f;
            UInt32 out_idx = tj::scatter_inc(counter.get(), UInt32(0u), active);
            active = active & (out_idx < max_points);
            tj::scatter(out_buffer.get(), x, out_idx, active);
        };
        auto frozen = tj::freeze(acc_with_scatter_inc, opts(ao));
        auto test = [&](size_t i, bool use_frozen) {
            Float x = tj::linspace<Float>(0.1f, 1.f, n + i) + tj::opaque<Float>(float(i)) / 100.f;
            UInt32 counter = tj::opaque<UInt32>(0);
            Float out_buffer = tj::zeros<Float>(10);
            UInt32 max_points = tj::opaque<UInt32>(uint32_t(out_buffer.size()));
            tj::eval(x, counter, out_buffer, max_points);
            if (use_frozen)
                frozen(x, std::ref(counter), std::ref(out_buffer), max_points);
            else
                acc_with_scatter_inc(x, std::ref(counter), std::ref(out_buffer), max_points);
            return std::make_pair(out_buffer, counter);
        };
        for (size_t i = 0; i < 3; ++i) {
            auto [res, c1] = test(i, true);
            auto [ref, c2] = test(i, false);
            std::vector<float> r = tj::to_vector(res);
            for (float v : r)
                CHECK(v > 0.5f); // every entry filled
            check_eq("counter", c1, c2);
        }
    });
}

TEST_CASE("test_freeze.py test54_read_while_frozen") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        CHECK(tj::flag(tj::Flag::KernelFreezing));
        auto frozen = tj::freeze([](UInt32 x) { return x.read(1); }, opts(ao));
        CHECK_THROWS_AS(frozen(UInt32({1, 2, 3})), tj::FreezeError);
    });
}

// Dr.Jit refuses arrays uploaded from host data inside a frozen function (t(10, 10, 10)); tracejit keeps them in the
// recording (docs/freezing.md "What a frozen body may do, and the errors"): no error, and the replays are right.
TEST_CASE("test_freeze.py test55_var_upload") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x) {
            std::vector<Float> arrays;
            for (int i = 0; i < 3; ++i) {
                Float y = tj::arange<Float>(3);
                tj::make_opaque(y);
                arrays.push_back(y);
            }
            arrays.clear();
            return x / Float({10.f, 10.f, 10.f});
        };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float x = i == 0 ? tj::arange<Float>(3) : rand_f(3);
            tj::make_opaque(x);
            check_close("call", frozen(x), func(x)); // Dr.Jit: raises
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

TEST_CASE("test_freeze.py test56_grad_isolate") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto f = [](Float x) { return x * 2.f; };
        auto g = [](Float y) { return y * 3.f; };
        auto func = [g](Float y) { tj::backward(g(y)); };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            INFO("call " << i);
            Float x0 = i == 0 ? tj::arange<Float>(3) : rand_f(3);
            Float x = x0;
            tj::make_opaque(x);
            tj::enable_grad(x);
            Float y = f(x);
            {
                tj::IsolateGrad isolate;
                func(y);
            }
            Float ref = tj::grad(x);
            x = x0;
            tj::make_opaque(x);
            tj::enable_grad(x);
            y = f(x);
            tj::make_opaque(y);
            frozen(y);
            check_close("grad(x)", tj::grad(x), ref);
        }
    });
}

// may_fail: R4 (tj::forward inside the body gives tangent 0 on replay).
TEST_CASE("test_freeze.py test57_isolate_grad_fwd") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto f = [](Float x) { return x * x; };
        auto func = [f](Float x) {
            tj::IsolateGrad isolate;
            Float y = f(x);
            tj::forward(x);
            return y;
        };
        auto frozen = tj::freeze([f](Float x) {
            Float y = f(x);
            tj::forward(x);
            return y;
        }, opts(ao));
        for (int i = 0; i < 3; ++i) {
            INFO("call " << i);
            Float x(float(i) + 0.5f);
            tj::make_opaque(x);
            tj::enable_grad(x);
            Float ref = tj::grad(func(x));
            Float x2(float(i) + 0.5f);
            tj::make_opaque(x2);
            tj::enable_grad(x2);
            check_close("grad(y)", tj::grad(frozen(x2)), ref);
        }
    });
}

TEST_CASE("test_freeze.py test58_grad_postponed_part") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto f = [](Float x) { return x * x * 2.f; };
        auto g = [](Float y) { return y * y * 3.f; };
        auto func = [g](Float y1, Float y2) {
            Float z1 = g(y1), z2 = g(y2);
            tj::backward(z1);
        };
        auto frozen = tj::freeze(func, opts(ao));
        auto run = [&](int i, auto &&fn) {
            Float x1 = tj::arange<Float>(3) + float(i);
            tj::make_opaque(x1);
            tj::enable_grad(x1);
            Float y1 = f(x1);
            Float x2 = tj::arange<Float>(3) + float(i);
            tj::make_opaque(x2);
            tj::enable_grad(x2);
            tj::set_grad(x2, 2.f);
            Float y2 = f(x2);
            fn(y1, y2);
            Float dx1 = tj::grad(x1), dx2_1 = tj::grad(x2);
            tj::set_grad(x2, 1.f);
            tj::backward(x2);
            Float dx1_2 = tj::grad(x2);
            return std::vector<Float>{dx1, dx1_2, dx2_1};
        };
        for (int i = 0; i < 3; ++i) {
            auto ref = run(i, [&](Float y1, Float y2) {
                tj::IsolateGrad isolate;
                func(y1, y2);
            });
            auto res = run(i, [&](Float y1, Float y2) { frozen(y1, y2); });
            for (size_t k = 0; k < 3; ++k)
                check_close("gradient " + std::to_string(k), res[k], ref[k]);
        }
    });
}

// A nested tj::dispatch inside a dispatch case (docs/vcalls.md "Nested calls and recursion").
TEST_CASE("test_freeze.py test59_nested") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        A a;
        B b;
        ptrs({&a, &b});
        a.value = tj::full<Float>(1.f, 16) + tj::opaque<Float>(0.f);
        tj::enable_grad(a.value);
        auto func = [](tj::Ptr<Base> c, Float xi, UInt32 yi) {
            return tj::dispatch(c, [](Base *self, const Float &x, const UInt32 &s) { return self->nested(x, s); },
                                xi, yi);
        };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
            Float xi({1, 2, 8, 3, 4});
            UInt32 yi = ptrs({&a, &a, &a, &a, &a}).ids();
            Float xref = func(c, xi, yi);
            check_close("xref", xref, xi + 1.f);
            check_close("frozen", frozen(c, xi, yi), xref);
        }
    });
}

TEST_CASE("test_freeze.py test60_call_raise") {
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
    auto g = [](Base *self, const Float &x) -> Float {
        if (dynamic_cast<B *>(self))
            throw std::runtime_error("test");
        return x + 1.f;
    };
    CHECK_THROWS_AS(tj::dispatch(c, g, Float({1, 1, 2, 2, 2})), std::runtime_error);
}

TEST_CASE("test_freeze.py test61_reduce_dot") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x, Float y) { return tj::dot(x, y); };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(10 + i), y = tj::arange<Float>(10 + i); // (the same variable twice: CSE)
            check_close("dot", frozen(x, y), func(x, y));
        }
        CHECK(n_recordings(frozen) == 1);
        for (size_t i = 0; i < 3; ++i) {
            Float x = rand_f(10 + i), y = rand_f(10 + i);
            check_close("dot, random", frozen(x, y), func(x, y));
        }
        CHECK(n_recordings(frozen) == 2); // (x and y no longer the same array: a key of its own)
    });
}

// Dr.Jit's n_recordings after clear() counts the recordings held: recording_count() here (stats() keeps counting).
TEST_CASE("test_freeze.py test62_clear") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = tj::freeze([](Float x) { return x + 1.f; }, opts(ao));
        Float y = func(tj::arange<Float>(10));
        CHECK(func.recording_count() == 1);
        func.clear();
        CHECK(func.recording_count() == 0);
        y = func(tj::arange<Float>(10));
        check_close("after clear", y, tj::arange<Float>(10) + 1.f);
        CHECK(func.recording_count() == 1);
    });
}

namespace {
struct Custom63 {
    UInt32 state = UInt32({1, 2, 3});
};
TJ_STRUCT(Custom63, state)
} // namespace

// Dr.Jit's `enabled` option of one frozen function is the global Flag::KernelFreezing here.
TEST_CASE("test_freeze.py test63_method_decorator") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        for (bool enabled : {false, true}) {
            INFO("enabled = " << enabled);
            tj::set_flag(tj::Flag::KernelFreezing, enabled);
            auto method = [](const Custom63 &self, UInt32 x) { return x + self.state; };
            auto frozen = tj::freeze(method, opts(ao));
            Custom63 c;
            for (uint32_t i = 0; i < 3; ++i) {
                UInt32 x = tj::arange<UInt32>(3) + i;
                tj::make_opaque(x);
                check_eq("call", frozen(c, x), method(c, x));
            }
            CHECK(n_recordings(frozen) == (enabled ? 1 : 0));
        }
        tj::set_flag(tj::Flag::KernelFreezing, true);
    });
}

TEST_CASE("test_freeze.py test64_tensor") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x) { return tj::TensorXf(x + 1.f); };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float x = i == 0 ? tj::arange<Float>(100) : rand_f(100);
            tj::TensorXf res = frozen(x), ref = func(x);
            CHECK(res.shape() == ref.shape());
            check_eq("tensor", res.array(), ref.array());
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

TEST_CASE("test_freeze.py test65_assign_tensor") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](std::reference_wrapper<tj::TensorXf> x) { x.get() += tj::TensorXf(Float(1.f), {}); };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float base = i == 0 ? tj::arange<Float>(100) : rand_f(100);
            tj::TensorXf ref(base), res(base);
            func(std::ref(ref));
            frozen(std::ref(res));
            CHECK(res.shape() == ref.shape());
            check_eq("tensor", res.array(), ref.array());
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

// Python's closures are captured variables passed as state (`frozen.call(std::tie(...), x)`), as the tracejit plugin
// does for the captures of a lambda given to tj::freeze (docs/freezing.md "Lambdas with captures").
TEST_CASE("test_freeze.py test66_closure") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        int c1 = 1;
        Float c2(2.f);
        auto func = [&c1, &c2](Float x) { return x + float(c1) + c2; };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(i + 2) + rand_f(i + 2);
            check_close("call", frozen.call(std::tie(c1, c2), x), func(x));
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

TEST_CASE("test_freeze.py test67_mutable_closure") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        Float y1({1, 2, 3}), y2({1, 2, 3});
        auto func = [&y1](Float x) { y1 += x; };
        auto frozen = tj::freeze([&y2](Float x) { y2 += x; }, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float x = Float(float(i));
            tj::make_opaque(x);
            func(x);
            frozen.call(std::tie(y2), x);
            check_close("closure", y2, y1);
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

namespace {
struct MyClass68 { // not a TJ_STRUCT: the state function names what the frozen method reads
    float something1 = 4.5f;
    Float something2 = Float({1, 2, 3, 4, 5});
    Float func(Float x, UInt32 idx) const { return x * something1 * tj::gather<Float>(something2, idx); }
};
} // namespace

TEST_CASE("test_freeze.py test68_state_decorator") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        MyClass68 c;
        auto frozen = tj::freeze([&c](Float x, UInt32 idx) { return c.func(x, idx); }, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(i + 2) + rand_f(i + 2);
            UInt32 idx = tj::arange<UInt32>(i + 2);
            check_close("call", frozen.call(std::tie(c.something1, c.something2), x, idx), c.func(x, idx));
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

// Dr.Jit's limit=0 keeps no recording and -1/None any number; tracejit's limit 0 keeps any number
// (docs/freezing.md "How many recordings are kept") and a negative limit is not a value of its type: the port runs
// None (0 here), 1 and 2.
TEST_CASE("test_freeze.py test69_max_cache_size") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        for (uint32_t limit : {0u, 1u, 2u}) {
            INFO("limit = " << limit);
            auto func = [](Float x, int p) { return x + float(p); };
            auto frozen = tj::freeze(func, opts(ao, limit));
            int n = 3;
            for (int i = 0; i < n; ++i) {
                Float x = Float({float(i), float(i + 1), float(i + 2)});
                check_close("call", frozen(x, i), func(x, i));
            }
            CHECK(n_recordings(frozen) == uint64_t(n));
            CHECK(frozen.recording_count() == (limit == 0 ? size_t(n) : size_t(limit)));
        }
    });
}

TEST_CASE("test_freeze.py test69_lru_eviction") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto frozen = tj::freeze([](Float x, int p) { return x + float(p); }, opts(ao, 2));
        Float x({0, 1, 2});
        frozen(x, 0);
        frozen(x, 1);
        frozen(x, 2); // evicts p = 0
        CHECK(n_recordings(frozen) == 3);
        check_close("p = 1 replayed", frozen(x, 1), x + 1.f);
        CHECK(n_recordings(frozen) == 3);
        check_close("p = 0 recorded again", frozen(x, 0), x);
        CHECK(n_recordings(frozen) == 4);
    });
}

// Dr.Jit only prints the warnings; the port checks that they are logged.
TEST_CASE("test_freeze.py test70_warn_recordings") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        tj::FreezeOptions o = opts(ao);
        o.warn_after = 2;
        auto frozen = tj::freeze([](Float x, int i) { return x + float(i); }, o);
        tj_test::LogCapture log(tj::LogLevel::Warn);
        for (int i = 0; i < 4; ++i)
            frozen(Float({1, 2, 3}), i);
        CHECK(n_recordings(frozen) == 4);
        CHECK(log.count(tj::LogLevel::Warn) >= 1);
    });
}

// test71_texture: Dr.Jit's use_accel and ForceOptiX have no counterpart; the texture is an input (its tj_fields).
TEST_CASE("test_freeze.py test71_texture") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](tj::Texture1f tex, Float pos) { return tex.eval({pos})[0]; };
        auto frozen = tj::freeze(func, opts(ao));
        int n = 4;
        for (size_t i = 0; i < 3; ++i) {
            tj::Texture1f tex({2}, 1, tj::FilterMode::Linear, tj::WrapMode::Repeat);
            tex.set_value(i == 0 ? Float({0.f, 1.f}) : rand_f(2));
            Float pos = tj::arange<Float>(i + 2) / float(n);
            check_close("eval", frozen(tex, pos), func(tex, pos));
        }
        CHECK(n_recordings(frozen) < uint64_t(n));
    });
}

// test71b_texture_write: hardware texture writes, CUDA and Metal only in Dr.Jit (docs/conformance.md).

// Dr.Jit's `backend` option (and the error for the wrong one) has no counterpart: the backend is chosen with
// tj::set_backend; the part without inputs is ported.
TEST_CASE("test_freeze.py test72_no_input") {
    FreezingOn on;
    auto func = []() { return tj::arange<Float>(10); };
    auto frozen = tj::freeze(func);
    for (int i = 0; i < 3; ++i)
        check_close("call", frozen(), func());
    CHECK(n_recordings(frozen) == 1);
}

TEST_CASE("test_freeze.py test73_opaque_width") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x) { return tj::mean(x); };
        auto frozen = tj::freeze(func, opts(ao));
        int n = 3;
        for (int i = 0; i < n; ++i) {
            Float x = tj::arange<Float>(3 + i) + rand_f(3 + i);
            check_close("mean", frozen(x), func(x));
        }
        CHECK(n_recordings(frozen) < uint64_t(n));
    });
}

// Dr.Jit also checks that the caller's literal became an evaluated array: the body receives copies here, and
// auto-opaque makes the copy opaque (docs/freezing.md "Auto-opaque"); the caller's array is not checked.
TEST_CASE("test_freeze.py test74_auto_opaque_retraverse") {
    FreezingOn on;
    auto func = [](Float x) { return x + 1.f; };
    auto frozen = tj::freeze(func, opts(true));
    for (int i = 0; i < 3; ++i) {
        Float x = Float(float(i)); // a literal
        check_close("call", frozen(x), func(x));
    }
    CHECK(n_recordings(frozen) == 2);
}

// Dr.Jit records twice with auto_opaque (the literal's width changes); tracejit's key holds a literal's value and
// whether its width is 1, not the width (docs/freezing.md "Inputs and the layout key"): one recording either way.
TEST_CASE("test_freeze.py test75_changing_literal_width") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        tj::FreezeOptions o = opts(ao);
        o.warn_after = 3;
        auto func = [](Float x, Float) { return x + 1.f; };
        auto frozen = tj::freeze(func, o);
        for (size_t i = 0; i < 10; ++i) {
            Float lit = tj::zeros<Float>((i + 1) * 10);
            Float x = lit + 0.5f;
            tj::make_opaque(x);
            check_close("call", frozen(x, lit), func(x, lit));
        }
        CHECK(n_recordings(frozen) == 1); // Dr.Jit: 2 with auto_opaque, 1 without
    });
}

namespace {
struct MyHolder {
    tj::TensorXf lit;
};
TJ_STRUCT(MyHolder, lit)
} // namespace

// As test75, with the literal in a tensor held by a struct.
TEST_CASE("test_freeze.py test76_changing_literal_width_holder") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        tj::FreezeOptions o = opts(ao);
        o.warn_after = 3;
        auto func = [](Float x, MyHolder) { return x + 1.f; };
        auto frozen = tj::freeze(func, o);
        for (size_t i = 0; i < 10; ++i) {
            MyHolder holder{tj::TensorXf(tj::zeros<Float>((i + 1) * 10))};
            Float x = holder.lit.array() + 0.5f;
            tj::make_opaque(x);
            check_close("call", frozen(x, holder), func(x, holder));
        }
        CHECK(n_recordings(frozen) == 1); // Dr.Jit: 2 with auto_opaque, 1 without
    });
}

// test77_optimizers: drjit.opt (SGD, RMSProp, Adam) has no counterpart in tracejit (docs/conformance.md).

namespace {
struct Test78 { // Python: an object that is neither traversable nor hashable, keyed by its id; here a host field
    int x = 0;
};
TJ_STRUCT(Test78, x)
} // namespace

TEST_CASE("test_freeze.py test78_hash_id_fallback") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x, Test78 t) { return x + float(t.x); };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(3);
            check_close("call", frozen(x, Test78{i}), func(x, Test78{i}));
        }
        CHECK(n_recordings(frozen) == 3);
    });
}

TEST_CASE("test_freeze.py test79_empty") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        size_t n = 5;
        auto func = [](std::reference_wrapper<Float> x, UInt32 i, float v) { tj::scatter(x.get(), Float(v), i); };
        auto frozen = tj::freeze(func, opts(ao));
        for (uint32_t i = 0; i < n; ++i) {
            Float res = tj::empty<Float>(n);
            frozen(std::ref(res), UInt32(i), 1.f);
            Float ref = tj::empty<Float>(n);
            func(std::ref(ref), UInt32(i), 1.f);
            CHECK(res.read(i) == ref.read(i));
            CHECK(res.read(i) == 1.f);
        }
    });
}

TEST_CASE("test_freeze.py test80_tensor_mean") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](tj::TensorXf x) { return tj::mean(x.array()); };
        auto frozen = tj::freeze(func, opts(ao));
        auto make = [](std::vector<size_t> shape) {
            size_t n = shape[0] * shape[1] * shape[2];
            return tj::TensorXf(tj::arange<Float>(n) + rand_f(n), shape);
        };
        for (size_t i = 0; i < 3; ++i) {
            tj::TensorXf x = make({i + 3, 10, 5});
            check_close("mean", frozen(x), func(x));
        }
        CHECK(n_recordings(frozen) == 1);
        for (size_t i = 0; i < 3; ++i) {
            tj::TensorXf x = make({10, i + 3, 5});
            check_close("mean, trailing dimension changed", frozen(x), func(x));
        }
        CHECK(n_recordings(frozen) == 4);
    });
}

TEST_CASE("test_freeze.py test81_changing_closures") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        int y = 1;
        auto func = [&y](Float x) { return x + float(y); };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(i + 3);
            check_close("call", frozen.call(std::tie(y), x), func(x));
        }
        CHECK(n_recordings(frozen) == 1);
        for (size_t i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(i + 3);
            y += 1;
            check_close("changed closure", frozen.call(std::tie(y), x), func(x));
        }
        CHECK(n_recordings(frozen) == 4);
    });
}

namespace {
struct Test82 {
    int *y;
    Float func(Float x) const { return x + float(*y); }
};
} // namespace

TEST_CASE("test_freeze.py test82_changing_closures_methods") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        int y = 1;
        Test82 test{&y};
        auto frozen = tj::freeze([&test](Float x) { return test.func(x); }, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(i + 3);
            check_close("call", frozen.call(std::tie(y), x), test.func(x));
        }
        CHECK(n_recordings(frozen) == 1);
        for (size_t i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(i + 3);
            y += 1;
            check_close("changed closure", frozen.call(std::tie(y), x), test.func(x));
        }
        CHECK(n_recordings(frozen) == 4);
    });
}

TEST_CASE("test_freeze.py test83_any") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Bool x) { return tj::any(x); };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 4; ++i) {
            std::vector<bool> v(i + 3, false);
            if (i % 2)
                v[2] = true;
            Bool x(v);
            check_eq("any", frozen(x), func(x));
            CHECK(frozen(x).read(0) == bool(i % 2));
        }
    });
}

// Dr.Jit records four times (the odd sizes fail the dry run); tracejit replays a shorter last block
// (docs/freezing.md "Compress, count and scatter_inc", last item): one recording.
TEST_CASE("test_freeze.py test84_block_sum") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x) { return tj::block_sum(x, 2); };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 7; ++i) {
            Float x = tj::arange<Float>(i + 4) + rand_f(i + 4);
            check_close("block_sum", frozen(x), func(x));
        }
        CHECK(n_recordings(frozen) == 1); // Dr.Jit: 4
        CHECK(frozen.recording_count() == 1);
    });
}

// Dr.Jit records at every call (the block sum's odd sizes and the compress); tracejit follows both on replay.
TEST_CASE("test_freeze.py test85_dry_run_failure") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        tj::FreezeOptions o = opts(ao);
        o.warn_after = 0;
        auto func = [](Float x) { return tj::compress(tj::block_sum(x, 2) > 3.f); };
        auto frozen = tj::freeze(func, o);
        int n = 4;
        for (int i = 0; i < n; ++i) {
            Float x = tj::arange<Float>(i + 4);
            check_eq("compress", frozen(x), func(x));
        }
        CHECK(n_recordings(frozen) <= uint64_t(n)); // Dr.Jit: 4
        CHECK(frozen.recording_count() == 1);
    });
}

// test86_nested_vcalls and test87_nested_vcalls_member: a nested tj::dispatch inside a dispatch case (docs/vcalls.md
// "Nested calls and recursion"). Dr.Jit's test87 expects an error (its freezing cannot follow a member pointer);
// tracejit records it (docs/vcalls.md "Freezing").
TEST_CASE("test_freeze.py test86_nested_vcalls") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        A a;
        B b;
        ptrs({&a, &b});
        a.value = tj::full<Float>(1.f, 16) + tj::opaque<Float>(0.f);
        tj::Ptr<Base> c = ptrs({&a, &a, nullptr, nullptr, &b, &b});
        // (Lane 4 holds a B whose B::nested dispatches on an A: a B there would call B::nested without end.)
        UInt32 s = ptrs({&a, &b, nullptr, &b, &a, &a}).ids();
        auto func = [](tj::Ptr<Base> c, Float x, UInt32 s) {
            return tj::dispatch(c, [](Base *self, const Float &x, const UInt32 &s) { return self->nested(x, s); }, x, s);
        };
        auto frozen = tj::freeze(func, opts(ao));
        for (int i = 0; i < 3; ++i) {
            Float x = tj::arange<Float>(6) + rand_f(6);
            check_close("nested", frozen(c, x, s), func(c, x, s));
        }
        CHECK(n_recordings(frozen) == 1);
        // A lane that recurses without end is a tj::Error, frozen or not (docs/vcalls.md "Nested calls and recursion").
        UInt32 endless = ptrs({&a, &b, nullptr, &b, &b, &a}).ids();
        Float x = tj::arange<Float>(6);
        CHECK_THROWS_AS(tj::eval(func(c, x, endless)), tj::Error);
        CHECK_THROWS_AS(tj::eval(frozen(c, x, endless)), tj::Error);
    });
}

TEST_CASE("test_freeze.py test87_nested_vcalls_member") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        A a;
        B b;
        ptrs({&a, &b});
        a.value = tj::full<Float>(1.f, 16) + tj::opaque<Float>(0.f);
        b.s = ptrs({&a});
        tj::Ptr<Base> c = ptrs({&a, &a, nullptr, nullptr, &b, &b});
        auto func = [](tj::Ptr<Base> c, Float x) {
            return tj::dispatch(c, [](Base *self, const Float &x) { return self->nested_self(x); }, x);
        };
        auto frozen = tj::freeze(func, opts(ao));
        Float x = tj::arange<Float>(6);
        check_close("nested through a member", frozen(c, x), func(c, x)); // Dr.Jit: raises
    });
}

TEST_CASE("test_freeze.py test88_tensor_indexing") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](tj::TensorXf x, UInt32 row, UInt32 col) {
            return tj::gather<Float>(x.array(), row * uint32_t(x.shape()[1]) + col);
        };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            std::vector<size_t> shape{i + 4, 10};
            tj::TensorXf x(tj::arange<Float>(shape[0] * shape[1]) + rand_f(shape[0] * shape[1]), shape);
            UInt32 row = tj::arange<UInt32>(i + 3), col = tj::arange<UInt32>(i + 3) + 1u;
            check_close("gather", frozen(x, row, col), func(x, row, col));
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

TEST_CASE("test_freeze.py test89_tensor_slicing") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](tj::TensorXf x) { return x.slice({tj::all, 3, 1}); };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            std::vector<size_t> shape{i + 4, 10, 3};
            size_t n = shape[0] * shape[1] * shape[2];
            tj::TensorXf x(tj::arange<Float>(n) + rand_f(n), shape);
            tj::TensorXf res = frozen(x), ref = func(x);
            CHECK(res.shape() == ref.shape());
            check_close("slice", res.array(), ref.array());
        }
        CHECK(n_recordings(frozen) == 1);
    });
}

// Dr.Jit's x[row, col] with two index arrays is NumPy's advanced indexing (the arrays zipped); tracejit's slice takes
// their outer product (docs/tensors.md "Shape operations"): the zipped form is the gather of test88, and the port
// checks the outer product against the unfrozen slice. Dr.Jit records once; tracejit pins the index arrays' sizes
// (docs/tensors.md "Tensors in frozen functions"), so each new size records again (dry-run failures).
TEST_CASE("test_freeze.py test90_tensor_slicing") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](tj::TensorXf x, UInt32 row, UInt32 col) { return x.slice({row, col}); };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 4; ++i) {
            std::vector<size_t> shape{i + 5, 10};
            tj::TensorXf x(tj::arange<Float>(shape[0] * shape[1]), shape);
            UInt32 row = tj::arange<UInt32>(i + 2), col = tj::arange<UInt32>(i + 2) + 1u;
            tj::TensorXf res = frozen(x, row, col), ref = func(x, row, col);
            CHECK(res.shape() == ref.shape());
            check_close("slice", res.array(), ref.array());
        }
        CHECK(n_recordings(frozen) == 4); // Dr.Jit: 1
        CHECK(frozen.stats().dry_run_failures == 3);
    });
}

TEST_CASE("test_freeze.py test91_grad_doc") {
    FreezingOn on;
    auto func = tj::freeze([](Float y) { tj::backward(tj::mean(y)); });
    Float x = tj::arange<Float>(3);
    tj::enable_grad(x);
    Float y = x * x;
    func(y);
    check_close("recording", tj::grad(x), 2.f * tj::detach(x) / 3.f);
    tj::set_grad(x, 0.f); // dr.clear_grad
    y = x * 2.f;
    func(y);
    check_close("replay", tj::grad(x), {2.f / 3.f, 2.f / 3.f, 2.f / 3.f});
}

// Python's list holding itself: a cycle through std::shared_ptr (docs/freezing.md "Inputs and the layout key").
namespace {
struct Cyclic {
    Float head;
    std::shared_ptr<Cyclic> self;
};
TJ_STRUCT(Cyclic, head, self)
} // namespace

TEST_CASE("test_freeze.py test92_refcycle") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](std::shared_ptr<Cyclic> l) { l->head = l->head + 1.f; };
        auto frozen = tj::freeze(func, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            auto res = std::make_shared<Cyclic>();
            res->head = tj::arange<Float>(i + 3);
            res->self = res;
            frozen(res);
            auto ref = std::make_shared<Cyclic>();
            ref->head = tj::arange<Float>(i + 3);
            ref->self = ref;
            func(ref);
            check_close("head", res->head, ref->head);
            res->self.reset(); // (break the cycles)
            ref->self.reset();
        }
    });
}

namespace {
struct MyClass93 {
    Float z;
};
TJ_STRUCT(MyClass93, z)
} // namespace

TEST_CASE("test_freeze.py test93_auto_opaque_list") {
    FreezingOn on;
    auto frozen = tj::freeze([](Float x, Float, std::vector<Float>, MyClass93) { return x + 1.f; });
    for (size_t i = 0; i < 3; ++i) {
        Float x = tj::arange<Float>(i + 2);
        float fi = float(i);
        check_close("call", frozen(x, Float(fi), std::vector<Float>{Float(1.f), Float(fi)}, MyClass93{Float(fi)}),
                    x + 1.f);
    }
    // (Dr.Jit asserts nothing more. Equal literals are one variable here, so Float(1.f) in l and y alias on the
    // second call and not on the first: the number of recordings depends on the values.)
}

TEST_CASE("test_freeze.py test94_exception") {
    FreezingOn on;
    auto frozen = tj::freeze([](Float x) -> Float { throw std::runtime_error("test"); });
    CHECK_THROWS_AS(frozen(tj::arange<Float>(3)), std::runtime_error);
    CHECK(frozen.recording_count() == 0);
}

TEST_CASE("test_freeze.py test95_vcall_exception") {
    FreezingOn on;
    A a;
    B b;
    tj::Ptr<Base> c = ptrs({&a, &a, nullptr, nullptr, &b, &b});
    a.value = tj::full<Float>(1.f, 16) + tj::opaque<Float>(0.f);
    // (Dr.Jit's body calls nested_self, a nested dispatch: R5. call_h keeps the point: a dispatch, then a throw.)
    auto frozen = tj::freeze([](tj::Ptr<Base> c, Float x) -> Float {
        Float r = call_h(c, x);
        throw std::runtime_error("test");
    });
    CHECK_THROWS_AS(frozen(c, tj::arange<Float>(6)), std::runtime_error);
    CHECK(frozen.recording_count() == 0);
}

// test96_coop_vec, test97_coop_vec_bwd: cooperative vectors and drjit.nn have no counterpart (docs/conformance.md).

// Dr.Jit's body appends to the list it was given, and the call with another width raises. tracejit writes the
// container sizes of a pointee back as recorded (docs/freezing.md "Writes through references"): the replay appends.
TEST_CASE("test_freeze.py test98_changing_list") {
    FreezingOn on;
    auto func = [](std::reference_wrapper<std::vector<Float>> x) { x.get().push_back(x.get()[0] + 1.f); };
    auto frozen = tj::freeze(func);
    std::vector<Float> x{Float({1, 2, 3})};
    bool threw = false;
    try {
        frozen(std::ref(x));
    } catch (const tj::Error &) {
        threw = true;
    }
    if (!threw) {
        REQUIRE(x.size() == 2);
        check_close("appended", x[1], Float({2, 3, 4}));
        x = {Float({1, 2, 3, 4})};
        frozen(std::ref(x)); // Dr.Jit: raises; tracejit replays the container size it recorded
        REQUIRE(x.size() == 2);
        check_close("replayed append", x[1], Float({2, 3, 4, 5}));
    }
}

// test99_construction_failure: a Python class whose constructor needs arguments; a C++ result type without a default
// constructor does not compile (freeze.h's static_assert), so there is nothing to run.

// test100_kernel_history: Dr.Jit's kernel history has no counterpart (docs/conformance.md).

// Dr.Jit's `enabled` option of one frozen function is the global Flag::KernelFreezing here.
TEST_CASE("test_freeze.py test101_enabled") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](Float x) { return x + 1.f; };
        auto frozen = tj::freeze(func, opts(ao));
        tj::set_flag(tj::Flag::KernelFreezing, false);
        check_close("disabled", frozen(tj::arange<Float>(10)), func(tj::arange<Float>(10)));
        CHECK(n_recordings(frozen) == 0);
        tj::set_flag(tj::Flag::KernelFreezing, true);
        check_close("enabled", frozen(tj::arange<Float>(11)), func(tj::arange<Float>(11)));
        CHECK(n_recordings(frozen) == 1);
        check_close("replay", frozen(tj::arange<Float>(12)), func(tj::arange<Float>(12)));
        CHECK(n_recordings(frozen) == 1);
    });
}

// Python's `x = x + 1` rebinds a local (the caller's x unchanged) and `x += 1` changes the caller's array: by value
// and by reference here.
TEST_CASE("test_freeze.py test102_assignment") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func1 = [](Float x) { x = x + 1.f; };
        auto frozen1 = tj::freeze(func1, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            Float ref = tj::arange<Float>(i + 3), res = tj::arange<Float>(i + 3);
            frozen1(ref);
            func1(res);
            check_close("rebinding", ref, res);
            check_close("unchanged", ref, tj::arange<Float>(i + 3));
        }
        auto func2 = [](std::reference_wrapper<Float> x) { x.get() += Float(1.f); };
        auto frozen2 = tj::freeze(func2, opts(ao));
        for (size_t i = 0; i < 3; ++i) {
            Float ref = tj::arange<Float>(i + 3), res = tj::arange<Float>(i + 3);
            frozen2(std::ref(ref));
            func2(std::ref(res));
            check_close("in place", ref, res);
        }
    });
}

// dr.rng's Generator is tj::PCG32 here (seeded on construction, no Python int turned into an array later).
TEST_CASE("test_freeze.py test103_rng") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](std::reference_wrapper<tj::PCG32> rng, Float) { return rng.get().next_float32(); };
        auto frozen = tj::freeze(func, opts(ao));
        tj::PCG32 rng_ref(10, 42), rng_frozen(10, 42);
        Float x(1.f);
        for (int i = 0; i < 3; ++i)
            check_close("call", frozen(std::ref(rng_frozen), x), func(std::ref(rng_ref), x));
        tj::PCG32 a(10, 42), b(10, 42);
        check_close("reseeded", frozen(std::ref(a), x), func(std::ref(b), x));
    });
}

// test104_batched_gemm, test105_batched_gemm_varying_batch: no dr.matmul counterpart. test106_nested_switch: no
// dr.switch counterpart (tj::dispatch takes objects). (docs/conformance.md)

TEST_CASE("test_freeze.py test107_frozen_getter") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        A a;
        B b;
        tj::Ptr<Base> c = ptrs({&a, &a, &a, &b, &b});
        auto func = tj::freeze([](tj::Ptr<Base> c) {
            return tj::dispatch(c, [](Base *self) { return self->opaque_getter(); });
        }, opts(ao));
        for (int it = 0; it < 4; ++it) {
            a.opaque = tj::opaque<Float>(1.f + it);
            b.opaque = tj::opaque<Float>(2.f + it);
            float u = 1.f + it, v = 2.f + it;
            check_eq("getter", func(c), {u, u, u, v, v});
        }
        CHECK(n_recordings(func) == 1);
    });
}

// Dr.Jit marks this an expected failure (the advanced index's size baked into the kernel). tracejit's index arrays
// index their own axis (docs/tensors.md), and the port checks the replays against the unfrozen slice.
TEST_CASE("test_freeze.py test108_tensor_slicing_advanced_trailing") {
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto func = [](tj::TensorXf x, UInt32 row) { return x.slice({row, tj::all}); };
        auto frozen = tj::freeze(func, opts(ao));
        tj::TensorXf x(tj::arange<Float>(30), {10, 3});
        for (size_t i = 0; i < 4; ++i) {
            UInt32 row = tj::arange<UInt32>(i + 2);
            tj::TensorXf res = frozen(x, row), ref = func(x, row);
            CHECK(res.shape() == ref.shape());
            check_close("slice", res.array(), ref.array());
        }
    });
}
