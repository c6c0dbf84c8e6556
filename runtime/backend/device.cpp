// runtime/backend/device.cpp — which backends can run
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

} // namespace tj::backends
