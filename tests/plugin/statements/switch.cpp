// tests/plugin/statements/switch.cpp — switch: case values, default, fall-through, init-statement, condition variable
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

enum class Color { Red, Green, Blue };

[[jit::trace]] int classify(int k, Color c) {
    int r = 0;
    switch (k) {
    // REWRITE: switch (__tjf.sw([[#]], (k))) {
    case 0:
        r = 10;
        break;
    // REWRITE: {__tjf.stmt([[#]]); break;}
    case 1:
    case 2:
        r = 20;
        [[fallthrough]];
    case 3:
        r += 1;
        break;
    default:
        r = -1;
    }
    switch (int m = k % 2; m) {
    case 1: r *= 2; break;
    }
    // REWRITE: {int m = k % 2; __tjf.stmt([[#]], m); switch ( __tjf.sw([[#]], (m))) {
    switch (Color d = c) {
    // REWRITE: switch (Color d = c; __tjf.sw([[#]], (__tjf.stmt([[#]], d), d))) {
    case Color::Red: r += 100; break;
    case Color::Green: break;
    case Color::Blue: r += 1000; break;
    }
    return r;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(classify, 2, Color::Red), 2);
    std::cout << tj::tape::printlevels(*tj::track(classify, 0, Color::Blue), 2);
    std::cout << tj::tape::printlevels(*tj::track(classify, 7, Color::Green), 2);
    // CHECK: classify(2, 0) → 121 : int   [switch.cpp:12]
    // CHECK-NEXT: @1: [arg k] 2 : int
    // CHECK-NEXT: @2: [arg c] 0 : Color
    // CHECK-NEXT: @3: [switch.cpp:13] int r = 0 → 0
    // CHECK-NEXT: @4: [switch.cpp:14] switch (k) since @1 → 2  (case 2)
    // CHECK-NEXT: @5: [switch.cpp:22]   r = 20 → 20
    // CHECK-NEXT: @6: [switch.cpp:25]   r += 1 reads @5 → 21
    // CHECK-NEXT: @7: [switch.cpp:26]   break
    // CHECK-NEXT: @8: [switch.cpp:30] int m = k % 2 reads @1 → 0
    // CHECK-NEXT: @9: [switch.cpp:30] switch (int m = k % 2; m) since @8 → 0  (none)
    // CHECK-NEXT: @10: [switch.cpp:34] Color d = c reads @2 → 0
    // CHECK-NEXT: @11: [switch.cpp:34] switch (Color d = c) since @10 → 0  (case Color::Red)
    // CHECK-NEXT: @12: [switch.cpp:36]   r += 100 reads @6 → 121
    // CHECK-NEXT: @13: [switch.cpp:36]   break
    // CHECK-NEXT: @14: [switch.cpp:40] return r reads @12 → 121
    // CHECK-NEXT: classify(0, 2) → 1010 : int   [switch.cpp:12]
    // CHECK-NEXT: @1: [arg k] 0 : int
    // CHECK-NEXT: @2: [arg c] 2 : Color
    // CHECK-NEXT: @3: [switch.cpp:13] int r = 0 → 0
    // CHECK-NEXT: @4: [switch.cpp:14] switch (k) since @1 → 0  (case 0)
    // CHECK-NEXT: @5: [switch.cpp:17]   r = 10 → 10
    // CHECK-NEXT: @6: [switch.cpp:18]   break
    // CHECK-NEXT: @7: [switch.cpp:30] int m = k % 2 reads @1 → 0
    // CHECK-NEXT: @8: [switch.cpp:30] switch (int m = k % 2; m) since @7 → 0  (none)
    // CHECK-NEXT: @9: [switch.cpp:34] Color d = c reads @2 → 2
    // CHECK-NEXT: @10: [switch.cpp:34] switch (Color d = c) since @9 → 2  (case Color::Blue)
    // CHECK-NEXT: @11: [switch.cpp:38]   r += 1000 reads @5 → 1010
    // CHECK-NEXT: @12: [switch.cpp:38]   break
    // CHECK-NEXT: @13: [switch.cpp:40] return r reads @11 → 1010
    // CHECK-NEXT: classify(7, 1) → -2 : int   [switch.cpp:12]
    // CHECK-NEXT: @1: [arg k] 7 : int
    // CHECK-NEXT: @2: [arg c] 1 : Color
    // CHECK-NEXT: @3: [switch.cpp:13] int r = 0 → 0
    // CHECK-NEXT: @4: [switch.cpp:14] switch (k) since @1 → 7  (default)
    // CHECK-NEXT: @5: [switch.cpp:28]   r = -1 → -1
    // CHECK-NEXT: @6: [switch.cpp:30] int m = k % 2 reads @1 → 1
    // CHECK-NEXT: @7: [switch.cpp:30] switch (int m = k % 2; m) since @6 → 1  (case 1)
    // CHECK-NEXT: @8: [switch.cpp:31]   r *= 2 reads @5 → -2
    // CHECK-NEXT: @9: [switch.cpp:31]   break
    // CHECK-NEXT: @10: [switch.cpp:34] Color d = c reads @2 → 1
    // CHECK-NEXT: @11: [switch.cpp:34] switch (Color d = c) since @10 → 1  (case Color::Green)
    // CHECK-NEXT: @12: [switch.cpp:37]   break
    // CHECK-NEXT: @13: [switch.cpp:40] return r reads @8 → -2
}
