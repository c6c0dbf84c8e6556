// tests/runtime/test_control_ad.cpp — gradients through tj::if_stmt and tj::while_loop against central finite
// differences (Float64): both modes through branches and masked scatter_adds, forward and reverse through loops
#include "ad_check.h"

#include <tracejit/control.h>
#include <tracejit/freeze.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

using namespace tjtest;
using tj::Float64, tj::Int32, tj::UInt32;

namespace {

using Inputs = std::vector<std::vector<double>>;

/// Values in [lo, hi) at least `gap` away from every point in `avoid` (kinks of the function under test, so that
/// a finite-difference step never crosses one).
std::vector<double> away_from(size_t n, uint32_t seed, double lo, double hi, std::vector<double> avoid,
                              double gap = 0.05) {
    return random_vector<double>(n, seed, lo, hi, [avoid, gap](double x) {
        for (double a : avoid)
            if (std::fabs(x - a) < gap)
                return false;
        return true;
    });
}

/// Checks forward mode only: set_grad(x_i, v), forward(x_i) gives J_i·v (central differences), for each input i.
template <typename F> void check_forward(const std::string &what, const F &f, const Inputs &inputs) {
    AdTolerance tol = default_tolerance<double>();
    const size_t m = evaluate(f, inputs).size();
    for (size_t i = 0; i < inputs.size(); ++i) {
        std::vector<double> v = random_seed(inputs[i].size(), 8100 + uint32_t(i)), expect(m, 0.0);
        for (size_t j = 0; j < inputs[i].size(); ++j) {
            std::vector<double> col = fd_column(f, inputs, i, j, tol.step);
            for (size_t r = 0; r < m; ++r)
                expect[r] += col[r] * v[j];
        }
        std::vector<Float64> xs = make_inputs(inputs, true);
        Float64 y = f(xs);
        REQUIRE_MESSAGE(tj::grad_enabled(y), what << ": the result has no gradients");
        tj::set_grad(xs[i], Float64(v));
        tj::forward(xs[i]);
        check_derivative(fmt::format("{}: set_grad(x{}, v), forward(x{})", what, i, i), tj::grad(y), expect, tol.tol);
    }
}

// The loops below carry the differentiated coefficients a and b in their state, unchanged (a parameter the body
// only reads works too: tested at the end).

/// `step`(x, a, b) k times per element from x, a, b = in[0], in[1], in[2], with a and b in the loop's state (k from
/// data: the count does not depend on the differentiated inputs).
template <typename Step> Float64 iterate_k_times(const std::vector<Float64> &in, const Int32 &k, Step step) {
    Float64 x = in[0], a = in[1], b = in[2];
    Int32 i = tj::zeros<Int32>(x.size());
    tj::while_loop(
        std::tie(x, i, a, b), [&](const Float64 &, const Int32 &i, const Float64 &, const Float64 &) { return i < k; },
        [&](Float64 &x, Int32 &i, Float64 &a, Float64 &b) {
            step(x, a, b);
            i += 1;
        });
    return x;
}

/// x ← x·a + b, k times per element.
Float64 affine_iterations(const std::vector<Float64> &in, const Int32 &k) {
    return iterate_k_times(in, k, [](Float64 &x, const Float64 &a, const Float64 &b) { x = x * a + b; });
}

/// x ← x·a + b while x < 10: the count depends on the state (inputs keep every iterate away from 10).
Float64 affine_until(const std::vector<Float64> &in) {
    auto [x, a, b] = tj::while_loop(
        std::make_tuple(in[0], in[1], in[2]),
        [](const Float64 &x, const Float64 &, const Float64 &) { return x < 10.0; },
        [](Float64 &x, Float64 &a, Float64 &b) { x = x * a + b; });
    return x;
}

/// k iterations with a branch inside: x ← x·a where x > 0, x ← x + b·x² elsewhere.
Float64 branchy_iterations(const std::vector<Float64> &in, const Int32 &k) {
    return iterate_k_times(in, k, [](Float64 &x, const Float64 &a, const Float64 &b) {
        tj::if_stmt(
            x > 0.0, std::tie(x), [&](Float64 &x) { x = x * a; }, [&](Float64 &x) { x = x + b * x * x; });
    });
}

/// Inputs of affine_until: x0 ∈ [0.1, 1), a ∈ [1.2, 2), b ∈ [0.1, 1), no iterate within 1e-3 of 10.
Inputs affine_until_inputs(size_t n, uint32_t seed) {
    std::vector<double> x = random_vector<double>(4 * n, seed, 0.1, 1),
                        a = random_vector<double>(4 * n, seed + 1, 1.2, 2),
                        b = random_vector<double>(4 * n, seed + 2, 0.1, 1);
    Inputs out(3);
    for (size_t j = 0; j < x.size() && out[0].size() < n; ++j) {
        double v = x[j];
        bool near = false;
        while (v < 10.0) {
            v = v * a[j] + b[j];
            near |= std::fabs(v - 10.0) < 1e-3;
        }
        if (near)
            continue;
        out[0].push_back(x[j]);
        out[1].push_back(a[j]);
        out[2].push_back(b[j]);
    }
    REQUIRE(out[0].size() == n);
    return out;
}

} // namespace

