// tests/plugin/irtracker/h_while.cpp — IRTracker's h(x, n) with its while loop: h(2.0, 2) == 3.0 in two iterations
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include <tracejit/tape.h>

#include <cmath>
#include <cstdio>

[[jit::trace]] double h(double x, int n) {
    double r = 0;
    int i = 0;
    while (i < n) {
        r += std::pow(x, i);
        i += 1;
    }
    return r;
}

static void check(bool ok, const char *what) { std::printf("%s %s\n", ok ? "ok" : "FAIL", what); }

int main() {
    tj::tape::Tape tape = tj::track(h, 2.0, 2);
    std::fputs(tj::tape::printlevels(*tape, 2).c_str(), stdout);
    // CHECK: h(2.0, 2) → 3.0 : double   [h_while.cpp:10]
    // CHECK-NEXT:   @1: [arg x] 2.0 : double
    // CHECK-NEXT:   @2: [arg n] 2 : int
    // CHECK-NEXT:   @3: [h_while.cpp:11] double r = 0 → 0.0
    // CHECK-NEXT:   @4: [h_while.cpp:12] int i = 0 → 0
    // CHECK-NEXT:   @5: [h_while.cpp:13] while (i < n) since @2,@4 → true  (iteration 1)
    // CHECK-NEXT:   @6: [h_while.cpp:14]   r += std::pow(x, i) reads @1,@3,@4 → 1.0
    // CHECK-NEXT:   @7: [h_while.cpp:15]   i += 1 reads @4 → 1
    // CHECK-NEXT:   @8: [h_while.cpp:13] while (i < n) since @2,@7 → true  (iteration 2)
    // CHECK-NEXT:   @9: [h_while.cpp:14]   r += std::pow(x, i) reads @1,@6,@7 → 3.0
    // CHECK-NEXT:   @10: [h_while.cpp:15]   i += 1 reads @7 → 2
    // CHECK-NEXT:   @11: [h_while.cpp:13] while (i < n) since @2,@10 → false  (iteration 3)
    // CHECK-NEXT:   @12: [h_while.cpp:17] return r reads @9 → 3.0

    const tj::tape::Node &root = *tape;
    check(root.value<double>() == 3.0, "h(2.0, 2) == 3.0");
    int true_tests = 0;
    for (const tj::tape::Node &n : root.children())
        if (n.kind() == tj::tape::Kind::Loop && n.value<bool>())
            ++true_tests;
    check(true_tests == 2, "two iterations");
    check(root[11].iteration() == 3 && !root[11].value<bool>(), "the last loop test is false");
    check(root[6].nesting() == 1 && root[5].nesting() == 0, "loop body nested one level");
    // The literal 0 of `double r = 0` is a Constant child of its statement; the literal 1 of `i += 1` too.
    check(root[3].children().size() == 1 && root[3][1].kind() == tj::tape::Kind::Constant &&
              root[3][1].text() == "0" && root[3][1].parent() == &root[3],
          "constant of r = 0");
    check(root[7][1].kind() == tj::tape::Kind::Constant && root[7][1].text() == "1", "constant of i += 1");
    // The second `r += …` reads x (argument), r from the first `r += …` and i from the first `i += 1`.
    auto refs = tj::tape::referenced(root[9], true);
    check(refs.size() == 3 && refs[0] == std::pair<int, const tj::tape::Node *>{1, &root[6]} &&
              refs[1] == std::pair<int, const tj::tape::Node *>{2, &root[1]} &&
              refs[2] == std::pair<int, const tj::tape::Node *>{3, &root[7]},
          "r += pow(x, i) reads r, x, i by position");
    bool threw = false;
    try {
        (void)root[3].value<int>();
    } catch (const tj::Error &) {
        threw = true;
    }
    check(threw, "value<int>() of a double is a tj::Error");
    // CHECK-COUNT-8: ok
}
