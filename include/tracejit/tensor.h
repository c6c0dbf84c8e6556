// include/tracejit/tensor.h — tj::Tensor<T>: a flat lazy array with a row-major shape; element-wise operators and
// math with NumPy broadcasting, gradients, freezing (docs/design.md §2 "Tensors"; docs/tensors.md)
//
// A tensor is a tj::Array<T> plus a shape: every operation is an operation on the flat array (broadcasting is a
// gather with indices computed in the same kernel), so a chain of tensor operations fuses like array code and is
// differentiated by the arrays' AD. The shape operations (reshape, transpose, reductions along an axis, slicing)
// are in tensor_ops.h.
//
// Freezing: a tensor is flattened as its array plus its number of dimensions and its dimensions after the first
// (part of the layout key). The first dimension is not: it follows the array's size on replay. An operation that
// bakes a first dimension into a kernel (a broadcast that moves it inward, a transpose, an axis-0 slice) pins that
// size (detail::freeze_pin_size): a replay with another size records anew instead of computing something wrong.
#pragma once

#include <tracejit/ad.h>
#include <tracejit/array.h>
#include <tracejit/math.h>
#include <tracejit/ops.h>
#include <tracejit/reductions.h>

#include <algorithm>
#include <climits>
#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj {

template <JitScalar T> class Tensor;

/// A range along one axis, as Python's slice: `start` included, `stop` excluded, `step` (not 0; negative walks
/// backwards). Slice::None for start or stop means "from the beginning/to the end" in the step's direction;
/// negative values count from the end.
struct Slice {
    static constexpr int64_t None = INT64_MIN;
    int64_t start = None, stop = None, step = 1;
};

/// One entry of Tensor::slice(): a Slice, tj::all (the whole axis), an integer (one position: the axis
/// disappears) or an index array (UInt32, or Int32: the positions along that axis, in order, repeats allowed;
/// positions past the end read 0).
class SliceIndex {
  public:
    enum class Kind { All, Range, Integer, Indices };
    SliceIndex(Slice s) : m_kind(Kind::Range), m_range(s) {}
    template <std::integral I> SliceIndex(I i) : m_kind(Kind::Integer), m_integer(int64_t(i)) {}
    /// tj::all (the reduction of masks, named here as the whole axis, as Dr.Jit's and NumPy's `:`).
    SliceIndex(Bool (*f)(const Bool &)) : m_kind(Kind::All) {
        if (f != static_cast<Bool (*)(const Bool &)>(&tj::all))
            detail::raise("tj::Tensor::slice(): a function other than tj::all was given as an index");
    }
    SliceIndex(const UInt32 &indices) : m_kind(Kind::Indices), m_indices(indices) {}
    SliceIndex(const Int32 &indices) : m_kind(Kind::Indices), m_indices(cast<uint32_t>(indices)) {}

    Kind kind() const { return m_kind; }
    const Slice &range() const { return m_range; }
    int64_t integer() const { return m_integer; }
    const UInt32 &indices() const { return m_indices; }

  private:
    Kind m_kind;
    Slice m_range;
    int64_t m_integer = 0;
    UInt32 m_indices;
};

