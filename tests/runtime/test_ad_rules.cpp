// tests/runtime/test_ad_rules.cpp — the derivative rule of every differentiable op against finite differences
//
// Each case checks, with check_derivatives() from ad_check.h, the reverse- and forward-mode derivatives of one
// op (or a small composition) with respect to every operand against central finite differences, on random
// Float64 inputs inside the op's domain and away from its kinks. The last cases check the values chosen
// exactly at kinks and singular points (docs/autodiff.md) against those closed forms.
#include "ad_check.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace tjtest;
using D = tj::Float64;
using Args = std::vector<D>;

namespace {

constexpr size_t n = 50;

/// Distance from x to the nearest multiple of `period` shifted by `offset`.
double distance_to_grid(double x, double period, double offset = 0) {
    double t = (x - offset) / period;
    return std::fabs(t - std::round(t)) * period;
}

/// Values of either sign with |x| in [lo, hi).
std::vector<double> away_from_zero(size_t count, uint32_t seed, double lo, double hi) {
    return random_vector<double>(count, seed, -hi, hi, [lo](double x) { return std::fabs(x) >= lo; });
}

/// `b` moved so that no element is within `gap` of the same element of `a` (min/max must not tie).
std::vector<double> apart_from(const std::vector<double> &a, std::vector<double> b, double gap) {
    for (size_t i = 0; i < b.size(); ++i)
        if (std::fabs(a[i] - b[i]) < gap)
            b[i] += 4 * gap;
    return b;
}

/// Random mask with about `fraction` of the lanes set.
tj::Bool random_mask(size_t count, uint32_t seed, double fraction) {
    std::vector<double> u = random_vector<double>(count, seed, 0, 1);
    std::vector<bool> m(count);
    for (size_t i = 0; i < count; ++i)
        m[i] = u[i] < fraction;
    return tj::Bool(m);
}

} // namespace

TEST_CASE("AD rules: + - * / and unary - with respect to both operands") {
    std::vector<double> a = random_vector<double>(n, 1, -3, 3), b = random_vector<double>(n, 2, -3, 3);
    std::vector<double> den = away_from_zero(n, 3, 0.5, 3);
    check_derivatives<double>("a + b", [](const Args &x) { return x[0] + x[1]; }, {a, b});
    check_derivatives<double>("a - b", [](const Args &x) { return x[0] - x[1]; }, {a, b});
    check_derivatives<double>("a * b", [](const Args &x) { return x[0] * x[1]; }, {a, b});
    check_derivatives<double>("a / b", [](const Args &x) { return x[0] / x[1]; }, {a, den});
    check_derivatives<double>("-a", [](const Args &x) { return -x[0]; }, {a});
}

TEST_CASE("AD rules: float % (fmod) away from its jumps") {
    // d(a % b)/da = 1, d/db = -trunc(a/b); a/b stays at least 0.05 away from an integer.
    std::vector<double> b = away_from_zero(n, 4, 0.5, 3);
    std::vector<double> a = random_vector<double>(n, 5, -10, 10);
    for (size_t i = 0; i < n; ++i)
        while (distance_to_grid(a[i] / b[i], 1) < 0.05)
            a[i] += 0.1;
    check_derivatives<double>("a % b", [](const Args &x) { return x[0] % x[1]; }, {a, b});
}

TEST_CASE("AD rules: abs sqrt rsqrt exp log") {
    check_derivatives<double>("abs(x)", [](const Args &x) { return tj::abs(x[0]); }, {away_from_zero(n, 6, 0.1, 3)});
    std::vector<double> pos = random_vector<double>(n, 7, 0.1, 5);
    check_derivatives<double>("sqrt(x)", [](const Args &x) { return tj::sqrt(x[0]); }, {pos});
    check_derivatives<double>("rsqrt(x)", [](const Args &x) { return tj::rsqrt(x[0]); }, {pos});
    check_derivatives<double>("exp(x)", [](const Args &x) { return tj::exp(x[0]); },
                              {random_vector<double>(n, 8, -3, 3)});
    check_derivatives<double>("log(x)", [](const Args &x) { return tj::log(x[0]); }, {pos});
}

