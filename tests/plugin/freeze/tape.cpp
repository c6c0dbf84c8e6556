// tests/plugin/freeze/tape.cpp — a frozen function keeps its tape instrumentation: a call that records runs the body
// and records it on the tape (under the function's own name and lines); a replay runs no body and records none
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tracejit.h>

#include <iostream>

[[jit::freeze]] tj::Float affine(tj::Float x) {
    tj::Float y = x * 2.f;
    return y + 1.f;
}

int main() {
    tj::Float x({1.f, 2.f});
    std::cout << tj::tape::printlevels(*tj::track(affine, x), 3) << "--\n";
    // CHECK: affine(tj::Float[2] evaluated r{{[0-9]+}} [1, 2]) → tj::Float[2] {{.*}}[tape.cpp:10]
    // CHECK-NEXT: @1: [arg x] tj::Float[2] evaluated r{{[0-9]+}} [1, 2] : tj::Float
    // CHECK-NEXT: @2: [tape.cpp:11] tj::Float y = x * 2.f reads @1 → tj::Float[2]
    // CHECK-NEXT: @3: [tape.cpp:12] return y + 1.f reads @2 → tj::Float[2]
    // CHECK-NEXT: --
    tj::Float z({3.f, 4.f});
    std::cout << tj::tape::printlevels(*tj::track(affine, z), 3) << "--\n";
    // CHECK-NEXT: {{.*}}→ tj::Float[2] evaluated r{{[0-9]+}} [7, 9] : tj::Float
    // CHECK-NEXT: --
    tj::FreezeStats s = tj::freeze_stats(&affine);
    std::cout << "recordings " << s.recordings << " replays " << s.replays << "\n";
    // CHECK-NEXT: recordings 1 replays 1
}