TEST_CASE("AD through if_stmt: a branch returning a value, both modes against finite differences") {
    const size_t n = 40;
    Inputs in = {away_from(n, 301, -2, 2, {0.0}), random_vector<double>(n, 302, -2, 2)};
    auto f = [](const std::vector<Float64> &xs) {
        const Float64 &x = xs[0], &y = xs[1];
        return tj::if_stmt(
            x > 0.0, std::make_tuple(x, y), [](Float64 &x, Float64 &y) { return x * y + tj::sin(x); },
            [](Float64 &x, Float64 &y) { return y * y * x - tj::cos(y); });
    };
    check_derivatives<double>("if_stmt returning x*y + sin(x) or y*y*x - cos(y)", f, in);
}

TEST_CASE("AD through if_stmt: nested if / else if / else modifying the state") {
    const size_t n = 40;
    Inputs in = {away_from(n, 311, -3, 3, {-1.0, 1.0}), random_vector<double>(n, 312, 0.5, 2)};
    auto f = [](const std::vector<Float64> &xs) {
        Float64 x = xs[0], y = xs[1];
        tj::if_stmt(
            x < -1.0, std::tie(x, y), [](Float64 &x, Float64 &y) { x = x * y; },
            [](Float64 &x, Float64 &y) {
                tj::if_stmt(
                    x < 1.0, std::tie(x, y), [](Float64 &x, Float64 &y) { x = tj::exp(x) / y; },
                    [](Float64 &x, Float64 &y) {
                        x = tj::sin(x) * x * y;
                        y = y * 2.0;
                    });
            });
        return x + y * y;
    };
    check_derivatives<double>("nested branches", f, in);
}

TEST_CASE("AD through if_stmt: a branch whose derivative is not finite on the lanes that do not take it") {
    // sqrt(x) is traced for every lane, the negative ones included, where its derivative is NaN; those lanes take
    // the other branch, so their gradient must not see it (as in C++, where that branch never runs for them).
    const size_t n = 40;
    Inputs in = {away_from(n, 315, -2, 2, {0.0})};
    auto f = [](const std::vector<Float64> &xs) {
        return tj::if_stmt(
            xs[0] > 0.0, xs[0], [](Float64 &x) { return tj::sqrt(x); }, [](Float64 &x) { return x * 3.0; });
    };
    check_derivatives<double>("sqrt(x) where x > 0, 3x elsewhere", f, in);

    // The same with a width-1 mask (in memory, so both branches are traced) that no lane takes.
    Float64 x(in[0]);
    tj::enable_grad(x);
    const Float64 &state = x; // const: nothing is written back into x
    Float64 y = tj::if_stmt(
        tj::opaque<tj::Bool>(false), state, [](const Float64 &x) { return tj::sqrt(x); },
        [](const Float64 &x) { return x * 3.0; });
    tj::backward(y);
    check_derivative("width-1 mask, no lane takes sqrt: grad(x)", tj::grad(x), std::vector<double>(n, 3.0), 1e-12);
}

TEST_CASE("AD through if_stmt: a masked scatter_add in a branch") {
    const size_t n = 30, bins = 6;
    std::vector<uint32_t> idx(n);
    for (size_t i = 0; i < n; ++i)
        idx[i] = uint32_t((i * 7) % bins);
    Inputs in = {away_from(n, 321, -1, 1, {0.0}), random_vector<double>(n, 322, -2, 2),
                 random_vector<double>(bins, 323, -1, 1)};
    auto f = [&](const std::vector<Float64> &xs) {
        const Float64 &x = xs[0], &y = xs[1];
        Float64 target = xs[2] * 1.0; // a differentiable target of its own size
        UInt32 index(idx);
        tj::if_stmt(
            x > 0.0, std::make_tuple(), [&] { tj::scatter_add(target, x * y, index); },
            [&] { tj::scatter_add(target, y * y, index); });
        return target * target;
    };
    check_derivatives<double>("scatter_add of x*y where x > 0, y*y elsewhere", f, in);
}

