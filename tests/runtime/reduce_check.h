// tests/runtime/reduce_check.h — what the reduction and scan tests share: sizes, operators, result comparison
#pragma once

#include "reference.h"

#include <tracejit/tracejit.h>

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace tjtest {

/// The sizes every operation runs at: empty, one, a few, many, and more than the thread pool's chunks.
inline constexpr size_t reduce_sizes[] = {0, 1, 7, 1000, (size_t(1) << 20) + 3};

/// The operator's name in tj::ReduceOp ("Add", …), for messages.
inline const char *op_name(tj::ReduceOp op) {
    switch (op) {
    case tj::ReduceOp::Add: return "Add";
    case tj::ReduceOp::Mul: return "Mul";
    case tj::ReduceOp::Min: return "Min";
    case tj::ReduceOp::Max: return "Max";
    case tj::ReduceOp::And: return "And";
    case tj::ReduceOp::Or: return "Or";
    }
    return "?";
}

/// The operators defined for T (Bool: Min, Max, And, Or; floats: Add, Mul, Min, Max; integers: all).
template <typename T> std::vector<tj::ReduceOp> accepted_ops() {
    using tj::ReduceOp;
    if constexpr (std::is_same_v<T, bool>)
        return {ReduceOp::Min, ReduceOp::Max, ReduceOp::And, ReduceOp::Or};
    else if constexpr (std::is_floating_point_v<T>)
        return {ReduceOp::Add, ReduceOp::Mul, ReduceOp::Min, ReduceOp::Max};
    else
        return {ReduceOp::Add, ReduceOp::Mul, ReduceOp::Min, ReduceOp::Max, ReduceOp::And, ReduceOp::Or};
}

/// Checks a reduction or scan against its reference: exactly, except float sums and products, which the runtime
/// accumulates in another order than the reference (relative 1e-6; sums also within the absolute `sum_abs`).
template <typename T>
void check_reduced(const std::string &what, tj::ReduceOp op, const tj::Array<T> &got, const std::vector<T> &expect,
                   double sum_abs) {
    if constexpr (std::is_floating_point_v<T>)
        if (op == tj::ReduceOp::Add || op == tj::ReduceOp::Mul) {
            check_close(what, got, expect, 1e-6, op == tj::ReduceOp::Add ? sum_abs : 0);
            return;
        }
    check_exact(what, got, expect);
}

} // namespace tjtest
