// tests/fake_cuda/fake_memory.cpp — the `memory` fake's driver calls: host memory as device memory, executed launches
//
// Emulates the driver without a GPU, with its checks and result codes: the primary context (which each thread
// must make current before a call that needs one), streams (empty handles), device memory (host memory; a
// CUdeviceptr is the host address, and copies and fills must stay inside one allocation), and modules (text with
// an ".entry"; a function is found by ".entry <name>("; the PTX is parsed by tests/ptx_exec). cuLaunchKernel
// records the launch for the introspection functions of fake_libcuda.h and runs the kernel on the CPU
// (tests/ptx_exec): a kernel the engine stops (unsupported instruction, access outside the allocations, barrier
// deadlock) fails with CUDA_ERROR_LAUNCH_FAILED, whose cuGetErrorString text names the kernel and instruction. With FAKE_CUDA_PTXAS naming ptxas, a module must also pass it
// (sm_90). All state is behind one mutex, so threads may call at once.
#include "fake_libcuda.h"
#include "ptx_exec.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

extern "C" int cuDeviceGetCount(int *count); // fake_libcuda.cpp: fails until cuInit succeeded

namespace {

using CUresult = int;
constexpr CUresult CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2,
                   CUDA_ERROR_NOT_INITIALIZED = 3, CUDA_ERROR_INVALID_DEVICE = 101, CUDA_ERROR_INVALID_CONTEXT = 201,
                   CUDA_ERROR_INVALID_PTX = 218, CUDA_ERROR_INVALID_HANDLE = 400, CUDA_ERROR_NOT_FOUND = 500,
                   CUDA_ERROR_LAUNCH_FAILED = 719;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6, CU_JIT_OPTIMIZATION_LEVEL = 7;

struct Context {};
struct Stream {};
struct Function {
    std::string entry;
    int param_count = 0;
};
struct Module {
    std::string ptx;
    std::unique_ptr<ptx_exec::Program> program; ///< the parsed module, which cuLaunchKernel runs
    std::vector<std::unique_ptr<Function>> functions;
};

struct State {
    std::mutex mutex;
    Context primary;                         ///< its address is the CUcontext
    std::map<uintptr_t, size_t> allocations; ///< address → bytes
    long live_bytes = 0, alloc_calls = 0, memory_limit = 0, ctx_set_current_calls = 0;
    int last_jit_level = -1; ///< CU_JIT_OPTIMIZATION_LEVEL of the last cuModuleLoadDataEx (-1: not given)
    std::set<const void *> streams;            ///< live streams
    std::map<const void *, long> stream_syncs; ///< synchronisations per stream (destroyed ones too)
    std::map<const void *, std::unique_ptr<Module>> modules;
    std::set<const void *> functions; ///< functions of loaded modules
    std::vector<FakeLaunch> launches;
};

State &state() {
    static State &s = *new State(); // never destroyed: a process may call the driver from static destructors
    return s;
}

thread_local const void *t_current_context = nullptr;
uint64_t stats_launches = 0; ///< launches run (TJ_FAKE_CUDA_STATS), under the mutex
double stats_seconds = 0;    ///< their time

} // namespace

/// What stopped the last failed launch of this thread (fake_libcuda.cpp's cuGetErrorString gives it).
thread_local std::string t_launch_failure;