TEST_CASE("AD rules: sin cos tan tanh erf") {
    std::vector<double> x = random_vector<double>(n, 9, -5, 5);
    check_derivatives<double>("sin(x)", [](const Args &a) { return tj::sin(a[0]); }, {x});
    check_derivatives<double>("cos(x)", [](const Args &a) { return tj::cos(a[0]); }, {x});
    check_derivatives<double>("tan(x)", [](const Args &a) { return tj::tan(a[0]); },
                              {random_vector<double>(n, 10, -1.2, 1.2)});
    check_derivatives<double>("tanh(x)", [](const Args &a) { return tj::tanh(a[0]); },
                              {random_vector<double>(n, 11, -3, 3)});
    check_derivatives<double>("erf(x)", [](const Args &a) { return tj::erf(a[0]); },
                              {random_vector<double>(n, 12, -2.5, 2.5)});
}

TEST_CASE("AD rules: atan2 and pow with respect to both operands") {
    std::vector<double> y = away_from_zero(n, 13, 0.3, 3), x = away_from_zero(n, 14, 0.3, 3);
    check_derivatives<double>("atan2(y, x)", [](const Args &a) { return tj::atan2(a[0], a[1]); }, {y, x});
    std::vector<double> base = random_vector<double>(n, 15, 0.3, 3), expo = random_vector<double>(n, 16, -2.5, 2.5);
    check_derivatives<double>("pow(x, y)", [](const Args &a) { return tj::pow(a[0], a[1]); }, {base, expo});
}

TEST_CASE("AD rules: floor ceil round have derivative 0 away from their jumps") {
    std::vector<double> x = random_vector<double>(
        n, 17, -5, 5, [](double v) { return distance_to_grid(v, 1) > 0.05 && distance_to_grid(v, 1, 0.5) > 0.05; });
    check_derivatives<double>("floor(x)", [](const Args &a) { return tj::floor(a[0]); }, {x});
    check_derivatives<double>("ceil(x)", [](const Args &a) { return tj::ceil(a[0]); }, {x});
    check_derivatives<double>("round(x)", [](const Args &a) { return tj::round(a[0]); }, {x});
    // Composed with a smooth function the jump-free parts still differentiate: d(x * floor(x)) = floor(x).
    check_derivatives<double>("x * floor(x)", [](const Args &a) { return a[0] * tj::floor(a[0]); }, {x});
}

TEST_CASE("AD rules: min max fma select") {
    std::vector<double> a = random_vector<double>(n, 18, -3, 3);
    std::vector<double> b = apart_from(a, random_vector<double>(n, 19, -3, 3), 0.01);
    std::vector<double> c = random_vector<double>(n, 20, -3, 3);
    check_derivatives<double>("min(a, b)", [](const Args &x) { return tj::min(x[0], x[1]); }, {a, b});
    check_derivatives<double>("max(a, b)", [](const Args &x) { return tj::max(x[0], x[1]); }, {a, b});
    check_derivatives<double>("fma(a, b, c)", [](const Args &x) { return tj::fma(x[0], x[1], x[2]); }, {a, b, c});
    tj::Bool m = random_mask(n, 21, 0.5);
    check_derivatives<double>("select(m, a, b)", [&](const Args &x) { return tj::select(m, x[0], x[1]); }, {a, b});
    check_derivatives<double>("select(m, a, 0.5)", [&](const Args &x) { return tj::select(m, x[0], 0.5); }, {a});
    check_derivatives<double>("select(m, 0.5, b)", [&](const Args &x) { return tj::select(m, 0.5, x[0]); }, {b});
    // A mask computed from a differentiable array: the comparison itself carries no derivative.
    check_derivatives<double>("select(a > 0, a * a, sin(b))",
                              [](const Args &x) { return tj::select(x[0] > 0.0, x[0] * x[0], tj::sin(x[1])); },
                              {away_from_zero(n, 22, 0.1, 3), b});
}

