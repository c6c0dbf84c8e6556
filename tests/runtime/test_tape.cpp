// tests/runtime/test_tape.cpp — the nested tape: recording (tj::track), nodes, queries, contexts, printed form
#include "test_tape_functions.h"

#include "tape/tape_recorder.h" // function_display_name

#include <tracejit/tape.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <atomic>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace tape_fns;
using tj::tape::Kind;
using tj::tape::Node;
using tj::tape::ValueKind;

namespace {

/// The `@i` of each node.
std::vector<uint32_t> ids(const std::vector<const Node *> &nodes) {
    std::vector<uint32_t> out;
    for (const Node *n : nodes)
        out.push_back(n->index());
    return out;
}

std::vector<std::pair<int, uint32_t>> ref_ids(const Node &n) {
    std::vector<std::pair<int, uint32_t>> out;
    for (const auto &[pos, ref] : n.references())
        out.emplace_back(pos, ref->index());
    return out;
}

using Refs = std::vector<std::pair<int, uint32_t>>;
using Ids = std::vector<uint32_t>;

/// The lines of `text`.
std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        out.push_back(text.substr(pos, end - pos));
        pos = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}

} // namespace

TEST_CASE("tape: h(2.0, 2) records every node with its kind, index, text, value and references") {
    tj::tape::Tape tape = tj::track(h, 2.0, 2);
    const Node &root = *tape;
    CHECK(root.kind() == Kind::Call);
    CHECK(root.text() == "h");
    CHECK(root.index() == 0);
    CHECK(root.parent() == nullptr);
    CHECK(root.value<double>() == 3.0);
    CHECK(root.type_name() == "double");
    CHECK(root.location().file == "h.cpp");
    CHECK(root.location().line == 3);
    CHECK(root.expanded());
    CHECK(root.exception().empty());
    REQUIRE(root.children().size() == 12);

    struct Expect {
        Kind kind;
        const char *text;
        unsigned line;
        const char *value;
        Refs refs;
        uint32_t iteration = 0;
        uint32_t nesting = 0;
    };
    const Expect expected[] = {
        {Kind::Argument, "x", 3, "2.0", {}},
        {Kind::Argument, "n", 3, "2", {}},
        {Kind::Statement, "double r = 0", 4, "0.0", {}},
        {Kind::Statement, "int i = 0", 5, "0", {}},
        {Kind::Loop, "while (i < n)", 6, "true", {{1, 4}, {2, 2}}, 1},
        {Kind::Statement, "r += pow(x, i)", 7, "1.0", {{1, 3}, {2, 1}, {3, 4}}, 0, 1},
        {Kind::Statement, "i += 1", 8, "1", {{1, 4}}, 0, 1},
        {Kind::Loop, "while (i < n)", 6, "true", {{1, 7}, {2, 2}}, 2},
        {Kind::Statement, "r += pow(x, i)", 7, "3.0", {{1, 6}, {2, 1}, {3, 7}}, 0, 1},
        {Kind::Statement, "i += 1", 8, "2", {{1, 7}}, 0, 1},
        {Kind::Loop, "while (i < n)", 6, "false", {{1, 10}, {2, 2}}, 3},
        {Kind::Return, "return r", 10, "3.0", {{1, 9}}},
    };
    for (size_t i = 0; i < 12; ++i) {
        CAPTURE(i);
        const Node &n = root[i + 1];
        CHECK(&n == &root.children()[i]);
        CHECK(n.index() == i + 1);
        CHECK(n.kind() == expected[i].kind);
        CHECK(n.text() == expected[i].text);
        CHECK(n.location().line == expected[i].line);
        CHECK(n.location().file == "h.cpp");
        CHECK(n.value_string() == expected[i].value);
        CHECK(ref_ids(n) == expected[i].refs);
        CHECK(n.iteration() == expected[i].iteration);
        CHECK(n.nesting() == expected[i].nesting);
        CHECK(n.parent() == &root);
    }
    CHECK(root[5].value<bool>() == true);
    CHECK(root[11].value<bool>() == false);
    CHECK(root[4].value<int>() == 0);
    CHECK(root[10].value<int>() == 2);
    CHECK(root[1].type_name() == "double");
    CHECK(root[2].type_name() == "int");
    CHECK(root[12].type_name() == "double");
    CHECK(root[6].location().column == 9);
    // Constants: the literals of statements, made when the tape was finished.
    REQUIRE(root[3].children().size() == 1);
    CHECK(root[3][1].kind() == Kind::Constant);
    CHECK(root[3][1].text() == "0");
    CHECK(root[3][1].type_name() == "int");
    CHECK(root[3][1].value<int>() == 0);
    CHECK(root[3][1].parent() == &root[3]);
    REQUIRE(root[7].children().size() == 1);
    CHECK(root[7][1].value<int>() == 1);
    CHECK(root[6].children().empty());
    CHECK_THROWS_WITH_AS(root[13], doctest::Contains("has no child @13"), tj::Error);
    CHECK_THROWS_AS(root[0], tj::Error);

    const std::vector<std::string> expected_lines = {
        "h(2.0, 2) → 3.0 : double   [h.cpp:3]",
        "  @1: [arg x] 2.0 : double",
        "  @2: [arg n] 2 : int",
        "  @3: [h.cpp:4] double r = 0 → 0.0",
        "  @4: [h.cpp:5] int i = 0 → 0",
        "  @5: [h.cpp:6] while (i < n) since @2,@4 → true  (iteration 1)",
        "  @6: [h.cpp:7]   r += pow(x, i) reads @1,@3,@4 → 1.0",
        "  @7: [h.cpp:8]   i += 1 reads @4 → 1",
        "  @8: [h.cpp:6] while (i < n) since @2,@7 → true  (iteration 2)",
        "  @9: [h.cpp:7]   r += pow(x, i) reads @1,@6,@7 → 3.0",
        "  @10: [h.cpp:8]   i += 1 reads @7 → 2",
        "  @11: [h.cpp:6] while (i < n) since @2,@10 → false  (iteration 3)",
        "  @12: [h.cpp:10] return r reads @9 → 3.0",
    };
    CHECK(lines(tj::tape::printlevels(root, 2)) == expected_lines);
    CHECK(tj::tape::printlevels(root, 1) == expected_lines[0] + "\n");
    CHECK(tj::tape::node_line(root[6]) == "@6: [h.cpp:7]   r += pow(x, i) reads @1,@3,@4 → 1.0");
    CHECK(tj::tape::printlevels(root[6], 2) == "@6: [h.cpp:7]   r += pow(x, i) reads @1,@3,@4 → 1.0\n");
}

