// tests/plugin/statements/openmp.cpp — with -fopenmp an OpenMP construct stays as written and is recorded as one node
// Its statement runs on a team of threads (their hooks would race on the one frame) and an OpenMP loop must keep
// its canonical header: the construct is recorded once, after it runs, with the variables it writes (a team's calls: ../threads).
// REQUIRES: openmp
// RUN: %rewrite %s -- -std=c++20 -fopenmp -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx -fopenmp -Wall -Wextra %s -o %t 2>&1 | count 0
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] long parallel_sum(int n) {
    long s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; ++i)
        s += i;
    // REWRITE: {{^}}    long s = 0; __tjf.stmt([[#]], s);__tjf.parallel_begin([[#S:]]); {{$}}
    // REWRITE-NEXT: {{^}}#pragma omp parallel for reduction(+ : s){{$}}
    // REWRITE-NEXT: {{^}}    for (int i = 0; i < n; ++i){{$}}
    // REWRITE-NEXT: {{^}}        {s += i;} __tjf.parallel_end([[#S]]);{{$}}
    long t = 0;
    _Pragma("omp parallel for reduction(+ : t)") for (int i = 0; i < n; ++i) { t += 2 * i; }
    // REWRITE: {{^}}    long t = 0; __tjf.stmt([[#]], t);__tjf.parallel_begin([[#T:]]); {{$}}
    // REWRITE-NEXT: {{^}}    _Pragma("omp parallel for reduction(+ : t)") for (int i = 0; i < n; ++i) { t += 2 * i; } __tjf.parallel_end([[#T]]);
#pragma unroll
    for (int i = 0; i < 2; ++i)
        t += 1;
    // REWRITE: {{^}}#pragma unroll{{$}}
    // REWRITE-NEXT: {{^}}    for (int i = 0; __tjf.loop([[#]], static_cast<bool>(i < 2));
    return s + t;
}

int main() {
    std::cout << parallel_sum(1000) << "\n";
    // CHECK: 1498502
    std::cout << tj::tape::printlevels(*tj::track(parallel_sum, 10), 2);
    // CHECK: parallel_sum(10) → 137 : long   [openmp.cpp:13]
    // CHECK-NEXT: @1: [arg n] 10 : int
    // CHECK-NEXT: @2: [openmp.cpp:14] long s = 0 → 0
    // CHECK-NEXT: @3: [openmp.cpp:16] for (int i = 0; i < n; ++i) reads @1,@2
    // CHECK-NEXT: @4: [openmp.cpp:22] long t = 0 → 0
    // CHECK-NEXT: @5: [openmp.cpp:23] for (int i = 0; i < n; ++i) reads @1,@4
    // CHECK-NEXT: @6: [openmp.cpp:27] for (int i = 0; i < 2; ++i) → true  (iteration 1)
    // CHECK-NEXT: @7: [openmp.cpp:28]   t += 1 reads @5 → 91
}
