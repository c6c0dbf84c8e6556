// tests/runtime/test_control_branch.cpp — tj::if_stmt against plain C++ branches: nested if/else if/else, results
// returned or written back, masked scatters, literal masks that run one branch, errors
#include "reference.h"

#include <tracejit/control.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

using namespace tjtest;
using tj::Float, tj::Int32, tj::UInt32, tj::Bool;

namespace {

constexpr size_t branch_sizes[] = {1, 7, 1000, 65537};

/// The piecewise function of the nested-branch tests, in plain C++.
float piecewise(float x) {
    if (x < -5.f)
        return -x;
    else if (x < 0.f)
        return x * x;
    else if (x < 5.f)
        return std::sqrt(x);
    else
        return x / 2.f;
}

/// A particle as a TJ_STRUCT state.
struct Particle {
    Float pos, vel;
};
TJ_STRUCT(Particle, pos, vel)

/// tj::if_stmt over `xs`: 1 added where `cond` holds, subtracted elsewhere; counts the runs of each branch function.
void add_or_subtract_one(const Bool &cond, Float &xs, int &true_runs, int &false_runs) {
    tj::if_stmt(
        cond, std::tie(xs),
        [&](Float &a) {
            ++true_runs;
            a = a + 1.f;
        },
        [&](Float &a) {
            ++false_runs;
            a = a - 1.f;
        });
}

} // namespace

TEST_CASE("if_stmt: nested if / else if / else, modifying the state") {
    for (size_t n : branch_sizes) {
        std::vector<float> x = uniform_values<float>(n, 201 + n, -10, 10);
        Float xs(x), r = tj::zeros<Float>(n);
        tj::if_stmt(
            xs < -5.f, std::tie(r), [&](Float &r) { r = -xs; },
            [&](Float &r) {
                tj::if_stmt(
                    xs < 0.f, std::tie(r), [&](Float &r) { r = xs * xs; },
                    [&](Float &r) {
                        tj::if_stmt(
                            xs < 5.f, std::tie(r), [&](Float &r) { r = tj::sqrt(xs); },
                            [&](Float &r) { r = xs / 2.f; });
                    });
            });
        check_exact("piecewise", r, map1(x, piecewise));
    }
}

TEST_CASE("if_stmt: nested branches whose functions return the result") {
    for (size_t n : branch_sizes) {
        std::vector<float> x = uniform_values<float>(n, 211 + n, -10, 10);
        Float xs(x);
        Float r = tj::if_stmt(
            xs < -5.f, xs, [](Float &x) { return -x; },
            [](Float &x) {
                return tj::if_stmt(
                    x < 0.f, x, [](Float &x) { return x * x; },
                    [](Float &x) {
                        return tj::if_stmt(
                            x < 5.f, x, [](Float &x) { return tj::sqrt(x); }, [](Float &x) { return x / 2.f; });
                    });
            });
        check_exact("piecewise, returned", r, map1(x, piecewise));
        check_exact("the state is unchanged", xs, x);
    }
}

TEST_CASE("if_stmt: a returned tuple of values of two types") {
    const size_t n = 1000;
    std::vector<int32_t> v = small_ints<int32_t>(n, 221, -100, 100);
    Int32 a(v);
    auto [q, neg] = tj::if_stmt(
        a >= 0, a, [](Int32 &a) { return std::make_tuple(a / 3, Bool(false)); },
        [](Int32 &a) { return std::make_tuple(-a * 2, Bool(true)); });
    check_exact("value", q, map1(v, [](int32_t x) { return x >= 0 ? x / 3 : -x * 2; }));
    check_exact("flag", neg, map1(v, [](int32_t x) { return uint8_t(x < 0); }));
}

