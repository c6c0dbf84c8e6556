// tests/runtime/test_tape_export.cpp — tj::tape::to_json and to_dot on recorded tapes: parsed back and compared
//
// The JSON is read back with a strict parser written here (RFC 8259 grammar, well-formed UTF-8, escapes) and
// compared field by field with the Node accessors; the DOT is checked for the structure Graphviz needs
// (balanced quotes and braces, declared edge ends) and for the nodes, clusters and edges it must show.
// Graphviz itself reads the output in the tools.inspect.dot_graphviz test.
#include "tape_examples.h"

#include <tracejit/tape.h>

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

// --- a strict JSON reader --------------------------------------------------------------------------------

struct Json {
    enum Type { Null, Bool, Number, String, Array, Object } type = Null;
    bool b = false;
    double number = 0;
    std::string str;
    std::vector<Json> items;
    std::vector<std::string> keys; ///< of an object, in order
    std::vector<Json> values;      ///< of an object, parallel to keys (std::pair would need Json complete)

    const Json *find(std::string_view key) const {
        for (size_t i = 0; i < keys.size(); ++i)
            if (keys[i] == key)
                return &values[i];
        return nullptr;
    }
    const Json &operator[](std::string_view key) const {
        const Json *v = find(key);
        if (!v)
            throw std::runtime_error("no member '" + std::string(key) + "'");
        return *v;
    }
};

/// Length of the well-formed UTF-8 sequence at s[i], 0 if ill-formed (written independently of the exporter's).
size_t utf8_length(std::string_view s, size_t i) {
    auto b = [&](size_t k) -> unsigned { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0x100; };
    auto cont = [&](size_t k) { return (b(k) & 0xC0) == 0x80 && b(k) < 0x100; };
    unsigned c = b(i);
    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0;
    if (c < 0xE0)
        return cont(i + 1) ? 2 : 0;
    if (c < 0xF0) {
        if (!cont(i + 1) || !cont(i + 2))
            return 0;
        unsigned cp = ((c & 0x0F) << 12) | ((b(i + 1) & 0x3F) << 6) | (b(i + 2) & 0x3F);
        return cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF) ? 3 : 0;
    }
    if (c < 0xF5) {
        if (!cont(i + 1) || !cont(i + 2) || !cont(i + 3))
            return 0;
        unsigned cp = ((c & 0x07) << 18) | ((b(i + 1) & 0x3F) << 12) | ((b(i + 2) & 0x3F) << 6) | (b(i + 3) & 0x3F);
        return cp >= 0x10000 && cp <= 0x10FFFF ? 4 : 0;
    }
    return 0;
}

