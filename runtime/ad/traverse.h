// runtime/ad/traverse.h — backward and forward traversals of the AD graph, and IsolateGrad scopes
#pragma once

#include "ad/graph.h"

#include <llvm/ADT/ArrayRef.h>

#include <utility>
#include <vector>

namespace tj::ad {

/// Reverse mode from `starts` (each keeps its gradient as seed; `seed_ones`: a start without a seed gets ones).
void traverse_backward(Graph &g, llvm::ArrayRef<uint32_t> starts, bool seed_ones, bool free_graph);
/// Forward mode from `start`; only nodes created from serial `since` on are reached (and those after the
/// boundary of the innermost IsolateGrad scope).
void traverse_forward(Graph &g, uint32_t start, bool free_graph, uint64_t since = 0);
/// Forward mode from several starts at once (each keeps its gradient as seed; `seed_ones`: a start without a
/// seed gets ones).
void traverse_forward(Graph &g, llvm::ArrayRef<uint32_t> starts, bool seed_ones, bool free_graph,
                      uint64_t since = 0);

/// Enters an IsolateGrad scope (ad_scope_enter); `apart`: a frozen function's recording, whose waiting leaves hold
/// only this scope's gradient until it ends (scope_waiting reads it), their older gradient being kept apart.
void scope_enter(bool apart);
/// The boundary of the innermost scope of a frozen function's recording on this thread (scope_enter with `apart`):
/// nodes with a smaller serial were made before its body (0: no recording).
uint64_t recording_boundary();
/// The nodes waiting in the innermost scope with the gradient the scope gave each (empty: none), and whether the
/// traversal that made them freed the graph.
std::vector<std::pair<uint32_t, JitRef>> scope_waiting(bool &free_graph);
/// What leaving a scope does with gradients that reached `nodes` inside it: gives them `grads` and traverses
/// backward from them (a frozen function's replay of a body that called backward).
void backward_from(const std::vector<uint32_t> &nodes, std::vector<JitRef> grads, bool free_graph);

/// While a traversal runs, the graph must not be simplified under it.
struct TraversalGuard {
    explicit TraversalGuard(Graph &g) : m_g(g) { ++m_g.busy; }
    ~TraversalGuard() { --m_g.busy; }
    TraversalGuard(const TraversalGuard &) = delete;
    TraversalGuard &operator=(const TraversalGuard &) = delete;

  private:
    Graph &m_g;
};

} // namespace tj::ad
