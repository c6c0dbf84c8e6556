// runtime/backend/llvm/kernel_ranges.h — bounds on the values of a kernel's integer instructions, for dropping bounds checks
//
// A gather whose index provably stays in [0, hi] for every element needs no per-lane check once the source is known
// to hold hi + 1 elements: one comparison before the loop decides. tj::Texture's clamped texel indices are the case
// this is for (docs/tensors.md, "Packed gathers"). The bounds follow the kernel's own integer semantics (wrapping
// arithmetic, shift amounts modulo the width, x / 0 == 0); anything the analysis does not follow is unbounded.
#pragma once

#include "kernel/kernel_ir.h"

#include <cstdint>
#include <vector>

namespace tj {

/// What is known of an instruction's values on every element: where `bounded`, each value v, read as its type
/// reads it (signed or unsigned), satisfies 0 <= v <= hi.
struct IndexBound {
    bool bounded = false; ///< false: nothing is known (or a value may be negative)
    uint64_t hi = 0;      ///< the largest value, where bounded
};

/// For each instruction of `ir`, its bound (never bounded for Bool and floating-point results). Instructions inside
/// symbolic loops see the loop's state as unknown.
std::vector<IndexBound> index_bounds(const KernelIR &ir);

} // namespace tj
