// tests/runtime/ad_check.h — checks reverse- and forward-mode derivatives against central finite differences
//
// check_derivatives(what, f, inputs) takes a function of arrays and host values for its inputs. It builds the
// Jacobian of f column by column with central differences (evaluating f without gradients), then checks on
// fresh differentiable copies of the inputs:
//   reverse mode: backward(y) gives Jᵀ·1 and, seeded with set_grad(y, w), Jᵀ·w, for every input;
//   forward mode: forward(x_i) gives J_i·1 and, seeded with set_grad(x_i, v), J_i·v;
//   and that the two modes agree: w·(J_i v) from forward equals (J_iᵀ w)·v from reverse.
// Random seeds w and v weigh every entry of the Jacobian, so that errors in different entries cannot cancel.
#pragma once

#include "reference.h"

#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace tjtest {

/// Finite-difference step and tolerances for one element type.
struct AdTolerance {
    double step;       ///< the step is step · max(1, |x|)
    double tol;        ///< |ad - fd| <= tol · (1 + |fd|)
    double fwd_vs_rev; ///< |w·(Jv) - (Jᵀw)·v| <= fwd_vs_rev · (1 + |w·(Jv)|)
};

/// Float64: the error of a central difference with h ~ 1e-6 is ~1e-10 for the functions tested.
/// Float: rounding to 24 bits forces a larger step and a looser tolerance.
template <typename T> AdTolerance default_tolerance() {
    if constexpr (std::is_same_v<T, double>)
        return {1e-6, 1e-6, 1e-9};
    else
        return {3e-3, 3e-3, 1e-4};
}

/// `n` values uniform in [lo, hi) from a seeded std::mt19937; values for which `keep` is false are drawn again
/// (to stay away from kinks and singularities).
template <typename T>
std::vector<T> random_vector(size_t n, uint32_t seed, double lo, double hi,
                             const std::function<bool(double)> &keep = {}) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<T> v(n);
    for (auto &x : v) {
        do
            x = T(dist(rng));
        while (keep && !keep(double(x)));
    }
    return v;
}

/// Seeds for set_grad: magnitudes in [0.5, 1.5), random signs.
inline std::vector<double> random_seed(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> mag(0.5, 1.5);
    std::vector<double> v(n);
    for (auto &x : v) {
        double m = mag(rng);
        x = (rng() & 1) ? m : -m;
    }
    return v;
}

template <typename T> std::vector<T> to_type(const std::vector<double> &v) {
    return std::vector<T>(v.begin(), v.end());
}

/// Arrays holding `inputs` in memory; with `differentiable`, each is a leaf with gradients enabled.
template <typename T>
std::vector<tj::Array<T>> make_inputs(const std::vector<std::vector<T>> &inputs, bool differentiable) {
    std::vector<tj::Array<T>> xs;
    for (const auto &v : inputs) {
        tj::Array<T> a(v);
        if (differentiable)
            tj::enable_grad(a);
        xs.push_back(a);
    }
    return xs;
}

/// Element-wise |got - expect| <= tol · (1 + |expect|); reports the count and the first element out of it.
template <typename T>
void check_derivative(const std::string &what, const std::vector<T> &got, const std::vector<double> &expect,
                      double tol) {
    REQUIRE_MESSAGE(got.size() == expect.size(), what << ": " << got.size() << " elements, expected " << expect.size());
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        double g = double(got[i]), e = expect[i];
        bool ok = std::isinf(e) ? g == e : std::fabs(g - e) <= tol * (1 + std::fabs(e));
        if (!ok && bad++ == 0)
            first = i;
    }
    CHECK_MESSAGE(bad == 0, what << ": " << bad << " of " << got.size() << " elements differ; first at [" << first
                                 << "]: got " << (bad ? fmt::format("{}", double(got[first])) : "") << ", expected "
                                 << (bad ? fmt::format("{}", expect[first]) : ""));
}
template <typename T>
void check_derivative(const std::string &what, const tj::Array<T> &got, const std::vector<double> &expect, double tol) {
    check_derivative(what, tj::to_vector(got), expect, tol);
}

/// The values of f at `inputs`, computed without gradients.
template <typename T, typename F> std::vector<T> evaluate(const F &f, const std::vector<std::vector<T>> &inputs) {
    return tj::to_vector(f(make_inputs(inputs, false)));
}

