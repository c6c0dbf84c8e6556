// runtime/backend/cuda/cuda_ptx.h — compiles kernel IR to PTX text for a GPU architecture (NVPTX + libdevice)
#pragma once

#include "kernel/kernel_ir.h"

#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace tj::cuda {

/// Revision of the PTX code generation (cuda_codegen.cpp, cuda_ptx.cpp): part of the disk cache's keys, raised
/// whenever the same kernel IR would give different PTX.
inline constexpr int codegen_revision = 4;

/// PTX text of `ir` for `arch` (such as "sm_90"), with the kernel `tj_kernel` (cuda_codegen.h). Math functions
/// come from libdevice, read once per process from `libdevice_path()`; a kernel that calls none does not need it.
/// Optimised at O3, no fast-math approximations. Thread-safe: every call has its own LLVM context and target
/// machine. Throws tj::Error for an architecture LLVM does not know and when libdevice cannot be read.
std::string compile_ptx(const KernelIR &ir, const std::string &arch);

/// A target machine for NVPTX code of `arch` (O3, IEEE math); the target is registered once per process. Throws
/// tj::Error for an architecture LLVM does not know (LLVM itself would only warn and use its default).
std::unique_ptr<llvm::TargetMachine> nvptx_target_machine(const std::string &arch);

/// Where libdevice is read from: `$CUDA_HOME/nvvm/libdevice/libdevice.10.bc` when CUDA_HOME is set and not
/// empty, `/usr/local/cuda/nvvm/libdevice/libdevice.10.bc` otherwise.
std::string libdevice_path();

} // namespace tj::cuda
