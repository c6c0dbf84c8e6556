// runtime/backend/cpu/cpu_streaming.cpp — the last-level cache size that decides streaming launches
#include "backend/cpu/cpu_streaming.h"

#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <string>

namespace tj::cpu {
namespace {

/// "32768K" or "32M" (the /sys cache size format) in bytes; 0 when it is not one.
uint64_t parse_size(const std::string &s) {
    char *end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (end == s.c_str())
        return 0;
    switch (*end) {
    case 'K': return v << 10;
    case 'M': return v << 20;
    case 'G': return v << 30;
    case '\0': return v;
    default: return 0;
    }
}

uint64_t read_cache() {
    // The highest level /sys lists for cpu0: what the cores running kernels share. (In a virtual machine CPUID, and
    // so sysconf, may report the socket's cache where /sys has the core complex's.)
    int best_level = 0;
    uint64_t best = 0;
    unsigned best_sharing = 0;
    for (int i = 0; i < 16; ++i) {
        std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
        std::ifstream level_file(dir + "level"), size_file(dir + "size"), shared_file(dir + "shared_cpu_list");
        int level = 0;
        std::string size, shared;
        if (!(level_file >> level) || !(size_file >> size))
            continue;
        if (uint64_t bytes = parse_size(size); bytes && level > best_level) {
            best_level = level, best = bytes;
            best_sharing = shared_file >> shared ? count_cpu_list(shared.c_str()) : 0;
        }
    }
    // Where /sys does not say which CPUs share the cache, no more than the machine's CPUs do.
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    const unsigned machine_cpus = online > 0 ? unsigned(online) : 0;
    if (best)
        return usable_cache(best, best_sharing ? best_sharing : machine_cpus);
    long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    return l3 > 0 ? usable_cache(uint64_t(l3), machine_cpus) : uint64_t(32) << 20;
}

std::atomic<uint64_t> chosen{0};

} // namespace

unsigned count_cpu_list(const char *list) {
    unsigned count = 0;
    auto number = [](const char *p, char **end) -> unsigned long { // digits only (strtoul takes signs and spaces)
        if (std::isdigit(static_cast<unsigned char>(*p)))
            return std::strtoul(p, end, 10);
        *end = const_cast<char *>(p);
        return 0;
    };
    for (const char *p = list;;) {
        char *end = nullptr;
        unsigned long first = number(p, &end);
        if (end == p)
            return 0;
        unsigned long last = first;
        if (*end == '-') {
            p = end + 1;
            last = number(p, &end);
            if (end == p || last < first)
                return 0;
        }
        count += unsigned(last - first + 1);
        if (*end == '\0')
            return count;
        if (*end != ',')
            return 0;
        p = end + 1;
    }
}

uint64_t last_level_cache() {
    static const uint64_t bytes = read_cache();
    return bytes;
}

uint64_t streaming_cache() {
    uint64_t c = chosen.load(std::memory_order_relaxed);
    return c ? c : last_level_cache();
}

void set_streaming_cache(uint64_t bytes) { chosen.store(bytes, std::memory_order_relaxed); }

} // namespace tj::cpu
