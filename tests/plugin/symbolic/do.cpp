// tests/plugin/symbolic/do.cpp — `do … while` on a tj::Bool: the body runs once for every element, then as a
// symbolic loop while the condition holds (elements whose condition is false at once ran the body exactly once);
// also with a branch inside and nested in a symbolic if. Needs the pre-pass's view of tj::Bool (array.h declares
// a conversion under TRACEJIT_PLUGIN_PREPASS): without it clang drops such a do statement before the plugin sees it.
// REQUIRES: symbolic-do
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/reference.h"

using tj::Float;
using tj::Int32;

[[jit::trace]] Float halve(Float x, Int32 &k) {
    k = 0;
    do {
        x = x * 0.5f;
        if (x < 0.1f)
            x = x + 0.05f;
        k += 1;
    } while (x > 1.f);
    return x;
}
float halve_plain(float x, int &k) {
    k = 0;
    do {
        x = x * 0.5f;
        if (x < 0.1f)
            x = x + 0.05f;
        k += 1;
    } while (x > 1.f);
    return x;
}

[[jit::trace]] Int32 digits(Int32 n) {
    Int32 count = 0;
    if (n >= 0) {
        do {
            n = n / 10;
            count += 1;
        } while (n > 0);
    } else {
        count = -1;
    }
    return count;
}
int digits_plain(int n) {
    int count = 0;
    if (n >= 0) {
        do {
            n = n / 10;
            count += 1;
        } while (n > 0);
    } else {
        count = -1;
    }
    return count;
}

int main() {
    std::mt19937 rng(13);
    const size_t n = 1000;
    std::vector<float> xs = random_values(rng, n, 0.0, 50.0), expected(n);
    std::vector<int32_t> ks(n);
    for (size_t i = 0; i < n; ++i) {
        int k = 0;
        expected[i] = halve_plain(xs[i], k);
        ks[i] = k;
    }
    Int32 k;
    Float r = halve(Float(xs), k);
    report("do while", same("halve", r, expected) && same("halvings", k, ks));
    // CHECK: ok do while

    std::vector<int32_t> ns = random_ints(rng, n, -1000, 10000000), counts(n);
    for (size_t i = 0; i < n; ++i)
        counts[i] = digits_plain(ns[i]);
    report("do in branch", same("digits", digits(Int32(ns)), counts));
    // CHECK: ok do in branch
}
