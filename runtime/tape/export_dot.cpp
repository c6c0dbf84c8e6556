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
#include "export_text.h"

#include <tracejit/tape.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tj::tape {
namespace {

constexpr size_t max_label_text = 160; ///< characters kept of a text or value in a label

/// Appends `s` for use inside a double-quoted DOT string: quotes and backslashes escaped, line breaks as `\n`,
/// other control characters and ill-formed UTF-8 dropped or replaced, and cut at `limit` code points with "…".
void append_escaped(std::string &out, std::string_view s, size_t limit = max_label_text) {
    size_t i = 0, count = 0;
    while (i < s.size()) {
        if (count == limit) {
            out += "…";
            return;
        }
        ++count;
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            size_t len = detail::utf8_sequence_length(s.substr(i));
            if (len == 0) {
                out += "\xEF\xBF\xBD"; // U+FFFD
                ++i;
            } else {
                out.append(s.substr(i, len));
                i += len;
            }
            continue;
        }
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += ' ';
        } else if (c >= 0x20 && c != 0x7F) {
            out += static_cast<char>(c);
        } else {
            out += "\xEF\xBF\xBD";
        }
        ++i;
    }
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

class DotWriter {
  public:
    explicit DotWriter(int depth) : m_depth(depth == 0 ? 1 : depth) {}

    std::string write(const Node &root) {
        m_out = "digraph tape {\n"
                "  graph [fontname=\"monospace\", fontsize=11, rankdir=TB, newrank=true];\n"
                "  node [fontname=\"monospace\", fontsize=10, shape=box];\n"
                "  edge [fontname=\"monospace\", fontsize=9];\n";
        walk(root);
        m_out += m_edges;
        m_out += "}\n";
        return std::move(m_out);
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

    /// Indentation, capped so that deep recursion does not make the text quadratic in the depth.
    void indent(size_t level) { m_out.append(2 * std::min<size_t>(level, 16), ' '); }

    std::string id_of(const Node &n) {
        auto [it, inserted] = m_ids.try_emplace(&n, 0);
        if (inserted)
            it->second = m_next_id++;
        return "n" + std::to_string(it->second);
    }

    /// The DOT node for `n` itself, inside the current cluster.
    void write_node(const Node &n, size_t level) {
        indent(level);
        m_out += id_of(n);
        m_out += " [shape=";
        m_out += shape_of(n.kind());
        m_out += ", label=\"";
        if (n.kind() == Kind::Constant) { // a literal: its spelling says it all
            append_escaped(m_out, n.text());
            m_out += "\", fontsize=8];\n";
            return;
        }
        if (n.parent() != nullptr || n.index() != 0) {
            m_out += '@';
            m_out += std::to_string(n.index());
            m_out += ": ";
        }
        switch (n.kind()) {
        case Kind::Argument:
            m_out += "[arg ";
            append_escaped(m_out, n.text());
            m_out += "]";
            break;
        case Kind::Call: append_escaped(m_out, call_text(n)); break;
        default: append_escaped(m_out, n.text());
        }
        if (n.kind() != Kind::Call && n.has_value()) {
            m_out += " → ";
            append_escaped(m_out, n.value_string());
            if (!n.grad_string().empty()) {
                m_out += "\\ngrad ";
                append_escaped(m_out, n.grad_string());
            }
        }
        if (n.kind() == Kind::Loop && n.iteration() != 0) { // 0: a symbolic loop, recorded once
            m_out += "\\n(iteration ";
            m_out += std::to_string(n.iteration());
            m_out += ')';
        }
        if (n.kind() == Kind::Branch && !n.taken().empty()) {
            m_out += "\\n(";
            append_escaped(m_out, n.taken());
            m_out += ')';
        }
        m_out += '"';
        const Location &loc = n.location();
        if (!loc.file.empty() || loc.line != 0) {
            m_out += ", tooltip=\"";
            append_escaped(m_out, loc.file);
            m_out += ':';
            m_out += std::to_string(loc.line);
            m_out += ':';
            m_out += std::to_string(loc.column);
            m_out += '"';
        }
        if (n.kind() == Kind::Call && !n.exception().empty())
            m_out += ", color=red";
        m_out += "];\n";
    }

    /// Opens `n`: writes it (as a cluster holding its own node when its children follow) and pushes it when
    /// its children are to be written. `before` is the sibling executed just before it, if any.
    void open(const Node &n, const Node *before) {
        size_t level = m_stack.size() + 1;
        bool children = descends(n, level);
        bool cluster = children && n.kind() == Kind::Call;
        if (cluster) {
            indent(level);
            m_out += "subgraph cluster_";
            m_out += std::to_string(m_next_cluster++);
            m_out += " {\n";
            indent(level + 1);
            m_out += "label=\"";
            append_escaped(m_out, call_text(n));
            m_out += "\";\n";
            indent(level + 1);
            m_out += n.exception().empty() ? "color=gray40;\n" : "color=red;\n";
        }
        write_node(n, cluster ? level + 1 : level);
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
        std::string self = "n" + std::to_string(id->second);
        if (n.kind() == Kind::Constant) {
            if (n.parent() && m_ids.count(n.parent()))
                m_edges += "  " + self + " -> " + id_of(*n.parent()) + " [style=dashed, arrowsize=0.5];\n";
            return;
        }
        if (previous != nullptr && m_ids.count(previous)) {
            // Order of execution inside a call; the edge leaving a branch names the way taken.
            m_edges += "  " + id_of(*previous) + " -> " + self + " [style=dotted, color=gray60";
            if (previous->kind() == Kind::Branch && !previous->taken().empty()) {
                m_edges += ", label=\"";
                append_escaped(m_edges, previous->taken());
                m_edges += "\", fontcolor=gray30";
            }
            m_edges += "];\n";
        }
        for (const auto &[position, target] : n.references()) {
            if (target == nullptr || target->kind() == Kind::Constant)
                continue; // constants have their own dashed edge
            auto t = m_ids.find(target);
            if (t == m_ids.end())
                continue;
            m_edges += "  n" + std::to_string(t->second) + " -> " + self;
            if (position > 0)
                m_edges += " [label=\"" + std::to_string(position) + "\"]";
            m_edges += ";\n";
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
                if (top.cluster) {
                    indent(m_stack.size());
                    m_out += "}\n";
                }
                m_stack.pop_back();
            }
        }
        for (const auto &[node, previous] : m_order)
            add_edges(*node, previous);
        for (const auto &[from, to] : m_layout)
            if (m_ids.count(from) && m_ids.count(to))
                m_edges += "  " + id_of(*from) + " -> " + id_of(*to) + " [style=invis];\n";
    }

    int m_depth;
    std::string m_out;
    std::string m_edges;
    std::vector<Open> m_stack;
    std::vector<std::pair<const Node *, const Node *>> m_order; ///< each written node below the root, with the
                                                                ///< sibling before it
    std::vector<std::pair<const Node *, const Node *>> m_layout; ///< invisible edges that place call bodies
    std::unordered_map<const Node *, size_t> m_ids;
    size_t m_next_id = 0;
    size_t m_next_cluster = 0;
};

} // namespace

std::string to_dot(const Node &root, int depth) { return DotWriter(depth).write(root); }

} // namespace tj::tape
