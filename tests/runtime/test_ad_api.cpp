// tests/runtime/test_ad_api.cpp — semantics of the AD API: seeds, accumulation, graphs, IsolateGrad, errors, graphviz
//
// The semantics checked here are those docs/autodiff.md promises: which gradients a traversal leaves on
// leaves and interior nodes, how set_grad seeds are used and consumed, what free_graph releases, how
// IsolateGrad postpones gradients, which calls throw, and that a backward pass through an element-wise chain is
// one kernel. Every gradient is compared with a closed form.
#include "ad_check.h"
#include "test_util.h"

#include <tracejit/runtime.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <thread>

using namespace tjtest;
using D = tj::Float64;

namespace {

std::vector<double> values_of(const D &x) { return tj::to_vector(x); }

/// Element-wise f of the host values of x.
template <typename F> std::vector<double> host_map(const D &x, F f) { return map1(values_of(x), f); }

/// Whether `word` occurs in `text` delimited by characters that cannot be part of an identifier.
bool has_word(const std::string &text, const std::string &word) {
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        bool before = at == 0 || !ident(text[at - 1]);
        bool after = at + word.size() == text.size() || !ident(text[at + word.size()]);
        if (before && after)
            return true;
    }
    return false;
}

/// Restores the ADSimplify flag at the end of a test.
struct SimplifyFlagGuard {
    bool saved = tj::flag(tj::Flag::ADSimplify);
    ~SimplifyFlagGuard() { tj::set_flag(tj::Flag::ADSimplify, saved); }
};

constexpr size_t n = 20;

} // namespace

// ---------------------------------------------------------------------------------------------------------------
// The examples of the Enoki chapter (the seed of this feature)

TEST_CASE("AD API: Enoki's forward example: b = a * a, c = sqrt(a), forward(a)") {
    tj::Float a(2.0f);
    tj::enable_grad(a);
    tj::Float b = a * a;
    tj::Float c = tj::sqrt(a);
    tj::forward(a);
    CHECK(tj::to_vector(tj::grad(b)) == std::vector<float>{4.0f});
    REQUIRE(tj::grad(c).size() == 1);
    CHECK(tj::grad(c).read(0) == doctest::Approx(0.353553).epsilon(1e-6));
}

TEST_CASE("AD API: Enoki's backward example: c = a * sqrt(b), backward(c)") {
    tj::Float a(2.0f), b(3.0f);
    tj::enable_grad(a);
    tj::enable_grad(b);
    tj::Float c = a * tj::sqrt(b);
    tj::backward(c);
    REQUIRE(tj::grad(a).size() == 1);
    REQUIRE(tj::grad(b).size() == 1);
    CHECK(tj::grad(a).read(0) == doctest::Approx(1.73205).epsilon(1e-5));
    CHECK(tj::grad(b).read(0) == doctest::Approx(0.57735).epsilon(1e-5));
}

TEST_CASE("AD API: Enoki's gather example: repeated indices accumulate") {
    tj::Float a = tj::linspace<tj::Float>(0, 1, 10);
    tj::enable_grad(a);
    tj::Float c = tj::gather<tj::Float>(a, tj::UInt32({1, 4, 8, 4}));
    tj::backward(tj::sum(c));
    CHECK(tj::to_vector(tj::grad(a)) == std::vector<float>{0, 1, 0, 0, 2, 0, 0, 0, 1, 0});
}

TEST_CASE("AD API: Enoki's erf example: labels appear in graphviz, the gradient is erf'") {
    tj::Float a(1.0f);
    tj::enable_grad(a);
    tj::Float b = tj::erf(a);
    tj::set_label(a, "a");
    tj::set_label(b, "b");
    std::string dot = tj::graphviz(b);
    CHECK(dot.find("digraph") != std::string::npos);
    CHECK_MESSAGE(has_word(dot, "a"), dot);
    CHECK_MESSAGE(has_word(dot, "b"), dot);
    tj::backward(b);
    CHECK(tj::grad(a).read(0) == doctest::Approx(2 / std::sqrt(M_PI) * std::exp(-1.0)).epsilon(1e-6));
}

