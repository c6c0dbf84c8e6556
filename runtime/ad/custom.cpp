// runtime/ad/custom.cpp — custom operations (tj::CustomOp): connecting them to the AD graph and running their rules
#include "ad/custom.h"

#include "jit/var.h"

#include <tracejit/ad_custom.h>
#include <tracejit/error.h>

#include <fmt/format.h>

namespace tj::ad {

namespace {

bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }

/// While a rule runs: the op says which, tracking is suspended (the rule's code is derivative code, not part of
/// the graph), and afterwards the slots' gradients are released.
struct RuleScope {
    detail::CustomOpBase &op;
    RuleScope(detail::CustomOpBase &o, uint8_t rule) : op(o) {
        op.m_rule = rule;
        detail::ad_grad_scope_enter(true, nullptr, 0, false);
    }
    ~RuleScope() {
        detail::ad_grad_scope_leave();
        op.m_rule = 0;
        for (auto *slots : {&op.m_in, &op.m_out})
            for (detail::CustomOpBase::Slot &s : *slots)
                detail::var_dec_ref(std::exchange(s.grad, 0));
    }
    RuleScope(const RuleScope &) = delete;
    RuleScope &operator=(const RuleScope &) = delete;
};

/// The gradient node `id` holds for this traversal, fitted to its size (0 when it has none).
uint32_t reached_grad(const Graph &g, uint32_t id, uint32_t stamp) {
    const Node &n = g.nodes[id];
    if (n.stamp != stamp || !n.grad)
        return 0;
    return fit(n, JitRef::borrow(n.grad)).release();
}

} // namespace

std::string custom_op_name(const detail::CustomOpBase &op) { return op.name(); }

void check_custom_rules(const Graph &g, const std::vector<uint32_t> &order, bool backward) {
    if (g.custom_ops.empty())
        return;
    for (uint32_t id : order) {
        auto it = g.custom_ops.find(id);
        if (it == g.custom_ops.end())
            continue;
        const detail::CustomOpBase &op = *it->second;
        if (backward ? op.m_has_backward : op.m_has_forward)
            continue;
        const char *rule = backward ? "backward" : "forward";
        throw Error(fmt::format("AD {} traversal: the custom operation '{}' does not override {}() (tj::CustomOp), "
                                "and the traversal reaches it; nothing was propagated",
                                rule, op.name(), rule));
    }
}

void custom_backward(Graph &g, uint32_t hub, uint32_t stamp) {
    std::shared_ptr<detail::CustomOpBase> op = g.custom_ops.at(hub); // alive through the rule
    {
        RuleScope scope(*op, 2);
        bool any = false;
        for (uint32_t e = g.nodes[hub].first_out; e; e = g.edges[e].next_out) {
            uint32_t grad = reached_grad(g, g.edges[e].target, stamp);
            op->m_out[g.edges[e].aux].grad = grad;
            any |= grad != 0;
        }
        if (!any)
            return;
        op->backward();
        for (uint32_t e = g.nodes[hub].first_in; e; e = g.edges[e].next_in) {
            uint32_t grad = op->m_in[g.edges[e].aux].grad;
            if (grad)
                accumulate(g, g.edges[e].source, JitRef::borrow(grad));
        }
    }
}

void custom_forward(Graph &g, uint32_t hub, uint32_t stamp) {
    std::shared_ptr<detail::CustomOpBase> op = g.custom_ops.at(hub);
    RuleScope scope(*op, 1);
    bool any = false;
    for (uint32_t e = g.nodes[hub].first_in; e; e = g.edges[e].next_in) {
        uint32_t grad = reached_grad(g, g.edges[e].source, stamp);
        op->m_in[g.edges[e].aux].grad = grad;
        any |= grad != 0;
    }
    if (!any)
        return;
    op->forward();
    for (uint32_t e = g.nodes[hub].first_out; e; e = g.edges[e].next_out) {
        uint32_t target = g.edges[e].target, grad = op->m_out[g.edges[e].aux].grad;
        if (grad && g.nodes[target].stamp == stamp)
            accumulate(g, target, JitRef::borrow(grad));
    }
}

} // namespace tj::ad

