// tests/runtime/test_reduce_algebra.cpp — the one table of reduction operators (kernel/reduce_algebra.h), and
// each backend against it
//
// The table's rules against their definitions (identities neutral, NaN ignored by Min/Max, integers wrapping); the
// CPU's block reductions, prefix reductions and empty reductions against a fold with the table, for every operator
// and type; the CUDA reduction and scan kernels (cuda_reduce_ops.cpp) against the table's combination, by the PTX
// instruction that carries it (no GPU: the PTX is inspected, not run).
#include "backend/cuda/cuda_reduce.h"
#include "backend/cuda/cuda_scan.h"
#include "kernel/reduce_algebra.h"
#include "ptxas_check.h"
#include "reduce_check.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace ra = tj::reduce_algebra;
using tj::VarType;
using IOp = tj::detail::ReduceOp;

namespace {

/// Every internal operator a reduction may take (Mean is a Sum divided afterwards).
const IOp all_ops[] = {IOp::Sum, IOp::Prod, IOp::Min, IOp::Max, IOp::And, IOp::Or};
const VarType all_types[] = {VarType::Bool,   VarType::Int32,   VarType::UInt32, VarType::Int64,
                             VarType::UInt64, VarType::Float32, VarType::Float64};

/// Values of T that a reduction meets: zero, ±1, the extremes, and for floats ±0, ±inf and NaN.
template <typename T> std::vector<T> edge_values() {
    if constexpr (std::is_same_v<T, bool>)
        return {false, true};
    else if constexpr (std::is_floating_point_v<T>)
        return {T(0), -T(0), T(1), T(-1), T(2.5), std::numeric_limits<T>::max(), std::numeric_limits<T>::lowest(),
                std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::denorm_min()};
    else
        return {T(0), T(1), T(-1), T(7), std::numeric_limits<T>::max(), std::numeric_limits<T>::lowest()};
}

/// Whether two accumulators hold the same value (NaN equal to NaN, +0 and -0 told apart).
template <typename A> bool same(A a, A b) {
    if constexpr (std::is_floating_point_v<A>)
        return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
    else
        return a == b;
}

template <typename T, IOp Op> void check_rules() {
    using F = ra::Fold<T, Op>;
    using A = ra::Acc<T>;
    const std::string what = std::string(tj::detail::type_name(ra::var_type_of<T>())) + " op " +
                             std::to_string(int(Op));
    CAPTURE(what);
    for (T v : edge_values<T>()) {
        A a = A(v);
        // The identity is neutral on both sides (Sum: -0 + 0 is +0, so only for values other than -0; Min and Max
        // ignore a NaN operand, so the identity with NaN gives the identity).
        bool negative_zero = std::is_floating_point_v<T> && a == A(0) && std::signbit(double(a));
        bool nan = std::is_floating_point_v<T> && std::isnan(double(a));
        if (!(Op == IOp::Sum && negative_zero) && !((Op == IOp::Min || Op == IOp::Max) && nan)) {
            CHECK(same(F::combine(F::identity(), a), a));
            CHECK(same(F::combine(a, F::identity()), a));
        }
        if constexpr (std::is_floating_point_v<T>)
            if (Op == IOp::Min || Op == IOp::Max) // NaN is ignored, as IEEE minNum/maxNum
                CHECK(same(F::combine(A(std::numeric_limits<T>::quiet_NaN()), a), a));
        for (T w : edge_values<T>()) { // commutative
            A b = A(w);
            A ab = F::combine(a, b), ba = F::combine(b, a);
            // Of -0 and +0, Min and Max may return either (docs/semantics.md: a reduction's zero sign is open).
            // glibc's fmin/fmax return the second of two equal operands; only constant folding orders the zeros.
            if (Op == IOp::Min || Op == IOp::Max)
                CHECK((same(ab, ba) || (ab == A(0) && ba == A(0))));
            else
                CHECK(same(ab, ba));
        }
    }
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        if (Op == IOp::Sum) // wraps
            CHECK(T(F::combine(A(std::numeric_limits<T>::max()), A(T(1)))) == std::numeric_limits<T>::lowest());
        if (Op == IOp::Min) // compares as T: -1 is below 0 for signed types
            CHECK(T(F::combine(A(T(-1)), A(T(0)))) == (std::is_signed_v<T> ? T(-1) : T(0)));
    }
}

