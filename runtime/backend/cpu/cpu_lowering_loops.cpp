// runtime/backend/cpu/cpu_lowering_loops.cpp — symbolic loops in CPU kernels: one SIMD loop over the lanes still running
//
// A symbolic loop (kernel_ir.h) runs its body on the lanes whose condition holds, until no lane's does: the state
// lives in phi nodes of the loop header (the frame is shared_llvm_lowering.cpp's), lanes that are done keep their
// values. These are the CPU's hooks into that frame: the running lanes are a phi of the header as well.
#include "backend/cpu/cpu_lowering.h"

namespace tj::cpu {

using llvm::Value;

void Lowering::loop_enter(SymbolicLoop &l) {
    l.running = m_b.CreatePHI(m_active->getType(), 2, "running");
    l.running->addIncoming(m_active, l.pre);
    l.outer_active = m_active;
    m_active = l.running; // the condition's gathers read for the running lanes only
}

/// Whether any lane still iterates: those whose condition holds among the running ones.
Value *Lowering::loop_iterates(SymbolicLoop &l, Value *cond) {
    l.active = m_b.CreateAnd(cond, l.running, "iterating");
    return m_b.CreateOrReduce(l.active);
}

void Lowering::loop_body_entered(SymbolicLoop &l) { m_active = l.active; }

/// Lanes that did not run the body keep their state.
Value *Lowering::loop_state_next(SymbolicLoop &l, llvm::PHINode *phi, Value *value) {
    return m_b.CreateSelect(l.active, value, phi);
}

void Lowering::loop_left(SymbolicLoop &l, llvm::BasicBlock *latch) {
    l.running->addIncoming(l.active, latch);
    m_active = l.outer_active;
}

} // namespace tj::cpu
