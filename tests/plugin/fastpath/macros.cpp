// tests/plugin/fastpath/macros.cpp — a body that defines or undefines macros is twinned: the macros it names are
// saved before the body as written and restored after it, so the recording copy reads the body with the macros the
// body as written started from, and the lines after the function see them as the body left them (docs/tape.md,
// "Twins"); main's loop nest with its #define (llvm-test-suite's nestedloop) runs as written without a tape
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %tape_cxx -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: env TRACEJIT_TAPE=%t.dir %t | %FileCheck %s
// RUN: %clangxx %plugin -O2 -S -emit-llvm %s -o %t.ll
// RUN: opt -passes='print<loops>' -disable-output %t.ll 2>&1 | %FileCheck --check-prefix=LOOPS %s

#include <cstdio>

#define OLD 1

// REWRITE: {{^\[\[}}jit::trace]] int f() {_Pragma("push_macro(\"OLD\")") _Pragma("push_macro(\"NEW\")") if (!::tj::tape::detail::recording())
// REWRITE: {{^}}} _Pragma("pop_macro(\"OLD\")") _Pragma("pop_macro(\"NEW\")") else {return {{$}}
[[jit::trace]] int f() {
    int a = OLD;
#undef OLD
#define OLD 2
#ifndef NEW
#define NEW 5
#endif
    return a * 100 + OLD * 10 + NEW;
}

// After f, as f's body left them.
int after() { return OLD * 10 + NEW; }

// No loop is left in main's body as written.
// LOOPS: Loop info for function 'main':
// LOOPS-NEXT: Loop info for function
[[jit::trace]] int main(int argc, char **) {
#define LENGTH 20
    int n = argc == 2 ? 3 : LENGTH;
    int x = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int c = 0; c < n; c++)
                for (int d = 0; d < n; d++)
                    for (int e = 0; e < n; e++)
                        for (int g = 0; g < n; g++)
                            x++;
    std::printf("%d %d %d\n", f(), after(), x);
    return 0;
}
// CHECK: 125 25 64000000
