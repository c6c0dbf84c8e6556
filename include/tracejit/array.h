// include/tracejit/array.h — tj::Array<T>: a typed, reference-counted handle to a lazy JIT variable
#pragma once

#include <tracejit/detail/ad_core.h>
#include <tracejit/detail/core.h>
#include <tracejit/error.h>
#include <tracejit/detail/interop_core.h>

#include <concepts>
#include <cstring>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj {

template <typename T> struct VarTypeOf;
template <> struct VarTypeOf<bool> { static constexpr VarType value = VarType::Bool; };
template <> struct VarTypeOf<int32_t> { static constexpr VarType value = VarType::Int32; };
template <> struct VarTypeOf<uint32_t> { static constexpr VarType value = VarType::UInt32; };
template <> struct VarTypeOf<int64_t> { static constexpr VarType value = VarType::Int64; };
template <> struct VarTypeOf<uint64_t> { static constexpr VarType value = VarType::UInt64; };
template <> struct VarTypeOf<float> { static constexpr VarType value = VarType::Float32; };
template <> struct VarTypeOf<double> { static constexpr VarType value = VarType::Float64; };

/// Scalar types an Array can hold.
template <typename T>
concept JitScalar = requires { VarTypeOf<T>::value; };

/// A lazy array of `T`: operations record a graph; reading, eval() or a reduction runs it.
template <JitScalar T> class Array {
  public:
    using Value = T;
    static constexpr VarType Type = VarTypeOf<T>::value;

    /// The empty array (size 0).
    Array() = default;
    /// A literal of width 1: broadcasts against arrays of any size.
    Array(T value) : m_index(detail::var_literal(Type, scalar_bits(value), 1)) {}
    /// The elements of a list (evaluated, in memory).
    Array(std::initializer_list<T> values) : Array(std::vector<T>(values)) {}
    /// The elements of a vector (evaluated, in memory).
    explicit Array(const std::vector<T> &values) {
        if constexpr (std::is_same_v<T, bool>) {
            std::vector<uint8_t> bytes(values.begin(), values.end());
            m_index = detail::var_data(Type, bytes.data(), bytes.size());
        } else {
            m_index = detail::var_data(Type, values.data(), values.size());
        }
    }
    Array(const Array &o) noexcept : m_index(o.m_index), m_ad(o.m_ad) {
        detail::var_inc_ref(m_index);
        if (m_ad) [[unlikely]]
            detail::ad_inc_ref(m_ad);
    }
    Array(Array &&o) noexcept : m_index(std::exchange(o.m_index, 0)), m_ad(std::exchange(o.m_ad, 0)) {}
    Array &operator=(const Array &o) noexcept {
        detail::var_inc_ref(o.m_index);
        if (o.m_ad) [[unlikely]]
            detail::ad_inc_ref(o.m_ad);
        release();
        m_index = o.m_index;
        m_ad = o.m_ad;
        return *this;
    }
    Array &operator=(Array &&o) noexcept {
        if (this != &o) {
            release();
            m_index = std::exchange(o.m_index, 0);
            m_ad = std::exchange(o.m_ad, 0);
        }
        return *this;
    }
    ~Array() { release(); }

    /// Wraps ids whose references the new array takes over: a JIT variable and, optionally, its AD node.
    static Array steal(uint32_t index, uint32_t ad = 0) {
        Array a;
        a.m_index = index;
        a.m_ad = ad;
        return a;
    }
    static Array steal(detail::VarPair p) { return steal(p.jit, p.ad); }

    /// Number of elements.
    size_t size() const { return m_index ? detail::var_size_read(m_index) : 0; }
    /// Element i (evaluates the array first).
    T read(size_t i) const {
        if (i >= size())
            detail::raise_read_past_end(i, size());
        if constexpr (std::is_same_v<T, bool>) {
            uint8_t b = 0;
            detail::var_read(m_index, i, &b);
            return b != 0;
        } else {
            T v{};
            detail::var_read(m_index, i, &v);
            return v;
        }
    }
    /// The address of the array's buffer, for code outside tracejit (docs/interop.md): evaluates the array first
    /// (a literal becomes a buffer of its own) and waits for the device; a host pointer on the CPU, a device
    /// pointer on CUDA; null for an empty array. Valid while the array (or a copy of it) lives and is not
    /// assigned; tj::FreezeError inside a frozen function.
    const T *data() const {
        if (!m_index)
            return nullptr;
        return static_cast<const T *>(detail::var_data_ptr(m_index, "tj::Array::data()"));
    }
    /// The core variable id (0 for the empty array).
    uint32_t index() const { return m_index; }
    /// The AD node id (0 when gradients are not enabled for this array or what it was computed from).
    uint32_t ad_index() const { return m_ad; }
    /// Both ids, for the AD core.
    detail::VarPair pair() const { return {m_index, m_ad}; }
#ifdef TRACEJIT_PLUGIN_PREPASS
    /// Seen only by the tracejit plugin's pre-pass (which defines TRACEJIT_PLUGIN_PREPASS), never defined: it lets
    /// `if`/`while`/`for`/`do` on a tj::Bool parse there, so that the plugin can rewrite them into tj::if_stmt and
    /// tj::while_loop. A real compile has no such conversion: a Bool condition left as it is does not compile.
    explicit operator bool() const
        requires std::is_same_v<T, bool>;
#endif

    Array &operator+=(const Array &o) { return *this = *this + o; }
    Array &operator-=(const Array &o) { return *this = *this - o; }
    Array &operator*=(const Array &o) { return *this = *this * o; }
    Array &operator/=(const Array &o) { return *this = *this / o; }
    Array &operator%=(const Array &o) { return *this = *this % o; }
    Array &operator&=(const Array &o) { return *this = *this & o; }
    Array &operator|=(const Array &o) { return *this = *this | o; }
    Array &operator^=(const Array &o) { return *this = *this ^ o; }
    Array &operator<<=(const Array &o) { return *this = *this << o; }
    Array &operator>>=(const Array &o) { return *this = *this >> o; }

    /// The bit pattern of a scalar as the core stores literals.
    static uint64_t scalar_bits(T value) {
        uint64_t bits = 0;
        if constexpr (std::is_same_v<T, bool>)
            bits = value ? 1 : 0;
        else
            std::memcpy(&bits, &value, sizeof(T));
        return bits;
    }

  private:
    void release() noexcept {
        detail::var_dec_ref(m_index);
        if (m_ad) [[unlikely]]
            detail::ad_dec_ref(m_ad);
    }
    mutable uint32_t m_index = 0; ///< mutable: data() turns a literal into a buffer, which replaces the id
    uint32_t m_ad = 0;
};

