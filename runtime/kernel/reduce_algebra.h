// runtime/kernel/reduce_algebra.h — what each reduction operator means on each type: accumulator, identity, combine
//
// The one definition of the reduction operators (tj::ReduceOp, internally detail::ReduceOp) that every reduction
// follows: the CPU's block reductions and scans (cpu_reduce.cpp, cpu_scan.cpp), the JIT's checks and its result
// for an empty array (jit/reduce.cpp), and the CUDA kernels' IR (cuda_reduce_ops.cpp emits `combine_of` and
// `identity_bits`). docs/semantics.md states the same rules for users; tests/runtime/test_reduce_algebra.cpp checks
// every operator and type against this table on each backend.
#pragma once

#include <tracejit/detail/core.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace tj::reduce_algebra {

using detail::ReduceOp;

/// How two accumulators combine.
enum class Combine : uint8_t {
    Add,         ///< wrapping for integers, IEEE for floats (Mean sums, then divides by the count)
    Mul,         ///< wrapping for integers, IEEE for floats
    And,         ///< bitwise; logical for Bool
    Or,          ///< bitwise; logical for Bool
    MinNum,      ///< IEEE minNum: a NaN operand is ignored (as std::fmin)
    MaxNum,      ///< IEEE maxNum: a NaN operand is ignored (as std::fmax)
    MinSigned,   ///< signed integers
    MaxSigned,   ///< signed integers
    MinUnsigned, ///< unsigned integers
    MaxUnsigned, ///< unsigned integers
};

constexpr bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }
constexpr bool is_signed(VarType t) { return t == VarType::Int32 || t == VarType::Int64; }

/// Whether `op` is defined on arrays of `t`: Sum, Prod and Mean are not defined for Bool, And and Or not for floats
/// (the JIT refuses the others with a tj::Error).
constexpr bool defined(ReduceOp op, VarType t) {
    if (t == VarType::Bool)
        return op != ReduceOp::Sum && op != ReduceOp::Prod && op != ReduceOp::Mean;
    if (is_float(t))
        return op != ReduceOp::And && op != ReduceOp::Or;
    return true;
}

/// How `op` combines values of `t` (defined(op, t)). On Bool, Min is And and Max is Or.
constexpr Combine combine_of(ReduceOp op, VarType t) {
    switch (op) {
    case ReduceOp::Sum:
    case ReduceOp::Mean: return Combine::Add;
    case ReduceOp::Prod: return Combine::Mul;
    case ReduceOp::And: return Combine::And;
    case ReduceOp::Or: return Combine::Or;
    case ReduceOp::Min:
        return t == VarType::Bool ? Combine::And
               : is_float(t)      ? Combine::MinNum
               : is_signed(t)     ? Combine::MinSigned
                                  : Combine::MinUnsigned;
    case ReduceOp::Max: break;
    }
    return t == VarType::Bool ? Combine::Or
           : is_float(t)      ? Combine::MaxNum
           : is_signed(t)     ? Combine::MaxSigned
                              : Combine::MaxUnsigned;
}

/// The type values of `t` accumulate in: double for floats (a float32 sum or product rounds once, at the end),
/// the type itself otherwise. The CPU follows it for every operator; the CUDA scans keep Min and Max of floats in
/// their own type (exact in any type: cuda_scan.cpp).
constexpr VarType accumulator(VarType t) { return is_float(t) ? VarType::Float64 : t; }

/// The identity of `op` in type `t`, as a double for floats: what a reduction of no elements gives and what an
/// exclusive scan starts from. 0 for Sum and Or, 1 for Prod, all ones for And (true for Bool); Min and Max: +inf
/// and -inf for floats, the largest and the smallest value of an integer type (true and false for Bool). Mean has
/// none (the mean of nothing is an error).
constexpr double float_identity(ReduceOp op) {
    switch (op) {
    case ReduceOp::Prod: return 1.0;
    case ReduceOp::Min: return std::numeric_limits<double>::infinity();
    case ReduceOp::Max: return -std::numeric_limits<double>::infinity();
    default: return 0.0;
    }
}

/// The identity of `op` in type `t` (see float_identity), as the bits of a value of `t` (the low 8 * size bits; Bool
/// is 0 or 1).
constexpr uint64_t identity_bits(ReduceOp op, VarType t) {
    if (t == VarType::Float32)
        return std::bit_cast<uint32_t>(float(float_identity(op)));
    if (t == VarType::Float64)
        return std::bit_cast<uint64_t>(float_identity(op));
    const unsigned bits = t == VarType::Bool ? 1 : 8 * unsigned(detail::type_size(t));
    const uint64_t ones = ~uint64_t(0) >> (64 - bits);
    switch (op) {
    case ReduceOp::Prod: return 1;
    case ReduceOp::And: return ones;
    case ReduceOp::Min: return is_signed(t) ? ones >> 1 : ones;                   // the largest value
    case ReduceOp::Max: return is_signed(t) ? (ones >> 1) + 1 : 0;                // the smallest value
    default: return 0;                                                            // Sum, Or (Mean: none)
    }
}

/// The C++ accumulator of values of type T: double for floats; for integers the unsigned type of the same width,
/// so that sums and products wrap without undefined behaviour (Min and Max compare as T); bool for Bool.
template <typename T> struct AccOf {
    using type = std::make_unsigned_t<T>;
};
template <> struct AccOf<bool> {
    using type = bool;
};
template <> struct AccOf<float> {
    using type = double;
};
template <> struct AccOf<double> {
    using type = double;
};
template <typename T> using Acc = typename AccOf<T>::type;

/// The VarType of a C++ value type.
template <typename T> constexpr VarType var_type_of() {
    if constexpr (std::is_same_v<T, bool>)
        return VarType::Bool;
    else if constexpr (std::is_same_v<T, int32_t>)
        return VarType::Int32;
    else if constexpr (std::is_same_v<T, uint32_t>)
        return VarType::UInt32;
    else if constexpr (std::is_same_v<T, int64_t>)
        return VarType::Int64;
    else if constexpr (std::is_same_v<T, uint64_t>)
        return VarType::UInt64;
    else if constexpr (std::is_same_v<T, float>)
        return VarType::Float32;
    else
        return VarType::Float64;
}

/// `op` on accumulators of T, resolved at compile time so that an element loop over it is one tight loop.
template <typename T, ReduceOp Op> struct Fold {
    using A = Acc<T>;
    static constexpr Combine how = combine_of(Op, var_type_of<T>());

    static constexpr A identity() {
        if constexpr (std::is_floating_point_v<T>)
            return A(float_identity(Op));
        else if constexpr (std::is_same_v<T, bool>)
            return identity_bits(Op, VarType::Bool) != 0;
        else
            return A(identity_bits(Op, var_type_of<T>()));
    }

    static A combine(A a, A b) {
        if constexpr (how == Combine::Add)
            return A(a + b);
        else if constexpr (how == Combine::Mul)
            return A(a * b);
        else if constexpr (how == Combine::And)
            return std::is_same_v<T, bool> ? A(a && b) : A(a & b);
        else if constexpr (how == Combine::Or)
            return std::is_same_v<T, bool> ? A(a || b) : A(a | b);
        else if constexpr (how == Combine::MinNum)
            return std::fmin(a, b);
        else if constexpr (how == Combine::MaxNum)
            return std::fmax(a, b);
        else if constexpr (how == Combine::MinSigned || how == Combine::MinUnsigned)
            return T(a) < T(b) ? a : b;
        else
            return T(a) < T(b) ? b : a;
    }
};

} // namespace tj::reduce_algebra
