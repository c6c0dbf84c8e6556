// tests/runtime/test_tape_grad.cpp — gradients on the tape: after tj::backward in a recorded function, each node
// of a differentiable array shows the gradient that reached it (printed, exported, saved and loaded)
#include "test_tape_functions.h"
#include "test_util.h"

#include "ad/graph.h" // live AD nodes: the tape's references are given back
#include "jit/var.h"

#include <tracejit/tape.h>
#include <tracejit/generated/tape_hooks.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

using tj::tape::Kind;
using tj::tape::Node;
using namespace tj::tape::detail;
using tape_fns::site;

// clang-format off: the hooks stay on their statements' lines, as the plugin writes them

// grad.cpp
//  1  tj::Float sine(tj::Float v) {
//  2      return tj::sin(v);
//  3  }
inline constexpr Site sine_sites[] = {site(Kind::Return, 2, 5, 0, "return tj::sin(v)", 0, 1)};
inline constexpr Operand sine_operands[] = {{1, 0}};
inline constexpr const char *sine_slots[] = {"v"};
inline constexpr FunctionInfo sine_info = {"sine", "grad.cpp", 1, 11, sine_sites, 1, sine_operands, nullptr, nullptr,
                                           nullptr, sine_slots, 1, 1, nullptr};

tj::Float sine(tj::Float v) {
    ::tj::tape::detail::Frame __tjf(sine_info); __tjf.args(v); try {
    return __tjf.ret(0, tj::sin(v));
    } catch (...) { __tjf.thrown(); throw; }
}

// grad.cpp
//  4  tj::Float sin_times(tj::Float x) {
//  5      tj::Float y = sine(x);
//  6      tj::Float z = y * x;
//  7      tj::Float plain = tj::detach(z) * 2.f;
//  8      tj::backward(z);
//  9      return z;
// 10  }
inline constexpr Site sin_times_sites[] = {
    site(Kind::Statement, 5, 5, 0, "tj::Float y = sine(x)", 0, 1, 0, 0, 0, 1),
    site(Kind::Statement, 6, 5, 0, "tj::Float z = y * x", 1, 2, 0, 0, 1, 1),
    site(Kind::Statement, 7, 5, 0, "tj::Float plain = tj::detach(z) * 2.f", 3, 1, 0, 1, 2, 1),
    site(Kind::Statement, 8, 5, 0, "tj::backward(z)", 4, 1),
    site(Kind::Return, 9, 5, 0, "return z", 5, 1),
};
inline constexpr Operand sin_times_operands[] = {{1, 0}, {1, 1}, {2, 0}, {1, 2}, {1, 2}, {1, 2}};
inline constexpr Literal sin_times_literals[] = {{2, "2.f", "float", tj::tape::ValueKind::Float, 0x4000000000000000ull}};
inline constexpr uint32_t sin_times_writes[] = {1, 2, 3};
inline constexpr const char *sin_times_slots[] = {"x", "y", "z", "plain"};
inline constexpr FunctionInfo sin_times_info = {"sin_times", "grad.cpp", 4, 11, sin_times_sites, 5,
                                                sin_times_operands, sin_times_literals, sin_times_writes, nullptr,
                                                sin_times_slots, 1, 4, nullptr};

tj::Float sin_times(tj::Float x) {
    ::tj::tape::detail::Frame __tjf(sin_times_info); __tjf.args(x); try {
    tj::Float y = sine(x); __tjf.stmt(0, y);
    tj::Float z = y * x; __tjf.stmt(1, z);
    tj::Float plain = tj::detach(z) * 2.f; __tjf.stmt(2, plain);
    tj::backward(z); __tjf.stmt(3);
    return __tjf.ret(4, z);
    } catch (...) { __tjf.thrown(); throw; }
}

// clang-format on

const std::vector<float> xs = {0.5f, 1.f, 2.f};

/// The numbers of a gradient text "[0.5, 1, 2]".
std::vector<double> numbers(const std::string &text) {
    std::vector<double> out;
    REQUIRE(text.size() >= 2);
    REQUIRE(text.front() == '[');
    REQUIRE(text.back() == ']');
    const char *p = text.c_str() + 1;
    while (*p && *p != ']') {
        char *end = nullptr;
        double v = std::strtod(p, &end);
        REQUIRE(end != p);
        out.push_back(v);
        p = end;
        while (*p == ',' || *p == ' ')
            ++p;
    }
    return out;
}

