// runtime/backend/cuda/cuda_driver.cpp — loads libcuda.so.1, binds its entry points, describes device 0 or says why not
//
// Read `load_driver` top to bottom: open the library, bind every entry point (all missing ones are named),
// cuInit, count and describe the devices. Each step that fails records the reason and stops.
#include "backend/cuda/cuda_driver.h"

#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <atomic>
#include <mutex>
#include <vector>

#include <dlfcn.h>
#include <link.h>

namespace tj::cuda {
namespace {

constexpr const char *library_name = "libcuda.so.1";

/// Binds `fn` to `symbol` of `handle`; records the symbol in `missing` if the library lacks it.
template <typename Fn> void bind(void *handle, Fn &fn, const char *symbol, std::vector<std::string> &missing) {
    fn = reinterpret_cast<Fn>(::dlsym(handle, symbol));
    if (!fn)
        missing.emplace_back(symbol);
}

void bind_all(void *handle, DriverApi &api, std::vector<std::string> &missing) {
    bind(handle, api.cuInit, "cuInit", missing);
    bind(handle, api.cuDriverGetVersion, "cuDriverGetVersion", missing);
    bind(handle, api.cuDeviceGetCount, "cuDeviceGetCount", missing);
    bind(handle, api.cuDeviceGet, "cuDeviceGet", missing);
    bind(handle, api.cuDeviceGetName, "cuDeviceGetName", missing);
    bind(handle, api.cuDeviceGetAttribute, "cuDeviceGetAttribute", missing);
    bind(handle, api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", missing);
    bind(handle, api.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", missing);
    bind(handle, api.cuCtxSetCurrent, "cuCtxSetCurrent", missing);
    bind(handle, api.cuModuleLoadDataEx, "cuModuleLoadDataEx", missing);
    bind(handle, api.cuModuleUnload, "cuModuleUnload", missing);
    bind(handle, api.cuModuleGetFunction, "cuModuleGetFunction", missing);
    bind(handle, api.cuLaunchKernel, "cuLaunchKernel", missing);
    bind(handle, api.cuMemAlloc, "cuMemAlloc_v2", missing);
    bind(handle, api.cuMemFree, "cuMemFree_v2", missing);
    bind(handle, api.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2", missing);
    bind(handle, api.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2", missing);
    bind(handle, api.cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2", missing);
    bind(handle, api.cuMemsetD8Async, "cuMemsetD8Async", missing);
    bind(handle, api.cuStreamCreate, "cuStreamCreate", missing);
    bind(handle, api.cuStreamSynchronize, "cuStreamSynchronize", missing);
    bind(handle, api.cuStreamDestroy, "cuStreamDestroy_v2", missing);
    bind(handle, api.cuGetErrorName, "cuGetErrorName", missing);
    bind(handle, api.cuGetErrorString, "cuGetErrorString", missing);
}

/// The entry points of the loaded driver once all are bound (null before or without one), for error_text().
std::atomic<const DriverApi *> bound_api{nullptr};

/// The file `handle` was loaded from, as the dynamic linker resolved it.
std::string loaded_path(void *handle) {
    struct link_map *map = nullptr;
    if (::dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && *map->l_name)
        return map->l_name;
    return library_name;
}

/// The device's description, or the failing query.
std::string describe_device(const DriverApi &api, DeviceInfo &dev) {
    if (CUresult r = api.cuDeviceGet(&dev.handle, 0))
        return fmt::format("cuDeviceGet(0) failed with {}", error_text(r));
    char name[256] = {};
    if (CUresult r = api.cuDeviceGetName(name, sizeof name - 1, dev.handle))
        return fmt::format("cuDeviceGetName() failed with {}", error_text(r));
    dev.name = name;
    struct Query {
        CUdevice_attribute attribute;
        int *value;
        const char *what;
    };
    for (Query q :
         {Query{CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &dev.compute_major, "compute capability major"},
          Query{CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &dev.compute_minor, "compute capability minor"},
          Query{CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &dev.sm_count, "multiprocessor count"},
          Query{CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &dev.max_threads_per_block, "max threads per block"},
          Query{CU_DEVICE_ATTRIBUTE_WARP_SIZE, &dev.warp_size, "warp size"}})
        if (CUresult r = api.cuDeviceGetAttribute(q.value, q.attribute, dev.handle))
            return fmt::format("cuDeviceGetAttribute({}) failed with {}", q.what, error_text(r));
    dev.arch = fmt::format("sm_{}{}", dev.compute_major, dev.compute_minor);
    return {};
}

/// Fills `d` (the process-wide driver, so that `bound_api` may point into it); stops at the first failure.
void load_driver(Driver &d) {
    ::dlerror(); // clear a stale message
    void *handle = ::dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = ::dlerror();
        d.failure = fmt::format("{} could not be opened ({}); no NVIDIA driver is installed, or it is not on the "
                                "library search path",
                                library_name, why ? why : "no reason given");
        return;
    }
    d.library = loaded_path(handle); // never dlclose'd: the driver lives as long as the process
    std::vector<std::string> missing;
    bind_all(handle, d.api, missing);
    if (!missing.empty()) {
        d.failure = fmt::format("{} does not export {} (an NVIDIA driver older than this build supports, or not "
                                "NVIDIA's driver)",
                                d.library, fmt::join(missing, ", "));
        return;
    }
    bound_api = &d.api; // from here on the driver names its errors, even when cuInit fails
    d.api.cuDriverGetVersion(&d.driver_version);
    if (CUresult r = d.api.cuInit(0))
        d.failure = fmt::format("cuInit(0) failed with {}", error_text(r));
    else if (CUresult r = d.api.cuDeviceGetCount(&d.device_count))
        d.failure = fmt::format("cuDeviceGetCount() failed with {}", error_text(r));
    else if (d.device_count < 1)
        d.failure = fmt::format("the driver ({}) reports no CUDA device", d.library);
    else
        d.failure = describe_device(d.api, d.device);
}

} // namespace

const Driver &driver() {
    static std::once_flag once;
    static Driver &d = *new Driver(); // never destroyed: device memory may be released from static destructors
    std::call_once(once, [] {
        load_driver(d);
        logging::debug("CUDA: {}", d.usable() ? describe(d) + " via " + d.library : d.failure);
    });
    return d;
}

std::string describe(const Driver &d) {
    const DeviceInfo &dev = d.device;
    return fmt::format("{} ({}, {} SMs, driver {}.{})", dev.name, dev.arch, dev.sm_count, d.driver_version / 1000,
                       d.driver_version % 1000 / 10);
}

std::string error_text(CUresult result) {
    const DriverApi *api = bound_api.load();
    if (!api)
        return fmt::format("CUresult {} (no complete driver is loaded to name it)", result);
    const char *name = nullptr, *text = nullptr;
    if (api->cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
        return fmt::format("CUresult {} (a code the driver does not name)", result);
    if (api->cuGetErrorString(result, &text) != CUDA_SUCCESS)
        text = nullptr;
    return text ? fmt::format("{} ({})", name, text) : std::string(name);
}

void raise_driver_error(CUresult result, const char *call) {
    throw Error(fmt::format("CUDA driver call {}() failed: {}", call, error_text(result)));
}

} // namespace tj::cuda
