// runtime/backend/cpu/cpu_lowering_gather_scatter.cpp — gathers, scatters and atomic scatters in CPU kernels
//
// The shared lowering (shared_llvm_lowering.cpp) checks a gather's or scatter's indices against the buffer and the
// active lanes; these hooks access memory on the lanes that pass: masked gathers and scatters, and atomics one lane
// after the other. A packed gather's channels are cpu_lowering_packed_gather.cpp's.
#include "backend/cpu/cpu_lowering.h"
#include "backend/llvm/shared_llvm_atomic.h"

namespace tj::cpu {

using llvm::Value;

/// Runs `per_lane(lane)` for each lane where `valid` is set, one lane after the other (atomics on lanes whose
/// indices coincide all take effect). `per_lane` may add blocks; it returns a value for the lane or null.
/// With `results` (an initial vector), returns that vector with each valid lane's value inserted.
template <class F> Value *Lowering::each_valid_lane(Value *valid, Value *results, F per_lane) {
    llvm::BasicBlock *before = m_b.GetInsertBlock();
    auto *loop = llvm::BasicBlock::Create(m_ctx, "atomic", m_function);
    auto *body = llvm::BasicBlock::Create(m_ctx, "atomic.lane", m_function);
    auto *next = llvm::BasicBlock::Create(m_ctx, "atomic.next", m_function);
    auto *done = llvm::BasicBlock::Create(m_ctx, "atomic.done", m_function);
    m_b.CreateBr(loop);
    m_b.SetInsertPoint(loop);
    llvm::PHINode *lane = m_b.CreatePHI(m_b.getInt32Ty(), 2);
    lane->addIncoming(m_b.getInt32(0), before);
    llvm::PHINode *acc = nullptr;
    if (results) {
        acc = m_b.CreatePHI(results->getType(), 2);
        acc->addIncoming(results, before);
    }
    m_b.CreateCondBr(m_b.CreateExtractElement(valid, lane), body, next);
    m_b.SetInsertPoint(body);
    Value *got = per_lane(lane);
    Value *with_got = results ? m_b.CreateInsertElement(acc, got, lane) : nullptr;
    llvm::BasicBlock *body_end = m_b.GetInsertBlock();
    m_b.CreateBr(next);
    m_b.SetInsertPoint(next);
    llvm::PHINode *acc_next = nullptr;
    if (results) {
        acc_next = m_b.CreatePHI(results->getType(), 2);
        acc_next->addIncoming(acc, loop);
        acc_next->addIncoming(with_got, body_end);
        acc->addIncoming(acc_next, next);
    }
    Value *lane_next = m_b.CreateAdd(lane, m_b.getInt32(1));
    lane->addIncoming(lane_next, next);
    m_b.CreateCondBr(m_b.CreateICmpULT(lane_next, m_b.getInt32(m_width)), loop, done);
    m_b.SetInsertPoint(done);
    return acc_next;
}

Value *Lowering::load_where(const Instr &ins, Value *valid, Value *index64) {
    Value *ptrs = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.c], index64);
    llvm::Type *vt = vec(mem_type(ins.type));
    return m_b.CreateMaskedGather(vt, ptrs, align_of(ins.type), valid, llvm::Constant::getNullValue(vt));
}

void Lowering::store_where(const Instr &ins, Value *valid, Value *index64, Value *value) {
    Value *ptrs = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.d], index64);
    m_b.CreateMaskedScatter(to_mem(ins.type, value), ptrs, align_of(ins.type), valid);
}

/// target[index] op= value, one atomic per valid lane (shared_llvm_atomic.h).
void Lowering::atomic_where(const Instr &ins, detail::ReduceOp op, Value *valid, Value *index64, Value *value) {
    Value *ptrs = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.d], index64);
    Value *mem = to_mem(ins.type, value);
    each_valid_lane(valid, nullptr, [&](Value *lane) -> Value * {
        atomic::reduce(m_b, op, ins.type, m_b.CreateExtractElement(ptrs, lane), m_b.CreateExtractElement(mem, lane));
        return nullptr;
    });
}

/// The old values; 0 on lanes that write nothing.
Value *Lowering::increment_where(const Instr &ins, Value *valid, Value *index64) {
    Value *ptrs = m_b.CreateInBoundsGEP(m_b.getInt32Ty(), m_params[ins.d], index64);
    Value *zeros = llvm::Constant::getNullValue(vec(m_b.getInt32Ty()));
    return each_valid_lane(valid, zeros, [&](Value *lane) {
        return atomic::increment(m_b, m_b.CreateExtractElement(ptrs, lane));
    });
}

} // namespace tj::cpu
