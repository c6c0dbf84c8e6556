// tests/plugin/irtracker/geom.cpp — IRTracker's geom(n, β): recursion with stochastic control flow, and DepthLimit
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include <tracejit/tape.h>

#include <cstdio>
#include <random>

std::mt19937 rng;

/// A draw in [0, 1) from the engine's raw output (fixed by the standard, so the test is the same everywhere).
double uniform() { return static_cast<double>(rng()) / 4294967296.0; }

// geom(n, β) = rand() < β ? n : geom(n + 1, β)
[[jit::trace]] int geom(int n, double beta) {
    double u = uniform();
    return u < beta ? n : geom(n + 1, beta);
}

static void check(bool ok, const char *what) { std::printf("%s %s\n", ok ? "ok" : "FAIL", what); }

/// The levels the same seed gives without a tape: the draws until one is below beta.
static int levels(unsigned seed, double beta) {
    rng.seed(seed);
    int n = 1;
    while (uniform() >= beta)
        ++n;
    return n;
}

int main() {
    const unsigned seed = 14; // seven levels
    const double beta = 0.3;
    const int expected = levels(seed, beta);
    rng.seed(seed);
    tj::tape::Tape tape = tj::track(geom, 1, beta);
    std::fputs(tj::tape::printlevels(*tape, 3).c_str(), stdout);
    // CHECK: geom(1, 0.3) → [[N:[0-9]+]] : int   [geom.cpp:16]
    // CHECK-NEXT:   @1: [arg n] 1 : int
    // CHECK-NEXT:   @2: [arg beta] 0.3 : double
    // CHECK-NEXT:   @3: [geom.cpp:17] double u = uniform() → {{0\.[0-9]+}}
    // CHECK-NEXT:   @4: [geom.cpp:18] u < beta ? n : geom(n + 1, beta) since @2,@3 → false  (else)
    // CHECK-NEXT:   @5: [geom.cpp:16] geom(2, 0.3) → [[N]] : int
    // CHECK-NEXT:     @1: [arg n] 2 : int

    // Walk down the nested calls: each level draws once, takes the else way and recurses, until the last,
    // which takes the then way and returns its n.
    const tj::tape::Node *call = &*tape;
    int depth = 1;
    bool shape = true;
    while (true) {
        const tj::tape::Node &n = *call;
        shape = shape && n.kind() == tj::tape::Kind::Call && n.text() == "geom" && n[1].value<int>() == depth;
        const tj::tape::Node &branch = n[4];
        shape = shape && branch.kind() == tj::tape::Kind::Branch;
        if (branch.taken() == "then") {
            shape = shape && n.children().size() == 5 && n[5].kind() == tj::tape::Kind::Return &&
                    n[5].value<int>() == depth;
            break;
        }
        shape = shape && branch.taken() == "else" && n[5].kind() == tj::tape::Kind::Call && n.children().size() == 6;
        // The return reads the nested call (position 0) and the variables of `n + 1`, `beta`.
        bool reads_call = false;
        for (auto [position, node] : tj::tape::referenced(n[6], true))
            reads_call = reads_call || (position == 0 && node == &n[5]);
        shape = shape && reads_call;
        call = &n[5];
        ++depth;
    }
    check(expected > 3, "the seed gives more than three levels");
    check(shape, "each level: draw, branch, nested call, return");
    check(depth == expected && tape->value<int>() == expected, "as many levels as draws above beta");

    // DepthLimit(2): the root and its nested call are expanded, the call at depth 3 is a leaf (its arguments and
    // value only), and nothing below it is recorded.
    rng.seed(seed);
    tj::tape::DepthLimit limit(2);
    tj::tape::Tape limited = tj::track(limit, geom, 1, beta);
    const tj::tape::Node &second = (*limited)[5];
    const tj::tape::Node &third = second[5];
    check(second.expanded() && second.children().size() == 6, "depth 2 expanded");
    check(third.kind() == tj::tape::Kind::Call && !third.expanded(), "depth 3 is a leaf");
    check(third.children().size() == 2 && third[1].value<int>() == 3 && third.value<int>() == expected,
          "the leaf keeps its arguments and value");
    check(limited->value<int>() == expected, "same result under the limit");
    std::fputs(tj::tape::printlevels(second, 2).c_str(), stdout);
    // CHECK-COUNT-7: ok
    // CHECK: @5: [geom.cpp:16] geom(2, 0.3) → [[N]] : int
    // CHECK: @5: [geom.cpp:16] geom(3, 0.3) → [[N]] : int (not expanded)
}
