// runtime/jit/assemble_loop.cpp — a symbolic loop inside a kernel: invariant code hoisted, then the loop itself
//
// `emit_loop` emits the loop's initial values, then hoists what the body uses without depending on the loop's
// state (`find_variant`, `hoist_invariants`), then LoopStart, one Phi per state variable, the condition, the
// body and the updates, and LoopEnd (kernel_ir.h describes the shape).
#include "jit/assemble.h"

#include <algorithm>
#include <unordered_map>

namespace tj::jit {
namespace {

/// For each variable reachable from `roots` and not yet emitted: whether it depends on the state of `loop`
/// (an iterative post-order walk; an inner loop depends on it when anything it was traced from does). A gather of
/// an array that the loop writes (`written`) reads anew in each iteration.
void find_variant(State &s, uint32_t loop, const std::vector<uint32_t> &roots, const std::vector<uint32_t> &written,
                  std::unordered_map<uint32_t, bool> &variant) {
    std::vector<std::pair<uint32_t, bool>> stack; // (variable, children pushed)
    std::vector<uint32_t> kids;
    for (uint32_t r : roots)
        stack.push_back({r, false});
    while (!stack.empty()) {
        auto [id, expanded] = stack.back();
        stack.pop_back();
        const Variable &v = s.vars[id];
        if (variant.count(id) && !expanded)
            continue;
        if (v.scratch) {
            variant[id] = false;
            continue;
        }
        if (v.op == Op::LoopPhi) {
            variant[id] = loop_of(v.literal) == loop;
            continue;
        }
        if (v.op == Op::Gather && std::find(written.begin(), written.end(), v.dep[2]) != written.end()) {
            variant[id] = true; // (its index and mask may still move out)
            if (expanded)
                continue;
        }
        kids.clear();
        children_of(s, id, kids);
        if (!expanded) {
            variant.emplace(id, false); // provisional until its operands are known (graphs are acyclic)
            stack.push_back({id, true});
            for (uint32_t k : kids)
                if (!variant.count(k))
                    stack.push_back({k, false});
            continue;
        }
        bool any = variant[id]; // (true for a gather of a written array)
        for (uint32_t k : kids)
            any |= variant[k];
        variant[id] = any;
    }
}

/// Emits, before the loop starts, everything the loop's condition and body use that does not depend on its
/// state (loop-invariant code is computed once, not per iteration).
void hoist_invariants(State &s, Assembly &as, const std::vector<uint32_t> &roots,
                      std::unordered_map<uint32_t, bool> &variant) {
    std::vector<uint32_t> stack(roots), kids;
    std::unordered_map<uint32_t, bool> seen;
    while (!stack.empty()) {
        uint32_t id = stack.back();
        stack.pop_back();
        if (!seen.emplace(id, true).second || s.vars[id].scratch)
            continue;
        if (!variant[id]) {
            if (s.vars[id].op != Op::LoopPhi) // another loop's LoopPhi: visit() reports it where it is used
                visit(s, as, id);
            continue;
        }
        if (s.vars[id].op == Op::LoopOut) { // an inner loop: only its initial values can move out
            const LoopRecord &r = s.loops[loop_of(s.vars[id].literal)];
            stack.insert(stack.end(), r.init.begin(), r.init.end());
            continue;
        }
        kids.clear();
        children_of(s, id, kids);
        stack.insert(stack.end(), kids.begin(), kids.end());
    }
}

} // namespace

void emit_loop(State &s, Assembly &as, uint32_t loop) {
    if (s.loops[loop].case_id && emit_switch(s, as, loop))
        return;
    emit_loop_instrs(s, as, loop, {}, true);
}

std::vector<uint32_t> emit_loop_instrs(State &s, Assembly &as, uint32_t loop, const std::vector<uint32_t> &init_at,
                                       bool give_results) {
    const LoopRecord &r = s.loops[loop]; // no loop is created while a kernel is assembled
    auto given = [&](size_t k) { return k < init_at.size() && init_at[k] != UINT32_MAX; };
    for (size_t k = 0; k < r.init.size(); ++k)
        if (!given(k))
            visit(s, as, r.init[k]);
    hoist_loop_invariants(s, as, loop);

    Instr ins;
    ins.kind = InstrKind::LoopStart;
    ins.imm = r.phi.size();
    uint32_t start = emit(as, ins);
    size_t body_from = as.visited.size();
    std::vector<uint32_t> phi_instr;
    for (size_t k = 0; k < r.phi.size(); ++k) {
        Instr phi;
        phi.kind = InstrKind::Phi;
        phi.type = phi.src_type = s.vars[r.phi[k]].type;
        phi.a = given(k) ? init_at[k] : ref_of(s, r.init[k]);
        phi_instr.push_back(emit(as, phi));
        s.vars[r.phi[k]].scratch = phi_instr.back() + 1;
        as.visited.push_back(r.phi[k]);
    }
    visit(s, as, r.cond);
    Instr cond;
    cond.kind = InstrKind::LoopCond;
    cond.type = cond.src_type = VarType::Bool;
    cond.a = ref_of(s, r.cond);
    emit(as, cond);
    // The body's gathers, scatters and inner loops in the order they were traced (each after what it uses), then
    // the rest of the body.
    for (uint32_t id : r.memory)
        visit(s, as, id);
    for (uint32_t id : r.update)
        visit(s, as, id);
    for (uint32_t id : r.effects)
        visit(s, as, id);
    for (size_t k = 0; k < r.phi.size(); ++k) {
        Instr up;
        up.kind = InstrKind::PhiUpdate;
        up.type = up.src_type = s.vars[r.phi[k]].type;
        up.a = phi_instr[k];
        up.b = ref_of(s, r.update[k]);
        emit(as, up);
    }
    Instr end;
    end.kind = InstrKind::LoopEnd;
    end.a = start;
    uint32_t end_at = emit(as, end);
    // Values of the body do not exist after the loop: a later use would be an escaped value (visit() says so).
    for (size_t i = body_from; i < as.visited.size(); ++i)
        s.vars[as.visited[i]].scratch = 0;
    if (!give_results)
        return phi_instr;
    for (size_t k = 0; k < r.outs.size(); ++k)
        if (uint32_t out = r.outs[k]) {
            s.vars[out].scratch = phi_instr[k] + 1;
            as.visited.push_back(out);
        }
    if (r.effect_var) {
        s.vars[r.effect_var].scratch = end_at + 1;
        as.visited.push_back(r.effect_var);
    }
    return phi_instr;
}

void hoist_loop_invariants(State &s, Assembly &as, uint32_t loop) {
    const LoopRecord &r = s.loops[loop];
    std::vector<uint32_t> roots(r.update);
    roots.insert(roots.end(), r.effects.begin(), r.effects.end());
    roots.insert(roots.end(), r.memory.begin(), r.memory.end());
    roots.push_back(r.cond);
    std::vector<uint32_t> written;
    loop_targets(s, loop, written);
    std::unordered_map<uint32_t, bool> variant;
    find_variant(s, loop, roots, written, variant);
    hoist_invariants(s, as, roots, variant);
}

} // namespace tj::jit