TEST_CASE("if_stmt: forms of state: std::tie written back, std::make_tuple returned, a TJ_STRUCT") {
    const size_t n = 700;
    std::vector<float> p = uniform_values<float>(n, 231, -2, 2), v = uniform_values<float>(n, 232, -1, 1);
    // Bounce: a particle below 0 reflects its position and reverses its velocity; the others move on.
    std::vector<float> ref_p(n), ref_v(n);
    for (size_t i = 0; i < n; ++i) {
        if (p[i] < 0.f) {
            ref_p[i] = -p[i];
            ref_v[i] = -v[i];
        } else {
            ref_p[i] = p[i] + v[i];
            ref_v[i] = v[i];
        }
    }
    auto bounce = [](Float &p, Float &v) {
        p = -p;
        v = -v;
    };
    auto move = [](Float &p, Float &v) { p = p + v; };

    SUBCASE("std::tie") {
        Float pos(p), vel(v);
        tj::if_stmt(pos < 0.f, std::tie(pos, vel), bounce, move);
        check_exact("tie: pos", pos, ref_p);
        check_exact("tie: vel", vel, ref_v);
    }
    SUBCASE("std::make_tuple") {
        Float pos(p), vel(v);
        auto [p2, v2] = tj::if_stmt(pos < 0.f, std::make_tuple(pos, vel), bounce, move);
        check_exact("make_tuple: pos", p2, ref_p);
        check_exact("make_tuple: vel", v2, ref_v);
        check_exact("make_tuple: input unchanged", pos, p);
    }
    SUBCASE("TJ_STRUCT") {
        Particle particle{Float(p), Float(v)};
        tj::if_stmt(
            particle.pos < 0.f, particle, [&](Particle &q) { bounce(q.pos, q.vel); },
            [&](Particle &q) { move(q.pos, q.vel); });
        check_exact("struct: pos", particle.pos, ref_p);
        check_exact("struct: vel", particle.vel, ref_v);
    }
}

TEST_CASE("if_stmt: a branch that leaves a width-1 literal, the other a width-n array") {
    const size_t n = 300;
    std::vector<float> x = uniform_values<float>(n, 241, -1, 1);
    Float xs(x), r = 0.f; // width 1
    tj::if_stmt(
        xs > 0.f, std::tie(r), [](Float &r) { r = Float(7.f); }, [&](Float &r) { r = xs * 3.f; });
    CHECK(r.size() == n);
    check_exact("merged", r, map1(x, [](float a) { return a > 0.f ? 7.f : a * 3.f; }));
}

// Found by tj_differential (docs/fuzzing.md, seed 200766): both branches returning the same variable (the same
// expression, merged as a common subexpression) once kept width 1 instead of the mask's width, unlike
// tj::select(mask, a, a) and unlike branches that differ; a later tj::sum or size() then differed. A state variable
// that neither branch touches stays the same array.
TEST_CASE("if_stmt: branches returning the same width-1 value take the mask's width — untouched state stays") {
    Bool m(std::vector<bool>{true, false, true});
    Float a(std::vector<float>{2.f});
    CHECK(tj::select(m, a, a).size() == 3);
    auto div = [](Float &x, Float &y) { return x / y; };
    CHECK(tj::if_stmt(m, std::make_tuple(a, a), div, [](Float &x, Float &y) { return x * y; }).size() == 3);
    CHECK(tj::if_stmt(m, std::make_tuple(a, a), div, div).size() == 3);
    CHECK(tj::sum(tj::if_stmt(m, std::make_tuple(a, a), div, div)).read(0) == 3.f);
    Float untouched = a, assigned = a;
    uint32_t id = untouched.index();
    tj::if_stmt(
        m, std::tie(untouched, assigned), [](Float &, Float &y) { y = y * 2.f; }, [](Float &, Float &y) { y = y * 2.f; });
    CHECK(untouched.index() == id); // neither branch wrote it: the same array, width 1
    CHECK(untouched.size() == 1);
    CHECK(assigned.size() == 3); // both wrote the same value: per lane
    CHECK(tj::to_vector(assigned) == std::vector<float>{4.f, 4.f, 4.f});
}

TEST_CASE("if_stmt: a masked scatter_add: only the lanes of each branch add") {
    for (size_t n : {size_t(1), size_t(7), size_t(1000), size_t(100003)}) {
        const size_t bins = 16;
        std::vector<int32_t> v = small_ints<int32_t>(n, 251 + n, -50, 50);
        std::vector<uint32_t> idx = small_ints<uint32_t>(n, 252 + n, 0, bins - 1);
        std::vector<int32_t> ref_pos(bins, 0), ref_neg(bins, 0);
        for (size_t i = 0; i < n; ++i) {
            if (v[i] > 0)
                ref_pos[idx[i]] += v[i];
            else
                ref_neg[idx[i]] += 1;
        }
        Int32 vals(v), pos = tj::zeros<Int32>(bins), neg = tj::zeros<Int32>(bins);
        UInt32 index(idx);
        tj::if_stmt(
            vals > 0, std::make_tuple(), [&]() { tj::scatter_add(pos, vals, index); },
            [&]() { tj::scatter_add(neg, Int32(1), index); });
        check_exact("sum of the positive values per bin", pos, ref_pos);
        check_exact("count of the others per bin", neg, ref_neg);
    }
}

