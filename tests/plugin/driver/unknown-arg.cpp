// tests/plugin/driver/unknown-arg.cpp — an unknown plugin argument is an error naming it
// RUN: not %clangxx %plugin -fplugin-arg-tracejit-bogus -fsyntax-only %s 2>&1 | %FileCheck %s
// CHECK: error: tracejit: unknown plugin argument 'bogus' (known: dump, no-fast-calls, no-split, no-twin, off, Wall, Wmacro, Wopenmp, Wunrecorded)
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -fplugin-arg-tracejit-off -fsyntax-only %s
[[jit::trace]] int f(int x) { return x; }
