// runtime/backend/kernel_ranges.h — the values each integer instruction of a kernel can take, for dropping bounds checks
//
// A gather whose index provably stays in [0, hi] for every element needs no per-lane check once the source is known
// to hold hi + 1 elements: one comparison before the loop decides. tj::Texture's clamped texel indices are the case
// this is for (docs/tensors.md, "Packed gathers"). The ranges follow the kernel's own integer semantics (wrapping
// arithmetic, shift amounts modulo the width, x / 0 == 0); anything the analysis does not follow is the full range.
#pragma once

#include "backend/kernel_ir.h"

#include <llvm/IR/ConstantRange.h>

#include <vector>

namespace tj {

/// For each instruction of `ir`, the values it can take on any element (the full set where not known; for Bool and
/// floating-point results always). Integer ranges have the width of their type (32 or 64 bits). Instructions inside
/// symbolic loops see the loop's state as unknown.
std::vector<llvm::ConstantRange> integer_ranges(const KernelIR &ir);

} // namespace tj