/// Checks that `text` holds `expected`, each to float precision.
void check_numbers(const std::string &text, const std::vector<double> &expected) {
    CAPTURE(text);
    std::vector<double> got = numbers(text);
    REQUIRE(got.size() == expected.size());
    for (size_t i = 0; i < got.size(); ++i)
        CHECK(got[i] == doctest::Approx(expected[i]).epsilon(1e-5));
}

/// d(sin(x)·x)/dx = cos(x)·x + sin(x), and the other closed forms of the example.
std::vector<double> dz_dx() {
    std::vector<double> out;
    for (float x : xs)
        out.push_back(std::cos(double(x)) * x + std::sin(double(x)));
    return out;
}
std::vector<double> dz_dy() { return {xs.begin(), xs.end()}; }
std::vector<double> ones() { return std::vector<double>(xs.size(), 1.0); }

/// How many AD nodes exist.
size_t live_ad_nodes() {
    tj::jit::Lock lock(tj::jit::state().mutex);
    return tj::ad::graph().live_nodes;
}

/// A fresh differentiable x.
tj::Float differentiable_x() {
    tj::Float x(xs);
    tj::enable_grad(x);
    return x;
}

} // namespace

TEST_CASE("tape grad: after tj::backward each differentiable node shows the gradient that reached it") {
    tj::Float x = differentiable_x();
    tj::tape::Tape tape = tj::track(sin_times, x);
    const Node &root = *tape;
    REQUIRE(root.children().size() == 7);
    const Node &arg = root[1], &call = root[2], &y = root[3], &z = root[4], &plain = root[5], &bwd = root[6],
               &ret = root[7];
    CHECK(arg.kind() == Kind::Argument);
    CHECK(call.kind() == Kind::Call);
    CHECK(call.text() == "sine");
    CHECK(bwd.text() == "tj::backward(z)");
    CHECK(ret.kind() == Kind::Return);

    check_numbers(arg.grad_string(), dz_dx());  // dz/dx = cos(x)·x + sin(x)
    check_numbers(call.grad_string(), dz_dy()); // sine's result is y's array
    check_numbers(y.grad_string(), dz_dy());    // dz/dy = x
    check_numbers(z.grad_string(), ones());     // the seed of backward(z)
    check_numbers(ret.grad_string(), ones());
    check_numbers(root.grad_string(), ones()); // the call's result is z
    // Inside sine: its argument holds x's own AD node (a copy of the array), its return the result's.
    check_numbers(call[1].grad_string(), dz_dx());
    check_numbers(call[2].grad_string(), dz_dy());

    // Nothing differentiable, nothing shown: a detached array, a statement without a value, a constant.
    CHECK(plain.grad_string().empty());
    CHECK(bwd.grad_string().empty());
    REQUIRE(plain.children().size() == 1);
    CHECK(plain[1].grad_string().empty());

    // The printed form: "  grad …" right after the value, on argument, statement, return and call lines.
    CHECK(tj::tape::node_line(y) == "@3: [grad.cpp:5] tj::Float y = sine(x) reads @1,@2 → " + y.value_string() +
                                        "  grad " + y.grad_string());
    CHECK(tj::tape::node_line(arg) ==
          "@1: [arg x] " + arg.value_string() + " : tj::Float  grad " + arg.grad_string());
    CHECK(tj::tape::node_line(ret) == "@7: [grad.cpp:9] return z reads @4 → " + ret.value_string() + "  grad " +
                                          ret.grad_string());
    CHECK(tj::tape::node_line(call) == "@2: [grad.cpp:1] sine(" + call[1].value_string() + ") → " +
                                           call.value_string() + " : tj::Float  grad " + call.grad_string());
    // …and nothing after the value of the others: their lines are what they were before gradients existed.
    CHECK(tj::tape::node_line(plain) ==
          "@5: [grad.cpp:7] tj::Float plain = tj::detach(z) * 2.f reads @4 → " + plain.value_string());
    CHECK(tj::tape::node_line(bwd) == "@6: [grad.cpp:8] tj::backward(z) reads @4");
    CHECK(plain.value_string().rfind("tj::Float[3] ", 0) == 0);
    const std::string printed = tj::tape::printlevels(root, 3);
    CHECK(printed.find("  grad " + y.grad_string() + "\n") != std::string::npos);
    CHECK(printed.find("  grad " + arg.grad_string() + "\n") != std::string::npos);
}