template <typename T> void check_rules_all_ops() {
    check_rules<T, IOp::Min>();
    check_rules<T, IOp::Max>();
    if constexpr (!std::is_same_v<T, bool>) {
        check_rules<T, IOp::Sum>();
        check_rules<T, IOp::Prod>();
    }
    if constexpr (!std::is_floating_point_v<T>) {
        check_rules<T, IOp::And>();
        check_rules<T, IOp::Or>();
    }
}

/// A fold of `v` with the table, as the accumulator, converted back to T (what a reduction returns).
template <typename T, IOp Op> T fold(const std::vector<T> &v, size_t first, size_t last) {
    using F = ra::Fold<T, Op>;
    auto acc = F::identity();
    for (size_t i = first; i < last; ++i)
        acc = F::combine(acc, ra::Acc<T>(v[i]));
    return T(acc);
}

template <typename T> std::vector<T> random_values(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<T> v(n);
    for (size_t i = 0; i < n; ++i) {
        if constexpr (std::is_same_v<T, bool>)
            v[i] = rng() % 3 != 0;
        else if constexpr (std::is_floating_point_v<T>)
            v[i] = T(std::uniform_real_distribution<double>(-2, 2)(rng));
        else
            v[i] = T(int64_t(rng() % 200) - 100);
    }
    return v;
}

tj::ReduceOp public_op(IOp op) {
    switch (op) {
    case IOp::Sum: return tj::ReduceOp::Add;
    case IOp::Prod: return tj::ReduceOp::Mul;
    case IOp::Min: return tj::ReduceOp::Min;
    case IOp::Max: return tj::ReduceOp::Max;
    case IOp::And: return tj::ReduceOp::And;
    default: return tj::ReduceOp::Or;
    }
}

/// The CPU's block reduction (blocks of 5, a partial last block), inclusive and exclusive prefix reductions and the
/// reduction of nothing against folds with the table.
template <typename T, IOp Op> void check_cpu_defined() {
    const tj::ReduceOp op = public_op(Op);
    CAPTURE(tjtest::op_name(op));
    CAPTURE(tj::detail::type_name(ra::var_type_of<T>()));
    for (size_t n : {size_t(1), size_t(23), size_t(70001)}) {
        CAPTURE(n);
        std::vector<T> v = random_values<T>(n, uint32_t(n) * 7 + uint32_t(Op));
        tj::Array<T> x(v);
        const size_t block = 5;
        std::vector<T> blocks;
        for (size_t b = 0; b < n; b += block)
            blocks.push_back(fold<T, Op>(v, b, std::min(n, b + block)));
        tjtest::check_reduced("block_reduce", op, tj::block_reduce(op, x, block), blocks, 1e-4);
        // fold(v, 0, i) and fold(v, 0, i + 1), one combination at a time (the same left fold, in linear time).
        std::vector<T> inclusive(n), exclusive(n);
        auto acc = ra::Fold<T, Op>::identity();
        for (size_t i = 0; i < n; ++i) {
            exclusive[i] = T(acc);
            acc = ra::Fold<T, Op>::combine(acc, ra::Acc<T>(v[i]));
            inclusive[i] = T(acc);
        }
        tjtest::check_reduced("inclusive prefix", op, tj::block_prefix_reduce(op, x, n, false), inclusive,
                              1e-2);
        tjtest::check_reduced("exclusive prefix", op, tj::block_prefix_reduce(op, x, n, true), exclusive, 1e-2);
    }
    if (Op != IOp::Min && Op != IOp::Max) { // a whole reduction of nothing gives the identity
        tj::Array<T> none(std::vector<T>{});
        auto r = tj::Array<T>::steal(tj::detail::var_reduce(none.index(), Op, nullptr));
        CHECK(same(ra::Acc<T>(r.read(0)), ra::Fold<T, Op>::identity()));
    }
}

template <typename T, IOp Op> void check_cpu() {
    if constexpr (ra::defined(Op, ra::var_type_of<T>()))
        check_cpu_defined<T, Op>();
}

template <typename T> void check_cpu_all_ops() {
    check_cpu<T, IOp::Sum>();
    check_cpu<T, IOp::Prod>();
    check_cpu<T, IOp::Min>();
    check_cpu<T, IOp::Max>();
    check_cpu<T, IOp::And>();
    check_cpu<T, IOp::Or>();
}

