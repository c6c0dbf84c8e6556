// runtime/cache/kernel_cache.h — kernel lookup through the cache levels: memory ▶ disk ▶ compile
#pragma once

#include "backend/cuda_driver.h"
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

/// A CUDA kernel (a function of a module loaded into the device's context) and how it was obtained.
struct CudaLookup {
    cuda::CUfunction fn = nullptr;
    Source source = Source::Memory;
    double ms = 0; ///< time spent generating PTX and loading it
};

/// Finds the CUDA kernel for `ir` on device 0: memory (full IR text + device architecture), then disk (PTX, keyed
/// also by the architecture and the driver version), then compiles PTX. The driver must be usable.
CudaLookup find_cuda_kernel(const KernelIR &ir);

/// The disk cache's key for the PTX of `ir` on a device of architecture `arch` (e.g. "sm_90") under driver version
/// `driver_version` (cuDriverGetVersion): the code generator's revision, LLVM's version, arch and driver, then the IR.
std::string cuda_disk_key(const KernelIR &ir, const std::string &arch, int driver_version);

/// Forgets all kernels of the memory level (their code stays mapped: running kernels are never unloaded).
void clear_memory();

} // namespace tj::cache
