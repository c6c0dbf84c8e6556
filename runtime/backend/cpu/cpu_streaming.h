// runtime/backend/cpu/cpu_streaming.h — which CPU launches write their outputs with non-temporal stores
#pragma once

#include <cstdint>

namespace tj::cpu {

/// The last-level cache of the cores that run kernels, in bytes: the highest level /sys reports for cpu0, else
/// sysconf's level 3, else 32 MiB. Read once.
uint64_t last_level_cache();

/// Whether a launch of `n` elements that moves `element_bytes` per element through its element-wise inputs and
/// outputs (KernelIR's element_bytes) streams: its data is at least the last-level cache (`cache` bytes), so its
/// output would not stay there for the next kernel anyway, and a non-temporal store spares reading each line first.
/// Smaller launches keep cached stores: the next kernel of a chain reads the output from the cache.
inline bool streams(uint64_t n, uint64_t element_bytes, uint64_t cache) {
    return element_bytes != 0 && n >= (cache + element_bytes - 1) / element_bytes;
}

/// The cache size the device decides by: last_level_cache(), or what set_streaming_cache gave (tests, to reach
/// streaming launches at small sizes; 0 restores the machine's).
uint64_t streaming_cache();
void set_streaming_cache(uint64_t bytes);

} // namespace tj::cpu
