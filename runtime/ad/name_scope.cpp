// runtime/ad/name_scope.cpp — tj::ADScope: named boxes around the AD nodes made inside them (graphviz)
//
// Each thread has a stack of the boxes it is in. A box is identified by its full path ("outer/inner"); the
// graph interns each path once (Graph::name_scopes), so a box entered on every iteration of a loop does not grow
// the table. New nodes take the innermost box of their thread (graph.cpp).
#include "ad/graph.h"
#include "jit/var.h"

#include <tracejit/detail/ad_core.h>
#include <tracejit/error.h>

#include <vector>

namespace tj::ad {

namespace {

std::vector<uint32_t> &name_stack() {
    static thread_local std::vector<uint32_t> s;
    return s;
}

/// The id of the box `name` inside box `parent`, made on first use.
uint32_t intern(Graph &g, uint32_t parent, const std::string &name) {
    std::string path = parent ? g.name_scopes[parent].path + "/" + name : name;
    for (uint32_t i = 1; i < g.name_scopes.size(); ++i)
        if (g.name_scopes[i].path == path)
            return i;
    g.name_scopes.push_back({path, name, parent});
    return uint32_t(g.name_scopes.size() - 1);
}

} // namespace

uint32_t current_name_scope() {
    const std::vector<uint32_t> &s = name_stack();
    return s.empty() ? 0 : s.back();
}

} // namespace tj::ad

namespace tj::detail {

void ad_name_scope_enter(const std::string &name) {
    if (name.empty())
        throw Error("tj::ADScope: the name is empty (graphviz draws a box labelled with it)");
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    std::vector<uint32_t> &stack = ad::name_stack();
    stack.push_back(ad::intern(ad::graph(), stack.empty() ? 0 : stack.back(), name));
}

void ad_name_scope_leave() noexcept {
    std::vector<uint32_t> &stack = ad::name_stack();
    if (!stack.empty())
        stack.pop_back();
}

} // namespace tj::detail
