// include/tracejit/math.h — math beyond the primitive operations: inverse trigonometric and hyperbolic functions,
// log1p/expm1, log2/exp2, cbrt, trunc, sincos/sincosh, safe_sqrt/asin/acos and replace_grad (docs/semantics.md
// "Math functions")
//
// Each is composed from array.h's primitives, so it is lazy, fuses into the kernel that uses it and runs on every
// backend. Where a plain formula loses accuracy (cancellation near 0, as in exp(x) - 1), the value comes from a
// rewritten one and the derivative from its closed form: with_slope() below gives such a result the derivative of the
// function itself, so that AD never differentiates through the rewriting. Every function keeps the IEEE special
// cases of its std:: counterpart (NaN outside the domain, ±inf at the poles, exact integers where the value is one).
#pragma once

#include <tracejit/ad.h>
#include <tracejit/array.h>
#include <tracejit/error.h>
#include <tracejit/ops.h>

#include <limits>
#include <string>
#include <type_traits>
#include <utility>

namespace tj {

namespace detail {

template <typename T> inline constexpr bool is_float_math_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

/// `value` (computed from detach(x)) with one AD edge from x of the weight `slope`, in both AD modes. The edge is
/// made by a product whose value is never used (0 · slope: NaN where the slope is infinite, as cbrt's at 0), and
/// `value - 0` continues it with the weight 1: the value is exactly `value` (also an infinite x's, which
/// `value + (x - x) · slope` would turn into NaN).
template <typename T> Array<T> with_slope(const Array<T> &x, const Array<T> &value, const Array<T> &slope) {
    if (!x.ad_index())
        return value;
    Array<T> zero(T(0));
    VarPair edge = ad_op("tj::math", Op::Mul, {zero.index(), x.ad_index()}, {slope.index(), 0});
    Array<T> weighted = Array<T>::steal(edge.jit, edge.ad); // (its value: 0 · slope, unused)
    VarPair out = ad_op("tj::math", Op::Sub, {value.index(), weighted.ad_index()}, {zero.index(), 0});
    return Array<T>::steal(out.jit, out.ad);
}

/// log(1 + u) to full precision for small u (Goldberg's form: the rounding of 1 + u is divided back out).
template <typename T> Array<T> log1p_value(const Array<T> &u) {
    Array<T> w = u + T(1), q = u / (w - T(1));
    return select(w == T(1), u, select(q == q, log(w) * q, log(w))); // (q is NaN for an infinite u)
}

/// exp(u) - 1 to full precision for small u (Kahan's form).
template <typename T> Array<T> expm1_value(const Array<T> &u) {
    Array<T> w = exp(u);
    Array<T> wm1 = w - T(1);
    Array<T> r = select(w == T(1), u, wm1 * (u / log(w)));
    return select(wm1 == T(-1), Array<T>(T(-1)), select(abs(u) > T(0.5), wm1, r)); // (|u| > 1/2: no cancellation)
}

/// 2^k for integral k (exact wherever the result is a normal number or 0 or inf).
template <typename T> Array<T> exp2_integer(const Array<T> &k) { return pow(Array<T>(T(2)), k); }

} // namespace detail

/// The arc tangent, in (-pi/2, pi/2).
template <typename T> Array<T> atan(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::atan(): a Float or Float64 array");
    return atan2(x, Array<T>(T(1)));
}

/// The arc sine, in [-pi/2, pi/2]; NaN outside [-1, 1].
template <typename T> Array<T> asin(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::asin(): a Float or Float64 array");
    return atan2(x, sqrt((T(1) - x) * (T(1) + x)));
}

/// The arc cosine, in [0, pi]; NaN outside [-1, 1].
template <typename T> Array<T> acos(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::acos(): a Float or Float64 array");
    return atan2(sqrt((T(1) - x) * (T(1) + x)), x);
}

/// log(1 + x), accurate where x is small.
template <typename T> Array<T> log1p(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::log1p(): a Float or Float64 array");
    Array<T> v = detach(x);
    return detail::with_slope(x, detail::log1p_value(v), T(1) / (T(1) + v));
}

/// exp(x) - 1, accurate where x is small.
template <typename T> Array<T> expm1(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::expm1(): a Float or Float64 array");
    Array<T> v = detach(x);
    return detail::with_slope(x, detail::expm1_value(v), exp(v));
}

namespace detail {
/// e^|v| / 2 as e^(|v|/2) · e^(|v|/2) / 2: finite wherever sinh and cosh are (e^|v| alone overflows first).
template <typename T> Array<T> half_exp_abs(const Array<T> &v) {
    Array<T> e = exp(abs(v) * T(0.5));
    return e * (e * T(0.5));
}
/// sinh(v): from expm1 below |v| = 1 (where e^v - e^-v cancels), else e^|v|/2 - e^-|v|/2 with v's sign.
template <typename T> Array<T> sinh_value(const Array<T> &v) {
    Array<T> e = expm1_value(v), h = half_exp_abs(v), big = h - T(0.25) / h;
    return select(abs(v) < T(1), T(0.5) * (e + e / (e + T(1))), select(v < T(0), -big, big));
}
template <typename T> Array<T> cosh_value(const Array<T> &v) {
    Array<T> h = half_exp_abs(v);
    return h + T(0.25) / h;
}
} // namespace detail

/// The hyperbolic sine (accurate near 0).
template <typename T> Array<T> sinh(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::sinh(): a Float or Float64 array");
    Array<T> v = detach(x);
    return detail::with_slope(x, detail::sinh_value(v), detail::cosh_value(v));
}

/// The hyperbolic cosine.
template <typename T> Array<T> cosh(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::cosh(): a Float or Float64 array");
    Array<T> v = detach(x);
    return detail::with_slope(x, detail::cosh_value(v), detail::sinh_value(v));
}

/// The inverse hyperbolic sine (accurate near 0, no overflow for large |x|).
template <typename T> Array<T> asinh(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::asinh(): a Float or Float64 array");
    Array<T> v = detach(x), a = abs(v);
    const T big = std::is_same_v<T, float> ? T(1e18f) : T(1e150); // past it, x^2 + 1 overflows or rounds to x^2
    Array<T> small = detail::log1p_value(a + a * a / (T(1) + sqrt(a * a + T(1))));
    Array<T> large = log(a) + T(0.69314718055994530942); // log(2a)
    Array<T> magnitude = select(a > big, large, small), value = select(v < T(0), -magnitude, magnitude);
    return detail::with_slope(x, select(v == T(0), v, value), rsqrt(v * v + T(1))); // (asinh(-0) = -0)
}

/// The inverse hyperbolic cosine; NaN below 1.
template <typename T> Array<T> acosh(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::acosh(): a Float or Float64 array");
    Array<T> v = detach(x), d = v - T(1);
    const T big = std::is_same_v<T, float> ? T(1e18f) : T(1e150);
    Array<T> value = select(v > big, log(v) + T(0.69314718055994530942), detail::log1p_value(d + sqrt(d * (v + T(1)))));
    value = select(v >= T(1), value, Array<T>(std::numeric_limits<T>::quiet_NaN())); // (also for a NaN x)
    return detail::with_slope(x, value, rsqrt(d * (v + T(1))));
}

/// The inverse hyperbolic tangent; ±inf at ±1, NaN outside [-1, 1].
template <typename T> Array<T> atanh(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::atanh(): a Float or Float64 array");
    Array<T> v = detach(x), a = abs(v);
    // On |x|: the argument of log1p is then positive, without the cancellation of 1 + u near u = -1.
    Array<T> magnitude = T(0.5) * detail::log1p_value(T(2) * a / (T(1) - a));
    Array<T> value = select(v < T(0), -magnitude, magnitude);
    return detail::with_slope(x, select(v == T(0), v, value), T(1) / ((T(1) - v) * (T(1) + v)));
}

/// 2^x; exact for integral x.
template <typename T> Array<T> exp2(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::exp2(): a Float or Float64 array");
    Array<T> v = detach(x), k = floor(v);
    // 2^k · 2^f with f in [0, 1): the integral part is exact; an infinite x goes through 2^k alone.
    Array<T> value = select(k == v, detail::exp2_integer(k),
                            detail::exp2_integer(k) * exp((v - k) * T(0.69314718055994530942)));
    return detail::with_slope(x, value, value * T(0.69314718055994530942));
}

/// The base-2 logarithm; exact at powers of two.
template <typename T> Array<T> log2(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::log2(): a Float or Float64 array");
    Array<T> v = detach(x), r = log(v) * T(1.44269504088896340736), k = round(r);
    Array<T> value = select(detail::exp2_integer(k) == v, k, r);
    return detail::with_slope(x, value, T(1.44269504088896340736) / v);
}

/// The cube root (of any sign); exact at cubes of integers that the type holds exactly.
template <typename T> Array<T> cbrt(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::cbrt(): a Float or Float64 array");
    Array<T> v = detach(x), a = abs(v);
    Array<T> r = pow(a, Array<T>(T(1) / T(3)));
    r = r - (r - a / (r * r)) * (T(1) / T(3)); // one Newton step (in a form whose terms neither overflow nor underflow)
    Array<T> value = select((a == T(0)) | (a == a + a), v, select(v < T(0), -r, r)); // (0, inf, NaN pass through)
    return detail::with_slope(x, value, T(1) / (T(3) * value * value));
}

/// Rounds toward zero.
template <typename T> Array<T> trunc(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::trunc(): a Float or Float64 array");
    return select(x < T(0), ceil(x), floor(x));
}

/// {sin(x), cos(x)}.
template <typename T> std::pair<Array<T>, Array<T>> sincos(const Array<T> &x) { return {sin(x), cos(x)}; }

/// {sinh(x), cosh(x)}.
template <typename T> std::pair<Array<T>, Array<T>> sincosh(const Array<T> &x) { return {sinh(x), cosh(x)}; }

/// sqrt(max(x, 0)), whose derivative is 0 (not infinite) where x <= 0.
template <typename T> Array<T> safe_sqrt(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::safe_sqrt(): a Float or Float64 array");
    Array<T> v = detach(x), r = sqrt(max(v, T(0)));
    return detail::with_slope(x, r, select(v > T(0), T(0.5) / r, Array<T>(T(0))));
}

/// asin of x clamped to [-1, 1], whose derivative is 0 (not infinite or NaN) where |x| >= 1.
template <typename T> Array<T> safe_asin(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::safe_asin(): a Float or Float64 array");
    Array<T> v = detach(x), c = min(max(v, T(-1)), T(1));
    return detail::with_slope(x, asin(c), select(abs(v) < T(1), rsqrt((T(1) - v) * (T(1) + v)), Array<T>(T(0))));
}

/// acos of x clamped to [-1, 1], whose derivative is 0 (not infinite or NaN) where |x| >= 1.
template <typename T> Array<T> safe_acos(const Array<T> &x) {
    static_assert(detail::is_float_math_v<T>, "tj::safe_acos(): a Float or Float64 array");
    Array<T> v = detach(x), c = min(max(v, T(-1)), T(1));
    return detail::with_slope(x, acos(c), select(abs(v) < T(1), -rsqrt((T(1) - v) * (T(1) + v)), Array<T>(T(0))));
}

/// x's value with y's derivatives (Dr.Jit's replace_grad): of the same width, the result is y in the AD graph (a
/// gradient that reaches it is y's, tj::grad of it is y's); where one of them has width 1, the result has the other's
/// width and one AD edge from y. Without gradients on y the result is x detached. tj::Error for widths that are
/// neither equal nor 1.
template <typename T> Array<T> replace_grad(const Array<T> &x, const Array<T> &y) {
    const size_t n = x.size(), m = y.size();
    if (n != m && n != 1 && m != 1)
        detail::raise("tj::replace_grad(): incompatible input sizes (" + std::to_string(n) + " and " +
                      std::to_string(m) + ")");
    Array<T> value = n < m ? detach(x) - full<Array<T>>(T(0), m) : detach(x); // (x - 0: exactly x, -0 too)
    if (!y.ad_index())
        return value;
    if (value.size() == m) { // y's own node
        detail::var_inc_ref(value.index());
        detail::ad_inc_ref(y.ad_index());
        return Array<T>::steal(value.index(), y.ad_index());
    }
    Array<T> zero(T(0));
    detail::VarPair out = detail::ad_op("tj::replace_grad()", detail::Op::Sub, {value.index(), y.ad_index()},
                                        {zero.index(), 0});
    return Array<T>::steal(out.jit, out.ad);
}
template <typename T, HostScalar S> Array<T> replace_grad(S x, const Array<T> &y) {
    return replace_grad(Array<T>(static_cast<T>(x)), y);
}

} // namespace tj
