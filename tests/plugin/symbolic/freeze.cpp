// tests/plugin/symbolic/freeze.cpp — a [[jit::freeze]] function with a symbolic loop and branch goes through the
// same wrapper: it records once, replays after, and gives what the unfrozen function and plain C++ give; its
// implicit inputs (a global read inside the loop) are found in the rewritten body too
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/reference.h"

using tj::Float;
using tj::Int32;

float g_rate = 0.5f; // read inside the loop: an implicit input of the frozen function

[[jit::freeze]] Float decay(Float x, Int32 &steps) {
    steps = 0;
    while (x > 1.f) {
        x = x * g_rate;
        steps += 1;
    }
    if (x < 0.5f)
        x = x + 1.f;
    return x;
}
[[jit::trace]] Float decay_unfrozen(Float x, Int32 &steps) {
    steps = 0;
    while (x > 1.f) {
        x = x * g_rate;
        steps += 1;
    }
    if (x < 0.5f)
        x = x + 1.f;
    return x;
}
float decay_plain(float x, int &steps) {
    steps = 0;
    while (x > 1.f) {
        x = x * g_rate;
        steps += 1;
    }
    if (x < 0.5f)
        x = x + 1.f;
    return x;
}

int main() {
    std::mt19937 rng(3);
    bool ok = true;
    for (int call = 0; call < 4; ++call) {
        size_t n = 500 + 100 * call;
        std::vector<float> xs = random_values(rng, n, 0.0, 100.0), expected(n);
        std::vector<int32_t> counts(n);
        for (size_t i = 0; i < n; ++i) {
            int c = 0;
            expected[i] = decay_plain(xs[i], c);
            counts[i] = c;
        }
        Int32 frozen_steps, steps;
        Float frozen = decay(Float(xs), frozen_steps), unfrozen = decay_unfrozen(Float(xs), steps);
        ok &= same("frozen", frozen, expected) && same("frozen steps", frozen_steps, counts) &&
              same("unfrozen", unfrozen, expected) && same("unfrozen steps", steps, counts);
    }
    report("frozen loop", ok);
    // CHECK: ok frozen loop
    tj::FreezeStats s = tj::freeze_stats(&decay);
    std::printf("recordings %llu replays %llu\n", static_cast<unsigned long long>(s.recordings),
                static_cast<unsigned long long>(s.replays));
    // CHECK-NEXT: recordings 1 replays 3

    // The global is an input: a new value records anew and is used.
    g_rate = 0.25f;
    std::vector<float> xs = random_values(rng, 300, 0.0, 100.0), expected(300);
    std::vector<int32_t> counts(300);
    for (size_t i = 0; i < xs.size(); ++i) {
        int c = 0;
        expected[i] = decay_plain(xs[i], c);
        counts[i] = c;
    }
    Int32 steps;
    Float r = decay(Float(xs), steps);
    report("implicit input", same("rate 0.25", r, expected) && same("rate 0.25 steps", steps, counts));
    // CHECK-NEXT: ok implicit input
    s = tj::freeze_stats(&decay);
    std::printf("recordings %llu\n", static_cast<unsigned long long>(s.recordings));
    // CHECK-NEXT: recordings 2
}
