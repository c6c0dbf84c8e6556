// runtime/ad/traverse.cpp — backward and forward traversals, seeds, gradients, and IsolateGrad scopes
//
// A traversal first marks the nodes it reaches (an explicit stack: no recursion on graph depth), orders them
// by creation serial (a topological order), resets the gradients of the interior nodes it reached, then pushes
// each node's gradient across its edges. The gradient code is only traced here; it runs when someone reads a
// gradient. Semantics: docs/autodiff.md.
#include "ad/traverse.h"

#include "ad/call_node.h"
#include "ad/propagate.h"
#include "jit/var.h"
#include "log.h"

#include <tracejit/ad_core.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/SmallVector.h>

#include <algorithm>

namespace tj::ad {

namespace {

/// One IsolateGrad scope of this thread.
struct Scope {
    uint64_t boundary = 0;          ///< nodes with a smaller serial were created before the scope
    std::vector<uint32_t> waiting;  ///< outside nodes a backward traversal reached (each holds a reference)
    bool free_graph = true;
    /// A frozen function's recording (scope_enter): the gradient a waiting leaf had before is kept apart in
    /// `prior` (parallel to `waiting`) until the scope ends, so that the node holds only what this scope gave it.
    bool apart = false;
    std::vector<JitRef> prior;
};

std::vector<Scope> &scopes() {
    static thread_local std::vector<Scope> s;
    return s;
}

uint64_t boundary() { return scopes().empty() ? 0 : scopes().back().boundary; }

bool interior(const Node &n) { return n.first_in != 0; }

JitRef ones(const Node &n) { return literal(n.type, 1.0, n.size); }

/// Sets the gradient of each start: its seed, or ones when it has none and `seed_ones`.
void seed(Graph &g, llvm::ArrayRef<uint32_t> starts, bool seed_ones) {
    for (uint32_t id : starts) {
        Node &n = g.nodes[id];
        if (!n.seeded && seed_ones)
            set_grad_ref(g, id, ones(n));
        if (g.nodes[id].seeded)
            mark_changed(g, id);
        g.nodes[id].seeded = false;
    }
}

/// Before a traversal adds to them: interior nodes drop the gradient of an earlier traversal (unless seeded).
void reset_reached(Graph &g, llvm::ArrayRef<uint32_t> order, llvm::ArrayRef<uint32_t> starts) {
    for (uint32_t id : order) {
        Node &n = g.nodes[id];
        bool start = std::find(starts.begin(), starts.end(), id) != starts.end();
        if (!start && !n.seeded && interior(n))
            set_grad_ref(g, id, {});
        if (n.seeded)
            mark_changed(g, id);
        n.seeded = false;
    }
}

/// After a traversal: nodes nobody holds need not keep their gradient.
void drop_unheld(Graph &g, llvm::ArrayRef<uint32_t> order) {
    for (uint32_t id : order)
        if (g.nodes[id].used && g.nodes[id].ref_ext == 0)
            set_grad_ref(g, id, {});
}

/// Hands an outside node reached from inside a scope to the scope; it keeps its reference until the scope ends.
void wait_in_scope(Graph &g, Scope &scope, uint32_t id) {
    if (std::find(scope.waiting.begin(), scope.waiting.end(), id) != scope.waiting.end())
        return;
    Node &n = g.nodes[id];
    JitRef prior;
    if (interior(n) && !n.seeded)
        set_grad_ref(g, id, {}); // what waits is only this scope's gradient
    else if (scope.apart && n.grad)
        prior = JitRef(std::exchange(n.grad, 0));
    inc_ext(g, id);
    scope.waiting.push_back(id);
    scope.prior.push_back(std::move(prior));
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

/// The nodes of a traversal: inline for the few of a frozen call's step, no allocation then.
using Ids = llvm::SmallVector<uint32_t, 16>;

bool contains(llvm::ArrayRef<uint32_t> v, uint32_t id) { return llvm::is_contained(v, id); }

} // namespace

void traverse_backward(Graph &g, llvm::ArrayRef<uint32_t> starts, bool seed_ones, bool free_graph) {
    TraversalGuard busy(g);
    uint64_t limit = boundary();
    uint32_t stamp = ++g.stamp;
    Ids order, stack(starts.begin(), starts.end());
    Ids outside; // reached nodes beyond the scope boundary
    HeldStarts held(g, starts);     // starts live through the traversal
    while (!stack.empty()) {
        uint32_t id = stack.back();
        stack.pop_back();
        Node &n = g.nodes[id];
        if (n.stamp == stamp)
            continue;
        n.stamp = stamp;
        bool is_start = std::find(starts.begin(), starts.end(), id) != starts.end();
        if (n.serial < limit && !is_start) {
            outside.push_back(id);
            continue;
        }
        order.push_back(id);
        for (uint32_t e = n.first_in; e; e = g.edges[e].next_in)
            stack.push_back(g.edges[e].source);
    }
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return g.nodes[a].serial > g.nodes[b].serial; });
    logging::debug("ad: backward: {} nodes from {} start(s), {} waiting outside an IsolateGrad scope", order.size(),
               starts.size(), outside.size());
    check_call_rules(g, order, true);
    if (!outside.empty()) {
        Scope &scope = scopes().back();
        scope.free_graph = scope.free_graph && free_graph;
        for (uint32_t id : outside)
            wait_in_scope(g, scope, id);
    }
    seed(g, starts, seed_ones);
    reset_reached(g, order, starts);

