// tests/plugin/irtracker/f_sin.cpp — IRTracker's f(x) = sin(x) + x, compiled with the plugin: nodes and queries
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include <tracejit/tape.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

// IRTracker records SSA statements; written one operation per statement, the C++ tape has the same shape.
[[jit::trace]] double f(double x) {
    double s = std::sin(x);
    double y = s + x;
    return y;
}

static std::string names(const std::vector<const tj::tape::Node *> &nodes) {
    std::string out;
    for (const tj::tape::Node *n : nodes)
        out += (out.empty() ? "@" : " @") + std::to_string(n->index());
    return out;
}

static void check(bool ok, const char *what) { std::printf("%s %s\n", ok ? "ok" : "FAIL", what); }

int main() {
    tj::tape::Tape tape = tj::track(f, 1.0);
    std::fputs(tj::tape::printlevels(*tape, 2).c_str(), stdout);
    // CHECK: f(1.0) → 1.8414709848078965 : double   [f_sin.cpp:13]
    // CHECK-NEXT:   @1: [arg x] 1.0 : double
    // CHECK-NEXT:   @2: [f_sin.cpp:14] double s = std::sin(x) reads @1 → 0.8414709848078965
    // CHECK-NEXT:   @3: [f_sin.cpp:15] double y = s + x reads @1,@2 → 1.8414709848078965
    // CHECK-NEXT:   @4: [f_sin.cpp:16] return y reads @3 → 1.8414709848078965

    const tj::tape::Node &root = *tape;
    check(root.kind() == tj::tape::Kind::Call && root.text() == "f" && root.parent() == nullptr, "root is the call");
    check(root.children().size() == 4 && &root[4] == &root.children()[3], "four children, root[i] is @i");
    check(root.value<double>() == std::sin(1.0) + 1.0, "root value");
    check(root[1].kind() == tj::tape::Kind::Argument && root[1].text() == "x", "argument");
    check(root[2].location().line == 14 && root[2].parent() == &root, "location and parent");
    check(root[4].kind() == tj::tape::Kind::Return, "return node");
    // CHECK-COUNT-6: ok

    // IRTracker: referenced(node[5]) = [@4]; backward(node[5]) = [@4, @3, @2]; numbered positions; dependents and
    // forward of the argument.
    std::printf("referenced(@4): %s\n", names(tj::tape::referenced(root[4])).c_str());
    // CHECK: referenced(@4): @3
    std::printf("backward(@4): %s\n", names(tj::tape::backward(root[4])).c_str());
    // CHECK: backward(@4): @3 @2 @1
    std::printf("referenced(@3, numbered):");
    for (auto [position, node] : tj::tape::referenced(root[3], true))
        std::printf(" %d=>@%u", position, node->index());
    std::printf("\n");
    // CHECK: referenced(@3, numbered): 1=>@2 2=>@1
    std::printf("dependents(@1): %s\n", names(tj::tape::dependents(root[1])).c_str());
    // CHECK: dependents(@1): @2 @3
    std::printf("forward(@1): %s\n", names(tj::tape::forward(root[1])).c_str());
    // CHECK: forward(@1): @2 @3 @4
    std::printf("printlevels(@3, 1): %s", tj::tape::printlevels(root[3], 1).c_str());
    // CHECK: printlevels(@3, 1): @3: [f_sin.cpp:15] double y = s + x reads @1,@2 → 1.8414709848078965
}
