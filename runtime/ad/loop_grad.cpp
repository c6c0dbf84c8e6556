// runtime/ad/loop_grad.cpp — gradients through symbolic loops by carrying the per-element Jacobian (loop_grad.h)
#include "ad/loop_grad.h"

#include "ad/graph.h"
#include "ad/traverse.h"
#include "jit/var.h"

#include <tracejit/error.h>

#include <fmt/format.h>

namespace tj::ad {

namespace {

bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }

[[noreturn]] void raise_captured() {
    throw Error("tj::while_loop(): the loop body uses an array with gradients enabled that is not part of the "
                "loop's state; add it to the state (the body may leave it unchanged) so that gradients reach it");
}

/// Throws when a node the body made has an edge from a node made before the loop (other than the state's).
void check_captured(const Graph &g, uint64_t since) {
    for (const Node &n : g.nodes) {
        if (!n.used || n.serial < since)
            continue;
        for (uint32_t e = n.first_in; e; e = g.edges[e].next_in)
            if (g.nodes[g.edges[e].source].serial < since)
                raise_captured();
    }
}

} // namespace

LoopGrad::LoopGrad(const std::vector<detail::VarPair> &init) : m_init(init) {
    bool any = false;
    for (const detail::VarPair &p : init)
        any |= p.ad != 0;
    if (!any)
        return;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    bool first = true;
    for (size_t k = 0; k < init.size(); ++k) { // every floating-point variable: the body may make it depend
        VarType t = s.vars[init[k].jit].type;   // on a differentiable one
        if (!is_float(t))
            continue;
        if (!first && t != m_type)
            throw Error("tj::while_loop(): gradients through a symbolic loop need one floating-point type in the "
                        "state (Float and Float64 are mixed; cast first)");
        m_type = t;
        first = false;
        m_diff.push_back(k);
    }
    m_leaves.assign(m_diff.size(), 0);
    m_since = graph().next_serial;
}

LoopGrad::~LoopGrad() {
    if (m_leaves.empty())
        return;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    for (uint32_t l : m_leaves)
        if (l)
            dec_ext(graph(), l);
}

uint32_t LoopGrad::leaf(size_t k, uint32_t phi) {
    for (size_t i = 0; i < m_diff.size(); ++i) {
        if (m_diff[i] != k)
            continue;
        jit::State &s = jit::state();
        jit::Lock lock(s.mutex);
        Graph &g = graph();
        uint32_t node = new_node(g, s.vars[phi].size, m_type, "loop state");
        inc_ext(g, node); // one for the array, one kept here for the traversals
        m_leaves[i] = node;
        return node;
    }
    return 0;
}

std::vector<uint32_t> LoopGrad::extend(uint32_t loop, const std::vector<detail::VarPair> &updates) {
    std::vector<uint32_t> ids;
    for (const detail::VarPair &u : updates)
        ids.push_back(u.jit);
    if (m_diff.empty()) {
        for (const detail::VarPair &u : updates)
            if (u.ad)
                raise_captured();
        return ids;
    }
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    check_captured(g, m_since);
    size_t n = m_diff.size();
    // D[j][k]: derivative of the body's result j with respect to state k, one forward traversal per k.
    std::vector<JitRef> d(n * n);
    for (size_t k = 0; k < n; ++k) {
        traverse_forward(g, m_leaves[k], false);
        for (size_t j = 0; j < n; ++j) {
            uint32_t node = updates[m_diff[j]].ad;
            if (node && g.nodes[node].stamp == g.stamp && g.nodes[node].grad)
                d[j * n + k] = fit(g.nodes[node], JitRef::borrow(g.nodes[node].grad));
        }
    }
    for (uint32_t l : m_leaves) // the next loop's traversals start clean
        set_grad_ref(g, l, {});
    // J' = D·J on the lanes that iterate (the loop keeps J where they do not); J starts as the identity.
    std::vector<JitRef> j_phi(n * n);
    for (size_t j = 0; j < n; ++j)
        for (size_t k = 0; k < n; ++k) {
            JitRef init = literal(m_type, j == k ? 1.0 : 0.0);
            j_phi[j * n + k] = JitRef(jit::loop_add_state(s, loop, init.id()));
        }
    for (size_t j = 0; j < n; ++j)
        for (size_t k = 0; k < n; ++k) {
            JitRef sum;
            for (size_t i = 0; i < n; ++i) {
                if (!d[j * n + i])
                    continue;
                JitRef term = d[j * n + i] * j_phi[i * n + k];
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
    if (m_diff.empty())
        return ads;
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    size_t n = m_diff.size(), first_j = m_init.size();
    for (size_t j = 0; j < n; ++j) {
        uint32_t node = 0;
        for (size_t k = 0; k < n; ++k) {
            uint32_t source = m_init[m_diff[k]].ad;
            if (!source)
                continue;
            if (!node)
                node = new_node(g, s.vars[outs[m_diff[j]]].size, m_type, "loop");
            Edge e;
            e.kind = EdgeKind::Linear;
            e.weight = outs[first_j + j * n + k];
            jit::inc_ref(s, e.weight); // the edge owns one reference
            add_edge(g, source, node, e);
        }
        ads[m_diff[j]] = node;
    }
    m_jacobian.clear();
    return ads;
}

} // namespace tj::ad
