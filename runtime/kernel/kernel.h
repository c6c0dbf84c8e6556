// runtime/kernel/kernel.h — a compiled kernel, how it was found, and the compiler interface the kernel cache calls
//
// The layer below both the kernel cache (runtime/cache/) and the backends (runtime/backend/): the cache looks kernels
// up through a KernelCompiler without knowing which backend supplies it, the backends implement KernelCompiler and
// hand the cache's KernelLookup on through Device::find_kernel. Neither includes the other for these types.
#pragma once

#include "kernel/kernel_ir.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tj {

/// A kernel compiled for one device: its own handle (a KernelFn on the CPU, a CUfunction on CUDA).
struct Kernel {
    const void *handle = nullptr;
};

/// Where a kernel came from, for statistics and log lines.
enum class KernelSource { Memory, Disk, Compiled };

/// A kernel found by Device::find_kernel (backend/device.h) through cache::find_kernel.
struct KernelLookup {
    Kernel kernel;
    KernelSource source = KernelSource::Memory;
    double ms = 0; ///< time spent loading or compiling it
};

/// What a device's code generator supplies to the cache levels (one object per device, living for the process).
class KernelCompiler {
  public:
    /// What log lines call its kernels ("kernel", "CUDA kernel").
    virtual const char *name() const = 0;
    /// The disk level's full key: everything the code depends on (target, versions, flags), then the IR text.
    virtual std::string disk_key(const KernelIR &ir) const = 0;
    /// Which of the compiler's shapes of code `ir` gets (by its launch size, say): the memory level keys on it next
    /// to the IR text (disk_key includes it itself). 0 for a compiler with one shape per IR.
    virtual uint32_t variant(const KernelIR &) const { return 0; }
    /// The code to store on disk and to load (object code, PTX).
    virtual std::vector<char> compile(const KernelIR &ir) = 0;
    /// Loads code from compile() into the process; throws tj::Error when it cannot (a stale disk entry).
    virtual const void *load(std::span<const char> code) = 0;

  protected:
    ~KernelCompiler() = default;
};

} // namespace tj
