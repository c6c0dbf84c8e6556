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

#include <tracejit/tape.h>

#include <cstdio>
#include <iostream>

#define SWAP(a, b) t = a; a = b; b = t
#define FROM_ZERO int i = 0
#define ON(n) case n: r = n * 10; break

[[jit::trace]] int swapped(int x, int y) {
    int t = 0;
    SWAP(x, y); // recorded as one Statement, "SWAP(x, y)"
    return x - y;
}

[[jit::trace]] int pick(int k) {
    int r = 0;
    switch (k) {
        ON(1);
        // MACRO: warning-flags.cpp:[[# @LINE - 1]]:9: warning: tracejit: this statement comes from a macro in a way that cannot be instrumented; it is not recorded (the use of a macro that expands to whole statements of a block is recorded as one); {{[0-9]+}} more statement(s) of this file alike are not recorded [-fplugin-arg-tracejit-Wmacro]
        ON(2);
    }
    return r;
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
    std::printf("%d %d %d %d\n", swapped(1, 5), count_up(4), cube(2), pick(2));
    // OUT: 4 6 8 20
    std::cout << tj::tape::printlevels(*tj::track(swapped, 1, 5), 2);
    // OUT: swapped(1, 5) → 4 : int
    // OUT: [warning-flags.cpp:25] SWAP(x, y) reads @1,@2,@3{{$}}
    // OUT: return x - y reads @4 → 4
}
