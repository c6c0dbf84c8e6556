// tests/plugin/statements/if.cpp — if / else if / else, unbraced ways, init-statements, condition variables, if constexpr
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

int half(int v) { return v / 2; }

[[jit::trace]] int sign(int x) {
    int s = 0;
    if (x > 0) s = 1; else if (x < 0) s = -1; else s = 0;
    // REWRITE: if (__tjf.cond([[#]], static_cast<bool>(x > 0))) {s = 1; __tjf.stmt([[#]], s);} else {if (__tjf.cond([[#]], static_cast<bool>(x < 0))) {s = -1; __tjf.stmt([[#]], s);} else {s = 0; __tjf.stmt([[#]], s);}}
    if (int h = half(x); h > 1) {
        s += h;
    }
    // REWRITE: {int h = half(x); __tjf.stmt([[#]], h); if ( __tjf.cond([[#]], static_cast<bool>(h > 1))) {
    if (int r = x % 3)
        s += 10 * r;
    // REWRITE: if (int r = x % 3; (__tjf.stmt([[#]], r), __tjf.cond([[#]], static_cast<bool>(r))))
    if constexpr (sizeof(int) == 4) {
        s += 100;
    }
    // REWRITE: if constexpr (sizeof(int) == 4) {
    return s;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(sign, 5), 2);
    std::cout << tj::tape::printlevels(*tj::track(sign, -3), 2);
    const auto tape = tj::track(sign, 0);
    std::cout << "branch " << (*tape)[3].text() << " took " << (*tape)[3].taken() << "\n";
    // CHECK: sign(5) → 123 : int   [if.cpp:12]
    // CHECK-NEXT: @1: [arg x] 5 : int
    // CHECK-NEXT: @2: [if.cpp:13] int s = 0 → 0
    // CHECK-NEXT: @3: [if.cpp:14] if (x > 0) since @1 → true  (then)
    // CHECK-NEXT: @4: [if.cpp:14]   s = 1 → 1
    // CHECK-NEXT: @5: [if.cpp:16] int h = half(x) reads @1 → 2
    // CHECK-NEXT: @6: [if.cpp:16] if (int h = half(x); h > 1) since @5 → true  (then)
    // CHECK-NEXT: @7: [if.cpp:17]   s += h reads @4,@5 → 3
    // CHECK-NEXT: @8: [if.cpp:20] int r = x % 3 reads @1 → 2
    // CHECK-NEXT: @9: [if.cpp:20] if (int r = x % 3) since @8 → true  (then)
    // CHECK-NEXT: @10: [if.cpp:21]   s += 10 * r reads @7,@8 → 23
    // CHECK-NEXT: @11: [if.cpp:24]   s += 100 reads @10 → 123
    // CHECK-NEXT: @12: [if.cpp:27] return s reads @11 → 123
    // CHECK-NEXT: sign(-3) → 99 : int   [if.cpp:12]
    // CHECK-NEXT: @1: [arg x] -3 : int
    // CHECK-NEXT: @2: [if.cpp:13] int s = 0 → 0
    // CHECK-NEXT: @3: [if.cpp:14] if (x > 0) since @1 → false  (else)
    // CHECK-NEXT: @4: [if.cpp:14] if (x < 0) since @1 → true  (then)
    // CHECK-NEXT: @5: [if.cpp:14]   s = -1 → -1
    // CHECK-NEXT: @6: [if.cpp:16] int h = half(x) reads @1 → -1
    // CHECK-NEXT: @7: [if.cpp:16] if (int h = half(x); h > 1) since @6 → false  (else)
    // CHECK-NEXT: @8: [if.cpp:20] int r = x % 3 reads @1 → 0
    // CHECK-NEXT: @9: [if.cpp:20] if (int r = x % 3) since @8 → false  (else)
    // CHECK-NEXT: @10: [if.cpp:24]   s += 100 reads @5 → 99
    // CHECK-NEXT: @11: [if.cpp:27] return s reads @10 → 99
    // CHECK-NEXT: branch if (x > 0) took else
}
