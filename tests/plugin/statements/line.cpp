// tests/plugin/statements/line.cpp — every insertion stays on its statement's line: __LINE__, the presumed lines and
// diagnostics are those of the user's file, also for multi-line statements and unbraced bodies
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=TWIN %s
// TWIN: {{^}}#line 15 "{{.*}}line.cpp"{{$}}
// (the twin's instrumented copy adds lines, numbered by `#line` as the user's: both copies see the same __LINE__)
// RUN: %trace_cxx %s -o %t 2>&1 | %FileCheck --check-prefix=DIAG --implicit-check-not=error: %s
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

[[deprecated]] inline int old_api() { return 0; }

[[jit::trace]] int lines(int n) {
    int first = __LINE__;
    int total = 0;
    for (int i = 0;
         i < n;
         ++i)
        total +=
            i;
    while (total > 100)
        total
            -= 1;
    int old = old_api();
    // DIAG: line.cpp:[[@LINE-1]]:15: warning: 'old_api' is deprecated
    if (n >
        2) {
        total += __LINE__ - first;
    } else
        total -= 1;
    return total * 1000 + __LINE__;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(lines, 3), 2);
    // CHECK: lines(3) → 17033 : int   [line.cpp:15]
    // CHECK-NEXT: @1: [arg n] 3 : int
    // CHECK-NEXT: @2: [line.cpp:16] int first = __LINE__ → 16
    // CHECK-NEXT: @3: [line.cpp:17] int total = 0 → 0
    // CHECK-NEXT: @4: [line.cpp:18] int i = 0 → 0
    // A multi-line statement keeps its lines in its text, at the line where it starts.
    // CHECK-NEXT: @5: [line.cpp:18] for (int i = 0;
    // CHECK-NEXT: {{^ *}}i < n;
    // CHECK-NEXT: {{^ *}}++i) since @1,@4 → true  (iteration 1)
    // CHECK-NEXT: @6: [line.cpp:21]   total +=
    // CHECK-NEXT: {{^ *}}i reads @3,@4 → 0
    // CHECK-NEXT: @7: [line.cpp:20]   ++i reads @4 → 1
    // CHECK: @15: [line.cpp:23] while (total > 100) since @12 → false  (iteration 1)
    // CHECK-NEXT: @16: [line.cpp:26] int old = old_api() → 0
    // CHECK-NEXT: @17: [line.cpp:28] if (n >
    // CHECK-NEXT: {{^ *}}2) since @1 → true  (then)
    // CHECK-NEXT: @18: [line.cpp:30]   total += __LINE__ - first reads @2,@12 → 17
    // CHECK-NEXT: @19: [line.cpp:33] return total * 1000 + __LINE__ reads @18 → 17033
    std::cout << "main at " << __LINE__ << "\n";
    // CHECK-NEXT: main at [[# @LINE - 1]]
    std::cout << "untracked: " << lines(3) << "\n"; // the body as written
    // CHECK-NEXT: untracked: 17033
}