// A backward in each branch from arrays made before the if: the true branch's traversal used to free the edges
// of y -> x that the false branch's needed, which then gave x nothing, without an error (found by the port of Dr.Jit's
// test_if_stmt_ad.py). Both gradients wait at y and reach x once, after the if: here against the derivative of
// select(m, 2y, sin y) and against one backward from that select.
TEST_CASE("AD through if_stmt: a backward in each branch from arrays made before the if reaches them both") {
    std::vector<double> v = random_vector<double>(300, 331, -2, 2);
    auto run = [&](bool in_branches) {
        Float64 x(v);
        tj::enable_grad(x);
        Float64 y = x * x;
        tj::Bool m = x > 0.0;
        if (in_branches)
            tj::if_stmt(m, std::make_tuple(), [&] { tj::backward(y * 2.0); }, [&] { tj::backward(tj::sin(y)); });
        else
            tj::backward(tj::select(m, y * 2.0, tj::sin(y)));
        return tj::to_vector(tj::grad(x));
    };
    std::vector<double> got = run(true), once = run(false);
    for (size_t i = 0; i < v.size(); ++i) {
        double expect = v[i] > 0 ? 4 * v[i] : std::cos(v[i] * v[i]) * 2 * v[i];
        INFO("x = " << v[i]);
        CHECK(std::fabs(got[i] - expect) <= 1e-12 * (1 + std::fabs(expect)));
        CHECK(got[i] == doctest::Approx(once[i]).epsilon(1e-12));
    }
}

// The branches' scope isolates backward traversals only: a tj::forward inside a branch from an array made before the
// if reaches what the branch computes from it (through arrays also made before the if), with the branch's mask.
TEST_CASE("AD through if_stmt: a forward traversal inside a branch reaches the branch's results from earlier arrays") {
    std::vector<double> v = random_vector<double>(64, 337, -2, 2);
    Float64 x(v);
    tj::enable_grad(x);
    Float64 y = x * x;
    Float64 w_grad;
    tj::if_stmt(x > 0.0, std::make_tuple(), [&] {
        Float64 w = tj::sin(y) * 3.0;
        tj::forward(x, false);
        w_grad = tj::grad(w);
    }, [] {});
    std::vector<double> got = tj::to_vector(w_grad), gy = tj::to_vector(tj::grad(y));
    for (size_t i = 0; i < v.size(); ++i) {
        INFO("x = " << v[i]);
        double expect = v[i] > 0 ? 3 * std::cos(v[i] * v[i]) * 2 * v[i] : 0.0;
        CHECK(got[i] == doctest::Approx(expect).epsilon(1e-12));
        CHECK(gy[i] == doctest::Approx(2 * v[i]).epsilon(1e-12));
    }
}

TEST_CASE("AD through while_loop, forward mode: x <- x*a + b, k times per element") {
    const size_t n = 40;
    Inputs in = {random_vector<double>(n, 331, -1, 1), random_vector<double>(n, 332, 0.5, 1.5),
                 random_vector<double>(n, 333, -1, 1)};
    Int32 k(small_ints<int32_t>(n, 334, 0, 12));
    check_forward(
        "affine iterations", [&](const std::vector<Float64> &xs) { return affine_iterations(xs, k); }, in);
}

TEST_CASE("AD through while_loop, forward mode: a condition on the differentiated state") {
    const size_t n = 40;
    check_forward("affine until x >= 10", affine_until, affine_until_inputs(n, 341));
}

TEST_CASE("AD through while_loop, forward mode: a branch inside the loop") {
    const size_t n = 40;
    Inputs in = {away_from(n, 351, -1, 1, {0.0}, 0.1), random_vector<double>(n, 352, 0.5, 1.2),
                 random_vector<double>(n, 353, 0.01, 0.1)};
    Int32 k(small_ints<int32_t>(n, 354, 0, 8));
    check_forward(
        "branch in loop", [&](const std::vector<Float64> &xs) { return branchy_iterations(xs, k); }, in);
}

