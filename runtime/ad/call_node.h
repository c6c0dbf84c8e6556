// runtime/ad/call_node.h — call nodes: many inputs to many outputs, one derivative callback
//
// One mechanism for two uses. A custom operation (tj::custom, custom.cpp) is a call node whose derivative runs the
// user's rules. A frozen function's replay does not run its body, so there is no graph of its operations: the replay makes
// a call node per level of outputs (freeze/recording.h, GradRecording::Level) with an in-edge from each
// differentiable input (and lower level's output) and an out-edge to a new node per differentiable output of the
// level (edges of kind Call, `aux` their position). A traversal that reaches the call node (traversal.cpp, cross_call)
// hands the gradients of its outputs (reverse) or inputs (forward) to its CallDerivative, which replays the
// derivative recording. That recording is made once, on the recording call, by tracing traverse_aside
// (traversal.h) over the body's real graph.
#pragma once

#include "ad/graph.h"
#include "ad/traversal.h"

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
/// The JIT variables the edges of `sub` read (weights, masks, indices), each once, in a fixed order.
std::vector<uint32_t> edge_values(const Graph &g, const Subgraph &sub);

} // namespace tj::ad