TEST_CASE("tape: without a recorder a marked function records nothing and computes the same") {
    CHECK(h(2.0, 2) == 3.0);
    CHECK(h(3.0, 3) == 13.0);
    CHECK(!tj::tape::take_last());
}

TEST_CASE("tape: f(x) = sin(x) + x answers IRTracker's queries") {
    tj::tape::Tape tape = tj::track(f, 1.0);
    const Node &root = *tape;
    REQUIRE(root.children().size() == 4);
    CHECK(root.value<double>() == std::sin(1.0) + 1.0);
    CHECK(ids(tj::tape::referenced(root[4])) == Ids{3});
    CHECK(ids(tj::tape::backward(root[4])) == Ids{3, 2, 1});
    CHECK(ids(tj::tape::referenced(root[3])) == Ids{2, 1});
    auto numbered = tj::tape::referenced(root[3], true);
    REQUIRE(numbered.size() == 2);
    CHECK(numbered[0].first == 1);
    CHECK(numbered[0].second == &root[2]);
    CHECK(numbered[1].first == 2);
    CHECK(numbered[1].second == &root[1]);
    CHECK(ids(tj::tape::dependents(root[1])) == Ids{2, 3});
    CHECK(ids(tj::tape::forward(root[1])) == Ids{2, 3, 4});
    CHECK(ids(tj::tape::dependents(root[2])) == Ids{3});
    CHECK(ids(tj::tape::forward(root[2])) == Ids{3, 4});
    CHECK(tj::tape::dependents(root[4]).empty());
    CHECK(tj::tape::referenced(root[1]).empty());
    CHECK(tj::tape::backward(root[1]).empty());
    CHECK(tj::tape::dependents(root).empty()); // a root has no siblings
}

TEST_CASE("tape: a literal's Constant holds the value from the table — a table without values shows the spelling") {
    tj::tape::Tape with_values = tj::track(poly, 3.0);
    REQUIRE(with_values->children().size() == 4);
    const Node &one = (*with_values)[3][1];
    CHECK(one.kind() == Kind::Constant);
    CHECK(one.value_kind() == ValueKind::Signed);
    CHECK(one.value<int>() == 1);
    tj::tape::Tape spelled_only = tj::track(spelled, 3.0);
    REQUIRE(spelled_only->children().size() == 4);
    const Node &spelling = (*spelled_only)[3][1];
    CHECK(spelling.kind() == Kind::Constant);
    CHECK(spelling.value_kind() == ValueKind::Text);
    CHECK(spelling.value_string() == "1");
    CHECK(spelling.type_name() == "int");
}

