// include/tracejit/reductions.h — block and scatter reductions with any tj::ReduceOp, and reductions of masks
//
// Dr.Jit's vocabulary (docs/design.md §2): block_reduce, scatter_reduce, scatter_inc, count, any, all, none. The
// conventions (empty arrays, shorter last blocks, types, gradients) are in docs/semantics.md, "Block and scatter
// reductions".
#pragma once

#include <tracejit/ops.h>

namespace tj {

/// The reductions of consecutive blocks of `block_size` elements with `op`: ceil(x.size() / block_size) values,
/// the last block shorter when the size is not a multiple (it is reduced too). Add/Mul/Min/Max for numbers (float
/// sums and products accumulate in double), And/Or for Bool and integers; Min/Max of Bool are And/Or; Add/Mul of
/// Bool and And/Or of floats throw tj::Error, as does block_size 0. Evaluates at once (as tj::sum does).
/// Differentiable for Add, Mul, Min and Max.
template <typename T> Array<T> block_reduce(ReduceOp op, const Array<T> &x, size_t block_size) {
    const char *api = "tj::block_reduce()";
    if (x.ad_index()) [[unlikely]]
        return Array<T>::steal(detail::ad_block_reduce(x.pair(), detail::to_internal(op), block_size, api));
    return Array<T>::steal(detail::var_block_reduce(x.index(), detail::to_internal(op), block_size, api));
}

/// The number of true entries of `mask`, as a width-1 UInt32 (0 for an empty mask).
inline UInt32 count(const Bool &mask) {
    UInt32 as_int = UInt32::steal(detail::var_cast(mask.index(), VarType::UInt32));
    return UInt32::steal(detail::var_reduce(as_int.index(), detail::ReduceOp::Sum, "tj::count()"));
}
/// Whether some entry of `mask` is true (width 1; false for an empty mask).
inline Bool any(const Bool &mask) {
    return Bool::steal(detail::var_reduce(mask.index(), detail::ReduceOp::Or, "tj::any()"));
}
/// Whether every entry of `mask` is true (width 1; true for an empty mask).
inline Bool all(const Bool &mask) {
    return Bool::steal(detail::var_reduce(mask.index(), detail::ReduceOp::And, "tj::all()"));
}
/// Whether no entry of `mask` is true (width 1; true for an empty mask).
inline Bool none(const Bool &mask) { return !any(mask); }

/// target[index] = target[index] op value where mask is set, atomically per element (duplicate indices all take
/// part, in no particular order); indices past the end are skipped. Lazy, as tj::scatter_add. Add/Mul/Min/Max for
/// numbers (Min/Max of floats ignore NaN, as fmin/fmax), And/Or for Bool and integers, Min/Max of Bool are
/// And/Or. Differentiable for Add, Min and Max (Dr.Jit's convention, docs/autodiff.md); another op on arrays with
/// gradients throws tj::Error.
template <typename A, typename I>
void scatter_reduce(ReduceOp op, A &target, const A &value, const I &index, const Bool &mask_ = true) {
    Bool storage;
    const Bool &mask = detail::active_mask(mask_, storage);
    const detail::VarPair before = target.pair();
    if ((target.ad_index() | value.ad_index()) != 0) [[unlikely]]
        target = A::steal(detail::ad_scatter_reduce(detail::to_internal(op), target.pair(), value.pair(), index.index(),
                                                    mask.index()));
    else
        target = A::steal(detail::var_scatter_reduce("tj::scatter_reduce()", detail::to_internal(op), target.index(),
                                                     value.index(), index.index(), mask.index()));
    detail::scatter_note(&target, before.jit, before.ad, target.index(), target.ad_index()); // (control_core.h)
}

/// old = target[index]; target[index] += 1 where mask is set, atomically per element; returns the old values
/// (0 where mask is not set or the index is past the end). Each element gets a distinct slot among those that
/// hit the same index, as stream compaction needs. The target must be a UInt32 array (else tj::Error).
/// Evaluated at once (not lazy); not inside a symbolic loop.
template <typename A, typename I> UInt32 scatter_inc(A &target, const I &index, const Bool &mask_ = true) {
    Bool storage;
    const Bool &mask = detail::active_mask(mask_, storage);
    uint32_t new_target = 0;
    uint32_t old = detail::var_scatter_inc(target.index(), index.index(), mask.index(), &new_target);
    const detail::VarPair before = target.pair();
    target = A::steal(new_target, 0);
    detail::scatter_note(&target, before.jit, before.ad, target.index(), target.ad_index()); // (control_core.h)
    return UInt32::steal(old);
}

} // namespace tj
