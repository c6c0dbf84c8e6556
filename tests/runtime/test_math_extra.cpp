// tests/runtime/test_math_extra.cpp — include/tracejit/math.h against the C library: values in ulps with the special
// cases, exact results, derivatives in both AD modes against the closed forms, frozen replays and tensors
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

/// One function of math.h, its C library counterpart and its derivative (double).
struct Fn {
    std::string name;
    std::function<tj::Float(const tj::Float &)> f32;
    std::function<tj::Float64(const tj::Float64 &)> f64;
    float (*ref32)(float);
    double (*ref64)(double);
    double (*slope)(double); ///< null: no derivative to check (trunc)
    double lo, hi;           ///< the interval the derivative is checked on
    double max_ulp;          ///< the largest error allowed (Float; Float64 allows the same)
};

#define TJ_MATH_FN(NAME) [](const tj::Float &x) { return tj::NAME(x); }, [](const tj::Float64 &x) { return tj::NAME(x); }

std::vector<Fn> functions() {
    return {
        {"atan", TJ_MATH_FN(atan), ::atanf, ::atan, [](double x) { return 1 / (1 + x * x); }, -4, 4, 4},
        {"asin", TJ_MATH_FN(asin), ::asinf, ::asin, [](double x) { return 1 / std::sqrt(1 - x * x); }, -0.9, 0.9, 4},
        {"acos", TJ_MATH_FN(acos), ::acosf, ::acos, [](double x) { return -1 / std::sqrt(1 - x * x); }, -0.9, 0.9, 4},
        {"log1p", TJ_MATH_FN(log1p), ::log1pf, ::log1p, [](double x) { return 1 / (1 + x); }, -0.9, 4, 6},
        {"expm1", TJ_MATH_FN(expm1), ::expm1f, ::expm1, [](double x) { return std::exp(x); }, -4, 4, 6},
        {"sinh", TJ_MATH_FN(sinh), ::sinhf, ::sinh, [](double x) { return std::cosh(x); }, -4, 4, 8},
        {"cosh", TJ_MATH_FN(cosh), ::coshf, ::cosh, [](double x) { return std::sinh(x); }, -4, 4, 6},
        {"asinh", TJ_MATH_FN(asinh), ::asinhf, ::asinh, [](double x) { return 1 / std::sqrt(x * x + 1); }, -4, 4, 6},
        {"acosh", TJ_MATH_FN(acosh), ::acoshf, ::acosh, [](double x) { return 1 / std::sqrt(x * x - 1); }, 1.1, 5, 6},
        {"atanh", TJ_MATH_FN(atanh), ::atanhf, ::atanh, [](double x) { return 1 / (1 - x * x); }, -0.9, 0.9, 6},
        {"exp2", TJ_MATH_FN(exp2), ::exp2f, ::exp2, [](double x) { return std::exp2(x) * std::log(2.0); }, -4, 4, 4},
        {"log2", TJ_MATH_FN(log2), ::log2f, ::log2, [](double x) { return 1 / (x * std::log(2.0)); }, 0.1, 8, 4},
        {"cbrt", TJ_MATH_FN(cbrt), ::cbrtf, ::cbrt, [](double x) { return 1 / (3 * std::cbrt(x) * std::cbrt(x)); }, 0.1, 8,
         4},
        {"trunc", TJ_MATH_FN(trunc), ::truncf, ::trunc, nullptr, 0, 0, 0},
    };
}

/// |a - b| in units in the last place of b; 0 when both are the same NaN, infinity or zero (of the same sign).
template <typename T> double ulps(T a, T b) {
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b) ? 0 : 1e300;
    if (a == b)
        return std::signbit(a) == std::signbit(b) ? 0 : 1e300;
    if (std::isinf(a) || std::isinf(b))
        return 1e300;
    T step = std::nextafter(std::fabs(b), std::numeric_limits<T>::infinity()) - std::fabs(b);
    return std::fabs(double(a) - double(b)) / double(step);
}

/// Values over every binade of interest, both signs, and the special cases.
template <typename T> std::vector<T> test_values() {
    std::vector<T> v;
    for (int e = -60; e <= 60; ++e)
        for (double m : {1.0, 1.1, 1.37, 1.61, 1.999})
            for (double s : {1.0, -1.0})
                v.push_back(T(s * m * std::pow(2.0, e / 3.0)));
    for (double x : {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.999, -0.999, 1.001, 8.0, 27.0, -27.0, 1e-7, -3e-5, 88.0, 710.0})
        v.push_back(T(x));
    using L = std::numeric_limits<T>;
    for (T x : {L::infinity(), -L::infinity(), L::quiet_NaN(), L::max(), L::lowest(), L::min(), L::denorm_min()})
        v.push_back(x);
    return v;
}