namespace tj::detail {

using namespace tj::ad;

CustomOpBase::~CustomOpBase() {
    for (auto *slots : {&m_in, &m_out})
        for (Slot &s : *slots)
            var_dec_ref(s.grad);
}

void CustomOpBase::forward() { throw Error(fmt::format("tj::CustomOp '{}': forward() is not overridden", name())); }

void CustomOpBase::backward() { throw Error(fmt::format("tj::CustomOp '{}': backward() is not overridden", name())); }

std::string CustomOpBase::name() const { // the type's name, without "(anonymous namespace)::"
    std::string name(m_type_name);
    const std::string anonymous = "(anonymous namespace)::";
    for (size_t at = name.find(anonymous); at != std::string::npos; at = name.find(anonymous))
        name.erase(at, anonymous.size());
    return name;
}

void ad_custom_connect(const std::shared_ptr<CustomOpBase> &op, const uint32_t *in_ads, const uint32_t *in_jits,
                       size_t n_in, const uint32_t *out_jits, uint32_t *out_ads, size_t n_out) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    bool any_in = false, any_out = false;
    op->m_in.assign(n_in, {});
    for (size_t k = 0; k < n_in; ++k) {
        CustomOpBase::Slot &slot = op->m_in[k];
        slot.size = var_size(in_jits[k]);
        slot.type = var_type(in_jits[k]);
        slot.ad = is_float(slot.type) ? tracked(in_ads[k]) : 0;
        any_in |= slot.ad != 0;
    }
    op->m_out.assign(n_out, {});
    for (size_t j = 0; j < n_out; ++j) {
        CustomOpBase::Slot &slot = op->m_out[j];
        slot.size = var_size(out_jits[j]);
        slot.type = var_type(out_jits[j]);
        any_out |= is_float(slot.type);
        out_ads[j] = 0;
    }
    if (!any_in || !any_out) // nothing to differentiate: the result is a constant
        return;
    uint32_t hub = new_node(g, 1, VarType::Float32, "custom");
    g.custom_ops[hub] = op;
    for (size_t k = 0; k < n_in; ++k)
        if (op->m_in[k].ad) {
            Edge e;
            e.kind = EdgeKind::Custom;
            e.aux = k;
            add_edge(g, op->m_in[k].ad, hub, e);
        }
    for (size_t j = 0; j < n_out; ++j)
        if (is_float(op->m_out[j].type)) {
            out_ads[j] = new_node(g, op->m_out[j].size, op->m_out[j].type, "custom output");
            Edge e;
            e.kind = EdgeKind::Custom;
            e.aux = j;
            add_edge(g, hub, out_ads[j], e);
        }
    dec_ext(g, hub); // the outputs' in-edges keep it
}

void ad_custom_require_rule(const CustomOpBase &op, const char *api) {
    if (op.m_rule == 0)
        throw Error(fmt::format("tj::CustomOp '{}': {} is for forward() and backward() (a traversal calls them)",
                                op.name(), api));
}

uint32_t ad_custom_grad(const CustomOpBase &op, bool input, size_t slot) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    const CustomOpBase::Slot &sl = (input ? op.m_in : op.m_out)[slot];
    if (sl.grad) {
        var_inc_ref(sl.grad);
        return sl.grad;
    }
    if (is_float(sl.type))
        return ad::literal(sl.type, 0.0, sl.size).release();
    return var_literal(sl.type, 0, sl.size);
}

void ad_custom_set_grads(CustomOpBase &op, bool input, size_t arg, size_t first, size_t expected, const uint32_t *jits,
                         size_t count) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    std::string api = input ? fmt::format("set_grad_in<{}>()", arg) : std::string("set_grad_out()");
    const char *what = input ? "the argument" : "the result";
    uint8_t rule = input ? 2 : 1;
    if (op.m_rule != rule)
        throw Error(fmt::format("tj::CustomOp '{}': {} is called outside {}() (it gives the gradient of {} there)",
                                op.name(), api, input ? "backward" : "forward", input ? "an argument" : "the result"));
    if (count != expected)
        throw Error(fmt::format("tj::CustomOp '{}': {}: the gradient holds {} arrays, {} {}", op.name(), api, count,
                                what, expected));
    for (size_t i = 0; i < count; ++i) {
        CustomOpBase::Slot &slot = (input ? op.m_in : op.m_out)[first + i];
        uint64_t size = var_size(jits[i]);
        std::string which = count > 1 ? fmt::format(" (array {} of {})", i, count) : std::string();
        if (size != slot.size && size != 1 && slot.size != 1) // to a width-1 array: summed, as a broadcast's
            throw Error(fmt::format("tj::CustomOp '{}': {}: the gradient{} has size {}, {} has size {} (give size "
                                    "{} or 1)",
                                    op.name(), api, which, size, what, slot.size, slot.size));
        if (!is_float(slot.type))
            continue; // an integer array has no gradient
        JitRef g = fit(Node{.size = slot.size, .type = slot.type}, JitRef::borrow(jits[i]));
        var_dec_ref(slot.grad);
        slot.grad = g.release();
    }
}

} // namespace tj::detail
