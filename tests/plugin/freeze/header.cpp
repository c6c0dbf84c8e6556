// tests/plugin/freeze/header.cpp — frozen functions declared or defined in a user header: the header is rewritten
// too (the hidden declaration of an out-of-line member, generated traversal of a record defined there)
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/compare.h"
#include "Inputs/frozen_header.h"

tj::Float Filter::step(Sample s) {
    state = state * 0.5f + s.value * s.weight;
    return state + 1.f;
}

int main() {
    std::mt19937 rng(2);
    bool ok = true;
    Filter f{random_array(rng, 64)};
    tj::Float state = f.state;
    for (int i = 0; i < 4; ++i) {
        Sample s{random_array(rng, 64), random_array(rng, 64)};
        state = state * 0.5f + s.value * s.weight;
        ok &= same(f.step(s), state + 1.f) && same(f.state, state) && same(halve(state), state * 0.5f);
    }
    std::printf("%s header\n", ok ? "ok" : "FAIL");
    // CHECK: ok header
    print_stats("halve", tj::freeze_stats(&halve));
    // CHECK-NEXT: halve: recordings 1 replays 3
}
