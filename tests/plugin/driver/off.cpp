// tests/plugin/driver/off.cpp — -fplugin-arg-tracejit-off: the file is compiled exactly as written
// With `off` nothing is rewritten, so the program needs no libtracejit (not linked here) and dump prints nothing.
// RUN: %clangxx %plugin -fplugin-arg-tracejit-off -fplugin-arg-tracejit-dump %s -o %t 2>&1 | count 0
// RUN: %t | %FileCheck --check-prefix=OUT %s
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
