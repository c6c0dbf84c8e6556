// tests/runtime/test_ops.cpp — every element-wise op, constructor and reduction against a scalar C++ reference
//
// Each case evaluates a group of results with one tj::eval (one fused kernel per size) and compares every
// element with the reference in reference.h: exactly for ops whose result is defined to the bit, within a
// relative tolerance for transcendental functions (their ulp error is measured by a separate test).
#include "reference.h"

#include <tracejit/freeze.h>

#include <algorithm>
#include <cmath>

using namespace tjtest;

namespace {

/// Values with many ties (and, for floats, NaN and -0) so that every comparison outcome occurs.
template <typename T> std::vector<T> tie_values(size_t n, uint64_t seed) {
    Rng rng(seed);
    std::vector<T> v(n);
    std::vector<T> edges = edge_values<T>();
    for (auto &&x : v) {
        uint64_t r = rng.next();
        if ((r & 7) == 0)
            x = edges[(r >> 8) % edges.size()];
        else if constexpr (std::is_same_v<T, bool>)
            x = (r >> 5) & 1;
        else
            x = T(int64_t((r >> 8) % 7) - (std::is_signed_v<T> ? 3 : 0));
    }
    return v;
}

/// Float inputs spread over magnitudes 1e-3 … 1e21 with both signs, halves and edge values: every
/// saturation and rounding branch of a cast is taken.
template <typename T> std::vector<T> cast_values(size_t n, uint64_t seed) {
    if constexpr (std::is_floating_point_v<T>) {
        Rng rng(seed);
        std::vector<T> v(n);
        std::vector<T> edges = edge_values<T>();
        // clang-format off
        const T limits[] = {T(2147483647.0), T(2147483648.0), T(-2147483648.0), T(-2147483649.0),
                            T(4294967295.0), T(4294967296.0), T(9223372036854775807.0), T(-9223372036854775808.0),
                            T(18446744073709551615.0), T(-0.75), T(0.75), T(1e30)};
        // clang-format on
        for (auto &x : v) {
            uint64_t r = rng.next();
            if ((r & 15) == 0)
                x = edges[(r >> 8) % edges.size()];
            else if ((r & 15) == 1)
                x = limits[(r >> 8) % std::size(limits)];
            else if ((r & 15) == 2)
                x = T(double(int64_t(r >> 40) - (1 << 23)) * 0.5);
            else
                x = T(((r >> 4) & 1 ? -1.0 : 1.0) * std::pow(10.0, rng.uniform(-3, 21)));
        }
        return v;
    } else {
        return random_values<T>(n, seed);
    }
}

/// Replaces zeros by one: min/max of +0 and -0 may return either (as fmin/fmax may).
template <typename T> std::vector<T> without_zeros(std::vector<T> v) {
    for (auto &x : v)
        if (x == T(0))
            x = T(1);
    return v;
}

} // namespace

TEST_CASE_TEMPLATE("arithmetic + - * / % and unary - match the reference", T, float, double, int32_t, uint32_t, int64_t,
                   uint64_t) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<T> av = random_values<T>(n, 10 + n), bv = random_values<T>(n, 20 + n);
        A a(av), b(bv);
        A add = a + b, sub = a - b, mul = a * b, div = a / b, mod = a % b, neg = -a;
        tj::eval(add, sub, mul, div, mod, neg);
        check_exact("a + b", add, map2(av, bv, ref_add<T>));
        check_exact("a - b", sub, map2(av, bv, ref_sub<T>));
        check_exact("a * b", mul, map2(av, bv, ref_mul<T>));
        check_exact("a / b", div, map2(av, bv, ref_div<T>));
        check_exact("a % b", mod, map2(av, bv, ref_mod<T>));
        check_exact("-a", neg, map1(av, ref_neg<T>));
    }
}

