// tests/plugin/exit/exception.cpp — an uncaught exception saves the tape of the calls it left
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

#include <stdexcept>

[[jit::trace]] int fail(int x) {
    if (x > 0)
        throw std::runtime_error("boom");
    return x;
}

[[jit::trace]] int main() {
    int r = fail(1);
    return r;
}
// STATUS: signal SIGABRT
// CHECK: main() → threw std::runtime_error: boom  (unfinished: exception std::runtime_error: boom)   [exception.cpp:21]
// CHECK-NEXT: @1: [exception.cpp:15] fail(1) → threw std::runtime_error: boom
