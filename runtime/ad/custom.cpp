// runtime/ad/custom.cpp — custom operations (tj::CustomOp): call nodes (call_node.h) whose derivative runs the rules
#include "ad/call_node.h"

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

/// A custom operation as a call node's derivative: the call's inputs are the differentiated argument slots, its
/// outputs the float result slots; a traversal hands it the gradients the call node gathered, the rule reads them
/// with grad_in/grad_out and gives its own with set_grad_in/set_grad_out.
class CustomDerivative final : public CallDerivative {
  public:
    CustomDerivative(std::shared_ptr<detail::CustomOpBase> op, std::vector<size_t> in_slots,
                     std::vector<size_t> out_slots)
        : m_op(std::move(op)), m_in_slots(std::move(in_slots)), m_out_slots(std::move(out_slots)) {}

    std::vector<JitRef> backward(const std::vector<JitRef> &out_grads) override {
        std::shared_ptr<detail::CustomOpBase> op = m_op; // alive through the rule
        RuleScope scope(*op, 2);
        for (size_t j = 0; j < out_grads.size(); ++j)
            if (out_grads[j])
                op->m_out[m_out_slots[j]].grad = JitRef(out_grads[j]).release();
        op->backward();
        std::vector<JitRef> in_grads(m_in_slots.size());
        for (size_t i = 0; i < m_in_slots.size(); ++i)
            if (uint32_t grad = op->m_in[m_in_slots[i]].grad)
                in_grads[i] = JitRef::borrow(grad);
        return in_grads;
    }
    std::vector<JitRef> forward(const std::vector<JitRef> &in_grads) override {
        std::shared_ptr<detail::CustomOpBase> op = m_op;
        RuleScope scope(*op, 1);
        for (size_t i = 0; i < in_grads.size(); ++i)
            if (in_grads[i])
                op->m_in[m_in_slots[i]].grad = JitRef(in_grads[i]).release();
        op->forward();
        std::vector<JitRef> out_grads(m_out_slots.size());
        for (size_t j = 0; j < m_out_slots.size(); ++j)
            if (uint32_t grad = op->m_out[m_out_slots[j]].grad)
                out_grads[j] = JitRef::borrow(grad);
        return out_grads;
    }
    bool has_backward() const override { return m_op->m_has_backward; }
    bool has_forward() const override { return m_op->m_has_forward; }
    std::string name() const override { return m_op->name(); }

  private:
    std::shared_ptr<detail::CustomOpBase> m_op;
    std::vector<size_t> m_in_slots, m_out_slots; ///< the slot of each input and output of the call node
};

} // namespace

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
    std::vector<uint32_t> inputs;
    std::vector<size_t> in_slots, out_slots;
    std::vector<std::pair<uint64_t, VarType>> outputs;
    for (size_t k = 0; k < n_in; ++k)
        if (op->m_in[k].ad) {
            inputs.push_back(op->m_in[k].ad);
            in_slots.push_back(k);
        }
    for (size_t j = 0; j < n_out; ++j)
        if (is_float(op->m_out[j].type)) {
            outputs.emplace_back(op->m_out[j].size, op->m_out[j].type);
            out_slots.push_back(j);
        }
    std::vector<uint32_t> nodes =
        make_call_node(g, inputs, outputs, std::make_unique<CustomDerivative>(op, in_slots, out_slots),
                       {"custom", "custom output"});
    for (size_t j = 0; j < out_slots.size(); ++j)
        out_ads[out_slots[j]] = nodes[j];
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
