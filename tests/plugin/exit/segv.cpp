// tests/plugin/exit/segv.cpp — a null-pointer write (SIGSEGV) inside a recorded call saves its tape
// With TRACEJIT_TAPE the tape is saved with the open calls marked unfinished, and the program ends as the plain
// build does.
// REQUIRES: inspect
// ASan takes SIGSEGV over (it reports and exits with status 1), so the status differs from the plain build's.
// UNSUPPORTED: sanitize
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %trace_cxx %s -o %t
// RUN: %bare_clangxx -Wno-unknown-attributes -I%S/../../../include %s -o %t.plain
// RUN: env TRACEJIT_TAPE=%t.dir %status %t | %FileCheck --check-prefix=STATUS %s
// RUN: %status %t.plain | %FileCheck --check-prefix=STATUS %s
// RUN: ls %t.dir | count 1
// RUN: %inspect %t.dir/*.tjtape | %FileCheck %s

[[jit::trace]] int write_to(volatile int *p, int v) {
    *p = v;
    return v;
}

[[jit::trace]] int main() {
    volatile int *p = nullptr;
    return write_to(p, 7);
}
// STATUS: signal SIGSEGV
// CHECK: main()  (unfinished: signal SIGSEGV)   [segv.cpp:20]
// CHECK-NEXT: @1: [segv.cpp:21] volatile int *p = nullptr → 0x0
// CHECK-NEXT: @2: [segv.cpp:15] write_to(0x0, 7)  (unfinished: signal SIGSEGV)
