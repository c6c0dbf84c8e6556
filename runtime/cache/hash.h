// runtime/cache/hash.h — a fast 64-bit hash of byte strings; it picks cache buckets and file names, never decides equality
#pragma once

#include <cstddef>
#include <cstdint>

namespace tj::cache {

/// Stable across processes and runs (disk file names depend on it).
uint64_t hash_bytes(const void *data, size_t size);

} // namespace tj::cache
