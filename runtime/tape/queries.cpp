// runtime/tape/queries.cpp — IRTracker's queries over a tape (referenced, backward, dependents, forward) and
// its printed form (printlevels, node_line)
//
// Every query stays among the children of one call: references only point at siblings. The walks keep their
// own stacks, so a tape as deep as a deep recursion prints without deep C++ recursion.
#include "value_format.h"

#include <tracejit/tape.h>

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

namespace tj::tape {
namespace {

std::string base_name(const std::string &file) {
    size_t slash = file.find_last_of("/\\");
    return slash == std::string::npos ? file : file.substr(slash + 1);
}

std::string location_label(const Node &n) {
    const Location &loc = n.location();
    if (loc.file.empty() && loc.line == 0)
        return "?";
    std::string s = base_name(loc.file);
    if (loc.line)
        s += ":" + std::to_string(loc.line);
    return s;
}

/// The distinct indices of the nodes `n` references, sorted: "@1,@3".
std::string reference_list(const Node &n) {
    std::vector<uint32_t> ids;
    for (const auto &[pos, ref] : n.references())
        if (ref && ref->kind() != Kind::Constant)
            ids.push_back(ref->index());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::string s;
    for (uint32_t id : ids)
        s += (s.empty() ? "@" : ",@") + std::to_string(id);
    return s;
}

/// "  grad [0.5, 1]" after a differentiable value that a gradient reached; empty otherwise.
std::string grad_suffix(const Node &n) {
    const std::string &grad = n.grad_string();
    return grad.empty() ? std::string() : "  grad " + grad;
}

std::string call_text(const Node &n) {
    std::string s = n.text() + "(";
    bool first = true;
    for (const Node &c : n.children()) {
        if (c.kind() != Kind::Argument)
            continue;
        if (!first)
            s += ", ";
        s += c.value_string();
        first = false;
    }
    s += ")";
    if (!n.exception().empty())
        s += " → threw " + n.exception();
    else if (n.has_value())
        s += " → " + n.value_string() + " : " + n.type_name() + grad_suffix(n);
    if (!n.expanded())
        s += " (not expanded)";
    if (n.thread() >= 0)
        s += "  (thread " + std::to_string(n.thread()) + ")";
    if (!n.unfinished().empty())
        s += "  (unfinished: " + n.unfinished() + ")";
    return s;
}

/// Execution order among siblings (ties, possible only in a damaged file, broken by address for a strict order).
bool order_before(const Node *a, const Node *b) {
    return a->index() != b->index() ? a->index() < b->index() : std::less<const Node *>()(a, b);
}

} // namespace

std::string node_line(const Node &n) {
    std::string at = "@" + std::to_string(n.index()) + ": ";
    switch (n.kind()) {
    case Kind::Argument: {
        std::string s = at + "[arg " + n.text() + "]";
        if (n.has_value())
            s += " " + n.value_string() + " : " + n.type_name() + grad_suffix(n);
        return s;
    }
    case Kind::Constant: {
        std::string s = at + "[const] " + n.text();
        if (!n.type_name().empty())
            s += " : " + n.type_name();
        return s;
    }
    case Kind::Call:
        if (!n.parent()) {
            std::string s = call_text(n);
            if (!n.location().file.empty() || n.location().line)
                s += "   [" + location_label(n) + "]";
            return s;
        }
        return at + "[" + location_label(n) + "] " + call_text(n);
    case Kind::Statement:
    case Kind::Branch:
    case Kind::Loop:
    case Kind::Return: {
        std::string s = at + "[" + location_label(n) + "] ";
        s.append(2 * static_cast<size_t>(std::min<uint32_t>(n.nesting(), 64)), ' ');
        s += n.text();
        std::string refs = reference_list(n);
        if (!refs.empty())
            s += (n.kind() == Kind::Loop || n.kind() == Kind::Branch ? " since " : " reads ") + refs;
        if (n.has_value())
            s += " → " + n.value_string() + grad_suffix(n);
        if (n.kind() == Kind::Loop && n.iteration() != 0) // 0: a symbolic loop, recorded once
            s += "  (iteration " + std::to_string(n.iteration()) + ")";
        else if (n.kind() == Kind::Branch && !n.taken().empty())
            s += "  (" + n.taken() + ")";
        return s;
    }
    }
    return at;
}

std::string printlevels(const Node &n, int depth) {
    std::string out = node_line(n) + "\n";
    if (depth <= 1)
        return out;
    struct Item {
        const Node *node;
        size_t next;
        int level; ///< of the node's children
    };
    std::vector<Item> stack{{&n, 0, 1}};
    while (!stack.empty()) {
        Item &top = stack.back();
        Children children = top.node->children();
        if (top.next >= children.size()) {
            stack.pop_back();
            continue;
        }
        const Node &c = children[top.next++];
        const int level = top.level;
        if (c.kind() == Kind::Constant)
            continue;
        out.append(2 * static_cast<size_t>(level), ' ');
        out += node_line(c);
        out += '\n';
        // A Call's children, and the calls the threads of an OpenMP construct made (its Statement's children).
        if ((c.kind() == Kind::Call || c.kind() == Kind::Statement) && level + 1 < depth && !c.children().empty())
            stack.push_back({&c, 0, level + 1});
    }
    return out;
}

std::vector<const Node *> referenced(const Node &n) {
    std::vector<const Node *> out;
    for (const auto &[pos, ref] : n.references())
        if (ref && ref->kind() != Kind::Constant && std::find(out.begin(), out.end(), ref) == out.end())
            out.push_back(ref);
    return out;
}

std::vector<std::pair<int, const Node *>> referenced(const Node &n, bool numbered) {
    std::vector<std::pair<int, const Node *>> out;
    for (const auto &r : n.references())
        if (r.second && r.second->kind() != Kind::Constant)
            out.push_back(r);
    (void)numbered; // the overload exists to be asked for numbers; both ways give every reference numbered
    return out;
}

std::vector<const Node *> backward(const Node &n) {
    std::unordered_set<const Node *> seen{&n};
    std::vector<const Node *> out, work{&n};
    while (!work.empty()) {
        const Node *cur = work.back();
        work.pop_back();
        for (const Node *r : referenced(*cur))
            if (seen.insert(r).second) {
                out.push_back(r);
                work.push_back(r);
            }
    }
    std::sort(out.begin(), out.end(), [](const Node *a, const Node *b) { return order_before(b, a); });
    return out;
}

std::vector<const Node *> dependents(const Node &n) {
    std::vector<const Node *> out;
    const Node *parent = n.parent();
    if (!parent)
        return out;
    for (const Node &s : parent->children()) {
        if (&s == &n)
            continue;
        for (const auto &[pos, ref] : s.references())
            if (ref == &n) {
                out.push_back(&s);
                break;
            }
    }
    return out;
}

std::vector<const Node *> forward(const Node &n) {
    std::vector<const Node *> out;
    const Node *parent = n.parent();
    if (!parent)
        return out;
    std::unordered_set<const Node *> reached{&n};
    // References point at earlier siblings, so one pass in execution order finds everything; a loaded file
    // may say otherwise, hence the repeat until nothing changes.
    for (bool changed = true; changed;) {
        changed = false;
        for (const Node &s : parent->children()) {
            if (reached.count(&s))
                continue;
            for (const auto &[pos, ref] : s.references())
                if (reached.count(ref)) {
                    reached.insert(&s);
                    out.push_back(&s);
                    changed = true;
                    break;
                }
        }
    }
    std::sort(out.begin(), out.end(), order_before);
    return out;
}

} // namespace tj::tape
