// tests/runtime/test_dot_writer.cpp — support::DotWriter: quoting, escaping, clusters, edges last, accepted by dot
#include "support/dot_writer.h"

#include "test_util.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>

using tj::support::DotQuote;
using tj::support::DotWriter;

TEST_CASE("DOT writer: IDs stay bare only where DOT allows, text is always quoted and escaped") {
    DotWriter dot("g");
    dot.defaults("node", {{"shape", "box"}, {"fontname", "monospace", DotQuote::Always}, {"width", "-0.5"}});
    dot.node("n1", {{"label", "say \"hi\"\\ then\nnext\ttab", DotQuote::Always}});
    dot.node("12");
    dot.node("two words", {{"color", "node"}, {"fontsize", "1.5.2"}});
    dot.node("x", {{"label", "a|b {c} <d>", DotQuote::Record}, {"tooltip", "a|b {c}", DotQuote::Always}});
    const std::string out = dot.finish();
    CHECK(out == "digraph g {\n"
                 "  node [shape=box, fontname=\"monospace\", width=-0.5];\n"
                 "  n1 [label=\"say \\\"hi\\\"\\\\ then\\nnext tab\"];\n"
                 "  12;\n"
                 "  \"two words\" [color=\"node\", fontsize=\"1.5.2\"];\n" // a keyword and a non-numeral are quoted
                 "  x [label=\"a\\|b \\{c\\} \\<d\\>\", tooltip=\"a|b {c}\"];\n"
                 "}\n");
}

TEST_CASE("DOT writer: control characters and ill-formed UTF-8 become U+FFFD, well-formed UTF-8 stays") {
    DotWriter dot("g");
    const std::string text = std::string("w\xC3\xB6rld \xE2\x86\x92 ") + "\x01" + "\x7F" + "\r" + "\xC3" + "(" +
                             "\xED\xA0\x80" + "\xF0\x9F\x98\x80" + "\xFF";
    dot.node("n", {{"label", text, DotQuote::Always}});
    const std::string r = "\xEF\xBF\xBD";
    CHECK(dot.finish() == "digraph g {\n  n [label=\"w\xC3\xB6rld \xE2\x86\x92 " + r + r + r + r + "(" + r + r + r +
                              "\xF0\x9F\x98\x80" + r + "\"];\n}\n");
}

TEST_CASE("DOT writer: UTF-8 is judged as Unicode's Table 3-7 says, at the edges of each range") {
    const std::string r = "\xEF\xBF\xBD";
    auto label = [](const std::string &text) {
        DotWriter dot("g");
        dot.node("n", {{"label", text, DotQuote::Always}});
        const std::string out = dot.finish();
        const size_t begin = out.find("label=\"") + 7;
        return out.substr(begin, out.rfind("\"]") - begin);
    };
    // The first and last code points of each length, and the neighbours of the surrogates, stay as they are.
    for (const char *ok : {"\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80", "\xEF\xBF\xBF",
                           "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF"}) {
        CAPTURE(ok);
        CHECK(label(ok) == ok);
    }
    // Overlong forms, surrogates, code points above U+10FFFF, bytes that never start a sequence and sequences cut
    // short: every byte of them becomes U+FFFD (none starts a well-formed sequence).
    CHECK(label("\xC0\x80") == r + r);
    CHECK(label("\xC1\xBF") == r + r);
    CHECK(label("\xE0\x9F\xBF") == r + r + r);
    CHECK(label("\xED\xBF\xBF") == r + r + r);
    CHECK(label("\xF0\x8F\xBF\xBF") == r + r + r + r);
    CHECK(label("\xF4\x90\x80\x80") == r + r + r + r);
    CHECK(label("\xF5\x80\x80\x80") == r + r + r + r);
    CHECK(label("\x80") == r);
    CHECK(label("a\xE2\x86") == "a" + r + r);
    CHECK(label("\xE2\x86z") == r + r + "z");
}

TEST_CASE("DOT writer: clusters nest and close, edges come after every node at the top level") {
    DotWriter dot("tape");
    dot.begin_cluster("0");
    dot.attribute({"label", "f(1) → 2", DotQuote::Always});
    dot.node("a");
    dot.edge("a", "b", {{"style", "dotted"}, {"label", "then", DotQuote::Always}});
    dot.begin_cluster("1");
    dot.node("b");
    dot.end_cluster();
    dot.end_cluster();
    dot.edge("b", "a");
    dot.begin_cluster("2"); // left open: finish() closes it
    dot.node("c");
    CHECK(dot.finish() == "digraph tape {\n"
                          "  subgraph cluster_0 {\n"
                          "    label=\"f(1) → 2\";\n"
                          "    a;\n"
                          "    subgraph cluster_1 {\n"
                          "      b;\n"
                          "    }\n"
                          "  }\n"
                          "  subgraph cluster_2 {\n"
                          "    c;\n"
                          "  }\n"
                          "  a -> b [style=dotted, label=\"then\"];\n"
                          "  b -> a;\n"
                          "}\n");
    CHECK(dot.finish() == "}\n"); // empty afterwards
}

TEST_CASE("DOT writer: Graphviz's dot accepts text full of characters that need escaping") {
    DotWriter dot("digraph"); // a keyword as the graph's name: quoted
    dot.defaults("node", {{"shape", "record"}});
    dot.begin_cluster("with space");
    dot.attribute({"label", "cluster \"q\" \\ {x}", DotQuote::Always});
    dot.node("r", {{"label", "'a|b' {c} <d> \"e\" \\f\nline 2 \x01 \xFF", DotQuote::Record}});
    dot.node("node", {{"label", "plain\\", DotQuote::Always}, {"color", "#ff0000"}});
    dot.end_cluster();
    dot.edge("r", "node", {{"label", "\"quoted\" <edge>", DotQuote::Always}});
    const std::string text = dot.finish();
    CHECK(text.rfind("digraph \"digraph\" {\n", 0) == 0);
    if (std::system("command -v dot >/dev/null 2>&1") != 0) {
        MESSAGE("Graphviz's `dot` is not installed: the text is not run through dot -Tsvg");
        return;
    }
    tj_test::TempDir dir("tj_dot_writer");
    const std::string file = dir.path + "/graph.dot", err = dir.path + "/err.txt";
    std::ofstream(file) << text;
    const std::string cmd = "dot -Tsvg '" + file + "' -o /dev/null 2>'" + err + "'";
    CHECK_MESSAGE(std::system(cmd.c_str()) == 0, text);
    std::ifstream in(err);
    const std::string messages((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK_MESSAGE(messages.empty(), messages << "\n" << text); // no warning either (ill-formed UTF-8 gives one)
}
