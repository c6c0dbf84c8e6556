// include/tracejit/tensor_ops.h — shape operations on tj::Tensor: reshape, transpose, reductions along an axis,
// slicing and gathers with index arrays (docs/design.md §2 "Tensors"; docs/tensors.md)
//
// Each operation is a gather (or a block reduction) on the flat array with indices the kernel computes from the
// element's position: lazy, fused with what follows, differentiated by the arrays' AD (a gather's gradient is a
// scatter_add). Where an operation bakes a tensor's first dimension into a kernel it pins that size for freezing
// (tensor.h).
#pragma once

#include <tracejit/tensor.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace tj {

namespace detail {

/// The flat offsets of a view: an output of `out` dimensions whose axis `a` reads the source axis it keeps (in
/// order; integer-indexed axes are dropped and their offset is `fixed`) at `start[a] + c * step[a]` (c: the output
/// coordinate), or at `indices[a][c]` when that is set. An index past the end of its axis turns the mask off.
struct ViewPlan {
    std::vector<size_t> out;
    std::vector<size_t> src_stride;
    std::vector<int64_t> start, step;
    std::vector<const UInt32 *> indices;
    std::vector<size_t> src_dim;
    uint64_t fixed = 0;
    bool first_is_source_first = false; ///< output axis 0 reads source axis 0 (not integer-indexed)
};

template <typename T> Array<T> gather_view(const Array<T> &src, const ViewPlan &p) {
    size_t n = shape_product(p.out);
    UInt32 k = arange<UInt32>(n), rest = k;
    UInt32 offset(uint32_t(p.fixed));
    Bool mask(true);
    bool masked = false;
    for (size_t ax = p.out.size(); ax-- > 0;) {
        UInt32 c = ax == 0 ? rest : rest % uint32_t(p.out[ax]);
        if (ax > 0)
            rest = rest / uint32_t(p.out[ax]);
        UInt32 pos;
        if (p.indices[ax]) {
            pos = gather<UInt32>(*p.indices[ax], c);
            // Past the end reads 0 (as tj::gather); the bound also keeps the flat offset from wrapping around. On
            // the first axis the gather's own bound (the array's size) is the axis's, so the kernel does not bake
            // in a first dimension that a frozen function's replay may change.
            uint64_t wrap = p.src_stride[ax] ? 0xFFFFFFFFull / p.src_stride[ax] : 0xFFFFFFFFull;
            uint64_t limit = p.first_is_source_first && ax == 0 ? wrap : std::min<uint64_t>(p.src_dim[ax], wrap);
            mask = mask & (pos < uint32_t(limit));
            masked = true;
        } else if (p.step[ax] == 1) {
            pos = p.start[ax] ? c + uint32_t(p.start[ax]) : c;
        } else {
            // start + c * step in two's complement: a negative step wraps to the right unsigned value.
            pos = c * uint32_t(int32_t(p.step[ax])) + uint32_t(p.start[ax]);
        }
        offset = offset + pos * uint32_t(p.src_stride[ax]);
    }
    return masked ? gather<Array<T>>(src, offset, mask) : gather<Array<T>>(src, offset);
}

inline std::vector<size_t> row_strides(const std::vector<size_t> &shape) {
    std::vector<size_t> s(shape.size());
    size_t stride = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        s[i] = stride;
        stride *= shape[i];
    }
    return s;
}

inline size_t normalize_axis(const char *api, int64_t axis, size_t ndim) {
    int64_t a = axis < 0 ? axis + int64_t(ndim) : axis;
    if (a < 0 || a >= int64_t(ndim))
        raise(std::string(api) + ": axis " + std::to_string(axis) + " is out of range for a tensor of " +
              std::to_string(ndim) + " dimensions");
    return size_t(a);
}

