// tests/plugin/exit/exit.cpp — exit() inside a recorded call saves its tape
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
    std::exit(code);
    return 0;
}

[[jit::trace]] int main() {
    int a = 1;
    return leave(a + 2);
}
// STATUS: exit 3
// CHECK: main()  (unfinished: exit)   [exit.cpp:20]
// CHECK-NEXT: @1: [exit.cpp:21] int a = 1 → 1
// CHECK-NEXT: @2: [exit.cpp:15] leave(3)  (unfinished: exit)
// CHECK-NEXT: @1: [arg code] 3 : int
// CHECK-NOT: @