TEST_CASE("AD rules: the same array on both sides of an op") {
    std::vector<double> x = away_from_zero(n, 23, 0.3, 3), pos = random_vector<double>(n, 24, 0.3, 3);
    check_derivatives<double>("x * x", [](const Args &a) { return a[0] * a[0]; }, {x});
    check_derivatives<double>("x - x", [](const Args &a) { return a[0] - a[0]; }, {x});
    check_derivatives<double>("x / x", [](const Args &a) { return a[0] / a[0]; }, {x});
    check_derivatives<double>("pow(x, x)", [](const Args &a) { return tj::pow(a[0], a[0]); }, {pos});
    check_derivatives<double>("fma(x, x, x)", [](const Args &a) { return tj::fma(a[0], a[0], a[0]); }, {x});
}

TEST_CASE("AD rules: C++ scalars on either side and compound assignment") {
    std::vector<double> x = away_from_zero(n, 25, 0.5, 3), y = away_from_zero(n, 26, 0.5, 3);
    check_derivatives<double>("x * 2.0", [](const Args &a) { return a[0] * 2.0; }, {x});
    check_derivatives<double>("2.0 - x", [](const Args &a) { return 2.0 - a[0]; }, {x});
    check_derivatives<double>("x / 3", [](const Args &a) { return a[0] / 3; }, {x});
    check_derivatives<double>("3.0 / x", [](const Args &a) { return 3.0 / a[0]; }, {x});
    check_derivatives<double>("1 + x", [](const Args &a) { return 1 + a[0]; }, {x});
    check_derivatives<double>(
        "pow(x, 3) + min(x, 0.25) + atan2(1.0, x)",
        [](const Args &a) { return tj::pow(a[0], 3) + tj::min(a[0], 0.25) + tj::atan2(1.0, a[0]); }, {x});
    check_derivatives<double>("z = x; z += y; z *= x; z -= 2; z /= y",
                              [](const Args &a) {
                                  D z = a[0];
                                  z += a[1];
                                  z *= a[0];
                                  z -= 2;
                                  z /= a[1];
                                  return z;
                              },
                              {x, y});
}

TEST_CASE("AD rules: a width-1 operand broadcast against width n gets the sum of the gradients") {
    std::vector<double> s = {0.75}, x = random_vector<double>(n, 27, 0.3, 3);
    check_derivatives<double>("s * x", [](const Args &a) { return a[0] * a[1]; }, {s, x});
    check_derivatives<double>("x - s", [](const Args &a) { return a[1] - a[0]; }, {s, x});
    check_derivatives<double>("x / s", [](const Args &a) { return a[1] / a[0]; }, {s, x});
    check_derivatives<double>("pow(x, s)", [](const Args &a) { return tj::pow(a[1], a[0]); }, {s, x});
    check_derivatives<double>("atan2(s, x)", [](const Args &a) { return tj::atan2(a[0], a[1]); }, {s, x});
    check_derivatives<double>("fma(x, s, s)", [](const Args &a) { return tj::fma(a[1], a[0], a[0]); }, {s, x});
    check_derivatives<double>("sin(s) * x", [](const Args &a) { return tj::sin(a[0]) * a[1]; }, {s, x});
    // The gradient of a width-1 operand has width 1.
    D sd(s), xd(x);
    tj::enable_grad(sd, xd);
    tj::backward(sd * xd);
    CHECK(tj::grad(sd).size() == 1);
    CHECK(tj::grad(xd).size() == n);
}

