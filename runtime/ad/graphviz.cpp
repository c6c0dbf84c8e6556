// runtime/ad/graphviz.cpp — the AD graph leading to some arrays, as Graphviz DOT text
#include "ad/graph.h"
#include "jit/var.h"
#include "support/dot_writer.h"

#include <tracejit/ad_core.h>

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace tj::detail {

using namespace tj::ad;

namespace {

const char *edge_name(const Edge &e) {
    switch (e.kind) {
    case EdgeKind::Linear: return "";
    case EdgeKind::Mask: return e.invert ? "mask (else)" : "mask";
    case EdgeKind::Gather: return "gather";
    case EdgeKind::ScatterKeep: return "scatter (kept)";
    case EdgeKind::ScatterValue: return e.add ? "scatter_add" : "scatter";
    case EdgeKind::BlockSum: return "block_sum";
    case EdgeKind::PrefixSum: return e.reverse ? "suffix_sum" : "prefix_sum";
    case EdgeKind::Call: return "call";
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
    for (uint32_t id : nodes) {
        const Node &n = g.nodes[id];
        auto label = g.labels.find(id);
        bool labelled = label != g.labels.end();
        bool requested = std::find(ads, ads + count, id) != ads + count;
        std::string text = labelled ? "'" + label->second + "'" : std::string(n.what);
        text += fmt::format("\n#{} {}[{}]", id, type_name(n.type), n.size);
        const std::string name = std::to_string(id);
        const support::DotAttr text_attr{"label", text, support::DotQuote::Record};
        if (requested || labelled)
            dot.node(name, {text_attr, {"fillcolor", requested ? "cornflowerblue" : "salmon"}, {"style", "filled"}});
        else
            dot.node(name, {text_attr});
    }
    for (uint32_t id : nodes)
        for (uint32_t e = g.nodes[id].first_in; e; e = g.edges[e].next_in) {
            const char *name = edge_name(g.edges[e]);
            if (*name)
                dot.edge(std::to_string(id), std::to_string(g.edges[e].source),
                         {{"label", name, support::DotQuote::Always}});
            else
                dot.edge(std::to_string(id), std::to_string(g.edges[e].source));
        }
    return dot.finish();
}

} // namespace tj::detail