bool valid_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        size_t n = utf8_length(s, i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

class JsonParser {
  public:
    explicit JsonParser(std::string_view text) : m_s(text) {}

    Json parse_document() {
        Json v = value();
        space();
        if (m_i != m_s.size())
            fail("text after the value");
        return v;
    }

  private:
    [[noreturn]] void fail(const std::string &what) {
        throw std::runtime_error("JSON: " + what + " at byte " + std::to_string(m_i));
    }
    void space() {
        while (m_i < m_s.size() && (m_s[m_i] == ' ' || m_s[m_i] == '\n' || m_s[m_i] == '\r' || m_s[m_i] == '\t'))
            ++m_i;
    }
    bool eat(char c) {
        space();
        if (m_i < m_s.size() && m_s[m_i] == c) {
            ++m_i;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!eat(c))
            fail(std::string("expected '") + c + "'");
    }
    bool word(std::string_view w) {
        if (m_s.substr(m_i, w.size()) == w) {
            m_i += w.size();
            return true;
        }
        return false;
    }
    static void put_utf8(std::string &out, uint32_t cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }
    uint32_t hex4() {
        if (m_i + 4 > m_s.size())
            fail("short \\u escape");
        uint32_t v = 0;
        for (int k = 0; k < 4; ++k) {
            char c = m_s[m_i++];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= c - '0';
            else if (c >= 'a' && c <= 'f')
                v |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                v |= c - 'A' + 10;
            else
                fail("bad \\u escape");
        }
        return v;
    }
    std::string string() {
        expect('"');
        std::string out;
        while (true) {
            if (m_i >= m_s.size())
                fail("unterminated string");
            unsigned char c = static_cast<unsigned char>(m_s[m_i]);
            if (c == '"') {
                ++m_i;
                return out;
            }
            if (c < 0x20)
                fail("raw control character in a string");
            if (c >= 0x80) {
                size_t n = utf8_length(m_s, m_i);
                if (n == 0)
                    fail("ill-formed UTF-8");
                out.append(m_s.substr(m_i, n));
                m_i += n;
                continue;
            }
            ++m_i;
            if (c != '\\') {
                out += static_cast<char>(c);
                continue;
            }
            if (m_i >= m_s.size())
                fail("unterminated escape");
            char e = m_s[m_i++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                uint32_t cp = hex4();
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (!word("\\u"))
                        fail("lone high surrogate");
                    uint32_t lo = hex4();
                    if (lo < 0xDC00 || lo > 0xDFFF)
                        fail("bad low surrogate");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail("lone low surrogate");
                }
                put_utf8(out, cp);
                break;
            }
            default: fail("bad escape");
            }
        }
    }
    Json number() {
        size_t start = m_i;
        if (m_i < m_s.size() && m_s[m_i] == '-')
            ++m_i;
        auto digits = [&] {
            size_t d = m_i;
            while (m_i < m_s.size() && m_s[m_i] >= '0' && m_s[m_i] <= '9')
                ++m_i;
            return m_i - d;
        };
        if (m_i < m_s.size() && m_s[m_i] == '0')
            ++m_i;
        else if (digits() == 0)
            fail("bad number");
        if (m_i < m_s.size() && m_s[m_i] == '.') {
            ++m_i;
            if (digits() == 0)
                fail("bad fraction");
        }
        if (m_i < m_s.size() && (m_s[m_i] == 'e' || m_s[m_i] == 'E')) {
            ++m_i;
            if (m_i < m_s.size() && (m_s[m_i] == '+' || m_s[m_i] == '-'))
                ++m_i;
            if (digits() == 0)
                fail("bad exponent");
        }
        Json v;
        v.type = Json::Number;
        v.number = std::stod(std::string(m_s.substr(start, m_i - start)));
        return v;
    }
    Json value() {
        if (++m_nesting > 10000)
            fail("nested too deeply");
        space();
        if (m_i >= m_s.size())
            fail("expected a value");
        Json v;
        char c = m_s[m_i];
        if (c == '{') {
            ++m_i;
            v.type = Json::Object;
            if (!eat('}')) {
                do {
                    space();
                    std::string key = string();
                    expect(':');
                    v.keys.push_back(std::move(key));
                    v.values.push_back(value());
                } while (eat(','));
                expect('}');
            }
        } else if (c == '[') {
            ++m_i;
            v.type = Json::Array;
            if (!eat(']')) {
                do
                    v.items.push_back(value());
                while (eat(','));
                expect(']');
            }
        } else if (c == '"') {
            v.type = Json::String;
            v.str = string();
        } else if (word("true")) {
            v.type = Json::Bool;
            v.b = true;
        } else if (word("false")) {
            v.type = Json::Bool;
        } else if (word("null")) {
            v.type = Json::Null;
        } else {
            v = number();
        }
        --m_nesting;
        return v;
    }

    std::string_view m_s;
    size_t m_i = 0;
    int m_nesting = 0;
};

Json parse_json(const std::string &text) { return JsonParser(text).parse_document(); }

/// A string as the exporters must carry it: unchanged when it is well-formed UTF-8.
void check_string(const Json &j, const std::string &expected, const char *field) {
    CAPTURE(field);
    REQUIRE(j.type == Json::String);
    if (valid_utf8(expected))
        CHECK(j.str == expected);
    else
        CHECK(j.str.find("\xEF\xBF\xBD") != std::string::npos); // U+FFFD in place of the ill-formed bytes
}

