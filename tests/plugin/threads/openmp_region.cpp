// tests/plugin/threads/openmp_region.cpp — marked calls on the threads of an OpenMP region nest under the call that started it
// With TRACEJIT_TAPE, one top-level call gives one tape: the calls the team's threads make are children of the
// region's Statement node, each with its thread number, and the program prints what the plain build prints.
// REQUIRES: openmp, inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %trace_cxx -fopenmp -Wall -Wextra %s -o %t 2>&1 | count 0
// RUN: %bare_clangxx -fopenmp -I%S/../../../include %s -o %t.plain
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=static TRACEJIT_TAPE=%t.dir %t > %t.out
// RUN: env OMP_NUM_THREADS=4 %t.plain > %t.plain.out
// RUN: diff %t.out %t.plain.out
// RUN: %FileCheck --check-prefix=OUT %s < %t.out
// RUN: ls %t.dir | count 1
// RUN: %inspect %t.dir/*.tjtape | %FileCheck %s

#include <cstdio>

[[jit::trace]] double square(double x) { return x * x; }

[[jit::trace]] double work(int i) {
    double r = square(i);
    return r + 1;
}

[[jit::trace]] int main() {
    double out[8] = {};
#pragma omp parallel for schedule(static) num_threads(4)
    for (int i = 0; i < 8; ++i)
        out[i] = work(i);
    double sum = 0;
    for (int i = 0; i < 8; ++i)
        sum += out[i];
    std::printf("%g\n", sum);
    // OUT: 148
    return 0;
}

// CHECK: main() → 0 : int
// CHECK-NEXT: @1: [openmp_region.cpp:25] double out[8] = {}
// CHECK-NEXT: @2: [openmp_region.cpp:27] for (int i = 0; i < 8; ++i) reads @1
// CHECK-NEXT: @3: [openmp_region.cpp:19] work(0) → 1.0 : double  (thread 0)
// CHECK-NEXT: @1: [arg i] 0 : int
// CHECK-NEXT: @2: [openmp_region.cpp:17] square(0.0) → 0.0 : double
// CHECK-NEXT: @1: [arg x] 0.0 : double
// CHECK-NEXT: @2: [openmp_region.cpp:17] return x * x reads @1 → 0.0
// CHECK-NEXT: @3: [openmp_region.cpp:20] double r = square(i) reads @1,@2 → 0.0
// CHECK-NEXT: @4: [openmp_region.cpp:21] return r + 1 reads @3 → 1.0
// CHECK-NEXT: @4: [openmp_region.cpp:19] work(1) → 2.0 : double  (thread 0)
// CHECK: @5: [openmp_region.cpp:19] work(2) → 5.0 : double  (thread 1)
// CHECK: @6: [openmp_region.cpp:19] work(3) → 10.0 : double  (thread 1)
// CHECK: @7: [openmp_region.cpp:19] work(4) → 17.0 : double  (thread 2)
// CHECK: @8: [openmp_region.cpp:19] work(5) → 26.0 : double  (thread 2)
// CHECK: @9: [openmp_region.cpp:19] work(6) → 37.0 : double  (thread 3)
// CHECK: @10: [openmp_region.cpp:19] work(7) → 50.0 : double  (thread 3)
// CHECK-NOT: (thread
// CHECK: @3: [openmp_region.cpp:29] double sum = 0 → 0.0
