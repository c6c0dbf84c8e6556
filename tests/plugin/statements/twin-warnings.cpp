// tests/plugin/statements/twin-warnings.cpp — a twinned function's warnings are shown once, at the user's columns
// A twin (engine/plan/plan_twin.h) puts a marked body into the rewritten text twice. A plain function's warnings
// come from the pre-pass (plugin/user_warnings.h); a template's from the real compile, which sees both copies:
// the recording copy's are silenced, so each warning is shown once, where the copy as written puts it, as without
// the plugin. (clang's -verify reads `expected-…` comments from the rewritten text, where a twin holds each one
// twice: -verify tests of twinned functions pass -fplugin-arg-tracejit-no-twin; a compile is not affected.)
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=TWIN %s
// RUN: %clangxx %plugin -Wall -Wextra -fsyntax-only %s 2>&1 \
// RUN:   | %FileCheck --implicit-check-not=warning: --implicit-check-not=error: %s

#include <tracejit/tape.h>

// Both functions are twinned: their bodies as written run while nothing records.
// TWIN: T triangle(T n) {if (!::tj::tape::detail::recording())
// TWIN: int square {{.*}}(int n) {if (!::tj::tape::detail::recording())
template <typename T> [[jit::trace]] T triangle(T n) {
    int unused = 0;
    // CHECK-DAG: twin-warnings.cpp:[[# @LINE - 1]]:9: warning: unused variable 'unused'
    T sum = 0;
    for (T i = 1; i <= n; ++i)
        sum += i;
    return sum + (n = n);
    // CHECK-DAG: twin-warnings.cpp:[[# @LINE - 1]]:21: warning: explicitly assigning value of variable of type 'T' to itself
}

[[jit::trace]] int square(int n) {
    int also_unused = 0;
    // CHECK-DAG: twin-warnings.cpp:[[# @LINE - 1]]:9: warning: unused variable 'also_unused'
    int m = n;
    m = m;
    // CHECK-DAG: twin-warnings.cpp:[[# @LINE - 1]]:7: warning: explicitly assigning value of variable of type 'int' to itself
    return m * m;
}

int main() { return triangle(4) + int(triangle(2.0)) + square(3); }
// CHECK: 4 warnings generated.
