// runtime/ad/custom.h — custom operations in the AD graph: the hub node that calls the user's rules
//
// tj::custom<Op>() connects each differentiated input to one hub node and the hub to each differentiated output
// (Custom edges, whose `aux` is the slot). Traversals skip Custom edges; when they reach the hub they call the
// operation's backward() or forward() once, with the gradients of all its outputs or inputs.
#pragma once

#include "ad/graph.h"

#include <string>
#include <vector>

namespace tj::ad {

/// Whether node `id` is a custom operation's hub.
inline bool is_custom(const Graph &g, uint32_t id) { return !g.custom_ops.empty() && g.custom_ops.contains(id); }
/// Before a traversal changes anything: tj::Error when a custom operation among `order` lacks the rule it needs.
void check_custom_rules(const Graph &g, const std::vector<uint32_t> &order, bool backward);
/// At a hub, reverse mode: backward() from the gradients of the outputs this traversal reached (`stamp`), added
/// to the inputs.
void custom_backward(Graph &g, uint32_t hub, uint32_t stamp);
/// At a hub, forward mode: forward() from the tangents of the inputs this traversal reached, added to the
/// outputs it reached.
void custom_forward(Graph &g, uint32_t hub, uint32_t stamp);
/// The name of an operation for errors and graphviz.
std::string custom_op_name(const detail::CustomOpBase &op);

} // namespace tj::ad
