// include/tracejit/random.h — tj::PCG32: Dr.Jit's vectorised PCG32 random number generator on lazy arrays
//
// The same constants, seeding and conversions as drjit::PCG32 (and so as O'Neill's pcg32_srandom_r /
// pcg32_random_r per lane), so that a seed gives the numbers Dr.Jit gives. The state is two UInt64 arrays: each
// draw is a few traced operations that fuse into the kernel that uses the numbers. docs/interop.md has the details.
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/freeze_traverse.h>
#include <tracejit/ops.h>

#include <cstdint>

namespace tj {

/// O'Neill's PCG32 (XSH-RR: 64-bit LCG state, 32-bit output), one independent generator per lane.
struct PCG32 {
    static constexpr uint64_t PCG32_DEFAULT_STATE = 0x853c49e6748fea9bULL;
    static constexpr uint64_t PCG32_DEFAULT_STREAM = 0xda3e39cb94b95bdbULL;
    static constexpr uint64_t PCG32_MULT = 0x5851f42d4c957f2dULL;
    static constexpr uint64_t PCG32_MULT_INV = 0xc097ef87329e28a5ULL; ///< PCG32_MULT^-1 modulo 2^64

    /// `size` lanes; lane i is seeded as seed(initstate + i, initseq + i) (Dr.Jit's constructor).
    explicit PCG32(size_t size = 1, const UInt64 &initstate = PCG32_DEFAULT_STATE,
                   const UInt64 &initseq = PCG32_DEFAULT_STREAM) {
        UInt64 counter = arange<UInt64>(size);
        seed(initstate + counter, initseq + counter);
    }

    /// Seeds each lane as pcg32_srandom_r does: stream `initseq`, state from `initstate` (width 1 broadcasts).
    void seed(const UInt64 &initstate = PCG32_DEFAULT_STATE, const UInt64 &initseq = PCG32_DEFAULT_STREAM) {
        state = zeros<UInt64>(1);
        inc = (initseq << uint64_t(1)) | uint64_t(1);
        next_uint32();
        state += initstate;
        next_uint32();
    }

    /// A uniformly distributed 32-bit unsigned integer per lane; advances the state.
    UInt32 next_uint32() {
        UInt64 old = state;
        state = old * PCG32_MULT + inc;
        return output(old);
    }
    /// The same, advancing only the lanes where `mask` is set (the others give the number they would draw).
    UInt32 next_uint32(const Bool &mask) {
        UInt64 old = state;
        state = select(mask, old * PCG32_MULT + inc, old);
        return output(old);
    }

    /// A uniformly distributed 64-bit unsigned integer per lane: two draws, the first in the low half.
    UInt64 next_uint64() {
        UInt32 lo = next_uint32();
        return join(lo, next_uint32());
    }
    UInt64 next_uint64(const Bool &mask) {
        UInt32 lo = next_uint32(mask);
        return join(lo, next_uint32(mask));
    }

    /// A float in [0, 1) from the draw's high 23 bits: Dr.Jit's bits as the mantissa of a float in [1, 2), minus
    /// 1 (computed as (u >> 9) * 2^-23, which is the same number exactly).
    Float next_float32() { return to_float32(next_uint32()); }
    Float next_float32(const Bool &mask) { return to_float32(next_uint32(mask)); }

    /// A double in [0, 1) from one 32-bit draw: Dr.Jit's (u << 20) as the mantissa of a double in [1, 2), minus 1
    /// (computed as u * 2^-32, the same number exactly).
    Float64 next_float64() { return to_float64(next_uint32()); }
    Float64 next_float64(const Bool &mask) { return to_float64(next_uint32(mask)); }