TEST_CASE("tape: a nested call is a child Call, referenced at position 0 by the statement that made it") {
    tj::tape::Tape tape = tj::track(poly, 3.0);
    const Node &root = *tape;
    CHECK(root.text() == "poly");
    REQUIRE(root.children().size() == 4);
    const Node &call = root[2];
    CHECK(call.kind() == Kind::Call);
    CHECK(call.text() == "sq");
    CHECK(call.value<double>() == 9.0);
    CHECK(call.parent() == &root);
    REQUIRE(call.children().size() == 2);
    CHECK(call[1].kind() == Kind::Argument);
    CHECK(call[2].kind() == Kind::Return);
    CHECK(ref_ids(call[2]) == Refs{{1, 1}, {2, 1}});
    CHECK(ids(tj::tape::referenced(call[2])) == Ids{1});
    CHECK(ref_ids(root[3]) == Refs{{0, 2}, {1, 1}});
    CHECK(ids(tj::tape::backward(root[4])) == Ids{3, 2, 1});
    CHECK(ids(tj::tape::dependents(call)) == Ids{3});
    REQUIRE(root[3].children().size() == 1);
    CHECK(root[3][1].text() == "1");
    const std::vector<std::string> expected = {
        "poly(3.0) → 10.0 : double   [sq.cpp:4]",         "  @1: [arg x] 3.0 : double",
        "  @2: [sq.cpp:1] sq(3.0) → 9.0 : double",        "    @1: [arg x] 3.0 : double",
        "    @2: [sq.cpp:2] return x * x reads @1 → 9.0", "  @3: [sq.cpp:5] double y = sq(x) + 1 reads @1,@2 → 10.0",
        "  @4: [sq.cpp:6] return y reads @3 → 10.0",
    };
    CHECK(lines(tj::tape::printlevels(root, 3)) == expected);
    auto two = lines(tj::tape::printlevels(root, 2));
    CHECK(two.size() == 5);
    CHECK(two[2] == "  @2: [sq.cpp:1] sq(3.0) → 9.0 : double");
}

TEST_CASE("tape: a template instantiation is named with its template arguments") {
    tj::tape::Tape t1 = tj::track(square<double>, 1.5);
    CHECK(t1->text() == "square<double>");
    CHECK(t1->value<double>() == 2.25);
    tj::tape::Tape t2 = tj::track([] { return square(3) + square(2.0); });
    REQUIRE(t2->children().size() == 2);
    CHECK(t2->children()[0].text() == "square<int>");
    CHECK(t2->children()[1].text() == "square<double>");
    CHECK(tj::tape::detail::function_display_name("Box<T>::get", "T Box<float>::get() [T = float]") ==
          "Box<float>::get");
    CHECK(tj::tape::detail::function_display_name("pair_of", "auto pair_of(A, B) [A = int, B = std::map<int, int>]") ==
          "pair_of<int, std::map<int, int> >");
    CHECK(tj::tape::detail::function_display_name("plain", nullptr) == "plain");
}

namespace {

/// geom's expected recursion depth for the draws `rng` will make: the number of calls until u < beta.
int expected_geom_calls(std::mt19937 rng, double beta, std::vector<double> *draws) {
    int calls = 0;
    for (;;) {
        ++calls;
        double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
        draws->push_back(u);
        if (u < beta)
            return calls;
    }
}

/// A seed whose first `min_failures` draws are all >= beta (so geom recurses at least that deep).
unsigned seed_with_depth(double beta, int min_calls) {
    for (unsigned seed = 1;; ++seed) {
        std::vector<double> draws;
        if (expected_geom_calls(std::mt19937(seed), beta, &draws) >= min_calls)
            return seed;
    }
}

} // namespace

