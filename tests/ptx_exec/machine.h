// tests/ptx_exec/machine.h — the state of a running launch: threads and their frames, the CTA, memory spaces
#pragma once

#include "error.h"
#include "program.h"
#include "ptx_exec.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ptx_exec {

/// One activation of a function in a thread.
struct Frame {
    const Function *fn;
    uint32_t pc = 0;
    uint32_t reg_base = 0, param_base = 0, local_base = 0;
    int32_t caller_retval = -1; ///< the caller's symbol that receives func_retval0 (-1: none)
};

struct Thread {
    enum State : uint8_t { Ready, AtBarrier, AtShuffle, Exited } state = Ready;
    uint32_t tid[3] = {0, 0, 0}, linear = 0;
    std::vector<uint64_t> regs;
    std::vector<uint8_t> params;
    std::vector<Frame> frames;
    std::unique_ptr<uint8_t[]> local; ///< local memory (allocated when a frame needs it), host addresses
    uint32_t local_used = 0;
    bool carry = false;
    // A pending shfl.sync: its operands, and the register the result goes to.
    uint32_t shfl_value = 0, shfl_delta = 0, shfl_clamp = 0, shfl_mask = 0;
    ShflMode shfl_mode = ShflMode::Down;
    int32_t shfl_dst = -1;
};

constexpr uint32_t local_bytes_per_thread = 64 * 1024;

/// Memory a launch may touch outside the CTA: the module's .global variables and the driver's allocations.
class GlobalMemory {
  public:
    GlobalMemory(const Module &m, const GlobalMemoryCheck &check) : m_module(m), m_check(check) {}
    bool contains(uint64_t address, uint64_t bytes);

  private:
    const Module &m_module;
    const GlobalMemoryCheck &m_check;
    uint64_t m_lo = 1, m_hi = 0; ///< the last range found valid
};

/// One launch: its kernel and shape; the CTA being run and its threads.
struct Launch {
    const Module &module;
    const Function &kernel;
    LaunchShape shape;
    GlobalMemory global;
    std::vector<uint8_t> kernel_params; ///< the entry frame's param area as the launch set it
    uint32_t cta[3] = {0, 0, 0};
    std::vector<uint8_t> shared; ///< static then dynamic shared memory of the current CTA
    std::vector<Thread> threads;
    uint64_t executed = 0;
    uint64_t budget = 0; ///< instructions the launch may execute (a guard against kernels that never finish)

    [[noreturn]] void fail(const Thread &t, const Instr *in, const std::string &what) const;
};

/// Runs `t` until it exits or waits at a barrier or shuffle (executor.cpp).
void run_thread(Launch &l, Thread &t);

/// Runs every CTA of the launch (cta.cpp).
void run_grid(Launch &l);

} // namespace ptx_exec