TEST_CASE("AD rules: sum prod mean dot hmin hmax block_sum") {
    std::vector<double> x = random_vector<double>(n, 28, -3, 3), y = random_vector<double>(n, 29, -3, 3);
    check_derivatives<double>("sum(x)", [](const Args &a) { return tj::sum(a[0]); }, {x});
    check_derivatives<double>("mean(x)", [](const Args &a) { return tj::mean(a[0]); }, {x});
    check_derivatives<double>("dot(x, y)", [](const Args &a) { return tj::dot(a[0], a[1]); }, {x, y});
    check_derivatives<double>("hmin(x)", [](const Args &a) { return tj::hmin(a[0]); }, {x});
    check_derivatives<double>("hmax(x)", [](const Args &a) { return tj::hmax(a[0]); }, {x});
    // Magnitudes near 1 keep the product of 50 elements near 1; signs are random.
    std::vector<double> near_one = away_from_zero(n, 30, 0.7, 1.3);
    check_derivatives<double>("prod(x)", [](const Args &a) { return tj::prod(a[0]); }, {near_one});
    check_derivatives<double>("block_sum(x, 5)", [](const Args &a) { return tj::block_sum(a[0], 5); }, {x});
    check_derivatives<double>("block_sum(x, 1)", [](const Args &a) { return tj::block_sum(a[0], 1); }, {x});
    check_derivatives<double>("block_sum(x, 50)", [](const Args &a) { return tj::block_sum(a[0], 50); }, {x});
    // Reductions feeding element-wise code: their width-1 result broadcasts.
    check_derivatives<double>("x * sum(x * x)", [](const Args &a) { return a[0] * tj::sum(a[0] * a[0]); }, {x});
    check_derivatives<double>("y / hmax(x)", [](const Args &a) { return a[1] / tj::hmax(a[0]); },
                              {random_vector<double>(n, 31, 0.5, 3), y});
    check_derivatives<double>("sin(block_sum(x, 10)) * mean(y)",
                              [](const Args &a) { return tj::sin(tj::block_sum(a[0], 10)) * tj::mean(a[1]); }, {x, y});
}

TEST_CASE("AD rules: gather with duplicate indices, a mask and indices past the end") {
    std::vector<double> src = random_vector<double>(n, 32, -3, 3);
    // 3 and 7 repeat; 50 and 1000 are past the end; lanes 2 and 9 are masked off (one of them a duplicate).
    tj::UInt32 idx(std::vector<uint32_t>{3, 7, 7, 0, 49, 50, 3, 12, 1000, 7, 25, 3});
    tj::Bool mask(std::vector<bool>{true, true, false, true, true, true, true, true, true, false, true, true});
    check_derivatives<double>("gather(src, idx)", [&](const Args &a) { return tj::gather<D>(a[0], idx); }, {src});
    check_derivatives<double>("gather(src, idx, mask)", [&](const Args &a) { return tj::gather<D>(a[0], idx, mask); },
                              {src});
    check_derivatives<double>("gather(sin(src), idx) * 2",
                              [&](const Args &a) { return tj::gather<D>(tj::sin(a[0]), idx) * 2.0; }, {src});
    // A gather whose result has the source's size (a permutation with repeats), used with the source.
    std::vector<uint32_t> perm(n);
    for (size_t i = 0; i < n; ++i)
        perm[i] = uint32_t((i * 7) % n / 2);
    tj::UInt32 pidx(perm);
    check_derivatives<double>("src * gather(src, perm)",
                              [&](const Args &a) { return a[0] * tj::gather<D>(a[0], pidx); }, {src});
}

