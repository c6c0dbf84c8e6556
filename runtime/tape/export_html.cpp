// runtime/tape/export_html.cpp — tj::tape::to_html: a tape as one self-contained HTML page to browse
//
// The page shows the extended Wengert list as printlevels() prints it, with each nested call a collapsible
// <details> block and each node's references as links to the nodes read (ids follow the node's path from the
// root: "n-7-2" is child @2 of the call @7). Constants are not shown, as in printlevels(). The walk keeps its own
// stack, so deep recursion in the tape cannot overflow the C++ stack.
#include "export_text.h"

#include <tracejit/tape.h>

#include <string>
#include <string_view>
#include <vector>

namespace tj::tape {
namespace {

/// Appends `s` with HTML's special characters escaped and ill-formed UTF-8 replaced by U+FFFD.
void append_escaped(std::string &out, std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            size_t len = detail::utf8_sequence_length(s.substr(i));
            out.append(len ? s.substr(i, len) : std::string_view("\xEF\xBF\xBD"));
            i += len ? len : 1;
            continue;
        }
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += (c < 0x20 && c != '\t') ? ' ' : static_cast<char>(c);
        }
        ++i;
    }
}

const char *css_class(Kind kind) {
    switch (kind) {
    case Kind::Argument: return "arg";
    case Kind::Constant: return "const";
    case Kind::Statement: return "stmt";
    case Kind::Call: return "call";
    case Kind::Branch: return "branch";
    case Kind::Loop: return "loop";
    case Kind::Return: return "ret";
    }
    return "stmt";
}

constexpr std::string_view page_head = R"(<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>)";
constexpr std::string_view page_style = R"(</title>
<style>
body { font-family: monospace; font-size: 13px; }
details { margin-left: 1.5em; } details > summary { cursor: pointer; }
div.node { margin-left: 1.5em; white-space: pre; }
.arg { color: #555; } .branch, .loop { color: #7a3e9d; } .ret { color: #1b6e20; } .call > summary { color: #0b4f8a; }
.refs a { color: #999; margin-left: 0.4em; } :target { background: #ffe98a; }
</style></head><body>
)";

/// One entry of the walk: a node to open (with its id and the levels it may still show) or a </details> to close.
struct Item {
    const Node *node;
    std::string id;
    int levels;
    bool close;
};

} // namespace

std::string to_html(const Node &root, int depth) {
    std::string out(page_head);
    append_escaped(out, "tracejit tape: " + node_line(root));
    out += page_style;
    std::vector<Item> stack{{&root, "n", depth < 0 ? -1 : depth, false}};
    while (!stack.empty()) {
        Item item = std::move(stack.back());
        stack.pop_back();
        if (item.close) {
            out += "</details>\n";
            continue;
        }
        const Node &n = *item.node;
        const std::string parent_id = item.id.substr(0, item.id.rfind('-'));
        const bool open = n.kind() == Kind::Call && !n.children().empty() && item.levels != 1;
        if (open)
            out += "<details open class=\"call\"><summary id=\"" + item.id + "\">";
        else
            out += std::string("<div class=\"node ") + css_class(n.kind()) + "\" id=\"" + item.id + "\">";
        append_escaped(out, node_line(n));
        if (!referenced(n).empty()) {
            out += "<span class=\"refs\">";
            for (const Node *r : referenced(n))
                out += "<a href=\"#" + parent_id + "-" + std::to_string(r->index()) + "\">@" +
                       std::to_string(r->index()) + "</a>";
            out += "</span>";
        }
        out += open ? "</summary>\n" : "</div>\n";
        if (!open)
            continue;
        stack.push_back({nullptr, {}, 0, true});
        const Children children = n.children();
        for (size_t i = children.size(); i-- > 0;) {
            const Node &c = children[i];
            if (c.kind() != Kind::Constant)
                stack.push_back({&c, item.id + "-" + std::to_string(c.index()), item.levels < 0 ? -1 : item.levels - 1,
                                 false});
        }
    }
    out += "</body></html>\n";
    return out;
}

} // namespace tj::tape
