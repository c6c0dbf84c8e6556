// runtime/cache/hash.cpp — hash_bytes forwards to support::hash64 (kept until kernel_cache.cpp calls it directly)
#include "cache/hash.h"

#include "support/hash.h"

namespace tj::cache {

uint64_t hash_bytes(const void *data, size_t size) { return support::hash64(data, size); }

} // namespace tj::cache