template <typename T> Tensor<T> reduce_axis(const char *api, tj::ReduceOp op, const Tensor<T> &t, int64_t axis_) {
    size_t axis = normalize_axis(api, axis_, t.ndim());
    const std::vector<size_t> &shape = t.shape();
    size_t len = shape[axis];
    size_t outer = shape_product(std::vector<size_t>(shape.begin(), shape.begin() + axis));
    size_t inner = shape_product(shape, axis + 1);
    std::vector<size_t> out_shape = shape;
    out_shape.erase(out_shape.begin() + axis);
    if (len == 0)
        raise(std::string(api) + ": axis " + std::to_string(axis) + " of the tensor of shape " +
              shape_string(shape) + " is empty");
    if (outer * inner == 0) // an array of size 0, not the uninitialised array (which later operations refuse)
        return Tensor<T>(zeros<Array<T>>(0), out_shape);
    if (outer == 1 && inner == 1) { // the whole array (along axis 0, a first dimension that changes needs no pin)
        if (axis != 0)
            freeze_pin_size(t.size()); // the first dimensions are 1 and must stay so
        Array<T> r = op == tj::ReduceOp::Add ? sum(t.array())
                     : op == tj::ReduceOp::Mul ? prod(t.array())
                     : op == tj::ReduceOp::Min ? hmin(t.array())
                                           : hmax(t.array());
        if constexpr (std::is_floating_point_v<T>)
            if ((op == tj::ReduceOp::Min || op == tj::ReduceOp::Max) && t.array().ad_index()) {
                // block_reduce's derivative rule, as for the other shapes (docs/tensors.md): every element equal to
                // the result gets the whole gradient (hmin/hmax split it among ties; a row's gradient must not
                // depend on whether other rows exist).
                Array<T> hit = select(detach(t.array()) == detach(r), t.array(), Array<T>(T(0)));
                r = replace_grad(detach(r), sum(hit));
            }
        return Tensor<T>(r, out_shape);
    }
    if (axis == 0)
        freeze_pin_size(t.size()); // the block size (and, below, the gather) is the first dimension
    Array<T> g = t.array();
    if (inner != 1) { // the reduced axis made innermost: element k reads (o, i, j) with i = k % len
        size_t n = outer * inner * len;
        UInt32 k = arange<UInt32>(n);
        UInt32 i = k % uint32_t(len), q = k / uint32_t(len);
        UInt32 j = q % uint32_t(inner), o = q / uint32_t(inner);
        UInt32 src = (o * uint32_t(len) + i) * uint32_t(inner) + j;
        g = gather<Array<T>>(t.array(), axis == 0 ? i * uint32_t(inner) + j : src);
    }
    return Tensor<T>(block_reduce(op, g, len), out_shape);
}

} // namespace detail

/// The same elements with another shape (row-major order kept); one entry may be -1 (inferred). tj::Error when
/// the sizes differ.
template <typename T> Tensor<T> reshape(const Tensor<T> &t, const std::vector<int64_t> &shape) {
    const char *api = "tj::reshape()";
    std::vector<size_t> out(shape.size());
    size_t known = 1;
    int64_t infer = -1;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            if (infer >= 0)
                detail::raise(std::string(api) + ": more than one -1 in the new shape");
            infer = int64_t(i);
        } else if (shape[i] < 0) {
            detail::raise(std::string(api) + ": dimension " + std::to_string(shape[i]) + " is negative");
        } else {
            out[i] = size_t(shape[i]);
            known *= out[i];
        }
    }
    if (infer >= 0) {
        if (known == 0 || t.size() % known != 0)
            detail::raise(std::string(api) + ": cannot reshape a tensor of shape " +
                          detail::shape_string(t.shape()) + " (" + std::to_string(t.size()) + " elements) to " +
                          "one with -1 and " + std::to_string(known) + " elements per entry");
        out[size_t(infer)] = t.size() / known;
    }
    if (detail::shape_product(out) != t.size())
        detail::raise(std::string(api) + ": cannot reshape a tensor of shape " + detail::shape_string(t.shape()) +
                      " (" + std::to_string(t.size()) + " elements) to " + detail::shape_string(out) + " (" +
                      std::to_string(detail::shape_product(out)) + " elements)");
    // Only metadata changes. The new first dimension follows the old one on replay when it is the inferred one
    // and the new inner size divides the old; otherwise the old first dimension is baked into the new shape.
    size_t old_inner = detail::shape_product(t.shape(), 1), new_inner = detail::shape_product(out, 1);
    if (t.ndim() >= 1 && !(infer == 0 && new_inner != 0 && old_inner % new_inner == 0))
        detail::freeze_pin_size(t.size());
    return Tensor<T>(t.array(), out);
}

/// The transpose of a 2-d tensor (tj::Error for another number of dimensions).
template <typename T> Tensor<T> transpose(const Tensor<T> &t) {
    if (t.ndim() != 2)
        detail::raise("tj::transpose(): the tensor has shape " + detail::shape_string(t.shape()) +
                      "; only 2-d tensors can be transposed");
    size_t rows = t.shape()[0], cols = t.shape()[1];
    detail::freeze_pin_size(t.size()); // its rows become the inner dimension
    UInt32 k = arange<UInt32>(rows * cols);
    UInt32 j = k / uint32_t(rows), i = k % uint32_t(rows); // out[j, i] = t[i, j]
    return Tensor<T>(gather<Array<T>>(t.array(), i * uint32_t(cols) + j), {cols, rows});
}

