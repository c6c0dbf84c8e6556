// runtime/cache/kernel_cache.cpp — memory level (full kernel IR per hash bucket, least recently used evicted beyond its
// capacity) over the disk level, which asks the compiler on a miss (disk_cache.h)
#include "cache/kernel_cache.h"

#include "cache/disk_cache.h"
#include "log.h"
#include "support/hash.h"

#include <tracejit/error.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <list>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace tj::cache {
namespace {

struct Entry {
    const KernelCompiler *compiler; ///< whose kernel it is (the backend and its target are fixed per process)
    std::string text;               ///< the kernel's full IR text
    uint32_t variant;               ///< KernelCompiler::variant
    uint64_t hash;                  ///< of `text`: its bucket
    Kernel kernel;                  ///< holds the code loaded while the entry lives
};

using Entries = std::list<Entry>;

/// TRACEJIT_KERNEL_CACHE_SIZE, or the default (a value that is not a positive count logs a warning).
size_t capacity_from_env() {
    const char *v = std::getenv("TRACEJIT_KERNEL_CACHE_SIZE");
    if (!v || !*v)
        return default_memory_capacity;
    size_t n = 0;
    const char *end = v + std::strlen(v);
    auto [at, ec] = std::from_chars(v, end, n);
    if (ec != std::errc() || at != end || n == 0) {
        logging::warn("kernel cache: TRACEJIT_KERNEL_CACHE_SIZE={} is not a positive number of kernels; keeping {}", v,
                      default_memory_capacity);
        return default_memory_capacity;
    }
    return n;
}

struct Memory {
    std::mutex mutex;
    Entries entries;                                                    ///< most recently used first
    std::unordered_map<uint64_t, std::vector<Entries::iterator>> buckets; ///< the hash only picks the bucket
    size_t capacity = capacity_from_env();

    /// The entry for (compiler, variant, text) in bucket `hash`, or entries.end().
    Entries::iterator find(uint64_t hash, const KernelCompiler &compiler, uint32_t variant, const std::string &text) {
        auto it = buckets.find(hash);
        if (it != buckets.end())
            for (Entries::iterator e : it->second)
                if (e->compiler == &compiler && e->variant == variant && e->text == text)
                    return e;
        return entries.end();
    }
    /// Removes the least recently used entries beyond the capacity; their kernels go to `out`, to be let go of
    /// outside the lock (unloading takes the backend's own lock).
    void evict(std::vector<Kernel> &out) {
        while (entries.size() > capacity) {
            Entries::iterator last = std::prev(entries.end());
            std::vector<Entries::iterator> &bucket = buckets[last->hash];
            auto at = std::find(bucket.begin(), bucket.end(), last);
            TJ_ASSERT(at != bucket.end(), "a kernel cache entry missing from its bucket");
            bucket.erase(at);
            if (bucket.empty())
                buckets.erase(last->hash);
            out.push_back(std::move(last->kernel));
            entries.pop_back();
        }
    }
};

Memory &memory() {
    static Memory *m = new Memory(); // never destroyed: the kernels it holds stay callable until exit
    return *m;
}

DiskCache &disk() {
    static DiskCache *d = new DiskCache(disk_cache_config_from_env());
    return *d;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

KernelLookup find_kernel(KernelCompiler &compiler, const KernelIR &ir) {
    uint64_t h = support::hash64(ir.text);
    const uint32_t variant = compiler.variant(ir);
    Memory &mem = memory();
    {
        std::lock_guard<std::mutex> guard(mem.mutex);
        auto e = mem.find(h, compiler, variant, ir.text);
        if (e != mem.entries.end()) {
            mem.entries.splice(mem.entries.begin(), mem.entries, e); // now the most recently used
            return {e->kernel, KernelSource::Memory, 0};
        }
    }
    auto t0 = std::chrono::steady_clock::now();
    KernelLookup result = disk().find_or_compile(compiler, ir);
    result.ms = ms_since(t0);
    logging::debug("{} {:016x}: {} in {:.2f} ms ({} instructions)", compiler.name(), h,
               result.source == KernelSource::Disk ? "loaded from disk" : "compiled", result.ms, ir.instrs.size());
    std::vector<Kernel> evicted; // (destroyed after the lock is released: they may unload their code)
    std::lock_guard<std::mutex> guard(mem.mutex);
    auto e = mem.find(h, compiler, variant, ir.text);
    if (e != mem.entries.end()) { // another thread added the same kernel meanwhile: one copy is enough
        evicted.push_back(std::move(result.kernel));
        result.kernel = e->kernel;
        mem.entries.splice(mem.entries.begin(), mem.entries, e);
        return result;
    }
    mem.entries.push_front({&compiler, ir.text, variant, h, result.kernel});
    mem.buckets[h].push_back(mem.entries.begin());
    mem.evict(evicted);
    return result;
}

void clear_memory() {
    Memory &mem = memory();
    Entries gone; // (destroyed after the lock is released: unloading takes the backends' locks)
    std::lock_guard<std::mutex> guard(mem.mutex);
    mem.buckets.clear();
    gone.swap(mem.entries);
}

size_t memory_size() {
    std::lock_guard<std::mutex> guard(memory().mutex);
    return memory().entries.size();
}

size_t memory_capacity() {
    std::lock_guard<std::mutex> guard(memory().mutex);
    return memory().capacity;
}

void set_memory_capacity(size_t kernels) {
    TJ_ASSERT(kernels > 0, "a kernel cache capacity of 0");
    std::vector<Kernel> evicted;
    std::lock_guard<std::mutex> guard(memory().mutex);
    memory().capacity = kernels;
    memory().evict(evicted);
}

} // namespace tj::cache