TEST_CASE("AD rules: scatter overwrites (target and value both differentiable) and scatter_add") {
    std::vector<double> target = random_vector<double>(n, 33, -3, 3), value = random_vector<double>(20, 34, -3, 3);
    // Distinct indices (which of several writers survives is unspecified), two past the end.
    std::vector<uint32_t> iv(20);
    for (size_t i = 0; i < 20; ++i)
        iv[i] = uint32_t(i * 3 + 1);
    iv[5] = 50;
    iv[11] = 77;
    tj::UInt32 idx(iv);
    tj::Bool mask = random_mask(20, 35, 0.7);
    auto scattered = [&](const Args &a) {
        D r = a[0];
        tj::scatter(r, a[1], idx);
        return r;
    };
    auto masked = [&](const Args &a) {
        D r = a[0];
        tj::scatter(r, a[1], idx, mask);
        return r;
    };
    check_derivatives<double>("scatter(t, v, idx)", scattered, {target, value});
    check_derivatives<double>("scatter(t, v, idx, mask)", masked, {target, value});
    check_derivatives<double>("scatter of v into zeros",
                              [&](const Args &a) {
                                  D r = tj::zeros<D>(n);
                                  tj::scatter(r, a[0], idx, mask);
                                  return r * r;
                              },
                              {value});
    D constant_value(random_vector<double>(20, 36, -3, 3));
    check_derivatives<double>("scatter of constants into t",
                              [&](const Args &a) {
                                  D r = tj::exp(a[0]);
                                  tj::scatter(r, constant_value, idx, mask);
                                  return r;
                              },
                              {target});
    // The value is computed from the target: both paths carry gradient.
    tj::UInt32 from(std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19});
    check_derivatives<double>("scatter(t, gather(t, i) * 2, idx)",
                              [&](const Args &a) {
                                  D r = a[0];
                                  tj::scatter(r, tj::gather<D>(a[0], from) * 2.0, idx);
                                  return tj::sin(r);
                              },
                              {target});

    // scatter_add is linear in both: duplicates all add.
    tj::UInt32 dup(std::vector<uint32_t>{4, 4, 4, 9, 0, 49, 60, 9, 17, 4, 33, 2, 2, 2, 2, 8, 100, 0, 5, 4});
    check_derivatives<double>("scatter_add(t, v, dup)",
                              [&](const Args &a) {
                                  D r = a[0];
                                  tj::scatter_add(r, a[1], dup);
                                  return r;
                              },
                              {target, value});
    check_derivatives<double>("scatter_add(t, v, dup, mask) then sin",
                              [&](const Args &a) {
                                  D r = a[0];
                                  tj::scatter_add(r, a[1] * a[1], dup, mask);
                                  return tj::sin(r);
                              },
                              {target, value});
}

TEST_CASE("AD rules: casts between Float64 and Float carry the gradient back") {
    // Float inputs through Float64 arithmetic: checked at Float precision.
    std::vector<float> xf = random_vector<float>(n, 37, -2, 2);
    check_derivatives<float>("cast<Float>(exp(cast<Float64>(x)) * cast<Float64>(x))",
                             [](const std::vector<tj::Float> &a) {
                                 D d = tj::cast<double>(a[0]);
                                 return tj::cast<float>(tj::exp(d) * d);
                             },
                             {xf});

    // Float64 inputs through Float arithmetic: a finite difference would only see Float rounding, so the
    // derivative 2·float(x) is checked in closed form (to Float precision) in both modes.
    std::vector<double> xd = random_vector<double>(n, 38, -2, 2);
    std::vector<double> expect(n);
    for (size_t i = 0; i < n; ++i)
        expect[i] = 2.0 * double(float(xd[i]));
    {
        D x(xd);
        tj::enable_grad(x);
        tj::Float f = tj::cast<float>(x);
        D y = tj::cast<double>(f * f);
        tj::backward(y);
        D g = tj::grad(x);
        check_derivative("backward through Float64 → Float → Float64", g, expect, 1e-6);
    }
    {
        D x(xd);
        tj::enable_grad(x);
        tj::Float f = tj::cast<float>(x);
        D y = tj::cast<double>(f * f);
        tj::forward(x);
        check_derivative("forward through Float64 → Float → Float64", tj::grad(y), expect, 1e-6);
        CHECK(tj::grad(f).size() == n);
    }
}

TEST_CASE("AD rules: casts to integers and comparisons end differentiation") {
    D x(random_vector<double>(n, 39, -3, 3));
    tj::enable_grad(x);
    tj::Int32 i = tj::cast<int32_t>(x * 4.0);
    CHECK_FALSE(tj::grad_enabled(i));
    CHECK_FALSE(tj::grad_enabled(tj::cast<double>(i)));
    CHECK_FALSE(tj::grad_enabled(x > 0.0));
    // y depends on x only through the integer cast and the comparison: its derivative is zero, not an error.
    D y = x * x + tj::cast<double>(i) + tj::select(x > 0.0, D(1.0), D(2.0));
    tj::backward(y);
    std::vector<double> expect = map1(tj::to_vector(x), [](double v) { return 2 * v; });
    check_derivative("d(x² + int(4x) + [x > 0])/dx", tj::grad(x), expect, 1e-12);
}

