// runtime/backend/cuda/cuda_reduce_ops.h — a reduction operator in the CUDA kernels' LLVM IR: its identity and `a op b`
//
// The block and grid reductions (cuda_reduce.cpp) and the scans (cuda_scan.cpp) fold values with the same
// operators; they differ only in what a float Min/Max starts from (see FloatMinMaxIdentity).
#pragma once

#include <tracejit/detail/core.h>

#include <llvm/IR/IRBuilder.h>

namespace tj::cuda {

/// Which value float Min/Max take as the identity: NaN, which minnum/maxnum drop and which stays when every element
/// is NaN (what the reductions and the scans fold from), or ±infinity (what an exclusive scan writes at the first
/// position of a block).
enum class FloatMinMaxIdentity { NaN, Infinity };

/// The value of LLVM type `t` (the accumulator type `acc`) that leaves the other operand of reduce_combine unchanged.
llvm::Value *reduce_identity(llvm::Type *t, detail::ReduceOp op, VarType acc, FloatMinMaxIdentity float_min_max);

/// a op b in the accumulator type: wrapping integers, IEEE floats, minnum/maxnum (NaN ignored, as fmin/fmax),
/// and/or for Bool.
llvm::Value *reduce_combine(llvm::IRBuilder<> &b, detail::ReduceOp op, VarType acc, llvm::Value *x, llvm::Value *y);

} // namespace tj::cuda
