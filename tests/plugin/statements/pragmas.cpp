// tests/plugin/statements/pragmas.cpp — a pragma before a loop stays directly before it; the loop is still recorded
// The recording that opens a loop goes before its pragmas (after the token before them), never onto a pragma line.
// Without -fopenmp `omp` pragmas are ignored and the loop is recorded like any other (openmp.cpp: with -fopenmp).
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx -Wall -Wextra %s -o %t 2>&1 | %FileCheck --check-prefix=WARN --implicit-check-not warning: --implicit-check-not error: %s
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] int pragmas(int n) {
    int s = 0; // a comment after the statement before the pragma
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; ++i)
        s += i;
    // REWRITE: int s = 0; __tjf.stmt([[#]], s);{__tjf.loop_enter([[L1:[0-9]+]]); // a comment after the statement before the pragma
    // REWRITE-NEXT: {{^}}#pragma omp parallel for reduction(+ : s){{$}}
    // REWRITE-NEXT: {{^}}    for (int i = 0; __tjf.loop([[L1]], static_cast<bool>(i < n)); (void)(++i), __tjf.stmt([[#]], i))
    // REWRITE-NEXT: {{^}}        {s += i; __tjf.stmt([[#]], s);}}{__tjf.loop_enter([[L2:[0-9]+]]); {{$}}
#pragma unroll
    for (int i = 0; i < 2; ++i) {
        s += 10;
    }
    // REWRITE: {{^}}#pragma unroll{{$}}
    // REWRITE-NEXT: {{^}}    for (int i = 0; __tjf.loop([[L2]], static_cast<bool>(i < 2));
    // REWRITE: {{^}}    }}{__tjf.loop_enter([[L3:[0-9]+]]); {{$}}
#pragma clang loop vectorize(enable)
#pragma clang loop interleave(enable)
    for (int i = 0; i < n; ++i)
        s += 100;
    // REWRITE: {{^}}#pragma clang loop vectorize(enable){{$}}
    // REWRITE-NEXT: {{^}}#pragma clang loop interleave(enable){{$}}
    // REWRITE-NEXT: {{^}}    for (int i = 0; __tjf.loop([[L3]], static_cast<bool>(i < n));
    // REWRITE-NEXT: {{^}}        {s += 100; __tjf.stmt([[#]], s);}}{__tjf.loop_enter([[L4:[0-9]+]]); {{$}}
#pragma GCC ivdep
    // WARN: pragmas.cpp:[[@LINE-1]]:13: warning: unknown pragma ignored [-Wunknown-pragmas]
    for (int i = 0; i < n; ++i)
        s += 1000;
    // REWRITE: {{^}}#pragma GCC ivdep{{$}}
    // REWRITE-NEXT: WARN
    // REWRITE-NEXT: {{^}}    for (int i = 0; __tjf.loop([[L4]], static_cast<bool>(i < n));
    // REWRITE-NEXT: {{^}}        {s += 1000; __tjf.stmt([[#]], s);}}{__tjf.loop_enter([[L5:[0-9]+]]); {{$}}
    _Pragma("clang loop unroll(disable)") for (int i = 0; i < n; ++i) s -= 1;
    // REWRITE: {{^}}    _Pragma("clang loop unroll(disable)") for (int i = 0; __tjf.loop([[L5]], static_cast<bool>(i < n));
    int k = 0;
#pragma unroll 2
    while (k < n)
        ++k;
    // REWRITE: {{^}}    int k = 0; __tjf.stmt([[#]], k);{__tjf.loop_enter([[L6:[0-9]+]]); {{$}}
    // REWRITE-NEXT: {{^}}#pragma unroll 2{{$}}
    // REWRITE-NEXT: {{^}}    while (__tjf.loop([[L6]], static_cast<bool>(k < n)))
    if (n > 0)
#pragma nounroll
        do
            --k;
        while (k > 0);
    // REWRITE: {{^}}    if (__tjf.cond([[#]], static_cast<bool>(n > 0))){{[{]}}{__tjf.loop_enter([[L7:[0-9]+]]); {{$}}
    // REWRITE-NEXT: {{^}}#pragma nounroll{{$}}
    // REWRITE-NEXT: {{^}}        do
    // REWRITE-NEXT: {{^}}            {--k; __tjf.stmt([[#]], k);}
    // REWRITE-NEXT: {{^}}        while (__tjf.loop([[L7]], static_cast<bool>(k > 0)));}}
    int a[3] = {1, 2, 3};
#pragma unroll
    for (int x : a)
        s += x;
    // REWRITE: {{^}}    int a[3] = {1, 2, 3}; __tjf.stmt([[#]]);{__tjf.loop_enter([[L8:[0-9]+]]); {{$}}
    // REWRITE-NEXT: {{^}}#pragma unroll{{$}}
    // REWRITE-NEXT: {{^}}    for (int x : a)
    // REWRITE-NEXT: {{^}}        {__tjf.loop([[L8]], true); __tjf.stmt([[#]], x); s += x; __tjf.stmt([[#]], s);} __tjf.loop([[L8]], false);}
    return s + k;
}

int main() {
    std::cout << pragmas(3) << "\n";
    // CHECK: 3326
    std::cout << tj::tape::printlevels(*tj::track(pragmas, 2), 2);
    // CHECK: pragmas(2) → 2225 : int   [pragmas.cpp:12]
    // CHECK-NEXT: @1: [arg n] 2 : int
    // CHECK-NEXT: @2: [pragmas.cpp:13] int s = 0 → 0
    // CHECK-NEXT: @3: [pragmas.cpp:15] for (int i = 0; i < n; ++i) since @1 → true  (iteration 1)
    // CHECK-NEXT: @4: [pragmas.cpp:16]   s += i reads @2 → 0
    // CHECK-NEXT: @5: [pragmas.cpp:15]   ++i → 1
    // CHECK-NEXT: @6: [pragmas.cpp:15] for (int i = 0; i < n; ++i) since @1,@5 → true  (iteration 2)
    // CHECK-NEXT: @7: [pragmas.cpp:16]   s += i reads @4,@5 → 1
    // CHECK-NEXT: @8: [pragmas.cpp:15]   ++i reads @5 → 2
    // CHECK-NEXT: @9: [pragmas.cpp:15] for (int i = 0; i < n; ++i) since @1,@8 → false  (iteration 3)
    // CHECK-NEXT: @10: [pragmas.cpp:22] for (int i = 0; i < 2; ++i) → true  (iteration 1)
    // CHECK-NEXT: @11: [pragmas.cpp:23]   s += 10 reads @7 → 11
    // CHECK: @17: [pragmas.cpp:30] for (int i = 0; i < n; ++i) since @1 → true  (iteration 1)
    // CHECK: @24: [pragmas.cpp:38] for (int i = 0; i < n; ++i) since @1 → true  (iteration 1)
    // CHECK: @31: [pragmas.cpp:44] for (int i = 0; i < n; ++i) since @1 → true  (iteration 1)
    // CHECK: @39: [pragmas.cpp:48] while (k < n) since @1,@38 → true  (iteration 1)
    // CHECK: @44: [pragmas.cpp:53] if (n > 0) since @1 → true  (then)
    // CHECK-NEXT: @45: [pragmas.cpp:56]     --k reads @42 → 1
    // CHECK-NEXT: @46: [pragmas.cpp:57]   while (k > 0) since @45 → true  (iteration 1)
    // CHECK: @50: [pragmas.cpp:65] for (int x : a) since @49 → true  (iteration 1)
    // CHECK: @60: [pragmas.cpp:71] return s + k reads @47,@58 → 2225
}
