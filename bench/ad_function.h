// bench/ad_function.h — the 100-operation elementwise function that bench_ad differentiates, for any number type
//
// One template serves tj::Float (traced: bench_ad differentiates it with backward), float (the primal part of the
// hand-written derivative loop, bench/ad_loop.cpp) and double (the finite differences that check that loop). Ten
// rounds of ten operations: mul, add, sin, mul, mul, neg, exp, sub, add, div. For x in [-1, 1) every value stays
// in [-1, 2] and the divisor in [2, 3], so neither the function nor its derivative overflows.
#pragma once

#include <cmath>

namespace bench {

/// Rounds of ad_function (ten operations each).
inline constexpr int ad_rounds = 10;

/// The constant that scales round r.
constexpr float ad_round_scale(int r) { return 0.9f - 0.05f * float(r); }

/// v ← (exp(−(sin(c·v + x)·v)²) − sin(c·v + x)) / ((sin(c·v + x)·v)² + 2), ten times, starting from v = x.
template <typename T> T ad_function(const T &x) {
    using std::exp, std::sin;
    T v = x;
    for (int r = 0; r < ad_rounds; ++r) {
        T a = v * ad_round_scale(r);
        T b = a + x;
        T s = sin(b);
        T d = s * v;
        T e = d * d;
        T f = -e;
        T g = exp(f);
        T h = g - s;
        T t = e + 2.f;
        v = h / t;
    }
    return v;
}

} // namespace bench
