// tests/conformance/test_switch.cpp — Dr.Jit's tests/test_switch.py ported: dr.switch as tj::dispatch over callables
//
// The cases are ported from Dr.Jit's tests/test_switch.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the C++
// written anew. dr.switch(index, targets, args...) is tj::dispatch over objects that each hold one target, through a
// pointer array made from the index (Switch below); Dr.Jit's symbolic and evaluated calls are tracejit's one form per
// case (docs/vcalls.md); its `active` argument is an enclosing tj::if_stmt, which masks the lanes a dispatch runs.
// docs/conformance.md lists every test with its status.
#include "conformance.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace conf;

namespace {

/// dr.switch's targets: one tj::Object per callable, and the pointer array an index array selects.
template <typename R, typename... Args> struct Switch {
    struct Target : tj::Object {
        std::function<R(const Args &...)> fn;
    };
    std::vector<std::unique_ptr<Target>> targets;

    explicit Switch(std::vector<std::function<R(const Args &...)>> fns) {
        for (auto &f : fns) {
            targets.push_back(std::make_unique<Target>());
            targets.back()->fn = std::move(f);
        }
    }
    /// The pointer array of `index` (an index past the targets is nullptr, whose lanes give zeros).
    tj::Ptr<Target> pointers(const UInt32 &index) const {
        tj::Ptr<Target> p(nullptr);
        for (size_t k = 0; k < targets.size(); ++k)
            p = tj::select(index == uint32_t(k), tj::Ptr<Target>(targets[k].get()), p);
        return p;
    }
    auto operator()(const UInt32 &index, const Args &...args) const {
        return tj::dispatch(pointers(index), [](Target *t, const Args &...a) { return t->fn(a...); }, args...);
    }
};

using Pair = std::pair<Int32, Int32>;
using FPair = std::pair<Float, Float>;

} // namespace

TEST_CASE("test_switch.py test02_switch_vec_simple") {
    Switch<Pair, Int32, Int32> sw({[](const Int32 &a, const Int32 &b) { return Pair(a * 4, b + 1); },
                                   [](const Int32 &a, const Int32 &b) { return Pair(a * 8, -b); }});
    auto [r0, r1] = sw(UInt32({0, 0, 1, 1}), Int32({1, 2, 3, 4}), Int32(1));
    check_eq("r0", r0, {4, 8, 24, 32});
    check_eq("r1", r1, {2, 2, -1, -1});
    // Fresh random indices and values against C++.
    std::vector<uint32_t> idx = tjtest::small_ints<uint32_t>(500, fresh_seed(), 0, 1);
    std::vector<int32_t> a = tjtest::small_ints<int32_t>(500, fresh_seed(), -100, 100);
    auto [s0, s1] = sw(UInt32(idx), Int32(a), Int32(1));
    std::vector<int32_t> e0, e1;
    for (size_t i = 0; i < idx.size(); ++i)
        e0.push_back(a[i] * (idx[i] ? 8 : 4)), e1.push_back(idx[i] ? -1 : 2);
    check_eq("random r0", s0, e0);
    check_eq("random r1", s1, e1);
}

// Dr.Jit's `active` is an enclosing tj::if_stmt; its check that `active` is a literal inside the targets has no
// counterpart (the targets take no mask).
TEST_CASE("test_switch.py test03_switch_vec_masked") {
    Switch<Pair, Int32, Int32> sw({[](const Int32 &a, const Int32 &) { return Pair(a * 4, Int32(2)); },
                                   [](const Int32 &a, const Int32 &b) { return Pair(a * 8, -b); }});
    Int32 r0 = tj::zeros<Int32>(4), r1 = tj::zeros<Int32>(4);
    tj::if_stmt(Bool({true, false, true, false}), std::tie(r0, r1),
                [&](Int32 &r0, Int32 &r1) { std::tie(r0, r1) = sw(UInt32({0, 0, 1, 1}), Int32({1, 2, 3, 4}), Int32(1)); },
                [](Int32 &, Int32 &) {});
    check_eq("r0", r0, {4, 0, 24, 0});
    check_eq("r1", r1, {2, 0, -1, 0});
}

