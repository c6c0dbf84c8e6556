// tests/conformance/test_if_stmt.cpp — Dr.Jit's tests/test_if_stmt.py (main parts) ported to tj::if_stmt
//
// The cases are ported from Dr.Jit's tests/test_if_stmt.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the C++
// written anew: Dr.Jit's symbolic mode is tj::if_stmt (its evaluated mode has no counterpart). docs/conformance.md
// lists every Dr.Jit test with its status.
#include "conformance.h"

#include <array>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace conf;

TEST_CASE("test_if_stmt.py test02_jit_uniform") {
    for (bool cond : {true, false}) {
        UInt32 x(4u);
        tj::if_stmt(Bool(cond), std::tie(x), [](UInt32 &x) { x = x + 1u; }, [](UInt32 &x) { x = x + 2u; });
        check_eq("x", x, {cond ? 5u : 6u});
    }
}

TEST_CASE("test_if_stmt.py test03_simple") {
    UInt32 x(4u);
    tj::if_stmt(Bool({true, false}), std::tie(x), [](UInt32 &x) { x = x + 1u; }, [](UInt32 &x) { x = x + 2u; });
    check_eq("r", x, {5u, 6u});
    // Fresh random masks and values against C++.
    std::vector<uint32_t> v = tjtest::small_ints<uint32_t>(1000, fresh_seed(), 0, 100);
    UInt32 y(v);
    Bool m = y > 50u;
    tj::if_stmt(m, std::tie(y), [](UInt32 &y) { y = y * 3u; }, [](UInt32 &y) { y = y + 7u; });
    check_eq("random", y, tjtest::map1(v, [](uint32_t a) { return a > 50 ? a * 3 : a + 7; }));
}

// The type change of Dr.Jit's first case cannot be written in C++ (a state variable has one type); the size
// mismatch can.
TEST_CASE("test_if_stmt.py test04_test_inconsistencies") {
    UInt32 x(4u);
    std::string err = error_of([&] {
        tj::if_stmt(Bool({true, false}), std::tie(x), [](UInt32 &x) { x = UInt32({1, 2}); },
                    [](UInt32 &x) { x = UInt32({1, 2, 3}); });
    });
    CHECK(!err.empty());
}

// Dr.Jit's empty condition (`mask_t(t)()`) is a width-0 Bool here: "the mask is empty" (docs/control-flow.md).
TEST_CASE("test_if_stmt.py test05_uninitialized_input") {
    UInt32 x(4u), y;
    std::string err = error_of([&] {
        tj::if_stmt(Bool({true, false}), std::tie(x, y), [](UInt32 &x, UInt32 &) { x = x + 1u; },
                    [](UInt32 &x, UInt32 &) { x = x + 2u; });
    });
    // Dr.Jit: an uninitialized state variable is an error. tracejit (docs/control-flow.md "tj::if_stmt") refuses a
    // variable empty before the if and assigned in one branch only; one left empty in both stays empty.
    if (err.empty())
        CHECK(y.size() == 0);
    UInt32 a(4u), b(5u);
    std::string empty_err = error_of([&] {
        tj::if_stmt(Bool(std::vector<bool>{}), std::tie(a, b), [](UInt32 &, UInt32 &) {}, [](UInt32 &, UInt32 &) {});
    });
    CHECK(empty_err.find("tj::if_stmt(): the mask is empty") != std::string::npos);
    check_eq("a", a, {4u});
    check_eq("b", b, {5u});
}

TEST_CASE("test_if_stmt.py test07_test_exceptions") {
    UInt32 x(4u);
    CHECK_THROWS(tj::if_stmt(Bool({true, false}), std::tie(x), [](UInt32 &) { throw std::runtime_error("oops"); },
                             [](UInt32 &x) { x = x + 2u; }));
}

