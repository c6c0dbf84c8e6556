// tests/ptx_exec/ptx_exec.h — a PTX execution engine on the CPU, for the fake CUDA driver (test infrastructure only)
//
// A Program parses a module once (cuModuleLoadData); launch() runs one of its kernels over a grid (cuLaunchKernel)
// with every thread independent: CTAs one after another, the threads of a CTA one at a time between their
// synchronisation points (bar.sync, shfl.sync), so loads, stores and atomics never interleave inside an
// instruction and atomics are atomic. Anything outside the implemented set (README.md), an access outside the
// memory a thread may touch, or a barrier or shuffle that would deadlock stops the launch with an ExecError naming
// the kernel, the instruction and its line.
#pragma once

#include "error.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ptx_exec {

struct Module;

struct LaunchShape {
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
    unsigned dynamic_shared_bytes = 0;
};

/// True when [address, address + bytes) lies inside device memory a kernel may access (the driver's allocations).
using GlobalMemoryCheck = std::function<bool(uint64_t address, uint64_t bytes)>;

class Program {
  public:
    /// Parses `ptx`; a module it cannot read is kept as an error that every launch reports.
    explicit Program(const std::string &ptx);
    ~Program();

    /// The byte size of each parameter of kernel `entry`, or nothing when the module has no such kernel.
    bool entry_params(const std::string &entry, std::vector<unsigned> &sizes) const;

    /// Runs kernel `entry`; params[i] points at the value of parameter i. Throws ExecError on any failure.
    void launch(const std::string &entry, const LaunchShape &shape, void *const *params,
                const GlobalMemoryCheck &global_ok) const;

  private:
    std::shared_ptr<Module> m_module;
    std::string m_parse_error;
};

/// Instructions executed by all launches of this process so far (for speed figures).
uint64_t instructions_executed();

} // namespace ptx_exec
