// runtime/control.cpp — the non-template parts of tj::if_stmt and tj::while_loop (include/tracejit/control.h)
#include "ad/loop_grad.h"

#include <tracejit/control.h>

#include <fmt/format.h>

namespace tj::detail {

void raise_control_error(const char *message) { throw Error(message); }

void check_same_layout(const char *api, const StateCollector &a, const StateCollector &b, const char *what) {
    if (a.fingerprint != b.fingerprint)
        throw Error(fmt::format("{}: a host value, container size or optional of the state {} (only arrays can "
                                "differ per element; keep host values out of symbolic branches and loops)",
                                api, what));
}

VarPair merge_branch(uint32_t mask, VarPair t, VarPair f, VarPair before) {
    if (!t.jit || !f.jit) {
        if (!t.jit && !f.jit)
            return {};
        throw Error("tj::if_stmt(): a state variable has a value after one branch only (it is empty before the "
                    "if and only one branch assigns it): give it a value before the if");
    }
    // Unchanged by both branches: the same array (a leaf stays a leaf). Both branches giving one new value (the
    // same expression, merged as a common subexpression) is merged like two values: per lane, it takes the mask's
    // width, as select(mask, a, a) does.
    if (t.jit == f.jit && t.ad == f.ad && t.jit == before.jit && t.ad == before.ad) {
        var_inc_ref(t.jit);
        ad_inc_ref(t.ad);
        return t;
    }
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
