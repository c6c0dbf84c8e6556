// runtime/jit/alloc.cpp — buffer allocation with a bounded cache of freed buffers, keyed by byte size
//
// Large allocations come from mmap: a fresh one costs a page fault and a page
// clear per 4 KiB when the kernel first writes it, which took more time than
// the kernels themselves in the throughput benchmarks. Freed buffers are kept
// (up to `cache_limit` bytes) and handed out again for the same size.
#include "jit/alloc.h"

#include "backend/cuda_device.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace tj::jit {
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

uint64_t bytes_for(VarType t, uint64_t size) {
    uint64_t bytes = (size ? size : 1) * detail::type_size(t);
    return (bytes + 63) & ~uint64_t(63);
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
    void *p = std::aligned_alloc(64, bytes);
    if (!p) {
        flush_buffer_cache();
        p = std::aligned_alloc(64, bytes);
    }
    if (!p)
        throw Error(fmt::format("tracejit: out of memory allocating {} bytes", bytes));
    return p;
}

void free_buffer(void *p, VarType t, uint64_t size) {
    if (!p)
        return;
    uint64_t bytes = bytes_for(t, size);
    BufferCache &c = cache();
    {
        std::lock_guard<std::mutex> guard(c.mutex);
        if (c.cached_bytes + bytes <= cache_limit) {
            c.free[bytes].push_back(p);
            c.cached_bytes += bytes;
            return;
        }
    }
    std::free(p);
}

void flush_buffer_cache() {
    BufferCache &c = cache();
    std::lock_guard<std::mutex> guard(c.mutex);
    for (auto &[bytes, list] : c.free)
        for (void *p : list)
            std::free(p);
    c.free.clear();
    c.cached_bytes = 0;
}

void *alloc_buffer(VarType t, uint64_t size, Backend where) {
    if (where == Backend::CPU)
        return alloc_buffer(t, size);
    return cuda::device_alloc(bytes_for(t, size));
}

void free_buffer(void *p, VarType t, uint64_t size, Backend where) {
    if (where == Backend::CPU)
        free_buffer(p, t, size);
    else if (p)
        cuda::device_free(p, bytes_for(t, size));
}

void copy_from_host(Backend where, void *dst, const void *src, uint64_t bytes) {
    if (bytes == 0)
        return;
    if (where == Backend::CPU)
        std::memcpy(dst, src, bytes);
    else
        cuda::copy_to_device(dst, src, bytes);
}

void copy_to_host(Backend where, void *dst, const void *src, uint64_t bytes) {
    if (bytes == 0)
        return;
    if (where == Backend::CPU)
        std::memcpy(dst, src, bytes);
    else
        cuda::copy_to_host(dst, src, bytes);
}

void copy_buffer(Backend where, void *dst, const void *src, uint64_t bytes) {
    if (bytes == 0)
        return;
    if (where == Backend::CPU)
        std::memcpy(dst, src, bytes);
    else
        cuda::copy_on_device(dst, src, bytes);
}

void fill_buffer(Backend where, void *dst, VarType t, uint64_t n, uint64_t bits) {
    size_t es = detail::type_size(t);
    if (where == Backend::CPU) {
        for (uint64_t i = 0; i < n; ++i)
            std::memcpy(static_cast<char *>(dst) + i * es, &bits, es);
        return;
    }
    const uint8_t first = uint8_t(bits);
    bool one_byte = true; // zeros, all-ones, Bool: a byte fill on the device, no host buffer
    for (size_t k = 1; k < es; ++k)
        one_byte &= uint8_t(bits >> (8 * k)) == first;
    if (one_byte) {
        cuda::device_fill(dst, first, n * es);
        return;
    }
    std::vector<char> host(n * es); // written on the host, then one copy
    for (uint64_t i = 0; i < n; ++i)
        std::memcpy(host.data() + i * es, &bits, es);
    cuda::copy_to_device(dst, host.data(), host.size());
}

} // namespace tj::jit
