// runtime/ad/call_node.cpp — call nodes, and backward/forward over a part of the graph with gradients kept aside
#include "ad/call_node.h"

#include "ad/propagate.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace tj::ad {

std::vector<uint32_t> make_call_node(Graph &g, llvm::ArrayRef<uint32_t> inputs,
                                     llvm::ArrayRef<std::pair<uint64_t, VarType>> outputs,
                                     std::unique_ptr<CallDerivative> derivative,
                                     std::pair<const char *, const char *> what) {
    uint32_t call = new_node(g, 1, VarType::Float32, what.first);
    for (uint32_t i = 0; i < inputs.size(); ++i) {
        Edge e;
        e.kind = EdgeKind::Call;
        e.aux = i;
        add_edge(g, inputs[i], call, e);
    }
    std::vector<uint32_t> outs;
    outs.reserve(outputs.size());
    for (uint32_t j = 0; j < outputs.size(); ++j) {
        uint32_t out = new_node(g, outputs[j].first, outputs[j].second, what.second);
        Edge e;
        e.kind = EdgeKind::Call;
        e.aux = j;
        add_edge(g, call, out, e);
        outs.push_back(out);
    }
    derivative->inputs = uint32_t(inputs.size());
    derivative->outputs = uint32_t(outputs.size());
    g.calls[call] = std::move(derivative);
    dec_ext(g, call); // the outputs' in-edges hold it
    return outs;
}

void check_call_rules(const Graph &g, llvm::ArrayRef<uint32_t> order, bool backward) {
    if (g.calls.empty())
        return;
    for (uint32_t id : order) {
        auto it = g.calls.find(id);
        if (it == g.calls.end())
            continue;
        const CallDerivative &d = *it->second;
        if (backward ? d.has_backward() : d.has_forward())
            continue;
        const char *rule = backward ? "backward" : "forward";
        throw Error(fmt::format("AD {} traversal: the custom operation '{}' does not override {}() (tj::CustomOp), "
                                "and the traversal reaches it; nothing was propagated",
                                rule, d.name(), rule));
    }
}

void call_backward(Graph &g, uint32_t id, uint32_t stamp) {
    CallDerivative &d = *g.calls.at(id);
    std::vector<JitRef> grads(d.outputs);
    bool any = false;
    for (uint32_t e = g.nodes[id].first_out; e; e = g.edges[e].next_out) {
        const Node &out = g.nodes[g.edges[e].target];
        if (out.stamp == stamp && out.grad) { // reached by this traversal (an older gradient is not this one's)
            grads[g.edges[e].aux] = fit(out, JitRef::borrow(out.grad));
            any = true;
        }
    }
    if (!any)
        return;
    std::vector<JitRef> result = d.backward(grads);
    TJ_ASSERT(result.size() == d.inputs, "tj::ad: a call's derivative returned the wrong number of gradients");
    for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in)
        if (JitRef &r = result[g.edges[e].aux])
            accumulate(g, g.edges[e].source, std::move(r));
}

void call_forward(Graph &g, uint32_t id, uint32_t stamp) {
    CallDerivative &d = *g.calls.at(id);
    std::vector<JitRef> tangents(d.inputs);
    bool any = false;
    for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
        const Node &in = g.nodes[g.edges[e].source];
        if (in.stamp == stamp && in.grad) {
            tangents[g.edges[e].aux] = fit(in, JitRef::borrow(in.grad));
            any = true;
        }
    }
    if (!any)
        return;
    std::vector<JitRef> result = d.forward(tangents);
    TJ_ASSERT(result.size() == d.outputs, "tj::ad: a call's derivative returned the wrong number of tangents");
    for (uint32_t e = g.nodes[id].first_out; e; e = g.edges[e].next_out)
        if (g.nodes[g.edges[e].target].stamp == stamp)
            if (JitRef &r = result[g.edges[e].aux])
                accumulate(g, g.edges[e].target, std::move(r));
}

Subgraph subgraph(const Graph &g, const std::vector<uint32_t> &outputs, const std::vector<uint32_t> &inputs,
                  uint64_t since) {
    Subgraph sub;
    std::unordered_set<uint32_t> seen, stop(inputs.begin(), inputs.end());
    std::vector<uint32_t> stack(outputs.begin(), outputs.end());
    while (!stack.empty()) {
        uint32_t id = stack.back();
        stack.pop_back();
        if (!id || !seen.insert(id).second)
            continue;
        const Node &n = g.nodes[id];
        if (!stop.count(id) && n.serial < since) {
            sub.outside.push_back(id);
            continue;
        }
        sub.nodes.push_back(id);
        if (stop.count(id)) {
            sub.inputs.push_back(id);
            continue;
        }
        for (uint32_t e = n.first_in; e; e = g.edges[e].next_in)
            stack.push_back(g.edges[e].source);
    }
    std::sort(sub.nodes.begin(), sub.nodes.end(),
              [&](uint32_t a, uint32_t b) { return g.nodes[a].serial > g.nodes[b].serial; });
    return sub;
}

