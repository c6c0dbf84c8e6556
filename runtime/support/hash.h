// runtime/support/hash.h — the one 64-bit hash of byte strings (xxh3): cache buckets, file names, file checksums
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tj::support {

/// xxh3-64 of `size` bytes at `data` (XXH3_64bits, seed 0; what llvm::xxh3_64bits computes too). Stable across
/// processes, runs and builds, since disk file names and checksums depend on it. It picks buckets and detects damage;
/// it never decides equality.
uint64_t hash64(const void *data, size_t size);

/// hash64() of the bytes of `bytes`.
inline uint64_t hash64(std::string_view bytes) { return hash64(bytes.data(), bytes.size()); }

} // namespace tj::support
