// tests/plugin/exit/one_tape.cpp — one tape per process, with the calls made before and after main
// Marked calls before and after main are top-level calls of the same file, as is main, which ends without a return
// and is saved with its result (main() → 0 : int).
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %trace_cxx %s -o %t
// RUN: env TRACEJIT_TAPE=%t.dir %t | %FileCheck --check-prefix=OUT %s
// RUN: ls %t.dir | count 1
// RUN: %inspect %t.dir/*.tjtape --calls | %FileCheck --check-prefix=CALLS %s
// RUN: %inspect %t.dir/*.tjtape --call 2 | %FileCheck %s
// RUN: %inspect %t.dir/*.tjtape --call 4 | %FileCheck --check-prefix=AFTER %s

#include <cstdio>

[[jit::trace]] int make(int k) { return k * 10; }

struct Global {
    int v;
    Global(int k) : v(make(k)) {}
    ~Global() { std::printf("%d\n", make(v)); }
};
Global first(1), second(2);

[[jit::trace]] int main() {
    int a = make(3);
    std::printf("%d\n", a);
}
// OUT: 30
// OUT-NEXT: 200
// OUT-NEXT: 100
// CALLS: 0: make
// CALLS-NEXT: 1: make
// CALLS-NEXT: 2: main
// CALLS-NEXT: 3: make
// CALLS-NEXT: 4: make
// CALLS-NOT: {{.}}
// CHECK: main() → 0 : int   [one_tape.cpp:24]
// CHECK-NEXT: @1: [one_tape.cpp:15] make(3) → 30 : int
// CHECK: @3: [one_tape.cpp:26] std::printf("%d\n", a) reads @2 → 3
// CHECK-NOT: @4
// AFTER: make(10) → 100 : int   [one_tape.cpp:15]
