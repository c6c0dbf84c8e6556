// tests/conformance/test_loop.cpp — Dr.Jit's tests/test_while_loop.py (main parts) ported to tj::while_loop
//
// The cases are ported from Dr.Jit's tests/test_while_loop.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the
// C++ written anew: Dr.Jit's symbolic mode is tj::while_loop (its evaluated mode and the OptimizeLoops flag have no
// counterpart). docs/conformance.md lists every Dr.Jit test with its status.
#include "conformance.h"

#include <tuple>

using namespace conf;

TEST_CASE("test_while_loop.py test01_simple") {
    UInt32 i = tj::arange<UInt32>(7), z(0u);
    tj::while_loop(std::tie(i, z), [](const UInt32 &i, const UInt32 &) { return i < 5u; },
                   [](UInt32 &i, UInt32 &z) {
                       i += 1u;
                       z = i + 4u;
                   });
    check_eq("i", i, {5u, 5u, 5u, 5u, 5u, 5u, 6u});
    check_eq("z", z, {9u, 9u, 9u, 9u, 9u, 0u, 0u});
    // Fresh random starts against a C++ loop.
    std::vector<uint32_t> s = tjtest::small_ints<uint32_t>(1000, fresh_seed(), 0, 20);
    UInt32 j(s), w(0u);
    tj::while_loop(std::tie(j, w), [](const UInt32 &j, const UInt32 &) { return j < 10u; },
                   [](UInt32 &j, UInt32 &w) {
                       j += 1u;
                       w = j + 4u;
                   });
    std::vector<uint32_t> ej(s), ew(s.size(), 0);
    for (size_t k = 0; k < s.size(); ++k)
        while (ej[k] < 10)
            ew[k] = ++ej[k] + 4;
    check_eq("random i", j, ej);
    check_eq("random z", w, ew);
}

// Only Dr.Jit's test_mut has a C++ form: the state is the caller's variables (std::tie), which the loop updates.
TEST_CASE("test_while_loop.py test02_mutate") {
    UInt32 x(1u);
    tj::while_loop(std::tie(x), [](const UInt32 &x) { return x < 10u; }, [](UInt32 &x) { x += 1u; });
    check_eq("x", x, {10u});
}

TEST_CASE("test_while_loop.py test05_change_size") {
    UInt32 i({5, 10});
    std::string err = error_of([&] {
        tj::while_loop(std::tie(i), [](const UInt32 &i) { return i < 10u; }, [](UInt32 &i) { i = UInt32({10, 11, 12}); });
    });
    CHECK(!err.empty());
}

TEST_CASE("test_while_loop.py test06_incompatible_size") {
    UInt32 i({5, 6, 7}), j({2, 7});
    std::string err = error_of([&] {
        tj::while_loop(std::tie(i, j), [](const UInt32 &i, const UInt32 &) { return i < 10u; },
                       [](UInt32 &i, UInt32 &j) {
                           i += 1u;
                           j += 1u;
                       });
    });
    CHECK(!err.empty());
}

TEST_CASE("test_while_loop.py test07_uninitialized_before") {
    UInt32 i({5, 6, 7}), j;
    std::string err = error_of([&] {
        tj::while_loop(std::tie(i, j), [](const UInt32 &i, const UInt32 &) { return i < 10u; },
                       [](UInt32 &i, UInt32 &j) {
                           i += 1u;
                           j += 1u;
                       });
    });
    CHECK(!err.empty());
}

TEST_CASE("test_while_loop.py test09_cond_err") {
    UInt32 i({5, 6, 7});
    CHECK_THROWS(tj::while_loop(std::tie(i), [](const UInt32 &) -> Bool { throw std::runtime_error("oops"); },
                                [](UInt32 &i) { i += 1u; }));
}

TEST_CASE("test_while_loop.py test10_body_err") {
    UInt32 i({5, 6, 7});
    CHECK_THROWS(tj::while_loop(std::tie(i), [](const UInt32 &i) { return i < 10u; },
                                [](UInt32 &) { throw std::runtime_error("oops"); }));
}

