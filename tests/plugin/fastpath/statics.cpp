// tests/plugin/fastpath/statics.cpp — a function with static locals is twinned when both copies can share them: a
// constant that cannot change is duplicated; a constant-initialized static that keeps a state is declared once before
// the branch under a new name, and each copy refers to it, so a count goes on across copies; one initialized by a
// call (its initialization runs where it stands) keeps the instrumented body alone (docs/tape.md, "Twins")
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %tape_cxx -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: env TRACEJIT_TAPE=%t.dir %t | %FileCheck %s

#include <tracejit/tape.h>

#include <cstdio>

int global = 10;

// REWRITE: {{^\[\[}}jit::trace]] long next_random() {static ::tj::tape::detail::Identity<long>::type __tj_static0_last = 42; if (!::tj::tape::detail::recording()) {{\[\[}}likely]] {
// REWRITE-NEXT: {{\[\[}}maybe_unused]] auto &last = __tj_static0_last;
[[jit::trace]] long next_random() {
    static long last = 42;
    return last = (last * 3877 + 29573) % 139968;
}

// REWRITE: {{^\[\[}}jit::trace]] int count() {static ::tj::tape::detail::Identity<int>::type __tj_static0_calls; static thread_local ::tj::tape::detail::Identity<int *>::type __tj_static1_where = &global; if (!::tj::tape::detail::recording())
[[jit::trace]] int count() {
    static int calls;
    static constexpr int step[] = {1, 2};
    thread_local int *where = &global;
    calls += step[calls % 2];
    return calls + *where;
}

int initial() { return 7; }

// A static with a destructor registers it when its declaration is first reached: kept where it stands.
struct Logged {
    int v;
    constexpr Logged(int x) : v(x) {}
    ~Logged() { std::printf("~Logged %d\n", v); }
};

// REWRITE: {{^\[\[}}jit::trace]] int destroyed(bool reach) {static constexpr
[[jit::trace]] int destroyed(bool reach) {
    if (!reach)
        return 0;
    static Logged logged{3};
    return ++logged.v;
}

// REWRITE: {{^\[\[}}jit::trace]] int dynamic() {static constexpr
[[jit::trace]] int dynamic() {
    static int value = initial();
    return ++value;
}

// A case label may jump over a static's declaration, not over the reference that would replace it: kept whole.
// REWRITE: {{^\[\[}}jit::trace]] int by_case(int k) {static constexpr
[[jit::trace]] int by_case(int k) {
    switch (k) {
    case 0:
        static int zeros = 0;
        return ++zeros;
    default: return -1;
    }
}

int main() {
    long a = next_random();
    long b = next_random();
    tj::tape::Tape tape = tj::track(next_random);
    std::printf("%ld %ld %s", a, b, tj::tape::printlevels(*tape, 1).c_str());
    // CHECK: 52439 102040 next_random() → 89085 : long
    int c1 = count(), c2 = count();
    tj::tape::Tape counted = tj::track(count);
    std::printf("%d %d %s", c1, c2, tj::tape::printlevels(*counted, 1).c_str());
    // CHECK: 11 13 count() → 15 : int
    std::printf("%d %d\n", dynamic(), dynamic());
    // CHECK: 8 9
    std::printf("%d %d %d\n", by_case(0), by_case(1), by_case(0));
    // CHECK: 1 -1 2
    std::printf("%d\n", destroyed(false));
    // CHECK: 0
    // CHECK-NOT: ~Logged
}
