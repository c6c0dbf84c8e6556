// tests/fuzz/differential/check_grad.h — forward and backward AD of a program's Float64 part against central
// finite differences of the reference interpreter
#pragma once

#include "program.h"

#include <optional>
#include <string>

namespace tjdiff {

/// Counts over all programs checked, for the summary line.
struct GradStats {
    long programs = 0;       ///< programs whose gradients were compared (at least one value)
    long no_path = 0;        ///< programs with no Float64 register differentiable from a Float64 input
    long values = 0;         ///< derivatives compared (forward tangents, backward gradient elements, g·v)
    long skipped_values = 0; ///< derivatives not compared: finite differences unstable or not finite there
    long skipped_directions = 0; ///< directions not compared: a discrete choice changes within the steps
    long unsupported = 0; ///< programs with a loop that scatters Float64 values with gradients (the documented error)
};

struct GradMismatch {
    int reg = -1; ///< the register whose derivative differs (-1: a tj::Error, or an input's gradient)
    std::string what;
};

/// Runs p with its Float64 inputs gradient-enabled, takes forward (one random direction) and backward (random seeds
/// on every differentiable Float64 register, one traversal) derivatives, and compares them and the primal values
/// with the reference (check_grad.cpp says what is compared and what is skipped). `inject_fault` scales every
/// derivative by 1 + 2^-10 before comparing: the self-test that the comparison finds a wrong derivative.
std::optional<GradMismatch> check_grad(const Program &p, GradStats &stats, bool inject_fault = false);

} // namespace tjdiff
