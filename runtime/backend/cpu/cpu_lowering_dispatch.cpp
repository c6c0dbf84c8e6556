// runtime/backend/cpu/cpu_lowering_dispatch.cpp — tj::dispatch regions in CPU kernels: case after case, or sorted by case
//
// The sorted form of a kernel with a wide dispatch region (cpu_sorted_dispatch.h, docs/vcalls.md "The sorted
// form"): the block runs in chunks, each in phases A (the code before the region), B (a counting sort of the
// chunk's lanes by case), C (each case on its lanes, in full SIMD groups) and D (the code after the region).
// Values pass between phases through chunk scratch on the stack.
// The plan (which kernels, what passes between the phases) is cpu_sorted_dispatch.cpp's.
#include "backend/cpu/cpu_lowering.h"

#include <tracejit/error.h>

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

#include <algorithm>

namespace tj::cpu {

using llvm::Value;

void Lowering::build_sorted(Value *start, Value *end, llvm::BasicBlock *chunk_head, llvm::BasicBlock *exit) {
    const SortedPlan &p = *m_plan;
    llvm::BasicBlock *entry = m_b.GetInsertBlock();
    llvm::Type *i32 = m_b.getInt32Ty();
    size_t cases = p.cases.size();
    // Chunk scratch: static allocas of the entry block.
    auto array = [&](llvm::Type *t, uint64_t n, const char *name) {
        llvm::AllocaInst *a = m_b.CreateAlloca(t, m_b.getInt64(n), name);
        a->setAlignment(llvm::Align(64));
        return a;
    };
    for (uint32_t k : p.exports)
        m_scratch.push_back(array(mem_type(m_ir.instrs[k].type), p.chunk, "export"));
    for (uint32_t k : p.phis)
        m_results.push_back(array(mem_type(m_ir.instrs[k].type), p.chunk, "result"));
    m_keys = array(i32, p.chunk, "case.of");
    m_perm_base = array(i32, p.chunk, "perm");
    m_inverse = array(i32, p.chunk, "perm.inverse");
    Value *next_at = array(i32, cases + 1, "case.next"); // per case: its count, then where its next lane goes
    m_case_start = array(i32, cases + 2, "case.start");
    // The case of each id (`cases` for ids without one, and for ids past max_id at the table's last entry).
    std::vector<uint32_t> table(size_t(p.max_id) + 2, uint32_t(cases));
    for (size_t c = 0; c < cases; ++c)
        table[p.case_ids[c]] = uint32_t(c);
    auto *table_init = llvm::ConstantDataArray::get(m_ctx, table);
    auto *case_table = new llvm::GlobalVariable(m_module, table_init->getType(), true,
                                                llvm::GlobalValue::PrivateLinkage, table_init, "case.table");
    m_entry_values = m_values;

    m_b.SetInsertPoint(chunk_head);
    llvm::PHINode *cs = m_b.CreatePHI(m_b.getInt64Ty(), 2, "chunk");
    cs->addIncoming(start, entry);
    m_chunk = cs;
    Value *ce = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, m_b.CreateAdd(cs, m_b.getInt64(p.chunk)), end);