/// Sum along `axis` (negative counts from the last): the axis disappears.
template <typename T> Tensor<T> sum(const Tensor<T> &t, int64_t axis) {
    return detail::reduce_axis("tj::sum()", ReduceOp::Add, t, axis);
}
/// Product along `axis`.
template <typename T> Tensor<T> prod(const Tensor<T> &t, int64_t axis) {
    return detail::reduce_axis("tj::prod()", ReduceOp::Mul, t, axis);
}
/// Smallest element along `axis`.
template <typename T> Tensor<T> hmin(const Tensor<T> &t, int64_t axis) {
    return detail::reduce_axis("tj::hmin()", ReduceOp::Min, t, axis);
}
/// Largest element along `axis`.
template <typename T> Tensor<T> hmax(const Tensor<T> &t, int64_t axis) {
    return detail::reduce_axis("tj::hmax()", ReduceOp::Max, t, axis);
}
/// Sum of all elements, a 0-d tensor (shape []).
template <typename T> Tensor<T> sum(const Tensor<T> &t) { return Tensor<T>(sum(t.array()), {}); }
/// Product of all elements (0-d).
template <typename T> Tensor<T> prod(const Tensor<T> &t) { return Tensor<T>(prod(t.array()), {}); }
/// Smallest element (0-d).
template <typename T> Tensor<T> hmin(const Tensor<T> &t) { return Tensor<T>(hmin(t.array()), {}); }
/// Largest element (0-d).
template <typename T> Tensor<T> hmax(const Tensor<T> &t) { return Tensor<T>(hmax(t.array()), {}); }

template <JitScalar T> Tensor<T> Tensor<T>::slice(const std::vector<SliceIndex> &index) const {
    const char *api = "tj::Tensor::slice()";
    if (index.size() > ndim())
        detail::raise(std::string(api) + ": " + std::to_string(index.size()) + " indices for a tensor of shape " +
                      detail::shape_string(m_shape));
    std::vector<size_t> strides = detail::row_strides(m_shape);
    detail::ViewPlan p;
    bool identity = true;
    for (size_t ax = 0; ax < ndim(); ++ax) {
        size_t dim = m_shape[ax];
        SliceIndex e = ax < index.size() ? index[ax] : SliceIndex(&tj::all);
        switch (e.kind()) {
        case SliceIndex::Kind::All:
            p.out.push_back(dim), p.start.push_back(0), p.step.push_back(1), p.indices.push_back(nullptr);
            break;
        case SliceIndex::Kind::Integer: {
            int64_t i = e.integer() < 0 ? e.integer() + int64_t(dim) : e.integer();
            if (i < 0 || i >= int64_t(dim))
                detail::raise(std::string(api) + ": index " + std::to_string(e.integer()) +
                              " is out of range for axis " + std::to_string(ax) + " of size " + std::to_string(dim));
            p.fixed += uint64_t(i) * strides[ax];
            identity = false;
            if (ax == 0)
                detail::freeze_pin_size(size());
            continue; // the axis disappears
        }
        case SliceIndex::Kind::Range: {
            Slice s = e.range();
            if (s.step == 0)
                detail::raise(std::string(api) + ": a slice step of 0 on axis " + std::to_string(ax));
            int64_t d = int64_t(dim), start, stop, count;
            auto norm = [&](int64_t v, int64_t lo, int64_t hi) {
                if (v < 0)
                    v += d;
                return std::min(std::max(v, lo), hi);
            };
            if (s.step > 0) {
                start = s.start == Slice::None ? 0 : norm(s.start, 0, d);
                stop = s.stop == Slice::None ? d : norm(s.stop, 0, d);
                count = stop > start ? (stop - start + s.step - 1) / s.step : 0;
            } else {
                start = s.start == Slice::None ? d - 1 : norm(s.start, -1, d - 1);
                stop = s.stop == Slice::None ? -1 : norm(s.stop, -1, d - 1);
                count = start > stop ? (start - stop - s.step - 1) / -s.step : 0;
            }
            p.out.push_back(size_t(count)), p.start.push_back(start), p.step.push_back(s.step);
            p.indices.push_back(nullptr);
            if (!(start == 0 && s.step == 1 && count == d))
                identity = false;
            // On axis 0 only the whole axis by default bounds (Slice{} or Slice{0}) follows a first dimension that
            // changes; explicit bounds are relative to this call's dimension.
            if (ax == 0 && !((s.start == Slice::None || s.start == 0) && s.stop == Slice::None && s.step == 1))
                detail::freeze_pin_size(size());
            break;
        }
        case SliceIndex::Kind::Indices:
            p.out.push_back(e.indices().size()), p.start.push_back(0), p.step.push_back(1);
            p.indices.push_back(&index[ax].indices());
            identity = false;
            break;
        }
        p.src_stride.push_back(strides[ax]);
        p.src_dim.push_back(dim);
    }
    if (identity)
        return *this;
    p.first_is_source_first = !index.empty() ? index[0].kind() != SliceIndex::Kind::Integer : true;
    // An index array's size is an output dimension: after the first one, kernels bake it in (and one on the
    // first axis too when more follows it: the launch size is then a product the replay cannot tell apart).
    for (size_t a = 0; a < p.out.size(); ++a)
        if (p.indices[a] && (a > 0 || detail::shape_product(p.out, 1) != 1))
            detail::freeze_pin_size(p.indices[a]->size());
    return Tensor<T>(detail::gather_view(m_array, p), p.out);
}

} // namespace tj