TEST_CASE_TEMPLATE("C++ scalars mix on either side and compound assignments update", T, float, double, int32_t,
                   uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<T> av = random_values<T>(n, 30 + n), bv = random_values<T>(n, 40 + n);
        A a(av), b(bv);
        // Scalars of other C++ types convert to T first.
        A r1 = a + 3, r2 = 5 - a, r3 = a * T(7), r4 = 100 / a, r5 = a % 9, r6 = 2.0 * a;
        A c = a;
        c += b;
        c -= 2;
        c *= b;
        c /= T(3);
        A d = a;
        d %= b;
        tj::eval(r1, r2, r3, r4, r5, r6, c, d);
        check_exact("a + 3", r1, map1(av, [](T x) { return ref_add<T>(x, T(3)); }));
        check_exact("5 - a", r2, map1(av, [](T x) { return ref_sub<T>(T(5), x); }));
        check_exact("a * 7", r3, map1(av, [](T x) { return ref_mul<T>(x, T(7)); }));
        check_exact("100 / a", r4, map1(av, [](T x) { return ref_div<T>(T(100), x); }));
        check_exact("a % 9", r5, map1(av, [](T x) { return ref_mod<T>(x, T(9)); }));
        check_exact("2.0 * a", r6, map1(av, [](T x) { return ref_mul<T>(T(2.0), x); }));
        std::vector<T> cv(n), dv(n);
        for (size_t i = 0; i < n; ++i) {
            cv[i] = ref_div<T>(ref_mul<T>(ref_sub<T>(ref_add<T>(av[i], bv[i]), T(2)), bv[i]), T(3));
            dv[i] = ref_mod<T>(av[i], bv[i]);
        }
        check_exact("c += b; c -= 2; c *= b; c /= 3", c, cv);
        check_exact("d %= b", d, dv);
        // The compound assignments rebound c and d only.
        check_exact("a after compound assignments on copies", a, av);
    }
}

TEST_CASE_TEMPLATE("comparisons match the reference", T, float, double, int32_t, uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<T> av = tie_values<T>(n, 50 + n), bv = tie_values<T>(n, 60 + n);
        A a(av), b(bv);
        tj::Bool eq = a == b, ne = a != b, le = a <= b, ge = a >= b;
        tj::Bool lt = (a < b), gt = (a > b);
        tj::Bool s1 = a < 1, s2 = 1 < a, s3 = a == T(2), s4 = 0 >= a;
        tj::eval(eq, ne, lt, le, gt, ge, s1, s2, s3, s4);
        check_exact("a == b", eq, map2(av, bv, [](T x, T y) { return x == y; }));
        check_exact("a != b", ne, map2(av, bv, [](T x, T y) { return x != y; }));
        check_exact("a < b", lt, map2(av, bv, [](T x, T y) { return x < y; }));
        check_exact("a <= b", le, map2(av, bv, [](T x, T y) { return x <= y; }));
        check_exact("a > b", gt, map2(av, bv, [](T x, T y) { return x > y; }));
        check_exact("a >= b", ge, map2(av, bv, [](T x, T y) { return x >= y; }));
        check_exact("a < 1", s1, map1(av, [](T x) { return x < T(1); }));
        check_exact("1 < a", s2, map1(av, [](T x) { return T(1) < x; }));
        check_exact("a == 2", s3, map1(av, [](T x) { return x == T(2); }));
        check_exact("0 >= a", s4, map1(av, [](T x) { return T(0) >= x; }));
    }
}

TEST_CASE_TEMPLATE("bitwise ops and shifts on integers match the reference", T, int32_t, uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    constexpr int bits = int(sizeof(T) * 8);
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<T> av = random_values<T>(n, 70 + n), bv = random_values<T>(n, 80 + n);
        // Shift amounts: mostly in [-3, 2 * bits + 3] (taken modulo the width), sometimes any value.
        std::vector<T> sv = small_ints<T>(n, 90 + n, std::is_signed_v<T> ? -3 : 0, 2 * bits + 3);
        for (size_t i = 0; i < n; i += 5)
            sv[i] = bv[i];
        A a(av), b(bv), s(sv);
        A band = a & b, bor = a | b, bxor = a ^ b, bnot = ~a, shl = a << s, shr = a >> s;
        A m1 = a & T(0xFF), m2 = T(1) << s, m3 = a >> 3, m4 = 6 | a;
        A c = a;
        c &= b;
        c |= T(0x10);
        c ^= b;
        c <<= s;
        c >>= 1;
        tj::eval(band, bor, bxor, bnot, shl, shr, m1, m2, m3, m4, c);
        check_exact("a & b", band, map2(av, bv, [](T x, T y) { return T(x & y); }));
        check_exact("a | b", bor, map2(av, bv, [](T x, T y) { return T(x | y); }));
        check_exact("a ^ b", bxor, map2(av, bv, [](T x, T y) { return T(x ^ y); }));
        check_exact("~a", bnot, map1(av, [](T x) { return T(~x); }));
        check_exact("a << s", shl, map2(av, sv, ref_shl<T>));
        check_exact("a >> s", shr, map2(av, sv, ref_shr<T>));
        check_exact("a & 0xFF", m1, map1(av, [](T x) { return T(x & T(0xFF)); }));
        check_exact("1 << s", m2, map1(sv, [](T y) { return ref_shl<T>(T(1), y); }));
        check_exact("a >> 3", m3, map1(av, [](T x) { return ref_shr<T>(x, T(3)); }));
        check_exact("6 | a", m4, map1(av, [](T x) { return T(T(6) | x); }));
        std::vector<T> cv(n);
        for (size_t i = 0; i < n; ++i)
            cv[i] = ref_shr<T>(ref_shl<T>(T(T(T(av[i] & bv[i]) | T(0x10)) ^ bv[i]), sv[i]), T(1));
        check_exact("compound & | ^ << >>", c, cv);
    }
}