    // A: the code before the region; its exports and each lane's case to scratch.
    group_loop(cs, ce, [&](Value *i) {
        top_level_group(i, ce);
        lower_range(0, p.start, Phase::Before);
        Value *at = m_b.CreateSub(i, cs);
        for (size_t j = 0; j < p.exports.size(); ++j)
            store_lanes(m_scratch[j], at, p.exports[j]);
        Value *ids = m_values[p.ids];
        Value *row = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, ids,
                                               m_b.CreateVectorSplat(m_width, m_b.getInt32(p.max_id + 1)));
        Value *ptrs = m_b.CreateInBoundsGEP(i32, case_table, m_b.CreateZExt(row, vec(m_b.getInt64Ty())));
        Value *kase = m_b.CreateMaskedGather(vec(i32), ptrs, llvm::Align(4), m_active);
        m_b.CreateMaskedStore(kase, m_b.CreateInBoundsGEP(i32, m_keys, at), llvm::Align(4), m_active);
    });

    // B: counting sort of the chunk's lanes by case (lanes of no case last): m_perm_base[m_case_start[c] + r]
    // is the r-th lane of case c, m_inverse[lane] its place there.
    Value *keys = m_keys;
    Value *n = m_b.CreateSub(ce, cs);
    m_b.CreateMemSet(next_at, m_b.getInt8(0), (cases + 1) * 4, llvm::Align(4));
    scalar_loop(n, [&](Value *j) {
        Value *c = m_b.CreateLoad(i32, m_b.CreateInBoundsGEP(i32, keys, j));
        Value *slot = m_b.CreateInBoundsGEP(i32, next_at, c);
        m_b.CreateStore(m_b.CreateAdd(m_b.CreateLoad(i32, slot), m_b.getInt32(1)), slot);
    });
    llvm::AllocaInst *sum = nullptr;
    {
        llvm::IRBuilder<>::InsertPointGuard guard(m_b);
        m_b.SetInsertPoint(entry, entry->getFirstInsertionPt());
        sum = m_b.CreateAlloca(i32, nullptr, "case.sum");
    }
    m_b.CreateStore(m_b.getInt32(0), sum);
    scalar_loop(m_b.getInt64(cases + 1), [&](Value *c) {
        Value *slot = m_b.CreateInBoundsGEP(i32, next_at, c);
        Value *count = m_b.CreateLoad(i32, slot), *before = m_b.CreateLoad(i32, sum);
        m_b.CreateStore(before, m_b.CreateInBoundsGEP(i32, m_case_start, c));
        m_b.CreateStore(before, slot);
        m_b.CreateStore(m_b.CreateAdd(before, count), sum);
    });
    scalar_loop(n, [&](Value *j) {
        Value *c = m_b.CreateLoad(i32, m_b.CreateInBoundsGEP(i32, keys, j));
        Value *slot = m_b.CreateInBoundsGEP(i32, next_at, c);
        Value *to = m_b.CreateLoad(i32, slot);
        m_b.CreateStore(m_b.CreateTrunc(j, i32), m_b.CreateInBoundsGEP(i32, m_perm_base, to));
        m_b.CreateStore(to, m_b.CreateInBoundsGEP(i32, m_inverse, j));
        m_b.CreateStore(m_b.CreateAdd(to, m_b.getInt32(1)), slot);
    });

    // C: each case on its lanes.
    for (size_t c = 0; c < cases; ++c) {
        auto bound = [&](size_t k) {
            return m_b.CreateZExt(m_b.CreateLoad(i32, m_b.CreateConstInBoundsGEP1_64(i32, m_case_start, k)),
                                  m_b.getInt64Ty());
        };
        Value *first = bound(c), *last = bound(c + 1);
        uint32_t from = p.cases[c] + 1, to = c + 1 < cases ? p.cases[c + 1] : p.end;
        group_loop(first, last, [&](Value *g) {
            m_values = m_entry_values;
            m_case = c;
            m_group = g;
            m_perm = m_b.CreateMaskedLoad(vec(i32), m_b.CreateInBoundsGEP(i32, m_perm_base, g), llvm::Align(4),
                                          m_active, llvm::Constant::getNullValue(vec(i32)));
            m_index = m_b.CreateAdd(m_b.CreateVectorSplat(m_width, cs),
                                    m_b.CreateZExt(m_perm, vec(m_b.getInt64Ty())), "index");
            m_i = nullptr;
            m_top_active = m_active;
            m_stream = nullptr;
            lower_range(from, to, Phase::Case);
            m_perm = nullptr;
        });
    }

    // D: the code after the region.
    group_loop(cs, ce, [&](Value *i) {
        top_level_group(i, ce);
        lower_range(p.end + 1, uint32_t(m_ir.instrs.size()), Phase::After);
    });
    cs->addIncoming(ce, m_b.GetInsertBlock());
    m_b.CreateCondBr(m_b.CreateICmpULT(ce, end), chunk_head, exit);
    m_b.SetInsertPoint(exit);
    m_b.CreateRetVoid();
}