// Dr.Jit also counts the kernel's direct scatters in its log; the port checks the values.
TEST_CASE("test_while_loop.py test13_scatter_v1") {
    UInt32 i({0, 1}), v({0, 0}), j(0u);
    tj::while_loop(std::tie(i, j), [](const UInt32 &i, const UInt32 &) { return i < 10u; },
                   [&v](UInt32 &i, UInt32 &j) {
                       i += 1u;
                       j = j;
                       tj::scatter_add(v, UInt32(1u), UInt32(0u));
                   });
    CHECK(v.read(0) == 19);
    check_eq("i", i, {10u, 10u});
}

TEST_CASE("test_while_loop.py test14_scatter_v2") {
    UInt32 i({0, 1}), v({0, 0});
    tj::while_loop(std::tie(i), [](const UInt32 &i) { return i < 10u; },
                   [&v](UInt32 &i) {
                       i += 1u;
                       tj::scatter_add(v, UInt32(1u), UInt32(0u));
                   });
    CHECK(v.read(0) == 19);
    check_eq("i", i, {10u, 10u});
}

TEST_CASE("test_while_loop.py test15_nested_loop") {
    UInt32 n = tj::arange<UInt32>(17), i(0u), accum(0u);
    tj::while_loop(std::tie(i, accum), [&n](const UInt32 &i, const UInt32 &) { return i < n; },
                   [](UInt32 &i, UInt32 &accum) {
                       UInt32 j(0u);
                       tj::while_loop(std::tie(j, accum), [&i](const UInt32 &j, const UInt32 &) { return j < i; },
                                      [](UInt32 &j, UInt32 &accum) {
                                          j += 1u;
                                          accum += 1u;
                                      });
                       i += 1u;
                   });
    check_eq("accum", accum, n * (n - 1u) / 2u);
}

// Lane k scatters into accum[n[k]] = accum[k] once per inner iteration: k (k - 1) / 2 times.
TEST_CASE("test_while_loop.py test16_nested_loop_with_side_effect") {
    UInt32 n = tj::arange<UInt32>(17), i(0u), accum = tj::zeros<UInt32>(17);
    tj::while_loop(std::tie(i), [&n](const UInt32 &i) { return i < n; },
                   [&](UInt32 &i) {
                       UInt32 j(0u);
                       tj::while_loop(std::tie(j), [&i](const UInt32 &j) { return j < i; },
                                      [&](UInt32 &j) {
                                          j += 1u;
                                          tj::scatter_add(accum, UInt32(1u), n);
                                      });
                       i += 1u;
                   });
    check_eq("accum", accum, n * (n - 1u) / 2u);
}

TEST_CASE("test_while_loop.py test08_uninitialized_after") {
    UInt32 i({5, 6}), j({7, 8});
    std::string err = error_of([&] {
        tj::while_loop(std::tie(i, j), [](const UInt32 &i, const UInt32 &) { return i < 10u; },
                       [](UInt32 &i, UInt32 &j) {
                           i += 1u;
                           j = UInt32();
                       });
    });
    INFO(err);
    CHECK(!err.empty());
}

// Dr.Jit's Array2u is two UInt32 in C++; its kernel-log checks (only the requested component is evaluated) have no
// counterpart, the values do.
TEST_CASE("test_while_loop.py test11_dependency_structure") {
    UInt32 ax(1234u), ay(5678u), one = tj::opaque<UInt32>(1u), b(0u);
    tj::while_loop(std::tie(ax, ay, b), [](const UInt32 &, const UInt32 &, const UInt32 &b) { return b == 0u; },
                   [&one](UInt32 &ax, UInt32 &ay, UInt32 &b) {
                       b = UInt32(100u);
                       ax += one;
                       ay += one;
                   });
    for (int i = 0; i < 2; ++i) {
        CHECK((ax + 1u).read(0) == 1236u);
        CHECK((ay + 1u).read(0) == 5680u);
    }
}

// Dr.Jit checks that the index of `a` is unchanged when OptimizeLoops folds the loop away (a literal false
// condition); the flag has no counterpart: the values are checked.
TEST_CASE("test_while_loop.py test17_optimize_away") {
    UInt32 a({1, 2, 3}), j(1u);
    tj::while_loop(std::tie(a), [&j](const UInt32 &a) { return (a < 10u) & (j == 0u); }, [](UInt32 &a) { a += 1u; });
    check_eq("a", a, {1u, 2u, 3u});
}