TEST_CASE("AD through while_loop, reverse mode against finite differences") {
    const size_t n = 30;
    SUBCASE("x <- x*a + b, k times") {
        Inputs in = {random_vector<double>(n, 361, -1, 1), random_vector<double>(n, 362, 0.5, 1.5),
                     random_vector<double>(n, 363, -1, 1)};
        Int32 k(small_ints<int32_t>(n, 364, 0, 12));
        check_derivatives<double>(
            "affine iterations", [&](const std::vector<Float64> &xs) { return affine_iterations(xs, k); }, in);
    }
    SUBCASE("a condition on the differentiated state") {
        check_derivatives<double>("affine until x >= 10", affine_until, affine_until_inputs(n, 365));
    }
    SUBCASE("a branch inside the loop") {
        Inputs in = {away_from(n, 366, -1, 1, {0.0}, 0.1), random_vector<double>(n, 367, 0.5, 1.2),
                     random_vector<double>(n, 368, 0.01, 0.1)};
        Int32 k(small_ints<int32_t>(n, 369, 0, 8));
        check_derivatives<double>(
            "branch in loop", [&](const std::vector<Float64> &xs) { return branchy_iterations(xs, k); }, in);
    }
}

TEST_CASE("AD through while_loop: differentiable arrays the body only reads (parameters), both modes") {
    // a (width n) and b (width 1) are captured by the body, not in the state: they get Jacobian columns.
    const size_t n = 30;
    Inputs in = {random_vector<double>(n, 371, -1, 1), random_vector<double>(n, 372, 0.5, 1.5),
                 random_vector<double>(1, 373, -1, 1)};
    Int32 k(small_ints<int32_t>(n, 374, 0, 12));
    auto f = [&](const std::vector<Float64> &xs) {
        Float64 x = xs[0];
        const Float64 &a = xs[1], &b = xs[2];
        Int32 i = tj::zeros<Int32>(x.size());
        tj::while_loop(
            std::tie(x, i), [&](const Float64 &, const Int32 &i) { return i < k; },
            [&](Float64 &x, Int32 &i) {
                x = x * a + b * tj::sin(x);
                i += 1;
            });
        return x;
    };
    check_derivatives<double>("parameters read by the body", f, in);
    check_forward("parameters read by the body", f, in);
}

TEST_CASE("AD through while_loop: a gather from a differentiable array in the body is a tj::Error") {
    Float64 table(random_vector<double>(8, 375, -1, 1));
    tj::enable_grad(table);
    Float64 x = tj::zeros<Float64>(8);
    Int32 i = tj::zeros<Int32>(8);
    check_error(
        [&] {
            tj::while_loop(
                std::tie(x, i), [](const Float64 &, const Int32 &i) { return i < 3; },
                [&](Float64 &x, Int32 &i) {
                    x = x + tj::gather<Float64>(table, i);
                    i += 1;
                });
        },
        {"tj::while_loop()", "gathers"});
}

// Found by tj_differential (seed 194 from seed 100, gradient mode): a scatter_add of the differentiated state into
// an array with gradients failed at evaluation with "a value computed from a symbolic loop's state is used
// outside the loop's body", which the program never did; a scatter of it into an array without gradients too.
TEST_CASE("AD through while_loop: a scatter of the differentiated state in the body is a tj::Error") {
    for (bool target_grad : {true, false}) {
        CAPTURE(target_grad);
        Float64 t(random_vector<double>(8, 376, -1, 1)), x(random_vector<double>(8, 377, -1, 1));
        tj::enable_grad(x);
        if (target_grad)
            tj::enable_grad(t);
        Int32 i = tj::zeros<Int32>(8), idx = tj::arange<Int32>(8);
        check_error(
            [&] {
                tj::while_loop(
                    std::tie(x, i), [](const Float64 &, const Int32 &i) { return i < 2; },
                    [&](Float64 &x, Int32 &i) {
                        if (target_grad)
                            tj::scatter_add(t, x, idx);
                        else
                            tj::scatter(t, x, idx);
                        x = x + 1.0;
                        i += 1;
                    });
                tj::backward(tj::sum(t + x));
            },
            {"tj::while_loop()", "scatters a state variable that carries gradients", "not supported"});
    }
}

// Found by tj_differential (seed 2156 from seed 2000, gradient mode): a state without gradients of its own that
// gets them from a parameter (x = x % p) and is scattered in the body gave the target a wrong derivative (1 where
// the finite differences say 0) without any error.
TEST_CASE("AD through while_loop: a scatter of a state that gets gradients from a parameter is a tj::Error") {
    Float64 p(random_vector<double>(8, 379, 1.5, 3));
    tj::enable_grad(p);
    Float64 t = tj::zeros<Float64>(8), x = tj::full<Float64>(1.0, 8);
    Int32 i = tj::zeros<Int32>(8), idx = tj::arange<Int32>(8);
    check_error(
        [&] {
            tj::while_loop(
                std::tie(x, i), [](const Float64 &, const Int32 &i) { return i < 2; },
                [&](Float64 &x, Int32 &i) {
                    tj::scatter(t, x, idx);
                    x = x * p;
                    i += 1;
                });
        },
        {"tj::while_loop()", "scatters a state variable that carries gradients", "not supported"});
}

