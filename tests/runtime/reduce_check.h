// tests/runtime/reduce_check.h — what the reduction and scan tests share: sizes, operators, result comparison
#pragma once

#include "reference.h"

#include <tracejit/tracejit.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
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

/// The documented prefix Min/Max of floats (docs/semantics.md, "Prefix reductions and compress"), written without
/// fmin/fmax: within each block (cut from the start of the array; with `reverse` scanned from its end), an inclusive
/// element is the least (Min) or greatest (Max) non-NaN element of its prefix, or NaN when every element of the prefix
/// is NaN; an exclusive element is the identity (+inf for Min, -inf for Max) at the first position of its block and
/// the inclusive value of the position before it elsewhere (NaN after a prefix of NaN only).
template <typename T>
std::vector<T> ref_float_minmax_scan(tj::ReduceOp op, const std::vector<T> &x, size_t block, bool exclusive,
                                     bool reverse) {
    static_assert(std::is_floating_point_v<T>);
    const T identity = op == tj::ReduceOp::Min ? std::numeric_limits<T>::infinity()
                                               : -std::numeric_limits<T>::infinity();
    const T nan = std::numeric_limits<T>::quiet_NaN();
    size_t n = x.size();
    std::vector<T> out(n);
    for (size_t begin = 0; begin < n;) {
        size_t end = block >= n - begin ? n : begin + block;
        bool any = false; // a non-NaN element seen in the block so far
        T best = 0;
        for (size_t j = 0; j < end - begin; ++j) {
            size_t i = reverse ? end - 1 - j : begin + j;
            T before = any ? best : nan;
            if (!std::isnan(x[i])) {
                best = !any ? x[i] : op == tj::ReduceOp::Min ? std::min(best, x[i]) : std::max(best, x[i]);
                any = true;
            }
            out[i] = exclusive ? (j == 0 ? identity : before) : (any ? best : nan);
        }
        begin = end;
    }
    return out;
}

/// `n` values in [-10, 10) with runs of NaN where a scan in blocks of `block` restarts or hands on a carry: the
/// first elements, the middle, both sides of every 65536-element chunk boundary in either scan direction (the CPU
/// scan's chunks), and per block (chosen at random) none, all of it NaN, its first or its last 1-3 elements, or its
/// first or its last 150000 (spanning chunks). Exact zeros are avoided (their sign is left open by Min/Max).
template <typename T> std::vector<T> values_with_nan_runs(size_t n, size_t block, uint64_t seed) {
    std::vector<T> x = uniform_values<T>(n, seed, -10, 10);
    for (T &v : x)
        if (v == T(0))
            v = T(0.5);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    auto set_nan = [&](size_t lo, size_t hi) { // [lo, hi) clamped to the array
        for (size_t i = lo; i < std::min(hi, n); ++i)
            x[i] = nan;
    };
    set_nan(0, 5);
    set_nan(n / 2 >= 3 ? n / 2 - 3 : 0, n / 2 + 3);
    constexpr size_t chunk = size_t(1) << 16;
    for (size_t c = chunk; c < n; c += chunk) {
        set_nan(c - 2, c + 2);
        set_nan(n - c >= 2 ? n - c - 2 : 0, n - c + 2);
    }
    Rng rng(seed + 1);
    for (size_t begin = 0; begin < n;) {
        size_t end = block >= n - begin ? n : begin + block, len = end - begin;
        size_t few = 1 + rng.next() % 3, many = std::min<size_t>(len, 150000);
        switch (rng.next() % 8) {
        case 0: set_nan(begin, end); break;
        case 1: set_nan(begin, begin + std::min(few, len)); break;
        case 2: set_nan(end - std::min(few, len), end); break;
        case 3: set_nan(begin, begin + many); break;
        case 4: set_nan(end - many, end); break;
        default: break;
        }
        begin = end;
    }
    return x;
}

} // namespace tjtest
