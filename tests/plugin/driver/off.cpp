// tests/plugin/driver/off.cpp — -fplugin-arg-tracejit-off: the file is compiled exactly as written
// With `off` nothing is rewritten, so the program needs no libtracejit (not linked here) and dump prints nothing.
// RUN: %clangxx %plugin -fplugin-arg-tracejit-off -fplugin-arg-tracejit-dump %s -o %t 2>&1 | count 0
// RUN: %t | %FileCheck --check-prefix=OUT %s
// With `off` the attributes attach nothing: no annotation reaches the IR, the object is the one built without the
// plugin (and without its unknown-attribute warning), and -verify sees no diagnostic.
// RUN: %clangxx %plugin -fplugin-arg-tracejit-off -S -emit-llvm %s -o - | %FileCheck --check-prefix=IR --implicit-check-not llvm.global.annotations %s
// IR: define {{.*}}square
// RUN: %clangxx %plugin -fplugin-arg-tracejit-off -c %s -o %t.off.o
// RUN: %bare_clangxx -Wno-unknown-attributes -c %s -o %t.bare.o
// RUN: cmp %t.off.o %t.bare.o
// RUN: %clangxx %plugin -fplugin-arg-tracejit-off -fsyntax-only -Xclang -verify=off %s
// off-no-diagnostics
// The control: without `off` the marks are annotations.
// RUN: %clangxx %plugin -S -emit-llvm %s -o - | %FileCheck --check-prefix=ON %s
// ON: @llvm.global.annotations
// Without `off` the same compile rewrites square() and needs libtracejit to link.
// RUN: not %clangxx %plugin %s -o %t.linked 2>&1 | %FileCheck --check-prefix=LINK %s
// LINK: undefined reference to {{.*}}tj::tape::detail::

#include <cstdio>

[[jit::trace]] double square(double x) {
    double y = x * x;
    return y;
}

int main() {
    std::printf("square(3) = %g\n", square(3.0));
    // OUT: square(3) = 9
}
