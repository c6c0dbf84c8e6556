// runtime/backend/cpu/cpu_streaming.h — which CPU launches write their outputs with non-temporal stores
#pragma once

#include <cstdint>

namespace tj::cpu {

/// The last-level cache of the cores that run kernels, in bytes: the highest level /sys reports for cpu0, else
/// sysconf's level 3 (either capped by usable_cache, for the CPUs /sys lists as sharing it, else for all the
/// machine's), else 32 MiB. Read once.
uint64_t last_level_cache();

/// The most cache one CPU sharing the last level can count on. A virtual machine may report its host's whole cache
/// (260 MiB shared by 2 vCPUs on one machine measured, where `bench_streaming` showed non-temporal stores ahead from
/// 32 MiB of data on), while its guests share that cache with many others; on bare metal a core's share of the last
/// level is 2-5 MiB, so the cap only binds for a few CPUs reporting a large cache. 16 MiB per CPU keeps the decisions
/// measured on a 2-CPU machine that reports a 32 MiB cache (docs/benchmarks.md, "Which launches stream").
inline constexpr uint64_t usable_cache_per_cpu = uint64_t(16) << 20;

/// The cache a launch decides by: the `reported` size, at most usable_cache_per_cpu for each of the `sharing_cpus`
/// (the CPUs /sys lists as sharing it; 0 when unknown, which leaves the reported size).
inline uint64_t usable_cache(uint64_t reported, unsigned sharing_cpus) {
    if (sharing_cpus == 0)
        return reported;
    uint64_t cap = sharing_cpus * usable_cache_per_cpu;
    return reported < cap ? reported : cap;
}

/// How many CPUs a /sys CPU list names ("0-1", "0,2-5", "3"); 0 when it is not one.
unsigned count_cpu_list(const char *list);

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
