// tests/plugin/exit/abort.cpp — raise(SIGABRT) inside a recorded call saves its tape
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

#include <csignal>

[[jit::trace]] void stop(int x) {
    if (x > 1)
        std::raise(SIGABRT);
}

[[jit::trace]] int main() {
    int x = 2;
    stop(x);
    return 0;
}
// STATUS: signal SIGABRT
// CHECK: main()  (unfinished: signal SIGABRT)   [abort.cpp:20]
// CHECK-NEXT: @1: [abort.cpp:21] int x = 2 → 2
// CHECK-NEXT: @2: [abort.cpp:15] stop(2)  (unfinished: signal SIGABRT)
// CHECK-NEXT: @1: [arg x] 2 : int
// CHECK-NEXT: @2: [abort.cpp:16] if (x > 1) since @1 → true  (then)
