// tests/plugin/compile/warning-flags.cpp — what cannot be recorded is said under the plugin's -W flags only, off by
// default: a marked build warns about nothing the plain build does not
// -Wunrecorded: statements, loops and functions that cannot be instrumented; -Wmacro: statements from macros that
// cannot be instrumented, once per file with their count; -Wall: every group (engine/core/diagnostics.h).
// RUN: %clangxx %plugin -Wall -Wextra -fsyntax-only %s 2>&1 | count 0
// RUN: %clangxx %plugin -fplugin-arg-tracejit-Wunrecorded -fsyntax-only %s 2>&1 \
// RUN:   | %FileCheck --check-prefix=UNRECORDED --implicit-check-not=warning: %s
// RUN: %clangxx %plugin -fplugin-arg-tracejit-Wmacro -fsyntax-only %s 2>&1 \
// RUN:   | %FileCheck --check-prefix=MACRO --implicit-check-not=warning: %s
// RUN: %clangxx %plugin -fplugin-arg-tracejit-Wall -fsyntax-only %s 2>&1 \
// RUN:   | %FileCheck --check-prefixes=UNRECORDED,MACRO --implicit-check-not=warning: %s
// RUN: %trace_cxx %s -o %t && %t | %FileCheck --check-prefix=OUT %s

#include <cstdio>

#define SWAP(a, b) t = a; a = b; b = t
#define FROM_ZERO int i = 0

[[jit::trace]] int swapped(int x, int y) {
    int t = 0;
    SWAP(x, y);
    // MACRO: warning-flags.cpp:[[# @LINE - 1]]:5: warning: tracejit: this statement comes from a macro in a way that cannot be instrumented; it is not recorded (a macro that expands to one whole statement is recorded as its use); 5 more statement(s) of this file alike are not recorded [-fplugin-arg-tracejit-Wmacro]
    SWAP(x, y);
    return x - y;
}

[[jit::trace]] int count_up(int n) {
    int s = 0;
    for (FROM_ZERO; i < n; ++i)
        // UNRECORDED: warning-flags.cpp:[[# @LINE - 1]]:5: warning: tracejit: this loop's header cannot be instrumented; its iterations are not recorded (write it outside macros, with no preprocessor directive right before its pragmas, to record it) [-fplugin-arg-tracejit-Wunrecorded]
        s += i;
    return s;
}

[[jit::trace]] constexpr int cube(int x) { return x * x * x; }
// UNRECORDED: warning-flags.cpp:[[# @LINE - 1]]:30: warning: tracejit: 'cube' is not instrumented: constexpr functions run at compile time and are not recorded [-fplugin-arg-tracejit-Wunrecorded]

int main() {
    std::printf("%d %d %d\n", swapped(1, 5), count_up(4), cube(2));
    // OUT: 4 6 8
}