TEST_CASE("tape: geom(n, beta) recursion follows the random draws") {
    const double beta = 0.3;
    const unsigned seed = seed_with_depth(beta, 4);
    std::vector<double> draws;
    const int calls = expected_geom_calls(std::mt19937(seed), beta, &draws);
    geom_rng.seed(seed);
    tj::tape::Tape tape = tj::track(geom, 0, beta);
    CHECK(tape->value<int>() == calls - 1);
    const Node *call = &*tape;
    for (int level = 0; level < calls; ++level) {
        CAPTURE(level);
        REQUIRE(call->kind() == Kind::Call);
        CHECK(call->text() == "geom");
        CHECK(call->value<int>() == calls - 1);
        CHECK((*call)[1].value<int>() == level);
        CHECK((*call)[2].value<double>() == beta);
        CHECK((*call)[3].value<double>() == draws[level]);
        REQUIRE((*call)[3].children().size() == 2); // the literals 0.0 and 1.0
        CHECK((*call)[3][1].value<double>() == 0.0);
        CHECK((*call)[3][2].value_string() == "1.0");
        const Node &branch = (*call)[4];
        CHECK(branch.kind() == Kind::Branch);
        CHECK(ref_ids(branch) == Refs{{1, 3}, {2, 2}});
        if (level + 1 < calls) {
            CHECK(branch.taken() == "else");
            CHECK(branch.value<bool>() == false);
            REQUIRE(call->children().size() == 6);
            const Node &ret = (*call)[6];
            CHECK(ret.kind() == Kind::Return);
            CHECK(ref_ids(ret) == Refs{{0, 5}, {1, 1}, {3, 2}});
            call = &(*call)[5];
        } else {
            CHECK(branch.taken() == "then");
            REQUIRE(call->children().size() == 5);
            CHECK(ref_ids((*call)[5]) == Refs{{1, 1}});
            CHECK((*call)[5].text() == "return n");
        }
    }
}

TEST_CASE("tape: DepthLimit makes calls below it leaves with arguments and value only") {
    const double beta = 0.25;
    const unsigned seed = seed_with_depth(beta, 5);
    std::vector<double> draws;
    const int calls = expected_geom_calls(std::mt19937(seed), beta, &draws);
    geom_rng.seed(seed);
    tj::tape::DepthLimit limit(2);
    tj::tape::Tape tape = tj::track(limit, geom, 0, beta);
    CHECK(tape->value<int>() == calls - 1);
    const Node &second = (*tape)[5];
    CHECK(second.expanded());
    REQUIRE(second.children().size() == 6);
    const Node &leaf = second[5];
    CHECK(leaf.kind() == Kind::Call);
    CHECK(!leaf.expanded());
    REQUIRE(leaf.children().size() == 2);
    CHECK(leaf[1].value<int>() == 2);
    CHECK(leaf[2].value<double>() == beta);
    CHECK(leaf.value<int>() == calls - 1);
    CHECK(tj::tape::node_line(leaf) ==
          "@5: [geom.cpp:1] geom(2, 0.25) → " + std::to_string(calls - 1) + " : int (not expanded)");
    CHECK(ref_ids(second[6]) == Refs{{0, 5}, {1, 1}, {3, 2}});
    // The program ran to the same end: every draw was made.
    std::mt19937 replay(seed);
    for (int i = 0; i < calls; ++i)
        std::uniform_real_distribution<double>(0.0, 1.0)(replay);
    CHECK(replay == geom_rng);

    tj::tape::DepthLimit none(0);
    geom_rng.seed(seed);
    tj::tape::Tape only_root = tj::track(none, geom, 0, beta);
    CHECK(!only_root->expanded());
    CHECK(only_root->children().size() == 2);
    CHECK(only_root->value<int>() == calls - 1);
}

namespace {

/// Tags every node with its kind and the order in which it was completed; logs expand() calls.
struct Tagger : tj::tape::Context {
    int completed = 0;
    std::vector<std::pair<std::string, int>> expands;
    bool expand(const Node &call, int depth) override {
        std::string args;
        for (const Node &c : call.children())
            args += (args.empty() ? "" : ",") + c.value_string();
        expands.emplace_back(call.text() + "(" + args + ")", depth);
        return true;
    }
    void annotate(Node &node) override {
        node.set_metadata("kind", tj::tape::kind_name(node.kind()));
        node.set_metadata("order", std::to_string(++completed));
    }
};

int order(const Node &n) {
    const std::string *o = n.metadata("order");
    return o ? std::stoi(*o) : -1;
}

} // namespace

TEST_CASE("tape: Context::annotate sees every completed node, and expand sees each call with its arguments") {
    Tagger tagger;
    tj::tape::Tape tape = tj::track(tagger, poly, 2.0);
    const Node &root = *tape;
    REQUIRE(tagger.expands.size() == 2);
    CHECK(tagger.expands[0] == std::pair<std::string, int>{"poly(2.0)", 1});
    CHECK(tagger.expands[1] == std::pair<std::string, int>{"sq(2.0)", 2});
    // Every node, constants too, is annotated exactly once.
    std::vector<const Node *> all{&root};
    for (size_t i = 0; i < all.size(); ++i)
        for (const Node &c : all[i]->children())
            all.push_back(&c);
    CHECK(all.size() == 8);
    std::vector<int> orders;
    for (const Node *n : all) {
        CAPTURE(tj::tape::node_line(*n));
        REQUIRE(n->metadata("kind"));
        CHECK(*n->metadata("kind") == tj::tape::kind_name(n->kind()));
        orders.push_back(order(*n));
    }
    std::sort(orders.begin(), orders.end());
    for (size_t i = 0; i < orders.size(); ++i)
        CHECK(orders[i] == int(i) + 1);
    // A call completes after its body.
    CHECK(order(root[2]) > order(root[2][2]));
    CHECK(order(root) > order(root[4]));
    CHECK(root.metadata("missing") == nullptr);
    CHECK(root.metadata().size() == 2);
}

