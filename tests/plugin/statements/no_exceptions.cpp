// tests/plugin/statements/no_exceptions.cpp — without -fexceptions the body gets no try/catch (the rest is the same)
// RUN: %rewrite %s -- -std=c++20 -fno-exceptions | %FileCheck %s
// RUN: %rewrite %s -- -std=c++20 | %FileCheck --check-prefix=EXCEPTIONS %s
// The runtime headers compile without exceptions too, and the program records as usual:
// RUN: %trace_cxx -fno-exceptions -DWITH_MAIN %s -o %t && %t | %FileCheck --check-prefix=RECORD %s

#ifdef WITH_MAIN
#include <tracejit/tracejit.h>
#include <cstdio>
#endif

[[jit::trace]] int twice(int x) {
    // CHECK: ::tj::tape::detail::Frame __tjf(__tj_fn); __tjf.args(x);{{ *$}}
    // EXCEPTIONS: ::tj::tape::detail::Frame __tjf(__tj_fn); __tjf.args(x); try {{[{]}}{{ *$}}
    int y = 2 * x;
    return y;
}
// CHECK-NOT: {{^ *}}} catch (...)
// EXCEPTIONS: {{^ *}}} catch (...) { __tjf.thrown(); throw; } }

#ifdef WITH_MAIN
int main() {
    tj::tape::Tape tape = tj::track(twice, 21);
    std::fputs(tj::tape::printlevels(*tape, 2).c_str(), stdout);
    // RECORD: twice(21) → 42 : int
    // RECORD-NEXT: @1: [arg x] 21 : int
    // RECORD-NEXT: @2: [no_exceptions.cpp:{{[0-9]+}}] int y = 2 * x reads @1 → 42
    // RECORD-NEXT: @3: [no_exceptions.cpp:{{[0-9]+}}] return y reads @2 → 42
}
#endif