using Bool = Array<bool>;
using Float = Array<float>;
using Float64 = Array<double>;
using Int32 = Array<int32_t>;
using UInt32 = Array<uint32_t>;
using Int64 = Array<int64_t>;
using UInt64 = Array<uint64_t>;

/// True for tj::Array<…> types.
template <typename A> struct is_array : std::false_type {};
template <typename T> struct is_array<Array<T>> : std::true_type {};
template <typename A> inline constexpr bool is_array_v = is_array<std::remove_cvref_t<A>>::value;

/// C++ scalars that mix with arrays (converted to the array's type).
template <typename S>
concept HostScalar = std::is_arithmetic_v<S>;

namespace detail {
template <typename A> A unary(const char *api, Op op, const A &a) {
    if (a.ad_index()) [[unlikely]]
        return A::steal(ad_op(api, op, a.pair()));
    return A::steal(var_op(api, op, a.index()));
}
template <typename R, typename A> R binary(const char *api, Op op, const A &a, const A &b) {
    if constexpr (std::is_same_v<R, A>)
        if ((a.ad_index() | b.ad_index()) != 0) [[unlikely]]
            return R::steal(ad_op(api, op, a.pair(), b.pair()));
    return R::steal(var_op(api, op, a.index(), b.index()));
}
} // namespace detail

#define TJ_ARRAY_BINARY(OP, NAME, CODE, RESULT)                                                                   \
    template <typename T> RESULT operator OP(const Array<T> &a, const Array<T> &b) {                              \
        return detail::binary<RESULT>("tj::" NAME "()", detail::Op::CODE, a, b);                                  \
    }                                                                                                             \
    template <typename T, HostScalar S> RESULT operator OP(const Array<T> &a, S b) {                              \
        if (a.ad_index()) [[unlikely]]                                                                            \
            return a OP Array<T>(static_cast<T>(b));                                                              \
        return RESULT::steal(detail::var_op_scalar("tj::" NAME "()", detail::Op::CODE, a.index(),                  \
                                                   Array<T>::scalar_bits(static_cast<T>(b)), false));             \
    }                                                                                                             \
    template <typename T, HostScalar S> RESULT operator OP(S a, const Array<T> &b) {                              \
        if (b.ad_index()) [[unlikely]]                                                                            \
            return Array<T>(static_cast<T>(a)) OP b;                                                              \
        return RESULT::steal(detail::var_op_scalar("tj::" NAME "()", detail::Op::CODE, b.index(),                  \
                                                   Array<T>::scalar_bits(static_cast<T>(a)), true));              \
    }

TJ_ARRAY_BINARY(+, "add", Add, Array<T>)
TJ_ARRAY_BINARY(-, "sub", Sub, Array<T>)
TJ_ARRAY_BINARY(*, "mul", Mul, Array<T>)
TJ_ARRAY_BINARY(/, "div", Div, Array<T>)
TJ_ARRAY_BINARY(%, "mod", Mod, Array<T>)
TJ_ARRAY_BINARY(&, "and", And, Array<T>)
TJ_ARRAY_BINARY(|, "or", Or, Array<T>)
TJ_ARRAY_BINARY(^, "xor", Xor, Array<T>)
TJ_ARRAY_BINARY(<<, "shl", Shl, Array<T>)
TJ_ARRAY_BINARY(>>, "shr", Shr, Array<T>)
TJ_ARRAY_BINARY(&&, "and", And, Array<T>)
TJ_ARRAY_BINARY(||, "or", Or, Array<T>)
TJ_ARRAY_BINARY(==, "eq", Eq, Bool)
TJ_ARRAY_BINARY(!=, "ne", Ne, Bool)
TJ_ARRAY_BINARY(<, "lt", Lt, Bool)
TJ_ARRAY_BINARY(<=, "le", Le, Bool)
TJ_ARRAY_BINARY(>, "gt", Gt, Bool)
TJ_ARRAY_BINARY(>=, "ge", Ge, Bool)
#undef TJ_ARRAY_BINARY

