// tests/plugin/exit/limits.cpp — TRACEJIT_TAPE's limits stop or thin the tape; the program runs on unchanged
// REQUIRES: inspect
// RUN: rm -rf %t.dir %t.loop && mkdir -p %t.dir %t.loop
// RUN: %trace_cxx %s -o %t
// RUN: %t > %t.plain.out
// RUN: env TRACEJIT_TAPE=%t.dir TRACEJIT_TAPE_STATEMENTS=40 %t > %t.out 2> %t.err
// RUN: diff %t.out %t.plain.out
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// RUN: %inspect %t.dir/*.tjtape --calls | %FileCheck --check-prefix=CALLS %s
// RUN: %inspect %t.dir/*.tjtape --call 0 --depth 1 | %FileCheck --check-prefix=STOPPED %s
// RUN: env TRACEJIT_TAPE=%t.loop TRACEJIT_TAPE_LOOP=2 TRACEJIT_TAPE_FUNCTIONS=total %t > %t.loop.out
// RUN: diff %t.loop.out %t.plain.out
// RUN: %inspect %t.loop/*.tjtape | %FileCheck --check-prefix=LOOP %s

#include <cstdio>

[[jit::trace]] int sq(int x) { return x * x; }

[[jit::trace]] int total(int n) {
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += sq(i);
    return s;
}

[[jit::trace]] int main() {
    int t = total(100);
    std::printf("%d\n", t);
    return 0;
}
// ERR: tracejit: TRACEJIT_TAPE: TRACEJIT_TAPE_STATEMENTS=40 reached in sq, called from total, called from main; the tape {{.*}}.tjtape ends there and the program runs on unrecorded
// ERR-NOT: tracejit
// CALLS: 0: main
// CALLS-NEXT: note: stopped: TRACEJIT_TAPE_STATEMENTS=40 reached in sq, called from total, called from main
// STOPPED: main()  (unfinished: stopped: TRACEJIT_TAPE_STATEMENTS=40 reached)   [limits.cpp:26]
// LOOP: total(100) → 328350 : int   [limits.cpp:19]
// LOOP-NEXT: @1: [arg n] 100 : int
// LOOP-NEXT: @2: [limits.cpp:20] int s = 0 → 0
// LOOP-NEXT: @3: [limits.cpp:21] int i = 0 → 0
// LOOP-NEXT: @4: [limits.cpp:21] for (int i = 0; i < n; ++i) since @1,@3 → true  (iteration 1)
// LOOP-NEXT: @5: [limits.cpp:22]   s += sq(i) reads @2,@3 → 0
// LOOP-NEXT: @6: [limits.cpp:21]   ++i reads @3 → 1
// LOOP-NEXT: @7: [limits.cpp:21] for (int i = 0; i < n; ++i) since @1,@6 → true  (iteration 2)
// LOOP-NEXT: @8: [limits.cpp:22]   s += sq(i) reads @5,@6 → 1
// LOOP-NEXT: @9: [limits.cpp:21]   ++i reads @6 → 2
// LOOP-NEXT: @10: [limits.cpp:21]   … iterations after the first 2 and before the last 2 not recorded (TRACEJIT_TAPE_LOOP=2) → 96
// LOOP-NEXT: @11: [limits.cpp:21] for (int i = 0; i < n; ++i) since @1,@10 → true  (iteration 99)
// LOOP-NEXT: @12: [limits.cpp:22]   s += sq(i) reads @10 → 318549
// LOOP-NEXT: @13: [limits.cpp:21]   ++i reads @10 → 99
// LOOP-NEXT: @14: [limits.cpp:21] for (int i = 0; i < n; ++i) since @1,@13 → true  (iteration 100)
// LOOP-NEXT: @15: [limits.cpp:22]   s += sq(i) reads @12,@13 → 328350
// LOOP-NEXT: @16: [limits.cpp:21]   ++i reads @13 → 100
// LOOP-NEXT: @17: [limits.cpp:21] for (int i = 0; i < n; ++i) since @1,@16 → false  (iteration 101)
// LOOP-NEXT: @18: [limits.cpp:23] return s reads @15 → 328350
