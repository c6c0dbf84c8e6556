// tests/fake_cuda/fake_libcuda.cpp — a stand-in libcuda.so.1 without a GPU, for the tests of driver loading
//
// Exports the entry points tracejit binds (with the driver's symbol names and result codes) and behaves like the
// NVIDIA driver on a machine it describes: FAKE_CUDA_DEVICES=0 is a driver whose cuInit finds no device
// (CUDA_ERROR_NO_DEVICE), FAKE_CUDA_DEVICES=1 reports one device of compute capability 9.0 with 132 SMs.
// FAKE_CUDA_WITHOUT_LAUNCH_KERNEL leaves cuLaunchKernel out, as an old or foreign library would. Nothing here
// runs code or holds memory: every call that would need a GPU fails with CUDA_ERROR_NOT_SUPPORTED — except in the
// FAKE_CUDA_MEMORY variant, whose fake_memory.cpp emulates contexts, streams, memory, modules and launches (kernels
// run on the CPU by tests/ptx_exec; a failed launch's CUDA_ERROR_LAUNCH_FAILED text says what stopped it).
#include <cstddef>
#include <cstring>
#include <string>

#ifndef FAKE_CUDA_DEVICES
#error "FAKE_CUDA_DEVICES (0 or 1) selects the variant"
#endif

namespace {

using CUresult = int;
constexpr CUresult CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_NOT_INITIALIZED = 3,
                   CUDA_ERROR_NO_DEVICE = 100, CUDA_ERROR_INVALID_DEVICE = 101, CUDA_ERROR_NOT_SUPPORTED = 801;

constexpr int device_count = FAKE_CUDA_DEVICES;
constexpr const char *device_name = "tracejit fake CUDA device, no GPU";
bool initialised = false;

#ifndef FAKE_CUDA_MEMORY
/// What every call after cuInit that would need a GPU answers.
CUresult needs_gpu() { return initialised ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_NOT_INITIALIZED; }
#endif

struct ErrorInfo {
    CUresult code;
    const char *name, *text;
};
constexpr ErrorInfo errors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
#ifdef FAKE_CUDA_MEMORY // the results fake_memory.cpp gives
    {2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {201, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {218, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {400, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {500, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {719, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
#endif
};

const ErrorInfo *find_error(CUresult code) {
    for (const ErrorInfo &e : errors)
        if (e.code == code)
            return &e;
    return nullptr;
}

} // namespace

#ifdef FAKE_CUDA_MEMORY
extern thread_local std::string t_launch_failure; // fake_memory.cpp
#endif

extern "C" {

CUresult cuInit(unsigned flags) {
    if (flags != 0)
        return CUDA_ERROR_INVALID_VALUE;
    if (device_count == 0)
        return CUDA_ERROR_NO_DEVICE;
    initialised = true;
    return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *version) {
    if (!version)
        return CUDA_ERROR_INVALID_VALUE;
    *version = 12040; // 12.4
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
    if (!initialised)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!count)
        return CUDA_ERROR_INVALID_VALUE;
    *count = device_count;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGet(int *device, int ordinal) {
    if (!initialised)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!device)
        return CUDA_ERROR_INVALID_VALUE;
    if (ordinal < 0 || ordinal >= device_count)
        return CUDA_ERROR_INVALID_DEVICE;
    *device = ordinal;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int length, int device) {
    if (!initialised)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!name || length <= 0)
        return CUDA_ERROR_INVALID_VALUE;
    if (device < 0 || device >= device_count)
        return CUDA_ERROR_INVALID_DEVICE;
    std::strncpy(name, device_name, size_t(length) - 1);
    name[length - 1] = '\0';
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
    if (!initialised)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!value)
        return CUDA_ERROR_INVALID_VALUE;
    if (device < 0 || device >= device_count)
        return CUDA_ERROR_INVALID_DEVICE;
    // Values of CUdevice_attribute.
    switch (attribute) {
    case 1: *value = 1024; return CUDA_SUCCESS; // MAX_THREADS_PER_BLOCK
    case 10: *value = 32; return CUDA_SUCCESS;  // WARP_SIZE
    case 16: *value = 132; return CUDA_SUCCESS; // MULTIPROCESSOR_COUNT
    case 75: *value = 9; return CUDA_SUCCESS;   // COMPUTE_CAPABILITY_MAJOR
    case 76: *value = 0; return CUDA_SUCCESS;   // COMPUTE_CAPABILITY_MINOR
    default: return CUDA_ERROR_INVALID_VALUE;
    }
}

CUresult cuGetErrorName(CUresult error, const char **name) {
    const ErrorInfo *e = find_error(error);
    if (!name || !e) {
        if (name)
            *name = nullptr;
        return CUDA_ERROR_INVALID_VALUE;
    }
    *name = e->name;
    return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult error, const char **text) {
    const ErrorInfo *e = find_error(error);
    if (!text || !e) {
        if (text)
            *text = nullptr;
        return CUDA_ERROR_INVALID_VALUE;
    }
    *text = e->text;
#ifdef FAKE_CUDA_MEMORY // a failed launch: what the PTX engine reported (fake_memory.cpp)
    if (error == 719 && !t_launch_failure.empty())
        *text = t_launch_failure.c_str();
#endif
    return CUDA_SUCCESS;
}

#ifndef FAKE_CUDA_MEMORY
// Contexts, modules, launches, memory and streams need a GPU.
CUresult cuDevicePrimaryCtxRetain(void **, int) { return needs_gpu(); }
CUresult cuDevicePrimaryCtxRelease_v2(int) { return needs_gpu(); }
CUresult cuCtxSetCurrent(void *) { return needs_gpu(); }
CUresult cuModuleLoadDataEx(void **, const void *, unsigned, int *, void **) { return needs_gpu(); }
CUresult cuModuleUnload(void *) { return needs_gpu(); }
CUresult cuModuleGetFunction(void **, void *, const char *) { return needs_gpu(); }
#ifndef FAKE_CUDA_WITHOUT_LAUNCH_KERNEL
CUresult cuLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *, void **,
                        void **) {
    return needs_gpu();
}
#endif
CUresult cuMemAlloc_v2(unsigned long long *, size_t) { return needs_gpu(); }
CUresult cuMemFree_v2(unsigned long long) { return needs_gpu(); }
CUresult cuMemcpyHtoDAsync_v2(unsigned long long, const void *, size_t, void *) { return needs_gpu(); }
CUresult cuMemcpyDtoHAsync_v2(void *, unsigned long long, size_t, void *) { return needs_gpu(); }
CUresult cuMemcpyDtoDAsync_v2(unsigned long long, unsigned long long, size_t, void *) { return needs_gpu(); }
CUresult cuMemsetD8Async(unsigned long long, unsigned char, size_t, void *) { return needs_gpu(); }
CUresult cuStreamCreate(void **, unsigned) { return needs_gpu(); }
CUresult cuStreamSynchronize(void *) { return needs_gpu(); }
CUresult cuStreamDestroy_v2(void *) { return needs_gpu(); }
#endif

} // extern "C"