// Python's identity checks (`zo is z`) are the array's variable: an unchanged state variable comes back as the same
// array (docs/control-flow.md "Gradients": "comes back as the same array"). A state passed by value is not written
// back; std::tie is Python's in-place mutation of the tuple's arrays.
TEST_CASE("test_while_loop.py test18_no_mutate_inputs") {
    Float x = tj::opaque<Float>(1.f), z = tj::opaque<Float>(2.f);
    auto [xo, zo] = tj::while_loop(std::make_tuple(x, z), [](const Float &x, const Float &) { return x < 10.f; },
                                   [](Float &x, Float &) { x = x + 1.f; });
    CHECK(xo.index() != x.index());
    check_eq("xo", xo, {10.f});
    check_eq("x", x, {1.f});
    CHECK(zo.index() == z.index());

    std::pair<Float, Float> q1(tj::opaque<Float>(3.f), Float({4, 5})), q2(tj::opaque<Float>(6.f), Float({7, 8}));
    uint32_t q1_first = q1.first.index(), q2_first = q2.first.index();
    tj::while_loop(std::tie(q1, q2),
                   [](const std::pair<Float, Float> &, const std::pair<Float, Float> &q2) { return q2.second < 10.f; },
                   [](std::pair<Float, Float> &, std::pair<Float, Float> &q2) { q2.second += 4.f; });
    CHECK(q1.first.index() == q1_first);
    CHECK(q2.first.index() == q2_first);
    check_eq("q2[0]", q2.first, {6.f});
    check_eq("q2[1]", q2.second, {11.f, 12.f});
}

// dr.switch(indices, [f, f], x) is a tj::dispatch whose cases run the loop.
TEST_CASE("test_while_loop.py test19_loop_in_vcall") {
    struct Fn : tj::Object {
        TJ_OBJECT_NO_FIELDS
    };
    Fn f0, f1;
    tj::Ptr<Fn> fs = tj::Ptr<Fn>(std::vector<Fn *>{&f0, &f1});
    tj::Ptr<Fn> idx = tj::gather<tj::Ptr<Fn>>(fs, tj::opaque<UInt32>(0u, 3));
    UInt32 x = tj::arange<UInt32>(3) + 2u;
    UInt32 out = tj::dispatch(idx, [](Fn *, const UInt32 &x_in) {
        UInt32 x = x_in, count(0u);
        tj::while_loop(std::tie(x, count), [](const UInt32 &, const UInt32 &count) { return count < 10u; },
                       [](UInt32 &x, UInt32 &count) {
                           x *= 2u;
                           count += x;
                       });
        return count;
    }, x);
    check_eq("out", out, {12u, 18u, 24u});
}

// The compress hint has no counterpart; the Collatz loop's total.
TEST_CASE("test_while_loop.py test21_compress") {
    UInt32 state = tj::arange<UInt32>(10000) + 1u, it_count = tj::zeros<UInt32>(10000);
    tj::while_loop(std::tie(state, it_count), [](const UInt32 &state, const UInt32 &) { return state != 1u; },
                   [](UInt32 &state, UInt32 &it_count) {
                       state = tj::select((state & 1u) == 0u, state / 2u, 3u * state + 1u);
                       it_count += 1u;
                   });
    CHECK(tj::sum(it_count).read(0) == 849666u);
}

namespace {
struct Particle {
    UInt32 index;
    Float weight;
};
TJ_STRUCT(Particle, index, weight)
} // namespace

