// runtime/backend/cuda/cuda_driver.h — the CUDA driver API, opened at run time with dlopen("libcuda.so.1")
//
// Nothing here links against CUDA or includes cuda.h: the few types and constants the backend needs are declared
// below with the values of the driver API, and the entry points are resolved with dlsym into `DriverApi`. The
// first call to `driver()` loads the library, initialises it and describes device 0 — or records why CUDA cannot
// be used on this machine. The library is never unloaded.
#pragma once

#include <cstddef>
#include <string>

namespace tj::cuda {

// Types of the driver API (cuda.h), declared with the same layout.
using CUresult = int;                   ///< CUDA_SUCCESS or a CUDA_ERROR_* code
using CUdevice = int;                   ///< device ordinal handle
using CUdevice_attribute = int;         ///< CU_DEVICE_ATTRIBUTE_*
using CUjit_option = int;               ///< CU_JIT_*
using CUdeviceptr = unsigned long long; ///< device address (CUdeviceptr_v2: 64 bits)
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;

// The result codes the runtime and its tests name (values of cuda.h's `cudaError_enum`).
inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
inline constexpr CUresult CUDA_ERROR_NOT_INITIALIZED = 3;
inline constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
inline constexpr CUresult CUDA_ERROR_INVALID_DEVICE = 101;
inline constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
inline constexpr CUresult CUDA_ERROR_NOT_SUPPORTED = 801;

// Device attributes read at initialisation (values of `CUdevice_attribute_enum`).
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;

// Options of cuModuleLoadDataEx for the PTX assembler's logs (values of `CUjit_option_enum`).
inline constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
inline constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
inline constexpr CUjit_option CU_JIT_OPTIMIZATION_LEVEL = 7; ///< 0 to 4 (the default), passed as the pointer's value
inline constexpr CUjit_option CU_JIT_LOG_VERBOSE = 12;

/// Flag of cuStreamCreate: the stream does not synchronise with the legacy default stream.
inline constexpr unsigned CU_STREAM_NON_BLOCKING = 1;

/// The driver's entry points. Each field has the name of the API function; it is bound to the symbol cuda.h maps
/// that name to (the `_v2` symbol where the driver exports one), so the signatures are those of current drivers.
struct DriverApi {
    CUresult (*cuInit)(unsigned flags) = nullptr;
    CUresult (*cuDriverGetVersion)(int *version) = nullptr;
    CUresult (*cuDeviceGetCount)(int *count) = nullptr;
    CUresult (*cuDeviceGet)(CUdevice *device, int ordinal) = nullptr;
    CUresult (*cuDeviceGetName)(char *name, int length, CUdevice device) = nullptr;
    CUresult (*cuDeviceGetAttribute)(int *value, CUdevice_attribute attribute, CUdevice device) = nullptr;
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *context, CUdevice device) = nullptr;
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice device) = nullptr; ///< cuDevicePrimaryCtxRelease_v2
    CUresult (*cuCtxSetCurrent)(CUcontext context) = nullptr;
    CUresult (*cuModuleLoadDataEx)(CUmodule *module, const void *image, unsigned option_count, CUjit_option *options,
                                   void **option_values) = nullptr;
    CUresult (*cuModuleUnload)(CUmodule module) = nullptr;
    CUresult (*cuModuleGetFunction)(CUfunction *function, CUmodule module, const char *name) = nullptr;
    CUresult (*cuLaunchKernel)(CUfunction function, unsigned grid_x, unsigned grid_y, unsigned grid_z, unsigned block_x,
                               unsigned block_y, unsigned block_z, unsigned shared_bytes, CUstream stream,
                               void **params, void **extra) = nullptr;
    CUresult (*cuMemAlloc)(CUdeviceptr *pointer, size_t bytes) = nullptr; ///< cuMemAlloc_v2
    CUresult (*cuMemFree)(CUdeviceptr pointer) = nullptr;                 ///< cuMemFree_v2
    /// cuMemcpyHtoDAsync_v2
    CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr dst, const void *src, size_t bytes, CUstream stream) = nullptr;
    /// cuMemcpyDtoHAsync_v2
    CUresult (*cuMemcpyDtoHAsync)(void *dst, CUdeviceptr src, size_t bytes, CUstream stream) = nullptr;
    /// cuMemcpyDtoDAsync_v2
    CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream) = nullptr;
    CUresult (*cuMemsetD8Async)(CUdeviceptr dst, unsigned char value, size_t count, CUstream stream) = nullptr;
    CUresult (*cuStreamCreate)(CUstream *stream, unsigned flags) = nullptr;
    CUresult (*cuStreamSynchronize)(CUstream stream) = nullptr;
    CUresult (*cuStreamDestroy)(CUstream stream) = nullptr; ///< cuStreamDestroy_v2
    CUresult (*cuGetErrorName)(CUresult error, const char **name) = nullptr;
    CUresult (*cuGetErrorString)(CUresult error, const char **text) = nullptr;
};

/// Device 0 as the driver describes it.
struct DeviceInfo {
    CUdevice handle = 0;           ///< from cuDeviceGet(…, 0)
    std::string name;              ///< e.g. "NVIDIA H100 80GB HBM3"
    int compute_major = 0;         ///< compute capability, e.g. 9 …
    int compute_minor = 0;         ///< … and 0
    std::string arch;              ///< the PTX target of that capability, e.g. "sm_90"
    int sm_count = 0;              ///< streaming multiprocessors
    int max_threads_per_block = 0; ///< the largest block a launch may use
    int warp_size = 0;             ///< threads per warp
};

/// What loading the driver found: a usable driver with at least one device, or the reason why not.
struct Driver {
    /// Empty when the driver loaded, initialised and reported a device; otherwise why CUDA cannot be used here
    /// ("libcuda.so.1 could not be opened (…)", a missing entry point, cuInit's error, no device).
    std::string failure;
    std::string library;    ///< the file that was loaded (empty if none)
    int driver_version = 0; ///< cuDriverGetVersion: 1000 * major + 10 * minor (0 if unknown)
    int device_count = 0;   ///< devices the driver reports
    DeviceInfo device;      ///< device 0 (valid when `failure` is empty)
    DriverApi api;          ///< entry points (all bound when `failure` does not name a missing one)

    /// True when the driver and a device can be used.
    bool usable() const { return failure.empty(); }
};

/// The driver, loaded and initialised on first use (thread-safe, once per process).
const Driver &driver();

/// "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs, driver 12.4)": the device and driver in one line.
std::string describe(const Driver &d);

/// "CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)": the driver's name and text for `result`, or its
/// number when the driver cannot name it (or is not loaded).
std::string error_text(CUresult result);

/// Throws tj::Error("CUDA driver call <call>() failed: <error_text>").
[[noreturn]] void raise_driver_error(CUresult result, const char *call);

/// Throws the tj::Error of raise_driver_error() unless `result` is CUDA_SUCCESS: check(api.cuInit(0), "cuInit").
inline void check(CUresult result, const char *call) {
    if (result != CUDA_SUCCESS) [[unlikely]]
        raise_driver_error(result, call);
}

} // namespace tj::cuda