TEST_CASE("tape: switch records the case taken, default, or none") {
    for (auto [k, taken, value] : std::vector<std::tuple<int, std::string, int>>{
             {1, "case 1", 10}, {3, "case 2 ... 4", 20}, {4, "case 2 ... 4", 20}, {9, "default", -1}}) {
        CAPTURE(k);
        tj::tape::Tape tape = tj::track(classify, k);
        const Node &root = *tape;
        CHECK(root.value<int>() == value);
        const Node &sw = root[3];
        CHECK(sw.kind() == Kind::Branch);
        CHECK(sw.text() == "switch (k)");
        CHECK(sw.taken() == taken);
        CHECK(sw.value<int>() == k);
        CHECK(ref_ids(sw) == Refs{{1, 1}});
        CHECK(tj::tape::node_line(sw) ==
              "@3: [sw.cpp:3] switch (k) since @1 → " + std::to_string(k) + "  (" + taken + ")");
        const Node &assign = root[4];
        CHECK(assign.value<int>() == value);
        CHECK(assign.nesting() == 1);
        if (k != 9) {
            CHECK(root[5].text() == "break");
            CHECK(!root[5].has_value());
            CHECK(root[5].value_string().empty());
            CHECK(tj::tape::node_line(root[5]) == "@5: [sw.cpp:" + std::string(k == 1 ? "6" : "9") + "]   break");
        }
        CHECK(ref_ids(root.children().back()) == Refs{{1, 4}});
    }
    tj::tape::Tape none = tj::track(pick, 9);
    CHECK((*none)[2].taken() == "none");
    CHECK(none->value<int>() == 0);
    tj::tape::Tape one = tj::track(pick, 1);
    CHECK((*one)[2].taken() == "case 1");
    CHECK((*one)[3].text() == "return 1");
    CHECK((*one)[3].children().size() == 1);
}

TEST_CASE("tape: if/else records the branch taken and only that way's statements") {
    tj::tape::Tape neg = tj::track(absval, -2.5);
    REQUIRE(neg->children().size() == 5);
    CHECK((*neg)[3].taken() == "then");
    CHECK((*neg)[3].value<bool>());
    CHECK((*neg)[4].text() == "r = -x");
    CHECK((*neg)[4].value<double>() == 2.5);
    CHECK(ref_ids((*neg)[5]) == Refs{{1, 4}});
    CHECK(tj::tape::node_line((*neg)[3]) == "@3: [abs.cpp:3] if (x < 0) since @1 → true  (then)");
    tj::tape::Tape pos = tj::track(absval, 4.0);
    CHECK((*pos)[3].taken() == "else");
    CHECK((*pos)[4].text() == "r = x");
    CHECK((*pos)[4].location().line == 6);
    CHECK(pos->value<double>() == 4.0);
}

