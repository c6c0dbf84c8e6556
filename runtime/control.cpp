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

VarPair merge_branch(uint32_t mask, VarPair t, VarPair f, VarPair before, bool carried, const char *what, size_t k) {
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
    // Unchanged by both branches: the same array (a leaf stays a leaf). Both branches giving one new value (the
    // same expression, merged as a common subexpression) is merged like two values: per lane, it takes the mask's
    // width, as select(mask, a, a) does.
    bool t_same = t.jit == before.jit && t.ad == before.ad;
    if (t.jit == f.jit && t.ad == f.ad && t_same)
        return keep(t);
    // Scattered into (a new buffer that a pending scatter writes): that buffer, as Dr.Jit's if_stmt does; each
    // scatter wrote only where its branch is taken, and a select would drop the other lanes' writes. The true
    // branch's buffer was the false branch's (`carried`), so the false branch's holds both branches' scatters.
    bool f_scattered = f.jit != before.jit && var_is_dirty(f.jit);
    if (carried ? (f.jit == t.jit && f.ad == t.ad) || f_scattered : t_same && f_scattered)
        return keep(f);
    size_t nm = var_size(mask), nt = var_size(t.jit), nf = var_size(f.jit), n = std::max({nm, nt, nf});
    if ((nm != 1 && nm != n) || (nt != 1 && nt != n) || (nf != 1 && nf != n))
        throw Error(fmt::format("tj::if_stmt(): {} {} has {} elements after the true branch and {} after the false "
                                "branch, and the mask has {}: they are merged per element with select, so each must "
                                "have the mask's size or 1 (an array of another size can only be scattered into in "
                                "the branches: then it is not merged)",
                                what, k, nt, nf, nm));
    if (t.ad || f.ad)
        return ad_op("tj::if_stmt()", Op::Select, {mask, 0}, t, f);
    return {var_op("tj::if_stmt()", Op::Select, mask, t.jit, f.jit), 0};
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