namespace {

bool context_is_current() { return t_current_context == &state().primary; }

/// A stream a call may name: a live one, or null (the legacy default stream).
bool valid_stream(const void *stream) { return !stream || state().streams.count(stream); }

/// True when [address, address + bytes) lies inside one live allocation.
bool inside_allocation(unsigned long long address, size_t bytes) {
    const auto &allocations = state().allocations;
    auto it = allocations.upper_bound(uintptr_t(address));
    if (it == allocations.begin())
        return false;
    --it;
    return address >= it->first && address + bytes <= it->first + it->second;
}

/// The parameters of entry `name` in `ptx` (".param" between "<name>(" and ")"), or -1 if it has no such entry.
int entry_params(const std::string &ptx, const std::string &name) {
    const size_t at = ptx.find(".entry " + name + "(");
    if (at == std::string::npos)
        return -1;
    const size_t open = at + 7 + name.size(), close = ptx.find(')', open);
    int count = 0;
    for (size_t p = ptx.find(".param", open); p < close; p = ptx.find(".param", p + 1))
        ++count;
    return count;
}

/// Writes `text` into the JIT error log buffer among cuModuleLoadDataEx's options, if the caller gave one.
void write_error_log(unsigned option_count, const int *options, void *const *values, const char *text) {
    char *buffer = nullptr;
    size_t size = 0;
    for (unsigned i = 0; i < option_count; ++i) {
        if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
            buffer = static_cast<char *>(values[i]);
        else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
            size = size_t(reinterpret_cast<uintptr_t>(values[i]));
    }
    if (buffer && size > 0) {
        std::strncpy(buffer, text, size - 1);
        buffer[size - 1] = '\0';
    }
}

/// With FAKE_CUDA_PTXAS set to the path of ptxas, runs it on `ptx` for sm_90 (as the driver's own assembler would
/// see the module); returns ptxas's messages when it rejects the PTX, nothing when it accepts it or is not asked.
std::string ptxas_rejection(const std::string &ptx) {
    const char *ptxas = std::getenv("FAKE_CUDA_PTXAS");
    if (!ptxas || !*ptxas)
        return {};
    char dir[] = "/tmp/fake_cuda_ptxas_XXXXXX";
    if (!mkdtemp(dir))
        return "fake: cannot make a folder for ptxas";
    const std::string in = std::string(dir) + "/module.ptx", out = std::string(dir) + "/module.cubin",
                      log = std::string(dir) + "/ptxas.log";
    if (FILE *f = std::fopen(in.c_str(), "w")) {
        std::fwrite(ptx.data(), 1, ptx.size(), f);
        std::fclose(f);
    }
    const std::string command = std::string(ptxas) + " -arch=sm_90 " + in + " -o " + out + " > " + log + " 2>&1";
    const int status = std::system(command.c_str());
    std::string messages;
    if (status != 0) {
        messages = "fake: ptxas rejected the module: ";
        if (FILE *f = std::fopen(log.c_str(), "r")) {
            char buffer[4096];
            messages.append(buffer, std::fread(buffer, 1, sizeof(buffer), f));
            std::fclose(f);
        }
    }
    std::remove(in.c_str());
    std::remove(out.c_str());
    std::remove(log.c_str());
    rmdir(dir);
    return messages;
}

/// With TJ_FAKE_CUDA_DUMP_PTX naming a folder, saves `ptx` there as <hash>.ptx (one file per distinct module):
/// the inventory of the PTX the test suite loads, for tests/ptx_exec.
void dump_ptx(const std::string &ptx) {
    const char *dir = std::getenv("TJ_FAKE_CUDA_DUMP_PTX");
    if (!dir || !*dir)
        return;
    const std::string path = std::string(dir) + "/" + std::to_string(std::hash<std::string>{}(ptx)) + ".ptx";
    if (FILE *f = std::fopen(path.c_str(), "w")) {
        std::fwrite(ptx.data(), 1, ptx.size(), f);
        std::fclose(f);
    }
}

} // namespace

extern "C" {

CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
    int count = 0;
    if (cuDeviceGetCount(&count) != CUDA_SUCCESS)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!context)
        return CUDA_ERROR_INVALID_VALUE;
    if (device < 0 || device >= count)
        return CUDA_ERROR_INVALID_DEVICE;
    *context = &state().primary;
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(int device) { return device == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE; }

CUresult cuCtxSetCurrent(void *context) {
    std::lock_guard lock(state().mutex);
    ++state().ctx_set_current_calls;
    if (context && context != &state().primary)
        return CUDA_ERROR_INVALID_CONTEXT;
    t_current_context = context;
    return CUDA_SUCCESS;
}

