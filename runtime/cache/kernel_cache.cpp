// runtime/cache/kernel_cache.cpp — memory level (full kernel IR per hash bucket) over the disk level and LLVM
#include "cache/kernel_cache.h"

#include "backend/cuda_codegen.h"
#include "backend/cuda_device.h"
#include "backend/cuda_ptx.h"
#include "backend/llvm_jit.h"
#include "cache/disk_cache.h"
#include "cache/hash.h"
#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>
#include <llvm/Config/llvm-config.h>

#include <chrono>
#include <mutex>
#include <unordered_map>

namespace tj::cache {
namespace {

struct Entry {
    std::string text; ///< the kernel's full IR text (the backend and target are fixed per process)
    KernelFn fn;
};

struct CudaEntry {
    std::string text; ///< the kernel's full IR text (one device per process: its architecture is fixed)
    cuda::CUfunction fn;
};

struct Memory {
    std::mutex mutex;
    std::unordered_map<uint64_t, std::vector<Entry>> buckets; ///< the hash only picks the bucket
    std::unordered_map<uint64_t, std::vector<CudaEntry>> cuda_buckets;
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

Lookup find_kernel(const KernelIR &ir) {
    uint64_t h = hash_bytes(ir.text.data(), ir.text.size());
    Memory &mem = memory();
    {
        std::lock_guard<std::mutex> guard(mem.mutex);
        auto it = mem.buckets.find(h);
        if (it != mem.buckets.end())
            for (const Entry &e : it->second)
                if (e.text == ir.text)
                    return {e.fn, Source::Memory, 0};
    }
    auto t0 = std::chrono::steady_clock::now();
    const std::string &target = cpu::target_key();
    std::string key = ir.text + "\n" + target;
    uint64_t disk_hash = hash_bytes(key.data(), key.size());
    Lookup result;
    if (auto object = disk().load(disk_hash, key)) {
        try {
            result = {cpu::load_object(*object), Source::Disk, 0};
        } catch (const Error &e) {
            log::warn("disk cache: cached kernel {:016x} does not link ({}); compiling it again", disk_hash, e.what());
        }
    }
    if (!result.fn) {
        std::vector<char> object = cpu::compile_object(ir);
        result = {cpu::load_object(object), Source::Compiled, 0};
        disk().store(disk_hash, key, object);
    }
    result.ms = ms_since(t0);
    log::debug("kernel {:016x}: {} in {:.2f} ms ({} instructions)", h,
               result.source == Source::Disk ? "loaded from disk" : "compiled", result.ms, ir.instrs.size());
    std::lock_guard<std::mutex> guard(mem.mutex);
    mem.buckets[h].push_back({ir.text, result.fn});
    return result;
}

std::string cuda_disk_key(const KernelIR &ir, const std::string &arch, int driver_version) {
    return fmt::format("cuda codegen={} llvm{} {} driver={}\n{}", cuda::codegen_revision, LLVM_VERSION_STRING, arch,
                       driver_version, ir.text);
}

CudaLookup find_cuda_kernel(const KernelIR &ir) {
    uint64_t h = hash_bytes(ir.text.data(), ir.text.size());
    Memory &mem = memory();
    {
        std::lock_guard<std::mutex> guard(mem.mutex);
        auto it = mem.cuda_buckets.find(h);
        if (it != mem.cuda_buckets.end())
            for (const CudaEntry &e : it->second)
                if (e.text == ir.text)
                    return {e.fn, Source::Memory, 0};
    }
    auto t0 = std::chrono::steady_clock::now();
    const cuda::Driver &d = cuda::driver();
    std::string key = cuda_disk_key(ir, d.device.arch, d.driver_version);
    uint64_t disk_hash = hash_bytes(key.data(), key.size());
    CudaLookup result;
    if (auto ptx = disk().load(disk_hash, key)) {
        try {
            result = {cuda::load_function(std::string(ptx->begin(), ptx->end()), cuda::kernel_entry), Source::Disk, 0};
        } catch (const Error &e) {
            log::warn("disk cache: cached PTX {:016x} does not load ({}); compiling it again", disk_hash, e.what());
        }
    }
    if (!result.fn) {
        std::string ptx = cuda::compile_ptx(ir, d.device.arch);
        result = {cuda::load_function(ptx, cuda::kernel_entry), Source::Compiled, 0};
        disk().store(disk_hash, key, std::span<const char>(ptx.data(), ptx.size()));
    }
    result.ms = ms_since(t0);
    log::debug("CUDA kernel {:016x}: {} in {:.2f} ms ({} instructions)", h,
               result.source == Source::Disk ? "PTX loaded from disk" : "compiled", result.ms, ir.instrs.size());
    std::lock_guard<std::mutex> guard(mem.mutex);
    mem.cuda_buckets[h].push_back({ir.text, result.fn});
    return result;
}

void clear_memory() {
    std::lock_guard<std::mutex> guard(memory().mutex);
    memory().buckets.clear();
    memory().cuda_buckets.clear(); // the modules stay loaded: a kernel may still be running
}

} // namespace tj::cache
