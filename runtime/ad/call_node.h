// runtime/ad/call_node.h — call nodes (many inputs to many outputs, one derivative callback) and derivatives of a
// part of the graph computed aside, without touching the gradients the graph holds
//
// One mechanism for two uses. A custom operation (tj::custom, custom.cpp) is a call node whose derivative runs the
// user's rules. A frozen function's replay does not run its body, so there is no graph of its operations: the replay makes
// a call node per level of outputs (freeze/recording.h, GradRecording::Level) with an in-edge from each
// differentiable input (and lower level's output) and an out-edge to a new node per differentiable output of the
// level (edges of kind Call, `aux` their position). A traversal that reaches the call node hands the gradients of its
// outputs (reverse) or inputs (forward) to its CallDerivative, which replays the derivative recording. That recording
// is made once, on the recording call, by tracing backward_aside / forward_aside over the body's real graph.
#pragma once

#include "ad/graph.h"

#include <llvm/ADT/ArrayRef.h>

#include <memory>
#include <utility>
#include <vector>

namespace tj::ad {

/// Makes a call node whose derivative is `derivative`, with an in-edge from each of `inputs` (position i: input i),
/// and one new node per entry (size, type) of `outputs` behind it. Returns the output nodes (one external reference
/// each). Runs under the JIT lock.
/// `what`: the nodes' operations for graphviz (the call node's, its outputs').
std::vector<uint32_t> make_call_node(Graph &g, llvm::ArrayRef<uint32_t> inputs,
                                     llvm::ArrayRef<std::pair<uint64_t, VarType>> outputs,
                                     std::unique_ptr<CallDerivative> derivative,
                                     std::pair<const char *, const char *> what = {"frozen call", "frozen output"});

/// Whether node `id` is a call node.
inline bool is_call(const Graph &g, uint32_t id) { return !g.calls.empty() && g.calls.count(id); }
/// Before a traversal changes anything: tj::Error when a call among `order` (a custom operation) lacks the rule
/// for the direction.
void check_call_rules(const Graph &g, llvm::ArrayRef<uint32_t> order, bool backward);
/// In a backward traversal: gives the call's inputs what its derivative makes of the gradients of the outputs that
/// the traversal (marked `stamp`) reached.
void call_backward(Graph &g, uint32_t id, uint32_t stamp);
/// In a forward traversal: gives the call's outputs what its derivative makes of the tangents of the inputs that
/// the traversal (marked `stamp`) reached.
void call_forward(Graph &g, uint32_t id, uint32_t stamp);

/// The nodes between some outputs and some inputs: what the outputs depend on, stopping at the inputs.
struct Subgraph {
    std::vector<uint32_t> nodes;   ///< newest first (a reverse topological order), inputs included
    std::vector<uint32_t> outside; ///< nodes it depends on that are not inputs and older than `since`
    std::vector<uint32_t> inputs;  ///< the inputs it reached (their in-edges are their own history, not its)
};
/// The part of the graph that `outputs` depend on, stopping at `inputs`; nodes older than serial `since` that are
/// not inputs are collected in `outside` (the caller decides whether that is an error).
Subgraph subgraph(const Graph &g, const std::vector<uint32_t> &outputs, const std::vector<uint32_t> &inputs,
                  uint64_t since);
/// The JIT variables the edges of `sub` read (weights, masks, indices), each once, in a fixed order.
std::vector<uint32_t> edge_values(const Graph &g, const Subgraph &sub);
/// Reverse mode over `sub` with the gradients kept aside (no node's gradient changes, no edge is freed):
/// `seeds[j]` (empty: none) is the gradient of outputs[j]; returns the gradient of each input (empty: none).
std::vector<JitRef> backward_aside(const Graph &g, const Subgraph &sub, const std::vector<uint32_t> &outputs,
                                   const std::vector<JitRef> &seeds, const std::vector<uint32_t> &inputs);
/// Forward mode over `sub` with the tangents kept aside: `seeds[i]` is the tangent of inputs[i]; returns the
/// tangent of each output (empty: none).
std::vector<JitRef> forward_aside(const Graph &g, const Subgraph &sub, const std::vector<uint32_t> &inputs,
                                  const std::vector<JitRef> &seeds, const std::vector<uint32_t> &outputs);

} // namespace tj::ad