// The particle queue is two arrays (Dr.Jit's dr.empty(Particle, n)); dr.reshape(..., shrink=True) is a gather of the
// first next_size elements. Differs by design: tj::scatter_inc runs at once and is refused inside a symbolic loop
// (docs/semantics.md, scatter_inc), so the loop throws that tj::Error (Dr.Jit: sizes [706, 269, 100, 28, 9, 1, 0]).
namespace {
std::vector<uint32_t> loop_with_fork() {
    uint32_t size = 1000;
    std::vector<uint32_t> sizes;
    Particle state{tj::arange<UInt32>(size), tj::full<Float>(1.f, size)};
    while (size > 0) {
        tj::PCG32 rng;
        rng.seed(tj::cast<uint64_t>(state.index));
        UInt32 queue_index(0u);
        queue_index = tj::zeros<UInt32>(1); // an array in memory, for scatter_inc
        uint32_t queue_size = uint32_t(1.1 * size);
        Particle queue{tj::zeros<UInt32>(queue_size), tj::zeros<Float>(queue_size)};
        UInt32 queue_size_o = tj::opaque<UInt32>(queue_size);
        Bool active = tj::full<Bool>(true, size);
        tj::while_loop(std::tie(active, state, rng), [](const Bool &active, const Particle &, const tj::PCG32 &) {
            return active;
        }, [&](Bool &active, Particle &state, tj::PCG32 &rng) {
            Float weight_factor = tj::fma(rng.next_float32(), Float(0.125f), Float(1 - 0.125f / 2));
            state.weight *= weight_factor;
            tj::if_stmt(state.weight < .5f, std::tie(active, rng), [&](Bool &active, tj::PCG32 &rng) {
                tj::if_stmt(rng.next_float32() > state.weight, std::tie(active),
                            [](Bool &active) { active = Bool(false); }, [](Bool &) {});
            }, [](Bool &, tj::PCG32 &) {});
            tj::if_stmt(state.weight > 1.5f, std::tie(state, rng), [&](Particle &state, tj::PCG32 &rng) {
                Particle new_state{rng.next_uint32(), state.weight / 2.f};
                state.weight /= 2.f;
                UInt32 slot = tj::scatter_inc(queue_index, UInt32(0u));
                Bool valid = slot < queue_size_o;
                tj::scatter(queue.index, new_state.index, slot, valid);
                tj::scatter(queue.weight, new_state.weight, slot, valid);
            }, [](Particle &, tj::PCG32 &) {});
        });
        uint32_t next_size = queue_index.read(0);
        if (next_size > queue_size)
            next_size = queue_size;
        UInt32 keep = tj::arange<UInt32>(next_size);
        state = Particle{tj::gather<UInt32>(queue.index, keep), tj::gather<Float>(queue.weight, keep)};
        size = next_size;
        sizes.push_back(size);
    }
    return sizes;
}
} // namespace

TEST_CASE("test_while_loop.py test22_loop_with_fork") {
    std::string err = error_of([] { loop_with_fork(); });
    INFO(err);
    CHECK(tj_test::contains(err, "symbolic loop"));
}

// Dr.Jit's strict=False lets a Python int in the state change (the loop never runs); tracejit refuses a host value
// that the body changes (docs/control-flow.md "The state"), checked for variant 1.
TEST_CASE("test_while_loop.py test25_preserve_unchanged") {
    for (int variant : {0, 1}) {
        INFO("variant " << variant);
        Float a({1, 1}), b({2, 2});
        tj::enable_grad(b);
        CHECK(tj::grad_enabled(b));
        uint32_t ai = a.index(), bi = b.index(), bad = b.ad_index();
        if (variant == 0) {
            Float c({3, 3});
            auto [ao, bo, co] = tj::while_loop(
                std::make_tuple(a, b, c), [](const Float &x, const Float &, const Float &) { return x == 0.f; },
                [](Float &, Float &, Float &z) { z = z + 1.f; });
            CHECK(!tj::grad_enabled(ao));
            CHECK(tj::grad_enabled(bo));
            CHECK(ao.index() == ai);
            CHECK(bo.index() == bi);
            CHECK(bo.ad_index() == bad);
        } else {
            CHECK(!error_of([&] {
                       tj::while_loop(std::make_tuple(a, b, 1),
                                      [](const Float &x, const Float &, const int &) { return x == 0.f; },
                                      [](Float &, Float &, int &z) { z = z + 1; });
                   }).empty());
        }
    }
}

TEST_CASE("test_while_loop.py test26_gather") {
    UInt32 source({1, 2, 3}), i({0, 1}), x(0u);
    tj::while_loop(std::tie(i, x), [](const UInt32 &i, const UInt32 &) { return i < 3u; },
                   [&source](UInt32 &i, UInt32 &x) {
                       x += tj::gather<UInt32>(source, i);
                       i += 1u;
                   });
    check_eq("x", x, {6u, 5u});
}

