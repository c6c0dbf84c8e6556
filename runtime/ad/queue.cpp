// runtime/ad/queue.cpp — tj::enqueue and tj::traverse: several seeded arrays propagated in one traversal
//
// Each thread has one queue of AD nodes (each referenced while queued) and the direction it was filled for.
// traverse() starts one traversal from the queued nodes that have a seed (set_grad/accum_grad), so a node
// reached from several of them receives the sum of their contributions. Semantics: docs/autodiff.md.
#include "ad/traversal.h"

#include "jit/var.h"

#include <tracejit/detail/ad_core.h>
#include <tracejit/ad_scope.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace tj::ad {

namespace {

const char *mode_name(Direction d) { return d == Direction::Backward ? "ADMode::Backward" : "ADMode::Forward"; }

Direction direction(bool backward) { return backward ? Direction::Backward : Direction::Forward; }

struct Queue {
    Direction direction = Direction::Backward;
    std::vector<uint32_t> nodes;
    ~Queue() {
        if (nodes.empty())
            return;
        jit::State &s = jit::state();
        jit::Lock lock(s.mutex);
        for (uint32_t id : nodes)
            dec_ext(graph(), id);
    }
};

Queue &queue() {
    static thread_local Queue q;
    return q;
}

} // namespace

} // namespace tj::ad

namespace tj::detail {

using namespace tj::ad;

void ad_enqueue(bool backward, const uint32_t *ads, size_t count) {
    Direction d = direction(backward);
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Queue &q = queue();
    for (size_t i = 0; i < count; ++i)
        if (!ads[i] || graph().nodes[ads[i]].inert)
            throw Error(fmt::format("tj::enqueue({}): argument {} does not have gradients enabled and was not "
                                    "computed from an array that has (call tj::enable_grad first)",
                                    mode_name(d), i + 1));
    if (!q.nodes.empty() && q.direction != d)
        throw Error(fmt::format("tj::enqueue({}): {} array(s) are already queued for {}: call tj::traverse({}) first",
                                mode_name(d), q.nodes.size(), mode_name(q.direction), mode_name(q.direction)));
    q.direction = d;
    for (size_t i = 0; i < count; ++i)
        if (std::find(q.nodes.begin(), q.nodes.end(), ads[i]) == q.nodes.end()) {
            inc_ext(graph(), ads[i]);
            q.nodes.push_back(ads[i]);
        }
}

void ad_traverse_queue(bool backward, bool free_graph) {
    Direction d = direction(backward);
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    Queue &q = queue();
    if (q.nodes.empty())
        return;
    if (q.direction != d)
        throw Error(fmt::format("tj::traverse({}): the {} queued array(s) were enqueued for {}", mode_name(d),
                                q.nodes.size(), mode_name(q.direction)));
    Graph &g = graph();
    struct Release { // the queue's references, once the traversal is over (or failed)
        Graph &g;
        std::vector<uint32_t> ids;
        ~Release() {
            for (uint32_t id : ids)
                dec_ext(g, id);
        }
    } queued{g, std::move(q.nodes)};
    q.nodes.clear();
    std::vector<uint32_t> starts; // only seeds start: a queued node without one has nothing of its own to give
    for (uint32_t id : queued.ids)
        if (g.nodes[id].seeded)
            starts.push_back(id);
    if (starts.empty())
        throw Error(fmt::format("tj::traverse({}): none of the {} queued array(s) has a gradient to propagate "
                                "(give each its seed with tj::set_grad or tj::accum_grad before tj::traverse)",
                                mode_name(d), queued.ids.size()));
    std::vector<uint32_t> weights; // as tj::backward/forward: simplified first
    simplify(weights);
    traverse(g, d, starts, false, free_graph);
}

} // namespace tj::detail
