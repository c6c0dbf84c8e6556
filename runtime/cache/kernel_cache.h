// runtime/cache/kernel_cache.h — kernel lookup through the cache levels: memory ▶ disk ▶ compile
#pragma once

#include "backend/kernel_ir.h"

namespace tj::cache {

/// Where a kernel came from.
enum class Source { Memory, Disk, Compiled };

/// A runnable kernel and how it was obtained.
struct Lookup {
    KernelFn fn = nullptr;
    Source source = Source::Memory;
    double ms = 0; ///< time spent loading or compiling
};

/// Finds the compiled kernel for `ir` (by its full text plus backend, target and flags), compiling it if needed.
Lookup find_kernel(const KernelIR &ir);

/// Forgets all kernels of the memory level (their code stays mapped: running kernels are never unloaded).
void clear_memory();

} // namespace tj::cache
