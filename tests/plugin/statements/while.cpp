// tests/plugin/statements/while.cpp — while, do-while and a while with a condition variable: a Loop node per test
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] int count(int n) {
    int i = 0;
    while (i < n)
        i += 2;
    // REWRITE: {__tjf.loop_enter([[W:[0-9]+]]); while (__tjf.loop([[W]], static_cast<bool>(i < n)))
    // REWRITE-NEXT: {i += 2; __tjf.stmt([[#]], i);}}
    do {
        --i;
    } while (i > n);
    // REWRITE: } while (__tjf.loop([[#]], static_cast<bool>(i > n)));}
    int left = 2;
    while (int now = left) {
        left = now - 1;
    }
    // REWRITE: {__tjf.loop_enter([[V:[0-9]+]]); while (true) {int now = left; __tjf.stmt([[#]], now); if (!__tjf.loop([[V]], static_cast<bool>(now))) break; {
    return i + left;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(count, 3), 2);
    // CHECK: count(3) → 3 : int   [while.cpp:10]
    // CHECK-NEXT: @1: [arg n] 3 : int
    // CHECK-NEXT: @2: [while.cpp:11] int i = 0 → 0
    // CHECK-NEXT: @3: [while.cpp:12] while (i < n) since @1,@2 → true  (iteration 1)
    // CHECK-NEXT: @4: [while.cpp:13]   i += 2 reads @2 → 2
    // CHECK-NEXT: @5: [while.cpp:12] while (i < n) since @1,@4 → true  (iteration 2)
    // CHECK-NEXT: @6: [while.cpp:13]   i += 2 reads @4 → 4
    // CHECK-NEXT: @7: [while.cpp:12] while (i < n) since @1,@6 → false  (iteration 3)
    // CHECK-NEXT: @8: [while.cpp:17]   --i reads @6 → 3
    // CHECK-NEXT: @9: [while.cpp:18] while (i > n) since @1,@8 → false  (iteration 1)
    // CHECK-NEXT: @10: [while.cpp:20] int left = 2 → 2
    // CHECK-NEXT: @11: [while.cpp:21]   int now = left reads @10 → 2
    // CHECK-NEXT: @12: [while.cpp:21] while (int now = left) since @11 → true  (iteration 1)
    // CHECK-NEXT: @13: [while.cpp:22]   left = now - 1 reads @11 → 1
    // CHECK-NEXT: @14: [while.cpp:21]   int now = left reads @13 → 1
    // CHECK-NEXT: @15: [while.cpp:21] while (int now = left) since @14 → true  (iteration 2)
    // CHECK-NEXT: @16: [while.cpp:22]   left = now - 1 reads @14 → 0
    // CHECK-NEXT: @17: [while.cpp:21]   int now = left reads @16 → 0
    // CHECK-NEXT: @18: [while.cpp:21] while (int now = left) since @17 → false  (iteration 3)
    // CHECK-NEXT: @19: [while.cpp:25] return i + left reads @8,@16 → 3
}
