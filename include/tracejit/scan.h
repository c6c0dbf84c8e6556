// include/tracejit/scan.h — prefix sums, block prefix reductions and stream compaction (compress)
//
// Dr.Jit's vocabulary (docs/design.md §2): prefix_sum, block_prefix_reduce, compress. The conventions (identities,
// types, float accumulation, gradients, frozen functions) are in docs/semantics.md, "Prefix reductions and
// compress".
#pragma once

#include <tracejit/ops.h>

#include <cstdint>

namespace tj {

/// The reductions with `op` of the elements before each element (exclusive: the op's identity for the first) or up
/// to and including it (inclusive), within consecutive blocks of `block_size` elements (the last may be shorter;
/// each block starts afresh). With `reverse`, "before" means "after": each block is scanned from its end.
/// Add/Mul/Min/Max for numbers (floats accumulate in double), And/Or for Bool and integers; Min/Max of Bool are
/// And/Or. The identities: 0 (Add, Or), 1 (Mul), +inf or the largest value (Min), -inf or the lowest (Max), all
/// ones (And). Add/Mul of Bool, And/Or of floats and block_size 0 throw tj::Error. Evaluates at once; the result
/// has the size of `x`. Differentiable for Add.
template <typename T>
Array<T> block_prefix_reduce(ReduceOp op, const Array<T> &x, size_t block_size, bool exclusive = true,
                             bool reverse = false) {
    const char *api = "tj::block_prefix_reduce()";
    if (x.ad_index()) [[unlikely]]
        return Array<T>::steal(
            detail::ad_block_prefix_reduce(x.pair(), detail::to_internal(op), block_size, exclusive, reverse, api));
    return Array<T>::steal(
        detail::var_block_prefix_reduce(x.index(), detail::to_internal(op), block_size, exclusive, reverse, api));
}

/// The running sum of `x`: out[i] = x[0] + … + x[i-1] (exclusive, out[0] = 0) or + x[i] (inclusive). Floats
/// accumulate in double. Evaluates at once; differentiable.
template <typename T> Array<T> prefix_sum(const Array<T> &x, bool exclusive = true) {
    const char *api = "tj::prefix_sum()";
    constexpr size_t whole_array = SIZE_MAX; // one block, whatever the size (also on a frozen replay)
    if (x.ad_index()) [[unlikely]]
        return Array<T>::steal(
            detail::ad_block_prefix_reduce(x.pair(), detail::ReduceOp::Sum, whole_array, exclusive, false, api));
    return Array<T>::steal(
        detail::var_block_prefix_reduce(x.index(), detail::ReduceOp::Sum, whole_array, exclusive, false, api));
}

/// The indices of the true entries of `mask`, in order (a UInt32 array of tj::count(mask) entries; an array of
/// size 0 when there are none). Evaluates at once. In a frozen function the number of entries may change from call
/// to call without a new recording (docs/freezing.md, "Compress"). The indices carry no gradient; gathers through
/// them do.
inline UInt32 compress(const Bool &mask) { return UInt32::steal(detail::var_compress(mask.index())); }

} // namespace tj
