// tests/plugin/statements/recursion.cpp — a recursive marked function nests one Call per level
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] long factorial(int n) {
    if (n <= 1)
        return 1;
    long rest = factorial(n - 1);
    return n * rest;
}

int main() {
    auto tape = tj::track(factorial, 3);
    std::cout << tj::tape::printlevels(*tape, 10);
    // The innermost call is three levels down.
    std::cout << "innermost: " << (*tape)[3][3][2].text() << "\n";
    // CHECK: factorial(3) → 6 : long   [recursion.cpp:9]
    // CHECK-NEXT: @1: [arg n] 3 : int
    // CHECK-NEXT: @2: [recursion.cpp:10] if (n <= 1) since @1 → false  (else)
    // CHECK-NEXT: @3: [recursion.cpp:9] factorial(2) → 2 : long
    // CHECK-NEXT: @1: [arg n] 2 : int
    // CHECK-NEXT: @2: [recursion.cpp:10] if (n <= 1) since @1 → false  (else)
    // CHECK-NEXT: @3: [recursion.cpp:9] factorial(1) → 1 : long
    // CHECK-NEXT: @1: [arg n] 1 : int
    // CHECK-NEXT: @2: [recursion.cpp:10] if (n <= 1) since @1 → true  (then)
    // CHECK-NEXT: @3: [recursion.cpp:11]   return 1 → 1
    // CHECK-NEXT: @4: [recursion.cpp:12] long rest = factorial(n - 1) reads @1,@3 → 1
    // CHECK-NEXT: @5: [recursion.cpp:13] return n * rest reads @1,@4 → 2
    // CHECK-NEXT: @4: [recursion.cpp:12] long rest = factorial(n - 1) reads @1,@3 → 2
    // CHECK-NEXT: @5: [recursion.cpp:13] return n * rest reads @1,@4 → 6
    // CHECK-NEXT: innermost: if (n <= 1)
}