// The tester's program with the scatter's operands detached: a loop that scatters its state is fine while other
// arrays have gradients, as long as nothing it scatters has any.
TEST_CASE("AD through while_loop: a loop that scatters a state without gradients, beside arrays with gradients") {
    Float64 y(random_vector<double>(4, 378, -1, 1));
    tj::enable_grad(y);
    Float64 t = tj::zeros<Float64>(4), x(std::vector<double>{1, 2, 3, 4});
    Int32 i = tj::zeros<Int32>(4);
    tj::while_loop(
        std::tie(x, i), [](const Float64 &, const Int32 &i) { return i < 3; },
        [&](Float64 &x, Int32 &i) {
            tj::scatter_add(t, x, tj::arange<Int32>(4));
            x = x * 2.0;
            i += 1;
        });
    // A second such loop that reads the first one's target (seed 2143 from seed 2000 of tj_differential: the
    // first check of the fix refused it, taking the target's node for a parameter with gradients).
    Float64 u = tj::zeros<Float64>(4), v = tj::full<Float64>(1.0, 4);
    Int32 j = tj::zeros<Int32>(4);
    tj::while_loop(
        std::tie(v, j), [](const Float64 &, const Int32 &j) { return j < 2; },
        [&](Float64 &v, Int32 &j) {
            tj::scatter_add(u, v, tj::arange<Int32>(4));
            v = v - t;
            j += 1;
        });
    Float64 z = y * 3.0;
    tj::backward(tj::sum(z));
    CHECK(tj::to_vector(t) == std::vector<double>{7, 14, 21, 28});
    CHECK(tj::to_vector(x) == std::vector<double>{8, 16, 24, 32});
    CHECK(tj::to_vector(u) == std::vector<double>{-5, -12, -19, -26});
    CHECK(tj::to_vector(tj::grad(y)) == std::vector<double>{3, 3, 3, 3});
}

// Found by tj_differential (N6 in docs/fuzzing.md): while any array had gradients, the target of a loop that scatters
// its state counted as having gradients although nothing in the loop had (the state's leaves give the scatter a node
// that carries nothing): a second such loop whose state came from it was refused ("scatters a state variable that
// carries gradients"), and so was a prefix Max of it ("only Add is differentiable among the prefix reductions").
TEST_CASE("AD through while_loop: the target of a loop that scatters a state without gradients has none") {
    Float64 y(random_vector<double>(4, 380, -1, 1));
    tj::enable_grad(y);
    auto scatter_loop = [](Float64 &target, Float64 x, int count) { // target[k] += x * (1 + 2 + ... + 2^(count-1))
        Int32 i = tj::zeros<Int32>(4);
        tj::while_loop(
            std::tie(x, i), [count](const Float64 &, const Int32 &i) { return i < count; },
            [&](Float64 &x, Int32 &i) {
                tj::scatter_add(target, x, tj::arange<Int32>(4));
                x = x * 2.0;
                i += 1;
            });
    };
    Float64 t = tj::zeros<Float64>(4);
    scatter_loop(t, Float64(std::vector<double>{1, 2, 3, 4}), 3);
    CHECK(!tj::grad_enabled(t));
    // A second such loop, its state computed from the first one's target, and a prefix Max of that target.
    Float64 u = tj::zeros<Float64>(4);
    scatter_loop(u, t * 0.5, 2);
    CHECK(!tj::grad_enabled(u));
    Float64 m = tj::block_prefix_reduce(tj::ReduceOp::Max, t * Float64(std::vector<double>{1, -1, 1, -1}), 4, false);
    CHECK(!tj::grad_enabled(m));
    CHECK(tj::to_vector(t) == std::vector<double>{7, 14, 21, 28});
    CHECK(tj::to_vector(u) == std::vector<double>{10.5, 21, 31.5, 42});
    CHECK(tj::to_vector(m) == std::vector<double>{7, 7, 21, 21});
    // The arrays that have gradients keep them, and the target takes them when asked to.
    tj::enable_grad(t);
    CHECK(tj::grad_enabled(t));
    tj::backward(tj::sum(y * 3.0 + t * t));
    CHECK(tj::to_vector(tj::grad(y)) == std::vector<double>{3, 3, 3, 3});
    CHECK(tj::to_vector(tj::grad(t)) == std::vector<double>{14, 28, 42, 56});
}

