// runtime/cache/hash.h — hash_bytes, kept for kernel_cache.cpp until it calls support::hash64 itself
#pragma once

#include <cstddef>
#include <cstdint>

namespace tj::cache {

/// support::hash64 (xxh3): stable across processes and runs (disk file names depend on it).
uint64_t hash_bytes(const void *data, size_t size);

} // namespace tj::cache
