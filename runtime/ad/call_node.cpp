// runtime/ad/call_node.cpp — making call nodes, and the values a part of the graph reads
#include "ad/call_node.h"

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

std::vector<uint32_t> edge_values(const Graph &g, const Subgraph &sub) {
    std::vector<uint32_t> values;
    std::unordered_set<uint32_t> seen, in_sub(sub.nodes.begin(), sub.nodes.end());
    auto add = [&](uint32_t v) {
        if (v && seen.insert(v).second)
            values.push_back(v);
    };
    for (uint32_t id : sub.nodes) {
        // An input's in-edges are its history outside the function, also from another input (w = f(x), both passed
        // in): the derivative stops at inputs (traverse_aside), and their weights are not its values.
        if (std::find(sub.inputs.begin(), sub.inputs.end(), id) != sub.inputs.end())
            continue;
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
            const Edge &edge = g.edges[e];
            if (!in_sub.count(edge.source))
                continue; // something outside (the caller refuses that)
            add(edge.weight);
            add(edge.index);
            add(edge.mask);
        }
    }
    return values;
}

} // namespace tj::ad