TEST_CASE("test_while_loop.py test27_partial_eval") {
    UInt32 idx = tj::zeros<UInt32>(1), val = tj::zeros<UInt32>(1);
    tj::while_loop(std::tie(idx, val), [](const UInt32 &idx, const UInt32 &) { return idx < 3u; },
                   [](UInt32 &idx, UInt32 &val) {
                       idx += 1u;
                       val += 2u + idx;
                   });
    CHECK(idx.read(0) == 3u);
    CHECK((val + idx).read(0) == 15u);
}

// Differs by design: a gather from a state variable inside the body is a tj::Error (docs/control-flow.md
// "tj::while_loop", Errors), so the list [x, x] in the state is refused; captured by the body instead of carried, the
// loop runs (Dr.Jit asserts only that it runs; the port checks the values against C++).
TEST_CASE("test_while_loop.py test28_loop_state_aliasing") {
    UInt32 x = tj::arange<UInt32>(100), y = tj::arange<UInt32>(5);
    tj::make_opaque(x, y);
    std::vector<UInt32> xs{x, x};
    UInt32 i(0u);
    std::string err = error_of([&] {
        UInt32 y2 = y, i2 = i;
        tj::while_loop(std::tie(xs, y2, i2), [](const std::vector<UInt32> &, const UInt32 &, const UInt32 &i) {
            return i < 10u;
        }, [](std::vector<UInt32> &xs, UInt32 &y, UInt32 &i) {
            y += tj::gather<UInt32>(xs[0], y);
            i += 1u;
        });
    });
    INFO(err);
    CHECK(!err.empty());
    tj::while_loop(std::tie(y, i), [](const UInt32 &, const UInt32 &i) { return i < 10u; },
                   [&xs](UInt32 &y, UInt32 &i) {
                       y += tj::gather<UInt32>(xs[0], y);
                       i += 1u;
                   });
    std::vector<uint32_t> ey{0, 1, 2, 3, 4};
    for (int it = 0; it < 10; ++it)
        for (uint32_t &v : ey)
            v += v < 100 ? v : 0;
    check_eq("y", y, ey);
}

TEST_CASE("test_while_loop.py test29_preserve_differentiability_suspend") {
    Float x({0, 0}), y({1, 2});
    tj::enable_grad(x, y);
    uint32_t y_id = y.ad_index();
    {
        tj::SuspendGrad s;
        tj::while_loop(std::tie(x, y), [](const Float &x, const Float &) { return x < 10.f; },
                       [](Float &x, Float &y) { x = x + y; });
    }
    CHECK(!tj::grad_enabled(x));
    CHECK(tj::grad_enabled(y));
    CHECK(y.ad_index() == y_id);
}

// Tensors in the loop state (tj::TensorXu); the condition is the flat mask of the TensorXb comparison. Differs by
// design: a tensor's shape is a host value of the state, which the body may not change (docs/control-flow.md "The
// state"), so z = t(0) growing to shape [7] throws; z starts with shape [7] for the values.
TEST_CASE("test_while_loop.py test30_tensor_loop") {
    {
        tj::TensorXu i(tj::arange<UInt32>(7), {7}), z(UInt32(0u), {});
        CHECK(!error_of([&] {
                   tj::while_loop(std::tie(i, z), [](const tj::TensorXu &i, const tj::TensorXu &) {
                       return (i < 5u).array();
                   }, [](tj::TensorXu &i, tj::TensorXu &z) {
                       i = i + 1u;
                       z = i + 4u;
                   });
               }).empty());
    }
    for (int variant : {0, 1}) {
        INFO("variant " << variant);
        tj::TensorXu i(tj::arange<UInt32>(7), {7}), z(tj::zeros<UInt32>(7), {7});
        tj::while_loop(std::tie(i, z), [](const tj::TensorXu &i, const tj::TensorXu &) { return (i < 5u).array(); },
                       [variant](tj::TensorXu &i, tj::TensorXu &z) {
                           i = i + 1u;
                           if (variant == 0)
                               z = i + 4u;
                           else
                               z = z + 1u;
                       });
        CHECK((i.shape() == std::vector<size_t>{7}));
        CHECK((z.shape() == std::vector<size_t>{7}));
        check_eq("i", i.array(), {5u, 5u, 5u, 5u, 5u, 5u, 6u});
        if (variant == 0)
            check_eq("z", z.array(), {9u, 9u, 9u, 9u, 9u, 0u, 0u});
        else
            check_eq("z", z.array(), {5u, 4u, 3u, 2u, 1u, 0u, 0u});
    }
}

