// runtime/ad/custom.cpp — custom operations (tj::CustomOp): call nodes (call_node.h) whose derivative runs the rules
#include "ad/call_node.h"

#include "jit/var.h"

#include <tracejit/ad_custom.h>
#include <tracejit/error.h>

#include <fmt/format.h>

namespace tj::detail {

/// The runtime's view of a custom operation (CustomOpBase's data are private to it and tj::custom).
struct CustomOpAccess {
    using Slot = CustomOpBase::Slot;
    using Rule = CustomOpBase::Rule;
    /// The input (`input`) or output slots.
    static std::vector<Slot> &slots(CustomOpBase &op, bool input) { return input ? op.m_in : op.m_out; }
    static const std::vector<Slot> &slots(const CustomOpBase &op, bool input) { return input ? op.m_in : op.m_out; }
    static Rule &rule(CustomOpBase &op) { return op.m_rule; }
    static Rule rule(const CustomOpBase &op) { return op.m_rule; }
    /// The rule a traversal in direction `d` runs.
    static Rule rule_for(ad::Direction d) { return d == ad::Direction::Backward ? Rule::Backward : Rule::Forward; }
    static bool overrides(const CustomOpBase &op, Rule r) {
        return r == Rule::Backward ? op.m_has_backward : op.m_has_forward;
    }
    /// Calls the rule `r`.
    static void run(CustomOpBase &op, Rule r) { r == Rule::Backward ? op.backward() : op.forward(); }
};

} // namespace tj::detail

namespace tj::ad {

namespace {

using detail::CustomOpAccess;
using detail::CustomOpBase;
using Rule = CustomOpAccess::Rule;

bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }

/// While a rule runs: the op says which, tracking is suspended (the rule's code is derivative code, not part of
/// the graph), and afterwards the slots' gradients are released.
struct RuleScope {
    CustomOpBase &op;
    RuleScope(CustomOpBase &o, Rule rule) : op(o) {
        CustomOpAccess::rule(op) = rule;
        detail::ad_grad_scope_enter(true, nullptr, 0, false);
    }
    ~RuleScope() {
        detail::ad_grad_scope_leave();
        CustomOpAccess::rule(op) = Rule::None;
        for (bool input : {true, false})
            for (CustomOpAccess::Slot &s : CustomOpAccess::slots(op, input))
                detail::var_dec_ref(std::exchange(s.grad, 0));
    }
    RuleScope(const RuleScope &) = delete;
    RuleScope &operator=(const RuleScope &) = delete;
};

/// A custom operation as a call node's derivative: the call's inputs are the differentiated argument slots, its
/// outputs the float result slots; a traversal hands it the gradients the call node gathered (backward: of the
/// outputs, forward: of the inputs), the rule reads them with grad_in/grad_out and gives its own with
/// set_grad_in/set_grad_out (for the other side).
class CustomDerivative final : public CallDerivative {
  public:
    CustomDerivative(std::shared_ptr<CustomOpBase> op, std::vector<size_t> in_slots, std::vector<size_t> out_slots)
        : m_op(std::move(op)), m_in_slots(std::move(in_slots)), m_out_slots(std::move(out_slots)) {}

    std::vector<JitRef> derivative(Direction d, const std::vector<JitRef> &grads) override {
        std::shared_ptr<CustomOpBase> op = m_op; // alive through the rule
        bool backward = d == Direction::Backward;
        Rule rule = CustomOpAccess::rule_for(d);
        RuleScope scope(*op, rule);
        std::vector<CustomOpAccess::Slot> &given = CustomOpAccess::slots(*op, !backward);
        const std::vector<size_t> &given_at = backward ? m_out_slots : m_in_slots;
        for (size_t k = 0; k < grads.size(); ++k)
            if (grads[k])
                given[given_at[k]].grad = JitRef(grads[k]).release();
        CustomOpAccess::run(*op, rule);
        const std::vector<CustomOpAccess::Slot> &made = CustomOpAccess::slots(*op, backward);
        const std::vector<size_t> &made_at = backward ? m_in_slots : m_out_slots;
        std::vector<JitRef> result(made_at.size());
        for (size_t k = 0; k < made_at.size(); ++k)
            if (uint32_t grad = made[made_at[k]].grad)
                result[k] = JitRef::borrow(grad);
        return result;
    }
    bool has_rule(Direction d) const override { return CustomOpAccess::overrides(*m_op, CustomOpAccess::rule_for(d)); }
    std::string name() const override { return m_op->name(); }

  private:
    std::shared_ptr<CustomOpBase> m_op;
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
    std::vector<CustomOpAccess::Slot> &ins = CustomOpAccess::slots(*op, true), &outs = CustomOpAccess::slots(*op, false);
    ins.assign(n_in, {});
    for (size_t k = 0; k < n_in; ++k) {
        CustomOpAccess::Slot &slot = ins[k];
        slot.size = var_size(in_jits[k]);
        slot.type = var_type(in_jits[k]);
        slot.ad = is_float(slot.type) ? tracked(in_ads[k]) : 0;
        any_in |= slot.ad != 0;
    }
    outs.assign(n_out, {});
    for (size_t j = 0; j < n_out; ++j) {
        CustomOpAccess::Slot &slot = outs[j];
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
        if (ins[k].ad) {
            inputs.push_back(ins[k].ad);
            in_slots.push_back(k);
        }
    for (size_t j = 0; j < n_out; ++j)
        if (is_float(outs[j].type)) {
            outputs.emplace_back(outs[j].size, outs[j].type);
            out_slots.push_back(j);
        }
    std::vector<uint32_t> call_outs =
        make_call_node(g, inputs, outputs, std::make_unique<CustomDerivative>(op, in_slots, out_slots),
                       {"custom", "custom output"});
    for (size_t j = 0; j < out_slots.size(); ++j)
        out_ads[out_slots[j]] = call_outs[j];
}

void ad_custom_require_rule(const CustomOpBase &op, const char *api) {
    if (CustomOpAccess::rule(op) == CustomOpAccess::Rule::None)
        throw Error(fmt::format("tj::CustomOp '{}': {} is for forward() and backward() (a traversal calls them)",
                                op.name(), api));
}

uint32_t ad_custom_grad(const CustomOpBase &op, bool input, size_t slot) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    const CustomOpAccess::Slot &sl = CustomOpAccess::slots(op, input)[slot];
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
    CustomOpAccess::Rule rule = input ? CustomOpAccess::Rule::Backward : CustomOpAccess::Rule::Forward;
    if (CustomOpAccess::rule(op) != rule) // set_grad_in gives a backward rule's result, set_grad_out a forward one's
        throw Error(fmt::format("tj::CustomOp '{}': {} is called outside {}() (it gives the gradient of {} there)",
                                op.name(), api, input ? "backward" : "forward", input ? "an argument" : "the result"));
    if (count != expected)
        throw Error(fmt::format("tj::CustomOp '{}': {}: the gradient holds {} arrays, {} {}", op.name(), api, count,
                                what, expected));
    for (size_t i = 0; i < count; ++i) {
        CustomOpAccess::Slot &slot = CustomOpAccess::slots(op, input)[first + i];
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