TEST_CASE("if_stmt: a state array the branches scatter into is the array written, of any size, not merged") {
    // Dr.Jit's test_if_stmt.py test11: buf (2 elements) in the state, a mask of 5; each branch adds 1 per lane.
    for (int which = 0; which < 4; ++which) {
        CAPTURE(which);
        for (bool literal_buf : {false, true}) {
            UInt32 buf = literal_buf ? tj::zeros<UInt32>(2) : UInt32({0, 0}), before = buf;
            Int32 other = Int32({1, 2, 3, 4, 5});
            tj::if_stmt(
                Bool({true, true, true, false, false}), std::tie(other, buf),
                [&](Int32 &o, UInt32 &b) {
                    if (which & 1)
                        tj::scatter_add(b, UInt32(1u), UInt32(0u));
                    o += 10;
                },
                [&](Int32 &, UInt32 &b) {
                    if (which & 2)
                        tj::scatter_add(b, UInt32(1u), UInt32(1u));
                });
            check_exact("buf", buf, std::vector<uint32_t>{3u * (which & 1), 2u * ((which & 2) >> 1)});
            check_exact("the other state, merged", other, std::vector<int32_t>{11, 12, 13, 4, 5});
            check_exact("the array before (copy on write)", before, std::vector<uint32_t>{0, 0});
        }
    }
    // The mask's size: the writes of one branch into the other branch's lanes stay (a select would drop them), and
    // the false branch reads what the true branch wrote.
    UInt32 hist = tj::zeros<UInt32>(5), seen = tj::zeros<UInt32>(5);
    Bool mask({true, false, true, true, false});
    tj::if_stmt(
        mask, std::tie(hist, seen), [](UInt32 &h, UInt32 &) { tj::scatter_add(h, UInt32(1u), UInt32(4u)); },
        [](UInt32 &h, UInt32 &s) { s = tj::gather<UInt32>(h, UInt32(4u)) + tj::arange<UInt32>(5) * 0u; });
    check_exact("hist", hist, std::vector<uint32_t>{0, 0, 0, 0, 3});
    check_exact("seen (the false lanes read 3)", seen, std::vector<uint32_t>{0, 3, 0, 0, 3});
    // A value returned next to the scattered state, and a scatter with gradients.
    Float g = tj::zeros<Float>(2), w = Float({1.f, 2.f, 3.f});
    tj::enable_grad(w);
    Float r = tj::if_stmt(
        w > 1.5f, std::tie(g), [&](Float &gs) { tj::scatter_add(gs, w * 2.f, UInt32(0u)); return w; },
        [&](Float &gs) { tj::scatter_add(gs, w, UInt32(1u)); return -w; });
    check_exact("g", tj::detach(g), std::vector<float>{10.f, 1.f});
    check_exact("returned", tj::detach(r), std::vector<float>{-1.f, 2.f, 3.f});
    tj::backward(tj::sum(g));
    check_exact("d sum(g) / dw", tj::grad(w), std::vector<float>{1.f, 2.f, 2.f});
}

TEST_CASE("if_stmt: a state array of another size than the mask that a branch assigns is an error naming it") {
    UInt32 buf = UInt32({0, 0});
    Int32 other = Int32({1, 2, 3, 4, 5});
    Bool mask({true, true, true, false, false});
    check_error(
        [&] {
            tj::if_stmt(
                mask, std::tie(other, buf), [](Int32 &, UInt32 &b) { b = b + 1u; }, [](Int32 &, UInt32 &) {});
        },
        {"tj::if_stmt()", "state variable 2", "2 elements after the true branch", "the mask has 5",
         "can only be scattered into"});
    // Scattered into by the true branch, then assigned by the false one: merged, so the same error.
    check_error(
        [&] {
            tj::if_stmt(
                mask, std::tie(other, buf), [](Int32 &, UInt32 &b) { tj::scatter_add(b, UInt32(1u), UInt32(0u)); },
                [](Int32 &, UInt32 &b) { b = UInt32({7, 8}); });
        },
        {"tj::if_stmt()", "state variable 2"});
    check_exact("buf untouched by the failed ifs", buf, std::vector<uint32_t>{0, 0});
    tj::eval(); // (the failed if's pending scatter, into a copy no one holds, runs here, not in a later test's launches)
}