TEST_CASE("test_while_loop.py test31_tensor_loop_preserve_shape") {
    tj::TensorXu a(tj::zeros<UInt32>(110), {10, 11});
    UInt32 i(0u);
    tj::while_loop(std::tie(i, a), [](const UInt32 &i, const tj::TensorXu &) { return i < 2u; },
                   [](UInt32 &i, tj::TensorXu &a) {
                       i += 1u;
                       CHECK((a.shape() == std::vector<size_t>{10, 11}));
                   });
    CHECK((a.shape() == std::vector<size_t>{10, 11}));
}

TEST_CASE("test_while_loop.py test32_loop_with_only_side_effects") {
    UInt32 result = tj::zeros<UInt32>(5), i(1u);
    tj::while_loop(std::tie(i), [](const UInt32 &i) { return i <= 2u; }, [&result](UInt32 &i) {
        tj::scatter_add(result, UInt32(10u), UInt32({0, 1, 2}) * i);
        i += 1u;
    });
    check_eq("result", result, {20u, 10u, 20u, 0u, 10u});
}

TEST_CASE("test_while_loop.py test33_tensor_loop_ad") {
    tj::TensorXf x(Float({1, 2, 3}), {3});
    tj::enable_grad(x);
    UInt32 i(0u);
    tj::TensorXf y(tj::zeros<Float>(3), {3});
    tj::while_loop(std::tie(i, y), [](const UInt32 &i, const tj::TensorXf &) { return i < 10u; },
                   [&x](UInt32 &i, tj::TensorXf &y) {
                       y = y + x;
                       i += 1u;
                   });
    CHECK((y.shape() == std::vector<size_t>{3}));
    tj::backward(y);
    CHECK((tj::grad(x).shape() == std::vector<size_t>{3}));
    check_close("x.grad", tj::grad(x).array(), {10.f, 10.f, 10.f});
}

TEST_CASE("test_while_loop.py test34_aliased_state") {
    Float x = tj::arange<Float>(5) + 1.f;
    Float acc = x;
    UInt32 i(0u);
    tj::while_loop(std::tie(acc, i), [](const Float &, const UInt32 &i) { return i < 3u; },
                   [&x](Float &acc, UInt32 &i) {
                       acc = acc * x;
                       i += 1u;
                   });
    tj::eval(acc, x);
    check_eq("acc", acc, x * x * x * x);
    check_eq("x", x, tj::arange<Float>(5) + 1.f);
}

TEST_CASE("test_while_loop.py test35_aliased_state_ad_bwd") {
    Float x(2.f);
    tj::enable_grad(x);
    Float acc = x;
    UInt32 i(0u);
    tj::while_loop(std::tie(acc, i), [](const Float &, const UInt32 &i) { return i < 3u; },
                   [&x](Float &acc, UInt32 &i) {
                       acc = acc * x;
                       i += 1u;
                   });
    tj::backward(acc);
    check_close("acc", acc, {16.f});
    check_close("grad x", tj::grad(x), {32.f});
}

TEST_CASE("test_while_loop.py test36_aliased_state_ad_fwd") {
    Float x(2.f);
    tj::enable_grad(x);
    tj::set_grad(x, 1.f);
    Float acc = x;
    UInt32 i(0u);
    tj::while_loop(std::tie(acc, i), [](const Float &, const UInt32 &i) { return i < 3u; },
                   [&x](Float &acc, UInt32 &i) {
                       acc = acc * x;
                       i += 1u;
                   });
    tj::forward(x); // forward_to(acc)
    check_close("acc", acc, {16.f});
    check_close("grad acc", tj::grad(acc), {32.f});
}

