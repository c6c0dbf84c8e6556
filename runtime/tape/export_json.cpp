// runtime/tape/export_json.cpp — tj::tape::to_json: a tape (or a part of it) as JSON, one node object per line
//
// Each node becomes an object with every field, whatever its kind, so a reader needs no schema per kind:
//   {"kind": "Statement", "index": 3, "text": "double r = 0", "file": "h.cpp", "line": 4, "column": 5,
//    "value": "0.0", "type": "double", "value_kind": "Float", "grad": null, "references": [[1, 2]], "taken": "",
//    "iteration": 0, "exception": "", "expanded": true, "nesting": 0, "metadata": {}, "child_count": 1,
//    "children": [ … ]}
// Values are written as their value_string() text (so NaN and infinities stay JSON), null with no value; "grad"
// likewise holds grad_string(), null when no gradient reached the node. A Call made on a thread of an OpenMP region
// has "thread" (its thread number) after "exception", one the program ended inside has "unfinished" (why).
// References are [operand position, index of the node read]: that node is a sibling in the same call.
// "children" is left out below `depth`; "child_count" always says how many there are. The walk keeps its own
// stack, so a deeply nested tape (deep recursion) cannot overflow the C++ stack.
#include "export_text.h"

#include <tracejit/tape.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace tj::tape {
namespace {

constexpr size_t max_indent = 16; ///< levels of indentation at most: deep recursion must not make the text quadratic

/// Appends `s` as a JSON string literal: quotes, backslashes and control characters escaped, ill-formed
/// UTF-8 replaced by U+FFFD.
void append_string(std::string &out, std::string_view s) {
    out += '"';
    size_t i = 0;
    while (i < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            size_t len = detail::utf8_sequence_length(s.substr(i));
            if (len == 0) {
                out += "\\ufffd";
                ++i;
            } else {
                out.append(s.substr(i, len));
                i += len;
            }
            continue;
        }
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7F) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
        ++i;
    }
    out += '"';
}

void append_field(std::string &out, const char *name, std::string_view value) {
    out += '"';
    out += name;
    out += "\": ";
    append_string(out, value);
    out += ", ";
}

void append_field(std::string &out, const char *name, unsigned long long value) {
    out += '"';
    out += name;
    out += "\": ";
    out += std::to_string(value);
    out += ", ";
}

/// Everything of `n` but its children, without the closing brace (the caller adds children or not).
void append_fields(std::string &out, const Node &n) {
    out += '{';
    append_field(out, "kind", kind_name(n.kind()));
    append_field(out, "index", n.index());
    append_field(out, "text", n.text());
    append_field(out, "file", n.location().file);
    append_field(out, "line", n.location().line);
    append_field(out, "column", n.location().column);
    out += "\"value\": ";
    if (n.has_value())
        append_string(out, n.value_string());
    else
        out += "null";
    out += ", ";
    append_field(out, "type", n.type_name());
    append_field(out, "value_kind", detail::value_kind_name(n.value_kind()));
    out += "\"grad\": ";
    if (!n.grad_string().empty())
        append_string(out, n.grad_string());
    else
        out += "null";
    out += ", ";
    out += "\"references\": [";
    bool first = true;
    for (const auto &[position, target] : n.references()) {
        if (!first)
            out += ", ";
        first = false;
        out += '[';
        out += std::to_string(position);
        out += ", ";
        out += target ? std::to_string(target->index()) : "null";
        out += ']';
    }
    out += "], ";
    append_field(out, "taken", n.taken());
    append_field(out, "iteration", n.iteration());
    append_field(out, "exception", n.exception());
    if (n.thread() >= 0) // a call made on a thread of an OpenMP region
        append_field(out, "thread", static_cast<unsigned long long>(n.thread()));
    if (!n.unfinished().empty()) // the program ended inside the call
        append_field(out, "unfinished", n.unfinished());
    out += "\"expanded\": ";
    out += n.expanded() ? "true" : "false";
    out += ", ";
    append_field(out, "nesting", n.nesting());
    out += "\"metadata\": {";
    first = true;
    for (const auto &[key, value] : n.metadata()) {
        if (!first)
            out += ", ";
        first = false;
        append_string(out, key);
        out += ": ";
        append_string(out, value);
    }
    out += "}, ";
    out += "\"child_count\": ";
    out += std::to_string(n.children().size());
}

} // namespace

std::string to_json(const Node &root, int depth) {
    // depth 1 is the node's own object; 0 is taken as 1 (there is always something to write).
    if (depth == 0)
        depth = 1;
    struct Open {
        const Node *node;
        size_t next; ///< the next child to write
    };
    std::string out;
    std::vector<Open> stack;
    auto open = [&](const Node &n) {
        if (!stack.empty()) {
            out += '\n';
            out.append(2 * std::min<size_t>(stack.size(), max_indent), ' ');
        }
        append_fields(out, n);
        bool descend = !n.children().empty() && (depth < 0 || static_cast<int>(stack.size()) + 1 < depth);
        if (descend) {
            out += ", \"children\": [";
            stack.push_back({&n, 0});
        } else {
            out += '}';
        }
    };
    open(root);
    while (!stack.empty()) {
        Open &top = stack.back();
        Children kids = top.node->children();
        if (top.next < kids.size()) {
            const Node &child = kids[top.next];
            if (top.next > 0)
                out += ',';
            ++top.next;
            open(child); // may invalidate `top`
        } else {
            stack.pop_back();
            out += "]}";
        }
    }
    out += '\n';
    return out;
}

} // namespace tj::tape
