// tests/plugin/compile/openmp-ifdef.cpp — an OpenMP pragma inside `#ifdef _OPENMP` … `#endif` keeps its statement,
// and the team's calls are recorded under the construct, with or without -fopenmp
// The hook that opens the construct goes before the `#ifdef` (text after a directive would join it; between the
// pragma and its statement it would take the statement's place), which is in the statement's region.
// REQUIRES: openmp
// RUN: %rewrite %s -- -std=c++20 -fopenmp -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx -fopenmp -Wall -Wextra %s -o %t 2>&1 | count 0
// RUN: env OMP_NUM_THREADS=4 %t | %FileCheck %s
// RUN: %trace_cxx -Wall -Wextra -Wno-unknown-pragmas %s -o %t.serial 2>&1 | count 0
// RUN: %t.serial | %FileCheck --check-prefix=SERIAL %s

#include <tracejit/tape.h>

#include <atomic>
#include <iostream>
#ifdef _OPENMP
#include <omp.h>
#endif

[[jit::trace]] int twice(int i) { return 2 * i; }

[[jit::trace]] int run(int n) {
    int total = 0;
    // REWRITE: {{^}}    int total = 0; __tjf.stmt({{[0-9]+}}, total);__tjf.parallel_begin([[LOOP:[0-9]+]]); {{$}}
    // REWRITE: {{^}}#ifdef _OPENMP{{$}}
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(2) reduction(+ : total)
#endif
    for (int i = 0; i < n; ++i)
        total += twice(i);
    // REWRITE: {{^}}        {total += twice(i);} __tjf.parallel_end([[LOOP]]);{{$}}
    std::atomic<int> team{0};
#ifdef _OPENMP
    // a comment between the directive and the pragma
#pragma omp parallel num_threads(2)
#endif
    {
        team += 1;
    }
    return total + team;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(run, 3), 3);
    // CHECK: run(3) → 8 : int
    // CHECK: [openmp-ifdef.cpp:29] for (int i = 0; i < n; ++i)
    // CHECK: twice(0) → 0 : int  (thread 0)
    // CHECK: twice(2) → 4 : int  (thread 1)
    // CHECK: return total + team reads {{.*}}→ 8
    // SERIAL: run(3) → 7 : int
    // SERIAL: [openmp-ifdef.cpp:29] for (int i = 0; i < n; ++i)
    // SERIAL: twice(0) → 0 : int
    // SERIAL: return total + team reads {{.*}}→ 7
}
