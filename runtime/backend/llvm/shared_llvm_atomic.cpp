// runtime/backend/llvm/shared_llvm_atomic.cpp — atomic scatter reductions of one element as LLVM IR (CPU and CUDA)
#include "backend/llvm/shared_llvm_atomic.h"

#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

namespace tj::atomic {

using detail::ReduceOp;
using elementwise::is_float;
using elementwise::is_signed;
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
    const bool fp = is_float(t), sgn = is_signed(t), mask = t == VarType::Bool;
    AtomicRMWInst::BinOp kind;
    switch (op) {
    case ReduceOp::Sum: kind = fp ? AtomicRMWInst::FAdd : AtomicRMWInst::Add; break;
    case ReduceOp::Min:
        kind = fp ? AtomicRMWInst::FMin : mask ? AtomicRMWInst::And : sgn ? AtomicRMWInst::Min : AtomicRMWInst::UMin;
        break;
    case ReduceOp::Max:
        kind = fp ? AtomicRMWInst::FMax : mask ? AtomicRMWInst::Or : sgn ? AtomicRMWInst::Max : AtomicRMWInst::UMax;
        break;
    case ReduceOp::And: kind = AtomicRMWInst::And; break;
    case ReduceOp::Or: kind = AtomicRMWInst::Or; break;
    case ReduceOp::Prod: multiply(b, t, ptr, value); return;
    default: TJ_UNREACHABLE("an atomic scatter reduction with Mean");
    }
    TJ_ASSERT(!fp || (op != ReduceOp::And && op != ReduceOp::Or), "an atomic And/Or of floats");
    b.CreateAtomicRMW(kind, ptr, value, align_of(t), ordering);
}

Value *increment(llvm::IRBuilder<> &b, Value *ptr) {
    return b.CreateAtomicRMW(AtomicRMWInst::Add, ptr, b.getInt32(1), llvm::Align(4), ordering);
}

} // namespace tj::atomic
