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