TEST_CASE("AD rules: Float (float32) ops within Float precision") {
    using F = tj::Float;
    using FArgs = std::vector<F>;
    std::vector<float> a = random_vector<float>(n, 40, -3, 3), b = random_vector<float>(n, 41, -3, 3);
    std::vector<float> pos = random_vector<float>(n, 42, 0.3f, 3), den = to_type<float>(away_from_zero(n, 43, 0.5, 3));
    check_derivatives<float>("Float a * b + a", [](const FArgs &x) { return x[0] * x[1] + x[0]; }, {a, b});
    check_derivatives<float>("Float a / b", [](const FArgs &x) { return x[0] / x[1]; }, {a, den});
    check_derivatives<float>("Float sin(a) * exp(b)",
                             [](const FArgs &x) { return tj::sin(x[0]) * tj::exp(x[1] / 3.0f); }, {a, b});
    check_derivatives<float>("Float sqrt, log, tanh",
                             [](const FArgs &x) { return tj::sqrt(x[0]) + tj::log(x[0]) + tj::tanh(x[0]); }, {pos});
    check_derivatives<float>("Float pow(x, y)", [](const FArgs &x) { return tj::pow(x[0], x[1]); },
                             {pos, random_vector<float>(n, 44, -2, 2)});
    check_derivatives<float>("Float sum(a * b)", [](const FArgs &x) { return tj::sum(x[0] * x[1]); }, {a, b});
    check_derivatives<float>("Float prod(x)", [](const FArgs &x) { return tj::prod(x[0]); },
                             {to_type<float>(away_from_zero(n, 45, 0.8, 1.2))});
    tj::UInt32 idx(std::vector<uint32_t>{5, 5, 0, 49, 60, 17});
    check_derivatives<float>("Float gather", [&](const FArgs &x) { return tj::gather<F>(x[0], idx); }, {a});
}

TEST_CASE("AD rules: a longer composition mixes every kind of edge") {
    std::vector<double> x = random_vector<double>(n, 46, 0.2, 2), y = random_vector<double>(n, 47, -2, 2);
    tj::UInt32 idx(std::vector<uint32_t>{1, 1, 48, 20, 3});
    check_derivatives<double>("composition",
                              [&](const Args &a) {
                                  D u = tj::exp(tj::sin(a[0]) * a[1]) / (1.0 + a[0] * a[0]) + tj::tanh(a[1] - a[0]);
                                  D g = tj::gather<D>(u, idx);
                                  D r = a[1];
                                  tj::scatter_add(r, g * 0.5, idx);
                                  return tj::block_sum(r * tj::sqrt(a[0]), 10) + tj::hmax(u) * tj::mean(a[1]);
                              },
                              {x, y});
}

TEST_CASE("AD kinks: abs at 0, min/max ties, floor/ceil/round at integers (docs/autodiff.md)") {
    D x(std::vector<double>{0.0, -0.0, 2.0, -3.0, 0.5});
    tj::enable_grad(x);
    D y = tj::abs(x) + tj::floor(x) + tj::ceil(x) + tj::round(x + 0.5) * 3.0;
    tj::backward(y);
    check_derivative("d/dx (abs + floor + ceil + round) at kinks", tj::grad(x), {0, 0, 1, -1, 1}, 0);

    // Ties: half to each operand, in both modes.
    D a(std::vector<double>{1.0, 2.0, -1.0, 5.0}), b(std::vector<double>{1.0, 3.0, -1.0, 4.0});
    tj::enable_grad(a, b);
    D lo = tj::min(a, b), hi = tj::max(a, b);
    tj::backward(lo + 10.0 * hi);
    check_derivative("min + 10 max, d/da", tj::grad(a), {5.5, 1, 5.5, 10}, 0);
    check_derivative("min + 10 max, d/db", tj::grad(b), {5.5, 10, 5.5, 1}, 0);

    D c(std::vector<double>{1.0, 2.0, -1.0, 5.0}), d(std::vector<double>{1.0, 3.0, -1.0, 4.0});
    tj::enable_grad(c, d);
    D lo2 = tj::min(c, d), hi2 = tj::max(c, d);
    tj::forward(c);
    check_derivative("forward: min ties", tj::grad(lo2), {0.5, 1, 0.5, 0}, 0);
    check_derivative("forward: max ties", tj::grad(hi2), {0.5, 0, 0.5, 1}, 0);
}

