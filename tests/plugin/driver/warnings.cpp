// tests/plugin/driver/warnings.cpp — the user's warnings in marked functions are exactly those of the plain compile
// RUN: %clangxx -Wall -Wextra -Wshadow -Wno-unknown-attributes -fsyntax-only %s 2> %t.plain
// RUN: %clangxx %plugin -Wall -Wextra -Wshadow -fsyntax-only %s 2> %t.plugin
// RUN: diff %t.plain %t.plugin
// RUN: %FileCheck %s < %t.plugin
// RUN: not %clangxx %plugin -Wall -Werror -c %s -o %t.o 2>&1 | %FileCheck --check-prefix=WERROR %s
// RUN: %clangxx %plugin -Wall -Werror -Wno-error=unused-variable -Wno-parentheses -Wno-unused-but-set-variable -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=NOERROR %s
// RUN: %clangxx %plugin -Wall -Wextra -w -fsyntax-only %s 2>&1 | count 0

// The recording reads `unused` and `y`: without the pre-pass's warnings they would be hidden. Columns are the
// user's: the rewrite inserts text on these very lines.
#include "Inputs/warned_header.h"

// CHECK: In file included from {{.*}}warnings.cpp:[[#@LINE-2]]:
// CHECK-NEXT: warned_header.h:4:52: warning: unused variable 'never_read' [-Wunused-variable]
// CHECK: warnings.cpp:[[@LINE+1]]:35: warning: unused variable 'unused' [-Wunused-variable]
[[jit::trace]] int g(int x) { int unused = 3; return x; }

[[jit::trace]] int h(int x, int y) {
    int z = x * 2;
    unsigned u = 1;
    if (u < -1)
        z = 3;
    int x2 = z; { int x2 = 1; z += x2; }
    if (x2 = 4)
        z += 1;
    return z;
}
// In clang's order: the shadowing and the assignment while parsing, then the unused parameter and the comparison
// at the end of the body.
// CHECK: warnings.cpp:[[#@LINE-7]]:23: warning: declaration shadows a local variable [-Wshadow]
// CHECK: warnings.cpp:[[#@LINE-8]]:9: note: previous declaration is here
// CHECK: warnings.cpp:[[#@LINE-8]]:12: warning: using the result of an assignment as a condition without parentheses [-Wparentheses]
// CHECK: note: place parentheses around the assignment to silence this warning
// CHECK: note: use '==' to turn this assignment into an equality comparison
// CHECK: warnings.cpp:[[#@LINE-17]]:33: warning: unused parameter 'y' [-Wunused-parameter]
// CHECK: warnings.cpp:[[#@LINE-15]]:11: warning: comparison of integers of different signs: 'unsigned int' and 'int' [-Wsign-compare]

// An unmarked function between marked ones keeps its place in the order.
// CHECK: warnings.cpp:[[@LINE+1]]:27: warning: unused variable 'also'
static int k(int q) { int also = 1; return q; }

struct S {
    // CHECK: warnings.cpp:[[@LINE+1]]:44: warning: unused variable 'w'
    [[jit::trace]] int member(int v) { int w = 2; return v; }
};

// CHECK: 8 warnings generated.
// WERROR: warned_header.h:4:52: error: unused variable 'never_read' [-Werror,-Wunused-variable]
// WERROR: warnings.cpp:17:35: error: unused variable 'unused' [-Werror,-Wunused-variable]
// NOERROR: warning: unused variable 'never_read' [-Wunused-variable]
// NOERROR-NOT: error:

int main() { return g(1) + h(1, 2) + k(1) + S().member(1) + from_header(1) == 0; }