template <typename T> Array<T> operator-(const Array<T> &a) { return detail::unary("tj::neg()", detail::Op::Neg, a); }
template <typename T> Array<T> operator~(const Array<T> &a) { return detail::unary("tj::not()", detail::Op::Not, a); }
inline Bool operator!(const Bool &a) { return detail::unary("tj::not()", detail::Op::Not, a); }

#define TJ_ARRAY_UNARY_FN(NAME, CODE)                                                                             \
    template <typename T> Array<T> NAME(const Array<T> &a) {                                                      \
        return detail::unary("tj::" #NAME "()", detail::Op::CODE, a);                                             \
    }
TJ_ARRAY_UNARY_FN(abs, Abs)
TJ_ARRAY_UNARY_FN(sqrt, Sqrt)
TJ_ARRAY_UNARY_FN(rsqrt, Rsqrt)
TJ_ARRAY_UNARY_FN(exp, Exp)
TJ_ARRAY_UNARY_FN(log, Log)
TJ_ARRAY_UNARY_FN(sin, Sin)
TJ_ARRAY_UNARY_FN(cos, Cos)
TJ_ARRAY_UNARY_FN(tan, Tan)
TJ_ARRAY_UNARY_FN(tanh, Tanh)
TJ_ARRAY_UNARY_FN(erf, Erf)
TJ_ARRAY_UNARY_FN(floor, Floor)
TJ_ARRAY_UNARY_FN(ceil, Ceil)
TJ_ARRAY_UNARY_FN(round, Round)
#undef TJ_ARRAY_UNARY_FN

#define TJ_ARRAY_BINARY_FN(NAME, CODE)                                                                            \
    template <typename T> Array<T> NAME(const Array<T> &a, const Array<T> &b) {                                   \
        return detail::binary<Array<T>>("tj::" #NAME "()", detail::Op::CODE, a, b);                               \
    }                                                                                                             \
    template <typename T, HostScalar S> Array<T> NAME(const Array<T> &a, S b) {                                   \
        return NAME(a, Array<T>(static_cast<T>(b)));                                                              \
    }                                                                                                             \
    template <typename T, HostScalar S> Array<T> NAME(S a, const Array<T> &b) {                                   \
        return NAME(Array<T>(static_cast<T>(a)), b);                                                              \
    }
TJ_ARRAY_BINARY_FN(atan2, Atan2)
TJ_ARRAY_BINARY_FN(pow, Pow)
TJ_ARRAY_BINARY_FN(min, Min)
TJ_ARRAY_BINARY_FN(max, Max)
#undef TJ_ARRAY_BINARY_FN

/// a * b + c, rounded once.
template <typename T> Array<T> fma(const Array<T> &a, const Array<T> &b, const Array<T> &c) {
    if ((a.ad_index() | b.ad_index() | c.ad_index()) != 0) [[unlikely]]
        return Array<T>::steal(detail::ad_op("tj::fma()", detail::Op::Fma, a.pair(), b.pair(), c.pair()));
    return Array<T>::steal(detail::var_op("tj::fma()", detail::Op::Fma, a.index(), b.index(), c.index()));
}
/// mask ? a : b, per element.
template <typename T> Array<T> select(const Bool &mask, const Array<T> &a, const Array<T> &b) {
    if ((a.ad_index() | b.ad_index()) != 0) [[unlikely]]
        return Array<T>::steal(detail::ad_op("tj::select()", detail::Op::Select, mask.pair(), a.pair(), b.pair()));
    return Array<T>::steal(detail::var_op("tj::select()", detail::Op::Select, mask.index(), a.index(), b.index()));
}
template <typename T, HostScalar S> Array<T> select(const Bool &mask, const Array<T> &a, S b) {
    return select(mask, a, Array<T>(static_cast<T>(b)));
}
template <typename T, HostScalar S> Array<T> select(const Bool &mask, S a, const Array<T> &b) {
    return select(mask, Array<T>(static_cast<T>(a)), b);
}
/// Converts each element as static_cast<U> does; float → int saturates and maps NaN to 0.
template <typename U, typename T> Array<U> cast(const Array<T> &a) {
    if (a.ad_index()) [[unlikely]]
        return Array<U>::steal(detail::ad_cast(a.pair(), Array<U>::Type));
    return Array<U>::steal(detail::var_cast(a.index(), Array<U>::Type));
}
template <typename To, typename T> To cast(const Array<T> &a) requires is_array_v<To> {
    return cast<typename To::Value>(a);
}

} // namespace tj
