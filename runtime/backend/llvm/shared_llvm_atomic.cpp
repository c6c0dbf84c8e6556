// runtime/backend/llvm/shared_llvm_atomic.cpp — atomic scatter reductions of one element as LLVM IR (CPU and CUDA)
#include "backend/llvm/shared_llvm_atomic.h"

#include "kernel/reduce_algebra.h"
#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

namespace tj::atomic {

using detail::ReduceOp;
using elementwise::is_float;
using llvm::AtomicRMWInst;
using llvm::Value;

namespace {

constexpr auto ordering = llvm::AtomicOrdering::Monotonic;

llvm::Align align_of(VarType t) { return llvm::Align(detail::type_size(t)); }

/// *ptr *= value by compare and swap: read, multiply, swap in if *ptr still holds what was read, else retry with
/// what it holds now. Floats compare as their bits (a NaN read stays a NaN and the swap succeeds).
void multiply(llvm::IRBuilder<> &b, VarType t, Value *ptr, Value *value) {
    llvm::LLVMContext &ctx = b.getContext();
    llvm::Function *f = b.GetInsertBlock()->getParent();
    llvm::Type *bits = b.getIntNTy(unsigned(detail::type_size(t) * 8));
    llvm::Type *vt = value->getType();
    auto *first = b.CreateAlignedLoad(bits, ptr, align_of(t));
    first->setAtomic(ordering);
    llvm::BasicBlock *before = b.GetInsertBlock();
    auto *retry = llvm::BasicBlock::Create(ctx, "atomic.mul", f);
    auto *done = llvm::BasicBlock::Create(ctx, "atomic.mul.done", f);
    b.CreateBr(retry);
    b.SetInsertPoint(retry);
    llvm::PHINode *seen = b.CreatePHI(bits, 2);
    seen->addIncoming(first, before);
    Value *old = b.CreateBitCast(seen, vt);
    Value *product = is_float(t) ? b.CreateFMul(old, value) : b.CreateMul(old, value);
    Value *swap = b.CreateAtomicCmpXchg(ptr, seen, b.CreateBitCast(product, bits), align_of(t), ordering, ordering);
    Value *now = b.CreateExtractValue(swap, 0);
    seen->addIncoming(now, retry);
    b.CreateCondBr(b.CreateExtractValue(swap, 1), done, retry);
    b.SetInsertPoint(done);
}

} // namespace

void reduce(llvm::IRBuilder<> &b, ReduceOp op, VarType t, Value *ptr, Value *value) {
    using reduce_algebra::Combine;
    TJ_ASSERT(op != ReduceOp::Mean && reduce_algebra::defined(op, t), "an atomic scatter reduction outside the table");
    const bool fp = is_float(t);
    AtomicRMWInst::BinOp kind;
    switch (reduce_algebra::combine_of(op, t)) {
    case Combine::Add: kind = fp ? AtomicRMWInst::FAdd : AtomicRMWInst::Add; break;
    case Combine::Mul: multiply(b, t, ptr, value); return;
    case Combine::And: kind = AtomicRMWInst::And; break;
    case Combine::Or: kind = AtomicRMWInst::Or; break;
    case Combine::MinNum: kind = AtomicRMWInst::FMin; break;
    case Combine::MaxNum: kind = AtomicRMWInst::FMax; break;
    case Combine::MinSigned: kind = AtomicRMWInst::Min; break;
    case Combine::MaxSigned: kind = AtomicRMWInst::Max; break;
    case Combine::MinUnsigned: kind = AtomicRMWInst::UMin; break;
    case Combine::MaxUnsigned: kind = AtomicRMWInst::UMax; break;
    default: TJ_UNREACHABLE("a reduction combination outside the enumeration");
    }
    b.CreateAtomicRMW(kind, ptr, value, align_of(t), ordering);
}

Value *increment(llvm::IRBuilder<> &b, Value *ptr) {
    return b.CreateAtomicRMW(AtomicRMWInst::Add, ptr, b.getInt32(1), llvm::Align(4), ordering);
}

} // namespace tj::atomic
