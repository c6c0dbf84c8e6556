// runtime/jit/reduce.h — what reductions and scans share: which ops a type allows, identities, empty arrays, and
// running one on the device of the input's memory
//
// What each operator means on each type is kernel/reduce_algebra.h; this header adds the JIT's errors.
#pragma once

#include <tracejit/detail/core.h>

#include <cstdint>
#include <functional>

namespace tj::backends {
class Device;
}

namespace tj::jit {

struct State;

/// Throws tj::Error (starting with `api`) when `op` is not defined for arrays of type `t`: Sum, Prod and Mean of
/// Bool, And and Or of floats.
void check_reduce_type(const char *api, detail::ReduceOp op, VarType t);
/// The bits of the identity of `op` in type `t` (what a reduction of no elements gives): 0 for sums and Or, 1
/// for products, all ones for And (true for Bool).
uint64_t reduce_identity_bits(VarType t, detail::ReduceOp op);
/// Throws the tj::Error of a whole-array reduction of an empty array for ops that have no identity (Min, Max,
/// Mean); returns for the others.
void check_nonempty_reduce(detail::ReduceOp op);

/// The work of a reduction or scan on `dev`: reads the evaluated input at `in`, writes the result to `out`.
using DeviceWork = std::function<void(backends::Device &dev, const void *in, void *out)>;

/// Evaluates `a` (lock held), runs `work` on the device of its memory into a new buffer of `out_size` elements of
/// type `t`, and returns a new evaluated array over that buffer. The result follows a compress count
/// (Variable::follows_count) where `a` does and the result has one value per element of `a`.
uint32_t run_on_device(State &s, uint32_t a, VarType t, uint64_t out_size, const DeviceWork &work);

} // namespace tj::jit