// Dr.Jit also counts the direct scatters in its log; the port checks the values.
TEST_CASE("test_if_stmt.py test10_side_effect") {
    for (int variant = 0; variant < 2; ++variant)
        for (int variant_2 = 0; variant_2 < 4; ++variant_2) {
            INFO("variant " << variant << ", variant_2 " << variant_2);
            UInt32 buf = variant == 0 ? UInt32({0, 0}) : tj::zeros<UInt32>(2);
            tj::if_stmt(Bool({true, true, true, false, false}), std::tie(),
                        [&] {
                            if (variant_2 & 1)
                                tj::scatter_add(buf, UInt32(1u), UInt32(0u));
                        },
                        [&] {
                            if (variant_2 & 2)
                                tj::scatter_add(buf, UInt32(1u), UInt32(1u));
                        });
            check_eq("buf", buf, {uint32_t(3 * (variant_2 & 1)), uint32_t(2 * ((variant_2 & 2) >> 1))});
        }
}

// Dr.Jit's if_stmt returns (x > 1, y); the C++ branches return a std::pair, one of them an empty UInt32.
TEST_CASE("test_if_stmt.py test06_uninitialized_output") {
    for (int which : {0, 1}) {
        INFO("empty in branch " << which);
        std::string err = error_of([&] {
            tj::if_stmt(Bool({true, false}), std::make_tuple(UInt32(4u), UInt32(3u)),
                        [which](UInt32 &x, UInt32 &y) { return std::pair<Bool, UInt32>(x > 1u, which == 1 ? UInt32() : y); },
                        [which](UInt32 &x, UInt32 &y) { return std::pair<Bool, UInt32>(x > 2u, which == 0 ? UInt32() : y); });
        });
        INFO(err);
        CHECK(!err.empty());
    }
}

// Dr.Jit's @dr.syntax `if` is tj::if_stmt: f assigns y in both branches (y empty before), g only in one.
TEST_CASE("test_if_stmt.py test08_test_syntax_simple") {
    UInt32 x({1, 2, 3, 4});
    auto f = [](const UInt32 &x) {
        UInt32 y;
        tj::if_stmt(x > 2u, std::tie(y), [](UInt32 &y) { y = UInt32(5u); }, [](UInt32 &y) { y = UInt32(10u); });
        return y;
    };
    auto g = [](const UInt32 &x) {
        UInt32 y(10u);
        tj::if_stmt(x > 2u, std::tie(y), [](UInt32 &y) { y = UInt32(5u); }, [](UInt32 &) {});
        return y;
    };
    check_eq("f", f(x), {10u, 10u, 5u, 5u});
    check_eq("g", g(x), {10u, 10u, 5u, 5u});
}

TEST_CASE("test_if_stmt.py test09_test_mutate") {
    UInt32 x({1, 2, 3, 4}), y = x;
    tj::if_stmt(x > 2u, std::tie(y), [](UInt32 &y) { y += 10u; }, [](UInt32 &y) { y += 100u; });
    check_eq("y", y, {101u, 102u, 13u, 14u});
}

// Dr.Jit's strict=False (let a Python value differ between the branches) has no counterpart: it is always an error
// (docs/control-flow.md "The state").
TEST_CASE("test_if_stmt.py test09_incompatible_scalar") {
    int y = 0;
    std::string err = error_of([&] {
        tj::if_stmt(UInt32({1, 2, 3, 4}) > 2u, std::tie(y), [](int &y) { y = 5; }, [](int &y) { y = 10; });
    });
    INFO(err);
    CHECK(!err.empty());
}

// buf passed in the state (Dr.Jit's args); the direct-scatter counts of its log are not checked. F3 (fixed,
// regression tests in tests/runtime/test_control_branch.cpp and test_control_side_effects.cpp): a branch that
// scattered into a state variable of another size than the mask threw a size mismatch; a scattered state array is
// now the array written, not merged.
TEST_CASE("test_if_stmt.py test11_side_effect_v2") {
    for (int variant = 0; variant < 2; ++variant)
        for (int variant_2 = 0; variant_2 < 4; ++variant_2) {
            INFO("variant " << variant << ", variant_2 " << variant_2);
            UInt32 buf = variant == 0 ? UInt32({0, 0}) : tj::zeros<UInt32>(2);
            tj::if_stmt(Bool({true, true, true, false, false}), std::tie(buf),
                        [&](UInt32 &buf) {
                            if (variant_2 & 1)
                                tj::scatter_add(buf, UInt32(1u), UInt32(0u));
                        },
                        [&](UInt32 &buf) {
                            if (variant_2 & 2)
                                tj::scatter_add(buf, UInt32(1u), UInt32(1u));
                        });
            check_eq("buf", buf, {uint32_t(3 * (variant_2 & 1)), uint32_t(2 * ((variant_2 & 2) >> 1))});
        }
}