// ---------------------------------------------------------------------------------------------------------------
// Traversals, seeds and which gradients they leave

TEST_CASE("AD API: free_graph = false keeps the graph for more traversals, leaves accumulate") {
    D x(random_vector<double>(n, 1, -2, 2));
    tj::enable_grad(x);
    D y = tj::sin(x) * x;
    std::vector<double> d = host_map(x, [](double v) { return std::cos(v) * v + std::sin(v); });
    auto times = [&](double k) { return map1(d, [k](double e) { return k * e; }); };

    tj::backward(y, false);
    check_derivative("after one backward", tj::grad(x), d, 1e-12);
    tj::backward(y, false);
    check_derivative("after two", tj::grad(x), times(2), 1e-12);
    tj::backward(y); // frees the graph
    check_derivative("after three, the last freeing the graph", tj::grad(x), times(3), 1e-12);
    tj::backward(y); // nothing is left to reach x
    check_derivative("after a fourth on the freed graph", tj::grad(x), times(3), 1e-12);

    // Forward traversals: the output is an interior node, reset by each traversal.
    D x2(random_vector<double>(n, 2, -2, 2));
    tj::enable_grad(x2);
    D y2 = tj::exp(x2) * 3.0;
    std::vector<double> d2 = host_map(x2, [](double v) { return 3 * std::exp(v); });
    tj::forward(x2, false);
    check_derivative("forward once", tj::grad(y2), d2, 1e-12);
    tj::forward(x2, false);
    check_derivative("forward twice: not accumulated", tj::grad(y2), d2, 1e-12);
}

TEST_CASE("AD API: set_grad seeds one traversal, then backward seeds with ones again") {
    D x(random_vector<double>(n, 3, -2, 2));
    tj::enable_grad(x);
    D y = x * x * x;
    std::vector<double> d = host_map(x, [](double v) { return 3 * v * v; });
    auto times = [&](double k) { return map1(d, [k](double e) { return k * e; }); };

    tj::set_grad(y, 2.0);
    tj::backward(y, false);
    check_derivative("seeded with 2", tj::grad(x), times(2), 1e-12);
    check_derivative("the start keeps its seed", tj::grad(y), std::vector<double>(n, 2.0), 0);
    tj::backward(y, false);
    check_derivative("then seeded with ones (accumulated in the leaf)", tj::grad(x), times(3), 1e-12);
    check_derivative("the start's gradient is ones", tj::grad(y), std::vector<double>(n, 1.0), 0);

    // A per-element seed of y's size, and accum_grad adding to it.
    std::vector<double> w = random_seed(n, 4);
    D x2(values_of(x));
    tj::enable_grad(x2);
    D y2 = x2 * x2 * x2;
    tj::set_grad(y2, D(w));
    tj::accum_grad(y2, 1.0);
    tj::accum_grad(y2, D(w));
    tj::backward(y2);
    std::vector<double> expect(n);
    for (size_t i = 0; i < n; ++i)
        expect[i] = (2 * w[i] + 1) * d[i];
    check_derivative("set_grad(w) + accum_grad(1) + accum_grad(w)", tj::grad(x2), expect, 1e-12);

    // accum_grad alone starts from zero.
    D x3(values_of(x));
    tj::enable_grad(x3);
    D y3 = x3 * x3 * x3;
    tj::accum_grad(y3, 2.0);
    tj::accum_grad(y3, 3.0);
    tj::backward(y3);
    check_derivative("accum_grad(2) + accum_grad(3)", tj::grad(x3), times(5), 1e-12);
}

TEST_CASE("AD API: set_grad(x, 0) clears the gradient accumulated in a leaf") {
    D x(random_vector<double>(n, 5, -2, 2));
    tj::enable_grad(x);
    D y = tj::sin(x);
    std::vector<double> d = host_map(x, [](double v) { return std::cos(v); });
    tj::backward(y, false);
    tj::backward(y, false);
    tj::set_grad(x, 0.0);
    check_derivative("cleared", tj::grad(x), std::vector<double>(n, 0.0), 0);
    tj::backward(y);
    check_derivative("one traversal after clearing", tj::grad(x), d, 1e-12);
}

