// runtime/ad/traversal.cpp — the one AD traversal (traversal.h): reach, order, propagate, and what a traversal of
// the graph's own gradients adds (seeds, resets, scope waiting, freeing)
//
// The gradient code is only traced here; it runs when someone reads a gradient. Semantics: docs/autodiff.md.
#include "ad/traversal.h"

#include "ad/call_node.h"
#include "ad/isolate_scope.h"
#include "ad/propagate.h"
#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <llvm/ADT/STLExtras.h>

#include <algorithm>

namespace tj::ad {

JitRef NodeGrads::get(uint32_t id) const {
    uint32_t grad = m_g.nodes[id].grad;
    return grad ? JitRef::borrow(grad) : JitRef();
}

void NodeGrads::add(uint32_t id, JitRef c) { accumulate(m_g, id, std::move(c)); }

JitRef AsideGrads::get(uint32_t id) const {
    auto found = m_grads.find(id);
    return found == m_grads.end() ? JitRef() : found->second;
}

void AsideGrads::add(uint32_t id, JitRef c) {
    c = fit(m_g.nodes[id], std::move(c));
    JitRef &slot = m_grads[id];
    slot = slot ? slot + c : c;
}

Marks Marks::stamped(Graph &g) {
    Marks m;
    m.m_graph = &g;
    m.m_stamp = ++g.stamp;
    return m;
}

void Marks::add(uint32_t id) {
    if (m_graph)
        m_graph->nodes[id].stamp = m_stamp;
    else
        m_set.insert(id);
}

namespace {

bool contains(llvm::ArrayRef<uint32_t> v, uint32_t id) { return llvm::is_contained(v, id); }

/// The first of node `id`'s edges in direction `d` (backward: its in-edges, forward: its out-edges), and the next.
uint32_t first_edge(const Graph &g, Direction d, uint32_t id) {
    return d == Direction::Backward ? g.nodes[id].first_in : g.nodes[id].first_out;
}
uint32_t next_edge(const Graph &g, Direction d, uint32_t e) {
    return d == Direction::Backward ? g.edges[e].next_in : g.edges[e].next_out;
}
/// The end of edge `e` that direction `d` goes to.
uint32_t far_end(const Edge &e, Direction d) { return d == Direction::Backward ? e.source : e.target; }

Direction opposite(Direction d) { return d == Direction::Backward ? Direction::Forward : Direction::Backward; }

const char *rule_name(Direction d) { return d == Direction::Backward ? "backward" : "forward"; }

/// A call node's derivative as a whole: it reads the gradients of the nodes on the side the traversal comes from
/// (backward: its outputs, forward: its inputs) that the traversal reached, and gives what it makes of them to the
/// reached nodes on the other side. A call edge's `aux` is its position among the call's inputs or outputs.
void cross_call(Graph &g, Direction d, uint32_t id, const Marks &marks, llvm::ArrayRef<uint32_t> stops,
                GradStore &store) {
    CallDerivative &call = *g.calls.at(id);
    bool backward = d == Direction::Backward;
    Direction back = opposite(d);
    std::vector<JitRef> grads(backward ? call.outputs : call.inputs);
    bool any = false;
    for (uint32_t e = first_edge(g, back, id); e; e = next_edge(g, back, e)) {
        uint32_t from = far_end(g.edges[e], back);
        if (!marks.has(g, from)) // (an older gradient there is not this traversal's)
            continue;
        if (JitRef grad = store.get(from)) {
            grads[g.edges[e].aux] = fit(g.nodes[from], std::move(grad));
            any = true;
        }
    }
    if (!any)
        return;
    std::vector<JitRef> result = call.derivative(d, grads);
    TJ_ASSERT(result.size() == (backward ? call.inputs : call.outputs),
              "tj::ad: a call's derivative returned the wrong number of gradients");
    for (uint32_t e = first_edge(g, d, id); e; e = next_edge(g, d, e)) {
        const Edge &edge = g.edges[e];
        if (!marks.has(g, far_end(edge, d)) || contains(stops, edge.target))
            continue;
        if (JitRef &r = result[edge.aux])
            store.add(far_end(edge, d), std::move(r));
    }
}

/// Sets the gradient of each start: its seed, or ones when it has none and `seed_ones`.
void seed(Graph &g, llvm::ArrayRef<uint32_t> starts, bool seed_ones) {
    for (uint32_t id : starts) {
        Node &n = g.nodes[id];
        if (!n.seeded && seed_ones)
            set_grad_ref(g, id, literal(n.type, 1.0, n.size));
        if (g.nodes[id].seeded)
            mark_changed(g, id);
        g.nodes[id].seeded = false;
    }
}

/// Before a traversal adds to them: interior nodes drop the gradient of an earlier traversal (unless seeded).
void reset_reached(Graph &g, llvm::ArrayRef<uint32_t> order, llvm::ArrayRef<uint32_t> starts) {
    for (uint32_t id : order) {
        Node &n = g.nodes[id];
        if (!contains(starts, id) && !n.seeded && n.first_in != 0)
            set_grad_ref(g, id, {});
        if (n.seeded)
            mark_changed(g, id);
        n.seeded = false;
    }
}

/// free_graph: removes the edges the traversal went through (those of each reached node in the direction, to
/// reached nodes). Removing one may free nodes: a freed node is no longer marked.
void free_edges(Graph &g, Direction d, llvm::ArrayRef<uint32_t> order, const Marks &marks) {
    for (uint32_t id : order)
        for (uint32_t e = first_edge(g, d, id); e && marks.has(g, id);) {
            uint32_t next = next_edge(g, d, e);
            if (marks.has(g, far_end(g.edges[e], d)))
                remove_edge(g, e);
            e = next;
        }
}

/// Keeps the starts of a traversal alive through it (also when a custom operation's rule throws).
struct HeldStarts {
    Graph &g;
    llvm::ArrayRef<uint32_t> ids;
    HeldStarts(Graph &graph, llvm::ArrayRef<uint32_t> starts) : g(graph), ids(starts) {
        for (uint32_t id : ids)
            inc_ext(g, id);
    }
    ~HeldStarts() {
        for (uint32_t id : ids)
            dec_ext(g, id);
    }
    HeldStarts(const HeldStarts &) = delete;
    HeldStarts &operator=(const HeldStarts &) = delete;
};

} // namespace

Reach reach(const Graph &g, Direction d, llvm::ArrayRef<uint32_t> starts, llvm::ArrayRef<uint32_t> stops,
            uint64_t limit, Marks &marks) {
    bool backward = d == Direction::Backward;
    Reach r;
    Ids stack(starts.begin(), starts.end());
    while (!stack.empty()) {
        uint32_t id = stack.back();
        stack.pop_back();
        if (!id || marks.has(g, id))
            continue;
        bool stop = contains(stops, id);
        bool beyond = g.nodes[id].serial < limit && !stop && !contains(starts, id);
        if (beyond && !backward)
            continue; // forward mode does not go below the limit
        marks.add(id);
        if (beyond) {
            r.outside.push_back(id);
            continue;
        }
        r.order.push_back(id);
        if (stop)
            continue;
        for (uint32_t e = first_edge(g, d, id); e; e = next_edge(g, d, e))
            stack.push_back(far_end(g.edges[e], d));
    }
    std::sort(r.order.begin(), r.order.end(), [&](uint32_t a, uint32_t b) {
        return backward ? g.nodes[a].serial > g.nodes[b].serial : g.nodes[a].serial < g.nodes[b].serial;
    });
    return r;
}

void propagate(Graph &g, Direction d, llvm::ArrayRef<uint32_t> order, const Marks &marks,
               llvm::ArrayRef<uint32_t> stops, GradStore &store) {
    for (uint32_t id : order) {
        if (d == Direction::Backward && contains(stops, id))
            continue; // its in-edges enter a stop
        if (is_call(g, id)) { // a frozen function's replay or a custom operation: its derivative as a whole
            cross_call(g, d, id, marks, stops, store);
            continue;
        }
        JitRef grad = store.get(id);
        if (!grad)
            continue;
        for (uint32_t e = first_edge(g, d, id); e; e = next_edge(g, d, e)) {
            const Edge &edge = g.edges[e];
            if (edge.kind == EdgeKind::Call || !marks.has(g, far_end(edge, d)) || contains(stops, edge.target))
                continue; // (a call edge: the call node's derivative moves it)
            store.add(far_end(edge, d), contribution(g, d, edge, grad));
        }
    }
}

void check_call_rules(const Graph &g, llvm::ArrayRef<uint32_t> order, Direction d) {
    if (g.calls.empty())
        return;
    for (uint32_t id : order) {
        auto it = g.calls.find(id);
        if (it == g.calls.end() || it->second->has_rule(d))
            continue;
        throw Error(fmt::format("AD {} traversal: the custom operation '{}' does not override {}() (tj::CustomOp), "
                                "and the traversal reaches it; nothing was propagated",
                                rule_name(d), it->second->name(), rule_name(d)));
    }
}

void traverse(Graph &g, Direction d, llvm::ArrayRef<uint32_t> starts, bool seed_ones, bool free_graph,
              uint64_t since) {
    TraversalGuard busy(g);
    Marks marks = Marks::stamped(g);
    HeldStarts held(g, starts); // starts live through the traversal
    const uint64_t boundary = d == Direction::Backward ? scope_boundary() : forward_boundary();
    Reach r = reach(g, d, starts, {}, std::max(boundary, since), marks);
    logging::debug("ad: {}: {} nodes from {} start(s), {} waiting outside an IsolateGrad scope", rule_name(d),
                   r.order.size(), starts.size(), r.outside.size());
    check_call_rules(g, r.order, d);
    if (!r.outside.empty())
        scope_wait(g, r.outside, free_graph);
    seed(g, starts, seed_ones);
    reset_reached(g, r.order, starts);
    NodeGrads grads(g);
    propagate(g, d, r.order, marks, {}, grads);
    if (free_graph)
        free_edges(g, d, r.order, marks);
    for (uint32_t id : r.order) // nodes nobody holds need not keep their gradient (the starts keep their seeds)
        if (marks.has(g, id) && !contains(starts, id) && g.nodes[id].used && g.nodes[id].ref_ext == 0)
            set_grad_ref(g, id, {});
}

Subgraph subgraph(const Graph &g, const std::vector<uint32_t> &outputs, const std::vector<uint32_t> &inputs,
                  uint64_t since) {
    Marks marks;
    Reach r = reach(g, Direction::Backward, outputs, inputs, since, marks);
    Subgraph sub{std::vector<uint32_t>(r.order.begin(), r.order.end()),
                 std::vector<uint32_t>(r.outside.begin(), r.outside.end()), {}};
    for (uint32_t id : sub.nodes)
        if (std::find(inputs.begin(), inputs.end(), id) != inputs.end())
            sub.inputs.push_back(id);
    return sub;
}

std::vector<JitRef> traverse_aside(Graph &g, Direction d, const Subgraph &sub, const std::vector<uint32_t> &outputs,
                                   const std::vector<uint32_t> &inputs, const std::vector<JitRef> &seeds) {
    TJ_ASSERT(sub.outside.empty(), "tj::ad: a traversal aside over a part of the graph that reads nodes outside it");
    TraversalGuard busy(g);
    bool backward = d == Direction::Backward;
    Marks marks;
    for (uint32_t id : sub.nodes)
        marks.add(id);
    Ids order(sub.nodes.begin(), sub.nodes.end()); // newest first
    if (!backward)
        std::reverse(order.begin(), order.end());
    check_call_rules(g, order, d);
    AsideGrads grads(g);
    const std::vector<uint32_t> &from = backward ? outputs : inputs, &to = backward ? inputs : outputs;
    for (size_t i = 0; i < from.size(); ++i)
        if (seeds[i])
            grads.add(from[i], seeds[i]);
    propagate(g, d, order, marks, inputs, grads);
    std::vector<JitRef> result;
    result.reserve(to.size());
    for (uint32_t id : to)
        result.push_back(grads.get(id));
    return result;
}

} // namespace tj::ad