/// Column j of the Jacobian of f with respect to input i, by a central difference: (f(x+h) - f(x-h)) / 2h.
template <typename T, typename F>
std::vector<double> fd_column(const F &f, std::vector<std::vector<T>> inputs, size_t i, size_t j, double step) {
    T x = inputs[i][j];
    T h = T(step * std::max(1.0, std::fabs(double(x))));
    inputs[i][j] = x + h;
    T hi = inputs[i][j];
    std::vector<T> up = evaluate(f, inputs);
    inputs[i][j] = x - h;
    T lo = inputs[i][j];
    std::vector<T> down = evaluate(f, inputs);
    std::vector<double> col(up.size());
    for (size_t r = 0; r < up.size(); ++r)
        col[r] = (double(up[r]) - double(down[r])) / (double(hi) - double(lo)); // the steps actually taken
    return col;
}

/// Checks the derivatives of `f` (a function of a std::vector of arrays, returning an array) at `inputs` with
/// respect to every input, in reverse and forward mode, against central finite differences.
template <typename T, typename F>
void check_derivatives(const std::string &what, const F &f, const std::vector<std::vector<T>> &inputs,
                       AdTolerance tol = default_tolerance<T>()) {
    using A = tj::Array<T>;
    const size_t m = evaluate(f, inputs).size();
    const size_t k = inputs.size();
    const std::vector<double> w = random_seed(m, 7001);

    // Expected products with the finite-difference Jacobian, per input i.
    std::vector<std::vector<double>> rev_ones(k), rev_w(k), fwd_ones(k, std::vector<double>(m)),
        fwd_v(k, std::vector<double>(m)), v(k);
    for (size_t i = 0; i < k; ++i) {
        const size_t n = inputs[i].size();
        v[i] = random_seed(n, 7100 + uint32_t(i));
        rev_ones[i].assign(n, 0);
        rev_w[i].assign(n, 0);
        for (size_t j = 0; j < n; ++j) {
            std::vector<double> col = fd_column(f, inputs, i, j, tol.step);
            for (size_t r = 0; r < m; ++r) {
                rev_ones[i][j] += col[r];
                rev_w[i][j] += w[r] * col[r];
                fwd_ones[i][r] += col[r];
                fwd_v[i][r] += col[r] * v[i][j];
            }
        }
    }

    {
        std::vector<A> xs = make_inputs(inputs, true);
        A y = f(xs);
        REQUIRE_MESSAGE(tj::grad_enabled(y), what << ": the result has no gradients");
        tj::backward(y);
        for (size_t i = 0; i < k; ++i)
            check_derivative(fmt::format("{}: backward(y), d/dx{}", what, i), tj::grad(xs[i]), rev_ones[i], tol.tol);
    }
    std::vector<std::vector<T>> rev_w_got(k);
    {
        std::vector<A> xs = make_inputs(inputs, true);
        A y = f(xs);
        tj::set_grad(y, A(to_type<T>(w)));
        tj::backward(y);
        for (size_t i = 0; i < k; ++i) {
            rev_w_got[i] = tj::to_vector(tj::grad(xs[i]));
            check_derivative(fmt::format("{}: set_grad(y, w), backward(y), d/dx{}", what, i), rev_w_got[i], rev_w[i],
                             tol.tol);
        }
    }
    for (size_t i = 0; i < k; ++i) {
        {
            std::vector<A> xs = make_inputs(inputs, true);
            A y = f(xs);
            tj::forward(xs[i]);
            check_derivative(fmt::format("{}: forward(x{})", what, i), tj::grad(y), fwd_ones[i], tol.tol);
        }
        std::vector<A> xs = make_inputs(inputs, true);
        A y = f(xs);
        tj::set_grad(xs[i], A(to_type<T>(v[i])));
        tj::forward(xs[i]);
        std::vector<T> fwd_v_got = tj::to_vector(tj::grad(y));
        check_derivative(fmt::format("{}: set_grad(x{}, v), forward(x{})", what, i, i), fwd_v_got, fwd_v[i], tol.tol);

        // Forward and reverse mode compute w·J·v in two orders.
        if (fwd_v_got.size() != m || rev_w_got[i].size() != inputs[i].size())
            continue; // already reported above
        double wjv = 0, jtwv = 0;
        for (size_t r = 0; r < m; ++r)
            wjv += w[r] * double(fwd_v_got[r]);
        for (size_t j = 0; j < v[i].size(); ++j)
            jtwv += double(rev_w_got[i][j]) * v[i][j];
        CHECK_MESSAGE(std::fabs(wjv - jtwv) <= tol.fwd_vs_rev * (1 + std::fabs(wjv)),
                      what << ": forward and reverse disagree for x" << i << ": w·(J v) = " << wjv
                           << ", (Jᵀ w)·v = " << jtwv);
    }
}

} // namespace tjtest
