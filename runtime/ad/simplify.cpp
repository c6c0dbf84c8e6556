// runtime/ad/simplify.cpp — graph simplification by vertex elimination (Enoki), run before each evaluation
//
// An interior node that no array holds, with only Linear edges of its own size and type, is collapsed: each
// pair (in-edge u→v with weight w1, out-edge v→t with weight w2) becomes an edge u→t with weight w1·w2, merged
// into an existing u→t edge by adding weights. Nodes are collapsed greedily, cheapest d_in·d_out first, up to
// a cost of 10 new edges. The new weights that have the size of what is being evaluated are evaluated with
// it: that is what lets the intermediate values they referred to be freed (Enoki's memory point).
//
// While this thread records a frozen function, the nodes from before the body are left as they are (until the next
// simplification after the recording): their collapsed weights would be computed inside the recording, from arrays
// that are not its inputs.
#include "ad/graph.h"
#include "ad/isolate_scope.h"
#include "ad/traversal.h"
#include "jit/var.h"
#include "log.h"

#include <tracejit/runtime.h>

#include <algorithm>
#include <functional>
#include <tuple>
#include <vector>

namespace tj::ad {

namespace {

constexpr uint32_t max_cost = 10;

uint64_t weight_size(uint32_t w) { return w ? detail::var_size(w) : 1; }

/// d_in·d_out when node `id` can be collapsed, 0 when it cannot.
uint32_t collapse_cost(const Graph &g, uint32_t id) {
    const Node &n = g.nodes[id];
    if (!n.used || n.ref_ext || !n.first_in || !n.first_out || n.seeded)
        return 0;
    uint32_t in = 0, out = 0;
    auto fits = [&](const Edge &e, uint32_t other) {
        const Node &o = g.nodes[other];
        uint64_t ws = weight_size(e.weight);
        return e.kind == EdgeKind::Linear && o.size == n.size && o.type == n.type && (ws == 1 || ws == n.size);
    };
    for (uint32_t e = n.first_in; e; e = g.edges[e].next_in, ++in)
        if (!fits(g.edges[e], g.edges[e].source))
            return 0;
    for (uint32_t e = n.first_out; e; e = g.edges[e].next_out, ++out)
        if (!fits(g.edges[e], g.edges[e].target))
            return 0;
    return in * out;
}

/// w1·w2 where 0 stands for one.
JitRef product(uint32_t w1, uint32_t w2) {
    if (!w1)
        return w2 ? JitRef::borrow(w2) : JitRef();
    if (!w2)
        return JitRef::borrow(w1);
    return JitRef::borrow(w1) * JitRef::borrow(w2);
}

/// Adds weight `w` to the Linear edge source → target, making the edge if there is none; returns its id.
uint32_t merge_edge(Graph &g, uint32_t source, uint32_t target, JitRef w) {
    for (uint32_t e = g.nodes[target].first_in; e; e = g.edges[e].next_in) {
        Edge &edge = g.edges[e];
        if (edge.source != source || edge.kind != EdgeKind::Linear)
            continue;
        VarType t = g.nodes[target].type;
        JitRef old = edge.weight ? JitRef(edge.weight) : literal(t, 1.0);
        JitRef added = old + (w ? w : literal(t, 1.0));
        g.edges[e].weight = added.release();
        return e;
    }
    Edge edge;
    edge.kind = EdgeKind::Linear;
    edge.weight = w.release();
    return add_edge(g, source, target, edge);
}

/// Collapses node `id`; the edges it made or changed go to `touched`, its neighbours to `neighbours`.
void collapse(Graph &g, uint32_t id, Graph::SimplifyScratch &w) {
    std::vector<uint32_t> &ins = w.ins, &outs = w.outs;
    ins.clear();
    outs.clear();
    for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in)
        ins.push_back(e);
    for (uint32_t e = g.nodes[id].first_out; e; e = g.edges[e].next_out)
        outs.push_back(e);
    for (uint32_t ei : ins)
        for (uint32_t eo : outs) {
            JitRef weight = product(g.edges[ei].weight, g.edges[eo].weight);
            w.touched.push_back(merge_edge(g, g.edges[ei].source, g.edges[eo].target, std::move(weight)));
        }
    for (uint32_t ei : ins)
        w.neighbours.push_back(g.edges[ei].source);
    for (uint32_t eo : outs)
        w.neighbours.push_back(g.edges[eo].target);
    inc_ext(g, id); // hold it while its out-edges go, then let it (and its in-edges) go at once
    for (uint32_t eo : outs)
        remove_edge(g, eo);
    dec_ext(g, id);
}

} // namespace