TEST_CASE("tape: an exception through marked functions is recorded and leaves the tape usable") {
    SUBCASE("tracked directly: tj::track rethrows, take_last() has the tape") {
        CHECK_THROWS_WITH_AS(tj::track(risky, 20.0), "too big", std::runtime_error);
        tj::tape::Tape tape = tj::tape::take_last();
        REQUIRE(tape);
        CHECK(tape->text() == "risky");
        CHECK(tape->exception() == "std::runtime_error: too big");
        CHECK(!tape->has_value());
        REQUIRE(tape->children().size() == 3);
        CHECK((*tape)[2].value<double>() == 40.0);
        CHECK((*tape)[3].taken() == "then");
        CHECK(tj::tape::node_line(*tape) == "risky(20.0) → threw std::runtime_error: too big   [risky.cpp:1]");
        CHECK(!tj::tape::take_last()); // moved out
        // The recorder is gone: the next call is not recorded, the next track works.
        CHECK(risky(1.0) == 2.0);
        tj::tape::Tape again = tj::track(risky, 1.0);
        CHECK(again->value<double>() == 2.0);
        CHECK(again->exception().empty());
    }
    SUBCASE("caught by a marked caller") {
        tj::tape::Tape tape = tj::track(outer, 20.0);
        const Node &root = *tape;
        CHECK(root.value<double>() == -1.0);
        REQUIRE(root.children().size() == 6);
        const Node &call = root[3];
        CHECK(call.kind() == Kind::Call);
        CHECK(call.exception() == "std::runtime_error: too big");
        CHECK(call.children().size() == 3);
        CHECK(tj::tape::node_line(call) == "@3: [risky.cpp:1] risky(20.0) → threw std::runtime_error: too big");
        const Node &handler = root[4];
        CHECK(handler.text() == "const std::exception &e");
        CHECK(handler.value_kind() == ValueKind::Text);
        CHECK(handler.value_string() == "std::exception");
        CHECK(ref_ids(handler) == Refs{{0, 3}});
        CHECK(root[5].value<double>() == -1.0);
        CHECK(ref_ids(root[6]) == Refs{{1, 5}});
        CHECK_THROWS_AS(handler.value<std::string>(), tj::Error);
    }
    SUBCASE("a non-std exception is named by its type") {
        CHECK_THROWS_AS(tj::track([] {
                            sq(2.0);
                            throw 42;
                        }),
                        int);
        tj::tape::Tape tape = tj::tape::take_last();
        REQUIRE(tape);
        CHECK(tape->exception() == "int");
        CHECK(tape->children().size() == 1);
    }
}

double two_calls(double x) { return h(x, 2) + f(x); }

TEST_CASE("tape: a callable that is not marked gets a synthetic root holding the marked calls") {
    auto lambda = [](double x) { return h(x, 2) + f(x); };
    tj::tape::Tape tape = tj::track(lambda, 2.0);
    const Node &root = *tape;
    CHECK(root.kind() == Kind::Call);
    CHECK(root.text().find("lambda at test_tape.cpp") != std::string::npos);
    CHECK(root.value<double>() == 3.0 + std::sin(2.0) + 2.0);
    REQUIRE(root.children().size() == 2);
    CHECK(root[1].text() == "h");
    CHECK(root[1].value<double>() == 3.0);
    CHECK(root[1].children().size() == 12);
    CHECK(root[2].text() == "f");
    CHECK(root[2].parent() == &root);
    CHECK(root.location().file.empty());

    // A function pointer whose own function is not marked: the first marked call is not the root after all.
    tj::tape::Tape direct = tj::track(two_calls, 2.0);
    REQUIRE(direct->children().size() == 2);
    CHECK(direct->children()[0].text() == "h");
    CHECK(direct->children()[0].index() == 1);
    CHECK(direct->children()[0].parent() == &*direct);
    CHECK(direct->children()[1].text() == "f");
    CHECK(direct->value<double>() == 3.0 + std::sin(2.0) + 2.0);

    // A callable that calls nothing marked.
    tj::tape::Tape empty = tj::track([] { return 7; });
    CHECK(empty->children().empty());
    CHECK(empty->value<int>() == 7);
    tj::tape::Tape void_tape = tj::track([] {});
    CHECK(!void_tape->has_value());
}

TEST_CASE("tape: value<T>() returns the recorded value and rejects another type") {
    tj::tape::Tape tape = tj::track(h, 2.0, 2);
    CHECK(tape->value<double>() == 3.0);
    CHECK((*tape)[2].value<int>() == 2);
    CHECK_THROWS_WITH_AS((*tape)[1].value<int>(), "tj::tape::Node::value(): node @1 holds a double, not int",
                         tj::Error);
    CHECK_THROWS_WITH_AS((*tape)[2].value<long>(), "tj::tape::Node::value(): node @2 holds a int, not long", tj::Error);
    CHECK_THROWS_AS((*tape)[5].value<int>(), tj::Error);
    tj::tape::Tape v = tj::track(values);
    CHECK_THROWS_WITH_AS(v->value<int>(), "tj::tape::Node::value(): node @0 holds no value, not int", tj::Error);
    CHECK_THROWS_AS((*v)[14].value<int>(), tj::Error); // a Point can only be printed
}

