// tests/ptx_exec/numeric.h — PTX arithmetic semantics: rounding modes, .ftz, min/max, cvt, integer edge cases
//
// Float operations round in the host's IEEE arithmetic under the instruction's rounding mode (fesetround: this
// file's users are compiled with -frounding-math and -ffp-contract=off). Where the PTX ISA leaves a result
// unspecified (integer division by zero), the value is the one stated in README.md of this folder.
#pragma once

#include "program.h"

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace ptx_exec {

/// Sets the host rounding mode for the lifetime of the object (nothing for .rn).
class RoundingScope {
  public:
    explicit RoundingScope(Round r) : m_set(r != Round::Rn) {
        if (m_set) {
            m_old = std::fegetround();
            std::fesetround(r == Round::Rz ? FE_TOWARDZERO : r == Round::Rm ? FE_DOWNWARD : FE_UPWARD);
        }
    }
    ~RoundingScope() {
        if (m_set)
            std::fesetround(m_old);
    }
    RoundingScope(const RoundingScope &) = delete;
    RoundingScope &operator=(const RoundingScope &) = delete;

  private:
    bool m_set;
    int m_old = FE_TONEAREST;
};

/// A subnormal becomes a zero of the same sign (.ftz).
template <typename F> F flush(F x) {
    return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(F(0), x) : x;
}

template <typename F> F canonical_nan() {
    if constexpr (sizeof(F) == 4)
        return std::bit_cast<float>(uint32_t(0x7fffffff));
    else
        return std::bit_cast<double>(uint64_t(0x7fffffffffffffff));
}

/// min/max.f32/f64: a NaN operand is ignored, two NaNs give the canonical NaN, -0 is below +0.
template <typename F> F fmin_ptx(F a, F b) {
    if (std::isnan(a))
        return std::isnan(b) ? canonical_nan<F>() : b;
    if (std::isnan(b))
        return a;
    if (a == b)
        return std::signbit(a) ? a : b;
    return a < b ? a : b;
}
template <typename F> F fmax_ptx(F a, F b) {
    if (std::isnan(a))
        return std::isnan(b) ? canonical_nan<F>() : b;
    if (std::isnan(b))
        return a;
    if (a == b)
        return std::signbit(a) ? b : a;
    return a > b ? a : b;
}

/// Rounds to an integral value in the float type (cvt.rni/.rzi/.rmi/.rpi with a float destination).
template <typename F> F round_integral(F x, Round r) {
    switch (r) {
    case Round::Rn: return std::nearbyint(x); // the default (nearest, ties to even) environment
    case Round::Rz: return std::trunc(x);
    case Round::Rm: return std::floor(x);
    case Round::Rp: return std::ceil(x);
    }
    return x;
}

/// cvt from a float to an integer type: rounded by `r`, NaN gives 0, out-of-range values saturate.
template <typename I, typename F> I float_to_int(F x, Round r) {
    if (std::isnan(x))
        return 0;
    const F v = round_integral(x, r);
    // The bounds are exact powers of two in F: compare before converting.
    const F lo = F(std::numeric_limits<I>::min());
    const F hi_excl = std::ldexp(F(1), int(sizeof(I) * 8) - (std::is_signed_v<I> ? 1 : 0));
    if (v < lo)
        return std::numeric_limits<I>::min();
    if (v >= hi_excl)
        return std::numeric_limits<I>::max();
    return I(v);
}

/// High half of a product.
inline uint32_t mul_hi(uint32_t a, uint32_t b) { return uint32_t((uint64_t(a) * b) >> 32); }
inline uint64_t mul_hi(uint64_t a, uint64_t b) { return uint64_t((unsigned __int128)a * b >> 64); }
inline int32_t mul_hi(int32_t a, int32_t b) { return int32_t((int64_t(a) * b) >> 32); }
inline int64_t mul_hi(int64_t a, int64_t b) { return int64_t((__int128)a * b >> 64); }

/// Integer division and remainder with the ISA's unspecified cases defined: x / 0 is all ones (unsigned) or -1
/// (signed), x % 0 is x, INT_MIN / -1 is INT_MIN and INT_MIN % -1 is 0.
template <typename I> I div_ptx(I a, I b) {
    if (b == 0)
        return I(-1);
    if constexpr (std::is_signed_v<I>)
        if (a == std::numeric_limits<I>::min() && b == -1)
            return a;
    return a / b;
}
template <typename I> I rem_ptx(I a, I b) {
    if (b == 0)
        return a;
    if constexpr (std::is_signed_v<I>)
        if (a == std::numeric_limits<I>::min() && b == -1)
            return 0;
    return a % b;
}

/// shl/shr: shift amounts above the width are clamped to the width.
template <typename I> I shl_ptx(I a, uint32_t n) {
    using U = std::make_unsigned_t<I>;
    return n >= sizeof(I) * 8 ? I(0) : I(U(a) << n);
}
template <typename I> I shr_ptx(I a, uint32_t n) {
    if (n >= sizeof(I) * 8)
        return std::is_signed_v<I> && a < 0 ? I(-1) : I(0);
    return I(a >> n);
}

/// bfe: extracts len bits from pos (both taken from their low 8 bits), sign-filled for signed types.
template <typename I> I bfe_ptx(I a, uint32_t b, uint32_t c) {
    using U = std::make_unsigned_t<I>;
    constexpr uint32_t msb = sizeof(I) * 8 - 1;
    const uint32_t pos = b & 0xff, len = c & 0xff;
    if (len == 0)
        return 0;
    const bool sbit = std::is_signed_v<I> ? (U(a) >> std::min(pos + len - 1, msb)) & 1 : false;
    U d = 0;
    for (uint32_t i = 0; i <= msb; ++i) {
        bool bit = (i < len && pos + i <= msb) ? (U(a) >> (pos + i)) & 1 : sbit;
        d |= U(bit) << i;
    }
    return I(d);
}

/// bfi: inserts the low len bits of a into b at pos (both from their low 8 bits).
inline uint32_t bfi_ptx(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    const uint32_t pos = c & 0xff, len = d & 0xff;
    uint32_t f = b;
    for (uint32_t i = 0; i < len && pos + i <= 31; ++i)
        f = (f & ~(1u << (pos + i))) | (((a >> i) & 1u) << (pos + i));
    return f;
}

} // namespace ptx_exec
