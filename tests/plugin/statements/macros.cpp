// tests/plugin/statements/macros.cpp — statements from macros are recorded as the macro's use, after it
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <cassert>
#include <iostream>

#define SQUARE(v) ((v) * (v))
#define BUMP(v) v += 1
#define REPEAT(n, body) for (int rep_ = 0; rep_ < (n); ++rep_) { body }
#define CHECKED_RETURN(v) if ((v) < 0) return -1; else return (v)

[[jit::trace]] int macros(int x) {
    int y = SQUARE(x);
    // REWRITE: {{^}}    int y = SQUARE(x); __tjf.stmt([[#]], y);{{$}}
    BUMP(y);
    // REWRITE: {{^}}    BUMP(y); __tjf.stmt([[#]]);{{$}}
    assert(y > 0);
    REPEAT(2, y *= 2;)
    // REWRITE: {{^}}    REPEAT(2, y *= 2;) __tjf.stmt([[#]]);{{$}}
    if (y > 1000)
        CHECKED_RETURN(y);
    // REWRITE: {{^}}        {{[{][{]}}__tjf.stmt([[#]]); CHECKED_RETURN(y);}}{{$}}
    y = SQUARE(y) - 1;
    // REWRITE: {{^}}    y = SQUARE(y) - 1; __tjf.stmt([[#]], y);{{$}}
    return y;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(macros, 3), 2);
    std::cout << tj::tape::printlevels(*tj::track(macros, 40), 2);
    // CHECK: macros(3) → 1599 : int   [macros.cpp:16]
    // CHECK-NEXT: @1: [arg x] 3 : int
    // CHECK-NEXT: @2: [macros.cpp:17] int y = SQUARE(x) reads @1 → 9
    // CHECK-NEXT: @3: [macros.cpp:19] BUMP(y) reads @2
    // CHECK-NEXT: @4: [macros.cpp:21] assert(y > 0) reads @3
    // CHECK-NEXT: @5: [macros.cpp:22] REPEAT(2, y *= 2;) reads @3
    // CHECK-NEXT: @6: [macros.cpp:24] if (y > 1000) since @5 → false  (else)
    // CHECK-NEXT: @7: [macros.cpp:27] y = SQUARE(y) - 1 reads @5 → 1599
    // CHECK-NEXT: @8: [macros.cpp:29] return y reads @7 → 1599
    // CHECK-NEXT: macros(40) → 6404 : int   [macros.cpp:16]
    // CHECK-NEXT: @1: [arg x] 40 : int
    // CHECK-NEXT: @2: [macros.cpp:17] int y = SQUARE(x) reads @1 → 1600
    // CHECK-NEXT: @3: [macros.cpp:19] BUMP(y) reads @2
    // CHECK-NEXT: @4: [macros.cpp:21] assert(y > 0) reads @3
    // CHECK-NEXT: @5: [macros.cpp:22] REPEAT(2, y *= 2;) reads @3
    // CHECK-NEXT: @6: [macros.cpp:24] if (y > 1000) since @5 → true  (then)
    // CHECK-NEXT: @7: [macros.cpp:25]   CHECKED_RETURN(y) reads @5
}
