// runtime/cache/kernel_cache.h — kernel lookup through the cache levels: memory ▶ disk ▶ compile, for any device
#pragma once

#include "backend/device.h"
#include "backend/kernel_ir.h"

#include <span>
#include <string>
#include <vector>

namespace tj::cache {

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

/// The kernel for `ir` from `compiler`: the memory level (the full IR text, per compiler; the hash only picks
/// the bucket), then the disk level (by disk_key), then compile() (stored on disk). Thread-safe.
backends::KernelLookup find_kernel(KernelCompiler &compiler, const KernelIR &ir);

/// Forgets all kernels of the memory level (their code stays mapped: running kernels are never unloaded).
void clear_memory();

} // namespace tj::cache
