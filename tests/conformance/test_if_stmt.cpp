// tests/conformance/test_if_stmt.cpp — Dr.Jit's tests/test_if_stmt.py (main parts) ported to tj::if_stmt
//
// The cases are ported from Dr.Jit's tests/test_if_stmt.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the C++
// written anew: Dr.Jit's symbolic mode is tj::if_stmt (its evaluated mode has no counterpart). docs/conformance.md
// lists every Dr.Jit test with its status.
#include "conformance.h"

#include <tuple>

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