TEST_CASE("if_stmt: a masked scatter and a scatter_add with a mask of its own inside a branch") {
    const size_t n = 2000;
    std::vector<float> x = uniform_values<float>(n, 261, -1, 1);
    std::vector<float> ref_out(n, -9.f);
    std::vector<int32_t> ref_hits(4, 0);
    for (size_t i = 0; i < n; ++i)
        if (x[i] > 0.f) {
            ref_out[i] = x[i] * 2.f;
            if (i % 3 == 0)
                ref_hits[i % 4] += 1;
        }
    Float xs(x), out = tj::full<Float>(-9.f, n);
    Int32 hits = tj::zeros<Int32>(4);
    UInt32 lane = tj::arange<UInt32>(n);
    tj::if_stmt(
        xs > 0.f, std::make_tuple(),
        [&]() {
            tj::scatter(out, xs * 2.f, lane);
            tj::scatter_add(hits, Int32(1), lane % 4u, lane % 3u == 0u); // the branch's mask AND this one
        },
        [] {});
    check_exact("scatter only where taken", out, ref_out);
    check_exact("scatter_add under both masks", hits, ref_hits);
}

TEST_CASE("if_stmt: a literal mask runs one branch only") {
    const size_t n = 100;
    std::vector<float> x = uniform_values<float>(n, 271, -1, 1);
    for (bool value : {true, false}) {
        for (size_t width : {size_t(1), n}) {
            CAPTURE(value);
            CAPTURE(width);
            int true_runs = 0, false_runs = 0;
            Float xs(x);
            add_or_subtract_one(tj::full<Bool>(value, width), xs, true_runs, false_runs);
            CHECK(true_runs == (value ? 1 : 0));
            CHECK(false_runs == (value ? 0 : 1));
            check_exact("the chosen branch's result", xs, map1(x, [&](float a) { return value ? a + 1.f : a - 1.f; }));
        }
    }
    SUBCASE("with functions returning a value") {
        int true_runs = 0, false_runs = 0;
        Float xs(x);
        Float r = tj::if_stmt(
            Bool(false), xs,
            [&](Float &a) {
                ++true_runs;
                return a * 2.f;
            },
            [&](Float &a) {
                ++false_runs;
                return a * 3.f;
            });
        CHECK(true_runs == 0);
        CHECK(false_runs == 1);
        check_exact("3x", r, map1(x, [](float a) { return a * 3.f; }));
    }
    SUBCASE("a scatter_add in the branch not taken never runs") {
        Int32 hits = tj::zeros<Int32>(4);
        tj::if_stmt(
            Bool(false), std::make_tuple(), [&] { tj::scatter_add(hits, Int32(1), tj::arange<UInt32>(4)); }, [] {});
        check_exact("no hits", hits, std::vector<int32_t>(4, 0));
    }
}

TEST_CASE("if_stmt: a mask known only at run time traces each branch once") {
    const size_t n = 100;
    std::vector<float> x = uniform_values<float>(n, 281, -1, 1);
    int true_runs = 0, false_runs = 0;
    Float xs(x);
    add_or_subtract_one(xs > 0.f, xs, true_runs, false_runs);
    CHECK(true_runs == 1);
    CHECK(false_runs == 1);
    check_exact("merged", xs, map1(x, [](float a) { return a > 0.f ? a + 1.f : a - 1.f; }));
}

TEST_CASE("if_stmt: a width-1 mask known only at run time, and a host value both branches leave alone") {
    const size_t n = 200;
    std::vector<float> x = uniform_values<float>(n, 285, -1, 1);
    for (bool value : {true, false}) {
        CAPTURE(value);
        Float xs(x);
        int scale = 4;
        Bool mask = tj::opaque<Bool>(value); // width 1, in memory: not a literal, so both branches are traced
        int runs = 0;
        tj::if_stmt(
            mask, std::tie(xs, scale),
            [&](Float &a, int &s) {
                ++runs;
                a = a * float(s);
            },
            [&](Float &a, int &) {
                ++runs;
                a = a - 1.f;
            });
        CHECK(runs == 2);
        CHECK(scale == 4);
        CHECK(xs.size() == n);
        check_exact("broadcast mask", xs, map1(x, [&](float a) { return value ? a * 4.f : a - 1.f; }));
    }
}