TEST_CASE("AD through while_loop: the target of a loop that scatters a state without gradients has none, frozen") {
    // The same inside a frozen function whose input y has gradients: a recording and 3 replays on fresh inputs
    // against the plain calls.
    auto body = [](const Float64 &y, const Float64 &x0) {
        auto scatter_loop = [](Float64 &target, Float64 x, int count) {
            Int32 i = tj::zeros<Int32>(x.size());
            tj::while_loop(
                std::tie(x, i), [count](const Float64 &, const Int32 &i) { return i < count; },
                [&](Float64 &x, Int32 &i) {
                    tj::scatter_add(target, x, tj::arange<Int32>(x.size()));
                    x = x * 2.0;
                    i += 1;
                });
        };
        Float64 t = tj::zeros<Float64>(x0.size()), u = tj::zeros<Float64>(x0.size());
        scatter_loop(t, x0, 3);
        scatter_loop(u, t * 0.5, 2);
        Float64 m = tj::block_prefix_reduce(tj::ReduceOp::Max, -t, 4, false);
        return std::make_tuple(t, u, m, y * 3.0);
    };
    auto frozen = tj::freeze(body);
    for (int call = 0; call < 4; ++call) {
        CAPTURE(call);
        size_t n = call < 2 ? 8 : call == 2 ? 12 : 20;
        auto run = [&](bool is_frozen) {
            Float64 y(random_vector<double>(n, 390 + uint32_t(call), -1, 1));
            Float64 x0(random_vector<double>(n, 400 + uint32_t(call), -1, 1));
            tj::enable_grad(y);
            auto [t, u, m, z] = is_frozen ? frozen(y, x0) : body(y, x0);
            CHECK(!tj::grad_enabled(t));
            CHECK(!tj::grad_enabled(u));
            CHECK(!tj::grad_enabled(m));
            tj::backward(tj::sum(z));
            return std::make_tuple(tj::to_vector(t), tj::to_vector(u), tj::to_vector(m), tj::to_vector(tj::grad(y)));
        };
        auto got = run(true), plain = run(false);
        CHECK(got == plain);
        CHECK(std::get<3>(got) == std::vector<double>(n, 3.0));
    }
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 3);
}

TEST_CASE("AD: leaves passed as state that the branches or the body leave unchanged keep their gradients") {
    // The caller's variables (std::tie, or a single lvalue) get the results written back; an array the functions
    // do not change must stay the caller's leaf, or grad() of it reads an interior node after backward().
    const size_t n = 20;
    std::vector<double> xv = away_from(n, 381, -2, 2, {0.0}), av = random_vector<double>(n, 382, 0.5, 1.5);
    SUBCASE("if_stmt with the leaf as its state and functions returning the result") {
        Float64 x(xv);
        tj::enable_grad(x);
        Float64 y = tj::if_stmt(
            x > 0.0, x, [](Float64 &x) { return tj::sqrt(x); }, [](Float64 &x) { return x * 3.0; });
        tj::backward(y);
        std::vector<double> expect(n);
        for (size_t i = 0; i < n; ++i)
            expect[i] = xv[i] > 0 ? 0.5 / std::sqrt(xv[i]) : 3.0;
        check_derivative("grad(x) after the branch", tj::grad(x), expect, 1e-12);
    }
    SUBCASE("while_loop with leaves in std::tie, one changed by the body, one not") {
        Float64 x(xv), a(av);
        tj::enable_grad(x, a);
        Float64 y = x;
        Int32 i = tj::zeros<Int32>(n);
        tj::while_loop(
            std::tie(y, i, a), [](const Float64 &, const Int32 &i, const Float64 &) { return i < 3; },
            [](Float64 &y, Int32 &i, Float64 &a) {
                y = y * a;
                i += 1;
            });
        tj::backward(y); // y = x·a³
        std::vector<double> ga(n), gx(n);
        for (size_t j = 0; j < n; ++j) {
            ga[j] = 3 * xv[j] * av[j] * av[j];
            gx[j] = av[j] * av[j] * av[j];
        }
        check_derivative("grad(a), a unchanged by the body", tj::grad(a), ga, 1e-12);
        check_derivative("grad(x)", tj::grad(x), gx, 1e-12);
    }
}
