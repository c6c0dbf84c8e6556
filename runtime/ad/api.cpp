// runtime/ad/api.cpp — AD entry points of the façade: enabling, references, gradients, traversals, labels
#include "ad/graph.h"
#include "ad/traversal.h"
#include "jit/var.h"

#include <tracejit/detail/ad_core.h>
#include <tracejit/error.h>
#include <tracejit/runtime.h>

#include <fmt/format.h>

#include <vector>

namespace tj {

namespace detail {

using namespace tj::ad;

void ad_inc_ref(uint32_t ad) noexcept {
    if (!ad)
        return;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    inc_ext(graph(), ad);
}

void ad_dec_ref(uint32_t ad) noexcept {
    if (!ad)
        return;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    dec_ext(graph(), ad);
}

uint32_t ad_enable(const char *api, uint32_t jit) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::Variable &v = jit::var(s, jit, api);
    if (v.type != VarType::Float32 && v.type != VarType::Float64)
        throw Error(fmt::format("{}: gradients need a Float or Float64 array ({} given)", api, type_name(v.type)));
    Graph &g = graph();
    if (!leaves_allowed()) // inside a SuspendGrad scope of everything: enable_grad does nothing (as in Dr.Jit)
        return 0;
    uint32_t node = new_node(g, v.size, v.type, "leaf");
    auto label = s.labels.find(jit);
    if (label != s.labels.end())
        g.labels[node] = label->second;
    return node;
}

uint32_t ad_grad(uint32_t ad, uint32_t jit) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    const jit::Variable &v = jit::var(s, jit, "tj::grad()");
    if (ad)
        graph().nodes[ad].grad_read = true;
    if (ad && graph().nodes[ad].grad) {
        const Node &n = graph().nodes[ad];
        return fit(n, JitRef::borrow(n.grad)).release();
    }
    if (v.type != VarType::Float32 && v.type != VarType::Float64) // integers have no gradient: their zeros
        return var_literal(v.type, 0, v.size);
    return ad::literal(v.type, 0.0, v.size).release();
}

void ad_set_grad(const char *api, uint32_t ad, uint32_t jit, uint32_t grad, bool accumulate) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    if (!ad || g.nodes[ad].inert)
        throw Error(fmt::format("{}: the array does not have gradients enabled (call tj::enable_grad first)", api));
    Node &n = g.nodes[ad];
    jit::Variable &gv = jit::var(s, grad, api);
    if (gv.type != n.type)
        throw Error(fmt::format("{}: the gradient has type {}, the array {}", api, type_name(gv.type),
                                type_name(n.type)));
    if (gv.size != n.size && gv.size != 1)
        throw Error(fmt::format("{}: the gradient has size {}, the array {} (give size {} or 1)", api, gv.size,
                                n.size, n.size));
    JitRef value = fit(n, JitRef::borrow(grad));
    n.grad_read |= accumulate;
    if (accumulate && n.grad)
        value = JitRef::borrow(n.grad) + value;
    set_grad_ref(g, ad, std::move(value));
    g.nodes[ad].seeded = true;
}

void ad_traverse(const char *api, uint32_t ad, bool backward, bool free_graph) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    if (!ad || g.nodes[ad].inert)
        throw Error(fmt::format("{}: the array does not have gradients enabled and was not computed from one that "
                                "has (call tj::enable_grad first)",
                                api));
    std::vector<uint32_t> weights; // simplified first: the collapsed weights are computed in forward order,
    simplify(weights);             // next to the values they use, instead of holding every value for the way back
    traverse(g, backward ? Direction::Backward : Direction::Forward, llvm::ArrayRef<uint32_t>(ad), true, free_graph);
}

void ad_set_label(uint32_t ad, const std::string &label) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    graph().labels[ad] = label;
}

std::string ad_grad_summary(uint32_t ad, size_t max_elements) {
    if (!ad)
        return {};
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    const Node &n = graph().nodes[ad];
    if (!n.grad)
        return {};
    JitRef grad = fit(n, JitRef::borrow(n.grad));
    uint64_t size = n.size;
    uint32_t id = grad.id();
    if (s.vars[id].op != detail::Op::Literal && (s.vars[id].op != detail::Op::Data || s.vars[id].dirty))
        jit::eval_locked(s, &id, 1);
    const jit::Variable &v = s.vars[id];
    bool literal = v.op == detail::Op::Literal;
    std::vector<char> host = literal ? std::vector<char>() : jit::host_elements(v, max_elements);
    std::string out = "[";
    const void *values = literal ? static_cast<const void *>(&v.literal) : host.data();
    for (uint64_t i = 0; i < size && i < max_elements; ++i) // in the array's precision, read back exactly
        out += (i ? ", " : "") + jit::format_element(v.type, values, literal ? 0 : i);
    if (size > max_elements)
        out += fmt::format(", …] ({} elements)", size);
    else
        out += "]";
    return out;
}

} // namespace detail
} // namespace tj