TEST_CASE("logic on Bool: & | ^ ~ ! && || == != and compound assignments") {
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<bool> av = tie_values<bool>(n, 100 + n), bv = tie_values<bool>(n, 110 + n);
        tj::Bool a(av), b(bv);
        tj::Bool band = a & b, bor = a | b, bxor = a ^ b, bnot = ~a, lnot = !a, land = a && b, lor = a || b;
        tj::Bool eq = a == b, ne = a != b, s1 = a & true, s2 = false | a, s3 = true ^ a, s4 = a == false;
        tj::Bool c = a;
        c &= b;
        c |= !b;
        c ^= a;
        tj::eval(band, bor, bxor, bnot, lnot, land, lor, eq, ne, s1, s2, s3, s4, c);
        check_exact("a & b", band, map2(av, bv, [](bool x, bool y) { return x && y; }));
        check_exact("a | b", bor, map2(av, bv, [](bool x, bool y) { return x || y; }));
        check_exact("a ^ b", bxor, map2(av, bv, [](bool x, bool y) { return x != y; }));
        check_exact("~a", bnot, map1(av, [](bool x) { return !x; }));
        check_exact("!a", lnot, map1(av, [](bool x) { return !x; }));
        check_exact("a && b", land, map2(av, bv, [](bool x, bool y) { return x && y; }));
        check_exact("a || b", lor, map2(av, bv, [](bool x, bool y) { return x || y; }));
        check_exact("a == b", eq, map2(av, bv, [](bool x, bool y) { return x == y; }));
        check_exact("a != b", ne, map2(av, bv, [](bool x, bool y) { return x != y; }));
        check_exact("a & true", s1, av);
        check_exact("false | a", s2, av);
        check_exact("true ^ a", s3, map1(av, [](bool x) { return !x; }));
        check_exact("a == false", s4, map1(av, [](bool x) { return !x; }));
        check_exact("compound &= |= ^=", c, map2(av, bv, [](bool x, bool y) { return ((x && y) || !y) != x; }));
    }
}

TEST_CASE_TEMPLATE("exact float math: abs sqrt floor ceil round min max fma", T, float, double) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<T> av = random_values<T>(n, 120 + n), bv = random_values<T>(n, 130 + n),
                       cv = random_values<T>(n, 140 + n);
        // Halves: round() goes away from zero, floor/ceil of negative fractions.
        std::vector<T> hv = small_ints<T>(n, 150 + n, -20, 20);
        for (auto &x : hv)
            x /= T(2);
        std::vector<T> mv = without_zeros(av), wv = without_zeros(bv);
        A a(av), b(bv), c(cv), h(hv), ma(mv), mb(wv);
        A r_abs = tj::abs(a), r_sqrt = tj::sqrt(a), r_floor = tj::floor(a), r_ceil = tj::ceil(a),
          r_round = tj::round(a), h_floor = tj::floor(h), h_ceil = tj::ceil(h), h_round = tj::round(h),
          r_min = tj::min(ma, mb), r_max = tj::max(ma, mb), r_min_s = tj::min(ma, 0.5), r_max_s = tj::max(2, ma),
          r_fma = tj::fma(a, b, c);
        tj::eval(r_abs, r_sqrt, r_floor, r_ceil, r_round, h_floor, h_ceil, h_round, r_min, r_max, r_min_s, r_max_s,
                 r_fma);
        check_exact("abs", r_abs, map1(av, [](T x) { return std::fabs(x); }));
        check_exact("sqrt", r_sqrt, map1(av, [](T x) { return std::sqrt(x); }));
        check_exact("floor", r_floor, map1(av, [](T x) { return std::floor(x); }));
        check_exact("ceil", r_ceil, map1(av, [](T x) { return std::ceil(x); }));
        check_exact("round", r_round, map1(av, [](T x) { return std::round(x); }));
        check_exact("floor of halves", h_floor, map1(hv, [](T x) { return std::floor(x); }));
        check_exact("ceil of halves", h_ceil, map1(hv, [](T x) { return std::ceil(x); }));
        check_exact("round of halves", h_round, map1(hv, [](T x) { return std::round(x); }));
        check_exact("min", r_min, map2(mv, wv, [](T x, T y) { return std::fmin(x, y); }));
        check_exact("max", r_max, map2(mv, wv, [](T x, T y) { return std::fmax(x, y); }));
        check_exact("min(a, 0.5)", r_min_s, map1(mv, [](T x) { return std::fmin(x, T(0.5)); }));
        check_exact("max(2, a)", r_max_s, map1(mv, [](T x) { return std::fmax(T(2), x); }));
        std::vector<T> fv(n);
        for (size_t i = 0; i < n; ++i)
            fv[i] = std::fma(av[i], bv[i], cv[i]);
        check_exact("fma", r_fma, fv);
    }
}

