// runtime/jit/reduce.h — what reductions and scans share: which ops a type allows, identities, empty arrays
#pragma once

#include <tracejit/core.h>

#include <cstdint>

namespace tj::jit {

/// Throws tj::Error (starting with `api`) when `op` is not defined for arrays of type `t`: Sum, Prod and Mean of
/// Bool, And and Or of floats.
void check_reduce_type(const char *api, detail::ReduceOp op, VarType t);
/// The bits of the identity of `op` in type `t` (what a reduction of no elements gives): 0 for sums and Or, 1
/// for products, all ones for And (true for Bool).
uint64_t reduce_identity_bits(VarType t, detail::ReduceOp op);
/// Throws the tj::Error of a whole-array reduction of an empty array for ops that have no identity (Min, Max,
/// Mean); returns for the others.
void check_nonempty_reduce(detail::ReduceOp op);

} // namespace tj::jit