// F30 (found porting test_arithmetic.py): min/max ignore a NaN operand, but their rule gave the gradient to neither
// operand there (x < NaN is false, and so is x == NaN), so the gradient of the value that was returned was lost
// without an error.
TEST_CASE("AD kinks: min/max with one NaN operand give the whole gradient to the other operand") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    D a(std::vector<double>{nan, 1.0, 3.0, nan}), b(std::vector<double>{2.0, nan, 1.0, nan});
    tj::enable_grad(a, b);
    D lo = tj::min(a, b), hi = tj::max(a, b);
    tj::backward(lo + 10.0 * hi);
    check_derivative("min + 10 max with NaN, d/da", tj::grad(a), {0, 11, 10, 0}, 0);
    check_derivative("min + 10 max with NaN, d/db", tj::grad(b), {11, 0, 1, 0}, 0);

    D c(std::vector<double>{nan, 1.0, 3.0}), d(std::vector<double>{2.0, nan, 1.0});
    tj::enable_grad(c, d);
    D lo2 = tj::min(c, d), hi2 = tj::max(c, d);
    tj::set_grad(c, D(std::vector<double>{1, 2, 4}));
    tj::forward(c);
    check_derivative("forward: min with NaN", tj::grad(lo2), {0, 2, 0}, 0);
    check_derivative("forward: max with NaN", tj::grad(hi2), {0, 2, 4}, 0);
}

TEST_CASE("AD kinks: hmin and hmax split the gradient evenly among ties") {
    D x(std::vector<double>{3.0, -1.0, 7.0, -1.0, 7.0, 2.0, -1.0, 7.0, 0.0, 7.0});
    tj::enable_grad(x);
    tj::backward(tj::hmin(x) + 2.0 * tj::hmax(x));
    check_derivative("hmin (3 ties) + 2 hmax (4 ties)", tj::grad(x),
                     {0, 1.0 / 3, 0.5, 1.0 / 3, 0.5, 0, 1.0 / 3, 0.5, 0, 0.5}, 1e-15);

    D z(std::vector<double>{3.0, -1.0, 7.0, -1.0, 7.0, 2.0, -1.0, 7.0, 0.0, 7.0});
    tj::enable_grad(z);
    D lo = tj::hmin(z), hi = tj::hmax(z);
    tj::set_grad(z, D(std::vector<double>{0, 1, 100, 2, 200, 0, 3, 300, 0, 400}));
    tj::forward(z);
    check_derivative("forward: hmin = mean of the tied seeds", tj::grad(lo), {2.0}, 1e-15);
    check_derivative("forward: hmax = mean of the tied seeds", tj::grad(hi), {250.0}, 1e-15);
}

