// tests/fuzz/differential/interpret.h — the two ways of running a program: plain C++ and tracejit (its modes)
#pragma once

#include "values.h"

#include <map>
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

/// What the gradient check (check_grad.cpp) learns from a reference run besides the values.
struct Observed {
    /// Discrete choices of the float ops, in order: which operand min/max pick, fmod's quotient, the sign of the
    /// argument of abs/sqrt/rsqrt, the result of floor/ceil/round, the elements that hmin/hmax select. Two runs
    /// whose choices (and integer and Bool registers) are equal lie on one smooth piece of the program.
    std::vector<uint64_t> decisions;
    /// Per register: its values, and the local derivatives of the float op that made it (1/b, 1/sqrt(x), ...), are
    /// finite in every element, and so are those of its float operands.
    std::vector<bool> clean;
};
struct RefOptions {
    bool inject_fault = false;
    const std::map<int, HostVal> *inputs = nullptr; ///< values of these input registers instead of input_values()
    Observed *observe = nullptr;
    /// The CUDA modes: a Float32 scatter_add is the GPU's atomic add, which treats subnormal operands and results
    /// as zeros of their sign (docs/cuda.md, "Float32 scatter_add").
    bool gpu_atomics = false;
};
RefResult run_reference(const Program &p, size_t n, const RefOptions &opt);

/// The CUDA modes run like Lazy and Frozen with the CUDA backend selected (only where tj::has_backend says so).
/// Grad is the gradient check (check_grad.h), not a run_tracejit mode.
enum class Mode { Lazy, EvalEach, Frozen, CudaLazy, CudaFrozen, Grad };
const char *mode_name(Mode m);
bool is_cuda(Mode m);
/// False on a fake driver of tests/fake_cuda that records launches without running them: the values the kernels
/// would write are unknown, so the CUDA modes compare sizes, inputs and recordings only. True on a GPU, and on the
/// `memory` fake, whose PTX emulator (tests/ptx_exec) runs every kernel.
bool cuda_runs_kernels();
/// Whether the CUDA driver is one of the fakes of tests/fake_cuda.
bool cuda_is_fake();

/// Runs `p` on tracejit. Lazy and EvalEach: one run at sizes[0]. Frozen: one tj::freeze of the whole program,
/// called once per size (the first call records, later ones replay on fresh inputs). One result per size; a
/// tj::Error escaping is reported in `error` (the program is valid, so any error is a finding).
struct TjResult {
    std::vector<std::vector<HostVal>> values; // per call
    std::string error;
    size_t replays = 0, recordings = 0, dry_run_failures = 0;
};
TjResult run_tracejit(const Program &p, Mode m, const std::vector<size_t> &sizes);

} // namespace tjdiff