TEST_CASE("tape: value_string formats each kind of value") {
    tj::tape::Tape tape = tj::track(values);
    const Node &root = *tape;
    REQUIRE(root.children().size() == 21);
    const std::vector<std::string> expected = {"0.1",
                                               "0.1",
                                               "-3",
                                               "7",
                                               "true",
                                               "'a'",
                                               "\"hi\\n\"",
                                               "\"x\\\"y\"",
                                               "0x0",
                                               "1e+100",
                                               "nan",
                                               "inf",
                                               "2.0",
                                               "tape_fns::Point",
                                               "1",
                                               "\"x\\\"y\"",
                                               "-9223372036854775808",
                                               "18446744073709551615",
                                               "0.33333334",
                                               "-0.0"};
    for (size_t i = 0; i < expected.size(); ++i) {
        CAPTURE(i);
        CHECK(root[i + 1].value_string() == expected[i]);
    }
    CHECK(root[1].value<double>() == 0.1);
    CHECK(root[2].value<float>() == 0.1f);
    CHECK(root[2].type_name() == "float");
    CHECK(root[3].value<int>() == -3);
    CHECK(root[4].value<unsigned>() == 7u);
    CHECK(root[5].value<bool>() == true);
    CHECK(root[6].value<char>() == 'a');
    CHECK(root[7].value<std::string>() == "hi\n");
    CHECK(root[7].type_name() == "const char *");
    CHECK_THROWS_WITH_AS(
        root[7].value<const char *>(),
        "tj::tape::Node::value(): node @7 holds a const char * (read it as std::string), not const char *", tj::Error);
    CHECK(root[8].value<std::string>() == "x\"y");
    CHECK(root[8].type_name() == "std::string");
    CHECK(root[9].value_kind() == ValueKind::Pointer);
    CHECK(root[9].value<int *>() == nullptr);
    CHECK(root[14].value_kind() == ValueKind::Text);
    CHECK(root[14].type_name() == "tape_fns::Point");
    CHECK(root[15].value<Color>() == Color::Green);
    CHECK(root[16].value<std::string>() == "x\"y");
    CHECK(root[16].type_name() == "std::string_view");
    CHECK(root[17].value<int64_t>() == INT64_MIN);
    CHECK(root[18].value<uint64_t>() == UINT64_MAX);
    CHECK(root[21].kind() == Kind::Return);
    CHECK(!root[21].has_value());
    CHECK(tj::tape::node_line(root[21]) == "@21: [values.cpp:22] return");
    CHECK(tj::tape::printlevels(root, 1) == "values()   [values.cpp:1]\n");
}

TEST_CASE("tape: tj arrays are recorded as their summary: lazy, then evaluated with contents") {
    tj::tape::Tape tape = tj::track(arrays);
    const Node &root = *tape;
    REQUIRE(root.children().size() == 5);
    CHECK(root[1].value_kind() == ValueKind::Array);
    CHECK(root[1].type_name() == "tj::Float");
    CHECK(root[1].value_string().find("tj::Float[3]") == 0);
    CHECK(root[1].value_string().find("[1, 2, 3]") != std::string::npos);
    CHECK(root[2].value_string().find("tj::Float[3] lazy r") == 0);
    CHECK(root[2].value_string().find('[', 12) == std::string::npos);
    CHECK(root[4].value_string().find("tj::Float[3] evaluated r") == 0);
    CHECK(root[4].value_string().find("[2, 4, 6]") != std::string::npos);
    CHECK(ref_ids(root[4]) == Refs{{1, 2}});
    CHECK_THROWS_AS(root[4].value<float>(), tj::Error);
}

// twin_sq reads the process-wide recording flag with a plain load while tj::track changes it on this thread: a
// benign race, which ThreadSanitizer (preset tsan) does not report as the flag is const to marked code
// (docs/sanitizers.md, "The recording flag").
TEST_CASE("tape: recording is per thread: another thread runs the same functions unrecorded meanwhile") {
    std::atomic<bool> stop{false};
    std::atomic<long> runs{0};
    std::atomic<bool> wrong{false};
    std::thread other([&] {
        while (!stop.load()) {
            if (h(2.0, 2) != 3.0 || poly(3.0) != 10.0 || twin_sq(3.0) != 9.0)
                wrong = true;
            ++runs;
        }
        if (tj::tape::take_last())
            wrong = true;
    });
    while (runs.load() == 0)
        std::this_thread::yield();
    for (int i = 0; i < 50; ++i) {
        tj::tape::Tape tape = tj::track(h, 2.0, 2);
        REQUIRE(tape->children().size() == 12);
        CHECK(tape->value<double>() == 3.0);
        tj::tape::Tape p = tj::track(poly, 1.0);
        REQUIRE(p->children().size() == 4);
        CHECK((*p)[2].children().size() == 2);
        tj::tape::Tape t = tj::track(twin_sq, 1.5);
        CHECK(t->children().size() == tj::track(sq, 1.5)->children().size());
        CHECK(t->value<double>() == 2.25);
    }
    stop = true;
    other.join();
    CHECK(!wrong.load());
    CHECK(runs.load() > 0);
}