template <typename T, typename A, typename F, typename R> void check_values(const Fn &fn, const F &f, R ref) {
    std::vector<T> in = test_values<T>();
    std::vector<T> got = tj::to_vector(f(A(in)));
    double worst = 0;
    T at = 0;
    for (size_t i = 0; i < in.size(); ++i)
        if (double u = ulps(got[i], ref(in[i])); u > worst)
            worst = u, at = in[i];
    const std::string what = fn.name + (sizeof(T) == 4 ? " (Float)" : " (Float64)");
    INFO(what << ": worst " << worst << " ulp at " << at);
    CHECK(worst <= fn.max_ulp);
}

} // namespace

TEST_CASE("math.h: each function against the C library, Float and Float64, special cases included") {
    for (const Fn &fn : functions()) {
        check_values<float, tj::Float>(fn, fn.f32, fn.ref32);
        check_values<double, tj::Float64>(fn, fn.f64, fn.ref64);
    }
}

TEST_CASE("math.h: exact results where the value is an integer, and sincos / sincosh") {
    for (int k = -20; k <= 20; ++k) {
        CAPTURE(k);
        CHECK(tj::log2(tj::Float(std::ldexp(1.f, k))).read(0) == float(k));
        CHECK(tj::exp2(tj::Float(float(k))).read(0) == std::ldexp(1.f, k));
        CHECK(tj::log2(tj::Float64(std::ldexp(1.0, 3 * k))).read(0) == 3.0 * k);
        CHECK(tj::cbrt(tj::Float(float(k * k * k))).read(0) == float(k));
        CHECK(tj::cbrt(tj::Float64(double(k * k * k))).read(0) == double(k));
    }
    tj::Float x({-2.5f, -0.5f, 0.5f, 2.5f});
    CHECK(tj::to_vector(tj::trunc(x)) == std::vector<float>{-2.f, -0.f, 0.f, 2.f});
    CHECK(std::signbit(tj::trunc(tj::Float(-0.5f)).read(0)));
    auto [s, c] = tj::sincos(x);
    auto [sh, ch] = tj::sincosh(x);
    for (size_t i = 0; i < 4; ++i) {
        float v = tj::to_vector(x)[i];
        CHECK(s.read(i) == tj::sin(tj::Float(v)).read(0));
        CHECK(c.read(i) == tj::cos(tj::Float(v)).read(0));
        CHECK(sh.read(i) == doctest::Approx(std::sinh(v)).epsilon(1e-6));
        CHECK(ch.read(i) == doctest::Approx(std::cosh(v)).epsilon(1e-6));
    }
}

// The values come from rewritten formulas (log1p's, expm1's): AD must see the function's own derivative, in both
// modes, also where the rewriting divides out a rounding (small arguments).
TEST_CASE("math.h: derivatives in both modes against the closed forms, small arguments included") {
    for (const Fn &fn : functions()) {
        if (!fn.slope)
            continue;
        std::vector<double> v;
        for (int i = 0; i < 64; ++i)
            v.push_back(fn.lo + (fn.hi - fn.lo) * (i + 0.5) / 64);
        if (fn.lo < 0 && fn.hi > 0)
            for (double t : {1e-9, -1e-9, 3e-6, -3e-6, 1e-3})
                v.push_back(t);
        INFO(fn.name);
        tj::Float64 x(v);
        tj::enable_grad(x);
        tj::Float64 y = fn.f64(x);
        tj::backward(y);
        std::vector<double> back = tj::to_vector(tj::grad(x));
        tj::Float64 x2(v);
        tj::enable_grad(x2);
        tj::Float64 y2 = fn.f64(x2);
        tj::forward(x2);
        std::vector<double> fwd = tj::to_vector(tj::grad(y2));
        for (size_t i = 0; i < v.size(); ++i) {
            CAPTURE(v[i]);
            double expect = fn.slope(v[i]);
            CHECK(back[i] == doctest::Approx(expect).epsilon(1e-12));
            CHECK(fwd[i] == doctest::Approx(expect).epsilon(1e-12));
        }
        // The value is the function's own, with gradients enabled or not.
        CHECK(tj::to_vector(tj::detach(y)) == tj::to_vector(fn.f64(tj::Float64(v))));
    }
}

