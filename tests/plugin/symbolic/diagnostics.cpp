// tests/plugin/symbolic/diagnostics.cpp — what a symbolic branch or loop cannot hold is a compile error at its line
// and column, saying why: return, break, continue and goto that would leave the lambdas, host scalars assigned
// inside (they cannot differ per element), writes through a pointer; a break or continue of a host loop nested
// inside stays allowed, and a host condition keeps its return
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %plugin -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not "error: value of type"

#include <tracejit/tracejit.h>

using tj::Float;
using tj::Int32;

[[jit::trace]] Float jumps(Float x, Int32 n) {
    if (x > 0.f) {
        return x; // expected-error {{'return' inside a symbolic branch (its condition is a tj::Bool) is not supported; assign a result variable instead}}
        // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:9: error: tracejit: 'return' inside a symbolic branch
    }
    Int32 i = 0;
    while (i < n) {
        i += 1;
        if (x > 2.f)
            break; // expected-error {{'break' inside a symbolic branch (its condition is a tj::Bool) is not supported}}
        // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:13: error: tracejit: 'break' inside a symbolic branch
        continue; // expected-error {{'continue' inside a symbolic loop (its condition is a tj::Bool) is not supported; fold the exit into the loop's condition}}
        // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:9: error: tracejit: 'continue' inside a symbolic loop
    }
    for (Int32 j = 0; j < n; j += 1) {
        if (x < -1.f)
            goto done; // expected-error {{'goto' inside a symbolic branch (its condition is a tj::Bool) is not supported}}
        break; // expected-error {{'break' inside a symbolic loop (its condition is a tj::Bool) is not supported}}
    }
done:
    return x;
}

// A break and a continue of host loops inside the symbolic region, a return in a lambda, a host branch's return.
[[jit::trace]] Float allowed(Float x, bool early) {
    if (early)
        return x;
    if (x > 0.f) {
        for (int k = 0; k < 4; ++k) {
            if (k == 2)
                break;
            if (k == 1)
                continue;
            Float y = x * 2.f;
            switch (k) {
            case 0: y = y + 1.f; break;
            default: break;
            }
            x = y + [] { return 1.f; }();
        }
    }
    return x;
}

[[jit::trace]] Float state(Float x, float *out) {
    int count = 0;
    float scale = 1.f;
    if (x > 0.f) {
        count += 1; // expected-error {{'count' is a host value (int) assigned inside a symbolic branch (its condition is a tj::Bool): it cannot differ per element; make it a tj array}}
        // CHECK-DAG: diagnostics.cpp:[[# @LINE - 1]]:15: error: tracejit: 'count' is a host value (int)
        x = x * scale;
    }
    while (x > 1.f) {
        x = x * 0.5f;
        *out = 2.f; // expected-error {{a write through a pointer inside a symbolic loop (its condition is a tj::Bool) is not supported}}
    }
    return x + float(count);
}
