// tests/plugin/statements/for.cpp — for loops: init moved before the loop, a Loop node per condition, the increment
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] int loops(int n) {
    int sum = 0;
    for (int i = 0; i < n; ++i) sum += i;
    // REWRITE: {int i = 0; __tjf.stmt([[#]], i); __tjf.loop_enter([[L:[0-9]+]]); for (; __tjf.loop([[L]], static_cast<bool>(i < n)); (void)(++i), __tjf.stmt([[#]], i)) {sum += i; __tjf.stmt([[#]], sum);}}
    int j;
    for (j = n; j > 0; j -= 2) {
        if (j == 1) continue;
    }
    // REWRITE: {{[{]}}__tjf.stmt([[#]]); continue;}
    for (;;) {
        break;
    }
    // REWRITE: {__tjf.loop_enter([[F:[0-9]+]]); for (;__tjf.loop([[F]], true);) {
    return sum + j;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(loops, 3), 2);
    // CHECK: loops(3) → 2 : int   [for.cpp:10]
    // CHECK-NEXT: @1: [arg n] 3 : int
    // CHECK-NEXT: @2: [for.cpp:11] int sum = 0 → 0
    // CHECK-NEXT: @3: [for.cpp:12] int i = 0 → 0
    // CHECK-NEXT: @4: [for.cpp:12] for (int i = 0; i < n; ++i) since @1,@3 → true  (iteration 1)
    // CHECK-NEXT: @5: [for.cpp:12]   sum += i reads @2,@3 → 0
    // CHECK-NEXT: @6: [for.cpp:12]   ++i reads @3 → 1
    // CHECK-NEXT: @7: [for.cpp:12] for (int i = 0; i < n; ++i) since @1,@6 → true  (iteration 2)
    // CHECK-NEXT: @8: [for.cpp:12]   sum += i reads @5,@6 → 1
    // CHECK-NEXT: @9: [for.cpp:12]   ++i reads @6 → 2
    // CHECK-NEXT: @10: [for.cpp:12] for (int i = 0; i < n; ++i) since @1,@9 → true  (iteration 3)
    // CHECK-NEXT: @11: [for.cpp:12]   sum += i reads @8,@9 → 3
    // CHECK-NEXT: @12: [for.cpp:12]   ++i reads @9 → 3
    // CHECK-NEXT: @13: [for.cpp:12] for (int i = 0; i < n; ++i) since @1,@12 → false  (iteration 4)
    // CHECK-NEXT: @14: [for.cpp:14] int j
    // CHECK-NEXT: @15: [for.cpp:15] j = n reads @1 → 3
    // CHECK-NEXT: @16: [for.cpp:15] for (j = n; j > 0; j -= 2) since @15 → true  (iteration 1)
    // CHECK-NEXT: @17: [for.cpp:16]   if (j == 1) since @15 → false  (else)
    // CHECK-NEXT: @18: [for.cpp:15]   j -= 2 reads @15 → 1
    // CHECK-NEXT: @19: [for.cpp:15] for (j = n; j > 0; j -= 2) since @18 → true  (iteration 2)
    // CHECK-NEXT: @20: [for.cpp:16]   if (j == 1) since @18 → true  (then)
    // CHECK-NEXT: @21: [for.cpp:16]     continue
    // CHECK-NEXT: @22: [for.cpp:15]   j -= 2 reads @18 → -1
    // CHECK-NEXT: @23: [for.cpp:15] for (j = n; j > 0; j -= 2) since @22 → false  (iteration 3)
    // CHECK-NEXT: @24: [for.cpp:19] for (;;) → true  (iteration 1)
    // CHECK-NEXT: @25: [for.cpp:20]   break
    // CHECK-NEXT: @26: [for.cpp:23] return sum + j reads @11,@22 → 2
}