TEST_CASE("AD API: interior gradients are dy/dv of the last traversal that reached them, not accumulated") {
    D x(random_vector<double>(n, 6, -2, 2));
    tj::enable_grad(x);
    D v = tj::sin(x);
    D y = v * v;
    tj::backward(y, false);
    std::vector<double> vv = values_of(v), cx = host_map(x, [](double e) { return std::cos(e); });
    check_derivative("dy/dv", tj::grad(v), map1(vv, [](double e) { return 2 * e; }), 1e-12);
    std::vector<double> leaf(n);
    for (size_t i = 0; i < n; ++i)
        leaf[i] = 2 * vv[i] * cx[i];
    check_derivative("dy/dx", tj::grad(x), leaf, 1e-12);

    D z = v * 3.0;
    tj::backward(z, false);
    check_derivative("dz/dv: reset, not added to dy/dv", tj::grad(v), std::vector<double>(n, 3.0), 1e-12);
    for (size_t i = 0; i < n; ++i)
        leaf[i] += 3 * cx[i];
    check_derivative("the leaf accumulates dy/dx + dz/dx", tj::grad(x), leaf, 1e-12);
}

TEST_CASE("AD API: a seed set on an interior output combines with the traversal through it") {
    // y2 = 3·y1 with y1 = x²: set_grad(y1, 1) then backward(y2) gives x the gradient of y1 + y2.
    D x(random_vector<double>(n, 7, -2, 2));
    tj::enable_grad(x);
    D y1 = x * x;
    D y2 = y1 * 3.0;
    tj::set_grad(y1, 1.0);
    tj::backward(y2);
    check_derivative("d(y1 + y2)/dx", tj::grad(x), host_map(x, [](double v) { return 8 * v; }), 1e-12);
}

TEST_CASE("AD API: forward with a set_grad seed gives the directional derivative") {
    D x(random_vector<double>(n, 8, -2, 2));
    tj::enable_grad(x);
    D y = tj::exp(x) * x;
    std::vector<double> dir = random_seed(n, 9), xs = values_of(x), expect(n);
    for (size_t i = 0; i < n; ++i)
        expect[i] = (std::exp(xs[i]) * (xs[i] + 1)) * dir[i];
    tj::set_grad(x, D(dir));
    tj::forward(x);
    check_derivative("J·dir", tj::grad(y), expect, 1e-12);
    check_derivative("the start keeps its seed", tj::grad(x), dir, 0);
}

TEST_CASE("AD API: free_graph = true releases the derivative graph, nothing leaks") {
    SimplifyFlagGuard guard;
    auto chain = [](const D &x) {
        D y = x;
        for (int k = 0; k < 10; ++k)
            y = tj::sin(y) * y + 0.5;
        return y;
    };
    for (bool simplify : {true, false}) {
        CAPTURE(simplify);
        tj::set_flag(tj::Flag::ADSimplify, simplify);
        {
            // Warm-up: whatever the first use creates once is not counted as a leak below.
            D x(random_vector<double>(n, 10, -1, 1));
            tj::enable_grad(x);
            tj::backward(chain(x));
            tj::eval(tj::grad(x));
        }
        const size_t before = tj::detail::var_count();
        {
            D x(random_vector<double>(n, 10, -1, 1));
            tj::enable_grad(x);
            D y = chain(x);
            tj::eval(y);
            tj::backward(y, false);
            std::vector<double> once = values_of(tj::grad(x));
            const size_t retained = tj::detail::var_count();

            tj::backward(y);
            std::vector<double> twice = values_of(tj::grad(x));
            const size_t released = tj::detail::var_count();
            // What is left: the values of x and y and their gradients.
            CHECK_MESSAGE(released <= before + 4, "after freeing the graph:\n" << tj::whos_str());
            // Without simplification the retained graph holds the weights of all ten steps.
            if (!simplify)
                CHECK_MESSAGE(released + 10 < retained, "variables alive with the graph kept: "
                                                            << retained << ", after freeing it: " << released);
            check_derivative("the freeing traversal still adds its gradient", twice,
                             map1(once, [](double e) { return 2 * e; }), 1e-12);
            tj::backward(y);
            check_derivative("a traversal of the freed graph adds nothing", tj::grad(x), twice, 0);
        }
        CHECK_MESSAGE(tj::detail::var_count() == before, "variables leaked:\n" << tj::whos_str());
    }
}

