// runtime/backend/cuda/cuda_context.cpp — device 0's context, per-thread streams, the caching allocator, modules, launches
//
// Read `current_stream` first: every operation goes through it, which makes the primary context current on this
// thread, creates the thread's stream, and keeps the cross-thread order. Then the allocator (`Allocator`), then
// the operations, each a driver call on that stream.
#include "backend/cuda/cuda_context.h"

#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include <sys/syscall.h>
#include <unistd.h>

namespace tj::cuda {
namespace {

/// cuda.h's CUDA_ERROR_OUT_OF_MEMORY: the one result the allocator handles instead of throwing at once.
constexpr CUresult cuda_error_out_of_memory = 2;

const DriverApi &api() { return driver().api; }

// ---- Context and streams ----

/// Device 0's primary context, retained on first use and never released (it lives as long as the process).
CUcontext primary_context() {
    static std::once_flag once;
    static CUcontext context = nullptr;
    // A throw leaves the flag unset, so a later call tries again.
    std::call_once(once, [] {
        check(api().cuDevicePrimaryCtxRetain(&context, driver().device.handle), "cuDevicePrimaryCtxRetain");
    });
    return context;
}

/// The stream of the last operation on any thread (null: none, or its thread has exited). `last_stream_mutex`
/// also keeps a thread's exit from destroying a stream that another thread is synchronising.
std::mutex &last_stream_mutex() {
    static std::mutex &m = *new std::mutex(); // never destroyed: static destructors may still free device memory
    return m;
}
CUstream last_stream = nullptr;

// Trivially destructible thread-locals: still readable from static destructors at process exit.
thread_local bool t_context_current = false;
thread_local CUstream t_stream = nullptr;

/// Synchronises and destroys the stream of a thread other than the main one when the thread exits. Errors are
/// ignored: nothing can report them there, and the driver frees what is left with the context.
struct StreamReaper {
    ~StreamReaper() {
        if (!t_stream)
            return;
        std::lock_guard lock(last_stream_mutex());
        if (last_stream == t_stream)
            last_stream = nullptr;
        api().cuStreamSynchronize(t_stream);
        api().cuStreamDestroy(t_stream);
        t_stream = nullptr;
    }
};

bool on_main_thread() { return ::syscall(SYS_gettid) == ::getpid(); }

/// Makes the primary context current on this thread (once per thread).
void make_context_current() {
    if (t_context_current)
        return;
    check(api().cuCtxSetCurrent(primary_context()), "cuCtxSetCurrent");
    t_context_current = true;
}

/// This thread's stream (created on first use), after the last operation's stream if that was another thread's
/// has been synchronised: the stream to put the next operation on.
CUstream current_stream() {
    make_context_current();
    if (!t_stream) {
        CUstream s = nullptr;
        check(api().cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        t_stream = s;
        if (!on_main_thread()) {
            thread_local StreamReaper reaper; // constructed here, so it is destroyed when this thread exits
            (void)reaper;
        }
    }
    std::lock_guard lock(last_stream_mutex());
    if (last_stream && last_stream != t_stream)
        check(api().cuStreamSynchronize(last_stream), "cuStreamSynchronize");
    last_stream = t_stream;
    return t_stream;
}

/// Waits for every operation still queued. Only the last operation's stream can have any: each switch of streams
/// synchronised the one before. A block goes back to the driver only after this, so no queued kernel or copy
/// can still use it.
void wait_for_queued_work() { check(api().cuStreamSynchronize(current_stream()), "cuStreamSynchronize"); }

CUdeviceptr device_address(const void *ptr) { return reinterpret_cast<CUdeviceptr>(ptr); }

// ---- Caching allocator ----

/// The size class of a request: the next power of two from 256 bytes to 64 MiB, then the next multiple of 2 MiB.
uint64_t size_class(uint64_t bytes) {
    constexpr uint64_t smallest = 256, power_limit = uint64_t(64) << 20, large_step = uint64_t(2) << 20;
    if (bytes <= smallest)
        return smallest;
    if (bytes <= power_limit)
        return std::bit_ceil(bytes);
    return (bytes + large_step - 1) / large_step * large_step;
}

/// Free lists per size class and the statistics, under one mutex.
class Allocator {
  public:
    void *allocate(uint64_t bytes) {
        const uint64_t size = size_class(bytes);
        std::lock_guard lock(m_mutex);
        m_stats.in_use_bytes += size;
        if (auto it = m_free.find(size); it != m_free.end() && !it->second.empty()) {
            const CUdeviceptr p = it->second.back();
            it->second.pop_back();
            m_stats.cached_bytes -= size;
            ++m_stats.reuses;
            return reinterpret_cast<void *>(p);
        }
        try {
            const CUdeviceptr p = allocate_from_driver(bytes, size);
            ++m_stats.driver_allocations;
            return reinterpret_cast<void *>(p);
        } catch (...) {
            m_stats.in_use_bytes -= size;
            throw;
        }
    }

    void release(void *ptr, uint64_t bytes) {
        if (!ptr)
            return;
        const uint64_t size = size_class(bytes);
        std::lock_guard lock(m_mutex);
        m_stats.in_use_bytes -= size;
        if (m_stats.cached_bytes + size > device_cache_limit_bytes) {
            // Called from destructors, so this reports instead of throwing; a lost block is only lost memory.
            try {
                wait_for_queued_work();
                check(api().cuMemFree(device_address(ptr)), "cuMemFree");
            } catch (const Error &e) {
                logging::warn("CUDA: a block of {} bytes could not be given back to the driver: {}", size, e.what());
            }
            return;
        }
        m_free[size].push_back(device_address(ptr));
        m_stats.cached_bytes += size;
    }

    void flush() {
        std::lock_guard lock(m_mutex);
        flush_locked();
    }

    DeviceMemoryStats stats() {
        std::lock_guard lock(m_mutex);
        return m_stats;
    }

  private:
    /// cuMemAlloc of one block of `size`; on running out of memory, flushes the cache and tries once more.
    CUdeviceptr allocate_from_driver(uint64_t bytes, uint64_t size) {
        make_context_current();
        CUdeviceptr p = 0;
        CUresult r = api().cuMemAlloc(&p, size);
        if (r == cuda_error_out_of_memory) {
            const uint64_t flushed = m_stats.cached_bytes;
            flush_locked();
            r = api().cuMemAlloc(&p, size);
            if (r == cuda_error_out_of_memory)
                throw Error(fmt::format("CUDA: out of device memory: {} bytes were requested ({} with rounding to the "
                                        "size class), {} bytes are in use, and freeing {} cached bytes did not help",
                                        bytes, size, m_stats.in_use_bytes - size, flushed));
        }
        check(r, "cuMemAlloc");
        return p;
    }

    void flush_locked() {
        if (m_stats.cached_bytes == 0)
            return;
        wait_for_queued_work();
        for (auto &[size, blocks] : m_free) {
            while (!blocks.empty()) {
                check(api().cuMemFree(blocks.back()), "cuMemFree");
                blocks.pop_back();
                m_stats.cached_bytes -= size;
            }
        }
        m_free.clear();
    }

    std::mutex m_mutex;
    std::map<uint64_t, std::vector<CUdeviceptr>> m_free; ///< cached blocks by size class
    DeviceMemoryStats m_stats{};
};

Allocator &allocator() {
    static Allocator &a = *new Allocator(); // never destroyed: static destructors may still free device memory
    return a;
}

} // namespace

void *device_alloc(uint64_t bytes) { return allocator().allocate(bytes); }

void device_free(void *ptr, uint64_t bytes) noexcept { allocator().release(ptr, bytes); }

void flush_device_cache() { allocator().flush(); }

DeviceMemoryStats device_memory_stats() { return allocator().stats(); }

void copy_to_device(void *dst, const void *src, uint64_t bytes) {
    if (bytes == 0)
        return;
    // From pageable memory the driver copies `src` to a staging buffer before it returns, so the caller may
    // reuse `src` at once; the transfer to the device is ordered on the stream.
    check(api().cuMemcpyHtoDAsync(device_address(dst), src, bytes, current_stream()), "cuMemcpyHtoDAsync");
}

void copy_to_host(void *dst, const void *src, uint64_t bytes) {
    if (bytes == 0)
        return;
    const CUstream stream = current_stream();
    check(api().cuMemcpyDtoHAsync(dst, device_address(src), bytes, stream), "cuMemcpyDtoHAsync");
    check(api().cuStreamSynchronize(stream), "cuStreamSynchronize");
}

void copy_on_device(void *dst, const void *src, uint64_t bytes) {
    if (bytes == 0)
        return;
    check(api().cuMemcpyDtoDAsync(device_address(dst), device_address(src), bytes, current_stream()),
          "cuMemcpyDtoDAsync");
}

void device_fill(void *dst, uint8_t byte, uint64_t bytes) {
    if (bytes == 0)
        return;
    check(api().cuMemsetD8Async(device_address(dst), byte, bytes, current_stream()), "cuMemsetD8Async");
}

void device_synchronize() { wait_for_queued_work(); }

bool device_used() {
    std::lock_guard lock(last_stream_mutex());
    return last_stream != nullptr;
}

int jit_optimization_level(const std::string &ptx) {
    return size_t(std::count(ptx.begin(), ptx.end(), ';')) > long_kernel_statements ? 1 : -1;
}

namespace {

struct LoadedModule {
    CUmodule module = nullptr;
    CUfunction function = nullptr;
};

/// Loads PTX and finds the function `entry` in it (the module is unloaded again when that fails).
LoadedModule load_module(const std::string &ptx, const char *entry) {
    make_context_current();
    static constexpr size_t log_size = 16 * 1024;
    std::vector<char> log(log_size, '\0');
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_OPTIMIZATION_LEVEL};
    const int level = jit_optimization_level(ptx);
    void *values[] = {log.data(), reinterpret_cast<void *>(uintptr_t(log_size - 1)),
                      reinterpret_cast<void *>(uintptr_t(level < 0 ? 0 : level))};
    const unsigned option_count = level < 0 ? 2 : 3;
    LoadedModule loaded;
    if (CUresult r = api().cuModuleLoadDataEx(&loaded.module, ptx.c_str(), option_count, options, values)) {
        const std::string text(log.data(), ::strnlen(log.data(), log_size));
        throw Error(fmt::format("CUDA: the driver could not load the PTX of {}: cuModuleLoadDataEx() failed with {}; "
                                "the PTX assembler said: {}",
                                entry, error_text(r), text.empty() ? "(nothing)" : text));
    }
    if (CUresult r = api().cuModuleGetFunction(&loaded.function, loaded.module, entry)) {
        api().cuModuleUnload(loaded.module);
        throw Error(fmt::format("CUDA: the loaded PTX has no kernel {}: cuModuleGetFunction() failed with {}", entry,
                                error_text(r)));
    }
    return loaded;
}

/// A kernel's module on the device, unloaded when the last Kernel handle goes. A launch of its function may still be
/// queued then (launches are asynchronous; the handle only lives until the launch is queued): the module is unloaded
/// after the stream of the last operation, the only one that can still hold queued work (see current_stream), has
/// finished it.
class CudaKernel final : public LoadedKernel {
  public:
    explicit CudaKernel(LoadedModule m) : LoadedKernel(m.function), m_module(m.module) {}
    ~CudaKernel() override {
        try {
            make_context_current(); // cuModuleUnload unloads from the current context
        } catch (const Error &e) {
            logging::warn("CUDA: a kernel's module stays loaded: {}", e.what());
            return;
        }
        std::lock_guard lock(last_stream_mutex());
        if (last_stream)
            if (CUresult r = api().cuStreamSynchronize(last_stream))
                logging::warn("CUDA: waiting for queued work before unloading a kernel failed: {}", error_text(r));
        if (CUresult r = api().cuModuleUnload(m_module))
            logging::warn("CUDA: unloading a kernel's module failed: cuModuleUnload() returned {}", error_text(r));
    }