TEST_CASE("tape grad: the exporters carry the gradient") {
    tj::Float x = differentiable_x();
    tj::tape::Tape tape = tj::track(sin_times, x);
    const Node &root = *tape;
    const std::string &grad_y = root[3].grad_string();
    REQUIRE(!grad_y.empty());

    CHECK(tj::tape::to_json(root[3], 1).find("\"grad\": \"" + grad_y + "\"") != std::string::npos);
    CHECK(tj::tape::to_json(root[5], 1).find("\"grad\": null") != std::string::npos);
    CHECK(tj::tape::to_json(root[6], 1).find("\"grad\": null") != std::string::npos);
    const std::string dot = tj::tape::to_dot(root);
    CHECK(dot.find("\\ngrad " + grad_y + "\"") != std::string::npos);           // a statement's second line
    CHECK(dot.find("  grad " + root[2].grad_string()) != std::string::npos);   // the nested call's label
    CHECK(tj::tape::to_html(root).find("  grad " + grad_y) != std::string::npos);
}

TEST_CASE("tape grad: gradients survive save and load") {
    tj_test::TempDir dir("tj_tape_grad");
    tj::Float x = differentiable_x();
    tj::tape::Tape tape = tj::track(sin_times, x);
    const std::string path = dir.path + "/sin_times.tjtape";
    tj::tape::save(*tape, path);
    tj::tape::Tape loaded = tj::tape::load(path);
    CHECK(tj::tape::printlevels(*loaded, 3) == tj::tape::printlevels(*tape, 3));
    check_numbers((*loaded)[1].grad_string(), dz_dx());
    check_numbers((*loaded)[3].grad_string(), dz_dy());
    check_numbers((*loaded)[2][2].grad_string(), dz_dy());
    check_numbers(loaded->grad_string(), ones());
    CHECK((*loaded)[5].grad_string().empty());
    CHECK((*loaded)[6].grad_string().empty());
}

TEST_CASE("tape grad: differentiating outside the marked function: track a callable that calls backward") {
    tj::Float x = differentiable_x();
    tj::tape::Tape tape = tj::track([&] {
        tj::Float s = sine(x);
        tj::backward(s);
        return s;
    });
    const Node &call = (*tape)[1];
    REQUIRE(call.text() == "sine");
    std::vector<double> cos_x;
    for (float v : xs)
        cos_x.push_back(std::cos(double(v)));
    check_numbers(call[1].grad_string(), cos_x); // d sin(v)/dv
    check_numbers(call[2].grad_string(), ones());
    check_numbers(call.grad_string(), ones());
    check_numbers(tape->grad_string(), ones()); // the callable's result
}

TEST_CASE("tape grad: a node shows the gradient as of its first read") {
    tj::Float x = differentiable_x();
    tj::tape::Tape tape = tj::track(sin_times, x);
    // x is a leaf, so its gradient accumulates: another backward through x before the tape is read adds 3.
    tj::backward(x * 3.f);
    std::vector<double> expected = dz_dx();
    for (double &g : expected)
        g += 3.0;
    check_numbers((*tape)[1].grad_string(), expected);
    // Read once, the text stays, whatever happens to x's gradient afterwards.
    tj::backward(x * 5.f);
    check_numbers((*tape)[1].grad_string(), expected);
    std::vector<float> now = tj::to_vector(tj::grad(x));
    for (size_t i = 0; i < now.size(); ++i)
        CHECK(now[i] == doctest::Approx(expected[i] + 5.0).epsilon(1e-5));
}

