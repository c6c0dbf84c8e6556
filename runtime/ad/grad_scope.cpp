// runtime/ad/grad_scope.cpp — SuspendGrad / ResumeGrad: which arrays new operations are differentiated for
//
// Dr.Jit's semantics: each thread has a stack of scopes; a scope starts as a copy of the enclosing one and then
// suspends or resumes tracking, of everything or of the nodes given. A scope is a set of node ids and a
// `complement` flag: with `complement`, the set lists the nodes whose tracking is suspended (everything else is
// tracked); without it, the set lists the only nodes that are tracked. A node made inside a scope is tracked in
// it (what is computed from a tracked array stays differentiable). Semantics: docs/autodiff.md.
#include "ad/graph.h"
#include "jit/var.h"

#include <tracejit/detail/ad_core.h>

#include <unordered_set>
#include <vector>

namespace tj::ad {

namespace {

struct GradScope {
    bool complement = true;
    std::unordered_set<uint32_t> nodes;
    std::vector<uint32_t> held; ///< the nodes given to the constructor: referenced, so that their ids stay theirs

    bool enabled(uint32_t ad) const { return nodes.contains(ad) != complement; }
    void enable(uint32_t ad) {
        if (complement)
            nodes.erase(ad);
        else
            nodes.insert(ad);
    }
    void disable(uint32_t ad) {
        if (complement)
            nodes.insert(ad);
        else
            nodes.erase(ad);
    }
};

std::vector<GradScope> &grad_scopes() {
    static thread_local std::vector<GradScope> s;
    return s;
}

} // namespace

uint32_t tracked(uint32_t ad) {
    if (!ad || graph().nodes[ad].inert) // (a scatter target of a loop that differentiated nothing: loop_grad.cpp)
        return 0;
    const std::vector<GradScope> &s = grad_scopes();
    if (s.empty()) [[likely]]
        return ad;
    return s.back().enabled(ad) ? ad : 0;
}

bool leaves_allowed() {
    const std::vector<GradScope> &s = grad_scopes();
    return s.empty() || s.back().complement || !s.back().nodes.empty();
}

void track_new(uint32_t node) {
    std::vector<GradScope> &s = grad_scopes();
    if (!s.empty()) [[unlikely]]
        s.back().enable(node);
}

} // namespace tj::ad

namespace tj::detail {

void ad_grad_scope_enter(bool suspend, const uint32_t *ads, size_t count, bool limited) {
    std::vector<ad::GradScope> &s = ad::grad_scopes();
    ad::GradScope scope = s.empty() ? ad::GradScope{} : s.back();
    scope.held.clear();
    if (!limited) {
        scope.complement = !suspend; // everything suspended (an empty "tracked" set) or everything resumed
        scope.nodes.clear();
    } else {
        jit::State &st = jit::state();
        jit::Lock lock(st.mutex);
        for (size_t i = 0; i < count; ++i)
            if (ads[i]) {
                ad::inc_ext(ad::graph(), ads[i]);
                scope.held.push_back(ads[i]);
                if (suspend)
                    scope.disable(ads[i]);
                else
                    scope.enable(ads[i]);
            }
    }
    s.push_back(std::move(scope));
}

void ad_grad_scope_leave() noexcept {
    std::vector<ad::GradScope> &s = ad::grad_scopes();
    if (s.empty())
        return;
    std::vector<uint32_t> held = std::move(s.back().held);
    s.pop_back();
    if (held.empty())
        return;
    jit::State &st = jit::state();
    jit::Lock lock(st.mutex);
    for (uint32_t id : held)
        ad::dec_ext(ad::graph(), id);
}

bool ad_grad_enabled(uint32_t ad) {
    jit::State &st = jit::state();
    jit::Lock lock(st.mutex);
    return ad::tracked(ad) != 0;
}

bool ad_inert(uint32_t ad) {
    if (!ad)
        return false;
    jit::State &st = jit::state();
    jit::Lock lock(st.mutex);
    return ad::graph().nodes[ad].inert;
}

} // namespace tj::detail