TEST_CASE("AD kinks: prod with one zero gives the product of the others, with two zeros 0 (no 0/0)") {
    std::vector<double> v = away_from_zero(n, 48, 0.7, 1.3);
    v[17] = 0.0;
    double others = 1;
    for (size_t i = 0; i < n; ++i)
        if (i != 17)
            others *= v[i];
    std::vector<double> expect(n, 0.0);
    expect[17] = others;
    {
        D x(v);
        tj::enable_grad(x);
        tj::backward(tj::prod(x));
        check_derivative("prod with one zero, backward", tj::grad(x), expect, 1e-13);
    }
    {
        D x(v);
        tj::enable_grad(x);
        D p = tj::prod(x);
        tj::forward(x);
        check_derivative("prod with one zero, forward", tj::grad(p), {others}, 1e-13);
    }
    v[31] = 0.0;
    {
        D x(v);
        tj::enable_grad(x);
        tj::backward(tj::prod(x));
        check_derivative("prod with two zeros", tj::grad(x), std::vector<double>(n, 0.0), 0);
    }
    // Finite differences agree at these points too (prod is linear in each element).
    check_derivatives<double>("prod(x) with two zeros", [](const Args &a) { return tj::prod(a[0]); }, {v});
}

TEST_CASE("AD kinks: sqrt, rsqrt and log at 0 are infinite, pow and atan2 at 0 follow docs/autodiff.md") {
    D x(std::vector<double>{0.0, 4.0});
    tj::enable_grad(x);
    D s = tj::sqrt(x), r = tj::rsqrt(x), l = tj::log(x);
    tj::forward(x);
    const double inf = std::numeric_limits<double>::infinity();
    check_derivative("sqrt'(0), sqrt'(4)", tj::grad(s), {inf, 0.25}, 1e-15);
    check_derivative("rsqrt'(0), rsqrt'(4)", tj::grad(r), {-inf, -0.5 / 8}, 1e-15);
    check_derivative("log'(0), log'(4)", tj::grad(l), {inf, 0.25}, 1e-15);

    // pow(0, y): d/dx = y·0^(y-1), d/dy = 0 (not log(0)·0 = NaN).
    D base(std::vector<double>{0.0, 0.0, 2.0}), expo(std::vector<double>{2.0, 3.0, 3.0});
    tj::enable_grad(base, expo);
    tj::backward(tj::pow(base, expo));
    check_derivative("pow d/dx at 0", tj::grad(base), {0, 0, 12}, 1e-14);
    check_derivative("pow d/dy at 0", tj::grad(expo), {0, 0, 8 * std::log(2.0)}, 1e-14);

    // atan2 at the origin: 0 for both operands.
    D y(std::vector<double>{0.0, 1.0}), xx(std::vector<double>{0.0, 1.0});
    tj::enable_grad(y, xx);
    tj::backward(tj::atan2(y, xx));
    check_derivative("atan2 d/dy at the origin", tj::grad(y), {0, 0.5}, 1e-15);
    check_derivative("atan2 d/dx at the origin", tj::grad(xx), {0, -0.5}, 1e-15);
}

TEST_CASE("AD kinks: select masks the gradient instead of multiplying it (an infinite seed gives no NaN)") {
    D a(std::vector<double>{1.0, 2.0, 3.0}), b(std::vector<double>{4.0, 5.0, 6.0});
    tj::enable_grad(a, b);
    tj::Bool m(std::vector<bool>{false, true, false});
    D y = tj::select(m, a, b);
    const double inf = std::numeric_limits<double>::infinity();
    tj::set_grad(y, D(std::vector<double>{inf, 2.0, 3.0}));
    tj::backward(y);
    check_derivative("select: d/da", tj::grad(a), {0, 2, 0}, 0);
    check_derivative("select: d/db", tj::grad(b), {inf, 0, 3}, 0);
}

TEST_CASE("AD kinks: scatter with duplicate indices gives every writer the gradient of the surviving slot") {
    D t(std::vector<double>{1, 2, 3, 4, 5}), v(std::vector<double>{10, 20, 30, 40});
    tj::enable_grad(t, v);
    D r = t;
    tj::scatter(r, v, tj::UInt32(std::vector<uint32_t>{1, 3, 1, 9}));
    tj::set_grad(r, D(std::vector<double>{1, 2, 3, 4, 5}));
    tj::backward(r);
    check_derivative("scatter with duplicates: to the target", tj::grad(t), {1, 0, 3, 0, 5}, 0);
    check_derivative("scatter with duplicates: to the values", tj::grad(v), {2, 4, 2, 0}, 0);
}
