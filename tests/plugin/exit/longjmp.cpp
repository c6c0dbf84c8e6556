// tests/plugin/exit/longjmp.cpp — a longjmp out of marked calls ends them as unfinished, in memory and streamed
// The calls a longjmp leaves never run their Frames' destructors. A marked function that calls setjmp (or
// sigsetjmp) carries FunctionCallsSetjmp, and at its next recorded statement the recorder ends the calls above it
// as "unfinished: left by longjmp": the statements after setjmp returns again belong to the function that called
// it, not to the call the longjmp left. The program's output is the plain build's.
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %trace_cxx %s -o %t
// RUN: %bare_clangxx -Wno-unknown-attributes -I%S/../../../include %s -o %t.plain %link_tracejit
// RUN: %t.plain > %t.plain.out
// RUN: env TRACEJIT_TAPE=%t.dir %t > %t.tape.out
// RUN: diff %t.plain.out %t.tape.out
// RUN: ls %t.dir | count 1
// RUN: %inspect %t.dir/*.tjtape | %FileCheck %s
// RUN: %t in-memory | %FileCheck --check-prefix=MEMORY %s

#include <tracejit/tape.h>

#include <csetjmp>
#include <cstdio>
#include <iostream>

static jmp_buf env;
static sigjmp_buf sig_env;
static volatile int last_code = 0;

[[jit::trace]] void inner(int i) {
    int twice = i * 2;
    last_code = twice;
    if (twice >= 0)
        longjmp(env, 1);
}

[[jit::trace]] void middle(int i) {
    int next = i + 10;
    inner(next);
}

[[jit::trace]] int catcher(int n) {
    int sum = 0;
    for (int i = 0; i < n; ++i) {
        if (setjmp(env) == 0)
            middle(i);
        else
            sum += last_code;
    }
    return sum;
}

[[jit::trace]] void leave_by_siglongjmp(int v) {
    int w = v + 1;
    siglongjmp(sig_env, w);
}

[[jit::trace]] int sig_catcher(int v) {
    int r = 0;
    if (sigsetjmp(sig_env, 1) == 0)
        leave_by_siglongjmp(v);
    else
        r = 7;
    return r;
}

int main(int argc, char **) {
    if (argc > 1) { // recorded in memory by tj::track
        std::cout << tj::tape::printlevels(*tj::track(catcher, 2), 3);
        std::cout << tj::tape::printlevels(*tj::track(sig_catcher, 4), 3);
        return 0;
    }
    std::printf("%d %d\n", catcher(2), sig_catcher(4));
    return 0;
}

// CHECK:      catcher(2) → 42 : int
// CHECK:      [longjmp.cpp:42]   if (setjmp(env) == 0) → true  (then)
// CHECK-NEXT: [longjmp.cpp:34] middle(0)  (unfinished: left by longjmp)
// CHECK-NEXT:   @1: [arg i] 0 : int
// CHECK-NEXT:   @2: [longjmp.cpp:35] int next = i + 10 reads @1 → 10
// CHECK-NEXT:   @3: [longjmp.cpp:27] inner(10)  (unfinished: left by longjmp)
// CHECK:          @4: [longjmp.cpp:30] if (twice >= 0) since @2 → true  (then)
// CHECK-NEXT: @7: [longjmp.cpp:42]   if (setjmp(env) == 0) since @6 → false  (else)
// CHECK-NEXT: @8: [longjmp.cpp:45]     sum += last_code reads @2 → 20
// CHECK:      @12: [longjmp.cpp:34] middle(1)  (unfinished: left by longjmp)
// CHECK:      @13: [longjmp.cpp:42]   if (setjmp(env) == 0) since @12 → false  (else)
// CHECK-NEXT: @14: [longjmp.cpp:45]     sum += last_code reads @8 → 42
// CHECK:      @17: [longjmp.cpp:47] return sum reads @14 → 42
// CHECK-NEXT: sig_catcher(4) → 7 : int
// CHECK:      @4: [longjmp.cpp:50] leave_by_siglongjmp(4)  (unfinished: left by longjmp)
// CHECK-NEXT:   @1: [arg v] 4 : int
// CHECK-NEXT:   @2: [longjmp.cpp:51] int w = v + 1 reads @1 → 5
// CHECK-NEXT: @5: [longjmp.cpp:57] if (sigsetjmp(sig_env, 1) == 0) since @4 → false  (else)
// CHECK-NEXT: @6: [longjmp.cpp:60]   r = 7 → 7

// MEMORY:      catcher(2) → 42 : int   [longjmp.cpp:39]
// MEMORY:      @6: [longjmp.cpp:34] middle(0)  (unfinished: left by longjmp)
// MEMORY:        @3: [longjmp.cpp:27] inner(10)  (unfinished: left by longjmp)
// MEMORY-NEXT: @7: [longjmp.cpp:42]   if (setjmp(env) == 0) since @6 → false  (else)
// MEMORY-NEXT: @8: [longjmp.cpp:45]     sum += last_code reads @2 → 20
// MEMORY:      @17: [longjmp.cpp:47] return sum reads @14 → 42
// MEMORY-NEXT: sig_catcher(4) → 7 : int   [longjmp.cpp:55]
// MEMORY:      @4: [longjmp.cpp:50] leave_by_siglongjmp(4)  (unfinished: left by longjmp)
// MEMORY:      @5: [longjmp.cpp:57] if (sigsetjmp(sig_env, 1) == 0) since @4 → false  (else)
