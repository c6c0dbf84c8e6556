// runtime/backend/cpu/cpu_sorted_dispatch.cpp — finds the dispatch region a CPU kernel sorts its lanes for and what
// crosses its phases (cpu_sorted_dispatch.h)
#include "backend/cpu/cpu_sorted_dispatch.h"

#include <tracejit/error.h>

#include <algorithm>

namespace tj::cpu {
namespace {

using detail::Op;

/// Case ids at or past this are not looked up in a table: such a region runs its cases one after the other.
constexpr uint32_t max_table_id = 1u << 16;
/// Lanes per chunk, and the most bytes of chunk scratch (stack memory of the kernel's thread) per chunk (a kernel
/// that would need more for `min_chunk_lanes` is not sorted). At K = 64
/// (96 cases, about 20 lanes per case and chunk) chunks of 1024, 2048 and 4096 lanes cost the same CPU time within
/// 4 %: fewer lanes per case leave more SIMD lanes idle, more lanes leave the L1 cache.
constexpr uint32_t chunk_lanes = 2048, min_chunk_lanes = 256, max_scratch_bytes = 192 * 1024;

bool is_memory_op(Op op) {
    return op == Op::Gather || op == Op::Scatter || op == Op::ScatterAdd || op == Op::ScatterReduce ||
           op == Op::ScatterInc;
}

size_t mem_size(VarType t) { return t == VarType::Bool ? 1 : detail::type_size(t); }

/// The first top-level region with enough cases and small ids: its SwitchStart, or UINT32_MAX.
uint32_t find_region(const KernelIR &ir) {
    int depth = 0; // open symbolic loops and regions
    for (uint32_t n = 0; n < ir.instrs.size(); ++n) {
        const Instr &ins = ir.instrs[n];
        switch (ins.kind) {
        case InstrKind::LoopStart: ++depth; break;
        case InstrKind::LoopEnd: --depth; break;
        case InstrKind::SwitchEnd: --depth; break;
        case InstrKind::SwitchStart: {
            if (depth == 0 && ins.imm >= sorted_min_cases) {
                bool small_ids = true;
                for (uint32_t k = n + 1; k < ir.instrs.size(); ++k) {
                    const Instr &c = ir.instrs[k];
                    if (c.kind == InstrKind::SwitchEnd && c.a == n)
                        break;
                    if (c.kind == InstrKind::SwitchCase && c.imm >= max_table_id)
                        small_ids = false;
                }
                if (small_ids)
                    return n;
            }
            ++depth;
            break;
        }
        default: break;
        }
    }
    return UINT32_MAX;
}

} // namespace

void instr_operands(const Instr &ins, std::vector<uint32_t> &out) {
    switch (ins.kind) {
    case InstrKind::Compute:
        switch (ins.op) {
        case Op::Gather: out.insert(out.end(), {ins.a, ins.b}); return;
        case Op::ScatterInc: out.insert(out.end(), {ins.a, ins.b}); return;
        case Op::Scatter:
        case Op::ScatterAdd:
        case Op::ScatterReduce: out.insert(out.end(), {ins.a, ins.b, ins.c}); return;
        default: {
            unsigned n = op_arity(ins.op);
            out.push_back(ins.a);
            if (n > 1)
                out.push_back(ins.b);
            if (n > 2)
                out.push_back(ins.c);
            return;
        }
        }
    case InstrKind::Store: out.push_back(ins.b); return;
    case InstrKind::Phi:
    case InstrKind::LoopCond:
    case InstrKind::SwitchStart:
    case InstrKind::SwitchPhi: out.push_back(ins.a); return;
    case InstrKind::PhiUpdate:
    case InstrKind::SwitchUpdate: out.insert(out.end(), {ins.a, ins.b}); return;
    default: return; // Const, Load, Bcast, Index, ConstTable, LoopStart, LoopEnd, SwitchCase, SwitchEnd
    }
}

bool has_sorted_dispatch(const KernelIR &ir) { return find_region(ir) != UINT32_MAX && plan_sorted(ir, 1); }

std::optional<SortedPlan> plan_sorted(const KernelIR &ir, unsigned width) {
    uint32_t start = find_region(ir);
    if (start == UINT32_MAX)
        return std::nullopt;
    SortedPlan p;
    p.start = start;
    p.ids = ir.instrs[start].a;
    size_t count = ir.instrs.size();
    int nested = 0; // regions inside a case (they run as a sequence): their SwitchPhis and SwitchCases are theirs
    for (uint32_t n = start + 1; n < count; ++n) {
        const Instr &ins = ir.instrs[n];
        if (ins.kind == InstrKind::SwitchEnd && ins.a == start) {
            p.end = n;
            break;
        }
        nested += ins.kind == InstrKind::SwitchStart ? 1 : ins.kind == InstrKind::SwitchEnd ? -1 : 0;
        if (nested == 0 && ins.kind == InstrKind::SwitchPhi)
            p.phis.push_back(n);
        if (nested == 0 && ins.kind == InstrKind::SwitchCase) {
            p.cases.push_back(n);
            p.case_ids.push_back(uint32_t(ins.imm));
            p.max_id = std::max(p.max_id, uint32_t(ins.imm));
        }
    }
    TJ_ASSERT(p.end > start && p.phis.size() == ir.instrs[start].b && p.cases.size() == ir.instrs[start].imm,
              "a dispatch region of the kernel IR is malformed");

    // Recomputed where used: literals, width-1 inputs, and element-wise arithmetic on nothing else.
    std::vector<uint32_t> ops;
    p.remat.assign(count, 0);
    for (uint32_t n = 0; n < count; ++n) {
        const Instr &ins = ir.instrs[n];
        if (ins.kind == InstrKind::Const || ins.kind == InstrKind::Bcast || ins.kind == InstrKind::ConstTable) {
            p.remat[n] = 1;
        } else if (ins.kind == InstrKind::Compute && !is_memory_op(ins.op)) {
            ops.clear();
            instr_operands(ins, ops);
            p.remat[n] = std::all_of(ops.begin(), ops.end(), [&](uint32_t k) { return k < n && p.remat[k]; });
        }
    }
    // What phases C and D read of phase A's values: every operand before the region, except the recomputed ones
    // and the ids inside the region (a case's lanes all hold its id).
    p.slot.assign(count, -1);
    for (uint32_t n = start; n < count; ++n) {
        const Instr &ins = ir.instrs[n];
        bool in_region = n <= p.end;
        ops.clear();
        instr_operands(ins, ops);
        for (uint32_t k : ops) {
            if (k >= start || p.remat[k] || (in_region && k == p.ids) || p.slot[k] >= 0)
                continue;
            p.slot[k] = int32_t(p.exports.size());
            p.exports.push_back(k);
        }
    }
    size_t bytes = 3 * sizeof(uint32_t); // each lane's case, the permutation and its inverse
    for (uint32_t k : p.exports)
        bytes += mem_size(ir.instrs[k].type);
    for (uint32_t k : p.phis)
        bytes += mem_size(ir.instrs[k].type);
    if (max_scratch_bytes / bytes < min_chunk_lanes)
        return std::nullopt; // too much crosses the phases for the stack: the cases run one after the other
    uint32_t lanes = uint32_t(std::min<size_t>(max_scratch_bytes / bytes, chunk_lanes));
    p.chunk = std::max(width, lanes / width * width);
    return p;
}

} // namespace tj::cpu
