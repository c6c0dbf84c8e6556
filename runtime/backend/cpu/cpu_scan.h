// runtime/backend/cpu/cpu_scan.h — prefix reductions and stream compaction of host buffers on the thread pool
#pragma once

#include <tracejit/detail/core.h>

#include <cstdint>

namespace tj::cpu {

/// Prefix reductions of `n` elements of type `t` at `in` into `out` (n values, may not alias `in`), restarting
/// at every block of `block` elements (block >= n: one block). With `exclusive`, out[i] is the reduction of the
/// elements of i's block before i (the identity for the first); else up to and including i. With `reverse`, "before"
/// means "after": each block is scanned from its end. Floats accumulate in double. And/Or only for Bool and integers;
/// Sum/Prod not for Bool; not Mean.
void prefix_reduce(detail::ReduceOp op, VarType t, const void *in, uint64_t n, uint64_t block, bool exclusive,
                   bool reverse, void *out);

/// Writes the indices of the true entries of the `n` Bool (one byte each) at `mask` into `out` (room for n), in
/// order; returns how many there are.
uint64_t compress(const uint8_t *mask, uint64_t n, uint32_t *out);

/// compress's one-thread passes over mask[first, last), writing from out[0] and returning how many entries are
/// true; `compress` picks the AVX-512 one where the host has it (they are here for the tests to check both). The
/// portable pass stores one index past the hits unless the range ends with a hit; the AVX-512 pass stores the hits
/// only.
uint64_t compress_range(const uint8_t *mask, uint64_t first, uint64_t last, uint32_t *out);
#if defined(__x86_64__)
uint64_t compress_range_avx512(const uint8_t *mask, uint64_t first, uint64_t last, uint32_t *out);
/// The host runs AVX-512 (F, BW, VL) with its registers saved by the OS.
bool host_has_avx512();
#endif

} // namespace tj::cpu