TEST_CASE_TEMPLATE("transcendental math and fused expressions are within tolerance", T, float, double) {
    using A = tj::Array<T>;
    // Relative tolerance: a few ulp of T (the 4-ulp bound itself is checked by the ulp test).
    const double rel = std::is_same_v<T, float> ? 2e-6 : 1e-14;
    const double abs = std::is_same_v<T, float> ? 1e-7 : 1e-16;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<T> pos = uniform_values<T>(n, 160 + n, 1e-3, 1e3), wide = uniform_values<T>(n, 170 + n, -50, 50),
                       any = uniform_values<T>(n, 180 + n, -100, 100), any2 = uniform_values<T>(n, 190 + n, -100, 100),
                       unit = uniform_values<T>(n, 200 + n, -1.5, 1.5), base = uniform_values<T>(n, 210 + n, 0.01, 10),
                       ex = uniform_values<T>(n, 220 + n, -8, 8), small = uniform_values<T>(n, 230 + n, -4, 4);
        A p(pos), w(wide), x(any), y(any2), u(unit), bs(base), e(ex), s(small);
        A r_rsqrt = tj::rsqrt(p), r_exp = tj::exp(w), r_log = tj::log(p), r_sin = tj::sin(x), r_cos = tj::cos(x),
          r_tan = tj::tan(u), r_tanh = tj::tanh(s), r_atan2 = tj::atan2(x, y), r_pow = tj::pow(bs, e),
          r_erf = tj::erf(s), r_pow_s = tj::pow(bs, 2.5), r_fused = x * y + w, r_fused2 = tj::sin(x) * y - x * w;
        tj::eval(r_rsqrt, r_exp, r_log, r_sin, r_cos, r_tan, r_tanh, r_atan2, r_pow, r_erf, r_pow_s, r_fused, r_fused2);
        // References in double: their own error is far below the tolerance.
        check_close("rsqrt", r_rsqrt, map1(pos, [](T v) { return 1.0 / std::sqrt(double(v)); }), rel, abs);
        check_close("exp", r_exp, map1(wide, [](T v) { return std::exp(double(v)); }), rel, abs);
        check_close("log", r_log, map1(pos, [](T v) { return std::log(double(v)); }), rel, abs);
        check_close("sin", r_sin, map1(any, [](T v) { return std::sin(double(v)); }), rel, abs);
        check_close("cos", r_cos, map1(any, [](T v) { return std::cos(double(v)); }), rel, abs);
        check_close("tan", r_tan, map1(unit, [](T v) { return std::tan(double(v)); }), rel, abs);
        check_close("tanh", r_tanh, map1(small, [](T v) { return std::tanh(double(v)); }), rel, abs);
        check_close("atan2", r_atan2, map2(any, any2, [](T v, T w2) { return std::atan2(double(v), double(w2)); }), rel,
                    abs);
        check_close("pow", r_pow, map2(base, ex, [](T v, T w2) { return std::pow(double(v), double(w2)); }), rel, abs);
        check_close("erf", r_erf, map1(small, [](T v) { return std::erf(double(v)); }), rel, abs);
        check_close("pow(a, 2.5)", r_pow_s, map1(base, [](T v) { return std::pow(double(v), 2.5); }), rel, abs);
        // a*b + c may contract to an fma: compare with the exact value, scaled by the magnitude of the terms.
        const double eps = std::numeric_limits<T>::epsilon();
        size_t bad = 0;
        std::vector<T> g1 = tj::to_vector(r_fused), g2 = tj::to_vector(r_fused2);
        for (size_t i = 0; i < n; ++i) {
            long double xy = (long double)any[i] * any2[i];
            long double e1 = xy + wide[i], scale1 = std::fabs(xy) + std::fabs((long double)wide[i]);
            long double s2 = (long double)std::sin(double(any[i])) * any2[i];
            long double xw = (long double)any[i] * wide[i];
            long double e2 = s2 - xw, scale2 = std::fabs(s2) + std::fabs(xw);
            bad += std::fabs(g1[i] - e1) > 2 * eps * scale1;
            bad += std::fabs(g2[i] - e2) > 16 * eps * scale2; // sin itself: up to 4 ulp
        }
        CHECK_MESSAGE(bad == 0, bad << " fused results (x*y + w, sin(x)*y - x*w) are off by more than a few ulp");
    }
}