namespace detail {
/// While a frozen function is recorded: a replay whose inputs no longer give an array of `n` elements where this
/// one came from records anew (a size a tensor operation baked into a kernel). Nothing outside a recording.
void freeze_pin_size(uint64_t n);

template <typename T> constexpr const char *tensor_type_name() {
    if constexpr (std::is_same_v<T, float>) return "tj::TensorXf";
    else if constexpr (std::is_same_v<T, double>) return "tj::TensorXf64";
    else if constexpr (std::is_same_v<T, int32_t>) return "tj::TensorXi";
    else if constexpr (std::is_same_v<T, uint32_t>) return "tj::TensorXu";
    else if constexpr (std::is_same_v<T, bool>) return "tj::TensorXb";
    else if constexpr (std::is_same_v<T, int64_t>) return "tj::Tensor<int64_t>";
    else return "tj::Tensor<uint64_t>";
}

/// "[10, 7, 3]".
inline std::string shape_string(const std::vector<size_t> &shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

/// The number of elements of a shape (1 for the 0-d shape []).
inline size_t shape_product(const std::vector<size_t> &shape, size_t from = 0) {
    size_t n = 1;
    for (size_t i = from; i < shape.size(); ++i)
        n *= shape[i];
    return n;
}

/// NumPy's broadcast of two shapes (aligned at the last dimension; a dimension of 1 stretches); tj::Error naming
/// both shapes when they do not broadcast.
inline std::vector<size_t> broadcast_shape(const char *api, const std::vector<size_t> &a, const std::vector<size_t> &b) {
    size_t n = std::max(a.size(), b.size());
    std::vector<size_t> out(n);
    for (size_t i = 0; i < n; ++i) {
        size_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
        size_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
        if (da != db && da != 1 && db != 1)
            raise(std::string(api) + ": tensors of shapes " + shape_string(a) + " and " + shape_string(b) +
                  " do not broadcast (dimension " + std::to_string(i) + ": " + std::to_string(da) + " vs " +
                  std::to_string(db) + ")");
        out[i] = da == 1 ? db : da;
    }
    return out;
}

/// The flat array of a tensor stretched to `out` (a shape it broadcasts to): itself when the shapes agree, else a
/// gather whose index the same kernel computes from the element's position.
template <typename T> Array<T> broadcast_to(const Tensor<T> &t, const std::vector<size_t> &out);

template <typename V, typename X> void tensor_fields(V &v, X &t);
} // namespace detail

/// A row-major tensor: a flat tj::Array<T> and its shape. Values: copying one shares the array.
template <JitScalar T> class Tensor {
  public:
    using Value = T;
    using ArrayType = Array<T>;

    /// The empty 1-d tensor (shape [0]).
    Tensor() : m_shape{0} {}
    /// `data` (row-major) seen with `shape`: tj::Error naming both when the sizes differ.
    Tensor(Array<T> data, std::vector<size_t> shape) : m_array(std::move(data)), m_shape(std::move(shape)) {
        size_t n = detail::shape_product(m_shape);
        if (m_array.size() != n)
            detail::raise("tj::Tensor(): the array has " + std::to_string(m_array.size()) +
                          " elements but the shape " + detail::shape_string(m_shape) + " has " + std::to_string(n));
        if (n > 0xFFFFFFFFull)
            detail::raise("tj::Tensor(): the shape " + detail::shape_string(m_shape) +
                          " has more than 2^32 - 1 elements");
        note_shape();
    }
    /// A 1-d tensor of the array's size.
    explicit Tensor(Array<T> data) : Tensor(data, std::vector<size_t>{data.size()}) {}

    /// The dimensions, first to last (row-major: the last one is contiguous).
    const std::vector<size_t> &shape() const { return m_shape; }
    /// The flat row-major data.
    const Array<T> &array() const { return m_array; }
    /// The number of dimensions (0 for a scalar tensor, shape []).
    size_t ndim() const { return m_shape.size(); }
    /// The number of elements.
    size_t size() const { return m_array.size(); }
    /// The array's variable and AD node ids: tj::eval(t, …) and the tape take tensors as they take arrays.
    uint32_t index() const { return m_array.index(); }
    uint32_t ad_index() const { return m_array.ad_index(); }

    /// A view picked per axis, as NumPy's basic indexing plus one index array per axis (docs/tensors.md):
    /// tj::Slice{start, stop, step}, tj::all, an integer (the axis disappears), or a UInt32/Int32 array of
    /// indices along that axis. Axes not named are taken whole. Defined in tensor_ops.h.
    Tensor slice(const std::vector<SliceIndex> &index) const;

    /// "tj::TensorXf[10, 7, 3] lazy r12": the tape's view of a tensor.
    std::string tape_summary() const {
        std::string s = detail::var_summary(m_array.index(), 16);
        size_t bracket = s.find(']');
        return tape_type_name + detail::shape_string(m_shape) + (bracket == std::string::npos ? "" : s.substr(bracket + 1));
    }
    /// "tj::TensorXf", "tj::TensorXi", …
    static constexpr const char *tape_type_name = detail::tensor_type_name<T>();

    Tensor &operator+=(const Tensor &o) { return *this = *this + o; }
    Tensor &operator-=(const Tensor &o) { return *this = *this - o; }
    Tensor &operator*=(const Tensor &o) { return *this = *this * o; }
    Tensor &operator/=(const Tensor &o) { return *this = *this / o; }

    /// Replaces the array (same size) keeping the shape: gradients (enable_grad) and freezing use it.
    void set_array(Array<T> a) {
        if (a.size() != m_array.size())
            detail::raise("tj::Tensor::set_array(): the array has " + std::to_string(a.size()) +
                          " elements but the shape " + detail::shape_string(m_shape) + " has " +
                          std::to_string(m_array.size()));
        m_array = std::move(a);
        note_shape();
    }

    /// Freezing's traversal (freeze_traverse.h), as hidden friends: the plugin sees that the type declares it.
    template <typename V> friend void tj_fields(V &v, const Tensor &t) { detail::tensor_fields(v, t); }
    template <typename V> friend void tj_fields(V &v, Tensor &t) { detail::tensor_fields(v, t); }

  private:
    template <typename V, typename X> friend void detail::tensor_fields(V &v, X &t);
    void note_shape() const {
        if (m_array.index())
            detail::var_set_shape(m_array.index(), tape_type_name + detail::shape_string(m_shape));
    }
    Array<T> m_array;
    std::vector<size_t> m_shape;
};

using TensorXf = Tensor<float>;
using TensorXf64 = Tensor<double>;
using TensorXi = Tensor<int32_t>;
using TensorXu = Tensor<uint32_t>;
using TensorXb = Tensor<bool>;

template <typename A> struct is_tensor : std::false_type {};
template <typename T> struct is_tensor<Tensor<T>> : std::true_type {};
template <typename A> inline constexpr bool is_tensor_v = is_tensor<std::remove_cvref_t<A>>::value;

namespace detail {

template <typename T> Array<T> broadcast_to(const Tensor<T> &t, const std::vector<size_t> &out) {
    const std::vector<size_t> &in = t.shape();
    if (in == out)
        return t.array();
    // The first dimension of `t` may change between calls of a frozen function; here it becomes an inner one (or
    // one of 1 that stretches): the kernel bakes it in.
    if (!in.empty() && (in.size() < out.size() || in[0] != out[0]))
        freeze_pin_size(t.size());
    if (t.size() == 1) // width 1 broadcasts by itself
        return t.array();
    size_t n = shape_product(out);
    UInt32 k = arange<UInt32>(n);
    size_t lead = out.size() - in.size();
    if (std::equal(in.begin(), in.end(), out.begin() + lead)) // the trailing dimensions: repeats of the whole
        return gather<Array<T>>(t.array(), k % uint32_t(t.size()));
    UInt32 index(0u), rest = k;
    size_t stride = 1;
    std::vector<size_t> strides(in.size());
    for (size_t i = in.size(); i-- > 0;) {
        strides[i] = stride;
        stride *= in[i];
    }
    for (size_t ax = out.size(); ax-- > 0;) {
        UInt32 c = ax == 0 ? rest : rest % uint32_t(out[ax]);
        if (ax > 0)
            rest = rest / uint32_t(out[ax]);
        if (ax >= lead && in[ax - lead] != 1)
            index = index + c * uint32_t(strides[ax - lead]);
    }
    return gather<Array<T>>(t.array(), index);
}

/// op(a, b) with NumPy broadcasting; `f` applies the array operation.
template <typename R, typename T, typename F>
Tensor<R> tensor_binary(const char *api, const Tensor<T> &a, const Tensor<T> &b, F f) {
    if (a.shape() == b.shape())
        return Tensor<R>(f(a.array(), b.array()), a.shape());
    std::vector<size_t> out = broadcast_shape(api, a.shape(), b.shape());
    return Tensor<R>(f(broadcast_to(a, out), broadcast_to(b, out)), out);
}

/// Freezing's view of a tensor: its number of dimensions and dimensions after the first as host values (in the
/// key), which earlier tensor's first dimension its own equals (Flattener::leading_dim), then its array. A
/// rebuilt tensor (a replay's output) takes its first dimension from the array's size.
template <typename V, typename X> void tensor_fields(V &v, X &t) {
    uint64_t ndim = t.m_shape.size();
    v.visit_field("ndim", ndim);
    std::vector<uint64_t> dims(ndim, 0);
    for (size_t i = 0; i < ndim && i < t.m_shape.size(); ++i)
        dims[i] = t.m_shape[i];
    uint64_t inner = 1;
    for (size_t i = 1; i < ndim; ++i) {
        v.visit_field("shape", dims[i]);
        inner *= dims[i];
    }
    if (ndim >= 1 && inner == 0) // an empty inner dimension: the first cannot follow the size; it is in the key
        v.visit_field("shape", dims[0]);
    if constexpr (requires { v.leading_dim(uint64_t(0)); })
        if (ndim >= 1)
            v.leading_dim(dims[0]);
    v.visit_field("array", t.m_array);
    if constexpr (!std::is_const_v<X>) {
        if (ndim >= 1 && inner != 0) {
            size_t n = t.m_array.size();
            if (n % inner != 0)
                raise_freeze("tj::freeze(): a tensor of inner shape " +
                             shape_string(std::vector<size_t>(dims.begin() + 1, dims.end())) + " got an array of " +
                             std::to_string(n) + " elements, not a multiple of " + std::to_string(inner));
            dims[0] = n / inner;
        }
        t.m_shape.assign(dims.begin(), dims.end());
        t.note_shape();
    }
}

} // namespace detail


// Element-wise operators: tensor with tensor (broadcast), with a C++ scalar on either side.
#define TJ_TENSOR_BINARY(OP, NAME, RESULT)                                                                        \
    template <typename T> Tensor<RESULT> operator OP(const Tensor<T> &a, const Tensor<T> &b) {                    \
        return detail::tensor_binary<RESULT>("tj::" NAME "()", a, b,                                              \
                                             [](const Array<T> &x, const Array<T> &y) { return x OP y; });        \
    }                                                                                                             \
    template <typename T, HostScalar S> Tensor<RESULT> operator OP(const Tensor<T> &a, S b) {                     \
        return Tensor<RESULT>(a.array() OP b, a.shape());                                                         \
    }                                                                                                             \
    template <typename T, HostScalar S> Tensor<RESULT> operator OP(S a, const Tensor<T> &b) {                     \
        return Tensor<RESULT>(a OP b.array(), b.shape());                                                         \
    }
TJ_TENSOR_BINARY(+, "add", T)
TJ_TENSOR_BINARY(-, "sub", T)
TJ_TENSOR_BINARY(*, "mul", T)
TJ_TENSOR_BINARY(/, "div", T)
TJ_TENSOR_BINARY(%, "mod", T)
TJ_TENSOR_BINARY(&, "and", T)
TJ_TENSOR_BINARY(|, "or", T)
TJ_TENSOR_BINARY(^, "xor", T)
TJ_TENSOR_BINARY(<<, "shl", T)
TJ_TENSOR_BINARY(>>, "shr", T)
TJ_TENSOR_BINARY(&&, "and", T)
TJ_TENSOR_BINARY(||, "or", T)
TJ_TENSOR_BINARY(==, "eq", bool)
TJ_TENSOR_BINARY(!=, "ne", bool)
TJ_TENSOR_BINARY(<, "lt", bool)
TJ_TENSOR_BINARY(<=, "le", bool)
TJ_TENSOR_BINARY(>, "gt", bool)
TJ_TENSOR_BINARY(>=, "ge", bool)
#undef TJ_TENSOR_BINARY

template <typename T> Tensor<T> operator-(const Tensor<T> &a) { return Tensor<T>(-a.array(), a.shape()); }
template <typename T> Tensor<T> operator~(const Tensor<T> &a) { return Tensor<T>(~a.array(), a.shape()); }
inline TensorXb operator!(const TensorXb &a) { return TensorXb(!a.array(), a.shape()); }

#define TJ_TENSOR_UNARY_FN(NAME)                                                                                  \
    template <typename T> Tensor<T> NAME(const Tensor<T> &a) { return Tensor<T>(NAME(a.array()), a.shape()); }
TJ_TENSOR_UNARY_FN(abs)
TJ_TENSOR_UNARY_FN(sqrt)
TJ_TENSOR_UNARY_FN(rsqrt)
TJ_TENSOR_UNARY_FN(exp)
TJ_TENSOR_UNARY_FN(log)
TJ_TENSOR_UNARY_FN(sin)
TJ_TENSOR_UNARY_FN(cos)
TJ_TENSOR_UNARY_FN(tan)
TJ_TENSOR_UNARY_FN(tanh)
TJ_TENSOR_UNARY_FN(erf)
TJ_TENSOR_UNARY_FN(floor)
TJ_TENSOR_UNARY_FN(ceil)
TJ_TENSOR_UNARY_FN(round)
TJ_TENSOR_UNARY_FN(atan)
TJ_TENSOR_UNARY_FN(asin)
TJ_TENSOR_UNARY_FN(acos)
TJ_TENSOR_UNARY_FN(log1p)
TJ_TENSOR_UNARY_FN(expm1)
TJ_TENSOR_UNARY_FN(sinh)
TJ_TENSOR_UNARY_FN(cosh)
TJ_TENSOR_UNARY_FN(asinh)
TJ_TENSOR_UNARY_FN(acosh)
TJ_TENSOR_UNARY_FN(atanh)
TJ_TENSOR_UNARY_FN(exp2)
TJ_TENSOR_UNARY_FN(log2)
TJ_TENSOR_UNARY_FN(cbrt)
TJ_TENSOR_UNARY_FN(trunc)
#undef TJ_TENSOR_UNARY_FN

#define TJ_TENSOR_BINARY_FN(NAME)                                                                                 \
    template <typename T> Tensor<T> NAME(const Tensor<T> &a, const Tensor<T> &b) {                                \
        return detail::tensor_binary<T>("tj::" #NAME "()", a, b,                                                  \
                                        [](const Array<T> &x, const Array<T> &y) { return NAME(x, y); });         \
    }                                                                                                             \
    template <typename T, HostScalar S> Tensor<T> NAME(const Tensor<T> &a, S b) {                                 \
        return Tensor<T>(NAME(a.array(), b), a.shape());                                                          \
    }                                                                                                             \
    template <typename T, HostScalar S> Tensor<T> NAME(S a, const Tensor<T> &b) {                                 \
        return Tensor<T>(NAME(a, b.array()), b.shape());                                                          \
    }
TJ_TENSOR_BINARY_FN(atan2)
TJ_TENSOR_BINARY_FN(pow)
TJ_TENSOR_BINARY_FN(min)
TJ_TENSOR_BINARY_FN(max)
#undef TJ_TENSOR_BINARY_FN

/// a * b + c with the three shapes broadcast together.
template <typename T> Tensor<T> fma(const Tensor<T> &a, const Tensor<T> &b, const Tensor<T> &c) {
    const char *api = "tj::fma()";
    std::vector<size_t> out = detail::broadcast_shape(api, detail::broadcast_shape(api, a.shape(), b.shape()), c.shape());
    return Tensor<T>(fma(detail::broadcast_to(a, out), detail::broadcast_to(b, out), detail::broadcast_to(c, out)),
                     out);
}
/// mask ? a : b with the three shapes broadcast together.
template <typename T> Tensor<T> select(const TensorXb &mask, const Tensor<T> &a, const Tensor<T> &b) {
    const char *api = "tj::select()";
    std::vector<size_t> out =
        detail::broadcast_shape(api, detail::broadcast_shape(api, mask.shape(), a.shape()), b.shape());
    return Tensor<T>(select(detail::broadcast_to(mask, out), detail::broadcast_to(a, out), detail::broadcast_to(b, out)),
                     out);
}
/// Converts each element (as tj::cast on arrays).
template <typename U, typename T> Tensor<U> cast(const Tensor<T> &a) { return Tensor<U>(cast<U>(a.array()), a.shape()); }

// Gradients: as for the flat arrays (ad.h).

/// Enables gradients for the tensor's array.
template <typename T> void enable_grad(Tensor<T> &t) {
    Array<T> a = t.array();
    enable_grad(a);
    t.set_array(std::move(a));
}
template <typename T> bool grad_enabled(const Tensor<T> &t) { return grad_enabled(t.array()); }
/// The gradient that reached the tensor, with its shape.
template <typename T> Tensor<T> grad(const Tensor<T> &t) { return Tensor<T>(grad(t.array()), t.shape()); }
template <typename T> void set_grad(const Tensor<T> &t, const Tensor<T> &g) { set_grad(t.array(), g.array()); }
template <typename T> void backward(const Tensor<T> &y, bool free_graph = true) { backward(y.array(), free_graph); }
template <typename T> void forward(const Tensor<T> &x, bool free_graph = true) { forward(x.array(), free_graph); }
template <typename T> Tensor<T> detach(const Tensor<T> &t) { return Tensor<T>(detach(t.array()), t.shape()); }

/// The elements of a tensor, row-major, on the host.
template <typename T> std::vector<T> to_vector(const Tensor<T> &t) { return to_vector(t.array()); }

} // namespace tj

#include <tracejit/tensor_ops.h> // reshape, transpose, reductions along an axis, slice()