CUresult cuStreamCreate(void **stream, unsigned flags) {
    std::lock_guard lock(state().mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!stream || flags > 1)
        return CUDA_ERROR_INVALID_VALUE;
    *stream = new Stream();
    state().streams.insert(*stream);
    return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize(void *stream) {
    std::lock_guard lock(state().mutex);
    if (!valid_stream(stream))
        return CUDA_ERROR_INVALID_HANDLE;
    ++state().stream_syncs[stream];
    return CUDA_SUCCESS; // every emulated operation completed when it was called
}

CUresult cuStreamDestroy_v2(void *stream) {
    std::lock_guard lock(state().mutex);
    if (!stream || !state().streams.erase(stream))
        return CUDA_ERROR_INVALID_HANDLE;
    delete static_cast<Stream *>(stream);
    return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(unsigned long long *pointer, size_t bytes) {
    State &s = state();
    std::lock_guard lock(s.mutex);
    ++s.alloc_calls;
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!pointer || bytes == 0)
        return CUDA_ERROR_INVALID_VALUE;
    if (s.memory_limit > 0 && s.live_bytes + long(bytes) > s.memory_limit)
        return CUDA_ERROR_OUT_OF_MEMORY;
    void *memory = std::aligned_alloc(256, (bytes + 255) / 256 * 256); // cuMemAlloc aligns to at least 256 bytes
    if (!memory)
        return CUDA_ERROR_OUT_OF_MEMORY;
    s.allocations[uintptr_t(memory)] = bytes;
    s.live_bytes += long(bytes);
    *pointer = uintptr_t(memory);
    return CUDA_SUCCESS;
}

CUresult cuMemFree_v2(unsigned long long pointer) {
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    auto it = s.allocations.find(uintptr_t(pointer));
    if (it == s.allocations.end())
        return CUDA_ERROR_INVALID_VALUE;
    s.live_bytes -= long(it->second);
    std::free(reinterpret_cast<void *>(it->first));
    s.allocations.erase(it);
    return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoDAsync_v2(unsigned long long dst, const void *src, size_t bytes, void *stream) {
    std::lock_guard lock(state().mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!valid_stream(stream))
        return CUDA_ERROR_INVALID_HANDLE;
    if (!src || !inside_allocation(dst, bytes))
        return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(reinterpret_cast<void *>(uintptr_t(dst)), src, bytes);
    return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, unsigned long long src, size_t bytes, void *stream) {
    std::lock_guard lock(state().mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!valid_stream(stream))
        return CUDA_ERROR_INVALID_HANDLE;
    if (!dst || !inside_allocation(src, bytes))
        return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(dst, reinterpret_cast<const void *>(uintptr_t(src)), bytes);
    return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoDAsync_v2(unsigned long long dst, unsigned long long src, size_t bytes, void *stream) {
    std::lock_guard lock(state().mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!valid_stream(stream))
        return CUDA_ERROR_INVALID_HANDLE;
    if (!inside_allocation(dst, bytes) || !inside_allocation(src, bytes))
        return CUDA_ERROR_INVALID_VALUE;
    std::memmove(reinterpret_cast<void *>(uintptr_t(dst)), reinterpret_cast<const void *>(uintptr_t(src)), bytes);
    return CUDA_SUCCESS;
}

CUresult cuMemsetD8Async(unsigned long long dst, unsigned char value, size_t count, void *stream) {
    std::lock_guard lock(state().mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!valid_stream(stream))
        return CUDA_ERROR_INVALID_HANDLE;
    if (!inside_allocation(dst, count))
        return CUDA_ERROR_INVALID_VALUE;
    std::memset(reinterpret_cast<void *>(uintptr_t(dst)), value, count);
    return CUDA_SUCCESS;
}

CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned option_count, int *options,
                            void **option_values) {
    std::lock_guard lock(state().mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!module || !image || (option_count > 0 && (!options || !option_values)))
        return CUDA_ERROR_INVALID_VALUE;
    state().last_jit_level = -1;
    for (unsigned i = 0; i < option_count; ++i)
        if (options[i] == CU_JIT_OPTIMIZATION_LEVEL)
            state().last_jit_level = int(reinterpret_cast<uintptr_t>(option_values[i]));
    const char *text = static_cast<const char *>(image);
    if (!std::strstr(text, ".entry")) {
        write_error_log(option_count, options, option_values, "fake: no .entry");
        return CUDA_ERROR_INVALID_PTX;
    }
    if (std::string rejected = ptxas_rejection(text); !rejected.empty()) {
        write_error_log(option_count, options, option_values, rejected.c_str());
        return CUDA_ERROR_INVALID_PTX;
    }
    dump_ptx(text);
    auto loaded = std::make_unique<Module>();
    loaded->ptx = text;
    loaded->program = std::make_unique<ptx_exec::Program>(loaded->ptx);
    *module = loaded.get();
    state().modules[*module] = std::move(loaded);
    return CUDA_SUCCESS;
}

CUresult cuModuleUnload(void *module) {
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (!context_is_current()) // it unloads from the current context
        return CUDA_ERROR_INVALID_CONTEXT;
    auto it = s.modules.find(module);
    if (it == s.modules.end())
        return CUDA_ERROR_INVALID_HANDLE;
    for (const auto &f : it->second->functions)
        s.functions.erase(f.get());
    s.modules.erase(it);
    return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    auto it = s.modules.find(module);
    if (it == s.modules.end())
        return CUDA_ERROR_INVALID_HANDLE;
    if (!function || !name)
        return CUDA_ERROR_INVALID_VALUE;
    const int params = entry_params(it->second->ptx, name);
    if (params < 0)
        return CUDA_ERROR_NOT_FOUND;
    auto f = std::make_unique<Function>(Function{name, params});
    *function = f.get();
    s.functions.insert(f.get());
    it->second->functions.push_back(std::move(f));
    return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(void *function, unsigned grid_x, unsigned grid_y, unsigned grid_z, unsigned block_x,
                        unsigned block_y, unsigned block_z, unsigned shared_bytes, void *stream, void **params,
                        void **extra) {
    State &s = state();
    std::lock_guard lock(s.mutex);
    if (!context_is_current())
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!s.functions.count(function) || !valid_stream(stream))
        return CUDA_ERROR_INVALID_HANDLE;
    const Function &f = *static_cast<const Function *>(function);
    const Module *module = nullptr;
    for (const auto &[handle, m] : s.modules)
        for (const auto &owned : m->functions)
            if (owned.get() == &f)
                module = m.get();
    if (!grid_x || !grid_y || !grid_z || !block_x || !block_y || !block_z || block_x * block_y * block_z > 1024 ||
        extra || (f.param_count > 0 && !params))
        return CUDA_ERROR_INVALID_VALUE;
    FakeLaunch launch{};
    launch.function = function;
    std::strncpy(launch.entry, f.entry.c_str(), sizeof launch.entry - 1);
    launch.grid[0] = grid_x, launch.grid[1] = grid_y, launch.grid[2] = grid_z;
    launch.block[0] = block_x, launch.block[1] = block_y, launch.block[2] = block_z;
    launch.shared_bytes = shared_bytes;
    launch.stream = stream;
    launch.param_count = f.param_count;
    for (int i = 0; i < std::min(f.param_count, 16); ++i)
        std::memcpy(&launch.params[i], params[i], sizeof launch.params[i]);
    s.launches.push_back(launch);
    // Run the kernel (tests/ptx_exec); a failure is CUDA_ERROR_LAUNCH_FAILED, whose text names what stopped it.
    const auto start = std::chrono::steady_clock::now();
    const uint64_t executed_before = ptx_exec::instructions_executed();
    struct Account { // TJ_FAKE_CUDA_STATS=1: the emulated launches' totals, printed at exit
        std::chrono::steady_clock::time_point start;
        uint64_t before;
        const std::string &entry;
        unsigned grid, block;
        ~Account() {
            static bool wanted = [] {
                const char *v = std::getenv("TJ_FAKE_CUDA_STATS");
                if (v && *v == '1')
                    std::atexit([] {
                        std::fprintf(stderr, "fake libcuda: %llu launches executed %llu PTX instructions in %.3f s\n",
                                     (unsigned long long)stats_launches, (unsigned long long)ptx_exec::instructions_executed(),
                                     stats_seconds);
                    });
                return true;
            }();
            (void)wanted;
            ++stats_launches;
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            stats_seconds += seconds;
            if (wanted && seconds >= 1.0 && std::getenv("TJ_FAKE_CUDA_STATS"))
                std::fprintf(stderr, "fake libcuda: a launch of %s (%u CTAs of %u threads) took %.1f s, %llu instructions\n",
                             entry.c_str(), grid, block, seconds,
                             (unsigned long long)(ptx_exec::instructions_executed() - before));
        }
    } account{start, executed_before, f.entry, grid_x * grid_y * grid_z, block_x * block_y * block_z};
    try {
        ptx_exec::LaunchShape shape;
        shape.grid[0] = grid_x, shape.grid[1] = grid_y, shape.grid[2] = grid_z;
        shape.block[0] = block_x, shape.block[1] = block_y, shape.block[2] = block_z;
        shape.dynamic_shared_bytes = shared_bytes;
        module->program->launch(f.entry, shape, params,
                                [](uint64_t address, uint64_t bytes) { return inside_allocation(address, bytes); });
    } catch (const ptx_exec::ExecError &e) {
        t_launch_failure = std::string("unspecified launch failure: ") + e.what();
        std::fprintf(stderr, "fake libcuda: %s\n", e.what());
        return CUDA_ERROR_LAUNCH_FAILED;
    }
    return CUDA_SUCCESS;
}

// Introspection for tests (fake_libcuda.h).

int tj_fake_cuda_launch_count() {
    std::lock_guard lock(state().mutex);
    return int(state().launches.size());
}

bool tj_fake_cuda_launch(int index, FakeLaunch *out) {
    std::lock_guard lock(state().mutex);
    if (index < 0 || size_t(index) >= state().launches.size() || !out)
        return false;
    *out = state().launches[size_t(index)];
    return true;
}

long tj_fake_cuda_live_allocations() {
    std::lock_guard lock(state().mutex);
    return long(state().allocations.size());
}

long tj_fake_cuda_live_bytes() {
    std::lock_guard lock(state().mutex);
    return state().live_bytes;
}

long tj_fake_cuda_mem_alloc_calls() {
    std::lock_guard lock(state().mutex);
    return state().alloc_calls;
}

void tj_fake_cuda_set_memory_limit(long bytes) {
    std::lock_guard lock(state().mutex);
    state().memory_limit = bytes;
}

int tj_fake_cuda_module_count() {
    std::lock_guard lock(state().mutex);
    return int(state().modules.size());
}

int tj_fake_cuda_stream_count() {
    std::lock_guard lock(state().mutex);
    return int(state().streams.size());
}

long tj_fake_cuda_stream_syncs(const void *stream) {
    std::lock_guard lock(state().mutex);
    auto it = state().stream_syncs.find(stream);
    return it == state().stream_syncs.end() ? 0 : it->second;
}

int tj_fake_cuda_last_jit_level() {
    std::lock_guard lock(state().mutex);
    return state().last_jit_level;
}

int tj_fake_cuda_executes_kernels() { return 1; } // launches run (tests/ptx_exec), results are real

long tj_fake_cuda_ctx_set_current_calls() {
    std::lock_guard lock(state().mutex);
    return state().ctx_set_current_calls;
}

} // extern "C"