namespace {

bool is_input(const std::vector<uint32_t> &inputs, uint32_t id) {
    return std::find(inputs.begin(), inputs.end(), id) != inputs.end();
}

/// Adds `c` (fitted to node `id`) to the gradient kept aside for it.
void add_aside(const Graph &g, std::unordered_map<uint32_t, JitRef> &aside, uint32_t id, JitRef c) {
    c = fit(g.nodes[id], std::move(c));
    JitRef &slot = aside[id];
    slot = slot ? slot + c : c;
}

} // namespace

std::vector<uint32_t> edge_values(const Graph &g, const Subgraph &sub) {
    std::vector<uint32_t> values;
    std::unordered_set<uint32_t> seen, in_sub(sub.nodes.begin(), sub.nodes.end());
    auto add = [&](uint32_t v) {
        if (v && seen.insert(v).second)
            values.push_back(v);
    };
    for (uint32_t id : sub.nodes) {
        // An input's in-edges are its history outside the function, also from another input (w = f(x), both passed
        // in): the derivative stops at inputs (backward_aside, forward_aside), and their weights are not its values.
        if (std::find(sub.inputs.begin(), sub.inputs.end(), id) != sub.inputs.end())
            continue;
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
            const Edge &edge = g.edges[e];
            if (!in_sub.count(edge.source))
                continue; // an input's own history, or something outside (the caller refuses that)
            add(edge.weight);
            add(edge.index);
            add(edge.mask);
        }
    }
    return values;
}

std::vector<JitRef> backward_aside(const Graph &g, const Subgraph &sub, const std::vector<uint32_t> &outputs,
                                   const std::vector<JitRef> &seeds, const std::vector<uint32_t> &inputs) {
    std::unordered_map<uint32_t, JitRef> aside;
    std::unordered_set<uint32_t> in_sub(sub.nodes.begin(), sub.nodes.end());
    for (size_t j = 0; j < outputs.size(); ++j)
        if (seeds[j])
            add_aside(g, aside, outputs[j], seeds[j]);
    for (uint32_t id : sub.nodes) { // newest first: every gradient is complete before it is passed on
        if (is_input(inputs, id))
            continue;
        auto found = aside.find(id);
        if (found == aside.end())
            continue;
        JitRef grad = found->second;
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
            const Edge &edge = g.edges[e];
            if (!in_sub.count(edge.source))
                continue;
            TJ_ASSERT(edge.kind != EdgeKind::Call, "tj::ad: a call node inside a recorded body");
            add_aside(g, aside, edge.source, backward_contribution(g, edge, grad));
        }
    }
    std::vector<JitRef> result;
    for (uint32_t id : inputs) {
        auto found = aside.find(id);
        result.push_back(found == aside.end() ? JitRef() : found->second);
    }
    return result;
}

std::vector<JitRef> forward_aside(const Graph &g, const Subgraph &sub, const std::vector<uint32_t> &inputs,
                                  const std::vector<JitRef> &seeds, const std::vector<uint32_t> &outputs) {
    std::unordered_map<uint32_t, JitRef> aside;
    std::unordered_set<uint32_t> in_sub(sub.nodes.begin(), sub.nodes.end());
    for (size_t i = 0; i < inputs.size(); ++i)
        if (seeds[i])
            add_aside(g, aside, inputs[i], seeds[i]);
    for (auto it = sub.nodes.rbegin(); it != sub.nodes.rend(); ++it) { // oldest first
        uint32_t id = *it;
        if (is_input(inputs, id))
            continue; // what an input gets is its seed (its own history is outside the function)
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
            const Edge &edge = g.edges[e];
            auto found = in_sub.count(edge.source) ? aside.find(edge.source) : aside.end();
            if (found == aside.end())
                continue;
            TJ_ASSERT(edge.kind != EdgeKind::Call, "tj::ad: a call node inside a recorded body");
            add_aside(g, aside, id, forward_contribution(g, edge, found->second));
        }
    }
    std::vector<JitRef> result;
    for (uint32_t id : outputs) {
        auto found = aside.find(id);
        result.push_back(found == aside.end() ? JitRef() : found->second);
    }
    return result;
}

} // namespace tj::ad
