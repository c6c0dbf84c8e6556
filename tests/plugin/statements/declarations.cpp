// tests/plugin/statements/declarations.cpp — declarations: one Statement per declarator, no value without initializer
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>
#include <utility>

[[jit::trace]] int decls(int x) {
    int a = x + 1, b = 2, c;
    // REWRITE: int a = x + 1, b = 2, c; __tjf.stmt([[A:[0-9]+]], a); __tjf.stmt([[B:[0-9]+]], b); __tjf.stmt([[C:[0-9]+]]);{{$}}
    c = a * b;
    auto [p, q] = std::pair<int, int>(a, 7);
    // REWRITE: auto [p, q] = std::pair<int, int>(a, 7); __tjf.stmt([[P:[0-9]+]]);{{$}}
    using Int = int;
    // REWRITE: {{^}}    using Int = int;{{$}}
    struct Local { Int v; };
    // REWRITE: {{^}}    struct Local { Int v; };{{$}}
    static_assert(sizeof(Int) >= 2);
    // REWRITE: {{^}}    static_assert(sizeof(Int) >= 2);{{$}}
    Local l{p + q};
    return c + l.v;
}

int main() {
    auto tape = tj::track(decls, 3);
    std::cout << tj::tape::printlevels(*tape, 2);
    // CHECK: decls(3) → 19 : int
    // CHECK-NEXT: @1: [arg x] 3 : int
    // CHECK-NEXT: @2: [declarations.cpp:12] int a = x + 1 reads @1 → 4
    // CHECK-NEXT: @3: [declarations.cpp:12] int b = 2 → 2
    // CHECK-NEXT: @4: [declarations.cpp:12] int c{{$}}
    // CHECK-NEXT: @5: [declarations.cpp:14] c = a * b reads @2,@3 → 8
    // CHECK-NEXT: @6: [declarations.cpp:15] auto [p, q] = std::pair<int, int>(a, 7) reads @2{{$}}
    // CHECK-NEXT: @7: [declarations.cpp:23] Local l{p + q} reads @6 → Local
    // CHECK-NEXT: @8: [declarations.cpp:24] return c + l.v reads @5,@7 → 19
    // Constants are children of their statement.
    const tj::tape::Node &b = (*tape)[3];
    std::cout << "constants of @3: " << b.children().size() << " " << b.children()[0].text() << "\n";
    // CHECK: constants of @3: 1 2
}
