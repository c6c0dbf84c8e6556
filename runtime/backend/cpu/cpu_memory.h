// runtime/backend/cpu/cpu_memory.h — host buffers, with a cache of freed ones so that evaluation does not page-fault
#pragma once

#include <tracejit/detail/core.h>

#include <cstdint>

namespace tj::cpu {

/// A buffer for `size` elements of `t` (at least one), 64-byte aligned; reuses a freed buffer of the same size.
/// Thread-safe. Throws tj::Error when memory runs out.
void *alloc_buffer(VarType t, uint64_t size);
/// Returns a buffer from alloc_buffer(t, size) to the cache (or to the system when the cache is full).
void free_buffer(void *p, VarType t, uint64_t size) noexcept;
/// Gives every cached buffer back to the system.
void flush_buffer_cache();

} // namespace tj::cpu
