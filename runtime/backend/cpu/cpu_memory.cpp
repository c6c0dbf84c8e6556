// runtime/backend/cpu/cpu_memory.cpp — host buffer allocation with a bounded cache of freed buffers, keyed by byte size
//
// Large allocations come from mmap: a fresh one costs a page fault and a page
// clear per 4 KiB when the kernel first writes it, which took more time than
// the kernels themselves in the throughput benchmarks. Freed buffers are kept
// (up to `cache_limit` bytes) and handed out again for the same size. Buffers of
// 2 MiB and more are aligned to 2 MiB and asked to be backed by transparent huge
// pages: a kernel streaming through them then needs a TLB entry per 2 MiB rather
// than per 4 KiB, and the hardware prefetchers, which stop at page boundaries,
// keep running.
#include "backend/cpu/cpu_memory.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#include <sys/mman.h>

namespace tj::cpu {
namespace {

constexpr uint64_t cache_limit = 4ull << 30;

struct BufferCache {
    std::mutex mutex;
    std::unordered_map<uint64_t, std::vector<void *>> free; ///< by size in bytes
    uint64_t cached_bytes = 0;
};

BufferCache &cache() {
    static BufferCache *c = new BufferCache();
    return *c;
}

constexpr uint64_t huge_page = uint64_t(2) << 20;

uint64_t bytes_for(VarType t, uint64_t size) {
    uint64_t bytes = (size ? size : 1) * detail::type_size(t);
    if (bytes >= huge_page)
        return (bytes + huge_page - 1) & ~(huge_page - 1);
    return (bytes + 63) & ~uint64_t(63);
}

/// A fresh buffer of `bytes` (a multiple of 64, and of huge_page from huge_page on); null when out of memory.
/// Huge-page buffers are mapped directly (not through malloc, whose chunk header would take a page of its own
/// in front of each): the mapping is made one huge page longer, then cut to the aligned part.
void *fresh_buffer(uint64_t bytes) {
    if (bytes < huge_page)
        return std::aligned_alloc(64, bytes);
    void *m = mmap(nullptr, bytes + huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return nullptr;
    uintptr_t start = reinterpret_cast<uintptr_t>(m), aligned = (start + huge_page - 1) & ~(huge_page - 1);
    if (aligned > start)
        munmap(m, aligned - start);
    if (uintptr_t end = start + bytes + huge_page; end > aligned + bytes)
        munmap(reinterpret_cast<void *>(aligned + bytes), end - (aligned + bytes));
    void *p = reinterpret_cast<void *>(aligned);
    madvise(p, bytes, MADV_HUGEPAGE); // a hint: without transparent huge pages the buffer works as before
    return p;
}

/// Gives a buffer of `bytes` from fresh_buffer back.
void release_buffer(void *p, uint64_t bytes) noexcept {
    if (bytes < huge_page)
        std::free(p);
    else
        munmap(p, bytes);
}

} // namespace

void *alloc_buffer(VarType t, uint64_t size) {
    uint64_t bytes = bytes_for(t, size);
    {
        BufferCache &c = cache();
        std::lock_guard<std::mutex> guard(c.mutex);
        auto it = c.free.find(bytes);
        if (it != c.free.end() && !it->second.empty()) {
            void *p = it->second.back();
            it->second.pop_back();
            c.cached_bytes -= bytes;
            return p;
        }
    }
    void *p = fresh_buffer(bytes);
    if (!p) {
        flush_buffer_cache();
        p = fresh_buffer(bytes);
    }
    if (!p)
        throw Error(fmt::format("tracejit: out of memory allocating {} bytes", bytes));
    return p;
}

void free_buffer(void *p, VarType t, uint64_t size) noexcept {
    if (!p)
        return;
    uint64_t bytes = bytes_for(t, size);
    BufferCache &c = cache();
    {
        std::lock_guard<std::mutex> guard(c.mutex);
        if (c.cached_bytes + bytes <= cache_limit) {
            try {
                c.free[bytes].push_back(p);
                c.cached_bytes += bytes;
                return;
            } catch (const std::bad_alloc &) { // no room to remember it: give it back instead
            }
        }
    }
    release_buffer(p, bytes);
}

void flush_buffer_cache() {
    BufferCache &c = cache();
    std::lock_guard<std::mutex> guard(c.mutex);
    for (auto &[bytes, list] : c.free)
        for (void *p : list)
            release_buffer(p, bytes);
    c.free.clear();
    c.cached_bytes = 0;
}

} // namespace tj::cpu
