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
        UInt32 hi = next_uint32();
        return cast<uint64_t>(lo) | (cast<uint64_t>(hi) << uint64_t(32));
    }
    UInt64 next_uint64(const Bool &mask) {
        UInt32 lo = next_uint32(mask);
        UInt32 hi = next_uint32(mask);
        return cast<uint64_t>(lo) | (cast<uint64_t>(hi) << uint64_t(32));
    }

    /// A float in [0, 1) from the draw's high 23 bits: Dr.Jit's bits as the mantissa of a float in [1, 2), minus
    /// 1 (computed as (u >> 9) * 2^-23, which is the same number exactly).
    Float next_float32() { return to_float32(next_uint32()); }
    Float next_float32(const Bool &mask) { return to_float32(next_uint32(mask)); }

    /// A double in [0, 1) from one 32-bit draw: Dr.Jit's (u << 20) as the mantissa of a double in [1, 2), minus 1
    /// (computed as u * 2^-32, the same number exactly).
    Float64 next_float64() { return to_float64(next_uint32()); }
    Float64 next_float64(const Bool &mask) { return to_float64(next_uint32(mask)); }

    UInt64 state; ///< the LCG's state per lane (any value)
    UInt64 inc;   ///< the stream per lane: the LCG's increment, always odd

  private:
    /// XSH-RR: xorshift the high bits, then rotate right by the top 5 bits of the old state.
    static UInt32 output(const UInt64 &old) {
        UInt32 xorshifted = cast<uint32_t>(((old >> uint64_t(18)) ^ old) >> uint64_t(27));
        UInt32 rot = cast<uint32_t>(old >> uint64_t(59));
        return (xorshifted >> rot) | (xorshifted << ((uint32_t(32) - rot) & uint32_t(31)));
    }
    static Float to_float32(const UInt32 &u) { return cast<float>(u >> uint32_t(9)) * 0x1p-23f; }
    static Float64 to_float64(const UInt32 &u) { return cast<double>(u) * 0x1p-32; }
};

// Freezing, symbolic loops and branches carry a PCG32 as its two arrays.
TJ_STRUCT(PCG32, state, inc)

} // namespace tj