/// A loop over the SIMD groups of [from, to) (none when from >= to): `body(i)` lowers the group that starts at i,
/// with m_active its lanes below `to`.
template <class F> void Lowering::group_loop(Value *from, Value *to, F body) {
    llvm::BasicBlock *before = m_b.GetInsertBlock();
    auto *loop = llvm::BasicBlock::Create(m_ctx, "group", m_function);
    auto *done = llvm::BasicBlock::Create(m_ctx, "group.done", m_function);
    m_b.CreateCondBr(m_b.CreateICmpULT(from, to), loop, done);
    m_b.SetInsertPoint(loop);
    llvm::PHINode *i = m_b.CreatePHI(m_b.getInt64Ty(), 2, "i");
    i->addIncoming(from, before);
    m_active = lanes_below(i, to);
    body(i);
    Value *next = m_b.CreateAdd(i, m_b.getInt64(m_width), "i.next", true, true);
    i->addIncoming(next, m_b.GetInsertBlock());
    m_b.CreateCondBr(m_b.CreateICmpULT(next, to), loop, done);
    m_b.SetInsertPoint(done);
}

/// for (j = 0; j < n; ++j) body(j), scalar (n: i64).
template <class F> void Lowering::scalar_loop(Value *n, F body) {
    llvm::BasicBlock *before = m_b.GetInsertBlock();
    auto *loop = llvm::BasicBlock::Create(m_ctx, "scalar", m_function);
    auto *done = llvm::BasicBlock::Create(m_ctx, "scalar.done", m_function);
    m_b.CreateCondBr(m_b.CreateICmpULT(m_b.getInt64(0), n), loop, done);
    m_b.SetInsertPoint(loop);
    llvm::PHINode *j = m_b.CreatePHI(m_b.getInt64Ty(), 2, "j");
    j->addIncoming(m_b.getInt64(0), before);
    body(j);
    Value *next = m_b.CreateAdd(j, m_b.getInt64(1), "j.next", true, true);
    j->addIncoming(next, m_b.GetInsertBlock());
    m_b.CreateCondBr(m_b.CreateICmpULT(next, n), loop, done);
    m_b.SetInsertPoint(done);
}

/// A group of phase A or D (elements in order): the values of the entry only, the group's indices and streaming.
void Lowering::top_level_group(Value *i, Value *chunk_end) {
    m_values = m_entry_values;
    m_i = i;
    m_index = lane_indices(i);
    m_top_active = m_active;
    m_stream = m_stream_ok ? m_b.CreateAnd(m_stream_ok,
                                           m_b.CreateICmpULE(m_b.CreateAdd(i, m_b.getInt64(m_width)), chunk_end))
                           : nullptr;
}

/// Lowers instructions [from, to) of one phase, reading operands of other phases with `import` first (where they
/// dominate the range: a symbolic loop's Phi takes its initial value before the loop).
void Lowering::lower_range(uint32_t from, uint32_t to, Phase phase) {
    std::vector<uint32_t> ops;
    for (uint32_t n = from; n < to; ++n)
        instr_operands(m_ir.instrs[n], ops);
    for (uint32_t k : ops)
        if (k < from && !m_values[k])
            import(k, phase);
    walk(from, to); // as the plain form: in blocks of block_limit instructions
}