// Dicts are std::maps: keys that differ between the targets are a tj::Error.
TEST_CASE("test_switch.py test04_failure_incompatible_dict") {
    using Dict = std::map<std::string, UInt32>;
    Switch<Dict, UInt32> sw({[](const UInt32 &a) { return Dict{{"a", a}}; },
                             [](const UInt32 &a) { return Dict{{"b", a}}; }});
    std::string err = error_of([&] { sw(UInt32({0, 0, 1, 1}), UInt32({1, 2, 3, 4})); });
    INFO(err);
    CHECK(!err.empty());
}

// Dr.Jit's ArrayXu is a std::vector<UInt32>: lengths that differ are a tj::Error, equal ones merge.
TEST_CASE("test_switch.py test05_failure_incompatible_shape") {
    using Vec = std::vector<UInt32>;
    Switch<Vec, UInt32> bad({[](const UInt32 &a) { return Vec{a, a}; }, [](const UInt32 &a) { return Vec{a, a, a}; }});
    std::string err = error_of([&] { bad(UInt32({0, 0, 1, 1}), UInt32({1, 2, 3, 4})); });
    INFO(err);
    CHECK(!err.empty());
    Switch<Vec, UInt32> good({[](const UInt32 &a) { return Vec{a * 1u, a * 2u}; },
                              [](const UInt32 &a) { return Vec{a * 3u, a * 4u}; }});
    Vec r = good(UInt32({0, 0, 1, 1}), UInt32({1, 2, 3, 4}));
    check_eq("r0", r[0], {1u, 2u, 9u, 12u});
    check_eq("r1", r[1], {2u, 4u, 12u, 16u});
}

TEST_CASE("test_switch.py test07_failure_incompatible_type") {
    Switch<UInt32, UInt32> sw({[](const UInt32 &x) { return x; },
                               [](const UInt32 &) -> UInt32 { throw std::runtime_error("foobar"); }});
    try {
        sw(UInt32({0, 0, 1, 1}), UInt32({1, 2, 3, 4}));
        FAIL("no exception");
    } catch (const std::exception &e) {
        CHECK(std::string(e.what()).find("foobar") != std::string::npos);
    }
}

TEST_CASE("test_switch.py test02_switch_autodiff_forward") {
    Switch<FPair, Float, Float> sw({[](const Float &a, const Float &b) { return FPair(a * 4.f, b); },
                                    [](const Float &a, const Float &b) { return FPair(a * 8.f, -b); }});
    Float a({1, 2, 3, 4}), b(1.f);
    tj::enable_grad(a, b);
    auto [r0, r1] = sw(UInt32({0, 0, 1, 1}), a, b);
    check_close("r0", r0, {4.f, 8.f, 24.f, 32.f});
    check_close("r1", r1, {1.f, 1.f, -1.f, -1.f});
    tj::forward(a);
    check_close("grad r0", tj::grad(r0), {4.f, 4.f, 8.f, 8.f});
    check_close("grad r1", tj::grad(r1), {0.f, 0.f, 0.f, 0.f});
}

