// tests/fake_cuda/fake_libcuda.h — what the `memory` fake libcuda.so.1 lets tests see and control
//
// The `memory` variant (fake_memory.cpp) emulates the driver without a GPU, records every launch and runs it with
// the PTX engine of tests/ptx_exec. Tests find these functions with dlsym on the loaded fake (dlopen("libcuda.so.1", RTLD_NOLOAD)),
// cast to the types below: the runtime loads the driver RTLD_LOCAL, and tests do not link against it.
#pragma once

/// One cuLaunchKernel call, as the fake recorded it (before running it).
struct FakeLaunch {
    const void *function;          ///< the CUfunction
    char entry[64];                ///< its entry name
    unsigned grid[3], block[3];    ///< the launch's dimensions
    unsigned shared_bytes;         ///< dynamic shared memory
    const void *stream;            ///< the CUstream
    int param_count;               ///< parameters of the entry (counted in its PTX)
    unsigned long long params[16]; ///< the first (up to 16) 8-byte parameter values
};

extern "C" {
int tj_fake_cuda_launch_count();                      ///< launches so far
bool tj_fake_cuda_launch(int index, FakeLaunch *out); ///< launch `index` (false if there is none)
long tj_fake_cuda_live_allocations();                 ///< cuMemAlloc'd blocks not yet freed
long tj_fake_cuda_live_bytes();                       ///< their bytes
long tj_fake_cuda_mem_alloc_calls();                  ///< cuMemAlloc calls, failed ones included
void tj_fake_cuda_set_memory_limit(long bytes);       ///< cuMemAlloc fails with OUT_OF_MEMORY beyond (0: none)
int tj_fake_cuda_module_count();                      ///< modules loaded and not unloaded
int tj_fake_cuda_stream_count();                      ///< streams created and not destroyed
long tj_fake_cuda_stream_syncs(const void *stream);   ///< cuStreamSynchronize calls on `stream`
long tj_fake_cuda_ctx_set_current_calls();            ///< cuCtxSetCurrent calls
int tj_fake_cuda_executes_kernels();                  ///< 1: launches run on the PTX engine (tests/ptx_exec)
int tj_fake_cuda_last_jit_level();                    ///< the last load's CU_JIT_OPTIMIZATION_LEVEL (-1: none)
}

/// Types of the introspection functions, to cast dlsym's results to.
namespace fake_cuda {
using LaunchCountFn = int (*)();
using LaunchFn = bool (*)(int, FakeLaunch *);
using CountFn = long (*)();
using SetLimitFn = void (*)(long);
using StreamCountFn = int (*)();
using StreamSyncsFn = long (*)(const void *);
} // namespace fake_cuda
