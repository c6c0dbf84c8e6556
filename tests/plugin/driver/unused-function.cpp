// tests/plugin/driver/unused-function.cpp — warnings on whether a marked function is used at all are the plain compile's
// The pre-pass cannot judge them (it skips the bodies of unmarked functions, where the uses may be), so the real
// compile does: it judges each traced function's name and what precedes it, and the warnings show the line as
// written. The output is the plain compile's, byte for byte, with -Werror too.
// RUN: %clangxx -Wall -Wextra -Wunused-member-function -Wno-unknown-attributes -fsyntax-only %s 2> %t.plain
// RUN: %clangxx %plugin -Wall -Wextra -Wunused-member-function -fsyntax-only %s 2> %t.plugin
// RUN: diff %t.plain %t.plugin
// RUN: %FileCheck %s < %t.plugin
// RUN: not %clangxx -Wall -Werror -Wno-unknown-attributes -fsyntax-only %s 2> %t.plain-werror
// RUN: not %clangxx %plugin -Wall -Werror -fsyntax-only %s 2> %t.plugin-werror
// RUN: diff %t.plain-werror %t.plugin-werror
// RUN: %FileCheck --check-prefix=WERROR %s < %t.plugin-werror
// Without -Wall nothing is said, as in the plain compile.
// RUN: %clangxx %plugin -fsyntax-only %s 2>&1 | count 0
// The program still links and runs (the used marked functions are recorded as before).
// RUN: %trace_cxx -Wall %s -o %t && %t | %FileCheck --check-prefix=OUT %s

#include <tracejit/tape.h>

#include <cstdio>

// CHECK: unused-function.cpp:[[@LINE+1]]:27: warning: unused function 'never_called' [-Wunused-function]
[[jit::trace]] static int never_called(int x) { return x + 1; }
// WERROR: unused-function.cpp:[[@LINE-1]]:27: error: unused function 'never_called' [-Werror,-Wunused-function]

// Called only from an unused function: used, as in the plain compile.
[[jit::trace]] static int helper(int x) { return x * 3; }
// CHECK: unused-function.cpp:[[@LINE+1]]:12: warning: unused function 'caller'
static int caller(int x) { return helper(x); }

// Referenced only where it is not evaluated.
// CHECK: unused-function.cpp:[[@LINE+1]]:27: warning: function 'sized' is not needed and will not be emitted [-Wunneeded-internal-declaration]
[[jit::trace]] static int sized(int x) { int y = x; return y; }
constexpr unsigned size_of_sized = sizeof(sized(1));

namespace {
// CHECK: unused-function.cpp:[[@LINE+1]]:20: warning: unused function 'anonymous'
[[jit::trace]] int anonymous(int x) { return -x; }
struct Hidden {
    // CHECK: unused-function.cpp:[[@LINE+1]]:24: warning: unused member function 'twice'
    [[jit::trace]] int twice(int x) { return 2 * x; }
};
} // namespace

// Used ones: nothing said.
[[jit::trace]] static int used(int x) { return x - 1; }

int main() {
    tj::tape::Tape tape = tj::track(used, 5);
    std::printf("used(5) = %d, %zu children\n", tape->value<int>(), tape->children().size());
    // OUT: used(5) = 4, {{[1-9][0-9]*}} children
    return size_of_sized == sizeof(int) ? 0 : 1;
}