TEST_CASE("test_switch.py test03_switch_autodiff_forward_implicit") {
    UInt32 idx({0, 0, 1, 1});
    Float a({1, 2, 3, 4});
    { // variant 0: an implicit dependence through a gather
        Float data({1, 2, 3, 4});
        tj::enable_grad(data);
        Float data2 = data * data;
        Switch<Float, Float, UInt32> sw({[&](const Float &a, const UInt32 &i) { return a + tj::gather<Float>(data2, i); },
                                         [&](const Float &a, const UInt32 &i) {
                                             return a + 4.f * tj::gather<Float>(data2, i);
                                         }});
        Float r = sw(idx, a, UInt32({3, 2, 1, 0}));
        check_close("r", r, {1.f + 16.f, 2.f + 9.f, 3.f + 16.f, 4.f + 4.f});
        tj::set_grad(data, Float({1, 2, 3, 4}));
        tj::forward(data);
        check_close("grad", tj::grad(r), {32.f, 18.f, 32.f, 8.f});
    }
    { // variant 1: a width-1 array read directly
        Float value(4.f);
        tj::enable_grad(value);
        Float value2 = 2.f * value;
        Switch<Float, Float> sw({[&](const Float &) { return value2; }, [](const Float &a) { return 4.f * a; }});
        Float r = sw(idx, a);
        check_close("r", r, {8.f, 8.f, 12.f, 16.f});
        tj::forward(value);
        check_close("grad", tj::grad(r), {2.f, 2.f, 0.f, 0.f});
    }
}

TEST_CASE("test_switch.py test04_switch_autodiff_backward") {
    Switch<FPair, Float, Float> sw({[](const Float &a, const Float &b) { return FPair(a * 4.f, b); },
                                    [](const Float &a, const Float &b) { return FPair(a * 8.f, -b); }});
    Float a({1, 2, 3, 4}), b({1, 1, 1, 1});
    tj::enable_grad(a, b);
    auto [r0, r1] = sw(UInt32({0, 0, 1, 1}), a, b);
    check_close("r0", r0, {4.f, 8.f, 24.f, 32.f});
    tj::backward(tj::sum(r0) + tj::sum(r1));
    check_close("grad a", tj::grad(a), {4.f, 4.f, 8.f, 8.f});
    check_close("grad b", tj::grad(b), {1.f, 1.f, -1.f, -1.f});
}

TEST_CASE("test_switch.py test05_switch_autodiff_backward_implicit") {
    UInt32 idx({0, 0, 1, 1}), i({3, 2, 1, 0});
    Float a({1, 2, 3, 4});
    {
        Float data({1, 2, 3, 4});
        tj::enable_grad(data);
        Switch<Float, Float, UInt32> sw({[&](const Float &a, const UInt32 &i) { return a + tj::gather<Float>(data, i); },
                                         [&](const Float &a, const UInt32 &i) {
                                             return a + 4.f * tj::gather<Float>(data, i);
                                         }});
        Float r = sw(idx, a, i);
        check_close("r", r, {5.f, 5.f, 11.f, 8.f});
        tj::backward(r);
        check_close("grad", tj::grad(data), {4.f, 4.f, 1.f, 1.f});
    }
    {
        Float data(3.f);
        tj::enable_grad(data);
        Switch<Float, Float, UInt32> sw({[&](const Float &, const UInt32 &) { return data + 0.f; },
                                         [&](const Float &a, const UInt32 &) { return a + 4.f * data; }});
        Float r = sw(idx, a, i);
        check_close("r", r, {3.f, 3.f, 15.f, 16.f});
        tj::backward(r);
        check_close("grad", tj::grad(data), {10.f});
    }
    {
        Float data(3.f);
        tj::enable_grad(data);
        Switch<Float, Float, UInt32> sw({[&](const Float &, const UInt32 &) { return data; },
                                         [&](const Float &, const UInt32 &) { return data; }});
        Float r = sw(idx, a, i);
        check_close("r", r, {3.f, 3.f, 3.f, 3.f});
        tj::backward(r);
        check_close("grad", tj::grad(data), {4.f});
    }
}

// A target that returns an array of another width than the lanes (width 2 against 4) is a tj::Error (Dr.Jit's
// message differs); both of Dr.Jit's cases (symbolic and not) are this one.
TEST_CASE("test_switch.py test06_invalid_implicit_dependence") {
    Float data({3.f, 4.f});
    tj::enable_grad(data);
    Switch<Float, Float, UInt32> sw({[&](const Float &, const UInt32 &) { return data; },
                                     [&](const Float &a, const UInt32 &) { return a + 4.f * data; }});
    std::string err = error_of([&] { sw(UInt32({0, 0, 1, 1}), Float({1, 2, 3, 4}), UInt32({3, 2, 1, 0})); });
    INFO(err);
    CHECK(!err.empty());
}

