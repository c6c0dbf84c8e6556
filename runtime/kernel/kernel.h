// runtime/kernel/kernel.h — a compiled kernel, how it was found, and the compiler interface the kernel cache calls
//
// The layer below both the kernel cache (runtime/cache/) and the backends (runtime/backend/): the cache looks kernels
// up through a KernelCompiler without knowing which backend supplies it, the backends implement KernelCompiler and
// hand the cache's KernelLookup on through Device::run. Neither includes the other for these types.
#pragma once

#include "kernel/kernel_ir.h"

#include <tracejit/error.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tj {

/// The code of one kernel loaded into the process (object code linked by ORC) or onto the device (a CUDA module).
/// Each backend derives from it; the derived destructor unloads the code. Kernel handles share it, so the code stays
/// loaded exactly while something can still launch it: the memory level (kernel_cache.h), a frozen recording's
/// launch step, a launch in progress. Nothing else unloads kernel code.
class LoadedKernel {
  public:
    explicit LoadedKernel(const void *entry);
    virtual ~LoadedKernel();
    LoadedKernel(const LoadedKernel &) = delete;
    LoadedKernel &operator=(const LoadedKernel &) = delete;

    /// Its entry point: a KernelFn on the CPU, a CUfunction on CUDA.
    const void *entry() const { return m_entry; }

  private:
    const void *m_entry;
};

/// How many kernels are loaded now, on all devices (LoadedKernel objects alive): for tests and statistics.
uint64_t loaded_kernels();

/// A compiled kernel for one device. Copies share its loaded code; the last one to go unloads it.
class Kernel {
  public:
    Kernel() = default;
    explicit Kernel(std::shared_ptr<const LoadedKernel> code) : m_code(std::move(code)) {}

    /// Its entry point (a KernelFn on the CPU, a CUfunction on CUDA), loaded as long as this handle lives.
    const void *handle() const {
        TJ_ASSERT(m_code, "a launch of a kernel handle that holds no loaded code");
        return m_code->entry();
    }
    explicit operator bool() const { return bool(m_code); }

  private:
    std::shared_ptr<const LoadedKernel> m_code;
};

/// Where a kernel came from, for statistics and log lines.
enum class KernelSource { Memory, Disk, Compiled };

/// A kernel found by Device::run (backend/device.h) through cache::find_kernel.
struct KernelLookup {
    Kernel kernel;
    KernelSource source = KernelSource::Memory;
    double ms = 0; ///< time spent loading or compiling it
};

/// A kernel just compiled: loaded, and its code for the disk level.
struct CompiledKernel {
    Kernel kernel;
    std::vector<char> code;
};

/// What a device's code generator supplies to the cache levels (one object per device, living for the process).
class KernelCompiler {
  public:
    /// What log lines call its kernels ("kernel", "CUDA kernel").
    virtual const char *name() const = 0;
    /// The disk level's full key: everything the code depends on (target, versions, flags), then the IR text.
    virtual std::string disk_key(const KernelIR &ir) const = 0;
    /// Which of the compiler's shapes of code `ir` gets (by its launch size, its target CPU): the memory level keys on
    /// it next to the IR text (disk_key includes it itself). 0 for a compiler with one shape per IR.
    virtual uint32_t variant(const KernelIR &) const { return 0; }
    /// Compiles `ir` and loads the result: the kernel, and its code to store on disk (object code, PTX).
    virtual CompiledKernel compile(const KernelIR &ir) = 0;
    /// Loads code that compile() returned, read back from disk, into the process (or onto the device); throws
    /// tj::Error when it cannot (a stale disk entry). The code is unloaded when the last copy of the returned handle
    /// goes.
    virtual Kernel load(std::span<const char> code) = 0;

  protected:
    ~KernelCompiler() = default;
};

} // namespace tj
