// runtime/ad/loop_grad.cpp — gradients through symbolic loops by carrying the per-element Jacobian (loop_grad.h)
#include "ad/loop_grad.h"

#include "ad/graph.h"
#include "ad/traversal.h"
#include "jit/var.h"

#include <tracejit/error.h>

#include <algorithm>

namespace tj::ad {

namespace {

bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }

[[noreturn]] void raise_untraced() {
    throw Error("tj::while_loop(): the loop body uses an array with gradients enabled, and the loop's state is not "
                "traced with derivatives (its floating-point variables mix Float and Float64: cast first)");
}

[[noreturn]] void raise_memory() {
    throw Error("tj::while_loop(): the loop body gathers from or scatters into an array with gradients enabled; "
                "gradients through such a loop are not supported (gather before the loop)");
}

[[noreturn]] void raise_scattered_state() {
    throw Error("tj::while_loop(): the loop body scatters a state variable that carries gradients (its own, or "
                "those of an array the body reads); gradients through such a loop are not supported (scatter "
                "after the loop)");
}

/// The nodes from before the loop (serial < since) that nodes the body made depend on. `memory`: a node the body
/// made is a gather or scatter of a node the body made (from the state), which the forward traversals through the
/// body cannot differentiate either (they work per element).
std::vector<uint32_t> outside_sources(const Graph &g, uint64_t since, VarType type, bool &memory) {
    std::vector<uint32_t> found;
    memory = false;
    for (const Node &n : g.nodes) {
        if (!n.used || n.serial < since)
            continue;
        for (uint32_t e = n.first_in; e; e = g.edges[e].next_in) {
            const Edge &edge = g.edges[e];
            if (g.nodes[edge.source].inert)
                continue; // a node of an earlier loop that differentiated nothing: no gradient comes from it
            if (g.nodes[edge.source].serial >= since) {
                memory |= edge.kind == EdgeKind::Gather || edge.kind == EdgeKind::ScatterKeep ||
                          edge.kind == EdgeKind::ScatterValue;
                continue;
            }
            if (edge.kind != EdgeKind::Linear && edge.kind != EdgeKind::Mask)
                raise_memory();
            if (g.nodes[edge.source].type != type)
                throw Error("tj::while_loop(): the loop body uses a differentiable array of another floating-point "
                            "type than the loop's state; cast it before the loop");
            if (std::find(found.begin(), found.end(), edge.source) == found.end())
                found.push_back(edge.source);
        }
    }
    return found;
}

/// The gradient a forward traversal left at `node`, fitted to its size (empty: none reached it).
JitRef reached(const Graph &g, uint32_t node) {
    if (!node || g.nodes[node].stamp != g.stamp || !g.nodes[node].grad)
        return {};
    return fit(g.nodes[node], JitRef::borrow(g.nodes[node].grad));
}

} // namespace

LoopGrad::LoopGrad(const std::vector<detail::VarPair> &init) : m_init(init) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    for (detail::VarPair &p : m_init) // a state array whose tracking is suspended (SuspendGrad) is a constant here
        p.ad = tracked(p.ad);
    Graph &g = graph();
    if (g.live_nodes == 0) // nothing has gradients: the loop is traced without derivatives
        return;
    bool first = true, mixed = false;
    for (size_t k = 0; k < init.size(); ++k) {
        VarType t = s.vars[init[k].jit].type;
        if (!is_float(t))
            continue;
        mixed |= !first && t != m_type;
        m_type = t;
        first = false;
        m_diff.push_back(k);
    }
    if (mixed) {
        for (const detail::VarPair &p : m_init)
            if (p.ad)
                throw Error("tj::while_loop(): gradients through a symbolic loop need one floating-point type in "
                            "the state (Float and Float64 are mixed; cast first)");
        m_diff.clear();
    }
    m_leaves.assign(m_diff.size(), 0);
    m_since = g.next_serial;
}

LoopGrad::~LoopGrad() {
    if (m_leaves.empty() && m_params.empty())
        return;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    for (uint32_t l : m_leaves)
        if (l)
            dec_ext(graph(), l);
    for (uint32_t p : m_params) // the loop failed before results()
        dec_ext(graph(), p);
}

uint32_t LoopGrad::leaf(size_t k, uint32_t phi) {
    auto it = std::find(m_diff.begin(), m_diff.end(), k);
    if (it == m_diff.end())
        return 0;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    uint32_t node = new_node(g, s.vars[phi].size, m_type, "loop state");
    inc_ext(g, node); // one for the array, one kept here for the traversals
    m_leaves[size_t(it - m_diff.begin())] = node;
    return node;
}