TEST_CASE("test_switch.py test07_uninitialized_array_in") {
    Switch<Float, Float> sw({[](const Float &a) { return a; }, [](const Float &a) { return a * 2.f; }});
    std::string err = error_of([&] { sw(UInt32({0, 0, 1, 1}), Float()); });
    INFO(err);
    CHECK(!err.empty());
}

TEST_CASE("test_switch.py test08_uninitialized_array_out") {
    Switch<Float, Float> sw({[](const Float &a) { return a; }, [](const Float &) { return Float(); }});
    std::string err = error_of([&] { sw(UInt32({0, 0, 1, 1}), Float({1, 2, 3, 4})); });
    INFO(err);
    CHECK(!err.empty());
}

// Dicts and tuples are a std::map and std::pairs; forward_from(a['key']) is tj::forward.
TEST_CASE("test_switch.py test09_complex") {
    using In = std::map<std::string, Float>;
    using Out = std::pair<Float, FPair>;
    Switch<Out, In, FPair> sw({[](const In &a, const FPair &b) { return Out(a.at("key") * 5.f, b); },
                               [](const In &a, const FPair &b) { return Out(a.at("key") * 3.f, FPair(b.second, b.first)); }});
    In a{{"key", Float({1, 2, 3, 4})}};
    FPair b(Float(2.f), Float({10, 11, 12, 13}));
    tj::enable_grad(a["key"], b.first, b.second);
    auto [rv0, rv1] = sw(UInt32({0, 0, 1, 1}), a, b);
    check_eq("rv0", rv0, {5.f, 10.f, 9.f, 12.f});
    check_eq("rv1.0", rv1.first, {2.f, 2.f, 12.f, 13.f});
    check_eq("rv1.1", rv1.second, {10.f, 11.f, 2.f, 2.f});
    tj::forward(a["key"]);
    check_eq("grad rv0", tj::grad(rv0), {5.f, 5.f, 3.f, 3.f});
    check_eq("grad rv1.0", tj::grad(rv1.first), {0.f, 0.f, 0.f, 0.f});
    check_eq("grad rv1.1", tj::grad(rv1.second), {0.f, 0.f, 0.f, 0.f});
}

// The targets take their argument by value (Python's `x += 10` rebinds a local): the caller's array is unchanged.
TEST_CASE("test_switch.py test11_no_mutate") {
    auto add = [](uint32_t k) {
        return [k](const UInt32 &x) {
            UInt32 y = x;
            y += k;
            return y;
        };
    };
    Switch<UInt32, UInt32> sw({add(10), add(100), add(1000)});
    UInt32 x({1, 2, 3});
    check_eq("r", sw(UInt32({0, 1, 2}), x), {11u, 102u, 1003u});
    check_eq("x", x, {1u, 2u, 3u});
}

// A mask false everywhere (literal or opaque): zeros, and the targets' scatter_reduce is not applied.
TEST_CASE("test_switch.py test14_switch_vec_fully_masked") {
    for (bool opaque : {true, false}) {
        INFO("opaque mask " << opaque);
        Int32 global({0, 1, 2, 3});
        auto side = [&](Pair x) {
            tj::scatter_add(global, x.second, UInt32(0u));
            return x;
        };
        Switch<Pair, Int32, Int32> sw({[&](const Int32 &a, const Int32 &) { return side(Pair(a * 4, Int32(2))); },
                                       [&](const Int32 &a, const Int32 &b) { return side(Pair(a * 8, -b)); }});
        Bool active(false);
        if (opaque)
            tj::make_opaque(active);
        Int32 r0 = tj::zeros<Int32>(4), r1 = tj::zeros<Int32>(4);
        tj::if_stmt(active, std::tie(r0, r1),
                    [&](Int32 &r0, Int32 &r1) { std::tie(r0, r1) = sw(UInt32({0, 0, 1, 1}), Int32({1, 2, 3, 4}), Int32(1)); },
                    [](Int32 &, Int32 &) {});
        check_eq("r0", r0, {0, 0, 0, 0});
        check_eq("r1", r1, {0, 0, 0, 0});
        check_eq("global", global, {0, 1, 2, 3});
    }
}

