// runtime/backend/llvm/shared_llvm_atomic.h — one element's atomic scatter reduction as LLVM IR, for the CPU and CUDA
//
// Both backends lower a scatter reduction lane by lane (the CPU: one lane of its vector at a time; CUDA: one
// thread); what happens to one element is the same on both and lives here: an `atomicrmw` where LLVM has one for
// the operator and type, a compare-and-swap loop otherwise (products).
#pragma once

#include <tracejit/detail/core.h>

#include <llvm/IR/IRBuilder.h>

namespace tj::atomic {

/// *ptr = *ptr op value, atomically (monotonic ordering). `value` is in memory form (Bool: an i8 of 0 or 1) and of
/// type `t`. Sum adds (wrapping for integers), Prod multiplies (a compare-and-swap loop: there is no atomic
/// product), Min/Max compare as `t` does (signed or unsigned; floats as fmin/fmax, ignoring NaN; Bool: and/or),
/// And/Or are bitwise (not for floats). Leaves the builder after the operation.
void reduce(llvm::IRBuilder<> &b, detail::ReduceOp op, VarType t, llvm::Value *ptr, llvm::Value *value);

/// old = *ptr; *ptr = old + 1, atomically (monotonic), for a UInt32 `ptr`; returns old (an i32).
llvm::Value *increment(llvm::IRBuilder<> &b, llvm::Value *ptr);

} // namespace tj::atomic
