// runtime/backend/cuda/cuda_reduce_ops.cpp — a reduction operator in the CUDA kernels' LLVM IR: its identity and `a op b`
#include "backend/cuda/cuda_reduce_ops.h"

#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

#include <llvm/IR/Intrinsics.h>

namespace tj::cuda {

using detail::ReduceOp;
using elementwise::is_float;
using elementwise::is_signed;

llvm::Value *reduce_identity(llvm::Type *t, ReduceOp op, VarType acc, FloatMinMaxIdentity float_min_max) {
    bool fp = is_float(acc);
    unsigned bits = t->getPrimitiveSizeInBits();
    bool nan = float_min_max == FloatMinMaxIdentity::NaN;
    switch (op) {
    case ReduceOp::Sum: return llvm::Constant::getNullValue(t);
    case ReduceOp::Prod: return fp ? llvm::ConstantFP::get(t, 1.0) : llvm::ConstantInt::get(t, 1);
    case ReduceOp::Min:
        if (fp)
            return nan ? llvm::ConstantFP::getQNaN(t) : llvm::ConstantFP::getInfinity(t);
        return llvm::ConstantInt::get(t, is_signed(acc) ? llvm::APInt::getSignedMaxValue(bits)
                                                        : llvm::APInt::getMaxValue(bits)); // Bool: true
    case ReduceOp::Max:
        if (fp)
            return nan ? llvm::ConstantFP::getQNaN(t) : llvm::ConstantFP::getInfinity(t, true);
        return llvm::ConstantInt::get(t, is_signed(acc) ? llvm::APInt::getSignedMinValue(bits)
                                                        : llvm::APInt::getMinValue(bits)); // Bool: false
    case ReduceOp::And: return llvm::ConstantInt::get(t, llvm::APInt::getAllOnes(bits));
    case ReduceOp::Or: return llvm::ConstantInt::get(t, 0);
    case ReduceOp::Mean: break;
    }
    TJ_UNREACHABLE("no identity for a CUDA reduction or scan");
}

llvm::Value *reduce_combine(llvm::IRBuilder<> &b, ReduceOp op, VarType acc, llvm::Value *x, llvm::Value *y) {
    bool fp = is_float(acc);
    switch (op) {
    case ReduceOp::Sum: return fp ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
    case ReduceOp::Prod: return fp ? b.CreateFMul(x, y) : b.CreateMul(x, y);
    case ReduceOp::Min:
        if (fp)
            return b.CreateMinNum(x, y);
        if (acc == VarType::Bool)
            return b.CreateAnd(x, y);
        return b.CreateBinaryIntrinsic(is_signed(acc) ? llvm::Intrinsic::smin : llvm::Intrinsic::umin, x, y);
    case ReduceOp::Max:
        if (fp)
            return b.CreateMaxNum(x, y);
        if (acc == VarType::Bool)
            return b.CreateOr(x, y);
        return b.CreateBinaryIntrinsic(is_signed(acc) ? llvm::Intrinsic::smax : llvm::Intrinsic::umax, x, y);
    case ReduceOp::And: return b.CreateAnd(x, y);
    case ReduceOp::Or: return b.CreateOr(x, y);
    case ReduceOp::Mean: break;
    }
    TJ_UNREACHABLE("no combination for a CUDA reduction or scan");
}

} // namespace tj::cuda
