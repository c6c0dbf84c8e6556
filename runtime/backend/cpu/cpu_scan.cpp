// runtime/backend/cpu/cpu_scan.cpp — prefix reductions and stream compaction on the thread pool, in three passes
//
// Both operations split the array into fixed chunks of `chunk` elements (in scan order). Pass 1 reduces every
// chunk on the thread pool (for a prefix reduction: the part after the chunk's last block start, and whether it
// has one; for compress: its number of true entries); pass 2 runs over the chunk results in order on the calling
// thread and gives each chunk what comes in from before it (the carry; the first output index); pass 3 scans
// (writes) every chunk on the thread pool from its carry. With one thread, or one chunk, a single pass does it.
// compress's passes write 64 entries at a time with AVX-512 where the host has it (compress_range_avx512).
// Floats accumulate in double, as cpu_reduce.cpp does.
#include "backend/cpu/cpu_scan.h"

#include "backend/cpu/cpu_thread_pool.h"
#include "kernel/reduce_algebra.h"
#include "support/visit_type.h"

#include <tracejit/error.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

namespace tj::cpu {

/// Writes the indices of the true entries of mask[first, last) to out[0], out[1], ...; returns how many. Every entry
/// stores (no branch on the mask: the count moves on a hit), so out needs room for one more index than there are
/// hits unless the range ends with a hit. The function starts on a 64-byte boundary so that its loop, a few bytes
/// long, sits at the same place in every build of the library: where the link put it across a 64-byte boundary,
/// compress on two threads ran 25 % slower (docs/benchmarks.md).
[[gnu::noinline, gnu::aligned(64)]] uint64_t compress_range(const uint8_t *mask, uint64_t first, uint64_t last,
                                                            uint32_t *out) {
    uint64_t k = 0;
    for (uint64_t i = first; i < last; ++i) { // no branch: the store is always made, the count moves on a hit
        out[k] = uint32_t(i);
        k += mask[i];
    }
    return k;
}

#if defined(__x86_64__)
/// compress_range with AVX-512: per 64 entries one load of the mask and a mask register of its true entries, then
/// per 16 of them `vpcompressd` of their indices in a register and a store of as many lanes as there are hits (no
/// store past them: the caller's bound is the same as compress_range's or tighter). Measured on bench_scan, one
/// thread, 16M entries (docs/benchmarks.md): 4.6-4.7 / 10.4-10.6 GB/s at 10 / 50 % true with compress_range,
/// 6.7-6.9 / 23.9-25.1 GB/s with this.
[[gnu::target("avx512f,avx512bw,avx512vl,popcnt")]] uint64_t compress_range_avx512(const uint8_t *mask, uint64_t first,
                                                                                   uint64_t last, uint32_t *out) {
    uint64_t k = 0, i = first;
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (; i + 64 <= last; i += 64) {
        __m512i bytes = _mm512_loadu_si512(mask + i);
        uint64_t hits = _mm512_test_epi8_mask(bytes, bytes);
        for (unsigned part = 0; hits != 0; ++part, hits >>= 16) {
            auto lanes = __mmask16(hits & 0xffff);
            if (!lanes)
                continue;
            __m512i index = _mm512_add_epi32(_mm512_set1_epi32(int(uint32_t(i + 16 * part))), lane);
            unsigned count = unsigned(__builtin_popcount(lanes));
            _mm512_mask_storeu_epi32(out + k, __mmask16((1u << count) - 1), _mm512_maskz_compress_epi32(lanes, index));
            k += count;
        }
    }
    for (; i < last; ++i)
        if (mask[i])
            out[k++] = uint32_t(i);
    return k;
}

/// The host runs AVX-512 (F, BW, VL) with its registers saved by the OS.
bool host_has_avx512() {
    static const bool has =
        __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
    return has;
}

#endif

namespace {

using detail::ReduceOp;

constexpr uint64_t chunk = uint64_t(1) << 16;

template <typename T> using Acc = reduce_algebra::Acc<T>;
/// One operator's identity and combination (reduce_algebra.h).
template <typename T, ReduceOp Op> using ScanOp = reduce_algebra::Fold<T, Op>;

/// One prefix reduction: positions k in scan order, element k at index `at(k)` of the arrays.
template <typename T, ReduceOp Op> struct Scan {
    using O = ScanOp<T, Op>;
    using A = Acc<T>;
    const T *in;
    T *out;
    uint64_t n, block;
    bool exclusive, reverse;
    std::unique_ptr<A[]> carry;       ///< per chunk: what comes in from before it
    std::unique_ptr<A[]> aggregate;   ///< per chunk: the reduction after its last block start (or of all of it)
    std::unique_ptr<bool[]> restarts; ///< per chunk: whether a block starts in it

    /// The first block start after position k in scan order (n if none). Forward, blocks start at multiples of
    /// `block`; reversed, at 0 and at the positions congruent to n modulo `block` (the ends of the blocks).
    uint64_t next_start(uint64_t k) const {
        uint64_t r = reverse ? n % block : 0;
        uint64_t next = k + (r + block - k % block) % block;
        if (next == k)
            next += block;
        return std::min(next, n);
    }
    bool is_start(uint64_t k) const { return k == 0 || k % block == (reverse ? n % block : 0); }

    /// What each block's running value starts from: the identity, except for float Min/Max, where it is NaN. fmin
    /// and fmax drop a NaN, so NaN leaves the first non-NaN element as it is and stays only while every element of
    /// the prefix is NaN: the value docs/semantics.md gives such a prefix (the identity ±inf would hide it). An
    /// exclusive scan still writes the identity at the first position of each block (scan_run).
    static A seed() {
        if constexpr (std::is_floating_point_v<T> && (Op == ReduceOp::Min || Op == ReduceOp::Max))
            return std::numeric_limits<A>::quiet_NaN();
        else
            return O::identity();
    }

    /// Scans positions [k0, k1) starting from `acc`, writing the outputs.
    void scan_range(uint64_t k0, uint64_t k1, A acc) const {
        uint64_t k = k0;
        while (k < k1) {
            uint64_t end = std::min(next_start(k), k1);
            bool start = is_start(k);
            if (start)
                acc = seed();
            if (!reverse)
                scan_run(in + k, out + k, end - k, acc, 1, start);
            else
                scan_run(in + (n - 1 - k), out + (n - 1 - k), end - k, acc, -1, start);
            k = end;
        }
    }
    /// `count` elements of one block at in[0], in[step], … (step ±1); `start`: the first of them starts the block
    /// (an exclusive scan writes the identity there, whatever the seed).
    void scan_run(const T *src, T *dst, uint64_t count, A &acc, int64_t step, bool start) const {
        if (exclusive) {
            for (uint64_t j = 0; j < count; ++j) {
                A v = A(src[int64_t(j) * step]);
                dst[int64_t(j) * step] = T(acc);
                acc = O::combine(acc, v);
            }
            if (start && count > 0)
                dst[0] = T(O::identity()); // read as src[0] above already (in place too)
        } else
            for (uint64_t j = 0; j < count; ++j) {
                acc = O::combine(acc, A(src[int64_t(j) * step]));
                dst[int64_t(j) * step] = T(acc);
            }
    }
    /// The reduction of positions [k0, k1) (the seed when empty).
    A reduce_range(uint64_t k0, uint64_t k1) const {
        A acc = seed();
        if (!reverse)
            for (uint64_t k = k0; k < k1; ++k)
                acc = O::combine(acc, A(in[k]));
        else
            for (uint64_t k = k0; k < k1; ++k)
                acc = O::combine(acc, A(in[n - 1 - k]));
        return acc;
    }

    void run() {
        uint64_t chunks = (n + chunk - 1) / chunk;
        if (chunks <= 1 || pool_size() == 1) {
            scan_range(0, n, seed());
            return;
        }
        carry.reset(new A[chunks]);
        aggregate.reset(new A[chunks]);
        restarts.reset(new bool[chunks]);
        parallel_for(
            chunks, 1,
            [](void *p, uint64_t first, uint64_t last) {
                auto *s = static_cast<Scan *>(p);
                for (uint64_t c = first; c < last; ++c) {
                    uint64_t k0 = c * chunk, k1 = std::min(s->n, k0 + chunk);
                    uint64_t from = k0; // the last block start in the chunk, if any
                    bool restart = s->is_start(k0);
                    for (uint64_t k = s->next_start(k0); k < k1; k = s->next_start(k)) {
                        from = k;
                        restart = true;
                    }
                    s->aggregate[c] = s->reduce_range(from, k1);
                    s->restarts[c] = restart;
                }
            },
            this);
        A acc = seed();
        for (uint64_t c = 0; c < chunks; ++c) {
            carry[c] = acc;
            acc = restarts[c] ? aggregate[c] : O::combine(acc, aggregate[c]);
        }
        parallel_for(
            chunks, 1,
            [](void *p, uint64_t first, uint64_t last) {
                auto *s = static_cast<Scan *>(p);
                for (uint64_t c = first; c < last; ++c)
                    s->scan_range(c * chunk, std::min(s->n, (c + 1) * chunk), s->carry[c]);
            },
            this);
    }
};

template <typename T, ReduceOp Op>
void scan_typed(const void *in, uint64_t n, uint64_t block, bool exclusive, bool reverse, void *out) {
    Scan<T, Op> s{
        static_cast<const T *>(in), static_cast<T *>(out), n, std::min(block, n), exclusive, reverse, {}, {}, {}};
    s.run();
}

/// compress_range_avx512 where the host has it, else compress_range.
uint64_t compress_part(const uint8_t *mask, uint64_t first, uint64_t last, uint32_t *out) {
#if defined(__x86_64__)
    if (host_has_avx512())
        return compress_range_avx512(mask, first, last, out);
#endif
    return compress_range(mask, first, last, out);
}

uint64_t count_range(const uint8_t *mask, uint64_t first, uint64_t last) {
    uint64_t total = 0;
    while (first < last) { // bytes summed in 32-bit lanes, in pieces that cannot overflow them
        uint64_t end = std::min(last, first + (uint64_t(1) << 20));
        uint32_t part = 0;
        for (uint64_t i = first; i < end; ++i)
            part += mask[i];
        total += part;
        first = end;
    }
    return total;
}

} // namespace

void prefix_reduce(ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, bool exclusive, bool reverse,
                   void *out) {
    if (n == 0)
        return;
    block = block ? block : n;
    visit_type(t, [&](auto tag) {
        using T = decltype(tag);
        switch (op) {
        case ReduceOp::Sum:
            if constexpr (!std::is_same_v<T, bool>)
                return scan_typed<T, ReduceOp::Sum>(in, n, block, exclusive, reverse, out);
            break;
        case ReduceOp::Prod:
            if constexpr (!std::is_same_v<T, bool>)
                return scan_typed<T, ReduceOp::Prod>(in, n, block, exclusive, reverse, out);
            break;
        case ReduceOp::Min: return scan_typed<T, ReduceOp::Min>(in, n, block, exclusive, reverse, out);
        case ReduceOp::Max: return scan_typed<T, ReduceOp::Max>(in, n, block, exclusive, reverse, out);
        case ReduceOp::And:
            if constexpr (!std::is_floating_point_v<T>)
                return scan_typed<T, ReduceOp::And>(in, n, block, exclusive, reverse, out);
            break;
        case ReduceOp::Or:
            if constexpr (!std::is_floating_point_v<T>)
                return scan_typed<T, ReduceOp::Or>(in, n, block, exclusive, reverse, out);
            break;
        case ReduceOp::Mean: break;
        }
        TJ_UNREACHABLE("a CPU prefix reduction the JIT refuses (Mean, Sum/Prod of Bool, And/Or of floats)");
    });
}

uint64_t compress(const uint8_t *mask, uint64_t n, uint32_t *out) {
    uint64_t chunks = (n + chunk - 1) / chunk;
    if (chunks <= 1 || pool_size() == 1)
        return compress_part(mask, 0, n, out);
    std::vector<uint64_t> start(chunks);
    struct Ctx {
        const uint8_t *mask;
        uint64_t n;
        uint32_t *out;
        uint64_t *start;
        const uint64_t *count = nullptr;
    } ctx{mask, n, out, start.data()};
    parallel_for(
        chunks, 1,
        [](void *p, uint64_t first, uint64_t last) {
            auto *c = static_cast<Ctx *>(p);
            for (uint64_t k = first; k < last; ++k)
                c->start[k] = count_range(c->mask, k * chunk, std::min(c->n, (k + 1) * chunk));
        },
        &ctx);
    std::vector<uint64_t> count(start);
    uint64_t total = 0;
    for (uint64_t &s : start) {
        uint64_t hits = s;
        s = total;
        total += hits;
    }
    ctx.count = count.data();
    parallel_for(
        chunks, 1,
        [](void *p, uint64_t first, uint64_t last) {
            auto *c = static_cast<Ctx *>(p);
            for (uint64_t k = first; k < last; ++k) {
                if (c->count[k] == 0)
                    continue;
                // Up to the chunk's last hit: compress_range then stores into the chunk's own slots only (the
                // slot after them is the next chunk's first).
                uint64_t begin = k * chunk, end = std::min(c->n, (k + 1) * chunk);
                while (!c->mask[end - 1])
                    --end;
                compress_part(c->mask, begin, end, c->out + c->start[k]);
            }
        },
        &ctx);
    return total;
}

} // namespace tj::cpu
