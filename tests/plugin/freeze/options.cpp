// tests/plugin/freeze/options.cpp — [[jit::freeze(…)]] options reach tj::freeze: auto_opaque = false records again
// for each new literal value; warn_after warns, naming the function and its line
// RUN: %trace_cxx %s -o %t
// RUN: %t 2> %t.err | %FileCheck %s --implicit-check-not FAIL
// RUN: %FileCheck --check-prefix=WARN %s < %t.err

#include "Inputs/compare.h"

// `offset` is passed as a literal (a width-1 tj::Float made from a float).
[[jit::freeze]] tj::Float shift_auto(tj::Float x, tj::Float offset) { return x + offset; }
[[jit::freeze(auto_opaque = false)]] tj::Float shift_exact(tj::Float x, tj::Float offset) { return x + offset; }
[[jit::freeze(auto_opaque = false, warn_after = 2)]] tj::Float shift_warns(tj::Float x, tj::Float offset) {
    return x + offset;
}
// Options on a declaration apply to the definition.
[[jit::freeze(auto_opaque = false)]] tj::Float shift_declared(tj::Float x, tj::Float offset);
tj::Float shift_declared(tj::Float x, tj::Float offset) { return x + offset; }
// WARN: shift_warns (options.cpp:[[# @LINE - 6]]) {{.*}}recorded again
// WARN-NOT: shift_exact

int main() {
    std::mt19937 rng(7);
    bool ok = true;
    for (int i = 0; i < 4; ++i) {
        tj::Float x = random_array(rng, 100);
        tj::Float offset(float(i) + 0.5f);
        ok &= same(shift_auto(x, offset), x + offset) && same(shift_exact(x, offset), x + offset) &&
              same(shift_warns(x, offset), x + offset) && same(shift_declared(x, offset), x + offset);
    }
    std::printf("%s results\n", ok ? "ok" : "FAIL");
    // CHECK: ok results
    // Auto-opaque: the second value makes the literal opaque (one more recording), later values replay.
    print_stats("auto", tj::freeze_stats(&shift_auto));
    // CHECK-NEXT: auto: recordings 2 replays 2
    // Without it, every new value is a new key.
    print_stats("exact", tj::freeze_stats(&shift_exact));
    // CHECK-NEXT: exact: recordings 4 replays 0
    print_stats("declared", tj::freeze_stats(&shift_declared));
    // CHECK-NEXT: declared: recordings 4 replays 0
}
