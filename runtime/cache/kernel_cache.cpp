// runtime/cache/kernel_cache.cpp — memory level (full kernel IR per hash bucket) over the disk level and the compiler
#include "cache/kernel_cache.h"

#include "cache/disk_cache.h"
#include "log.h"
#include "support/hash.h"

#include <tracejit/error.h>

#include <chrono>
#include <mutex>
#include <unordered_map>

namespace tj::cache {
namespace {

struct Entry {
    const KernelCompiler *compiler; ///< whose kernel it is (the backend and its target are fixed per process)
    std::string text;               ///< the kernel's full IR text
    uint32_t variant;               ///< KernelCompiler::variant
    const void *handle;
};

struct Memory {
    std::mutex mutex;
    std::unordered_map<uint64_t, std::vector<Entry>> buckets; ///< the hash only picks the bucket
};

Memory &memory() {
    static Memory *m = new Memory();
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
        auto it = mem.buckets.find(h);
        if (it != mem.buckets.end())
            for (const Entry &e : it->second)
                if (e.compiler == &compiler && e.variant == variant && e.text == ir.text)
                    return {{e.handle}, KernelSource::Memory, 0};
    }
    auto t0 = std::chrono::steady_clock::now();
    std::string key = compiler.disk_key(ir);
    uint64_t disk_hash = support::hash64(key);
    KernelLookup result;
    if (auto code = disk().load(disk_hash, key)) {
        try {
            result = {{compiler.load(*code)}, KernelSource::Disk, 0};
        } catch (const Error &e) {
            logging::warn("disk cache: cached {} {:016x} does not load ({}); compiling it again", compiler.name(),
                      disk_hash, e.what());
        }
    }
    if (!result.kernel.handle) {
        std::vector<char> code = compiler.compile(ir);
        result = {{compiler.load(code)}, KernelSource::Compiled, 0};
        disk().store(disk_hash, key, code);
    }
    result.ms = ms_since(t0);
    logging::debug("{} {:016x}: {} in {:.2f} ms ({} instructions)", compiler.name(), h,
               result.source == KernelSource::Disk ? "loaded from disk" : "compiled", result.ms, ir.instrs.size());
    std::lock_guard<std::mutex> guard(mem.mutex);
    mem.buckets[h].push_back({&compiler, ir.text, variant, result.kernel.handle});
    return result;
}

void clear_memory() {
    std::lock_guard<std::mutex> guard(memory().mutex);
    memory().buckets.clear(); // the code stays loaded: a kernel may still be running
}

} // namespace tj::cache