/// Compares the JSON object of `n` with its accessors, down to `depth` levels (< 0: all); counts the nodes.
void check_node(const Json &j, const tj::tape::Node &n, int depth, size_t &count) {
    ++count;
    REQUIRE(j.type == Json::Object);
    CHECK(j["kind"].str == tj::tape::kind_name(n.kind()));
    CHECK(j["index"].number == n.index());
    check_string(j["text"], n.text(), "text");
    check_string(j["file"], n.location().file, "file");
    CHECK(j["line"].number == n.location().line);
    CHECK(j["column"].number == n.location().column);
    if (n.has_value())
        check_string(j["value"], n.value_string(), "value");
    else
        CHECK(j["value"].type == Json::Null);
    check_string(j["type"], n.type_name(), "type");
    CHECK(j["value_kind"].type == Json::String);
    if (n.grad_string().empty())
        CHECK(j["grad"].type == Json::Null);
    else
        check_string(j["grad"], n.grad_string(), "grad");
    const Json &refs = j["references"];
    REQUIRE(refs.items.size() == n.references().size());
    for (size_t i = 0; i < refs.items.size(); ++i) {
        REQUIRE(refs.items[i].items.size() == 2);
        CHECK(refs.items[i].items[0].number == n.references()[i].first);
        CHECK(refs.items[i].items[1].number == n.references()[i].second->index());
    }
    check_string(j["taken"], n.taken(), "taken");
    CHECK(j["iteration"].number == n.iteration());
    check_string(j["exception"], n.exception(), "exception");
    CHECK(j["expanded"].type == Json::Bool);
    CHECK(j["expanded"].b == n.expanded());
    CHECK(j["nesting"].number == n.nesting());
    REQUIRE(j["metadata"].type == Json::Object);
    CHECK(j["metadata"].keys.size() == n.metadata().size());
    for (const auto &[key, value] : n.metadata())
        CHECK(j["metadata"][key].str == value);
    CHECK(j["child_count"].number == n.children().size());
    const Json *children = j.find("children");
    if (depth == 1 || n.children().empty()) {
        CHECK(children == nullptr);
        return;
    }
    REQUIRE(children != nullptr);
    REQUIRE(children->items.size() == n.children().size());
    for (size_t i = 0; i < n.children().size(); ++i)
        check_node(children->items[i], n.children()[i], depth < 0 ? -1 : depth - 1, count);
}

size_t node_count(const tj::tape::Node &n, int depth) {
    size_t c = 1;
    if (depth != 1)
        for (const tj::tape::Node &k : n.children())
            c += node_count(k, depth < 0 ? -1 : depth - 1);
    return c;
}

// --- DOT structure ---------------------------------------------------------------------------------------

struct Dot {
    std::map<std::string, std::string> labels;              ///< node id → label (unescaped \" and \\)
    std::vector<std::pair<std::string, std::string>> edges; ///< (from, to)
    std::vector<std::string> edge_labels;                   ///< label of each edge, "" if none
    std::vector<std::string> clusters;                      ///< cluster labels
};

