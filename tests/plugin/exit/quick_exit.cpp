// tests/plugin/exit/quick_exit.cpp — quick_exit() inside a recorded call saves its tape
// With TRACEJIT_TAPE the tape is saved with the open calls marked unfinished, and the program ends as the plain
// build does.
// REQUIRES: inspect
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %trace_cxx %s -o %t
// RUN: %bare_clangxx -Wno-unknown-attributes -I%S/../../../include %s -o %t.plain
// RUN: env TRACEJIT_TAPE=%t.dir %status %t | %FileCheck --check-prefix=STATUS %s
// RUN: %status %t.plain | %FileCheck --check-prefix=STATUS %s
// RUN: ls %t.dir | count 1
// RUN: %inspect %t.dir/*.tjtape | %FileCheck %s

#include <cstdlib>

[[jit::trace]] int leave(int code) {
    std::quick_exit(code);
    return 0;
}

[[jit::trace]] int main() {
    int a = 4;
    return leave(a + 1);
}
// STATUS: exit 5
// CHECK: main()  (unfinished: quick_exit)   [quick_exit.cpp:20]
// CHECK-NEXT: @1: [quick_exit.cpp:21] int a = 4 → 4
// CHECK-NEXT: @2: [quick_exit.cpp:15] leave(5)  (unfinished: quick_exit)
