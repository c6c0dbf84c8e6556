// runtime/jit/alloc.h — variable buffers, with a cache of freed ones so that evaluation does not page-fault
#pragma once

#include <tracejit/core.h>

#include <cstdint>

namespace tj::jit {

/// A buffer for `size` elements of `t` (at least one), 64-byte aligned; reuses a freed buffer of the same size.
void *alloc_buffer(VarType t, uint64_t size);
/// Returns a buffer from alloc_buffer(t, size) to the cache (or to the system when the cache is full).
void free_buffer(void *p, VarType t, uint64_t size);
/// Gives every cached buffer back to the system.
void flush_buffer_cache();

/// A buffer in the memory of backend `where`: host memory (alloc_buffer) for the CPU, device memory (from the
/// CUDA backend's caching allocator) for CUDA.
void *alloc_buffer(VarType t, uint64_t size, Backend where);
/// Returns a buffer from alloc_buffer(t, size, where).
void free_buffer(void *p, VarType t, uint64_t size, Backend where);
/// Copies `bytes` from host memory into a buffer of `where`.
void copy_from_host(Backend where, void *dst, const void *src, uint64_t bytes);
/// Copies `bytes` of a buffer of `where` into host memory (waits for the device's pending work on it).
void copy_to_host(Backend where, void *dst, const void *src, uint64_t bytes);
/// Copies `bytes` between two buffers of `where`.
void copy_buffer(Backend where, void *dst, const void *src, uint64_t bytes);
/// Sets each of the `n` elements of type `t` of a buffer of `where` to the value `bits` (low bytes).
void fill_buffer(Backend where, void *dst, VarType t, uint64_t n, uint64_t bits);

} // namespace tj::jit
