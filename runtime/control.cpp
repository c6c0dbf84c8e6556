// runtime/control.cpp — the non-template parts of tj::if_stmt and tj::while_loop (include/tracejit/control.h)
#include "ad/loop_grad.h"

#include <tracejit/control.h>

#include <fmt/format.h>

#include <algorithm>

namespace tj::detail {

void raise_control_error(const char *message) { throw Error(message); }

void check_same_layout(const char *api, const StateCollector &a, const StateCollector &b, const char *what) {
    if (a.fingerprint != b.fingerprint)
        throw Error(fmt::format("{}: a host value, container size or optional of the state {} (only arrays can "
                                "differ per element; keep host values out of symbolic branches and loops)",
                                api, what));
}

VarPair merge_branch(uint32_t mask, VarPair t, VarPair f, VarPair before, const MemoryFate *memory, const char *what,
                     size_t k) {
    if (!t.jit || !f.jit) {
        if (!t.jit && !f.jit)
            return {};
        throw Error(fmt::format("tj::if_stmt(): {} {} has a value after one branch only (it is empty before the if "
                                "and only one branch assigns it): give it a value before the if",
                                what, k));
    }
    auto keep = [](VarPair v) {
        var_inc_ref(v.jit);
        ad_inc_ref(v.ad);
        return v;
    };
    // Both branches left the memory they received (scattered into or not): that memory, as Dr.Jit's if_stmt does; each
    // scatter wrote only where its branch is taken, and a select would drop the other lanes' writes. (Unchanged by both
    // branches: the same array, so a leaf stays a leaf.)
    if (memory && memory->in_true && memory->in_false)
        return keep(f);
    // Returned values that are one array. Both branches giving one new value (the same expression, merged as a common
    // subexpression) is merged like two values: per lane, it takes the mask's width, as select(mask, a, a) does.
    if (t.jit == f.jit && t.ad == f.ad && t.jit == before.jit && t.ad == before.ad)
        return keep(t);
    // A branch assigned the array: per element, its value where it is taken, and elsewhere the other branch's (the
    // memory, with both branches' scatters, where the true branch left it).
    const bool written = memory && memory->written;
    VarPair tv = memory && memory->in_true ? memory->final : t;
    size_t nm = var_size(mask), nt = var_size(tv.jit), nf = var_size(f.jit), n = std::max({nm, nt, nf});
    const char *assigned = !written           ? ""
                           : memory->in_true  ? "the false branch assigned it"
                           : memory->in_false ? "the true branch assigned it"
                                              : "both branches assigned it";
    if ((nm != 1 && nm != n) || (nt != 1 && nt != n) || (nf != 1 && nf != n)) {
        if (written)
            throw Error(fmt::format(
                "tj::if_stmt(): {} {} has {} elements after the true branch and {} after the false branch, and the "
                "mask "
                "has {}: a branch scattered into it and {} another array, so it is merged per element with select, "
                "and each must have the mask's size or 1. Scatter into the array the branch received instead of "
                "assigning it (the array written is then the result, of any size), or give it the mask's size",
                what, k, nt, nf, nm, assigned));
        throw Error(fmt::format("tj::if_stmt(): {} {} has {} elements after the true branch and {} after the false "
                                "branch, and the mask has {}: they are merged per element with select, so each must "
                                "have the mask's size or 1 (an array of another size can only be scattered into in "
                                "the branches: then it is not merged)",
                                what, k, nt, nf, nm));
    }
    try {
        if (tv.ad || f.ad)
            return ad_op("tj::if_stmt()", Op::Select, {mask, 0}, tv, f);
        return {var_op("tj::if_stmt()", Op::Select, mask, tv.jit, f.jit), 0};
    } catch (const Error &e) {
        if (!written)
            throw;
        // (Inside a symbolic loop's body or a tj::dispatch case, the memory written there cannot be read per element.)
        throw Error(fmt::format("tj::if_stmt(): {} {}: a branch scattered into it and {} another array, so it is "
                                "merged per element with select, which failed: {}",
                                what, k, assigned, e.what()));
    }
}

void BranchMemory::start(const std::vector<StateSlot> &branch, const std::vector<StateSlot> &before) {
    TJ_ASSERT(branch.size() == before.size() && !m_follow, "tj::if_stmt(): a branch's state is not the state's copy");
    m_count = branch.size();
    m_follow = std::make_unique<FollowedArray[]>(m_count);
    m_before.resize(m_count);
    m_fate.assign(m_count, {});
    for (size_t i = 0; i < m_count; ++i) {
        VarPair b = before[i].get(before[i].array);
        m_before[i] = b;
        if (!b.jit)
            continue; // (empty: nothing to scatter into)
        var_inc_ref(b.jit);
        ad_inc_ref(b.ad);
        var_lend(b.jit, true);
        m_follow[i] = {branch[i].array, b.jit, b.ad};
        follow_array(&m_follow[i], true);
    }
}

void BranchMemory::hand_over(const std::vector<StateSlot> &t, const std::vector<StateSlot> &f, bool same_layout) {
    if (!same_layout) { // the false branch gets the state as it was; the merge reports the host value
        for (size_t i = 0; i < m_count; ++i)
            follow_array(&m_follow[i], false);
        return;
    }
    TJ_ASSERT(t.size() == m_count && f.size() == m_count, "tj::if_stmt(): the branches' states differ in layout");
    for (size_t i = 0; i < m_count; ++i) {
        FollowedArray &m = m_follow[i];
        if (!m.jit)
            continue;
        VarPair t_i = t[i].get(t[i].array), mt{m.jit, m.ad};
        m_fate[i].in_true = t_i.jit == mt.jit && t_i.ad == mt.ad;
        if (mt.jit != m_before[i].jit || mt.ad != m_before[i].ad) { // scattered into: the false branch writes on top
            var_inc_ref(mt.jit);
            ad_inc_ref(mt.ad);
            f[i].set(f[i].array, mt);
            if (m_fate[i].in_true) {
                var_lend(mt.jit, true);
                m_lent.push_back(mt.jit);
            }
        }
        m.array = f[i].array;
    }
}

void BranchMemory::finish(const std::vector<StateSlot> &last) {
    TJ_ASSERT(last.size() == m_count, "tj::if_stmt(): a branch's state differs in layout from the state's");
    for (size_t i = 0; i < m_count; ++i) {
        FollowedArray &m = m_follow[i];
        follow_array(&m, false);
        if (!m.jit)
            continue;
        VarPair l = last[i].get(last[i].array);
        MemoryFate &fate = m_fate[i];
        fate.final = {m.jit, m.ad};
        fate.written = m.jit != m_before[i].jit || m.ad != m_before[i].ad;
        fate.in_false = l.jit == m.jit && l.ad == m.ad;
    }
    m_done = true;
}

void BranchMemory::report(const std::vector<StateSlot> &caller) const {
    if (!m_done || caller.size() != m_count)
        return;
    for (size_t i = 0; i < m_count; ++i)
        if (m_fate[i].written)
            scatter_note(caller[i].array, m_before[i].jit, m_before[i].ad, m_fate[i].final.jit, m_fate[i].final.ad);
}

void BranchMemory::release() noexcept {
    for (uint32_t id : m_lent)
        var_lend(id, false);
    m_lent.clear();
    for (size_t i = 0; i < m_count; ++i) {
        FollowedArray &m = m_follow[i];
        follow_array(&m, false);
        if (!m.jit)
            continue;
        var_lend(m.jit, false);
        var_dec_ref(m.jit);
        ad_dec_ref(m.ad);
        m = {};
    }
    m_count = 0;
    m_follow.reset();
}

bool literal_mask(uint32_t mask, bool &value) {
    uint64_t size, bits;
    bool literal = var_key_info(mask, size, bits);
    value = bits != 0;
    return literal;
}

void run_while_loop(std::vector<StateSlot> &slots, LoopTracer &tracer,
                    const std::vector<StateSlot> &(*after_body)(void *ctx), void *ctx) {
    size_t n = slots.size();
    std::vector<VarPair> init(n);
    for (size_t k = 0; k < n; ++k) {
        init[k] = slots[k].get(slots[k].array);
        if (!init[k].jit)
            throw Error(fmt::format("tj::while_loop(): state variable {} is an empty, uninitialized array", k + 1));
    }
    ad::LoopGrad grad(init); // differentiable state: the loop also carries its Jacobian
    std::vector<uint32_t> init_ids(n), phis(n);
    for (size_t k = 0; k < n; ++k)
        init_ids[k] = init[k].jit;
    uint32_t loop = loop_begin(init_ids.data(), n, phis.data());
    try {
        for (size_t k = 0; k < n; ++k)
            slots[k].set(slots[k].array, {phis[k], grad.leaf(k, phis[k])});
        uint32_t c = tracer.cond();
        loop_cond(loop, c);
        var_dec_ref(c);
        tracer.body();
        const std::vector<StateSlot> &after = after_body(ctx);
        std::vector<VarPair> updates(n);
        for (size_t k = 0; k < n; ++k)
            updates[k] = after[k].get(after[k].array);
        std::vector<uint32_t> update_ids = grad.extend(loop, updates);
        std::vector<uint32_t> outs(update_ids.size());
        loop_end(loop, update_ids.data(), outs.data());
        std::vector<uint32_t> out_ads = grad.results(outs);
        for (size_t k = 0; k < n; ++k) {
            if (updates[k].jit == phis[k]) { // unchanged by the body: the initial array itself
                ad_dec_ref(out_ads[k]);
                out_ads[k] = init[k].ad;
                ad_inc_ref(init[k].ad);
            }
            after[k].set(after[k].array, {outs[k], out_ads[k]});
        }
        for (size_t k = n; k < outs.size(); ++k)
            var_dec_ref(outs[k]);
    } catch (...) {
        loop_abort(loop);
        throw;
    }
}

} // namespace tj::detail