/// Reads the statements to_dot writes (one per line) after checking quotes and braces balance; fails the test
/// on anything else.
Dot read_dot(const std::string &text) {
    Dot d;
    REQUIRE(text.rfind("digraph ", 0) == 0);
    CHECK(valid_utf8(text));
    int braces = 0;
    bool in_string = false, break_in_string = false, closed_too_often = false;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
            else if (c == '\n')
                break_in_string = true; // line breaks in labels are written as \n
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{') {
            ++braces;
        } else if (c == '}') {
            closed_too_often |= braces == 0;
            --braces;
        }
    }
    REQUIRE_FALSE(in_string);
    REQUIRE_FALSE(break_in_string);
    REQUIRE_FALSE(closed_too_often);
    REQUIRE(braces == 0);
    auto unescape = [](const std::string &s) {
        std::string out;
        for (size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\'))
                ++i;
            out += s[i];
        }
        return out;
    };
    static const std::regex node_re(R"re(^\s*(n\d+) \[shape=\w+, label="((?:[^"\\]|\\.)*)")re");
    static const std::regex edge_re(R"re(^\s*(n\d+) -> (n\d+)(?: \[(.*)\])?;$)re");
    static const std::regex label_re(R"re(label="((?:[^"\\]|\\.)*)")re");
    static const std::regex cluster_re(R"re(^\s*label="((?:[^"\\]|\\.)*)";$)re");
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        std::string line = text.substr(pos, end - pos);
        pos = end == std::string::npos ? text.size() : end + 1;
        std::smatch m;
        if (std::regex_search(line, m, node_re)) {
            d.labels[m[1]] = unescape(m[2]);
        } else if (std::regex_search(line, m, edge_re)) {
            d.edges.emplace_back(m[1], m[2]);
            std::string attrs = m[3];
            std::smatch lm;
            d.edge_labels.push_back(std::regex_search(attrs, lm, label_re) ? unescape(lm[1]) : "");
        } else if (std::regex_search(line, m, cluster_re)) {
            d.clusters.push_back(unescape(m[1]));
        }
    }
    for (const auto &[from, to] : d.edges) {
        CAPTURE(from);
        CAPTURE(to);
        CHECK(d.labels.count(from) == 1);
        CHECK(d.labels.count(to) == 1);
    }
    return d;
}

/// The id of the node whose label starts with `prefix` (exactly one must).
std::string dot_id(const Dot &d, const std::string &prefix) {
    std::string found;
    int matches = 0;
    for (const auto &[id, label] : d.labels)
        if (label.rfind(prefix, 0) == 0) {
            found = id;
            ++matches;
        }
    CAPTURE(prefix);
    CHECK(matches == 1);
    return found;
}

bool has_edge(const Dot &d, const std::string &from, const std::string &to, std::string *label = nullptr) {
    for (size_t i = 0; i < d.edges.size(); ++i)
        if (d.edges[i].first == from && d.edges[i].second == to) {
            if (label)
                *label = d.edge_labels[i];
            return true;
        }
    return false;
}

} // namespace

TEST_CASE("tape export: to_json of h(2.0, 2) parses back to every field of every node") {
    tj::tape::Tape tape = tj::track(tape_examples::h, 2.0, 2);
    std::string text = tj::tape::to_json(*tape);
    Json j = parse_json(text);
    size_t count = 0;
    check_node(j, *tape, -1, count);
    CHECK(count == node_count(*tape, -1));
    CHECK(j["text"].str == "h");
    CHECK(j["value"].str == "3.0");
    CHECK(j["type"].str == "double");
    CHECK(j["value_kind"].str == "Float");
    REQUIRE(j["children"].items.size() == 12);
    const Json &s6 = j["children"].items[5]; // @6: r += std::pow(x, i), reads r (@3), x (@1), i (@4)
    CHECK(s6["text"].str == "r += std::pow(x, i)");
    REQUIRE(s6["references"].items.size() == 3);
    CHECK(s6["references"].items[0].items[1].number == 3);
    CHECK(s6["references"].items[1].items[1].number == 1);
    CHECK(s6["references"].items[2].items[1].number == 4);
    CHECK(j["children"].items[10]["iteration"].number == 3);
    CHECK(j["children"].items[10]["value"].str == "false");
}

TEST_CASE("tape export: to_json leaves out children below the depth") {
    tj::tape::Tape tape = tj::track(tape_examples::sum_squares, 3);
    for (int depth : {1, 2, 3, -1}) {
        CAPTURE(depth);
        Json j = parse_json(tj::tape::to_json(*tape, depth));
        size_t count = 0;
        check_node(j, *tape, depth, count);
        CHECK(count == node_count(*tape, depth));
    }
    Json one = parse_json(tj::tape::to_json(*tape, 1));
    CHECK(one.find("children") == nullptr);
    CHECK(one["child_count"].number == 18);
    CHECK(parse_json(tj::tape::to_json(*tape, 0)).find("children") == nullptr); // 0 is read as 1

    Json all = parse_json(tj::tape::to_json(*tape));
    const Json &call = all["children"].items[9]; // @10: square(2.0)
    CHECK(call["kind"].str == "Call");
    CHECK(call["text"].str == "square");
    CHECK(call["value"].str == "4.0");
    CHECK(call["children"].items.size() == 3);
    const Json &use = all["children"].items[10]; // @11: total += square(k) refers to the call at position 0
    bool call_reference = false;
    for (const Json &r : use["references"].items)
        call_reference |= r.items[0].number == 0 && r.items[1].number == 10;
    CHECK(call_reference);
    CHECK(all["children"].items[4]["taken"].str == "else");
    CHECK(all["children"].items[8]["taken"].str == "then");
    // Any node can be exported, not only a root.
    Json stmt = parse_json(tj::tape::to_json((*tape)[10][2]));
    CHECK(stmt["text"].str == "double s = v * v");
}

TEST_CASE("tape export: to_json escapes strings and replaces ill-formed UTF-8") {
    std::string name = std::string("w\xC3\xB6rld \x01 \x7F \"q\" \\ \xFF\xFE end");
    tj::tape::Tape tape = tj::track(tape_examples::quote, name);
    std::string text = tj::tape::to_json(*tape);
    CHECK(valid_utf8(text));
    Json j = parse_json(text);
    size_t count = 0;
    check_node(j, *tape, -1, count); // text and values equal, or U+FFFD where the bytes were ill-formed
    CHECK(j["children"].items[1]["text"].str == "std::string s = \"say \\\"hi\\\"\\\\\\n\\t→ \" + name");
    CHECK(j["children"].items[1]["value_kind"].str == "String");
}

namespace {
/// Attaches metadata with characters JSON and DOT must escape.
class Annotate : public tj::tape::Context {
  public:
    void annotate(tj::tape::Node &node) override {
        node.set_metadata("kind", tj::tape::kind_name(node.kind()));
        node.set_metadata("odd \"key\"", std::string("tab\t bell\x07 nul") + '\0' + " \xC3\xA9");
    }
};
} // namespace

TEST_CASE("tape export: to_json writes metadata, control characters escaped") {
    Annotate ctx;
    tj::tape::Tape tape = tj::track(ctx, tape_examples::square, 1.5);
    std::string text = tj::tape::to_json(*tape);
    CHECK(text.find("\\u0007") != std::string::npos);
    CHECK(text.find("\\u0000") != std::string::npos);
    CHECK(text.find("\\t") != std::string::npos);
    Json j = parse_json(text);
    size_t count = 0;
    check_node(j, *tape, -1, count);
    CHECK(j["metadata"]["kind"].str == "Call");
    CHECK(j["metadata"]["odd \"key\""].str == std::string("tab\t bell\x07 nul") + '\0' + " \xC3\xA9");
    CHECK(j["children"].items[1]["metadata"]["kind"].str == "Statement");
    Dot d = read_dot(tj::tape::to_dot(*tape));
    CHECK(d.labels.size() == 4);
}

TEST_CASE("tape export: to_json of a call that threw, and of deep recursion") {
    CHECK_THROWS_AS(tj::track(tape_examples::checked_div, 7, 0), std::invalid_argument);
    tj::tape::Tape thrown = tj::tape::take_last();
    REQUIRE(thrown);
    Json j = parse_json(tj::tape::to_json(*thrown));
    CHECK(j["exception"].str.find("division by zero") != std::string::npos);
    CHECK(j["value"].type == Json::Null);

    // 3000 nested calls: the exporters keep their own stack.
    tj::tape::Tape deep = tj::track(tape_examples::countdown, 3000);
    CHECK(deep->value<int>() == 3000);
    Json d = parse_json(tj::tape::to_json(*deep));
    int levels = 1;
    for (const Json *cur = &d; cur->find("children");) {
        const Json *next = nullptr;
        for (const Json &c : (*cur)["children"].items)
            if (c["kind"].str == "Call")
                next = &c;
        if (!next)
            break;
        cur = next;
        ++levels;
    }
    CHECK(levels == 3001);
    std::string dot = tj::tape::to_dot(*deep);
    CHECK(read_dot(dot).clusters.size() == 3001);
}

TEST_CASE("tape export: to_dot of h(2.0, 2) shows statements, dependencies and the order of execution") {
    tj::tape::Tape tape = tj::track(tape_examples::h, 2.0, 2);
    Dot d = read_dot(tj::tape::to_dot(*tape));
    REQUIRE(d.clusters.size() == 1);
    CHECK(d.clusters[0] == "h(2.0, 2) → 3.0");
    std::string x = dot_id(d, "@1: [arg x]");
    std::string r0 = dot_id(d, "@3: double r = 0 → 0.0");
    std::string i0 = dot_id(d, "@4: int i = 0 → 0");
    std::string s6 = dot_id(d, "@6: r += std::pow(x, i) → 1.0");
    std::string loop3 = dot_id(d, "@11: while (i < n) → false");
    std::string ret = dot_id(d, "@12: return r → 3.0");
    std::string s9 = dot_id(d, "@9: ");
    CHECK(d.labels[loop3].find("(iteration 3)") != std::string::npos);
    std::string label;
    CHECK(has_edge(d, r0, s6, &label));
    CHECK(label == "1"); // r is the first operand
    CHECK(has_edge(d, x, s6, &label));
    CHECK(label == "2");
    CHECK(has_edge(d, i0, s6, &label));
    CHECK(label == "3");
    CHECK(has_edge(d, s9, ret));
    CHECK_FALSE(has_edge(d, s6, ret)); // the return reads the latest r only
    // Every node is drawn (12 below the root, the root, the 4 literals); each data reference is an edge.
    CHECK(d.labels.size() == node_count(*tape, -1));
    CHECK(d.labels.size() == 17);
    size_t references = 0;
    for (const tj::tape::Node &c : tape->children())
        references += tj::tape::referenced(c).size();
    size_t data_edges = 0;
    for (const auto &l : d.edge_labels)
        data_edges += !l.empty() && l[0] >= '0' && l[0] <= '9';
    CHECK(data_edges == references);
}

TEST_CASE("tape export: to_dot draws nested calls as clusters and labels the branches taken") {
    tj::tape::Tape tape = tj::track(tape_examples::sum_squares, 3);
    Dot d = read_dot(tj::tape::to_dot(*tape));
    REQUIRE(d.clusters.size() == 2);
    CHECK(d.clusters[0] == "sum_squares(3) → 2.0");
    CHECK(d.clusters[1] == "square(2.0) → 4.0");
    std::string call = dot_id(d, "@10: square(2.0) → 4.0");
    std::string use = dot_id(d, "@11: total += square(k) → 3.0");
    std::string s_in_square = dot_id(d, "@2: double s = v * v → 4.0");
    CHECK(has_edge(d, call, use));
    std::string then_branch = dot_id(d, "@9: if (k % 2 == 0) → true");
    std::string else_branch = dot_id(d, "@5: if (k % 2 == 0) → false");
    CHECK(d.labels[then_branch].find("(then)") != std::string::npos);
    std::string label;
    CHECK(has_edge(d, then_branch, call, &label));
    CHECK(label == "then");
    CHECK(has_edge(d, else_branch, dot_id(d, "@6: total -= 1"), &label));
    CHECK(label == "else");
    (void)s_in_square;

    // Depth 2: the nested call is one node, with no cluster and none of its body.
    Dot shallow = read_dot(tj::tape::to_dot(*tape, 2));
    CHECK(shallow.clusters.size() == 1);
    CHECK(shallow.labels.size() == 19);
    // Depth 1: the root alone.
    Dot root = read_dot(tj::tape::to_dot(*tape, 1));
    CHECK(root.clusters.empty());
    CHECK(root.labels.size() == 1);
    CHECK(root.edges.empty());
}

TEST_CASE("tape export: to_dot escapes labels and keeps them to one line of valid UTF-8") {
    std::string name = std::string("w\xC3\xB6rld \"q\" \\ \n \xFF end");
    tj::tape::Tape tape = tj::track(tape_examples::quote, name);
    std::string dot = tj::tape::to_dot(*tape);
    Dot d = read_dot(dot); // quotes balanced, no raw line breaks in strings, valid UTF-8
    std::string stmt = dot_id(d, "@2: std::string s = \"say \\\"hi\\\"\\\\\\n\\t→ \" + name → ");
    CHECK(d.labels[stmt].find("w\xC3\xB6rld") != std::string::npos);
    if (!valid_utf8((*tape)[2].value_string())) // the tape keeps the bytes; the drawing shows U+FFFD for them
        CHECK(d.labels[stmt].find("\xEF\xBF\xBD") != std::string::npos);
}

TEST_CASE("tape export: to_html folds nested calls, links references to their nodes and escapes text") {
    tj::tape::Tape tape = tj::track(tape_examples::sum_squares, 3);
    std::string html = tj::tape::to_html(*tape);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.find("</body></html>") != std::string::npos);
    // One <details> per expanded call: the root and each nested call of square.
    size_t calls = 0, details = 0;
    for (const tj::tape::Node &c : tape->children())
        calls += c.kind() == tj::tape::Kind::Call;
    for (size_t p = 0; (p = html.find("<details", p)) != std::string::npos; ++p)
        ++details;
    CHECK(details == calls + 1);
    CHECK(html.find("</details>") != std::string::npos);
    // Every link goes to an id of the page.
    std::regex href("href=\"#([^\"]+)\"");
    size_t links = 0;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), href); it != std::sregex_iterator(); ++it, ++links)
        CHECK_MESSAGE(html.find("id=\"" + (*it)[1].str() + "\"") != std::string::npos, (*it)[1].str());
    CHECK(links > 0);
    // Depth 1 shows the root line only.
    CHECK(tj::tape::to_html(*tape, 1).find("<details") == std::string::npos);

    std::string name = std::string("<b>&\"x\"</b> \xFF");
    tj::tape::Tape quoted = tj::track(tape_examples::quote, name);
    std::string page = tj::tape::to_html(*quoted);
    CHECK(page.find("<b>") == std::string::npos);
    CHECK(page.find("&lt;b&gt;&amp;") != std::string::npos);
    CHECK(page.find("\xEF\xBF\xBD") != std::string::npos);
}