std::vector<uint32_t> LoopGrad::extend(uint32_t loop, const std::vector<detail::VarPair> &updates) {
    std::vector<uint32_t> ids;
    bool update_ad = false;
    for (const detail::VarPair &u : updates) {
        ids.push_back(u.jit);
        update_ad |= u.ad != 0;
    }
    if (m_diff.empty()) {
        if (update_ad)
            raise_untraced();
        return ids;
    }
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    bool memory = false;
    std::vector<uint32_t> params = outside_sources(g, m_since, m_type, memory);
    for (uint32_t p : params)
        inc_ext(g, p);
    m_params = std::move(params);
    for (size_t k : m_diff)
        m_needed |= m_init[k].ad != 0;
    m_needed |= !m_params.empty();
    // A scatter of a differentiated state (into any array; a scatter_add into one with gradients makes an identity
    // edge from outside beside it) failed later as a loop value escaping through the scatter's mask, or, when the
    // state got its gradient from a parameter, gave a wrong derivative without an error (tj_differential).
    if (memory && m_needed)
        raise_scattered_state();
    if (!m_needed) { // nothing the loop computes depends on an array with gradients
        // The nodes the body made carry nothing (a scatter of the state gave its target one, fed by a state leaf):
        // cut them from the leaves, so that no traversal meets the loop's values, and mark them inert.
        for (uint32_t id = 1; id < g.nodes.size(); ++id) {
            Node &n = g.nodes[id];
            if (!n.used || n.serial < m_since)
                continue;
            n.inert = true;
            for (uint32_t e = n.first_in; e;) {
                uint32_t next = g.edges[e].next_in;
                if (g.nodes[g.edges[e].source].serial >= m_since)
                    remove_edge(g, e);
                e = next;
            }
        }
        return ids;
    }
    size_t n = m_diff.size(), np = m_params.size();
    // D[j][k]: derivative of the body's result j with respect to state k; E[j][p]: with respect to parameter p.
    // One forward traversal each, restricted to the nodes the body made.
    std::vector<JitRef> d(n * n), e(n * np);
    for (size_t k = 0; k < n; ++k) {
        traverse(g, Direction::Forward, llvm::ArrayRef<uint32_t>(m_leaves[k]), true, false, m_since);
        for (size_t j = 0; j < n; ++j)
            d[j * n + k] = reached(g, updates[m_diff[j]].ad);
    }
    for (size_t p = 0; p < np; ++p) {
        Node &node = g.nodes[m_params[p]];
        JitRef saved = node.grad ? JitRef::borrow(node.grad) : JitRef(); // the user's gradient stays as it was
        bool seeded = node.seeded;
        node.seeded = false;
        if (seeded)
            mark_changed(g, m_params[p]);
        traverse(g, Direction::Forward, llvm::ArrayRef<uint32_t>(m_params[p]), true, false, m_since);
        for (size_t j = 0; j < n; ++j)
            e[j * np + p] = reached(g, updates[m_diff[j]].ad);
        set_grad_ref(g, m_params[p], std::move(saved));
        g.nodes[m_params[p]].seeded = seeded;
    }
    for (uint32_t l : m_leaves) // the next loop's traversals start clean
        set_grad_ref(g, l, {});
    // The lanes that iterate get J' = D·J and G' = D·G + E (the loop keeps the old values on the others).
    auto state = [&](double v) { return JitRef(jit::loop_add_state(s, loop, literal(m_type, v).id())); };
    size_t cols = n + np;
    std::vector<JitRef> phi(n * cols);
    for (size_t j = 0; j < n; ++j)
        for (size_t c = 0; c < cols; ++c)
            phi[j * cols + c] = state(c == j ? 1.0 : 0.0);
    for (size_t j = 0; j < n; ++j)
        for (size_t c = 0; c < cols; ++c) {
            JitRef sum = c >= n ? e[j * np + (c - n)] : JitRef();
            for (size_t i = 0; i < n; ++i) {
                if (!d[j * n + i])
                    continue;
                JitRef term = d[j * n + i] * phi[i * cols + c];
                sum = sum ? sum + term : term;
            }
            if (!sum)
                sum = literal(m_type, 0.0);
            ids.push_back(sum.id());
            m_jacobian.push_back(std::move(sum));
        }
    return ids;
}

std::vector<uint32_t> LoopGrad::results(const std::vector<uint32_t> &outs) {
    std::vector<uint32_t> ads(m_init.size(), 0);
    if (!m_needed)
        return ads;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    size_t n = m_diff.size(), cols = n + m_params.size(), first = m_init.size();
    for (size_t j = 0; j < n; ++j) {
        uint32_t node = 0;
        for (size_t c = 0; c < cols; ++c) {
            uint32_t source = c < n ? m_init[m_diff[c]].ad : m_params[c - n];
            if (!source)
                continue;
            if (!node)
                node = new_node(g, s.vars[outs[m_diff[j]]].size, m_type, "loop");
            Edge e;
            e.kind = EdgeKind::Linear;
            e.weight = outs[first + j * cols + c];
            jit::inc_ref(s, e.weight); // the edge owns one reference
            add_edge(g, source, node, e);
        }
        ads[m_diff[j]] = node;
    }
    for (uint32_t p : m_params)
        dec_ext(g, p);
    m_params.clear();
    m_jacobian.clear();
    return ads;
}

} // namespace tj::ad
