// runtime/ad/isolate_scope.cpp — IsolateGrad scopes: where backward traversals stop, what waits, what leaving does
//
// A backward traversal inside a scope (traversal.cpp) stops at the nodes made before the scope; they wait in it,
// each holding a reference, until the scope ends, and leaving it traverses backward from them. Semantics:
// docs/autodiff.md.
#include "ad/isolate_scope.h"

#include "ad/traversal.h"
#include "jit/var.h"

#include <tracejit/detail/ad_core.h>
#include <tracejit/error.h>

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
    bool isolate_forward = true; ///< forward traversals inside stop at its boundary too
};

std::vector<Scope> &scopes() {
    static thread_local std::vector<Scope> s;
    return s;
}

bool interior(const Node &n) { return n.first_in != 0; }

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

} // namespace

uint64_t scope_boundary() { return scopes().empty() ? 0 : scopes().back().boundary; }

/// The boundary of this thread's innermost scope with `flag` set (0: none).
static uint64_t innermost_boundary(bool Scope::*flag) {
    const std::vector<Scope> &s = scopes();
    for (auto it = s.rbegin(); it != s.rend(); ++it)
        if ((*it).*flag)
            return it->boundary;
    return 0;
}

uint64_t forward_boundary() { return innermost_boundary(&Scope::isolate_forward); }

uint64_t recording_boundary() { return innermost_boundary(&Scope::apart); }

void scope_wait(Graph &g, llvm::ArrayRef<uint32_t> outside, bool free_graph) {
    TJ_ASSERT(!scopes().empty(), "tj::ad: nodes waiting outside a scope that does not exist");
    Scope &scope = scopes().back();
    scope.free_graph = scope.free_graph && free_graph;
    for (uint32_t id : outside)
        wait_in_scope(g, scope, id);
}

void scope_enter(bool apart, bool isolate_forward) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Scope scope;
    scope.boundary = graph().next_serial;
    scope.apart = apart;
    scope.isolate_forward = isolate_forward;
    scopes().push_back(std::move(scope));
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
    traverse(g, Direction::Backward, nodes, false, free_graph);
}

} // namespace tj::ad

namespace tj::detail {

using namespace tj::ad;

void ad_scope_enter(bool isolate_forward) { scope_enter(false, isolate_forward); }

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
        traverse(g, Direction::Backward, scope.waiting, false, scope.free_graph);
}

} // namespace tj::detail
