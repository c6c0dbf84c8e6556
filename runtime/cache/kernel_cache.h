// runtime/cache/kernel_cache.h — kernel lookup through the cache levels: memory ▶ disk ▶ compile, for any device
#pragma once

#include "kernel/kernel.h"
#include "kernel/kernel_ir.h"

namespace tj::cache {

/// The kernel for `ir` from `compiler`: the memory level (the full IR text, per compiler; the hash only picks
/// the bucket), then the disk level (by disk_key), then compile() (stored on disk). Thread-safe.
KernelLookup find_kernel(KernelCompiler &compiler, const KernelIR &ir);

/// Forgets all kernels of the memory level (their code stays mapped: running kernels are never unloaded).
void clear_memory();

} // namespace tj::cache
