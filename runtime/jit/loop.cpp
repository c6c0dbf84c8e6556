// runtime/jit/loop.cpp — symbolic loops and the mask stack: tracing a loop's state, condition and body
//
// Start with `loop_begin`: each state variable gets a LoopPhi variable (its value inside the loop) that the condition and the body
// are traced on; `loop_end` checks sizes and makes the LoopOut results. The mask stack (thread-local, like
// the loop being traced) is what gather and scatter AND their masks with.
#include "jit/loop.h"

#include "backend/device.h"
#include "jit/var.h"

#include <tracejit/detail/control_core.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>

namespace tj {
namespace jit {
namespace {

/// Masks pushed by symbolic branches and loop bodies on this thread (each holds a reference).
std::vector<uint32_t> &mask_stack() {
    static thread_local std::vector<uint32_t> stack;
    return stack;
}

/// Loops whose condition or body this thread is tracing, innermost last. Initial-exec: every traced operation asks
/// (tracing_loop, loop_note_direct), and the general TLS model cost a call into the dynamic loader each time.
std::vector<uint32_t> &loop_stack() {
    static thread_local std::vector<uint32_t> stack __attribute__((tls_model("initial-exec")));
    return stack;
}

uint32_t new_record(State &s) {
    uint32_t id;
    if (!s.free_loops.empty()) {
        id = s.free_loops.back();
        s.free_loops.pop_back();
    } else {
        id = uint32_t(s.loops.size());
        s.loops.emplace_back();
    }
    s.loops[id] = LoopRecord{};
    s.loops[id].in_use = true;
    return id;
}

/// `fn` on each scatter of `effects`, an inner loop's effect LoopOut standing for each of that loop's scatters.
template <typename Fn> void each_scatter(const State &s, const std::vector<uint32_t> &effects, Fn &fn) {
    for (uint32_t se : effects) {
        const Variable &v = s.vars[se];
        if (v.op == Op::LoopOut)
            each_scatter(s, s.loops[loop_of(v.literal)].effects, fn);
        else
            fn(se);
    }
}

/// Whether a pending scatter (a pending loop's, a loop's being traced) writes into `target`.
bool pending_target(const State &s, uint32_t target) {
    bool found = false;
    auto hit = [&](uint32_t se) { found |= s.vars[se].dep[3] == target; };
    each_scatter(s, s.side_effects, hit);
    for (uint32_t loop : loop_stack())
        each_scatter(s, s.loops[loop].effects, hit);
    return found;
}

/// A loop that will not run (abandoned, or a condition that is always false): its scatters never happen, so their
/// targets are clean again unless something else is pending for them.
void drop_effects(State &s, uint32_t loop) {
    std::vector<uint32_t> effects = std::move(s.loops[loop].effects);
    s.loops[loop].effects.clear();
    std::vector<uint32_t> targets;
    auto add = [&](uint32_t se) { targets.push_back(s.vars[se].dep[3]); };
    each_scatter(s, effects, add);
    for (uint32_t target : targets) // (the record's `memory` still holds the scatters, and they their targets)
        if (s.vars[target].op != Op::Count && !pending_target(s, target))
            s.vars[target].dirty = false;
    for (uint32_t se : effects)
        dec_ref(s, se);
}

/// A loop that no other loop encloses keeps in `memory` only the gathers that must be ordered: of arrays it writes.
void keep_ordered_reads(State &s, uint32_t loop) {
    std::vector<uint32_t> targets, kept, dropped;
    loop_targets(s, loop, targets);
    for (uint32_t id : s.loops[loop].memory) {
        const Variable &v = s.vars[id];
        bool unordered = v.op == Op::Gather && std::find(targets.begin(), targets.end(), v.dep[2]) == targets.end();
        (unordered ? dropped : kept).push_back(id);
    }
    s.loops[loop].memory = std::move(kept);
    for (uint32_t id : dropped)
        dec_ref(s, id);
}

/// Every reference a record holds, and the record freed.
std::vector<uint32_t> free_record(State &s, uint32_t loop) {
    LoopRecord &r = s.loops[loop];
    std::vector<uint32_t> held;
    for (auto *list : {&r.init, &r.phi, &r.update, &r.effects, &r.memory, &r.direct})
        held.insert(held.end(), list->begin(), list->end());
    if (r.cond)
        held.push_back(r.cond);
    s.loops[loop] = LoopRecord{};
    s.free_loops.push_back(loop);
    return held;
}

uint32_t loop_var(State &s, Op op, VarType t, uint64_t size, uint32_t loop, uint32_t slot) {
    Variable v;
    v.op = op;
    v.type = t;
    v.size = size;
    v.literal = loop_literal(loop, slot);
    return new_var(s, v, false);
}

LoopRecord &record(State &s, uint32_t loop) {
    TJ_ASSERT(loop < s.loops.size() && s.loops[loop].in_use && s.loops[loop].tracing,
              fmt::format("tj::while_loop(): loop {} is not being traced", loop));
    return s.loops[loop];
}

} // namespace

std::vector<uint32_t> loop_release(State &s, uint64_t literal) {
    uint32_t loop = loop_of(literal), slot = slot_of(literal);
    TJ_ASSERT(loop < s.loops.size() && s.loops[loop].in_use && s.loops[loop].live > 0,
              fmt::format("a result of loop {} is released, but the loop has no live results", loop));
    LoopRecord &r = s.loops[loop];
    if (slot == loop_effect_slot)
        r.effect_var = 0;
    else
        r.outs[slot] = 0;
    if (--r.live != 0)
        return {};
    return free_record(s, loop);
}

uint32_t tracing_loop() noexcept { return loop_stack().empty() ? UINT32_MAX : loop_stack().back(); }

uint32_t loop_add_state(State &s, uint32_t loop, uint32_t init) {
    LoopRecord &r = record(s, loop);
    const Variable &v = s.vars[init];
    uint32_t phi = loop_var(s, Op::LoopPhi, v.type, v.size, loop, uint32_t(r.init.size()));
    inc_ref(s, init);
    s.loops[loop].init.push_back(init);
    s.loops[loop].phi.push_back(phi);
    inc_ref(s, phi);
    return phi;
}

void loop_add_effect(State &s, uint32_t loop, uint32_t scatter) {
    s.loops[loop].effects.push_back(scatter);
    inc_ref(s, scatter);
    s.loops[loop].memory.push_back(scatter);
}

void loop_add_read(State &s, uint32_t loop, uint32_t gather) {
    inc_ref(s, gather);
    s.loops[loop].memory.push_back(gather);
}

LoopUse loop_use(const State &s, uint32_t data) {
    LoopUse use;
    std::vector<uint32_t> seen; // a gather merged by CSE may be listed twice; it holds one reference
    auto walk = [&](auto &self, const std::vector<uint32_t> &memory) -> void {
        for (uint32_t id : memory) {
            const Variable &v = s.vars[id];
            if (v.op == Op::LoopOut) {
                self(self, s.loops[loop_of(v.literal)].memory);
                continue;
            }
            bool reads = v.op == Op::Gather && v.dep[2] == data, writes = is_scatter(v.op) && v.dep[3] == data;
            if ((!reads && !writes) || std::find(seen.begin(), seen.end(), id) != seen.end())
                continue;
            seen.push_back(id);
            ++use.refs;
            use.read |= reads;
            use.written |= writes;
        }
    };
    for (uint32_t loop : loop_stack()) {
        walk(walk, s.loops[loop].memory);
        const std::vector<uint32_t> &direct = s.loops[loop].direct;
        use.direct |= std::find(direct.begin(), direct.end(), data) != direct.end();
    }
    return use;
}

void loop_note_direct(State &s, uint32_t data) {
    const Variable &v = s.vars[data];
    if (loop_stack().empty() || !(v.op == Op::Data || (v.op == Op::Literal && v.size > 1)))
        return; // (a literal of one element is a constant, not an array a scatter could write)
    std::vector<uint32_t> &direct = s.loops[loop_stack().back()].direct;
    if (std::find(direct.begin(), direct.end(), data) != direct.end())
        return;
    inc_ref(s, data);
    direct.push_back(data);
}

uint32_t outside_holders(const State &s, uint32_t data) {
    uint64_t inside = 0;
    for (const Variable &v : s.vars)
        if (v.op != Op::Count)
            for (uint32_t d : v.dep)
                inside += d == data;
    for (const LoopRecord &r : s.loops) {
        if (!r.in_use)
            continue;
        for (const std::vector<uint32_t> *list : {&r.init, &r.update, &r.direct})
            inside += uint64_t(std::count(list->begin(), list->end(), data));
        inside += r.cond == data;
    }
    TJ_ASSERT(inside <= s.vars[data].ref, "jit: a variable has fewer references than its users hold");
    return s.vars[data].ref - uint32_t(inside);
}

void loop_targets(const State &s, uint32_t loop, std::vector<uint32_t> &out) {
    auto add = [&](uint32_t se) {
        if (std::find(out.begin(), out.end(), s.vars[se].dep[3]) == out.end())
            out.push_back(s.vars[se].dep[3]);
    };
    each_scatter(s, s.loops[loop].effects, add);
}

void check_unwritten(const State &s, uint32_t id, const char *api) {
    const Variable &v = s.vars[id];
    if (!v.dirty || v.op != Op::Data || loop_stack().empty() || !loop_use(s, id).written) [[likely]]
        return;
    throw Error(fmt::format("{}: an array that a scatter in the body of the symbolic loop (or tj::dispatch case) being "
                            "traced writes is read element-wise, evaluated or read on the host in that body, where "
                            "its writes have not run; inside the body read it with tj::gather (gathers see the "
                            "body's writes in the order they were traced), or read it after the loop",
                            api));
}

void loop_effects_done(State &s, uint32_t effect_var) {
    const LoopRecord &r = s.loops[loop_of(s.vars[effect_var].literal)];
    auto clean = [&](uint32_t se) { s.vars[s.vars[se].dep[3]].dirty = false; };
    each_scatter(s, r.effects, clean);
}

} // namespace jit

namespace detail {
using namespace jit;

uint32_t mask_top() noexcept { return mask_stack().empty() ? 0 : mask_stack().back(); }

void mask_push(const char *api, uint32_t mask) {
    State &s = state();
    Lock lock(s.mutex);
    if (var(s, mask, api).type != VarType::Bool)
        throw Error(fmt::format("{}: the condition must be a Bool array", api));
    uint32_t combined = mask_apply(mask);
    mask_stack().push_back(combined);
}

void mask_pop() noexcept {
    if (mask_stack().empty())
        return;
    uint32_t m = mask_stack().back();
    mask_stack().pop_back();
    var_dec_ref(m);
}

uint32_t mask_apply(uint32_t mask) {
    uint32_t top = mask_top();
    if (!top) {
        var_inc_ref(mask);
        return mask;
    }
    return var_op("tj::if_stmt()", Op::And, mask, top);
}

uint32_t loop_depth() noexcept { return uint32_t(loop_stack().size()); }

uint32_t loop_begin(const uint32_t *init, size_t n, uint32_t *phis) {
    State &s = state();
    Lock lock(s.mutex);
    for (size_t k = 0; k < n; ++k)
        if (var(s, init[k], "tj::while_loop()").dirty)
            flush_side_effects(s);
    for (size_t k = 0; k < n; ++k) { // (the state of a loop inside another loop's body)
        check_unwritten(s, init[k], "tj::while_loop()");
        loop_note_direct(s, init[k]);
    }
    uint32_t loop = new_record(s);
    LoopRecord &r = s.loops[loop];
    r.tracing = true;
    for (size_t k = 0; k < n; ++k) {
        const Variable &v = s.vars[init[k]];
        uint32_t phi = loop_var(s, Op::LoopPhi, v.type, v.size, loop, uint32_t(k));
        inc_ref(s, init[k]);
        s.loops[loop].init.push_back(init[k]);
        s.loops[loop].phi.push_back(phi);
        inc_ref(s, phi);
        phis[k] = phi;
    }
    loop_stack().push_back(loop);
    return loop;
}

void loop_cond(uint32_t loop, uint32_t cond) {
    State &s = state();
    Lock lock(s.mutex);
    LoopRecord &r = record(s, loop);
    if (var(s, cond, "tj::while_loop()").type != VarType::Bool)
        throw Error("tj::while_loop(): the condition must be a Bool array");
    // Lanes outside the enclosing branch do not iterate (their loop might never end).
    r.cond = mask_apply(cond);
    mask_stack().push_back(r.cond);
    inc_ref(s, r.cond);
}

void loop_end(uint32_t loop, const uint32_t *updates, uint32_t *outs) {
    State &s = state();
    Lock lock(s.mutex);
    TJ_ASSERT(record(s, loop).cond, "tj::while_loop(): the loop ends before its condition was traced");
    mask_pop();
    loop_stack().pop_back();
    s.loops[loop].tracing = false;
    size_t n = s.loops[loop].init.size();
    for (size_t k = 0; k < n; ++k) {
        var(s, updates[k], "tj::while_loop()");
        inc_ref(s, updates[k]);
        s.loops[loop].update.push_back(updates[k]);
    }
    LoopRecord &r = s.loops[loop];
    // The loop runs over the largest size; every other size must be 1.
    uint64_t size = s.vars[r.cond].size;
    std::vector<uint32_t> sized(r.init);
    sized.insert(sized.end(), r.update.begin(), r.update.end());
    sized.insert(sized.end(), r.effects.begin(), r.effects.end());
    for (uint32_t id : sized)
        size = std::max<uint64_t>(size, s.vars[id].size);
    auto check = [&](uint32_t id, const std::string &what) {
        uint64_t count = s.vars[id].size;
        if (count != 1 && count != size)
            throw Error(fmt::format("tj::while_loop(): size mismatch: {} has {} elements but the loop runs over {} "
                                    "(only width-1 arrays broadcast)", what, count, size));
    };
    try {
        check(r.cond, "the condition");
        for (size_t k = 0; k < n; ++k) {
            check(r.init[k], fmt::format("state variable {} (initial value)", k + 1));
            check(r.update[k], fmt::format("state variable {} (after the body)", k + 1));
        }
        for (uint32_t se : r.effects)
            check(se, "a scatter in the body");
        const Variable &c = s.vars[r.cond];
        if (c.op == Op::Literal && c.literal)
            throw Error("tj::while_loop(): the condition is always true: the loop would never end");
    } catch (...) {
        drop_effects(s, loop);
        for (uint32_t id : free_record(s, loop))
            dec_ref(s, id);
        throw;
    }
    r.size = size;
    bool never = s.vars[r.cond].op == Op::Literal; // always false: the state stays as it was
    if (never)
        drop_effects(s, loop);
    s.loops[loop].outs.assign(n, 0);
    for (size_t k = 0; k < n; ++k) {
        if (never || r.update[k] == r.phi[k]) { // unchanged by the body
            inc_ref(s, r.init[k]);
            outs[k] = r.init[k];
            continue;
        }
        uint32_t out = loop_var(s, Op::LoopOut, s.vars[r.init[k]].type, size, loop, uint32_t(k));
        s.loops[loop].outs[k] = out;
        ++s.loops[loop].live;
        outs[k] = out;
    }
    // Inside another loop's body, this loop's effect LoopOut goes to that loop, in the order of its memory
    // operations; it stands for this loop's gathers too (they must not move past a later scatter of that body).
    const uint32_t outer = tracing_loop();
    if (!never && (!s.loops[loop].effects.empty() || (outer != UINT32_MAX && !s.loops[loop].memory.empty()))) {
        uint32_t fx = loop_var(s, Op::LoopOut, VarType::Bool, size, loop, loop_effect_slot);
        s.loops[loop].effect_var = fx;
        ++s.loops[loop].live;
        if (outer != UINT32_MAX) {
            loop_add_effect(s, outer, fx);
        } else {
            s.side_effects.push_back(fx);
            s.side_effect_owner.push_back(backends::thread_override());
        }
    }
    if (outer == UINT32_MAX && !never)
        keep_ordered_reads(s, loop);
    // The element-wise reads matter while a loop is traced: the enclosing loop's, or none.
    std::vector<uint32_t> direct = std::move(s.loops[loop].direct);
    s.loops[loop].direct.clear();
    for (uint32_t d : direct) {
        if (outer != UINT32_MAX)
            loop_note_direct(s, d);
        dec_ref(s, d);
    }
    if (s.loops[loop].live == 0)
        for (uint32_t id : free_record(s, loop))
            dec_ref(s, id);
}

void loop_abort(uint32_t loop) noexcept {
    State &s = state();
    Lock lock(s.mutex);
    if (loop >= s.loops.size() || !s.loops[loop].in_use)
        return;
    if (s.loops[loop].tracing) {
        auto &stack = loop_stack();
        if (!stack.empty() && stack.back() == loop)
            stack.pop_back();
        // The body's mask is on the stack once the condition was traced.
        if (s.loops[loop].cond && mask_top() == s.loops[loop].cond)
            mask_pop();
    }
    drop_effects(s, loop);
    for (uint32_t id : free_record(s, loop))
        dec_ref(s, id);
}

} // namespace detail
} // namespace tj