TEST_CASE("if_stmt: the merged results of a branch over one size are one kernel") {
    const size_t n = 10000;
    Float x = tj::linspace<Float>(-1.f, 1.f, n);
    Float a = x, b = x * 2.f;
    tj::if_stmt(
        x > 0.f, std::tie(a, b),
        [](Float &a, Float &b) {
            a = tj::sqrt(a);
            b = b + a;
        },
        [](Float &a, Float &b) {
            a = -a;
            b = b * b;
        });
    tj::reset_kernel_stats();
    tj::eval(a, b);
    CHECK(tj::kernel_stats().launches == 1);
}

TEST_CASE("if_stmt and select: a mask with 0 elements") {
    // Dr.Jit's test_if_stmt.py test05 ("'cond' cannot be empty"): broadcast against the mask, the state would become
    // empty. if_stmt refuses it; select broadcasts like any operation (docs/control-flow.md "tj::if_stmt").
    Bool empty(std::vector<bool>{});
    UInt32 x(4u), y = tj::arange<UInt32>(3), none = tj::zeros<UInt32>(0);
    auto bump = [](UInt32 &a) { a = a + 1u; };
    auto keep = [](UInt32 &) {};
    check_error([&] { tj::if_stmt(empty, std::tie(x), bump, keep); }, {"tj::if_stmt()", "mask is empty", "0 elements"});
    check_error([&] { tj::if_stmt(empty, std::tie(y), bump, keep); }, {"tj::if_stmt()", "mask is empty"});
    check_error([&] { tj::if_stmt(none > 2u, std::tie(none), bump, keep); }, {"tj::if_stmt()", "mask is empty"});
    check_error([&] { tj::if_stmt(tj::zeros<Bool>(0), std::tie(x), bump, keep); }, {"tj::if_stmt()", "mask is empty"});
    check_error([&] { (void)tj::if_stmt(empty, x, [](UInt32 &a) { return a + 1u; }, [](UInt32 &a) { return a; }); },
                {"tj::if_stmt()", "mask is empty"});
    check_exact("x is left alone", x, std::vector<uint32_t>{4});
    check_exact("y is left alone", y, std::vector<uint32_t>{0, 1, 2});
    CHECK(tj::detail::mask_top() == 0);
    // select: width 1 broadcasts to 0 as in every operation; a wider operand is a size mismatch.
    CHECK(tj::select(empty, Float(1.f), Float(2.f)).size() == 0);
    CHECK(tj::select(empty, UInt32(std::vector<uint32_t>{}), x).size() == 0);
    check_error([&] { (void)tj::select(empty, y, x); }, {"tj::select()", "size mismatch"});
}

TEST_CASE("if_stmt: errors are tj::Error with the API's name") {
    const size_t n = 40;
    std::vector<float> x = uniform_values<float>(n, 291, -1, 1);
    SUBCASE("a host value changed in one branch only") {
        Float xs(x);
        int k = 0;
        check_error(
            [&] {
                tj::if_stmt(
                    xs > 0.f, std::tie(xs, k), [](Float &, int &k) { ++k; }, [](Float &, int &) {});
            },
            {"tj::if_stmt()"});
    }
    SUBCASE("a mask whose size differs from the state's") {
        Float xs(x);
        Bool mask(std::vector<bool>(n + 2, true));
        mask = mask & (tj::arange<UInt32>(n + 2) % 2u == 0u); // not a literal
        check_error(
            [&] {
                tj::if_stmt(
                    mask, std::tie(xs), [](Float &a) { a = a + 1.f; }, [](Float &) {});
            },
            {"tj::if_stmt()"});
    }
    SUBCASE("an empty mask") {
        Float xs(x);
        check_error(
            [&] {
                tj::if_stmt(
                    Bool(), std::tie(xs), [](Float &) {}, [](Float &) {});
            },
            {"tj::if_stmt()"});
    }
    SUBCASE("branches that return containers of different sizes") {
        Float xs(x);
        check_error(
            [&] {
                tj::if_stmt(
                    xs > 0.f, xs, [](Float &a) { return std::vector<Float>{a}; },
                    [](Float &a) {
                        return std::vector<Float>{a, a};
                    });
            },
            {"tj::if_stmt()"});
    }
    // Nothing was left on the mask stack.
    CHECK(tj::detail::mask_top() == 0);
    Float ok(x);
    tj::if_stmt(
        ok > 0.f, std::tie(ok), [](Float &a) { a = a * 2.f; }, [](Float &) {});
    check_exact("a branch after the errors", ok, map1(x, [](float a) { return a > 0.f ? a * 2.f : a; }));
}
