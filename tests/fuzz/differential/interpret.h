// tests/fuzz/differential/interpret.h — the two ways of running a program: plain C++ and tracejit (three modes)
#pragma once

#include "values.h"

#include <string>

namespace tjdiff {

/// Result of the reference interpreter: every register's values, and for terminal (float sum) registers the
/// allowed absolute error.
struct RefResult {
    std::vector<HostVal> values;
    std::vector<double> tolerance;
};
/// Runs `p` with inputs of size n in plain C++ (docs/semantics.md's rules, compiled without FMA contraction).
/// `inject_fault` adds 1 to every integer addition: the self-test that the comparison finds a wrong result.
RefResult run_reference(const Program &p, size_t n, bool inject_fault = false);

enum class Mode { Lazy, EvalEach, Frozen };
const char *mode_name(Mode m);

/// Runs `p` on tracejit. Lazy and EvalEach: one run at sizes[0]. Frozen: one tj::freeze of the whole program,
/// called once per size (the first call records, later ones replay on fresh inputs). One result per size; a
/// tj::Error escaping is reported in `error` (the program is valid, so any error is a finding).
struct TjResult {
    std::vector<std::vector<HostVal>> values; // per call
    std::string error;
    size_t replays = 0, recordings = 0;
};
TjResult run_tracejit(const Program &p, Mode m, const std::vector<size_t> &sizes);

} // namespace tjdiff