// A dispatch nested in a target, both reading data2 through gathers; forward_to(r) is tj::forward(data).
TEST_CASE("test_switch.py test15_ad_nested_implicit_dep_fwd") {
    Float data({1, 2, 3, 4});
    tj::enable_grad(data);
    Float data2 = data * data;
    Switch<Float, Float, UInt32> inner({[&](const Float &a, const UInt32 &i) { return a + tj::gather<Float>(data2, i); },
                                        [&](const Float &a, const UInt32 &i) {
                                            return a + tj::gather<Float>(data2, 3u - i);
                                        }});
    Switch<Float, Float, UInt32> outer({[&](const Float &a, const UInt32 &i) { return inner(i / 2u, a, i); },
                                        [](const Float &, const UInt32 &) { return Float(123.f); }});
    Float r = outer(UInt32({0, 0, 0, 1}), Float({0.1f, 0.2f, 0.3f, 0.4f}), UInt32({3, 2, 1, 0}));
    check_close("r", r, {1.1f, 4.2f, 4.3f, 123.f});
    tj::set_grad(data, Float({1, 2, 3, 4}));
    tj::forward(data);
    check_close("grad", tj::grad(r), {2.f, 8.f, 8.f, 0.f});
}

TEST_CASE("test_switch.py test17_switch_uneven_buckets") {
    Switch<Int32, Int32> sw({[](const Int32 &x) { return x; }, [](const Int32 &x) { return x * 10; }});
    Int32 r = tj::zeros<Int32>(6);
    tj::if_stmt(Bool({true, false, false, true, true, true}), std::tie(r),
                [&](Int32 &r) { r = sw(UInt32({0, 1, 1, 1, 1, 1}), Int32({1, 2, 3, 4, 5, 6})); }, [](Int32 &) {});
    check_eq("r", r, {1, 0, 0, 40, 50, 60});
}

// A host `true` mask is no mask.
TEST_CASE("test_switch.py test15_switch_scalar_mask") {
    Switch<Int32, Int32> sw({[](const Int32 &x) { return x; }, [](const Int32 &x) { return x * 10; }});
    check_eq("r", sw(UInt32({0, 0, 1, 1, 1}), Int32({1, 2, 3, 4, 5})), {1, 2, 30, 40, 50});
}

TEST_CASE("test_switch.py test16_switch_loop_in_target") {
    Int32 impl_data = tj::opaque<Int32>(3, 1);
    auto a = [&](const Int32 &x) {
        Int32 z = impl_data + x;
        tj::while_loop(std::tie(z), [](const Int32 &z) { return z < 10; }, [](Int32 &z) { z += 2; });
        return 3 * z;
    };
    Switch<Int32, Int32> sw({a, [](const Int32 &x) { return x * 10; }});
    check_eq("r", sw(UInt32({0, 0, 1, 1, 1}), Int32({1, 2, 3, 4, 5})), {30, 33, 30, 40, 50});
}