TEST_CASE_TEMPLATE("integer abs min max fma match the reference", T, int32_t, uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<T> av = random_values<T>(n, 240 + n), bv = random_values<T>(n, 250 + n),
                       cv = random_values<T>(n, 260 + n);
        A a(av), b(bv), c(cv);
        A r_abs = tj::abs(a), r_min = tj::min(a, b), r_max = tj::max(a, b), r_min_s = tj::min(a, 5),
          r_max_s = tj::max(T(5), a), r_fma = tj::fma(a, b, c);
        tj::eval(r_abs, r_min, r_max, r_min_s, r_max_s, r_fma);
        check_exact("abs", r_abs, map1(av, ref_abs<T>));
        check_exact("min", r_min, map2(av, bv, [](T x, T y) { return std::min(x, y); }));
        check_exact("max", r_max, map2(av, bv, [](T x, T y) { return std::max(x, y); }));
        check_exact("min(a, 5)", r_min_s, map1(av, [](T x) { return std::min(x, T(5)); }));
        check_exact("max(5, a)", r_max_s, map1(av, [](T x) { return std::max(T(5), x); }));
        std::vector<T> fv(n);
        for (size_t i = 0; i < n; ++i)
            fv[i] = ref_add<T>(ref_mul<T>(av[i], bv[i]), cv[i]);
        check_exact("fma (wrapping)", r_fma, fv);
    }
}

TEST_CASE_TEMPLATE("select picks per element", T, bool, float, double, int32_t, uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<bool> mv = tie_values<bool>(n, 270 + n);
        std::vector<T> av = random_values<T>(n, 280 + n), bv = random_values<T>(n, 290 + n);
        tj::Bool m(mv);
        A a(av), b(bv);
        A r = tj::select(m, a, b), r_s1 = tj::select(m, a, T(1)), r_s2 = tj::select(m, T(0), b);
        tj::eval(r, r_s1, r_s2);
        std::vector<T> e(n), e1(n), e2(n);
        for (size_t i = 0; i < n; ++i) {
            e[i] = mv[i] ? av[i] : bv[i];
            e1[i] = mv[i] ? av[i] : T(1);
            e2[i] = mv[i] ? T(0) : bv[i];
        }
        check_exact("select(m, a, b)", r, e);
        check_exact("select(m, a, 1)", r_s1, e1);
        check_exact("select(m, 0, b)", r_s2, e2);
    }
}

TEST_CASE_TEMPLATE("cast<U> converts to every type like static_cast (saturating float to int)", S, bool, float, double,
                   int32_t, uint32_t, int64_t, uint64_t) {
    using A = tj::Array<S>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        std::vector<S> sv = cast_values<S>(n, 300 + n);
        A a(sv);
        tj::Bool to_b = tj::cast<bool>(a);
        tj::Int32 to_i32 = tj::cast<int32_t>(a);
        tj::UInt32 to_u32 = tj::cast<tj::UInt32>(a);
        tj::Int64 to_i64 = tj::cast<int64_t>(a);
        tj::UInt64 to_u64 = tj::cast<uint64_t>(a);
        tj::Float to_f32 = tj::cast<float>(a);
        tj::Float64 to_f64 = tj::cast<tj::Float64>(a);
        tj::eval(to_b, to_i32, to_u32, to_i64, to_u64, to_f32, to_f64);
        check_exact("cast<bool>", to_b, map1(sv, ref_cast<bool, S>));
        check_exact("cast<int32_t>", to_i32, map1(sv, ref_cast<int32_t, S>));
        check_exact("cast<uint32_t>", to_u32, map1(sv, ref_cast<uint32_t, S>));
        check_exact("cast<int64_t>", to_i64, map1(sv, ref_cast<int64_t, S>));
        check_exact("cast<uint64_t>", to_u64, map1(sv, ref_cast<uint64_t, S>));
        check_exact("cast<float>", to_f32, map1(sv, ref_cast<float, S>));
        check_exact("cast<double>", to_f64, map1(sv, ref_cast<double, S>));
    }
}