TEST_CASE("tape grad: a read before any gradient reached a node shows nothing and a later read shows it") {
    tj::Float x = differentiable_x();
    tj::tape::Tape tape = tj::track([&] { return sine(x); });
    const Node &call = (*tape)[1];
    CHECK(call[1].grad_string().empty()); // printed before the traversal: nothing yet
    CHECK(tj::tape::printlevels(*tape, 3).find("  grad [") == std::string::npos);
    tj::Float s = sine(x);
    tj::backward(s);
    std::vector<double> cos_x;
    for (float v : xs)
        cos_x.push_back(std::cos(double(v)));
    check_numbers(call[1].grad_string(), cos_x); // x, a leaf: its gradient now
}

TEST_CASE("tape grad: a call that is not expanded shows the gradient of its result") {
    tj::Float x = differentiable_x();
    tj::tape::DepthLimit top_only(1);
    tj::tape::Tape tape = tj::track(top_only, sin_times, x);
    const Node &call = (*tape)[2];
    REQUIRE(call.kind() == Kind::Call);
    CHECK(!call.expanded());
    REQUIRE(call.children().size() == 1); // a leaf keeps its arguments
    check_numbers(call[1].grad_string(), dz_dx());
    check_numbers(call.grad_string(), dz_dy());
    CHECK(tj::tape::node_line(call).find("  grad " + call.grad_string() + " (not expanded)") != std::string::npos);
}

TEST_CASE("tape grad: without differentiable values no node shows a gradient") {
    // Arrays without AD nodes and scalars: the tape of tape_fns::arrays() and of h(2.0, 2).
    tj::tape::Tape arrays = tj::track(tape_fns::arrays);
    tj::tape::Tape h = tj::track(tape_fns::h, 2.0, 2);
    for (const tj::tape::Tape *t : {&arrays, &h}) {
        CHECK((*t)->grad_string().empty());
        for (const Node &n : (*t)->children())
            CHECK(n.grad_string().empty());
        CHECK(tj::tape::printlevels(**t, 3).find("grad") == std::string::npos);
        CHECK(tj::tape::to_json(**t).find("\"grad\": \"") == std::string::npos);
    }
    // The same function with x not differentiable: backward(z) refuses, and the tape (kept for take_last) shows
    // values but no gradients.
    tj::Float x(xs);
    CHECK_THROWS_AS(tj::track(sin_times, x), tj::Error);
    tj::tape::Tape failed = tj::tape::take_last();
    REQUIRE(failed);
    CHECK(!failed->exception().empty());
    for (const Node &n : failed->children())
        CHECK(n.grad_string().empty());
}

TEST_CASE("tape grad: a tape read from several threads formats each gradient once") {
    tj::Float x = differentiable_x();
    tj::tape::Tape tape = tj::track(sin_times, x);
    const Node &y = (*tape)[3];
    std::vector<const std::string *> seen(4, nullptr);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < seen.size(); ++i)
        threads.emplace_back([&, i] { seen[i] = &y.grad_string(); });
    for (std::thread &t : threads)
        t.join();
    for (const std::string *s : seen)
        CHECK(s == seen.front());
    check_numbers(*seen.front(), dz_dy());
}

TEST_CASE("tape grad: the tape gives its AD references back when a gradient is read or the tape goes") {
    const size_t before = live_ad_nodes();
    {
        tj::Float x = differentiable_x();
        REQUIRE(live_ad_nodes() == before + 1);
        {
            tj::tape::Tape unread = tj::track(sin_times, x);
            CHECK(live_ad_nodes() > before + 1); // y and z are held by the tape alone
        }
        CHECK(live_ad_nodes() == before + 1); // destroyed unread: only x is left
        tj::tape::Tape tape = tj::track(sin_times, x);
        CHECK(live_ad_nodes() > before + 1);
        (void)tj::tape::printlevels(*tape, 3); // reads every gradient: the texts stay, the references go
        CHECK(live_ad_nodes() == before + 1);
        check_numbers((*tape)[3].grad_string(), dz_dy());
        // A tracked callable that threw: its tape (take_last()) holds what was recorded before, until it goes.
        auto throws = [&] {
            tj::Float s = sine(x);
            if (s.size() == xs.size())
                throw tj::Error("stop");
            return s;
        };
        CHECK_THROWS_AS(tj::track(throws), tj::Error);
        CHECK(live_ad_nodes() > before + 1);
        (void)tj::tape::take_last();
        CHECK(live_ad_nodes() == before + 1);
    }
    CHECK(live_ad_nodes() == before);
}
