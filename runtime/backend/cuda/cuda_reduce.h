// runtime/backend/cuda/cuda_reduce.h — PTX of the device reduction kernel (sum, prod, min, max, and, or over blocks)
#pragma once

#include <tracejit/detail/core.h>

#include <cstdint>
#include <string>

namespace tj::cuda {

/// Threads per block of the reduction kernels.
inline constexpr unsigned reduce_block_threads = 256;

/// Output blocks of fewer elements than this are folded one per thread, in order from the identity (as the CPU folds
/// a block), instead of one per CTA: a CTA's warp shuffles and barriers would cost far more than the few loads.
inline constexpr uint64_t reduce_thread_per_block_below = 32;

/// Threads per CTA for output blocks of `block` elements (at least reduce_thread_per_block_below): a CTA folds one
/// block at a time, and threads past the block's elements only fold identities, so a small block takes the smallest
/// power of two ≥ block, one warp at least (a block of 40 takes 64 threads, not 256). The result is the same as with
/// more threads: the extra ones fold identities in either case.
constexpr unsigned reduce_threads_for(uint64_t block) {
    unsigned threads = reduce_block_threads;
    while (threads > 32 && threads / 2 >= block)
        threads /= 2;
    return threads;
}

/// Entry name of the reduction kernel in reduce_ptx's module.
inline constexpr const char *reduce_entry = "tj_reduce";

/// PTX for `tj_reduce(u64 in, u64 out, u64 n, u64 block, u64 divisor)`: for each output block b < n/block
/// (CTAs loop over blocks grid-stride: block b handled by CTA b, b+gridDim, ...), out[b] = reduce of
/// in[b*block .. (b+1)*block) with the CTA's threads cooperating (each thread strides over the block
/// accumulating, then warp shuffles and a shared-memory slot per warp). A block of fewer than
/// reduce_thread_per_block_below elements is folded by one thread instead, in order (threads loop over blocks
/// grid-stride: block b handled by thread b, b + gridDim·blockDim, ...). Element type of in: `in`, of out: `out`.
/// op is Sum, Prod, Min, Max, And or Or (not Mean; And/Or not for floats). Only whole blocks: a shorter last block
/// is a pass of its own (cuda_device.cpp).
/// The accumulator is `out`'s type and the value read is converted to it, except that a float `out` is accumulated
/// in Float64 and rounded once when stored, as the CPU backend does. Integer arithmetic wraps; And/Or are bitwise. Float min/max ignore
/// NaN like fmin/fmax (llvm.minnum/maxnum; a block of NaNs gives NaN). Bool: Min = and, Max = or; Sum or Prod into
/// Bool is a tj::Error. If divisor != 0, the final value is divided by Out(divisor) in the output type (float
/// division, or integer division with the defined results of docs/semantics.md), as the CPU backend's mean.
/// Launch with a multiple of 32 threads per CTA, at most `reduce_block_threads` (the PTX says `.maxntid`); any grid
/// size is correct. Optimised at O3. Thread-safe: every call has its own LLVM context and target machine. Throws
/// tj::Error for Mean and for an architecture LLVM does not know.
std::string reduce_ptx(VarType in, VarType out, detail::ReduceOp op, const std::string &arch);

/// The name of a reduction operator ("Sum", …), for messages.
const char *reduce_op_name(detail::ReduceOp op);

} // namespace tj::cuda
