// tests/fuzz/disk_cache_fuzz.cpp — libFuzzer target: the disk cache reader on arbitrary file contents never crashes
//
// Each input becomes the cache file of one hash in a private folder, which DiskCache::load then reads the way the
// kernel cache does: open and check the file, decode the container (zstd included), split the entry, compare
// keys, delete a corrupt file. load() must return nothing or an object; an object must survive a store and a
// load again byte for byte (what a hit hands to the JIT linker is what was stored). Log lines are formatted at
// trace level (their code runs too) and dropped.
#include "cache/disk_cache.h"

#include <tracejit/log.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace {

/// The key every seed and every load uses (tests/fuzz/write_disk_cache_seeds.cpp writes the seeds).
constexpr std::string_view fuzz_key = "tracejit disk cache fuzz key";
constexpr uint64_t fuzz_hash = 0x1234;

tj::cache::DiskCache *g_cache = nullptr;
std::string g_dir, g_path;
/// Inputs read and hits among them, printed at exit: a run whose seeds never hit would fuzz only the rejections.
size_t g_inputs = 0, g_hits = 0;

[[noreturn]] void fail(const char *what) {
    std::fprintf(stderr, "disk_cache_fuzz: %s\n", what);
    std::abort();
}

void write_input(const uint8_t *data, size_t size) {
    const int fd = ::open(g_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        fail("cannot create the cache file");
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::write(fd, data + done, size - done);
        if (n <= 0)
            fail("cannot write the cache file");
        done += static_cast<size_t>(n);
    }
    ::close(fd);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    const char *tmp = std::getenv("TMPDIR");
    g_dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/tracejit-disk-cache-fuzz-XXXXXX";
    if (!::mkdtemp(g_dir.data())) // mode 0700, as the cache requires of its folder
        fail("cannot create a private folder");
    tj::cache::DiskCacheConfig config;
    config.dir = g_dir;
    config.max_bytes = uint64_t(1) << 30;
    g_cache = new tj::cache::DiskCache(config); // lives as long as the process
    g_path = g_dir + "/0000000000001234.tjk";
    tj::set_log_level(tj::LogLevel::Trace);
    tj::set_log_callback([](tj::LogLevel, const std::string &) {});
    std::atexit([] {
        std::fprintf(stderr, "disk_cache_fuzz: %zu inputs read, %zu hits\n", g_inputs, g_hits);
        ::unlink(g_path.c_str()); // the folder holds only this file (a corrupt one is deleted by load itself)
        ::rmdir(g_dir.c_str());
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    write_input(data, size);
    std::optional<std::vector<char>> object = g_cache->load(fuzz_hash, fuzz_key);
    ++g_inputs;
    if (!object)
        return 0;
    ++g_hits;
    // A hit: a store of the object reads back the same.
    const std::vector<char> first = *object;
    g_cache->store(fuzz_hash, fuzz_key, first);
    std::optional<std::vector<char>> again = g_cache->load(fuzz_hash, fuzz_key);
    if (!again || *again != first)
        fail("an object stored again does not load back the same");
    return 0;
}