// A backward inside one target from a gather of buf2 (Dr.Jit's postponed edge): buf1 gets the gradient of the lanes
// that run it. F8 (fixed): the same with a backward in both targets lost the second one's gradient
// (tests/runtime/test_dispatch_grad.cpp); this case also runs that form.
TEST_CASE("test_switch.py test17_bwd_in_switch") {
    Float buf1({0, 0, 0, 0});
    tj::enable_grad(buf1);
    Float buf2 = tj::gather<Float>(buf1, UInt32({0, 1, 2, 3}));
    Switch<Float, Float, UInt32> sw({[&](const Float &a, const UInt32 &b) {
                                         Float d = tj::gather<Float>(buf2, b);
                                         tj::backward(2.f * d);
                                         return d + 3.f * a;
                                     },
                                     [](const Float &a, const UInt32 &) { return a; }});
    Float r = sw(UInt32({0, 0, 1, 1}), Float({1, 2, 3, 4}), UInt32({0, 1, 2, 3}));
    check_close("r", r, {3.f, 6.f, 3.f, 4.f});
    check_close("grad", tj::grad(buf1), {2.f, 2.f, 0.f, 0.f});
    // Both targets run a backward from the same earlier array.
    Float x = tj::arange<Float>(4);
    tj::enable_grad(x);
    Float y = x * 2.f;
    Switch<Float, Float> both({[&](const Float &a) {
                                   tj::backward(y * 2.f);
                                   return a;
                               },
                               [&](const Float &a) {
                                   tj::backward(y * 3.f);
                                   return a;
                               }});
    both(UInt32({0, 0, 1, 1}), Float({1, 2, 3, 4}));
    check_close("both", tj::grad(x), {4.f, 4.f, 6.f, 6.f});
}

// The loop's mask reaches the call: the lane with an index past the targets (nullptr here) and the lane that runs
// no iteration keep their values; forward_to(out) is tj::forward(val).
TEST_CASE("test_switch.py test18_apply_loop_mask") {
    Switch<Float, Float> sw({[](const Float &v) { return v * 2.f; }, [](const Float &) { return Float(0.f); }});
    Float val(2.f);
    tj::enable_grad(val);
    tj::set_grad(val, 1.f);
    UInt32 count({0, 0, 1}), index({0, 1, 123});
    Float out(1.f);
    tj::while_loop(std::tie(count, out), [](const UInt32 &c, const Float &) { return c < 1u; },
                   [&](UInt32 &c, Float &o) {
                       o = sw(index, val);
                       c = c + 1u;
                   });
    tj::forward(val);
    check_close("out", out, {4.f, 0.f, 1.f});
    Float g = tj::grad(out);
    CHECK(g.read(0) == 2.f);
    CHECK(g.read(1) == 0.f);
}

// A loop in a target that gathers from a buffer the loop does not carry.
TEST_CASE("test_switch.py test19_filter_loop_state") {
    Float buffer = tj::zeros<Float>(100);
    tj::make_opaque(buffer);
    Switch<Float, Float> sw({[&](const Float &x0) {
                                 Float x = x0;
                                 tj::while_loop(std::tie(x), [](const Float &x) { return x < 10.f; },
                                                [&](Float &x) {
                                                    x += tj::gather<Float>(buffer, UInt32(0u));
                                                    x += 1.f;
                                                });
                                 return x;
                             },
                             [](const Float &x) { return x; }});
    check_close("out", sw(UInt32({0, 1}), Float({0.1f, 0.2f})), {10.1f, 0.2f});
}

// A nested dispatch whose inner targets read a buffer (gather) and a texture, the outer ones an opaque scalar.
TEST_CASE("test_switch.py test20_nested_switch_data") {
    Float buf({5, 6, 7, 8});
    tj::Texture1f tex({2}, 1, tj::FilterMode::Linear, tj::WrapMode::Clamp);
    tex.set_value(Float({0.f, 1.f}));
    Float a0 = tj::opaque<Float>(10.f), a1 = tj::opaque<Float>(20.f);
    auto leaf = [&](float extra) {
        return [&, extra](const UInt32 &j, const Float &x) {
            return tj::gather<Float>(buf, j) + tex.eval({x})[0] + extra;
        };
    };
    Switch<Float, UInt32, Float> inner({leaf(0.f), leaf(100.f)});
    Switch<Float, UInt32, UInt32, Float> outer(
        {[&](const UInt32 &i2, const UInt32 &j, const Float &x) { return inner(i2, j, x) + a0; },
         [&](const UInt32 &i2, const UInt32 &j, const Float &x) { return inner(i2, j, x) + a1; }});
    Float r = outer(UInt32({0, 0, 1, 1}), UInt32({0, 1, 0, 1}), UInt32({0, 1, 2, 3}), Float({0.25f, 0.75f, 0.25f, 0.75f}));
    check_close("r", r, {15.f, 117.f, 27.f, 129.f});
}

