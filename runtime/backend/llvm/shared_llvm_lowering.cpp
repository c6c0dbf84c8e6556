// runtime/backend/llvm/shared_llvm_lowering.cpp — the instruction walk, loop frames, gathers and scatters (CPU, CUDA)
//
// Read `lower` first: one case per InstrKind. What a target does differently comes in through the hooks of
// shared_llvm_lowering.h; everything here emits the same instructions for both, in the shape of their registers.
#include "backend/llvm/shared_llvm_lowering.h"

#include <tracejit/error.h>

namespace tj::llvm_lowering {

using detail::Op;
using llvm::Value;

Value *Lowering::lower(const Instr &ins) {
    switch (ins.kind) {
    case InstrKind::Const: return broadcast(elementwise::scalar_constant(m_ctx, ins.type, ins.imm));
    case InstrKind::Bcast:
        return broadcast(
            from_mem(ins.type, m_b.CreateAlignedLoad(mem_type(ins.type), m_params[ins.a], align_of(ins.type))));
    case InstrKind::Load: return load(ins);
    case InstrKind::ConstTable: {
        // Slot `imm` holds the literal's bits in its low bytes (little-endian).
        Value *p = m_b.CreateConstInBoundsGEP1_64(m_b.getInt64Ty(), m_params[ins.a], ins.imm);
        return broadcast(from_mem(ins.type, load_table_slot(ins.type, p)));
    }
    case InstrKind::Index: return elementwise::convert(m_b, m_index, VarType::UInt64, ins.type);
    case InstrKind::Store: store(ins); return nullptr;
    case InstrKind::Compute: return compute(ins);
    case InstrKind::LoopStart: return loop_start();
    case InstrKind::Phi: return loop_phi(ins);
    case InstrKind::LoopCond: return loop_cond(ins);
    case InstrKind::PhiUpdate: return phi_update(ins);
    case InstrKind::LoopEnd: return loop_end();
    // A dispatch region runs its cases one after the other (on the CPU unless it is sorted): a SwitchPhi is its
    // initial value, each case's SwitchUpdate rebinds it.
    case InstrKind::SwitchPhi: return m_values[ins.a];
    case InstrKind::SwitchUpdate: return switch_update(ins);
    case InstrKind::SwitchStart:
    case InstrKind::SwitchCase:
    case InstrKind::SwitchEnd: return nullptr;
    }
    return nullptr;
}

Value *Lowering::switch_update(const Instr &ins) {
    m_values[ins.a] = m_values[ins.b];
    return nullptr;
}

void Lowering::hoist_invariants() {
    m_values.assign(m_ir.instrs.size(), nullptr);
    for (size_t n = 0; n < m_ir.instrs.size(); ++n) {
        const Instr &ins = m_ir.instrs[n];
        if (ins.kind == InstrKind::Const || ins.kind == InstrKind::Bcast)
            m_values[n] = lower(ins);
    }
}

void Lowering::walk(uint32_t from, uint32_t to) {
    size_t in_block = 0;
    for (uint32_t n = from; n < to; ++n) {
        if (!m_values[n])
            m_values[n] = lower(m_ir.instrs[n]);
        if (m_block_limit && ++in_block == m_block_limit && n + 1 < to) {
            auto *next_block = llvm::BasicBlock::Create(m_ctx, "body", m_function);
            m_b.CreateBr(next_block);
            m_b.SetInsertPoint(next_block);
            in_block = 0;
        }
    }
}

void Lowering::element_loop(llvm::BasicBlock *loop, llvm::BasicBlock *exit, Value *first, llvm::BasicBlock *from,
                            Value *end) {
    m_b.SetInsertPoint(loop);
    llvm::PHINode *i = m_b.CreatePHI(m_b.getInt64Ty(), 2, "i");
    i->addIncoming(first, from);
    begin_iteration(i);
    walk(0, uint32_t(m_ir.instrs.size()));
    Value *next = next_element(i);
    i->addIncoming(next, m_b.GetInsertBlock());
    // `next < end` alone would wrap for an `end` near 2^64; element counts never get there.
    m_b.CreateCondBr(m_b.CreateICmpULT(next, end), loop, exit);
    m_b.SetInsertPoint(exit);
    m_b.CreateRetVoid();
}

std::vector<llvm::Type *> Lowering::param_types(unsigned leading) {
    std::vector<llvm::Type *> params(leading, m_b.getInt64Ty());
    for (ParamKind k : m_ir.params)
        params.push_back(k == ParamKind::Size ? (llvm::Type *)m_b.getInt64Ty() : pointer_type());
    return params;
}

void Lowering::bind_params(llvm::Function *f, unsigned first) {
    for (size_t k = 0; k < m_ir.params.size(); ++k) {
        ParamKind kind = m_ir.params[k];
        if (kind == ParamKind::Input || kind == ParamKind::Output) {
            f->addParamAttr(unsigned(k + first), llvm::Attribute::NoAlias);
            f->addParamAttr(unsigned(k + first), llvm::Attribute::NoCapture);
        }
        if (kind == ParamKind::Input)
            f->addParamAttr(unsigned(k + first), llvm::Attribute::ReadOnly);
    }
    for (size_t k = 0; k < m_ir.params.size(); ++k)
        m_params.push_back(f->getArg(unsigned(k + first)));
    m_function = f;
}

Value *Lowering::widen_index(VarType index_type, Value *index) {
    llvm::Type *i64 = shaped(m_b.getInt64Ty());
    return elementwise::is_signed(index_type) ? m_b.CreateSExtOrTrunc(index, i64) : m_b.CreateZExtOrTrunc(index, i64);
}

Value *Lowering::valid_index(VarType index_type, Value *index, Value *mask, Value *size, Value *&index64) {
    index64 = widen_index(index_type, index);
    Value *inside = m_b.CreateICmpULT(index64, broadcast(size));
    return m_b.CreateAnd(active_lanes(mask), inside);
}

Value *Lowering::compute(const Instr &ins) {
    switch (ins.op) {
    case Op::Gather: return ins.imm ? packed_channel(ins) : gather(ins);
    case Op::Scatter:
    case Op::ScatterAdd:
    case Op::ScatterReduce: scatter(ins); return nullptr;
    case Op::ScatterInc: return scatter_inc(ins);
    default: return elementwise::compute(m_b, *this, ins, m_values);
    }
}

/// source[index] where selected and inside the source (a=index, b=mask, c=source param, d=size param); else 0.
Value *Lowering::gather(const Instr &ins) {
    Value *index64;
    Value *valid = valid_index(ins.src_type, m_values[ins.a], m_values[ins.b], m_params[ins.d], index64);
    return from_mem(ins.type, load_where(ins, valid, index64));
}

/// target[index] = (or op=) value where selected and inside the target (a=value, b=index, c=mask, d=target
/// param, imm=size param). A Scatter's duplicate indices leave one of the values; every one of a reduction's counts.
void Lowering::scatter(const Instr &ins) {
    Value *index64;
    Value *valid = valid_index(ins.src_type, m_values[ins.b], m_values[ins.c], m_params[uint32_t(ins.imm)], index64);
    if (ins.op == Op::Scatter)
        store_where(ins, valid, index64, m_values[ins.a]);
    else
        atomic_where(ins, scatter_op(ins), valid, index64, m_values[ins.a]);
}

/// The old value of target[index] after an atomic increment (a=index, b=mask, d=target param, imm=size param); 0
/// where nothing is written.
Value *Lowering::scatter_inc(const Instr &ins) {
    Value *index64;
    Value *valid = valid_index(ins.src_type, m_values[ins.a], m_values[ins.b], m_params[uint32_t(ins.imm)], index64);
    return increment_where(ins, valid, index64);
}

/// A packed gather's channel (kernel_ir.h): the group's values are loaded by its first channel and kept for the
/// others of the same scope (packed_scope: inside a symbolic loop the group is read again).
Value *Lowering::packed_channel(const Instr &ins) {
    uint32_t count = uint32_t(ins.imm >> 32), channel = uint32_t(ins.imm);
    TJ_ASSERT(channel < count, "packed gather channel past its count");
    PackedKey key{ins.a, ins.b, ins.c, count, packed_scope()};
    auto it = m_packed.find(key);
    if (it == m_packed.end())
        it = m_packed.emplace(key, load_packed(ins, count)).first;
    return it->second[channel];
}

// A symbolic loop (kernel_ir.h): the state lives in phi nodes of the header, the condition's instructions follow
// them, the body runs while the condition holds (loop_iterates). After the loop, a Phi's value (the header's phi,
// which dominates the exit) is the state's final value.

Value *Lowering::loop_start() {
    SymbolicLoop l;
    l.pre = m_b.GetInsertBlock();
    l.header = llvm::BasicBlock::Create(m_ctx, "sym.head", m_function);
    if (loop_body_with_header())
        l.body = llvm::BasicBlock::Create(m_ctx, "sym.body", m_function);
    l.exit = llvm::BasicBlock::Create(m_ctx, "sym.exit", m_function);
    m_b.CreateBr(l.header);
    m_b.SetInsertPoint(l.header);
    loop_enter(l);
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
    Value *again = loop_iterates(l, m_values[ins.a]);
    if (!l.body)
        l.body = llvm::BasicBlock::Create(m_ctx, "sym.body", m_function);
    m_b.CreateCondBr(again, l.body, l.exit);
    m_b.SetInsertPoint(l.body);
    loop_body_entered(l);
    return nullptr;
}

Value *Lowering::phi_update(const Instr &ins) {
    SymbolicLoop &l = m_loops.back();
    auto *phi = llvm::cast<llvm::PHINode>(m_values[ins.a]);
    l.next.push_back({phi, loop_state_next(l, phi, m_values[ins.b])});
    return nullptr;
}

Value *Lowering::loop_end() {
    SymbolicLoop l = m_loops.back();
    m_loops.pop_back();
    llvm::BasicBlock *latch = m_b.GetInsertBlock();
    for (auto &[phi, value] : l.next)
        phi->addIncoming(value, latch);
    m_b.CreateBr(l.header);
    m_b.SetInsertPoint(l.exit);
    loop_left(l, latch);
    return nullptr;
}

} // namespace tj::llvm_lowering
