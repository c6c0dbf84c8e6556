// runtime/ad/traverse.h — backward and forward traversals of the AD graph, and IsolateGrad scopes
#pragma once

#include "ad/graph.h"

#include <vector>

namespace tj::ad {

/// Reverse mode from `starts` (each keeps its gradient as seed; `seed_ones`: a start without a seed gets ones).
void traverse_backward(Graph &g, const std::vector<uint32_t> &starts, bool seed_ones, bool free_graph);
/// Forward mode from `start`.
void traverse_forward(Graph &g, uint32_t start, bool free_graph);

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
