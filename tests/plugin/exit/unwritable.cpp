// tests/plugin/exit/unwritable.cpp — a TRACEJIT_TAPE folder that cannot be written: one line, the program unchanged
// RUN: rm -rf %t.dir
// RUN: %trace_cxx %s -o %t
// RUN: %bare_clangxx -Wno-unknown-attributes -I%S/../../../include %s -o %t.plain
// RUN: env TRACEJIT_TAPE=%t.dir/missing not %t > %t.out 2> %t.err
// RUN: not %t.plain > %t.plain.out
// RUN: diff %t.out %t.plain.out
// RUN: %FileCheck %s < %t.err
// RUN: env TRACEJIT_TAPE=%t.dir/missing %status %t | %FileCheck --check-prefix=STATUS %s
// RUN: %status %t.plain | %FileCheck --check-prefix=STATUS %s

#include <cstdio>

[[jit::trace]] int twice(int x) { return 2 * x; }

[[jit::trace]] int main() {
    int a = twice(21);
    std::printf("%d\n", a);
    return 5;
}
// CHECK: tracejit: TRACEJIT_TAPE: cannot create {{.*}}/missing/{{.*}}.tjtape (No such file or directory); the program runs on unrecorded
// CHECK-NOT: tracejit
// STATUS: exit 5