// ---------------------------------------------------------------------------------------------------------------
// IsolateGrad

TEST_CASE("AD API: IsolateGrad postpones the gradient of nodes created before it until it ends") {
    D x(random_vector<double>(n, 11, -2, 2));
    tj::enable_grad(x);
    D u = tj::sin(x); // created before the scope
    std::vector<double> uv = values_of(u), cx = host_map(x, [](double e) { return std::cos(e); }), expect(n);
    {
        tj::IsolateGrad scope;
        D q = u * u;
        tj::backward(q);
        check_derivative("inside: nothing reached x", tj::grad(x), std::vector<double>(n, 0.0), 0);
        check_derivative("inside: the gradient waits at u", tj::grad(u), map1(uv, [](double e) { return 2 * e; }),
                         1e-12);
    }
    for (size_t i = 0; i < n; ++i)
        expect[i] = 2 * uv[i] * cx[i];
    check_derivative("after the scope: dq/dx", tj::grad(x), expect, 1e-12);
}

TEST_CASE("AD API: nested IsolateGrad scopes release the gradient one level at a time") {
    D x(random_vector<double>(n, 12, -2, 2));
    tj::enable_grad(x);
    D u = tj::sin(x);
    std::vector<double> uv = values_of(u), cx = host_map(x, [](double e) { return std::cos(e); });
    {
        tj::IsolateGrad outer;
        D p = u * u; // inside outer, before inner
        std::vector<double> pv = values_of(p);
        {
            tj::IsolateGrad inner;
            D q = p * p;
            tj::backward(q);
            check_derivative("inner: waits at p", tj::grad(p), map1(pv, [](double e) { return 2 * e; }), 1e-12);
            check_derivative("inner: u not reached", tj::grad(u), std::vector<double>(n, 0.0), 0);
            check_derivative("inner: x not reached", tj::grad(x), std::vector<double>(n, 0.0), 0);
        }
        check_derivative("after inner: waits at u", tj::grad(u), map1(uv, [](double e) { return 4 * e * e * e; }),
                         1e-12);
        check_derivative("after inner: x not reached", tj::grad(x), std::vector<double>(n, 0.0), 0);
    }
    std::vector<double> expect(n);
    for (size_t i = 0; i < n; ++i)
        expect[i] = 4 * uv[i] * uv[i] * uv[i] * cx[i];
    check_derivative("after outer: dq/dx", tj::grad(x), expect, 1e-12);
}

TEST_CASE("AD API: an exception leaving IsolateGrad leaves the postponed gradients where they are") {
    D x(random_vector<double>(n, 13, -2, 2));
    tj::enable_grad(x);
    D u = tj::sin(x), w = tj::cos(x); // both created before the scope
    std::vector<double> uv = values_of(u);
    bool caught = false;
    try {
        tj::IsolateGrad scope;
        D q = u * u;
        tj::backward(q);
        throw std::runtime_error("leaving the scope");
    } catch (const std::runtime_error &e) {
        caught = std::string(e.what()) == "leaving the scope";
    }
    CHECK(caught);
    check_derivative("x not reached", tj::grad(x), std::vector<double>(n, 0.0), 0);
    check_derivative("the gradient stays at u", tj::grad(u), map1(uv, [](double e) { return 2 * e; }), 1e-12);
    // The scope is gone: a backward pass from w reaches x.
    tj::backward(w * 5.0);
    check_derivative("later traversals are not isolated", tj::grad(x),
                     host_map(x, [](double e) { return -5 * std::sin(e); }), 1e-12);
}

