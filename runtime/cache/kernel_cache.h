// runtime/cache/kernel_cache.h — kernel lookup through the cache levels: memory ▶ disk ▶ compile, for any device
#pragma once

#include "kernel/kernel.h"
#include "kernel/kernel_ir.h"

#include <cstddef>

namespace tj::cache {

/// Kernels the memory level holds at most unless TRACEJIT_KERNEL_CACHE_SIZE says otherwise: well under the
/// mappings a process may have (vm.max_map_count, 65530 by default; a CPU kernel takes about two).
inline constexpr size_t default_memory_capacity = 4096;

/// The kernel for `ir` from `compiler`: the memory level (the full IR text, per compiler; the hash only picks
/// the bucket), then the disk level (by disk_key), then compile() (stored on disk). A kernel found or made here
/// joins the memory level as its most recently used entry; beyond the capacity the least recently used one leaves
/// it (and is unloaded once nothing else holds it). Thread-safe.
KernelLookup find_kernel(KernelCompiler &compiler, const KernelIR &ir);

/// Forgets all kernels of the memory level; each is unloaded at once unless something else holds it (a frozen
/// recording, a launch in progress), then when that lets go.
void clear_memory();

/// Kernels the memory level holds now.
size_t memory_size();
/// The most kernels the memory level holds: TRACEJIT_KERNEL_CACHE_SIZE (a positive count), read on first use, else
/// default_memory_capacity.
size_t memory_capacity();
/// Sets the capacity (at least 1), evicting the least recently used kernels beyond it. For tests; the environment
/// variable is the user's setting.
void set_memory_capacity(size_t kernels);

} // namespace tj::cache
