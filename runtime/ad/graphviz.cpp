// runtime/ad/graphviz.cpp — the AD graph leading to some arrays, as Graphviz DOT text (ADScope boxes as clusters)
#include "ad/call_node.h"
#include "ad/graph.h"
#include "jit/var.h"
#include "support/dot_writer.h"

#include <tracejit/detail/ad_core.h>

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace tj::detail {

using namespace tj::ad;

namespace {

const char *edge_name(const Graph &g, const Edge &e) {
    switch (e.kind) {
    case EdgeKind::Linear: return "";
    case EdgeKind::Mask: return e.invert ? "mask (else)" : "mask";
    case EdgeKind::Gather: return "gather";
    case EdgeKind::ScatterKeep: return "scatter (kept)";
    case EdgeKind::ScatterValue: return e.add ? "scatter_add" : "scatter";
    case EdgeKind::BlockSum: return "block_sum";
    case EdgeKind::PrefixSum: return e.reverse ? "suffix_sum" : "prefix_sum";
    case EdgeKind::Call: { // a custom operation's edges are plain arrows into and out of its hexagon
        auto call = g.calls.find(g.calls.count(e.target) ? e.target : e.source);
        return call != g.calls.end() && !call->second->name().empty() ? "" : "call";
    }
    }
    return "";
}

} // namespace

std::string ad_graphviz(const uint32_t *ads, size_t count) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Graph &g = graph();
    // The nodes the given ones depend on, in creation order.
    std::vector<uint32_t> nodes, stack(ads, ads + count);
    uint32_t stamp = ++g.stamp;
    while (!stack.empty()) {
        uint32_t id = stack.back();
        stack.pop_back();
        if (!id || g.nodes[id].stamp == stamp)
            continue;
        g.nodes[id].stamp = stamp;
        nodes.push_back(id);
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in)
            stack.push_back(g.edges[e].source);
    }
    std::sort(nodes.begin(), nodes.end(), [&](uint32_t a, uint32_t b) { return g.nodes[a].serial < g.nodes[b].serial; });

    support::DotWriter dot("ad");
    dot.attribute({"rankdir", "RL"});
    dot.defaults("node", {{"shape", "record"}, {"fontname", "Consolas"}});
    auto write_node = [&](uint32_t id) {
        const Node &n = g.nodes[id];
        auto label = g.labels.find(id);
        bool labelled = label != g.labels.end();
        bool requested = std::find(ads, ads + count, id) != ads + count;
        const std::string name = std::to_string(id);
        auto call = g.calls.find(id);
        if (call != g.calls.end() && !call->second->name().empty()) { // a custom operation: inputs in, outputs out
            std::string text = fmt::format("custom: {}\n#{}", call->second->name(), id);
            dot.node(name, {{"label", text, support::DotQuote::Record}, {"shape", "hexagon"}});
            return;
        }
        std::string text = labelled ? "'" + label->second + "'" : std::string(n.what);
        text += fmt::format("\n#{} {}[{}]", id, type_name(n.type), n.size);
        const support::DotAttr text_attr{"label", text, support::DotQuote::Record};
        if (requested || labelled)
            dot.node(name, {text_attr, {"fillcolor", requested ? "cornflowerblue" : "salmon"}, {"style", "filled"}});
        else
            dot.node(name, {text_attr});
    };
    // tj::ADScope boxes: the boxes the nodes are in, with the boxes that enclose them, as nested clusters.
    std::vector<bool> shown(g.name_scopes.size(), false);
    for (uint32_t id : nodes)
        for (uint32_t b = g.nodes[id].name_scope; b && !shown[b]; b = g.name_scopes[b].parent)
            shown[b] = true;
    auto write_box = [&](auto &self, uint32_t box) -> void {
        if (box) {
            dot.begin_cluster(std::to_string(box));
            dot.attribute({"label", g.name_scopes[box].name, support::DotQuote::Always});
        }
        for (uint32_t id : nodes)
            if (g.nodes[id].name_scope == box)
                write_node(id);
        for (uint32_t inner = 1; inner < g.name_scopes.size(); ++inner)
            if (shown[inner] && g.name_scopes[inner].parent == box)
                self(self, inner);
        if (box)
            dot.end_cluster();
    };
    write_box(write_box, 0);
    for (uint32_t id : nodes)
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
            const char *name = edge_name(g, g.edges[e]);
            if (*name)
                dot.edge(std::to_string(id), std::to_string(g.edges[e].source),
                         {{"label", name, support::DotQuote::Always}});
            else
                dot.edge(std::to_string(id), std::to_string(g.edges[e].source));
        }
    return dot.finish();
}

} // namespace tj::detail