TEST_CASE("AD API: forward inside IsolateGrad visits only nodes created inside the scope") {
    D x(random_vector<double>(n, 14, -2, 2));
    tj::enable_grad(x);
    D before = x * 2.0;
    tj::IsolateGrad scope;
    D inside = x * 3.0;
    tj::forward(x);
    check_derivative("created inside", tj::grad(inside), std::vector<double>(n, 3.0), 0);
    check_derivative("created before", tj::grad(before), std::vector<double>(n, 0.0), 0);
}

// ---------------------------------------------------------------------------------------------------------------
// detach, grad_enabled, enable_grad, make_opaque

TEST_CASE("AD API: detach, grad_enabled and grad of arrays without gradients") {
    D plain(random_vector<double>(7, 15, -1, 1));
    CHECK_FALSE(tj::grad_enabled(plain));
    check_derivative("grad of an array without gradients", tj::grad(plain), std::vector<double>(7, 0.0), 0);
    CHECK(tj::grad(D(2.5)).size() == 1);

    D x(random_vector<double>(n, 16, -1, 1));
    tj::enable_grad(x);
    CHECK(tj::grad_enabled(x));
    check_derivative("grad before any traversal", tj::grad(x), std::vector<double>(n, 0.0), 0);
    D y = x * x;
    CHECK(tj::grad_enabled(y));
    D dy = tj::detach(y);
    CHECK_FALSE(tj::grad_enabled(dy));
    CHECK(values_of(dy) == values_of(y));
    // Operations on the detached value are constants: d(detach(x²)·x)/dx = x².
    D z = dy * x;
    CHECK_FALSE(tj::grad_enabled(dy * 2.0));
    tj::backward(z);
    check_derivative("through detach", tj::grad(x), values_of(y), 1e-15);
}

TEST_CASE("AD API: enable_grad twice is a no-op, also on a computed array") {
    D x(random_vector<double>(n, 17, -1, 1));
    tj::enable_grad(x);
    const uint32_t node = x.ad_index();
    tj::enable_grad(x);
    CHECK(x.ad_index() == node);
    D y = x * x;
    const uint32_t ynode = y.ad_index();
    tj::enable_grad(y); // already takes part: stays connected to x
    CHECK(y.ad_index() == ynode);
    tj::backward(y * 3.0);
    check_derivative("d(3x²)/dx", tj::grad(x), host_map(x, [](double v) { return 6 * v; }), 1e-14);
}