TEST_CASE("tape: a finished tape can be read from several threads at once (values formatted on first use)") {
    // Nothing is printed before the threads start, so they race to format the same values first.
    tj::tape::Tape tape = tj::track(poly, 2.5);
    std::vector<std::string> printed(4), json(4);
    std::vector<std::thread> readers;
    for (int t = 0; t < 4; ++t)
        readers.emplace_back([&, t] {
            printed[t] = tj::tape::printlevels(*tape, 10);
            json[t] = tj::tape::to_json(*tape);
        });
    for (std::thread &r : readers)
        r.join();
    for (int t = 1; t < 4; ++t) {
        CHECK(printed[t] == printed[0]);
        CHECK(json[t] == json[0]);
    }
    CHECK(printed[0].find("→ 7.25") != std::string::npos);
}

TEST_CASE("tape: nested tj::track inside a recorded call records separately") {
    double inner_value = 0;
    size_t inner_children = 0;
    tj::tape::Tape outer_tape = tj::track([&] {
        double a = f(1.0);
        tj::tape::Tape inner = tj::track(h, 2.0, 2);
        inner_value = inner->value<double>();
        inner_children = inner->children().size();
        return a + sq(2.0);
    });
    CHECK(inner_value == 3.0);
    CHECK(inner_children == 12);
    REQUIRE(outer_tape->children().size() == 2);
    CHECK(outer_tape->children()[0].text() == "f");
    CHECK(outer_tape->children()[1].text() == "sq");
}

TEST_CASE("tape: deep recursion records, prints and frees without overflowing the stack") {
    // geom with beta = 0 never stops by itself; a tiny beta with a seed gives a long chain instead.
    const double beta = 0.002;
    geom_rng.seed(12345);
    std::vector<double> draws;
    const int calls = expected_geom_calls(std::mt19937(12345), beta, &draws);
    geom_rng.seed(12345);
    tj::tape::Tape tape = tj::track(geom, 0, beta);
    CHECK(tape->value<int>() == calls - 1);
    const Node *n = &*tape;
    int depth = 1;
    while (n->children().size() == 6) {
        n = &(*n)[5];
        ++depth;
    }
    CHECK(depth == calls);
    std::string all = tj::tape::printlevels(*tape, 1 << 30);
    CHECK(lines(all).size() > static_cast<size_t>(calls * 5));
}

TEST_CASE("tape: kind_name and an empty Tape") {
    CHECK(std::string(tj::tape::kind_name(Kind::Loop)) == "Loop");
    CHECK(std::string(tj::tape::kind_name(Kind::Constant)) == "Constant");
    tj::tape::Tape empty;
    CHECK(!empty);
    CHECK_THROWS_AS(empty.root(), tj::Error);
    tj::tape::Tape t = tj::track(sq, 2.0);
    tj::tape::Tape moved = std::move(t);
    CHECK(moved);
    CHECK(!t);
    CHECK(moved->value<double>() == 4.0);
}

TEST_CASE("tape: loop iterations count per loop entry, and nested loops restart theirs") {
    tj::tape::Tape tape = tj::track(grid, 3);
    CHECK(tape->value<int>() == 1);
    std::vector<uint32_t> outer, inner;
    std::vector<bool> inner_values;
    for (const Node &n : tape->children()) {
        if (n.kind() != Kind::Loop)
            continue;
        if (n.text() == "while (j < i)") {
            inner.push_back(n.iteration());
            inner_values.push_back(n.value<bool>());
            CHECK(n.nesting() == 1);
        } else {
            outer.push_back(n.iteration());
        }
    }
    CHECK(outer == std::vector<uint32_t>{1, 2, 3, 4});
    CHECK(inner == std::vector<uint32_t>{1, 1, 2, 1, 2, 3});
    CHECK(inner_values == std::vector<bool>{false, true, false, true, true, false});
    // "++i" reads the i written by the previous "++i" (or by "int i = 0" the first time).
    std::vector<uint32_t> increments;
    for (const Node &n : tape->children())
        if (n.text() == "++i")
            increments.push_back(n.references().front().second->index());
    REQUIRE(increments.size() == 3);
    CHECK((*tape)[increments[0]].text() == "int i = 0");
    CHECK((*tape)[increments[1]].text() == "++i");
    CHECK((*tape)[increments[2]].text() == "++i");
    const Node &ret = tape->children().back();
    CHECK(ret.kind() == Kind::Return);
    REQUIRE(ret.references().size() == 1);
    CHECK(ret.references()[0].second->text() == "s += j");
    CHECK(ret.references()[0].second->value<int>() == 1);
}
