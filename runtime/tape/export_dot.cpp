// runtime/tape/export_dot.cpp — tj::tape::to_dot: a tape as a Graphviz digraph (nodes, dependencies, clusters)
//
// Each recorded node below the root becomes a DOT node labelled "@i: text → value" (arguments as
// "@i: [arg x] → value", loops with their iteration, branches with the way taken, and a second line
// "grad […]" under a value that a gradient reached). A call whose body is
// written becomes a `subgraph cluster_…` labelled with the call ("f(2.0, 2) → 3.0"); inside it a node for the
// call itself (the one its caller's statements depend on) and its children. Solid edges go from the node read
// to the reader (data dependencies, labelled with the operand position); dotted grey edges follow the order of
// execution inside a call, and the edge leaving a branch is labelled with the way taken. Constants are small
// ellipses, labelled with their spelling, with a dashed edge to their statement. Invisible edges only steer the
// layout (a call's body between the statement before it and its result). Labels are capped in length so a huge
// array value cannot swamp the drawing. The walk keeps its own stack (deep recursion cannot overflow the C++ stack).
// support::DotWriter (runtime/support/dot_writer.h) does the quoting and escaping and puts the edges last.
#include "export_text.h"
#include "support/dot_writer.h"

#include <tracejit/tape.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tj::tape {
namespace {

constexpr size_t max_label_text = 160; ///< characters kept of a text or value in a label

/// The first `limit` characters (code points; a byte of ill-formed UTF-8 counts as one) of `s`, with "…" when
/// it was longer: a huge array value must not swamp the drawing. support::DotWriter escapes the result.
std::string capped(std::string_view s, size_t limit = max_label_text) {
    size_t i = 0;
    for (size_t count = 0; i < s.size(); ++count) {
        if (count == limit)
            return std::string(s.substr(0, i)) + "…";
        const size_t len = static_cast<unsigned char>(s[i]) >= 0x80 ? detail::utf8_sequence_length(s.substr(i)) : 1;
        i += len == 0 ? 1 : len;
    }
    return std::string(s);
}

/// The call as people read it: "f(2.0, 2) → 3.0", with "throws …" when an exception left it.
std::string call_text(const Node &call) {
    std::string s = call.text();
    s += '(';
    bool first = true;
    for (const Node &child : call.children()) {
        if (child.kind() != Kind::Argument)
            break;
        if (!first)
            s += ", ";
        first = false;
        s += child.value_string();
    }
    s += ')';
    if (!call.exception().empty()) {
        s += " throws ";
        s += call.exception();
    } else if (call.has_value()) {
        s += " → ";
        s += call.value_string();
        if (!call.grad_string().empty()) {
            s += "  grad ";
            s += call.grad_string();
        }
    }
    if (!call.expanded())
        s += " (not expanded)";
    return s;
}

const char *shape_of(Kind kind) {
    switch (kind) {
    case Kind::Argument: return "invhouse";
    case Kind::Constant: return "ellipse";
    case Kind::Branch: return "diamond";
    case Kind::Loop: return "hexagon";
    case Kind::Return: return "house";
    case Kind::Call: return "box3d";
    case Kind::Statement: return "box";
    }
    return "box";
}

class TapeDot {
  public:
    explicit TapeDot(int depth) : m_depth(depth == 0 ? 1 : depth) {}

    std::string write(const Node &root) {
        m_dot.defaults("graph", {{"fontname", "monospace", support::DotQuote::Always},
                                 {"fontsize", "11"},
                                 {"rankdir", "TB"},
                                 {"newrank", "true"}});
        m_dot.defaults("node",
                       {{"fontname", "monospace", support::DotQuote::Always}, {"fontsize", "10"}, {"shape", "box"}});
        m_dot.defaults("edge", {{"fontname", "monospace", support::DotQuote::Always}, {"fontsize", "9"}});
        walk(root);
        return m_dot.finish();
    }

  private:
    struct Open {
        const Node *call; ///< a Call (or other node) whose children are being written
        size_t next;      ///< the next child to write
        bool cluster;     ///< whether a subgraph was opened for it
    };

    /// Whether the children of a node at `level` (the root is level 1) are written.
    bool descends(const Node &n, size_t level) const {
        return !n.children().empty() && (m_depth < 0 || static_cast<int>(level) < m_depth);
    }

    std::string id_of(const Node &n) {
        auto [it, inserted] = m_ids.try_emplace(&n, 0);
        if (inserted)
            it->second = m_next_id++;
        return "n" + std::to_string(it->second);
    }

    /// The label of `n` (plain text; a line break is '\n').
    static std::string label_of(const Node &n) {
        if (n.kind() == Kind::Constant) // a literal: its spelling says it all
            return capped(n.text());
        std::string label;
        if (n.parent() != nullptr || n.index() != 0)
            label += "@" + std::to_string(n.index()) + ": ";
        switch (n.kind()) {
        case Kind::Argument: label += "[arg " + capped(n.text()) + "]"; break;
        case Kind::Call: label += capped(call_text(n)); break;
        default: label += capped(n.text());
        }
        if (n.kind() != Kind::Call && n.has_value()) {
            label += " → " + capped(n.value_string());
            if (!n.grad_string().empty())
                label += "\ngrad " + capped(n.grad_string());
        }
        if (n.kind() == Kind::Loop && n.iteration() != 0) // 0: a symbolic loop, recorded once
            label += "\n(iteration " + std::to_string(n.iteration()) + ")";
        if (n.kind() == Kind::Branch && !n.taken().empty())
            label += "\n(" + capped(n.taken()) + ")";
        return label;
    }