// Many targets, each closing over its own opaque scalars of several types (no 8- and 16-bit types or float16 in
// tracejit): a weighted sum of them plus x, checked against the host.
TEST_CASE("test_switch.py test21_switch_many_opaque") {
    struct Capture {
        int type; // 0 Bool, 1 Int32, 2 UInt32, 3 Float, 4 Int64, 5 UInt64, 6 Float64
        int value, weight;
    };
    std::vector<std::vector<Capture>> specs;
    specs.push_back({{4, 42, 1}});
    for (int t = 0; t < 7; ++t)
        specs.push_back({{t, 5, 1}, {t, 9, 2}});
    std::vector<uint32_t> r = tjtest::small_ints<uint32_t>(400, 12345, 0, 1000000);
    size_t next = 0;
    for (int s = 0; s < 24; ++s) {
        std::vector<Capture> spec;
        int k = 2 + int(r[next++] % 11);
        for (int j = 0; j < k; ++j)
            spec.push_back({int(r[next++] % 7), 1 + int(r[next++] % 100), j + 1});
        specs.push_back(spec);
    }
    std::vector<std::function<Float(const Float &)>> fns;
    std::vector<double> sums;
    for (const auto &spec : specs) {
        std::vector<Float> caps;
        double sum = 0;
        for (const Capture &c : spec) {
            Float v;
            switch (c.type) {
            case 0: v = tj::select(tj::opaque<Bool>(c.value != 0, 1), Float(1.f), Float(0.f)); break;
            case 1: v = tj::cast<Float>(tj::opaque<Int32>(c.value, 1)); break;
            case 2: v = tj::cast<Float>(tj::opaque<UInt32>(uint32_t(c.value), 1)); break;
            case 3: v = tj::opaque<Float>(float(c.value), 1); break;
            case 4: v = tj::cast<Float>(tj::opaque<tj::Int64>(c.value, 1)); break;
            case 5: v = tj::cast<Float>(tj::opaque<tj::UInt64>(uint64_t(c.value), 1)); break;
            default: v = tj::cast<Float>(tj::opaque<Float64>(double(c.value), 1)); break;
            }
            caps.push_back(v * float(c.weight));
            sum += double(c.weight) * (c.type == 0 ? (c.value != 0) : c.value);
        }
        fns.push_back([caps](const Float &x) {
            Float acc(0.f);
            for (const Float &c : caps)
                acc = acc + c;
            return acc + x;
        });
        sums.push_back(sum);
    }
    const size_t n = fns.size();
    Switch<Float, Float> sw(fns);
    std::vector<uint32_t> sel;
    std::vector<float> x, expect;
    for (size_t i = 0; i < 4 * n; ++i) {
        sel.push_back(uint32_t((i * 7 + 3) % n));
        x.push_back(float(i));
        expect.push_back(float(sums[sel.back()] + double(i)));
    }
    check_close("r", sw(UInt32(sel), Float(x)), expect);
}

TEST_CASE("test_switch.py test22_fwd_partial_seed_multiple_implicit") {
    Float x(2.f), y(3.f);
    tj::enable_grad(x, y);
    Switch<Float, Float> sw({[&](const Float &a) { return a * x * y; }, [&](const Float &a) { return a + x * y; }});
    Float r = sw(UInt32({0, 1}), Float({1.f, 1.f}));
    tj::forward(x);
    check_close("grad", tj::grad(r), {3.f, 3.f});
}