// Python's identity rules (`xo is xi`) have no C++ counterpart: both branches receive copies of the original state
// and the caller's arrays stay as they were; the values are Dr.Jit's.
TEST_CASE("test_if_stmt.py test12_mutation_rules") {
    std::vector<UInt32> xi{UInt32({1, 2}), UInt32({3, 4})}, yi{UInt32({10, 20}), UInt32({30, 40})};
    auto [xo, yo] = tj::if_stmt(Bool({true, false}), std::make_tuple(xi, yi),
                                [](std::vector<UInt32> &x, std::vector<UInt32> &y) {
                                    x[0] += 1u;
                                    y[0] = y[0] + 1u;
                                },
                                [](std::vector<UInt32> &x, std::vector<UInt32> &y) {
                                    x[1] += 1u;
                                    y[1] = y[1] + 1u;
                                });
    check_eq("xo0", xo[0], {2u, 2u});
    check_eq("xo1", xo[1], {3u, 5u});
    check_eq("yo0", yo[0], {11u, 20u});
    check_eq("yo1", yo[1], {30u, 41u});
    check_eq("yi0", yi[0], {10u, 20u});
    check_eq("yi1", yi[1], {30u, 40u});
}

// The recursive @dr.syntax transformation is Python's; the branch it makes is ported.
TEST_CASE("test_if_stmt.py test14_nested_ast_trafo") {
    Float y({1, 2, 3});
    auto g = [&] {
        Float z;
        tj::if_stmt(y < 2.f, std::tie(z), [](Float &z) { z = Float(-1.f); }, [](Float &z) { z = Float(1.f); });
        return z;
    };
    check_eq("g", g(), {-1.f, 1.f, 1.f});
}

TEST_CASE("test_if_stmt.py test20_nested_if_stmt") {
    UInt32 x = tj::arange<UInt32>(10), y;
    tj::if_stmt(x < 5u, std::tie(y), [&](UInt32 &y) {
        tj::if_stmt(x < 2u, std::tie(y), [&](UInt32 &y) { y = x + 1u; }, [&](UInt32 &y) { y = x - 1u; });
    }, [&](UInt32 &y) {
        tj::if_stmt(x < 7u, std::tie(y), [&](UInt32 &y) {
            tj::if_stmt(x < 6u, std::tie(y), [&](UInt32 &y) { y = x + 1u; }, [&](UInt32 &y) { y = x - 1u; });
        }, [&](UInt32 &y) { y = x - 1u; });
    });
    check_eq("y", y, {1u, 2u, 1u, 2u, 3u, 6u, 5u, 6u, 7u, 8u});
}

TEST_CASE("test_if_stmt.py test15_preserve_unchanged") {
    Float a({1, 1}), b({2, 2});
    tj::enable_grad(b);
    CHECK(tj::grad_enabled(b));
    uint32_t ai = a.index(), bi = b.index(), bad = b.ad_index();
    auto [ao, bo] = tj::if_stmt(Bool({true, false}), std::make_tuple(a, b), [](Float &, Float &) {},
                                [](Float &, Float &) {});
    CHECK(!tj::grad_enabled(ao));
    CHECK(tj::grad_enabled(bo));
    CHECK(ao.index() == ai);
    CHECK(ao.ad_index() == 0);
    CHECK(bo.index() == bi);
    CHECK(bo.ad_index() == bad);
}

