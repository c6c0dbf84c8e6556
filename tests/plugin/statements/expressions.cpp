// tests/plugin/statements/expressions.cpp — expression statements: assignments, compound assignments, ++/--, calls, ?:
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

struct Point {
    double x = 0, y = 0;
};

static int calls = 0;
void touch() { ++calls; }
int twice(int v) { return 2 * v; }

[[jit::trace]] double exprs(double s, int k) {
    Point pt;
    pt.x = s;
    // REWRITE: {{^}}    pt.x = s; __tjf.stmt([[#]], pt.x);{{$}}
    pt.y += 2 * s;
    k++;
    // REWRITE: {{^}}    k++; __tjf.stmt([[#]], k);{{$}}
    --k;
    k *= 3;
    touch();
    // REWRITE: {{^}}    touch(); __tjf.stmt([[#]]);{{$}}
    twice(k);
    // REWRITE: {{^}}    __tjf.stmt([[#]], (twice(k)));{{$}}
    int arr[2] = {0, 0};
    arr[1] = k;
    // REWRITE: {{^}}    __tjf.stmt([[#]], (arr[1] = k));{{$}}
    double m = k > 5 ? s : -s;
    // REWRITE: {{^}}    double m = __tjf.cond([[#]], static_cast<bool>(k > 5)) ? s : -s; __tjf.stmt([[#]], m);{{$}}
    return pt.x + pt.y + m + arr[1];
}

int main() {
    auto tape = tj::track(exprs, 1.5, 2);
    std::cout << tj::tape::printlevels(*tape, 2);
    // CHECK: exprs(1.5, 2) → 12.0 : double
    // CHECK-NEXT: @1: [arg s] 1.5 : double
    // CHECK-NEXT: @2: [arg k] 2 : int
    // CHECK-NEXT: @3: [expressions.cpp:19] Point pt → Point
    // CHECK-NEXT: @4: [expressions.cpp:20] pt.x = s reads @1,@3 → 1.5
    // CHECK-NEXT: @5: [expressions.cpp:22] pt.y += 2 * s reads @1,@4 → 3.0
    // CHECK-NEXT: @6: [expressions.cpp:23] k++ reads @2 → 3
    // CHECK-NEXT: @7: [expressions.cpp:25] --k reads @6 → 2
    // CHECK-NEXT: @8: [expressions.cpp:26] k *= 3 reads @7 → 6
    // CHECK-NEXT: @9: [expressions.cpp:27] touch(){{$}}
    // CHECK-NEXT: @10: [expressions.cpp:29] twice(k) reads @8 → 12
    // CHECK-NEXT: @11: [expressions.cpp:31] int arr[2] = {0, 0}{{$}}
    // CHECK-NEXT: @12: [expressions.cpp:32] arr[1] = k reads @8,@11 → 6
    // The ?: is recorded while its statement runs, before it.
    // CHECK-NEXT: @13: [expressions.cpp:34] k > 5 ? s : -s since @8 → true  (then)
    // CHECK-NEXT: @14: [expressions.cpp:34] double m = k > 5 ? s : -s reads @1,@8 → 1.5
    // CHECK-NEXT: @15: [expressions.cpp:36] return pt.x + pt.y + m + arr[1] reads @5,@12,@14 → 12.0
}
