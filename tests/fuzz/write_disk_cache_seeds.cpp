// tests/fuzz/write_disk_cache_seeds.cpp — writes sound cache files as seeds for disk_cache_fuzz (ctest fixture)
//
// usage: write_disk_cache_seeds FOLDER. The folder becomes a cache (created mode 0700) holding: small objects
// stored plainly, one large enough to be stored compressed with zstd, an empty object, and one for another key.
#include "cache/disk_cache.h"

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FOLDER\n", argv[0]);
        return 2;
    }
    tj::cache::DiskCacheConfig config;
    config.dir = argv[1];
    tj::cache::DiskCache cache(config);
    const std::string key = "tracejit disk cache fuzz key"; // disk_cache_fuzz.cpp's fuzz_key
    std::vector<char> small(100);
    for (size_t i = 0; i < small.size(); ++i)
        small[i] = static_cast<char>(i * 7);
    std::vector<char> large(tj::cache::compress_from_bytes + 1000);
    for (size_t i = 0; i < large.size(); ++i)
        large[i] = static_cast<char>((i / 64) ^ (i % 13));
    cache.store(1, key, small);
    cache.store(2, key, {});
    cache.store(3, key, large);
    cache.store(4, "another key", small);
    for (uint64_t hash : {1, 2, 3}) {
        std::optional<std::vector<char>> back = cache.load(hash, key);
        if (!back) {
            std::fprintf(stderr, "write_disk_cache_seeds: seed %llu does not load back from %s\n",
                         static_cast<unsigned long long>(hash), argv[1]);
            return 1;
        }
    }
    return 0;
}