TEST_CASE("AD API: make_opaque keeps gradients, on leaves and computed arrays") {
    D x = tj::full<D>(2.0, 5);
    tj::enable_grad(x);
    const uint32_t node = x.ad_index();
    tj::make_opaque(x);
    CHECK(x.ad_index() == node);
    CHECK(tj::grad_enabled(x));
    D v = x * 3.0;
    tj::make_opaque(v);
    CHECK(tj::grad_enabled(v));
    tj::backward(v * v); // 9x²
    check_derivative("d(9x²)/dx through an opaque interior array", tj::grad(x), std::vector<double>(5, 36.0), 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

TEST_CASE("AD API: misuse throws tj::Error naming the function") {
    tj::Int32 i({1, 2, 3});
    tj::UInt32 u({1, 2, 3});
    tj::Bool b(std::vector<bool>{true, false});
    check_error([&] { tj::enable_grad(i); }, {"tj::enable_grad()"});
    check_error([&] { tj::enable_grad(u); }, {"tj::enable_grad()"});
    check_error([&] { tj::enable_grad(b); }, {"tj::enable_grad()"});
    CHECK_FALSE(tj::grad_enabled(i));

    D plain(random_vector<double>(5, 18, -1, 1));
    check_error([&] { tj::set_grad(plain, 1.0); }, {"tj::set_grad()"});
    check_error([&] { tj::accum_grad(plain, 1.0); }, {"tj::accum_grad()"});
    check_error([&] { tj::backward(plain); }, {"tj::backward()"});
    check_error([&] { tj::forward(plain); }, {"tj::forward()"});

    D x(random_vector<double>(5, 19, -1, 1));
    tj::enable_grad(x);
    D y = x * x;
    check_error([&] { tj::set_grad(y, D({1.0, 2.0, 3.0})); }, {"tj::set_grad()", "3", "5"});
    check_error([&] { tj::accum_grad(y, D({1.0, 2.0})); }, {"tj::accum_grad()", "2", "5"});
    // The failed calls changed nothing: a traversal still works.
    tj::backward(y);
    check_derivative("after the errors", tj::grad(x), host_map(x, [](double v) { return 2 * v; }), 1e-15);
}

// ---------------------------------------------------------------------------------------------------------------
// Kernels, simplification, graphviz, threads

TEST_CASE("AD API: a backward pass through an element-wise chain of one size is one kernel") {
    SimplifyFlagGuard guard;
    const size_t size = 1000;
    std::vector<float> xv = random_vector<float>(size, 20, -1, 1);
    // 20 steps, and the derivative of each on the host (in double).
    std::vector<double> yh(xv.begin(), xv.end()), dh(size, 1.0);
    for (int k = 0; k < 20; ++k) {
        for (size_t i = 0; i < size; ++i) {
            double t = yh[i];
            switch (k % 4) {
            case 0: dh[i] *= std::cos(t) + 1, yh[i] = std::sin(t) + t; break;
            case 1: dh[i] *= 0.5, yh[i] = t * 0.5; break;
            case 2: dh[i] *= (1 - std::tanh(t) * std::tanh(t)) * t + std::tanh(t), yh[i] = std::tanh(t) * t; break;
            default: dh[i] *= -2 * t * std::exp(-t * t) + 0.75, yh[i] = std::exp(-t * t) + t * 0.75; break;
            }
        }
    }
    auto chain = [](tj::Float y) {
        for (int k = 0; k < 20; ++k) {
            switch (k % 4) {
            case 0: y = tj::sin(y) + y; break;
            case 1: y = y * 0.5f; break;
            case 2: y = tj::tanh(y) * y; break;
            default: y = tj::exp(-y * y) + y * 0.75f; break;
            }
        }
        return y;
    };
    for (bool simplify : {true, false}) {
        CAPTURE(simplify);
        tj::set_flag(tj::Flag::ADSimplify, simplify);
        {
            tj::Float x(xv); // in memory: only the derivative kernel is left to run
            tj::enable_grad(x);
            tj::Float y = chain(x);
            tj::reset_kernel_stats();
            tj::backward(y);
            tj::Float g = tj::grad(x);
            tj::eval(g);
            CHECK(tj::kernel_stats().launches == 1);
            check_derivative("the chain's derivative", g, dh, 1e-4);
        }
        {
            // With the primal evaluated first, the backward pass adds at most one kernel (none when the
            // simplification computed the derivative along with the primal).
            tj::Float x(xv);
            tj::enable_grad(x);
            tj::Float y = chain(x);
            tj::reset_kernel_stats();
            tj::eval(y);
            CHECK(tj::kernel_stats().launches == 1);
            tj::reset_kernel_stats();
            tj::backward(y);
            tj::Float g = tj::grad(x);
            tj::eval(g);
            CHECK(tj::kernel_stats().launches <= 1);
            check_derivative("the chain's derivative after eval(y)", g, dh, 1e-4);
        }
    }
}

TEST_CASE("AD API: ADSimplify on and off give the same gradients, also for held intermediate arrays") {
    SimplifyFlagGuard guard;
    std::vector<double> xv = random_vector<double>(n, 21, -1, 1);
    std::vector<std::vector<double>> leaf, mid;
    for (bool simplify : {true, false}) {
        CAPTURE(simplify);
        tj::set_flag(tj::Flag::ADSimplify, simplify);
        CHECK(tj::flag(tj::Flag::ADSimplify) == simplify);
        D x(xv);
        tj::enable_grad(x);
        D y = x, held;
        for (int k = 0; k < 12; ++k) {
            y = tj::sin(y) * 1.3 + y * y * 0.1;
            if (k == 5)
                held = y;
            tj::eval(y); // each evaluation may simplify the graph built so far
        }
        tj::backward(y);
        leaf.push_back(values_of(tj::grad(x)));
        mid.push_back(values_of(tj::grad(held)));
    }
    // Host reference: dy/dx and dy/d(held) by the chain rule.
    std::vector<double> dx(n), dmid(n);
    for (size_t i = 0; i < n; ++i) {
        double t = xv[i], d = 1, after = 1;
        for (int k = 0; k < 12; ++k) {
            double f = std::cos(t) * 1.3 + 0.2 * t;
            d *= f;
            if (k > 5)
                after *= f;
            t = std::sin(t) * 1.3 + t * t * 0.1;
        }
        dx[i] = d;
        dmid[i] = after;
    }
    check_derivative("simplified: dy/dx", leaf[0], dx, 1e-12);
    check_derivative("not simplified: dy/dx", leaf[1], dx, 1e-12);
    check_derivative("simplified: dy/d(held)", mid[0], dmid, 1e-12);
    check_derivative("not simplified: dy/d(held)", mid[1], dmid, 1e-12);
}

TEST_CASE("AD API: graphviz names the labelled nodes and is valid DOT") {
    D x(random_vector<double>(n, 22, -1, 1));
    tj::enable_grad(x);
    D y1 = tj::sin(x) * x;
    D y2 = tj::exp(y1) + x;
    tj::set_label(x, "input_x");
    tj::set_label(y1, "first_output");
    tj::set_label(y2, "second_output");
    std::string dot = tj::graphviz(y1, y2);
    CHECK(dot.find("digraph") != std::string::npos);
    for (const char *label : {"input_x", "first_output", "second_output"})
        CHECK_MESSAGE(dot.find(label) != std::string::npos, "no " << label << " in\n" << dot);
    std::string only_first = tj::graphviz(y1);
    CHECK(only_first.find("input_x") != std::string::npos);
    CHECK(only_first.find("second_output") == std::string::npos);

    if (std::system("command -v dot >/dev/null 2>&1") != 0) {
        MESSAGE("Graphviz's `dot` is not installed: the DOT text is not checked by dot -Tsvg");
        return;
    }
    tj_test::TempDir dir("tj_ad_graphviz");
    std::string file = dir.path + "/graph.dot";
    std::ofstream(file) << dot;
    std::string cmd = "dot -Tsvg '" + file + "' -o /dev/null";
    CHECK_MESSAGE(std::system(cmd.c_str()) == 0, "dot rejected:\n" << dot);
}

TEST_CASE("AD API: threads differentiate their own arrays independently") {
    constexpr int threads = 4, rounds = 20;
    std::vector<std::string> failures(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([t, &failures] {
            try {
                for (int r = 0; r < rounds; ++r) {
                    size_t size = 50 + size_t(t) * 37;
                    std::vector<double> xv = random_vector<double>(size, uint32_t(100 * t + r), -2, 2);
                    D x(xv);
                    tj::enable_grad(x);
                    D y = tj::sin(x) * x * double(t + 1);
                    tj::backward(y);
                    std::vector<double> g = tj::to_vector(tj::grad(x));
                    for (size_t i = 0; i < size; ++i) {
                        double e = (std::cos(xv[i]) * xv[i] + std::sin(xv[i])) * (t + 1);
                        if (std::fabs(g[i] - e) > 1e-12 * (1 + std::fabs(e))) {
                            failures[t] = fmt::format("round {} element {}: got {}, expected {}", r, i, g[i], e);
                            return;
                        }
                    }
                }
            } catch (const std::exception &e) {
                failures[t] = e.what();
            }
        });
    }
    for (auto &th : pool)
        th.join();
    for (int t = 0; t < threads; ++t)
        CHECK_MESSAGE(failures[t].empty(), "thread " << t << ": " << failures[t]);
}
