// runtime/backend/device.cpp — which backends can run, and the per-thread device override (freezing's recording)
#include "backend/device.h"

#include "backend/cuda/cuda_driver.h"

namespace tj::backends {

std::string unavailable_reason(Backend b) {
    if (b == Backend::CPU)
        return {};
    const cuda::Driver &d = cuda::driver();
    if (!d.usable())
        return "CUDA is not available: " + d.failure;
    return {};
}

DeviceOverride *&thread_override() {
    static thread_local DeviceOverride *o __attribute__((tls_model("initial-exec"))) = nullptr;
    return o;
}

} // namespace tj::backends
