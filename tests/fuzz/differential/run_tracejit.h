// tests/fuzz/differential/run_tracejit.h — a program's registers as tracejit arrays: running the ops, the inputs
#pragma once

#include "interpret.h"

#include <tracejit/tracejit.h>

#include <map>
#include <tuple>
#include <variant>
#include <vector>

namespace tjdiff {

using Val = std::variant<tj::Float, tj::Float64, tj::Int32, tj::UInt32, tj::Bool>;
/// Inputs and outputs of the frozen program: the registers grouped by type, in register order.
using Group = std::tuple<std::vector<tj::Float>, std::vector<tj::Float64>, std::vector<tj::Int32>,
                         std::vector<tj::UInt32>, std::vector<tj::Bool>>;

/// The input arrays of `p` at size n: input_values(), or the values in `given` for the registers it holds.
Group make_inputs(const Program &p, size_t n, const std::map<int, HostVal> *given = nullptr);

/// Runs the ops of `p` on the inputs `in`; every register. With `detached`, the ops it marks see their float
/// operands through tj::detach (the gradient check cuts what tracejit cannot differentiate).
std::vector<Val> run_ops(const Program &p, const Group &in, bool eval_each,
                         const std::vector<bool> *detached = nullptr);

HostVal to_host(const Val &v);

} // namespace tjdiff