    /// The DOT node for `n` itself, inside the current cluster.
    void write_node(const Node &n) {
        const std::string label = label_of(n);
        if (n.kind() == Kind::Constant) {
            m_dot.node(id_of(n),
                       {{"shape", shape_of(n.kind())}, {"label", label, support::DotQuote::Always}, {"fontsize", "8"}});
            return;
        }
        support::DotAttr attrs[4] = {{"shape", shape_of(n.kind())}, {"label", label, support::DotQuote::Always}};
        size_t count = 2;
        const Location &loc = n.location();
        std::string tooltip;
        if (!loc.file.empty() || loc.line != 0) {
            tooltip = capped(loc.file) + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
            attrs[count++] = {"tooltip", tooltip, support::DotQuote::Always};
        }
        if (n.kind() == Kind::Call && !n.exception().empty())
            attrs[count++] = {"color", "red"};
        m_dot.node(id_of(n), attrs, count);
    }

    /// Opens `n`: writes it (as a cluster holding its own node when its children follow) and pushes it when
    /// its children are to be written. `before` is the sibling executed just before it, if any.
    void open(const Node &n, const Node *before) {
        size_t level = m_stack.size() + 1;
        bool children = descends(n, level);
        bool cluster = children && n.kind() == Kind::Call;
        if (cluster) {
            m_dot.begin_cluster(std::to_string(m_next_cluster++));
            m_dot.attribute({"label", capped(call_text(n)), support::DotQuote::Always});
            m_dot.attribute({"color", n.exception().empty() ? "gray40" : "red"});
        }
        write_node(n);
        if (cluster) {
            // Rank the body between the sibling before the call and the call's own node (its result, which the
            // caller's next statement reads), so the cluster sits where the call happened instead of stretching
            // from the top of the drawing.
            for (const Node &c : n.children()) {
                if (before && c.kind() == Kind::Argument)
                    m_layout.emplace_back(before, &c);
            }
            m_layout.emplace_back(&n.children().back(), &n);
        }
        if (children)
            m_stack.push_back({&n, 0, cluster});
    }

    /// The edges of `n`, written once all nodes are known (references always point back, but a node's
    /// constants come after it).
    void add_edges(const Node &n, const Node *previous) {
        auto id = m_ids.find(&n);
        if (id == m_ids.end())
            return;
        const std::string self = "n" + std::to_string(id->second);
        if (n.kind() == Kind::Constant) {
            if (n.parent() && m_ids.count(n.parent()))
                m_dot.edge(self, id_of(*n.parent()), {{"style", "dashed"}, {"arrowsize", "0.5"}});
            return;
        }
        if (previous != nullptr && m_ids.count(previous)) {
            // Order of execution inside a call; the edge leaving a branch names the way taken.
            if (previous->kind() == Kind::Branch && !previous->taken().empty())
                m_dot.edge(id_of(*previous), self,
                           {{"style", "dotted"},
                            {"color", "gray60"},
                            {"label", capped(previous->taken()), support::DotQuote::Always},
                            {"fontcolor", "gray30"}});
            else
                m_dot.edge(id_of(*previous), self, {{"style", "dotted"}, {"color", "gray60"}});
        }
        for (const auto &[position, target] : n.references()) {
            if (target == nullptr || target->kind() == Kind::Constant)
                continue; // constants have their own dashed edge
            auto t = m_ids.find(target);
            if (t == m_ids.end())
                continue;
            const std::string from = "n" + std::to_string(t->second);
            if (position > 0)
                m_dot.edge(from, self, {{"label", std::to_string(position), support::DotQuote::Always}});
            else
                m_dot.edge(from, self);
        }
    }

    void walk(const Node &root) {
        open(root, nullptr);
        while (!m_stack.empty()) {
            Open &top = m_stack.back();
            Children kids = top.call->children();
            if (top.next < kids.size()) {
                const Node &child = kids[top.next];
                const Node *before = top.next > 0 ? &kids[top.next - 1] : nullptr;
                const Node *previous = before;
                if (previous && previous->kind() == Kind::Argument)
                    previous = nullptr; // arguments are inputs, not steps of the execution
                ++top.next;
                m_order.push_back({&child, previous});
                open(child, before); // may invalidate `top`
            } else {
                if (top.cluster)
                    m_dot.end_cluster();
                m_stack.pop_back();
            }
        }
        for (const auto &[node, previous] : m_order)
            add_edges(*node, previous);
        for (const auto &[from, to] : m_layout)
            if (m_ids.count(from) && m_ids.count(to))
                m_dot.edge(id_of(*from), id_of(*to), {{"style", "invis"}});
    }

    int m_depth;
    support::DotWriter m_dot{"tape"};
    std::vector<Open> m_stack;
    std::vector<std::pair<const Node *, const Node *>> m_order; ///< each written node below the root, with the
                                                                ///< sibling before it
    std::vector<std::pair<const Node *, const Node *>> m_layout; ///< invisible edges that place call bodies
    std::unordered_map<const Node *, size_t> m_ids;
    size_t m_next_id = 0;
    size_t m_next_cluster = 0;
};

} // namespace

std::string to_dot(const Node &root, int depth) { return TapeDot(depth).write(root); }

} // namespace tj::tape
