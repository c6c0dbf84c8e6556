// runtime/ad/isolate_scope.h — IsolateGrad scopes: the boundary a backward traversal stops at, and the nodes that wait
#pragma once

#include "ad/graph.h"

#include <llvm/ADT/ArrayRef.h>

#include <utility>
#include <vector>

namespace tj::ad {

/// Nodes with a smaller serial were created before the innermost IsolateGrad scope of this thread (0: none).
uint64_t scope_boundary();
/// A backward traversal (`free_graph`: one that frees the graph) reached `outside`, nodes before the innermost
/// scope's boundary: they wait in the scope, each with the gradient this scope gave it, until it ends.
void scope_wait(Graph &g, llvm::ArrayRef<uint32_t> outside, bool free_graph);

/// Enters an IsolateGrad scope (ad_scope_enter); `apart`: a frozen function's recording, whose waiting leaves hold
/// only this scope's gradient until it ends (scope_waiting reads it), their older gradient being kept apart.
/// `isolate_forward`: forward traversals inside it visit only the nodes made inside it (and their starts); a scope
/// around tj::if_stmt's branches or tj::dispatch's instances isolates backward traversals only.
void scope_enter(bool apart, bool isolate_forward = true);
/// The boundary of the innermost scope of this thread that isolates forward traversals (0: none).
uint64_t forward_boundary();
/// The boundary of the innermost scope of a frozen function's recording on this thread (scope_enter with `apart`):
/// nodes with a smaller serial were made before its body (0: no recording).
uint64_t recording_boundary();
/// The nodes waiting in the innermost scope with the gradient the scope gave each (empty: none), and whether the
/// traversal that made them freed the graph.
std::vector<std::pair<uint32_t, JitRef>> scope_waiting(bool &free_graph);
/// What leaving a scope does with gradients that reached `nodes` inside it: gives them `grads` and traverses
/// backward from them (a frozen function's replay of a body that called backward).
void backward_from(const std::vector<uint32_t> &nodes, std::vector<JitRef> grads, bool free_graph);

} // namespace tj::ad