TEST_CASE_TEMPLATE("every vector tail length and thread split gives the reference", T, float, double, int32_t,
                   uint64_t) {
    using A = tj::Array<T>;
    std::vector<size_t> sizes;
    for (size_t n = 1; n <= 67; ++n)
        sizes.push_back(n);
    for (size_t n : {32767, 32768, 32769, 65537, 131135})
        sizes.push_back(n);
    for (size_t n : sizes) {
        CAPTURE(n);
        std::vector<T> av = random_values<T>(n, 500 + n), bv = random_values<T>(n, 510 + n);
        A a(av), b(bv);
        tj::Bool m = a < b;
        A r = tj::select(m, a - b, b * T(3));
        tj::Int64 c = tj::cast<int64_t>(r);
        tj::eval(m, r, c);
        std::vector<T> e = map2(av, bv, [](T x, T y) { return x < y ? ref_sub(x, y) : ref_mul(y, T(3)); });
        check_exact("a < b", m, map2(av, bv, [](T x, T y) { return x < y; }));
        check_exact("select(a < b, a - b, b * 3)", r, e);
        check_exact("cast<int64_t>", c, map1(e, ref_cast<int64_t, T>));
    }
}

TEST_CASE_TEMPLATE("constructors, full, zeros, opaque, read, to_vector and size", T, bool, float, double, int32_t,
                   uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    const T v = std::is_same_v<T, bool> ? T(1) : T(3);
    for (size_t n : op_sizes) {
        CAPTURE(n);
        A f = tj::full<A>(v, n), z = tj::zeros<A>(n), o = tj::opaque<A>(v, n);
        CHECK(f.size() == n);
        CHECK(z.size() == n);
        CHECK(o.size() == n);
        CHECK(tj::detail::var_is_literal(f.index()));
        CHECK_FALSE(tj::detail::var_is_literal(o.index()));
        check_exact("full", f, std::vector<T>(n, v));
        check_exact("zeros", z, std::vector<T>(n, T(0)));
        check_exact("opaque", o, std::vector<T>(n, v));
        CHECK(f.read(n - 1) == v);
        CHECK(z.read(n / 2) == T(0));
        CHECK(o.read(0) == v);

        std::vector<T> data = random_values<T>(n, 310 + n);
        A d(data);
        CHECK(d.size() == n);
        check_exact("Array(std::vector)", d, data);
        CHECK(same_value(d.read(n - 1), T(data[n - 1])));
        // A lazy result: read() evaluates it (d == d is false for NaN only).
        A lazy = tj::select(d == d, d, f);
        T mid = data[n / 2];
        CHECK(same_value(lazy.read(n / 2), mid == mid ? mid : v));
    }
    A lit(v);
    CHECK(lit.size() == 1);
    CHECK(tj::detail::var_is_literal(lit.index()));
    CHECK(lit.read(0) == v);
    A list{T(1), T(0), T(1)};
    CHECK(list.size() == 3);
    check_exact("Array{1, 0, 1}", list, std::vector<T>{T(1), T(0), T(1)});
    A empty;
    CHECK(empty.size() == 0);
    CHECK(tj::to_vector(empty).empty());
    A empty_data{std::vector<T>{}};
    CHECK(empty_data.size() == 0);
    CHECK(tj::to_vector(empty_data).empty());

    // make_opaque turns literals and lazy expressions into evaluated memory with the same values.
    A x = tj::full<A>(v, 5), y = tj::select(tj::Bool{true, false, true, false, true}, A(v), A(T(0)));
    tj::make_opaque(x, y);
    CHECK_FALSE(tj::detail::var_is_literal(x.index()));
    check_exact("make_opaque(literal)", x, std::vector<T>(5, v));
    check_exact("make_opaque(lazy)", y, std::vector<T>{v, T(0), v, T(0), v});
}

TEST_CASE_TEMPLATE("arange counts for every numeric type", T, float, double, int32_t, uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        A r = tj::arange<A>(n);
        CHECK(r.size() == n);
        std::vector<T> e(n);
        for (size_t i = 0; i < n; ++i)
            e[i] = T(i);
        check_exact("arange", r, e);
        CHECK(r.read(n - 1) == T(n - 1));
    }
}