/// Gives m_values[k] the value of instruction k of another phase, for the current group.
void Lowering::import(uint32_t k, Phase phase) {
    const SortedPlan &p = *m_plan;
    const Instr &ins = m_ir.instrs[k];
    if (p.remat[k]) {
        std::vector<uint32_t> ops;
        instr_operands(ins, ops);
        for (uint32_t o : ops)
            if (!m_values[o])
                import(o, phase);
        m_values[k] = lower(ins);
        return;
    }
    if (phase == Phase::Case && k == p.ids) { // every lane of a case holds its id
        m_values[k] = m_b.CreateVectorSplat(m_width, m_b.getInt32(p.case_ids[m_case]));
        return;
    }
    llvm::Type *mt = mem_type(ins.type);
    llvm::Type *vt = vec(mt);
    Value *zero = llvm::Constant::getNullValue(vt);
    auto result = std::find(p.phis.begin(), p.phis.end(), k);
    if (result != p.phis.end()) { // a merged result: its initial value where no case ran on the lane
        if (!m_values[ins.a])
            import(ins.a, phase);
        Value *init = m_values[ins.a];
        if (phase == Phase::Case) {
            m_values[k] = init;
            return;
        }
        TJ_ASSERT(phase == Phase::After, "a sorted kernel reads a merged result before its region");
        // phase D: the cases wrote their lanes' results in sorted order
        llvm::Type *i32 = m_b.getInt32Ty();
        Value *at = m_b.CreateSub(m_i, m_chunk);
        Value *kase = m_b.CreateMaskedLoad(vec(i32), m_b.CreateInBoundsGEP(i32, m_keys, at), llvm::Align(4),
                                           m_active, llvm::Constant::getNullValue(vec(i32)));
        Value *place = m_b.CreateMaskedLoad(vec(i32), m_b.CreateInBoundsGEP(i32, m_inverse, at), llvm::Align(4),
                                            m_active, llvm::Constant::getNullValue(vec(i32)));
        Value *ran = m_b.CreateAnd(
            m_active,
            m_b.CreateICmpNE(kase, m_b.CreateVectorSplat(m_width, m_b.getInt32(uint32_t(p.cases.size())))));
        Value *ptrs = m_b.CreateInBoundsGEP(mt, m_results[size_t(result - p.phis.begin())], place);
        m_values[k] =
            from_mem(ins.type, m_b.CreateMaskedGather(vt, ptrs, align_of(ins.type), ran, to_mem(ins.type, init)));
        return;
    }
    Value *base = p.slot[k] >= 0 ? m_scratch[size_t(p.slot[k])] : nullptr;
    TJ_ASSERT(base && phase != Phase::Before,
              "a sorted kernel reads a value of another phase that it did not keep");
    Value *v;
    if (phase == Phase::Case) // the case's lanes, through the permutation
        v = m_b.CreateMaskedGather(vt, m_b.CreateInBoundsGEP(mt, base, m_perm), align_of(ins.type), m_active, zero);
    else
        v = m_b.CreateMaskedLoad(vt, m_b.CreateInBoundsGEP(mt, base, m_b.CreateSub(m_i, m_chunk)),
                                 align_of(ins.type), m_active, zero);
    m_values[k] = from_mem(ins.type, v);
}

/// Stores the value of instruction k for the group at `at` (relative to the chunk) into `base`.
void Lowering::store_lanes(Value *base, Value *at, uint32_t k) {
    VarType t = m_ir.instrs[k].type;
    m_b.CreateMaskedStore(to_mem(t, m_values[k]), m_b.CreateInBoundsGEP(mem_type(t), base, at), align_of(t),
                          m_active);
}

// A dispatch region that is not sorted (too few cases, or inside a symbolic loop or a sorted case) runs its cases
// one after the other, as the shared lowering does: a SwitchPhi is its initial value, each case's SwitchUpdate
// rebinds it.
Value *Lowering::switch_update(const Instr &ins) {
    if (m_perm && std::find(m_plan->phis.begin(), m_plan->phis.end(), ins.a) != m_plan->phis.end()) {
        // a case of the sorted region: its results in sorted order (phase D reads them through the inverse)
        size_t j = size_t(std::find(m_plan->phis.begin(), m_plan->phis.end(), ins.a) - m_plan->phis.begin());
        VarType t = m_ir.instrs[ins.a].type;
        m_b.CreateMaskedStore(to_mem(t, m_values[ins.b]),
                              m_b.CreateInBoundsGEP(mem_type(t), m_results[j], m_group), align_of(t), m_active);
        return nullptr;
    }
    return llvm_lowering::Lowering::switch_update(ins);
}

} // namespace tj::cpu
