// runtime/support/dot_writer.cpp — DotWriter: DOT's lexical rules (IDs, numerals, quoted strings) in one place
#include "support/dot_writer.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/ConvertUTF.h>

#include <algorithm>
#include <array>

namespace tj::support {
namespace {

constexpr std::string_view replacement = "\xEF\xBF\xBD"; // U+FFFD

/// True for a DOT numeral: [-]?(.[0-9]+ | [0-9]+(.[0-9]*)?).
bool is_numeral(std::string_view s) {
    size_t i = !s.empty() && s[0] == '-' ? 1 : 0;
    size_t before = 0, after = 0;
    for (; i < s.size() && llvm::isDigit(s[i]); ++i)
        ++before;
    if (i < s.size() && s[i] == '.')
        for (++i; i < s.size() && llvm::isDigit(s[i]); ++i)
            ++after;
    return i == s.size() && before + after > 0;
}

/// True for an ID that may stand without quotes: letters, digits, '_' and bytes >= 0x80, not starting with a
/// digit, and not one of DOT's keywords (which are case-insensitive).
bool is_bare_id(std::string_view s) {
    if (s.empty() || llvm::isDigit(s[0]))
        return false;
    for (char c : s)
        if (!(llvm::isAlnum(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80))
            return false;
    static constexpr std::array<std::string_view, 6> keywords = {"node",    "edge",     "graph",
                                                                 "digraph", "subgraph", "strict"};
    return std::none_of(keywords.begin(), keywords.end(),
                        [&](std::string_view k) { return llvm::StringRef(s).equals_insensitive(k); });
}

/// Appends `s` as a DOT quoted string: quotes and backslashes escaped, '\n' as DOT's line break, tabs as spaces,
/// other control characters and ill-formed UTF-8 as U+FFFD; with `record`, the field characters escaped too.
void append_quoted(std::string &out, std::string_view s, bool record) {
    out += '"';
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            const auto *p = reinterpret_cast<const llvm::UTF8 *>(s.data() + i);
            if (llvm::isLegalUTF8Sequence(p, p + (s.size() - i))) {
                const size_t len = llvm::getNumBytesForUTF8(c);
                out.append(s.substr(i, len));
                i += len;
            } else {
                out += replacement;
                ++i;
            }
            continue;
        }
        if (c == '"' || c == '\\' || (record && (c == '{' || c == '}' || c == '|' || c == '<' || c == '>'))) {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += ' ';
        } else if (c < 0x20 || c == 0x7F) {
            out += replacement;
        } else {
            out += static_cast<char>(c);
        }
        ++i;
    }
    out += '"';
}

/// Appends an ID (node names, attribute names): bare when DOT allows it, else quoted.
void append_id(std::string &out, std::string_view id) {
    if (is_bare_id(id) || is_numeral(id))
        out.append(id);
    else
        append_quoted(out, id, false);
}

void append_attr(std::string &out, const DotAttr &a) {
    append_id(out, a.name);
    out += '=';
    if (a.quote == DotQuote::Auto)
        append_id(out, a.value);
    else
        append_quoted(out, a.value, a.quote == DotQuote::Record);
}

} // namespace

DotWriter::DotWriter(std::string_view name) {
    m_out = "digraph ";
    append_id(m_out, name);
    m_out += " {\n";
}

void DotWriter::indent() { m_out.append(2 * std::min<size_t>(m_depth + 1, 16), ' '); }

void DotWriter::statement_attrs(std::string &out, const DotAttr *attrs, size_t count) {
    if (count > 0) {
        out += " [";
        for (size_t i = 0; i < count; ++i) {
            if (i > 0)
                out += ", ";
            append_attr(out, attrs[i]);
        }
        out += ']';
    }
    out += ";\n";
}

void DotWriter::defaults(std::string_view kind, std::initializer_list<DotAttr> attrs) {
    indent();
    m_out.append(kind);
    statement_attrs(m_out, attrs.begin(), attrs.size());
}

void DotWriter::attribute(const DotAttr &attr) {
    indent();
    append_attr(m_out, attr);
    m_out += ";\n";
}

void DotWriter::begin_cluster(std::string_view suffix) {
    indent();
    m_out += "subgraph ";
    append_id(m_out, "cluster_" + std::string(suffix));
    m_out += " {\n";
    ++m_depth;
}

void DotWriter::end_cluster() {
    if (m_depth == 0)
        return;
    --m_depth;
    indent();
    m_out += "}\n";
}

void DotWriter::node(std::string_view id, std::initializer_list<DotAttr> attrs) {
    node(id, attrs.begin(), attrs.size());
}

void DotWriter::node(std::string_view id, const DotAttr *attrs, size_t count) {
    indent();
    append_id(m_out, id);
    statement_attrs(m_out, attrs, count);
}

void DotWriter::edge(std::string_view from, std::string_view to, std::initializer_list<DotAttr> attrs) {
    edge(from, to, attrs.begin(), attrs.size());
}

void DotWriter::edge(std::string_view from, std::string_view to, const DotAttr *attrs, size_t count) {
    m_edges += "  ";
    append_id(m_edges, from);
    m_edges += " -> ";
    append_id(m_edges, to);
    statement_attrs(m_edges, attrs, count);
}

std::string DotWriter::finish() {
    while (m_depth > 0)
        end_cluster();
    std::string out = std::move(m_out);
    out += m_edges;
    out += "}\n";
    m_out.clear();
    m_edges.clear();
    return out;
}

} // namespace tj::support