TEST_CASE("test_while_loop.py test37_loop_multi_size_side_effects") {
    UInt32 big = tj::zeros<UInt32>(200), small = tj::zeros<UInt32>(4);
    tj::make_opaque(big, small);
    UInt32 i(0u);
    tj::while_loop(std::tie(i), [](const UInt32 &i) { return i < 1u; }, [&](UInt32 &i) {
        tj::scatter(big, tj::arange<UInt32>(100) + 1u, tj::arange<UInt32>(100));
        tj::scatter(small, UInt32(42u), UInt32(0u));
        i += 1u;
    });
    CHECK(tj::sum(big).read(0) == 5050u);
    CHECK(small.read(0) == 42u);
}

TEST_CASE("test_while_loop.py test38_aliased_state_in_body") {
    Float x = tj::arange<Float>(4), a = x + 1.f, b = x + 2.f, c = x + 3.f;
    UInt32 i(0u);
    tj::while_loop(std::tie(a, b, c, i), [](const Float &, const Float &, const Float &, const UInt32 &i) {
        return i < 1u;
    }, [](Float &a, Float &b, Float &c, UInt32 &i) {
        std::tie(a, b, c) = std::make_tuple(b, b, a);
        i += 1u;
    });
    check_eq("a", a, x + 2.f);
    check_eq("b", b, x + 2.f);
    check_eq("c", c, x + 1.f);
}

TEST_CASE("test_while_loop.py test39_aliased_state_partial_exit") {
    UInt32 k = tj::arange<UInt32>(4);
    Float a = tj::arange<Float>(4) * 100.f, b = a + 1.f;
    UInt32 i(0u);
    tj::while_loop(std::tie(a, b, i), [&k](const Float &, const Float &, const UInt32 &i) { return i < k; },
                   [](Float &a, Float &b, UInt32 &i) {
                       a = b;
                       i += 1u;
                   });
    check_eq("b", b, tj::arange<Float>(4) * 100.f + 1.f);
    check_eq("a", a, tj::select(k == 0u, tj::arange<Float>(4) * 100.f, b));
}

TEST_CASE("test_while_loop.py test40_aliased_state_shared_update") {
    Float x = tj::arange<Float>(3), a = x + 1.f, b = x + 2.f, c = x + 3.f;
    UInt32 i(0u);
    tj::while_loop(std::tie(a, b, c, i), [](const Float &, const Float &, const Float &, const UInt32 &i) {
        return i < 5u;
    }, [](Float &a, Float &b, Float &c, UInt32 &i) {
        std::tie(a, b, c) = std::make_tuple(c, c, a + b);
        i += 1u;
    });
    check_eq("a", a, {12.f, 16.f, 20.f});
    check_eq("b", b, {12.f, 16.f, 20.f});
    check_eq("c", c, {12.f, 20.f, 28.f});
}

namespace {
void aliased_in_body_ad(bool fwd) {
    Float x(2.f);
    tj::enable_grad(x);
    if (fwd)
        tj::set_grad(x, 1.f);
    Float a = x + 1.f, b = x * x, c = x - 1.f;
    UInt32 i(0u);
    tj::while_loop(std::tie(a, b, c, i), [](const Float &, const Float &, const Float &, const UInt32 &i) {
        return i < 1u;
    }, [](Float &a, Float &b, Float &c, UInt32 &i) {
        std::tie(a, b, c) = std::make_tuple(b, b, a);
        i += 1u;
    });
    if (fwd)
        tj::forward(x); // forward_to(c)
    else
        tj::backward(c);
    check_close("a", a, {4.f});
    check_close("b", b, {4.f});
    check_close("c", c, {3.f});
    if (fwd)
        check_close("grad c", tj::grad(c), {1.f});
    else
        check_close("grad x", tj::grad(x), {1.f});
}
} // namespace

TEST_CASE("test_while_loop.py test41_aliased_state_in_body_ad_bwd") { aliased_in_body_ad(false); }

TEST_CASE("test_while_loop.py test42_aliased_state_in_body_ad_fwd") { aliased_in_body_ad(true); }
