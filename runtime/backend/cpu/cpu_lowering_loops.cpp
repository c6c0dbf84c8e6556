// runtime/backend/cpu/cpu_lowering_loops.cpp — symbolic loops in CPU kernels: one SIMD loop over the lanes still running
//
// A symbolic loop (kernel_ir.h) runs its body on the lanes whose condition holds, until no lane's does:
// the state lives in phi nodes of the loop header, lanes that are done keep their values.
#include "backend/cpu/cpu_lowering.h"

namespace tj::cpu {

using llvm::Value;

Value *Lowering::loop_start() {
    SymbolicLoop l;
    l.pre = m_b.GetInsertBlock();
    l.header = llvm::BasicBlock::Create(m_ctx, "sym.head", m_function);
    l.body = llvm::BasicBlock::Create(m_ctx, "sym.body", m_function);
    l.exit = llvm::BasicBlock::Create(m_ctx, "sym.exit", m_function);
    m_b.CreateBr(l.header);
    m_b.SetInsertPoint(l.header);
    l.running = m_b.CreatePHI(m_active->getType(), 2, "running");
    l.running->addIncoming(m_active, l.pre);
    l.outer_active = m_active;
    m_active = l.running; // the condition's gathers read for the running lanes only
    m_loops.push_back(l);
    return nullptr;
}

Value *Lowering::loop_phi(const Instr &ins) {
    SymbolicLoop &l = m_loops.back();
    llvm::IRBuilder<> at_top(l.header, l.header->getFirstNonPHIIt()); // phis first, whatever follows
    llvm::PHINode *phi = at_top.CreatePHI(reg_type(ins.type), 2, "state");
    phi->addIncoming(m_values[ins.a], l.pre);
    return phi;
}

Value *Lowering::loop_cond(const Instr &ins) {
    SymbolicLoop &l = m_loops.back();
    l.active = m_b.CreateAnd(m_values[ins.a], l.running, "iterating");
    m_b.CreateCondBr(m_b.CreateOrReduce(l.active), l.body, l.exit);
    m_b.SetInsertPoint(l.body);
    m_active = l.active;
    return nullptr;
}

Value *Lowering::phi_update(const Instr &ins) {
    SymbolicLoop &l = m_loops.back();
    auto *phi = llvm::cast<llvm::PHINode>(m_values[ins.a]);
    l.next.push_back({phi, m_b.CreateSelect(l.active, m_values[ins.b], phi)});
    return nullptr;
}

Value *Lowering::loop_end() {
    SymbolicLoop l = m_loops.back();
    m_loops.pop_back();
    llvm::BasicBlock *latch = m_b.GetInsertBlock();
    for (auto &[phi, value] : l.next)
        phi->addIncoming(value, latch);
    l.running->addIncoming(l.active, latch);
    m_b.CreateBr(l.header);
    m_b.SetInsertPoint(l.exit);
    m_active = l.outer_active;
    return nullptr;
}

} // namespace tj::cpu
