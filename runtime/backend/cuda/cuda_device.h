// runtime/backend/cuda/cuda_device.h — what the CUDA Device (cuda_device.cpp) shows beyond the Device interface
#pragma once

#include "kernel/kernel_ir.h"

#include <string>

namespace tj::cuda {

/// The disk cache's key for the PTX of `ir` on a device of architecture `arch` (e.g. "sm_90") under driver version
/// `driver_version` (cuDriverGetVersion): the code generator's revision, LLVM's version, arch and driver, then the IR.
std::string disk_key(const KernelIR &ir, const std::string &arch, int driver_version);

} // namespace tj::cuda
