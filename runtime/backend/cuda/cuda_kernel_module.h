// runtime/backend/cuda/cuda_kernel_module.h — the frame of the hand-written CUDA kernels (reduce, scan) in LLVM IR
//
// cuda_reduce.cpp and cuda_scan.cpp each build one kernel of 64-bit parameters by hand; what they share lives
// here: the `.entry` with its NVVM annotations, shared-memory arrays, special registers, the barrier, and the
// compilation of the finished module to PTX.
#pragma once

#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>

#include <cstdint>
#include <string>

namespace llvm {
class GlobalVariable;
class Module;
class TargetMachine;
} // namespace llvm

namespace tj::cuda {

/// NVPTX address spaces of global and shared memory.
inline constexpr unsigned global_space = 1, shared_space = 3;
/// Threads per warp on every architecture the backend targets.
inline constexpr unsigned warp_size = 32;

/// Which lane a warp shuffle reads (`shfl.sync.<mode>`, all 32 lanes taking part): lane + delta (Down, its own
/// value past lane 31), lane - delta (Up, its own value below lane delta), or the lane `delta` (Idx).
enum class Shuffle { Down, Up, Idx };

/// A kernel `name` (an `.entry`, nounwind) of one 64-bit integer parameter per name in `params`, whose CTAs have at
/// most `max_threads` threads (`.maxntid`).
llvm::Function *create_entry(llvm::Module &m, const char *name, llvm::ArrayRef<const char *> params,
                             uint32_t max_threads);

/// An array of `count` elements of `element` in shared memory, 8-byte aligned, uninitialised.
llvm::GlobalVariable *shared_array(llvm::Module &m, llvm::Type *element, uint64_t count, const char *name);

/// A special register (such as nvvm_read_ptx_sreg_tid_x), zero-extended to 64 bits.
llvm::Value *special_register(llvm::IRBuilder<> &b, llvm::Intrinsic::ID id);

/// `bar.sync 0`: every thread of the CTA waits here for the others.
void barrier(llvm::IRBuilder<> &b);

/// `v` (i1, or any 32- or 64-bit scalar: 64 bits shuffle as two halves) of the lane that `mode` and `delta` (an i32)
/// name, in every lane of the warp.
llvm::Value *warp_shuffle(llvm::IRBuilder<> &b, Shuffle mode, llvm::Value *v, llvm::Value *delta);

/// Verifies `m`, optimises it at O3 for `tm` and returns its PTX; `what` names the kernel in the trace log and
/// in the assertion that reports invalid IR.
std::string module_to_ptx(llvm::Module &m, llvm::TargetMachine &tm, const char *what);

} // namespace tj::cuda
