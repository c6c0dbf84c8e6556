// tests/plugin/fastpath/main-fold.cpp — a marked main is twinned: without a tape it runs its body as written, which
// the optimizer folds as in the plain build (here a loop nest summing 1, computed in closed form), and its
// instrumented copy, out of line, ends with `return 0;` as main does (docs/tape.md, "Twins")
// RUN: %clangxx %plugin -O2 -S -emit-llvm %s -o %t.ll
// RUN: opt -passes='print<loops>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %tape_cxx -O2 %s -o %t
// RUN: %t 7 | %FileCheck --check-prefix=OUT %s
// RUN: env TRACEJIT_TAPE=%t.dir %t 3 | %FileCheck --check-prefix=OUT3 %s
// RUN: ls %t.dir | count 1

#include <cstdio>
#include <cstdlib>

// No loop is left in main (LLVM's loop info lists none before the next function's); the recording copy keeps them.
// CHECK: Loop info for function 'main':
// CHECK-NEXT: Loop info for function
[[jit::trace]] int main(int argc, char **argv) {
    long n = argc > 1 ? std::atol(argv[1]) : 60;
    long s = 0;
    for (long a = 0; a < n; ++a)
        for (long b = 0; b < n; ++b)
            for (long c = 0; c < n; ++c)
                for (long d = 0; d < n; ++d)
                    for (long e = 0; e < n; ++e)
                        for (long f = 0; f < n; ++f)
                            s += 1;
    std::printf("%ld\n", s);
}
// OUT: 117649
// OUT3: 729
