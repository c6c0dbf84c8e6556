// runtime/ad/graph.cpp — creating and freeing AD nodes and edges; accumulating gradients into nodes
#include "ad/graph.h"
#include "jit/var.h"

#include <tracejit/error.h>

#include <fmt/format.h>

namespace tj::ad {

Graph &graph() {
    static Graph *g = new Graph(); // never destroyed: arrays in static storage may outlive main()
    return *g;
}

uint32_t new_node(Graph &g, uint64_t size, VarType t, const char *what) {
    uint32_t id;
    if (!g.free_nodes.empty()) {
        id = g.free_nodes.back();
        g.free_nodes.pop_back();
    } else {
        id = uint32_t(g.nodes.size());
        g.nodes.emplace_back();
    }
    Node &n = g.nodes[id];
    n = Node{};
    n.size = size;
    n.type = t;
    n.what = what;
    n.serial = g.next_serial++;
    n.ref_ext = 1;
    n.used = true;
    n.name_scope = current_name_scope();
    track_new(id);
    if (g.live_nodes++ == 0)
        jit::state().before_eval = &simplify;
    return id;
}

uint32_t add_edge(Graph &g, uint32_t source, uint32_t target, Edge e) {
    uint32_t id;
    if (!g.free_edges.empty()) {
        id = g.free_edges.back();
        g.free_edges.pop_back();
    } else {
        id = uint32_t(g.edges.size());
        g.edges.emplace_back();
    }
    e.source = source;
    e.target = target;
    e.used = true;
    e.prev_in = 0;
    e.next_in = g.nodes[target].first_in;
    e.prev_out = 0;
    e.next_out = g.nodes[source].first_out;
    g.edges[id] = e;
    if (e.next_in)
        g.edges[e.next_in].prev_in = id;
    g.nodes[target].first_in = id;
    if (e.next_out)
        g.edges[e.next_out].prev_out = id;
    g.nodes[source].first_out = id;
    ++g.nodes[source].ref_int;
    mark_changed(g, source);
    mark_changed(g, target);
    return id;
}

namespace {

/// Unlinks edge `id` and releases its JIT references; returns its source (whose reference the caller drops).
uint32_t unlink_edge(Graph &g, uint32_t id) {
    Edge e = g.edges[id];
    mark_changed(g, e.source);
    mark_changed(g, e.target);
    if (e.prev_in)
        g.edges[e.prev_in].next_in = e.next_in;
    else
        g.nodes[e.target].first_in = e.next_in;
    if (e.next_in)
        g.edges[e.next_in].prev_in = e.prev_in;
    if (e.prev_out)
        g.edges[e.prev_out].next_out = e.next_out;
    else
        g.nodes[e.source].first_out = e.next_out;
    if (e.next_out)
        g.edges[e.next_out].prev_out = e.prev_out;
    g.edges[id] = Edge{};
    g.free_edges.push_back(id);
    detail::var_dec_ref(e.weight);
    detail::var_dec_ref(e.index);
    detail::var_dec_ref(e.mask);
    return e.source;
}

/// Frees the nodes on the free stack above `base` and, iteratively, the sources that become unreferenced.
void drain(Graph &g, size_t base) {
    std::vector<uint32_t> &stack = g.free_stack;
    std::vector<std::unique_ptr<CallDerivative>> gone; // destroyed after the loop: a custom operation's code may run
    while (stack.size() > base) {
        uint32_t id = stack.back();
        stack.pop_back();
        Node &n = g.nodes[id];
        while (n.first_in) {
            uint32_t src = unlink_edge(g, n.first_in);
            if (--g.nodes[src].ref_int == 0 && g.nodes[src].ref_ext == 0)
                stack.push_back(src);
        }
        detail::var_dec_ref(g.nodes[id].grad);
        if (!g.labels.empty())
            g.labels.erase(id);
        if (!g.calls.empty()) {
            auto call = g.calls.find(id);
            if (call != g.calls.end()) {
                gone.push_back(std::move(call->second));
                g.calls.erase(call);
            }
        }
        g.nodes[id] = Node{};
        g.free_nodes.push_back(id);
        --g.live_nodes;
    }
}

} // namespace

void remove_edge(Graph &g, uint32_t edge) {
    uint32_t src = unlink_edge(g, edge);
    if (--g.nodes[src].ref_int == 0 && g.nodes[src].ref_ext == 0) {
        size_t base = g.free_stack.size();
        g.free_stack.push_back(src);
        drain(g, base);
    }
}

void inc_ext(Graph &g, uint32_t node) { ++g.nodes[node].ref_ext; }

void dec_ext(Graph &g, uint32_t node) {
    Node &n = g.nodes[node];
    if (--n.ref_ext == 0 && n.ref_int == 0) {
        size_t base = g.free_stack.size();
        g.free_stack.push_back(node);
        drain(g, base);
    } else if (n.ref_ext == 0) {
        mark_changed(g, node);
    }
}

void set_grad_ref(Graph &g, uint32_t node, JitRef grad) {
    Node &n = g.nodes[node];
    detail::var_dec_ref(n.grad);
    n.grad = grad.release();
}

JitRef fit(const Node &n, JitRef c) {
    if (detail::var_type(c.id()) != n.type)
        c = JitRef(detail::var_cast(c.id(), n.type));
    uint64_t size = detail::var_size(c.id());
    if (size == n.size)
        return c;
    if (n.size == 1) // a width-1 array broadcast against width n: its gradient is the sum
        return JitRef(detail::var_reduce(c.id(), detail::ReduceOp::Sum));
    if (size == 1) // broadcast (float x + 0 is not folded away, so this makes a width-n variable)
        return c + literal(n.type, 0.0, n.size);
    TJ_UNREACHABLE(fmt::format("tj::ad: a gradient of size {} reaches an array of size {}", size, n.size));
}

void accumulate(Graph &g, uint32_t node, JitRef contribution) {
    JitRef c = fit(g.nodes[node], std::move(contribution));
    Node &n = g.nodes[node];
    if (n.grad)
        c = JitRef::borrow(n.grad) + c;
    set_grad_ref(g, node, std::move(c));
}

} // namespace tj::ad
