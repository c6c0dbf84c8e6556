// tests/plugin/freeze/options.cpp — [[jit::freeze(…)]] options reach tj::freeze: auto_opaque = false makes every
// literal input opaque (one recording, as in Dr.Jit); warn_after warns, naming the function and its line; limit
// keeps at most that many recordings (least recently used dropped)
// RUN: %trace_cxx %s -o %t
// RUN: %t 2> %t.err | %FileCheck %s --implicit-check-not FAIL
// RUN: %FileCheck --check-prefix=WARN %s < %t.err

#include "Inputs/compare.h"

// `offset` is passed as a literal (a width-1 tj::Float made from a float).
[[jit::freeze]] tj::Float shift_auto(tj::Float x, tj::Float offset) { return x + offset; }
[[jit::freeze(auto_opaque = false)]] tj::Float shift_opaque(tj::Float x, tj::Float offset) { return x + offset; }
// A host value is part of the key by value: each new one records anew.
[[jit::freeze(auto_opaque = false, warn_after = 2)]] tj::Float scale_warns(tj::Float x, int k) {
    return x * float(k);
}
// Options on a declaration apply to the definition.
[[jit::freeze(auto_opaque = false)]] tj::Float shift_declared(tj::Float x, tj::Float offset);
tj::Float shift_declared(tj::Float x, tj::Float offset) { return x + offset; }
[[jit::freeze(limit = 2)]] tj::Float scale_limited(tj::Float x, int k) { return x * float(k); }
// WARN: scale_warns (options.cpp:[[# @LINE - 7]]) {{.*}}recorded again
// WARN-NOT: shift_opaque

int main() {
    std::mt19937 rng(7);
    bool ok = true;
    for (int i = 0; i < 4; ++i) {
        tj::Float x = random_array(rng, 100);
        tj::Float offset(float(i) + 0.5f);
        ok &= same(shift_auto(x, offset), x + offset) && same(shift_opaque(x, offset), x + offset) &&
              same(scale_warns(x, i), x * float(i)) && same(shift_declared(x, offset), x + offset);
    }
    // k = 1, 2, 1, 3, 1: the limit of 2 keeps 1 (used last but one) when 3 comes, so the last 1 replays.
    for (int k : {1, 2, 1, 3, 1}) {
        tj::Float x = random_array(rng, 50);
        ok &= same(scale_limited(x, k), x * float(k));
    }
    std::printf("%s results\n", ok ? "ok" : "FAIL");
    // CHECK: ok results
    // Auto-opaque: the second value makes the literal opaque (one more recording), later values replay.
    print_stats("auto", tj::freeze_stats(&shift_auto));
    // CHECK-NEXT: auto: recordings 2 replays 2
    // Off: the literal is opaque from the first call.
    print_stats("opaque", tj::freeze_stats(&shift_opaque));
    // CHECK-NEXT: opaque: recordings 1 replays 3
    print_stats("declared", tj::freeze_stats(&shift_declared));
    // CHECK-NEXT: declared: recordings 1 replays 3
    print_stats("warns", tj::freeze_stats(&scale_warns));
    // CHECK-NEXT: warns: recordings 4 replays 0
    print_stats("limited", tj::freeze_stats(&scale_limited));
    // CHECK-NEXT: limited: recordings 3 replays 2
}