namespace {
/// Dr.Jit's maybe_dec (mutates the caller's x: std::tie) and ret_dec (returns a new x: the state by value).
void maybe_dec(UInt32 &x, bool v2) {
    if (v2)
        tj::if_stmt(x <= 1u, std::tie(x), [](UInt32 &) {}, [](UInt32 &x) { x -= 1u; });
    else
        tj::if_stmt(x > 1u, std::tie(x), [](UInt32 &x) { x -= 1u; }, [](UInt32 &) {});
}
UInt32 ret_dec(const UInt32 &x, bool v2) {
    if (v2)
        return tj::if_stmt(x <= 1u, x, [](UInt32 &) {}, [](UInt32 &x) { x = x - 1u; });
    return tj::if_stmt(x > 1u, x, [](UInt32 &x) { x = x - 1u; }, [](UInt32 &) {});
}
void mutate_dr_syntax(bool v2) {
    UInt32 x = tj::arange<UInt32>(3);
    UInt32 &xo = x; // Python's `xo = x` alias
    maybe_dec(x, v2);
    check_eq("xo", xo, {0u, 1u, 1u});
    x = tj::arange<UInt32>(3);
    UInt32 y = ret_dec(x, v2);
    check_eq("xo after ret_dec", xo, {0u, 1u, 2u});
    check_eq("y", y, {0u, 1u, 1u});
}
} // namespace

TEST_CASE("test_if_stmt.py test16_mutate_dr_syntax") { mutate_dr_syntax(false); }

TEST_CASE("test_if_stmt.py test23_mutate_dr_syntax_v2") { mutate_dr_syntax(true); }

namespace {
struct Z {
    UInt32 x, y;
};
TJ_STRUCT(Z, x, y)
} // namespace

// Python's containers in C++: tuple std::pair (a std::tuple state is the list of state variables), list std::vector, dict std::map, dataclass a TJ_STRUCT, nested
// (Array2u) std::array. `mutate` (in place) is the caller's container through std::tie, otherwise the state is a
// copy. An unchanged array comes back as the same variable (Dr.Jit's `zo[1] is y`).
TEST_CASE("test_if_stmt.py test17_mutate_other_containers") {
    Bool m({true, false});
    for (bool mutate : {true, false}) {
        INFO("mutate " << mutate);
        UInt32 x({10, 20}), y({30, 40});
        auto check = [&](const char *what, const UInt32 &z0, const UInt32 &z1) {
            INFO(what);
            check_eq("z0", z0, {11u, 20u});
            check_eq("z1", z1, {30u, 40u});
            CHECK(z1.index() == y.index());
            check_eq("x", x, {10u, 20u}); // the caller's x: the containers hold copies of the handle
        };
        auto run = [&](auto z, auto &&inc) {
            if (mutate) {
                tj::if_stmt(m, std::tie(z), inc, [](auto &) {});
                return z;
            }
            return tj::if_stmt(m, z, inc, [](auto &) {});
        };
        auto t = run(std::pair<UInt32, UInt32>(x, y), [](std::pair<UInt32, UInt32> &z) { z.first += 1u; });
        check("tuple", t.first, t.second);
        auto l = run(std::vector<UInt32>{x, y}, [](std::vector<UInt32> &z) { z[0] = z[0] + 1u; });
        check("list", l[0], l[1]);
        auto d = run(std::map<std::string, UInt32>{{"x", x}, {"y", y}},
                     [](std::map<std::string, UInt32> &z) { z["x"] += 1u; });
        check("dict", d["x"], d["y"]);
        auto dc = run(Z{x, y}, [](Z &z) { z.x = z.x + 1u; });
        check("dataclass", dc.x, dc.y);
        auto n = run(std::array<UInt32, 2>{x, y}, [](std::array<UInt32, 2> &z) { z[0] += 1u; });
        check("nested", n[0], n[1]);
    }
}

TEST_CASE("test_if_stmt.py test18_if_stmt_preserve_unused_ad") {
    Float x({0, 1}), y({1, 3});
    tj::enable_grad(x, y);
    uint32_t y_id = y.ad_index();
    {
        tj::SuspendGrad s;
        tj::if_stmt(x < .5f, std::tie(x, y), [](Float &x, Float &y) { x = x + y; }, [](Float &, Float &) {});
    }
    CHECK(!tj::grad_enabled(x));
    CHECK(tj::grad_enabled(y));
    CHECK(y.ad_index() == y_id);
}

