// runtime/jit/assemble_switch.cpp — the cases of a tj::dispatch (loop form) emitted as one dispatch region in the
// kernel IR
//
// tj::dispatch traces each instance's code as a symbolic loop that only the lanes holding its id enter, and chains
// the merged results from one case to the next (runtime/dispatch/dispatch.cpp). `emit_switch` finds that chain from
// any of its cases (a case's scatters may be emitted before the results) and emits SwitchStart, a SwitchPhi per
// merged result, each case's loop starting from the SwitchPhis, and SwitchEnd (kernel_ir.h), so that a backend may
// run the cases in any order: the CPU sorts the lanes of a wide region by case (cpu_sorted_dispatch.h,
// docs/vcalls.md). A merged result between two cases that the kernel stores (it is a root) ends the chain there.
#include "jit/assemble.h"
#include "jit/loop.h"

#include <algorithm>
#include <unordered_set>

namespace tj::jit {
namespace {

/// The first slot of a case's merged results in its state.
size_t results_at(const LoopRecord &r) { return r.init.size() - r.case_results; }

/// Whether a loop's results and scatters are not emitted yet.
bool unemitted(const State &s, const LoopRecord &r) {
    for (uint32_t out : r.outs)
        if (out && s.vars[out].scratch)
            return false;
    return !r.effect_var || !s.vars[r.effect_var].scratch;
}

/// The case before `r` in its chain: the loop whose LoopOuts (and only they, each held by `r` alone) are the merged
/// results `r` starts from; UINT32_MAX when `r` starts from something else (the first case: zeros).
uint32_t previous_case(const State &s, const LoopRecord &r) {
    size_t at = results_at(r);
    const Variable &first = s.vars[r.init[at]];
    if (first.op != Op::LoopOut)
        return UINT32_MAX;
    uint32_t prev = loop_of(first.literal);
    const LoopRecord &p = s.loops[prev];
    if (!p.in_use || !p.case_id || p.case_results != r.case_results || p.init.size() != r.init.size())
        return UINT32_MAX;
    size_t pat = results_at(p);
    for (size_t j = 0; j < r.case_results; ++j) {
        const Variable &v = s.vars[r.init[at + j]];
        if (v.op != Op::LoopOut || loop_of(v.literal) != prev || slot_of(v.literal) != pat + j || v.ref != 1)
            return UINT32_MAX;
    }
    for (size_t k = 0; k < pat; ++k) // the ids and arguments after the case: dropped by the dispatch
        if (p.outs[k])
            return UINT32_MAX;
    return prev;
}

/// The case after `loop` in its chain (the one that starts from its merged results), or UINT32_MAX.
uint32_t next_case(const State &s, uint32_t loop) {
    const LoopRecord &r = s.loops[loop];
    if (!r.case_results || !r.outs[results_at(r)])
        return UINT32_MAX;
    for (uint32_t n = 0; n < s.loops.size(); ++n) {
        const LoopRecord &c = s.loops[n];
        if (n != loop && c.in_use && c.case_id && c.case_results == r.case_results && c.init.size() == r.init.size() &&
            c.init[results_at(c)] == r.outs[results_at(r)] && previous_case(s, c) == loop)
            return n;
    }
    return UINT32_MAX;
}

} // namespace

bool emit_switch(State &s, Assembly &as, uint32_t loop) {
    // The chain's last case: a case's scatters may be emitted first (eval visits the pending scatters before the
    // results), and the whole chain goes with them.
    uint32_t last = loop;
    for (uint32_t next, steps = 0; (next = next_case(s, last)) != UINT32_MAX && steps < s.loops.size(); ++steps)
        last = next;
    const LoopRecord &lr = s.loops[last];
    uint32_t m = lr.case_results;
    if (!m || lr.init.size() <= m || !unemitted(s, lr))
        return false;
    for (size_t k = 0; k < results_at(lr); ++k)
        if (lr.outs[k])
            return false;
    std::vector<uint32_t> cases{last};
    std::unordered_set<uint32_t> ids_seen{lr.case_id};
    for (uint32_t prev; (prev = previous_case(s, s.loops[cases.back()])) != UINT32_MAX;) {
        const LoopRecord &p = s.loops[prev];
        if (!unemitted(s, p) || !ids_seen.insert(p.case_id).second)
            return false;
        cases.push_back(prev);
    }
    if (cases.size() < 2)
        return false;
    std::reverse(cases.begin(), cases.end());
    uint32_t ids = s.loops[cases[0]].init[0];
    for (uint32_t c : cases)
        if (s.loops[c].init[0] != ids)
            return false;

    // Before the switch: every case's initial values (the ids, the arguments; the first case's zeros) and what
    // each case's code uses without depending on its state (as the cases one after the other would hoist it).
    const LoopRecord &first = s.loops[cases[0]];
    size_t at = results_at(first);
    for (uint32_t c : cases)
        for (size_t k = 0; k < at; ++k)
            visit(s, as, s.loops[c].init[k]);
    for (size_t j = 0; j < m; ++j)
        visit(s, as, first.init[at + j]);
    for (uint32_t c : cases)
        hoist_loop_invariants(s, as, c);

    Instr start;
    start.kind = InstrKind::SwitchStart;
    start.type = start.src_type = VarType::UInt32;
    start.a = ref_of(s, ids);
    start.b = m;
    start.imm = cases.size();
    uint32_t start_at = emit(as, start);
    std::vector<uint32_t> phi(m);
    for (size_t j = 0; j < m; ++j) {
        Instr p;
        p.kind = InstrKind::SwitchPhi;
        p.type = p.src_type = s.vars[first.init[at + j]].type;
        p.a = ref_of(s, first.init[at + j]);
        phi[j] = emit(as, p);
    }
    for (uint32_t c : cases) {
        Instr kase;
        kase.kind = InstrKind::SwitchCase;
        kase.type = kase.src_type = VarType::UInt32;
        kase.imm = s.loops[c].case_id;
        emit(as, kase);
        size_t case_from = as.visited.size();
        std::vector<uint32_t> init_at(s.loops[c].init.size(), UINT32_MAX);
        std::copy(phi.begin(), phi.end(), init_at.begin() + long(at));
        std::vector<uint32_t> state = emit_loop_instrs(s, as, c, init_at, false);
        for (size_t j = 0; j < m; ++j) {
            Instr up;
            up.kind = InstrKind::SwitchUpdate;
            up.type = up.src_type = as.ir.instrs[phi[j]].type;
            up.a = phi[j];
            up.b = state[at + j];
            emit(as, up);
        }
        // What a case computed exists in that case only (a backend may jump over it).
        for (size_t i = case_from; i < as.visited.size(); ++i)
            s.vars[as.visited[i]].scratch = 0;
    }
    Instr end;
    end.kind = InstrKind::SwitchEnd;
    end.a = start_at;
    uint32_t end_at = emit(as, end);
    for (size_t j = 0; j < m; ++j)
        if (uint32_t out = s.loops[last].outs[at + j]) {
            s.vars[out].scratch = phi[j] + 1;
            as.visited.push_back(out);
        }
    for (uint32_t c : cases)
        if (uint32_t effect = s.loops[c].effect_var) {
            s.vars[effect].scratch = end_at + 1;
            as.visited.push_back(effect);
        }
    return true;
}

} // namespace tj::jit