TEST_CASE_TEMPLATE("linspace spans both ends", T, float, double) {
    using A = tj::Array<T>;
    for (size_t n : op_sizes) {
        CAPTURE(n);
        const T a = T(-2.5), b = T(7.25);
        A r = tj::linspace<A>(a, b, n);
        T step = n > 1 ? (b - a) / T(n - 1) : T(0);
        std::vector<T> e(n);
        for (size_t i = 0; i < n; ++i)
            e[i] = std::fma(T(i), step, a); // one rounding, as documented
        check_exact("linspace", r, e);
        CHECK(r.read(0) == a);
        if (n > 1)
            CHECK(double(r.read(n - 1)) == doctest::Approx(double(b)).epsilon(1e-6));
    }
}

namespace {

/// Width-1 arrays that are not literals or memory (a Counter of one element, linspace of one, a gather through it,
/// loop state started from it) broadcast against x as their one value, whatever lane of x reads them.
std::vector<tj::Float> width_one_mixes(const tj::Float &x) {
    tj::UInt32 i = tj::arange<tj::UInt32>(1) + 1u, k = tj::UInt32(0u);
    tj::while_loop(std::tie(i, k), [](const tj::UInt32 &i, const tj::UInt32 &) { return i < 4u; },
                   [](tj::UInt32 &i, tj::UInt32 &k) {
                       i += 1u;
                       k += i;
                   });
    tj::Float src({10.f, 20.f, 30.f});
    return {x + tj::arange<tj::Float>(1),
            x + tj::cast<float>(tj::arange<tj::UInt32>(1)),
            x + tj::linspace<tj::Float>(2.f, 9.f, 1),
            x + tj::gather<tj::Float>(src, tj::arange<tj::UInt32>(1)),
            x + tj::cast<float>(k)};
}

/// The reference: arange(1) is 0, linspace(2, 9, 1) is 2, the gather reads src[0], the loop sums 2 + 3 + 4.
std::vector<std::vector<float>> width_one_expected(const std::vector<float> &x) {
    std::vector<std::vector<float>> out;
    for (float add : {0.f, 0.f, 2.f, 10.f, 9.f}) {
        out.emplace_back();
        for (float v : x)
            out.back().push_back(v + add);
    }
    return out;
}

} // namespace

TEST_CASE("a width-1 arange, linspace, gather or loop state broadcasts its one value, lazy and frozen") {
    tj::UInt32 c = tj::arange<tj::UInt32>(3) + tj::arange<tj::UInt32>(1);
    check_exact("arange(3) + arange(1)", c, std::vector<uint32_t>{0, 1, 2});
    auto frozen = tj::freeze([](const tj::Float &x) { return width_one_mixes(x); });
    for (size_t n : {size_t(3), size_t(1000), size_t(7)}) {
        CAPTURE(n);
        tj::Float x = tj::arange<tj::Float>(n) * 0.5f + 5.f;
        std::vector<std::vector<float>> expect = width_one_expected(tj::to_vector(x));
        std::vector<tj::Float> lazy = width_one_mixes(x), replayed = frozen(x);
        REQUIRE(lazy.size() == expect.size());
        REQUIRE(replayed.size() == expect.size());
        for (size_t k = 0; k < expect.size(); ++k) {
            CAPTURE(k);
            check_exact("lazy", lazy[k], expect[k]);
            check_exact("frozen", replayed[k], expect[k]);
        }
    }
    CHECK(tj::freeze_stats(&frozen).replays == 2);
}

namespace {

constexpr size_t reduce_sizes[] = {1, 2, 7, 1000, (size_t(1) << 20) + 3};

/// Divisors of each reduction size used for block_sum (1, a middle one where there is one, the size).
std::vector<size_t> block_sizes(size_t n) {
    std::vector<size_t> out{1};
    if (n == 1000)
        out.push_back(8);
    if (n == (size_t(1) << 20) + 3) {
        out.push_back(7);
        out.push_back(163 * 919);
    }
    if (n > 1)
        out.push_back(n);
    return out;
}

} // namespace