  private:
    CUmodule m_module;
};

} // namespace

CUfunction load_function(const std::string &ptx, const char *entry) {
    return load_module(ptx, entry).function; // never unloaded
}

Kernel load_kernel(const std::string &ptx, const char *entry) {
    LoadedModule m = load_module(ptx, entry);
    return Kernel(std::make_shared<const CudaKernel>(m));
}

LaunchShape elementwise_shape(uint64_t n) {
    const DeviceInfo &dev = driver().device;
    const unsigned warp = unsigned(std::max(dev.warp_size, 1));
    const unsigned block = std::max(warp, std::min(256u, unsigned(dev.max_threads_per_block)) / warp * warp);
    constexpr uint64_t resident_threads_per_sm = 2048, waves = 4;
    const uint64_t grid_limit =
        std::max<uint64_t>(1, uint64_t(dev.sm_count) * (resident_threads_per_sm / block) * waves);
    const uint64_t blocks = n / block + (n % block != 0);
    return {unsigned(std::clamp<uint64_t>(blocks, 1, grid_limit)), block};
}

void launch_elementwise(CUfunction f, uint64_t n, const uint64_t *args, size_t count) {
    thread_local std::vector<uint64_t> values; // reused: a launch allocates nothing once it has grown
    values.resize(count + 2);
    values[0] = 0; // start
    values[1] = n; // end
    std::copy_n(args, count, values.begin() + 2);
    launch_shape(f, elementwise_shape(n), values.data(), values.size());
}

void launch_shape(CUfunction f, LaunchShape shape, const uint64_t *args, size_t count) {
    thread_local std::vector<void *> params;
    params.resize(count);
    for (size_t i = 0; i < count; ++i)
        params[i] = const_cast<uint64_t *>(args + i); // the driver reads each value during the call
    const CUstream stream = current_stream();
    check(api().cuLaunchKernel(f, shape.grid, 1, 1, shape.block, 1, 1, 0, stream, params.data(), nullptr),
          "cuLaunchKernel");
}

} // namespace tj::cuda
