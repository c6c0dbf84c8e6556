// runtime/backend/cuda/cuda_codegen.h — lowers kernel IR to an LLVM module for NVIDIA GPUs (NVPTX), one thread per element
#pragma once

#include "kernel/kernel_ir.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace tj::cuda {

/// Name of the kernel (the `.entry` of the PTX) in every CUDA module.
inline constexpr const char *kernel_entry = "tj_kernel";
/// Target triple of the generated modules.
inline constexpr const char *nvptx_triple = "nvptx64-nvidia-cuda";

/// Builds the kernel `tj_kernel(i64 start, i64 end, params…)`: pointer params are global (`addrspace(1)`), Size
/// params are i64, the ConstTable param points to 64-bit literal slots. Thread `ctaid.x * ntid.x + tid.x` handles
/// element `start` plus that index, then every grid-stride further element below `end`, so any grid size is correct.
/// Math functions are left as calls to libdevice's `__nv_*` functions, which the caller links (cuda_ptx.cpp).
std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, llvm::LLVMContext &ctx, const std::string &data_layout);

} // namespace tj::cuda
