// runtime/support/dot_writer.cpp — DotWriter: DOT's lexical rules (IDs, numerals, quoted strings) in one place
#include "support/dot_writer.h"

#include <algorithm>
#include <array>

namespace tj::support {
namespace {

constexpr std::string_view replacement = "\xEF\xBF\xBD"; // U+FFFD

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool equals_insensitive(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}

/// The length of the well-formed UTF-8 sequence that `s` starts with (Unicode, Table 3-7: no overlong forms,
/// no surrogates, nothing above U+10FFFF), or 0 when it does not start with one.
size_t utf8_sequence_length(std::string_view s) {
    auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char c = byte(0);
    if (c < 0x80)
        return 1;
    size_t len = 0;
    unsigned char low = 0x80, high = 0xBF; // the range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        low = c == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
        high = c == 0xED ? 0x9F : 0xBF; // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        low = c == 0xF0 ? 0x90 : 0x80;  // no overlong forms
        high = c == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (s.size() < len || byte(1) < low || byte(1) > high)
        return 0;
    for (size_t i = 2; i < len; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xBF)
            return 0;
    return len;
}

/// True for a DOT numeral: [-]?(.[0-9]+ | [0-9]+(.[0-9]*)?).
bool is_numeral(std::string_view s) {
    size_t i = !s.empty() && s[0] == '-' ? 1 : 0;
    size_t before = 0, after = 0;
    for (; i < s.size() && is_digit(s[i]); ++i)
        ++before;
    if (i < s.size() && s[i] == '.')
        for (++i; i < s.size() && is_digit(s[i]); ++i)
            ++after;
    return i == s.size() && before + after > 0;
}

/// True for an ID that may stand without quotes: letters, digits, '_' and bytes >= 0x80, not starting with a
/// digit, and not one of DOT's keywords (which are case-insensitive).
bool is_bare_id(std::string_view s) {
    if (s.empty() || is_digit(s[0]))
        return false;
    for (char c : s)
        if (!(is_alnum(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80))
            return false;
    static constexpr std::array<std::string_view, 6> keywords = {"node",    "edge",     "graph",
                                                                 "digraph", "subgraph", "strict"};
    return std::none_of(keywords.begin(), keywords.end(), [&](std::string_view k) { return equals_insensitive(s, k); });
}

/// Appends `s` as a DOT quoted string: quotes and backslashes escaped, '\n' as DOT's line break, tabs as spaces,
/// other control characters and ill-formed UTF-8 as U+FFFD; with `record`, the field characters escaped too.
void append_quoted(std::string &out, std::string_view s, bool record) {
    out += '"';
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            if (const size_t len = utf8_sequence_length(s.substr(i))) {
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
