// runtime/jit/fold.h — constant folding: evaluates an operation on literal operands at trace time
#pragma once

#include <tracejit/detail/core.h>

#include <cstdint>

namespace tj::jit {

/// Computes `op` on literal bit patterns (operands of type `src`, result of type `dst`).
/// Returns false for operations that are not folded (transcendental functions, memory).
/// The results match the kernels bit for bit, including division by zero.
bool fold(detail::Op op, VarType src, VarType dst, uint64_t a, uint64_t b, uint64_t c, uint64_t &out);

/// True when the literal bits are zero / one of type t (for x*1, x+0 simplifications).
bool literal_is(VarType t, uint64_t bits, int value);

} // namespace tj::jit
