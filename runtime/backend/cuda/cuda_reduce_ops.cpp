// runtime/backend/cuda_reduce_ops.cpp — a reduction operator in the CUDA kernels' LLVM IR: its identity and `a op b`,
// emitted from the table of kernel/reduce_algebra.h
#include "backend/cuda/cuda_reduce_ops.h"

#include "kernel/reduce_algebra.h"
#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

#include <llvm/IR/Intrinsics.h>

namespace tj::cuda {

using detail::ReduceOp;
using elementwise::is_float;

llvm::Value *reduce_identity(llvm::Type *t, ReduceOp op, VarType acc, FloatMinMaxIdentity float_min_max) {
    TJ_ASSERT(op != ReduceOp::Mean && reduce_algebra::defined(op, acc), "no identity for a CUDA reduction or scan");
    if (is_float(acc)) {
        if ((op == ReduceOp::Min || op == ReduceOp::Max) && float_min_max == FloatMinMaxIdentity::NaN)
            return llvm::ConstantFP::getQNaN(t);
        return llvm::ConstantFP::get(t, reduce_algebra::float_identity(op));
    }
    return llvm::ConstantInt::get(t, reduce_algebra::identity_bits(op, acc));
}

llvm::Value *reduce_combine(llvm::IRBuilder<> &b, ReduceOp op, VarType acc, llvm::Value *x, llvm::Value *y) {
    using reduce_algebra::Combine;
    bool fp = is_float(acc);
    switch (reduce_algebra::combine_of(op, acc)) {
    case Combine::Add: return fp ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
    case Combine::Mul: return fp ? b.CreateFMul(x, y) : b.CreateMul(x, y);
    case Combine::And: return b.CreateAnd(x, y);
    case Combine::Or: return b.CreateOr(x, y);
    case Combine::MinNum: return b.CreateMinNum(x, y);
    case Combine::MaxNum: return b.CreateMaxNum(x, y);
    case Combine::MinSigned: return b.CreateBinaryIntrinsic(llvm::Intrinsic::smin, x, y);
    case Combine::MaxSigned: return b.CreateBinaryIntrinsic(llvm::Intrinsic::smax, x, y);
    case Combine::MinUnsigned: return b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, x, y);
    case Combine::MaxUnsigned: return b.CreateBinaryIntrinsic(llvm::Intrinsic::umax, x, y);
    }
    TJ_UNREACHABLE("a reduction combination outside the enumeration");
}

} // namespace tj::cuda