// The condition is the flat mask of the TensorXb comparison. Differs by design: a tensor's shape is a host value of
// the state (docs/control-flow.md "The state"), so z = t(0) of shape [] assigned a [7] tensor in one branch throws;
// from shape [7] the values are Dr.Jit's.
TEST_CASE("test_if_stmt.py test19_tensor_cond") {
    {
        tj::TensorXu i(tj::arange<UInt32>(7), {7}), z(UInt32(0u), {});
        CHECK(!error_of([&] {
                   tj::if_stmt((i < 5u).array(), std::tie(i, z), [](tj::TensorXu &i, tj::TensorXu &z) {
                       i = i + 1u;
                       z = i + 4u;
                   }, [](tj::TensorXu &, tj::TensorXu &) {});
               }).empty());
    }
    for (int variant : {0, 1}) {
        INFO("variant " << variant);
        tj::TensorXu i(tj::arange<UInt32>(7), {7}), z(tj::zeros<UInt32>(7), {7});
        tj::if_stmt((i < 5u).array(), std::tie(i, z), [variant](tj::TensorXu &i, tj::TensorXu &z) {
            i = i + 1u;
            if (variant == 0)
                z = i + 4u;
            else
                z = z + 1u;
        }, [](tj::TensorXu &, tj::TensorXu &) {});
        check_eq("i", i.array(), {1u, 2u, 3u, 4u, 5u, 5u, 6u});
        if (variant == 0)
            check_eq("z", z.array(), {5u, 6u, 7u, 8u, 9u, 0u, 0u});
        else
            check_eq("z", z.array(), {1u, 1u, 1u, 1u, 1u, 0u, 0u});
    }
}

TEST_CASE("test_if_stmt.py test20_tensor_cond_ad") {
    tj::TensorXf x(Float({1, 2, 3}), {3});
    tj::enable_grad(x);
    tj::TensorXf y;
    tj::if_stmt((x < 100.f).array(), std::tie(y), [&](tj::TensorXf &y) { y = x * 2.f; },
                [&](tj::TensorXf &y) { y = x * 3.f; });
    CHECK((y.shape() == std::vector<size_t>{3}));
    tj::backward(y);
    CHECK((tj::grad(x).shape() == std::vector<size_t>{3}));
    check_close("x.grad", tj::grad(x).array(), {2.f, 2.f, 2.f});
}

TEST_CASE("test_if_stmt.py test21_tensor_cond_scalar_with_tensor") {
    auto my_fun = [](const tj::TensorXf &x, const tj::TensorXf &y) {
        tj::TensorXf r;
        tj::if_stmt((x < 0.f).array(), std::tie(r), [&](tj::TensorXf &r) { r = x + y; },
                    [&](tj::TensorXf &r) { r = x - y; });
        return r;
    };
    tj::TensorXf x(Float(5.f), {1}), y(Float({1, 2, 3, 4, 5, 6}), {2, 3});
    tj::TensorXf r = my_fun(x, y);
    CHECK((r.shape() == std::vector<size_t>{2, 3}));
    check_close("r", r.array(), {4.f, 3.f, 2.f, 1.f, 0.f, -1.f});
}

TEST_CASE("test_if_stmt.py test24_partially_evaluated_outputs") {
    for (int index : {0, 1}) {
        INFO("index " << index);
        Float x({1, 2, 3, 4});
        auto [a, b] = tj::if_stmt(Bool({true, false, true, false}), x,
                                  [](Float &x) { return std::pair<Float, Float>(x + 1.f, x + 2.f); },
                                  [](Float &x) { return std::pair<Float, Float>(x * 10.f, x * 20.f); });
        if (index == 0)
            tj::eval(a);
        else
            tj::eval(b);
        check_eq("a", a, {2.f, 20.f, 4.f, 40.f});
        check_eq("b", b, {3.f, 40.f, 5.f, 80.f});
        check_eq("a + b", a + b, {5.f, 60.f, 9.f, 120.f});
    }
}
