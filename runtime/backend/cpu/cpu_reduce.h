// runtime/backend/cpu/cpu_reduce.h — reductions of host buffers (sum, prod, min, max, mean, and, or) over blocks or whole arrays
#pragma once

#include <tracejit/detail/core.h>

#include <cstdint>

namespace tj::cpu {

/// Reduces `n` elements of type `t` at `data` in blocks of `block` (block >= n: the whole array) into `out`, one
/// value per block (ceil(n / block) values; the last block may be shorter). Floats accumulate in double; a Mean
/// divides by the block's size. And/Or only for Bool and integers.
void reduce_blocks(VarType t, const void *data, uint64_t n, uint64_t block, detail::ReduceOp op, void *out);

} // namespace tj::cpu
