// runtime/backend/cuda/cuda_context.h — device memory, per-thread streams, PTX modules and launches on CUDA device 0
//
// Everything runs in device 0's primary context. Each thread makes that context current once and gets its own
// non-blocking stream on first use; a thread's stream is synchronised and destroyed when the thread exits, except
// the main thread's, which lives until the process ends (the runtime may free device memory from static
// destructors, after thread-local objects are gone; the driver releases the stream with the context).
//
// Memory comes from a caching allocator. A request is rounded up to a size class: the next power of two from
// 256 bytes up to 64 MiB, then the next multiple of 2 MiB. Freed blocks wait in a free list per class and are
// handed out again without a driver call. At most `device_cache_limit_bytes` stay cached; a block freed beyond
// that goes back to the driver. When cuMemAlloc runs out of memory the cache is flushed and the allocation tried
// once more; if that fails too, tj::Error names the size that was asked for.
#pragma once

#include "backend/cuda/cuda_driver.h"
#include "kernel/kernel.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace tj::cuda {

/// Bytes of freed device memory the allocator keeps for reuse (a fixed cap: 1 GiB is small next to the tens of
/// GiB of current devices, and large enough that steady workloads allocate nothing after their first iterations).
inline constexpr uint64_t device_cache_limit_bytes = uint64_t(1) << 30;

/// Device memory, this thread's stream, modules and launches on device 0 (its primary context).
/// Precondition: driver().usable(). Every failing driver call throws tj::Error (through check()).
/// Thread-safe. The runtime calls these with its global lock held, so calls are totally ordered; ordering
/// between streams of different threads is kept by: before an operation on this thread's stream, if the last
/// operation was on another thread's stream, that stream is synchronised first.
void *device_alloc(uint64_t bytes); ///< caching allocator (bytes rounded up to a size class; 0 -> smallest class)
/// Back to the cache (same `bytes` as alloc); null does nothing. Never throws, as it is called from destructors: a
/// block beyond the cache's limit goes back to the driver, and a failure there is logged as a warning.
void device_free(void *ptr, uint64_t bytes) noexcept;
void flush_device_cache(); ///< cuMemFree every cached block

/// What the allocator holds. Sizes are those of the size classes, not of the requests.
struct DeviceMemoryStats {
    uint64_t in_use_bytes;       ///< handed out by device_alloc and not yet freed
    uint64_t cached_bytes;       ///< freed and kept for reuse
    uint64_t driver_allocations; ///< successful cuMemAlloc calls since the process started
    uint64_t reuses;             ///< device_alloc calls served from the cache
};
DeviceMemoryStats device_memory_stats();

void copy_to_device(void *dst, const void *src, uint64_t bytes); ///< host->device on this thread's stream
void copy_to_host(void *dst, const void *src, uint64_t bytes);   ///< device->host, waits until the bytes are there
void copy_on_device(void *dst, const void *src, uint64_t bytes); ///< device->device on this thread's stream
void device_fill(void *dst, uint8_t byte, uint64_t bytes);       ///< sets `bytes` bytes on this thread's stream
void device_synchronize(); ///< waits for this thread's stream (and the last other one)
/// Whether device work may still be queued: false until a first operation on the device (it loads nothing).
bool device_used();

/// PTX statements above which the driver's PTX assembler runs at optimisation level 1 instead of its default 4. Its
/// time grows with the square of a kernel's length at the default and about linearly at level 1 (ptxas 13 for sm_90
/// on a chain of float operations: 45k statements 8.0 s against 1.5 s, 150k statements 105 s against 8.2 s), while
/// the PTX has already been optimised by LLVM (docs/cuda.md, "Long kernels").
inline constexpr size_t long_kernel_statements = 20'000;

/// The optimisation level load_function and load_kernel ask the driver's PTX assembler for: 1 for PTX of more than
/// long_kernel_statements statements (counted as semicolons), else -1 (the driver's default).
int jit_optimization_level(const std::string &ptx);

/// Loads PTX (cuModuleLoadDataEx, with the JIT error log in the tj::Error) and returns the function `entry`.
/// The module stays loaded for the process (callers cache the function: the reduction and scan kernels).
CUfunction load_function(const std::string &ptx, const char *entry);

/// Loads PTX as load_function does and returns the kernel `entry` (a CUfunction), whose module is unloaded
/// (cuModuleUnload) when the last copy of the handle goes, once the queued work that may launch it has finished.
Kernel load_kernel(const std::string &ptx, const char *entry);

/// Threads per block and blocks of a one-dimensional launch.
struct LaunchShape {
    unsigned grid = 0, block = 0;
};

/// Block and grid for an element-wise kernel over n elements from the device's properties (n > 0).
/// block = min(256, max threads per block), rounded down to whole warps: small enough for every kernel's register
/// budget, large enough to fill an SM with 8 blocks. grid = ceil(n / block), at most 4 waves of full occupancy
/// (sm_count · 2048 / block · 4, 2048 being the resident threads per SM of current GPUs), at least 1. The kernels
/// loop grid-stride, so a capped grid still covers every element.
LaunchShape elementwise_shape(uint64_t n);

/// Launches `tj_kernel(start=0, end=n, args...)` (every arg 8 bytes) with elementwise_shape(n) on this thread's stream.
void launch_elementwise(CUfunction f, uint64_t n, const uint64_t *args, size_t count);

/// Launches f with an explicit shape; params are 8-byte values.
void launch_shape(CUfunction f, LaunchShape shape, const uint64_t *args, size_t count);

} // namespace tj::cuda
