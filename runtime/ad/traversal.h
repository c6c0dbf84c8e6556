// runtime/ad/traversal.h — the one AD traversal: reach, order, propagation into a gradient store, freeing
//
// Every traversal, in either direction (Direction) and whatever keeps its gradients (GradStore), takes the same
// steps (traversal.cpp):
//   1. reach: from the starts along the direction's edges (an explicit stack: no recursion on graph depth),
//      marking what it meets (Marks), not going past a stop, and not below a serial limit (the innermost
//      IsolateGrad scope's boundary, a loop body's first node): backward, a node older than the limit is
//      `outside` (it waits in the scope); forward, it is not reached;
//   2. order the reached nodes by serial, a topological order: backward newest first, forward oldest first, so
//      that each gradient is complete before it is passed on;
//   3. propagate: each node's gradient crosses its edges (propagate.cpp, `contribution`) into the store; a call
//      node (a frozen function's replay, a custom operation) moves its gradients as a whole through its
//      CallDerivative. An edge is crossed when its far end was reached and it does not enter a stop.
// `traverse` keeps the gradients in the graph's nodes (NodeGrads: tj::backward, tj::forward, tj::traverse,
// IsolateGrad scopes, symbolic loops) and adds what only the graph's own gradients have: seeds, resetting the
// interior nodes, the missing-rule check, waiting outside a scope, freeing the graph, dropping unheld gradients.
// `traverse_aside` keeps them in a map (AsideGrads): nothing of the graph changes, which is how a frozen function
// records its derivative over the body's graph (freeze/grad.cpp). Semantics: docs/autodiff.md.
#pragma once

#include "ad/graph.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/SmallVector.h>

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tj::ad {

/// Where a traversal keeps the gradients it computes.
class GradStore {
  public:
    virtual ~GradStore() = default;
    /// The gradient of node `id` so far (empty: none).
    virtual JitRef get(uint32_t id) const = 0;
    /// Adds contribution `c` to it (after fitting `c` to the node's size and type).
    virtual void add(uint32_t id, JitRef c) = 0;
};

/// The graph's own gradients (Node::grad).
class NodeGrads final : public GradStore {
  public:
    explicit NodeGrads(Graph &g) : m_g(g) {}
    JitRef get(uint32_t id) const override;
    void add(uint32_t id, JitRef c) override;

  private:
    Graph &m_g;
};

/// Gradients kept aside, by node: the graph's gradients stay as they are.
class AsideGrads final : public GradStore {
  public:
    explicit AsideGrads(const Graph &g) : m_g(g) {}
    JitRef get(uint32_t id) const override;
    void add(uint32_t id, JitRef c) override;

  private:
    const Graph &m_g;
    std::unordered_map<uint32_t, JitRef> m_grads;
};

/// The nodes a traversal reached: marked with a new stamp of the graph (Node::stamp; its own traversals), or held
/// in a set of their own (the graph stays as it is: a traversal aside, or an analysis).
class Marks {
  public:
    /// Marks in a set.
    Marks() = default;
    /// Marks with a new stamp of `g`.
    static Marks stamped(Graph &g);
    bool has(const Graph &g, uint32_t id) const {
        return m_graph ? g.nodes[id].stamp == m_stamp : m_set.count(id) != 0;
    }
    /// Marks node `id`.
    void add(uint32_t id);

  private:
    Graph *m_graph = nullptr;
    uint32_t m_stamp = 0;
    std::unordered_set<uint32_t> m_set;
};

/// A traversal's nodes: inline for the few of a frozen call's step, no allocation then.
using Ids = llvm::SmallVector<uint32_t, 16>;

/// What a traversal reaches.
struct Reach {
    Ids order;   ///< the reached nodes, in the direction's topological order (backward: newest first)
    Ids outside; ///< backward: nodes older than the limit that it met (marked, not passed); forward: none
};
/// Steps 1 and 2: the nodes reached from `starts` in direction `d`, marked in `marks`. A stop is reached, but not
/// gone past; a node older than serial `limit` that is neither a start nor a stop is outside.
Reach reach(const Graph &g, Direction d, llvm::ArrayRef<uint32_t> starts, llvm::ArrayRef<uint32_t> stops,
            uint64_t limit, Marks &marks);
/// Step 3: passes the gradient `store` holds for each of `order` (a Reach's, marked in `marks`) on in direction
/// `d`: across each edge whose far end is marked and whose target is not one of `stops` (a stop's own history is
/// beyond the traversal: backward, it does not pass its gradient on; forward, it keeps its seed), and through call
/// nodes' derivatives.
void propagate(Graph &g, Direction d, llvm::ArrayRef<uint32_t> order, const Marks &marks,
               llvm::ArrayRef<uint32_t> stops, GradStore &store);
/// Before a traversal changes anything: tj::Error when a call among `order` (a custom operation) lacks the rule
/// for direction `d`.
void check_call_rules(const Graph &g, llvm::ArrayRef<uint32_t> order, Direction d);

/// A traversal of the graph's own gradients from `starts` (each keeps its gradient as seed; `seed_ones`: a start
/// without a seed gets ones). Only nodes created from serial `since` on are reached (and those after the boundary
/// of the innermost IsolateGrad scope); backward, older ones wait in the scope. `free_graph`: the edges it went
/// through are removed.
void traverse(Graph &g, Direction d, llvm::ArrayRef<uint32_t> starts, bool seed_ones, bool free_graph,
              uint64_t since = 0);

/// The nodes between some outputs and some inputs: what the outputs depend on, stopping at the inputs (a backward
/// Reach in a set of marks).
struct Subgraph {
    std::vector<uint32_t> nodes;   ///< newest first (a reverse topological order), inputs included
    std::vector<uint32_t> outside; ///< nodes it depends on that are not inputs and older than `since`
    std::vector<uint32_t> inputs;  ///< the inputs it reached (their in-edges are their own history, not its)
};
/// The part of the graph that `outputs` depend on, stopping at `inputs`; nodes older than serial `since` that are
/// not inputs are collected in `outside` (the caller decides whether that is an error).
Subgraph subgraph(const Graph &g, const std::vector<uint32_t> &outputs, const std::vector<uint32_t> &inputs,
                  uint64_t since);
/// A traversal over `sub` (no node outside it) with the gradients kept aside (AsideGrads: no node's gradient
/// changes, no edge is freed). Backward: `seeds[j]` (empty: none) is the gradient of outputs[j]; returns the
/// gradient of each input. Forward: `seeds[i]` is the tangent of inputs[i]; returns the tangent of each output.
/// Empty where none reached.
std::vector<JitRef> traverse_aside(Graph &g, Direction d, const Subgraph &sub, const std::vector<uint32_t> &outputs,
                                   const std::vector<uint32_t> &inputs, const std::vector<JitRef> &seeds);

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