    /// Steps every lane back by one draw and returns the number it gives: the last next_uint32()'s (Dr.Jit's
    /// prev_uint32). Stepping back and drawing again repeat the same numbers.
    UInt32 prev_uint32() {
        state = (state - inc) * PCG32_MULT_INV;
        return output(state);
    }
    /// The same, stepping back only the lanes where `mask` is set (the others give the number they would draw, as
    /// next_uint32(mask) does): after next_uint32(mask), it returns what that returned, in every lane.
    UInt32 prev_uint32(const Bool &mask) {
        state = select(mask, (state - inc) * PCG32_MULT_INV, state);
        return output(state);
    }
    /// The last next_uint64()'s number, stepping back over its two draws (the high half first).
    UInt64 prev_uint64() {
        UInt32 hi = prev_uint32();
        return join(prev_uint32(), hi);
    }
    UInt64 prev_uint64(const Bool &mask) {
        UInt32 hi = prev_uint32(mask);
        return join(prev_uint32(mask), hi);
    }
    Float prev_float32() { return to_float32(prev_uint32()); }
    Float prev_float32(const Bool &mask) { return to_float32(prev_uint32(mask)); }
    Float64 prev_float64() { return to_float64(prev_uint32()); }
    Float64 prev_float64(const Bool &mask) { return to_float64(prev_uint32(mask)); }

    /// Moves every lane `delta` draws ahead (behind for a negative `delta`) in O(log |delta|) traced steps: the state
    /// after `delta` calls of next_uint32() (Brown's jump-ahead for LCGs, as pcg32_advance_r; Dr.Jit's `rng += delta`).
    void advance(int64_t delta) {
        uint64_t d = uint64_t(delta); // (the period is 2^64: -n steps are 2^64 - n steps ahead)
        uint64_t cur_mult = PCG32_MULT, acc_mult = 1;
        UInt64 cur_plus = inc, acc_plus = zeros<UInt64>(1);
        while (d > 0) {
            if (d & 1) {
                acc_mult *= cur_mult;
                acc_plus = acc_plus * cur_mult + cur_plus;
            }
            cur_plus = cur_plus * (cur_mult + 1);
            cur_mult *= cur_mult;
            d >>= 1;
        }
        state = state * acc_mult + acc_plus;
    }
    PCG32 &operator+=(int64_t delta) {
        advance(delta);
        return *this;
    }
    PCG32 &operator-=(int64_t delta) {
        advance(-delta);
        return *this;
    }

    /// Per lane, how many draws `other` is behind this generator (Dr.Jit's `a - b`): the n with other.advance(n)
    /// reaching this state, as a signed count in (-2^63, 2^63]. Both must draw from the same streams (`inc`).
    Int64 operator-(const PCG32 &other) const {
        uint64_t cur_mult = PCG32_MULT;
        UInt64 cur_plus = inc, cur_state = other.state, distance = zeros<UInt64>(1);
        for (int bit = 0; bit < 64; ++bit) { // the distance's bits from the lowest: where the states differ at bit `bit`
            uint64_t b = uint64_t(1) << bit;
            Bool differ = (state & b) != (cur_state & b);
            cur_state = select(differ, cur_state * cur_mult + cur_plus, cur_state);
            distance = distance | select(differ, UInt64(b), UInt64(uint64_t(0)));
            cur_plus = cur_plus * (cur_mult + 1);
            cur_mult *= cur_mult;
        }
        return cast<int64_t>(distance);
    }

    UInt64 state; ///< the LCG's state per lane (any value)
    UInt64 inc;   ///< the stream per lane: the LCG's increment, always odd

  private:
    /// XSH-RR: xorshift the high bits, then rotate right by the top 5 bits of the old state.
    static UInt32 output(const UInt64 &old) {
        UInt32 xorshifted = cast<uint32_t>(((old >> uint64_t(18)) ^ old) >> uint64_t(27));
        UInt32 rot = cast<uint32_t>(old >> uint64_t(59));
        return (xorshifted >> rot) | (xorshifted << ((uint32_t(32) - rot) & uint32_t(31)));
    }
    /// The 64-bit number of two draws: `lo` the low half.
    static UInt64 join(const UInt32 &lo, const UInt32 &hi) {
        return cast<uint64_t>(lo) | (cast<uint64_t>(hi) << uint64_t(32));
    }
    static Float to_float32(const UInt32 &u) { return cast<float>(u >> uint32_t(9)) * 0x1p-23f; }
    static Float64 to_float64(const UInt32 &u) { return cast<double>(u) * 0x1p-32; }
};

// Freezing, symbolic loops and branches carry a PCG32 as its two arrays.
TJ_STRUCT(PCG32, state, inc)

} // namespace tj
