// runtime/backend/llvm/shared_llvm_elementwise.h — element-wise kernel IR ops as LLVM IR, written once for the CPU and CUDA
//
// The CPU lowering (cpu_lowering.h) keeps a register as a vector of lanes, the CUDA lowering (cuda_codegen.cpp)
// as one scalar per thread. IRBuilder operations and LLVM constants work on both alike, so arithmetic,
// comparisons, bit operations, casts and the defined results that replace C++'s undefined behaviour
// (docs/semantics.md) live here; every result takes the shape (vector or scalar) of its operands. What the
// backends do differently, calling math functions and the float remainder, comes in through `TargetMath`.
// Memory access, the element loop and symbolic loops stay in each backend.
#pragma once

#include "kernel/kernel_ir.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/IRBuilder.h>

namespace tj::elementwise {

bool is_float(VarType t);
bool is_signed(VarType t);
/// Bits of one value in a register (Bool: 1).
unsigned bits_of(VarType t);

/// The LLVM type of one element of `t` in a register (Bool is i1).
llvm::Type *scalar_type(llvm::LLVMContext &ctx, VarType t);
/// The literal whose bits (low bytes) are `bits`, as one element of `t`.
llvm::Constant *scalar_constant(llvm::LLVMContext &ctx, VarType t, uint64_t bits);

/// The operations that each backend lowers in its own way.
class TargetMath {
  public:
    virtual ~TargetMath() = default;
    /// Calls C's math function `name` (the double version's name: "exp", "atan2") on registers of the
    /// float type `t`; Float32 uses the `…f` variant.
    virtual llvm::Value *call_math(const char *name, VarType t, llvm::ArrayRef<llvm::Value *> args) = 0;
    /// The exact float remainder of C's fmod: the sign of `a`, |result| < |b|.
    virtual llvm::Value *fmod(llvm::Value *a, llvm::Value *b, VarType t) = 0;
};

/// Declares (once) the external math function `name` of type `type` as pure, for `TargetMath::call_math`: it
/// reads and writes no memory, does not throw and returns, so calls to it are hoisted and deduplicated.
llvm::FunctionCallee declare_pure_function(llvm::Module &m, llvm::StringRef name, llvm::FunctionType *type);
/// A call to a function from `declare_pure_function`, marked as reading no memory as well.
llvm::CallInst *call_pure_function(llvm::IRBuilder<> &b, llvm::FunctionCallee f, llvm::ArrayRef<llvm::Value *> args);

/// Converts `v` from `from` to `to`: to Bool is `!= 0`; float → int saturates and maps NaN to 0.
llvm::Value *convert(llvm::IRBuilder<> &b, llvm::Value *v, VarType from, VarType to);

/// Lowers the Compute instruction `ins` for every op but Gather and the scatters (those access memory);
/// `values[k]` is the register of instruction k. Float ops may contract into FMA, nothing else.
llvm::Value *compute(llvm::IRBuilder<> &b, TargetMath &math, const Instr &ins, llvm::ArrayRef<llvm::Value *> values);

} // namespace tj::elementwise