/// The PTX instruction that carries a combination on accumulators of `acc` (LLVM 19's NVPTX names).
std::string ptx_instruction(ra::Combine c, VarType acc) {
    using ra::Combine;
    const bool fp = ra::is_float(acc), wide = tj::detail::type_size(acc) == 8;
    const std::string bits = wide ? "64" : "32";
    if (acc == VarType::Bool)
        return c == Combine::And ? "and.pred" : "or.pred";
    switch (c) {
    case Combine::Add: return fp ? "add.rn.f" + bits : "add.s" + bits;
    case Combine::Mul: return fp ? "mul.rn.f" + bits : "mul.lo.s" + bits;
    case Combine::And: return "and.b" + bits;
    case Combine::Or: return "or.b" + bits;
    case Combine::MinNum: return "min.f" + bits;
    case Combine::MaxNum: return "max.f" + bits;
    case Combine::MinSigned: return "min.s" + bits;
    case Combine::MaxSigned: return "max.s" + bits;
    case Combine::MinUnsigned: return "min.u" + bits;
    case Combine::MaxUnsigned: return "max.u" + bits;
    }
    return "?";
}

} // namespace

TEST_CASE("reduce algebra: identities are neutral, Min and Max ignore NaN, integers wrap, for every type") {
    check_rules_all_ops<bool>();
    check_rules_all_ops<int32_t>();
    check_rules_all_ops<uint32_t>();
    check_rules_all_ops<int64_t>();
    check_rules_all_ops<uint64_t>();
    check_rules_all_ops<float>();
    check_rules_all_ops<double>();
    // The operators each type allows, and the public identity bits the JIT uses for empty reductions.
    for (VarType t : all_types) {
        CHECK(ra::defined(IOp::Min, t));
        CHECK(ra::defined(IOp::Sum, t) == (t != VarType::Bool));
        CHECK(ra::defined(IOp::And, t) == !ra::is_float(t));
    }
    CHECK(ra::identity_bits(IOp::Prod, VarType::Float32) == 0x3f800000u);
    CHECK(ra::identity_bits(IOp::And, VarType::Int32) == 0xffffffffu);
    CHECK(ra::identity_bits(IOp::Min, VarType::Int64) == uint64_t(INT64_MAX));
    CHECK(ra::identity_bits(IOp::Max, VarType::Int32) == 0x80000000u);
    CHECK(ra::identity_bits(IOp::Max, VarType::Float64) == std::bit_cast<uint64_t>(-std::numeric_limits<double>::infinity()));
}

TEST_CASE("reduce algebra: the CPU's block and prefix reductions are folds with the table, for every op and type") {
    check_cpu_all_ops<bool>();
    check_cpu_all_ops<int32_t>();
    check_cpu_all_ops<uint32_t>();
    check_cpu_all_ops<int64_t>();
    check_cpu_all_ops<uint64_t>();
    check_cpu_all_ops<float>();
    check_cpu_all_ops<double>();
}

TEST_CASE("reduce algebra: the CUDA reduction and scan kernels combine as the table says, for every op and type") {
    for (VarType t : all_types)
        for (IOp op : all_ops) {
            if (!ra::defined(op, t))
                continue;
            CAPTURE(tj::detail::type_name(t));
            CAPTURE(tj::cuda::reduce_op_name(op));
            // The reduction folds in the table's accumulator.
            const VarType acc = ra::accumulator(t);
            const std::string reduce = tj::cuda::reduce_ptx(t, t, op, tj_test::ptx_arch);
            CHECK(tj_test::contains(reduce, ptx_instruction(ra::combine_of(op, acc), acc)));
            // The scan: sums and products in the table's accumulator, the others in the type itself (exact).
            const VarType scan_acc = op == IOp::Sum || op == IOp::Prod ? acc : t;
            const std::string scan =
                tj::cuda::scan_ptx(t, op, tj::cuda::ScanPass::Scan, true, false, tj::cuda::ScanBlocks::Many,
                                   tj_test::ptx_arch);
            CHECK(tj_test::contains(scan, ptx_instruction(ra::combine_of(op, scan_acc), scan_acc)));
        }
}
