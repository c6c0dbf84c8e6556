// include/tracejit/ops.h — array creation, gather/scatter, reductions and evaluation
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/control_core.h>

#include <vector>

namespace tj {

/// `n` copies of `value` (a literal: no memory until evaluated).
template <typename A> A full(typename A::Value value, size_t n) {
    uint64_t bits = 0;
    if constexpr (std::is_same_v<typename A::Value, bool>)
        bits = value ? 1 : 0;
    else
        std::memcpy(&bits, &value, sizeof(value));
    return A::steal(detail::var_literal(A::Type, bits, n));
}
/// `n` zeros.
template <typename A> A zeros(size_t n) { return full<A>(typename A::Value(0), n); }
/// 0, 1, …, n-1.
template <typename A> A arange(size_t n) { return A::steal(detail::var_counter(A::Type, n)); }
/// `n` evenly spaced values from a to b (both included).
template <typename A> A linspace(typename A::Value a, typename A::Value b, size_t n) {
    using T = typename A::Value;
    T step = n > 1 ? (b - a) / T(n - 1) : T(0);
    return fma(arange<A>(n), A(step), A(a));
}
/// An evaluated, non-literal array of `n` copies of value: kernels read it from memory instead of embedding it.
template <typename A> A opaque(typename A::Value value, size_t n = 1) {
    return A::steal(detail::var_make_opaque(full<A>(value, n).index()));
}

namespace detail {
template <typename A> void make_opaque_one(A &x) {
    uint32_t jit = var_make_opaque(x.index());
    ad_inc_ref(x.ad_index());
    x = A::steal(jit, x.ad_index());
}
} // namespace detail
/// Evaluates each argument and turns literals into memory, so that changing them later does not recompile.
/// An array with gradients enabled keeps its AD node.
template <typename... As> void make_opaque(As &...xs) { (detail::make_opaque_one(xs), ...); }

namespace detail {
/// `mask` ANDed with the mask of the symbolic branch or loop body being traced (control.h), if any (then kept in
/// `storage`); `mask` itself otherwise, without a copy.
inline const Bool &active_mask(const Bool &mask, Bool &storage) {
    if (!mask_top()) [[likely]]
        return mask;
    storage = Bool::steal(mask_apply(mask.index()));
    return storage;
}
} // namespace detail

/// Reads source[index] where mask is set; 0 where it is not, or where index is past the end of source.
template <typename A, typename I> A gather(const A &source, const I &index, const Bool &mask_ = true) {
    Bool storage;
    const Bool &mask = detail::active_mask(mask_, storage);
    if (source.ad_index()) [[unlikely]]
        return A::steal(detail::ad_gather(source.pair(), index.index(), mask.index()));
    return A::steal(detail::var_gather(source.index(), index.index(), mask.index()));
}

/// target[index] = value where mask is set (indices past the end are skipped).
template <typename A, typename I> void scatter(A &target, const A &value, const I &index, const Bool &mask_ = true) {
    Bool storage;
    const Bool &mask = detail::active_mask(mask_, storage);
    const detail::VarPair old = target.pair();
    if ((target.ad_index() | value.ad_index()) != 0) [[unlikely]]
        target = A::steal(detail::ad_scatter(target.pair(), value.pair(), index.index(), mask.index(), false));
    else
        target = A::steal(detail::var_scatter(target.index(), value.index(), index.index(), mask.index(), false));
    detail::scatter_note(&target, old.jit, old.ad, target.index(), target.ad_index()); // (control_core.h)
}
/// target[index] += value where mask is set, atomically (duplicate indices all add).
template <typename A, typename I>
void scatter_add(A &target, const A &value, const I &index, const Bool &mask_ = true) {
    Bool storage;
    const Bool &mask = detail::active_mask(mask_, storage);
    const detail::VarPair old = target.pair();
    if ((target.ad_index() | value.ad_index()) != 0) [[unlikely]]
        target = A::steal(detail::ad_scatter(target.pair(), value.pair(), index.index(), mask.index(), true));
    else
        target = A::steal(detail::var_scatter(target.index(), value.index(), index.index(), mask.index(), true));
    detail::scatter_note(&target, old.jit, old.ad, target.index(), target.ad_index()); // (control_core.h)
}

namespace detail {
template <typename T> Array<T> reduce(const Array<T> &a, ReduceOp op) {
    if (a.ad_index()) [[unlikely]]
        return Array<T>::steal(ad_reduce(a.pair(), op));
    return Array<T>::steal(var_reduce(a.index(), op));
}
} // namespace detail

/// Sum of all elements, as a width-1 array.
template <typename T> Array<T> sum(const Array<T> &a) { return detail::reduce(a, detail::ReduceOp::Sum); }
/// Product of all elements.
template <typename T> Array<T> prod(const Array<T> &a) { return detail::reduce(a, detail::ReduceOp::Prod); }
/// Smallest element.
template <typename T> Array<T> hmin(const Array<T> &a) { return detail::reduce(a, detail::ReduceOp::Min); }
/// Largest element.
template <typename T> Array<T> hmax(const Array<T> &a) { return detail::reduce(a, detail::ReduceOp::Max); }
/// Sum divided by the size, in the array's type (a reduction of its own, so that a frozen function replayed on
/// another size divides by the new size).
template <typename T> Array<T> mean(const Array<T> &a) { return detail::reduce(a, detail::ReduceOp::Mean); }
/// Sum of a*b.
template <typename T> Array<T> dot(const Array<T> &a, const Array<T> &b) { return sum(a * b); }
/// Sums of consecutive blocks of `block_size` elements (the size must divide evenly).
template <typename T> Array<T> block_sum(const Array<T> &a, size_t block_size) {
    if (a.ad_index()) [[unlikely]]
        return Array<T>::steal(detail::ad_block_reduce(a.pair(), detail::ReduceOp::Sum, block_size));
    return Array<T>::steal(detail::var_block_reduce(a.index(), detail::ReduceOp::Sum, block_size));
}

/// Evaluates all arguments together: same-sized ones fuse into one kernel.
template <typename... As> void eval(const As &...xs) {
    uint32_t ids[] = {0u, xs.index()...};
    detail::var_eval(ids + 1, sizeof...(As));
}
/// Waits until all launched kernels are done.
void sync();

/// The elements of an array, evaluated, on the host.
template <typename T> std::vector<T> to_vector(const Array<T> &a) {
    size_t n = a.size();
    if constexpr (std::is_same_v<T, bool>) {
        std::vector<uint8_t> bytes(n);
        if (n)
            detail::var_copy_to_host(a.index(), bytes.data());
        return std::vector<bool>(bytes.begin(), bytes.end());
    } else {
        std::vector<T> out(n);
        if (n)
            detail::var_copy_to_host(a.index(), out.data());
        return out;
    }
}

/// Names a variable in whos(), logs and graphviz() output.
template <typename T> void set_label(const Array<T> &a, const std::string &label) {
    detail::var_set_label(a.index(), label);
    if (a.ad_index())
        detail::ad_set_label(a.ad_index(), label);
}

} // namespace tj