/// Simplifies the whole graph; appends the weights that may be evaluated now to `weights`.
void simplify(std::vector<uint32_t> &weights) {
    Graph &g = graph();
    if (g.live_nodes == 0) { // nothing to collapse, now or from what changed before
        g.changed.clear();
        g.changed_all = false;
    }
    if (g.busy || g.live_nodes == 0 || !flag(Flag::ADSimplify))
        return;
    ++g.busy;
    // Cheapest first; among equals, oldest first: collapsing in creation order builds each weight as a product
    // in forward order, which a kernel computes next to the values it uses.
    Graph::SimplifyScratch &w = g.simplify_scratch;
    auto &heap = w.heap; // a min-heap of (cost, serial, node)
    heap.clear();
    w.touched.clear();
    const uint64_t floor = recording_boundary(); // nodes older than a frozen body being recorded wait (above)
    std::vector<uint32_t> &later = w.later;
    later.clear();
    auto push = [&](uint32_t cost, uint32_t id) {
        heap.emplace_back(cost, g.nodes[id].serial, id);
        std::push_heap(heap.begin(), heap.end(), std::greater<>());
    };
    auto consider = [&](uint32_t id) {
        if (g.nodes[id].serial < floor) [[unlikely]] {
            if (g.nodes[id].used)
                later.push_back(id);
            return;
        }
        if (uint32_t cost = collapse_cost(g, id); cost && cost <= max_cost)
            push(cost, id);
    };
    // Only the nodes that changed since the last simplification can have become collapsible (Graph::changed).
    bool all = g.changed_all;
    if (all) {
        for (uint32_t id = 1; id < g.nodes.size(); ++id)
            consider(id);
    } else {
        for (uint32_t id : g.changed)
            consider(id);
    }
    g.changed.clear();
    g.changed_all = false; // what the collapses below change, they push themselves (`neighbours`)
    size_t collapsed = 0;
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), std::greater<>());
        auto [cost, serial, id] = heap.back();
        heap.pop_back();
        uint32_t now = collapse_cost(g, id);
        if (!now || now > max_cost || g.nodes[id].serial != serial)
            continue;
        if (now != cost) {
            push(now, id);
            continue;
        }
        w.neighbours.clear();
        collapse(g, id, w);
        ++collapsed;
        for (uint32_t n : w.neighbours)
            consider(n);
    }
    if (all && !later.empty()) // the nodes left for later are looked at again next time
        g.changed_all = true;
    else
        for (uint32_t id : later)
            mark_changed(g, id);
    // Each weight once, in the order the collapses made them (ids are reused, so sorting by id would reorder the
    // kernel's outputs from one iteration to the next and defeat the kernel cache).
    w.seen.clear();
    for (uint32_t i = 0; i < w.touched.size(); ++i) {
        const Edge &edge = g.edges[w.touched[i]];
        if (edge.used && edge.kind == EdgeKind::Linear && edge.weight)
            w.seen.emplace_back(edge.weight, i);
    }
    std::sort(w.seen.begin(), w.seen.end()); // by weight, then first place
    auto last = std::unique(w.seen.begin(), w.seen.end(), [](auto &a, auto &b) { return a.first == b.first; });
    w.seen.erase(last, w.seen.end());
    std::sort(w.seen.begin(), w.seen.end(), [](auto &a, auto &b) { return a.second < b.second; });
    for (auto [weight, place] : w.seen)
        weights.push_back(weight);
    if (collapsed)
        logging::debug("ad: simplified the graph: {} nodes collapsed, {} nodes left", collapsed, g.live_nodes);
    --g.busy;
}

} // namespace tj::ad