    for (uint32_t id : order) {
        if (is_call(g, id)) { // a frozen function's replay or a custom operation: its derivative as a whole
            call_backward(g, id, stamp);
            continue;
        }
        if (!g.nodes[id].grad)
            continue;
        JitRef grad = JitRef::borrow(g.nodes[id].grad);
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
            if (g.edges[e].kind == EdgeKind::Call)
                continue; // the call node's derivative moves it
            JitRef c = backward_contribution(g, g.edges[e], grad);
            accumulate(g, g.edges[e].source, std::move(c));
        }
    }
    if (free_graph)
        for (uint32_t id : order)
            while (g.nodes[id].stamp == stamp && g.nodes[id].first_in)
                remove_edge(g, g.nodes[id].first_in);
    Ids interior_order;
    for (uint32_t id : order)
        if (g.nodes[id].stamp == stamp && std::find(starts.begin(), starts.end(), id) == starts.end())
            interior_order.push_back(id);
    drop_unheld(g, interior_order);
}

void traverse_forward(Graph &g, uint32_t start, bool free_graph, uint64_t since) {
    traverse_forward(g, llvm::ArrayRef<uint32_t>(start), true, free_graph, since);
}

void traverse_forward(Graph &g, llvm::ArrayRef<uint32_t> starts, bool seed_ones, bool free_graph,
                      uint64_t since) {
    TraversalGuard busy(g);
    uint64_t limit = std::max(boundary(), since);
    uint32_t stamp = ++g.stamp;
    Ids order, stack(starts.begin(), starts.end());
    HeldStarts held(g, starts);
    while (!stack.empty()) {
        uint32_t id = stack.back();
        stack.pop_back();
        Node &n = g.nodes[id];
        if (n.stamp == stamp || (n.serial < limit && !contains(starts, id)))
            continue;
        n.stamp = stamp;
        order.push_back(id);
        for (uint32_t e = n.first_out; e; e = g.edges[e].next_out)
            stack.push_back(g.edges[e].target);
    }
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return g.nodes[a].serial < g.nodes[b].serial; });
    logging::debug("ad: forward: {} nodes from {} start(s)", order.size(), starts.size());
    check_call_rules(g, order, false);
    seed(g, starts, seed_ones);
    reset_reached(g, order, starts);

    for (uint32_t id : order) {
        if (is_call(g, id)) { // a frozen function's replay or a custom operation: its derivative as a whole
            call_forward(g, id, stamp);
            continue;
        }
        if (!g.nodes[id].grad)
            continue;
        JitRef grad = JitRef::borrow(g.nodes[id].grad);
        for (uint32_t e = g.nodes[id].first_out; e; e = g.edges[e].next_out) {
            uint32_t target = g.edges[e].target;
            if (g.nodes[target].stamp != stamp || g.edges[e].kind == EdgeKind::Call)
                continue;
            JitRef c = forward_contribution(g, g.edges[e], grad);
            accumulate(g, target, std::move(c));
        }
    }
    if (free_graph)
        for (uint32_t id : order)
            for (uint32_t e = g.nodes[id].first_out; e;) {
                uint32_t next = g.edges[e].next_out;
                if (g.nodes[g.edges[e].target].stamp == stamp)
                    remove_edge(g, e);
                e = next;
            }
    Ids alive; // the starts keep their seeds
    for (uint32_t id : order)
        if (g.nodes[id].stamp == stamp && !contains(starts, id))
            alive.push_back(id);
    drop_unheld(g, alive);
}

void scope_enter(bool apart) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Scope scope;
    scope.boundary = graph().next_serial;
    scope.apart = apart;
    scopes().push_back(std::move(scope));
}

uint64_t recording_boundary() {
    const std::vector<Scope> &s = scopes();
    for (auto it = s.rbegin(); it != s.rend(); ++it)
        if (it->apart)
            return it->boundary;
    return 0;
}

std::vector<std::pair<uint32_t, JitRef>> scope_waiting(bool &free_graph) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    const Scope &scope = scopes().back();
    free_graph = scope.free_graph;
    std::vector<std::pair<uint32_t, JitRef>> out;
    for (uint32_t id : scope.waiting)
        out.emplace_back(id, g.nodes[id].grad ? fit(g.nodes[id], JitRef::borrow(g.nodes[id].grad)) : JitRef());
    return out;
}

void backward_from(const std::vector<uint32_t> &nodes, std::vector<JitRef> grads, bool free_graph) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    for (size_t i = 0; i < nodes.size(); ++i) {
        Node &n = g.nodes[nodes[i]];
        if (interior(n) && !n.seeded) // as wait_in_scope: an interior node's older gradient is not this one's
            set_grad_ref(g, nodes[i], fit(n, std::move(grads[i])));
        else
            accumulate(g, nodes[i], std::move(grads[i]));
    }
    traverse_backward(g, nodes, false, free_graph);
}

} // namespace tj::ad

namespace tj::detail {

using namespace tj::ad;

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
    if (backward)
        traverse_backward(g, llvm::ArrayRef<uint32_t>(ad), true, free_graph);
    else
        traverse_forward(g, ad, free_graph);
}

void ad_scope_enter() { scope_enter(false); }

void ad_scope_leave(bool propagate) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    Scope scope = std::move(scopes().back());
    scopes().pop_back();
    struct Release {
        Graph &g;
        std::vector<uint32_t> &ids;
        ~Release() {
            for (uint32_t id : ids)
                dec_ext(g, id);
        }
    } release{g, scope.waiting};
    for (size_t i = 0; i < scope.prior.size(); ++i) // what waiting leaves had before the scope, back with them
        if (JitRef &prior = scope.prior[i]) {
            uint32_t id = scope.waiting[i];
            set_grad_ref(g, id, g.nodes[id].grad ? JitRef::borrow(g.nodes[id].grad) + prior : std::move(prior));
        }
    if (propagate && !scope.waiting.empty())
        traverse_backward(g, scope.waiting, false, scope.free_graph);
}

} // namespace tj::detail