// The derivative's edge must not reach the value: with gradients enabled, the values are those without, bit for bit,
// also where x is infinite or the slope is (cbrt at 0, whose derivative is +inf).
TEST_CASE("math.h: values with gradients enabled are those without, special values and infinite slopes included") {
    for (const Fn &fn : functions()) {
        INFO(fn.name);
        std::vector<double> v = test_values<double>();
        tj::Float64 x(v);
        tj::enable_grad(x);
        tj::Float64 y = fn.f64(x);
        std::vector<double> with = tj::to_vector(tj::detach(y)), without = tj::to_vector(fn.f64(tj::Float64(v)));
        for (size_t i = 0; i < v.size(); ++i) {
            CAPTURE(v[i]);
            CHECK(ulps(with[i], without[i]) == 0);
        }
    }
    tj::Float64 z(0.0);
    tj::enable_grad(z);
    tj::Float64 c = tj::cbrt(z);
    tj::backward(c);
    CHECK(c.read(0) == 0.0);
    CHECK(std::isinf(tj::grad(z).read(0)));
}

TEST_CASE("math.h: a frozen function replays equal to the unfrozen one on fresh inputs, and tensors") {
    auto body = [](const tj::Float &x) {
        return tj::asinh(x) + tj::atan(x) * tj::expm1(x * 0.1f) + tj::cbrt(x) - tj::log2(tj::abs(x) + 1.f) +
               tj::sinh(x * 0.5f) * tj::atanh(x * 0.01f);
    };
    auto frozen = tj::freeze(body);
    for (int call = 0; call < 3; ++call) {
        std::vector<float> v;
        for (int i = 0; i < 100 + call * 50; ++i)
            v.push_back(float(std::sin(i * 1.7 + call)) * 20.f);
        tj::Float x(v);
        CHECK(tj::to_vector(frozen(x)) == tj::to_vector(body(x)));
    }
    CHECK(frozen.stats().recordings == 1);
    tj::TensorXf t(tj::Float({0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f}), {2, 3});
    tj::TensorXf r = tj::acos(t);
    CHECK(r.shape() == std::vector<size_t>{2, 3});
    CHECK(tj::to_vector(r.array()) == tj::to_vector(tj::acos(t.array())));
}

TEST_CASE("math.h: safe_sqrt / safe_asin / safe_acos: finite derivatives at and past the domain's edge") {
    std::vector<double> v{-2.0, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 2.0};
    tj::Float64 x(v);
    tj::enable_grad(x);
    tj::backward(tj::safe_sqrt(x) + tj::safe_asin(x) + tj::safe_acos(x));
    std::vector<double> g = tj::to_vector(tj::grad(x));
    std::vector<double> s = tj::to_vector(tj::safe_sqrt(tj::Float64(v))), a = tj::to_vector(tj::safe_asin(tj::Float64(v)));
    for (size_t i = 0; i < v.size(); ++i) {
        CAPTURE(v[i]);
        double expect = (v[i] > 0 ? 0.5 / std::sqrt(v[i]) : 0.0); // asin' + acos' = 0 inside (-1, 1), 0 outside
        CHECK(g[i] == doctest::Approx(expect).epsilon(1e-12));
        CHECK(s[i] == std::sqrt(std::max(v[i], 0.0)));
        CHECK(a[i] == std::asin(std::clamp(v[i], -1.0, 1.0)));
    }
}

TEST_CASE("math.h: replace_grad gives x's value y's derivatives, in both modes and at widths 1 and n") {
    tj::Float64 x({1, 2, 3}), y({3, 2, 1});
    tj::enable_grad(x, y);
    tj::Float64 z = tj::replace_grad(x * x, y * y);
    CHECK(tj::to_vector(tj::detach(z)) == std::vector<double>{1, 4, 9});
    tj::backward(z * z);
    CHECK(tj::to_vector(tj::grad(x)) == std::vector<double>{0, 0, 0});
    CHECK(tj::to_vector(tj::grad(y)) == std::vector<double>{2 * 1 * 6, 2 * 4 * 4, 2 * 9 * 2}); // 2z · 2y
    tj::Float64 w(2.0), u({1, 2, 3});
    tj::enable_grad(w);
    tj::Float64 r = tj::replace_grad(u, w); // width 3 from a width-1 y
    tj::forward(w);
    CHECK(tj::to_vector(tj::grad(r)) == std::vector<double>{1, 1, 1});
    CHECK(tj::to_vector(tj::detach(r)) == std::vector<double>{1, 2, 3});
    CHECK(tj::replace_grad(u, tj::Float64({4, 5, 6})).ad_index() == 0); // y without gradients: x detached
    CHECK(std::signbit(tj::replace_grad(tj::Float64(-0.0), tj::full<tj::Float64>(1.0, 4)).read(3)));
    CHECK(tj_test::error_of([] { tj::replace_grad(tj::Float64({1, 2}), tj::Float64({1, 2, 3})); }).find("(2 and 3)") !=
          std::string::npos);
}