TEST_CASE_TEMPLATE("integer reductions are exact and wrap", T, int32_t, uint32_t, int64_t, uint64_t) {
    using A = tj::Array<T>;
    for (size_t n : reduce_sizes) {
        CAPTURE(n);
        std::vector<T> av = random_values<T>(n, 400 + n), bv = random_values<T>(n, 410 + n);
        A a(av), b(bv);
        T s = 0, p = 1, mn = av[0], mx = av[0], d = 0;
        for (size_t i = 0; i < n; ++i) {
            s = ref_add(s, av[i]);
            p = ref_mul(p, av[i] | T(1)); // odd factors: the wrapped product stays non-zero
            mn = std::min(mn, av[i]);
            mx = std::max(mx, av[i]);
            d = ref_add(d, ref_mul(av[i], bv[i]));
        }
        A odd = a | T(1);
        CHECK(tj::sum(a).size() == 1);
        CHECK(tj::sum(a).read(0) == s);
        CHECK(tj::prod(odd).read(0) == p);
        CHECK(tj::hmin(a).read(0) == mn);
        CHECK(tj::hmax(a).read(0) == mx);
        CHECK(tj::mean(a).read(0) == ref_div(s, T(n)));
        CHECK(tj::dot(a, b).read(0) == d);
        for (size_t block : block_sizes(n)) {
            CAPTURE(block);
            std::vector<T> e(n / block, T(0));
            for (size_t i = 0; i < n; ++i)
                e[i / block] = ref_add(e[i / block], av[i]);
            check_exact("block_sum", tj::block_sum(a, block), e);
        }
    }
}

TEST_CASE_TEMPLATE("float reductions accumulate accurately", T, float, double) {
    using A = tj::Array<T>;
    const double tol = std::is_same_v<T, float> ? 1e-6 : 1e-12;
    for (size_t n : reduce_sizes) {
        CAPTURE(n);
        std::vector<T> av = uniform_values<T>(n, 420 + n, -10, 10), bv = uniform_values<T>(n, 430 + n, -10, 10);
        std::vector<T> pv = uniform_values<T>(n, 440 + n, 0.999, 1.001);
        A a(av), b(bv), pa(pv);
        long double s = 0, abs_s = 0, p = 1, d = 0, abs_d = 0;
        T mn = av[0], mx = av[0];
        for (size_t i = 0; i < n; ++i) {
            s += av[i];
            abs_s += std::fabs((long double)av[i]);
            p *= pv[i];
            mn = std::min(mn, av[i]);
            mx = std::max(mx, av[i]);
            T prod_i = av[i] * bv[i]; // dot multiplies in T, then sums in double
            d += prod_i;
            abs_d += std::fabs((long double)prod_i);
        }
        CHECK(std::fabs(double(tj::sum(a).read(0)) - double(s)) <= tol * double(abs_s));
        CHECK(std::fabs(double(tj::prod(pa).read(0)) - double(p)) <= tol * double(p));
        CHECK(tj::hmin(a).read(0) == mn);
        CHECK(tj::hmax(a).read(0) == mx);
        CHECK(std::fabs(double(tj::mean(a).read(0)) - double(s / n)) <= 2 * tol * double(abs_s / n));
        CHECK(std::fabs(double(tj::dot(a, b).read(0)) - double(d)) <= tol * double(abs_d));
        for (size_t block : block_sizes(n)) {
            CAPTURE(block);
            std::vector<long double> e(n / block, 0), scale(n / block, 0);
            for (size_t i = 0; i < n; ++i) {
                e[i / block] += av[i];
                scale[i / block] += std::fabs((long double)av[i]);
            }
            std::vector<T> g = tj::to_vector(tj::block_sum(a, block));
            REQUIRE(g.size() == n / block);
            size_t bad = 0;
            for (size_t k = 0; k < g.size(); ++k)
                bad += std::fabs((long double)g[k] - e[k]) > tol * scale[k];
            CHECK_MESSAGE(bad == 0, bad << " block sums out of tolerance");
        }
    }
}

TEST_CASE("Bool reductions: hmin is all, hmax is any") {
    for (size_t n : reduce_sizes) {
        CAPTURE(n);
        std::vector<bool> v = tie_values<bool>(n, 450 + n);
        tj::Bool a(v);
        bool all = std::all_of(v.begin(), v.end(), [](bool x) { return x; });
        bool any = std::any_of(v.begin(), v.end(), [](bool x) { return x; });
        CHECK(tj::hmin(a).read(0) == all);
        CHECK(tj::hmax(a).read(0) == any);
        CHECK(tj::hmin(tj::full<tj::Bool>(true, n)).read(0));
        CHECK_FALSE(tj::hmax(tj::zeros<tj::Bool>(n)).read(0));
    }
}

TEST_CASE("reductions of empty arrays: sum is 0, prod is 1") {
    tj::Float e{std::vector<float>{}};
    tj::Int32 ei{std::vector<int32_t>{}};
    CHECK(tj::sum(e).read(0) == 0.f);
    CHECK(tj::prod(e).read(0) == 1.f);
    CHECK(tj::sum(ei).read(0) == 0);
    CHECK(tj::prod(ei).read(0) == 1);
    CHECK(tj::dot(e, e).read(0) == 0.f);
}
