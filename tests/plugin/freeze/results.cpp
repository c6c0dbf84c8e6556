// tests/plugin/freeze/results.cpp — a [[jit::freeze]] function called with fresh random inputs gives the unfrozen
// function's results; it records once and replays after (free functions, templates, several sizes)
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/compare.h"

// The same body twice: frozen, and plain as the reference.
[[jit::freeze]] tj::Float blend(tj::Float x, tj::Float a, float w) {
    tj::Float y = x * a + tj::sin(x) * w;
    return tj::select(y > 0.f, y, -y * 0.5f);
}
tj::Float blend_plain(tj::Float x, tj::Float a, float w) {
    tj::Float y = x * a + tj::sin(x) * w;
    return tj::select(y > 0.f, y, -y * 0.5f);
}

template <typename A> [[jit::freeze]] A poly(A x) { return (x * x - 2) * x + 1; }
template <typename A> A poly_plain(A x) { return (x * x - 2) * x + 1; }

int main() {
    std::mt19937 rng(5);
    const int calls = 6;
    bool ok = true;
    for (int i = 0; i < calls; ++i) {
        tj::Float x = random_array(rng, 1000), a = random_array(rng, 1000);
        ok &= same(blend(x, a, 0.25f), blend_plain(x, a, 0.25f));
    }
    std::printf("%s blend\n", ok ? "ok" : "FAIL");
    // CHECK: ok blend
    print_stats("blend", tj::freeze_stats(&blend));
    // CHECK-NEXT: blend: recordings 1 replays 5

    // Sizes are not part of the key: other sizes replay the same recording.
    ok = true;
    for (size_t n : {16, 1000, 4097}) {
        tj::Float x = random_array(rng, n);
        tj::Float64 y = random_array<tj::Float64>(rng, n);
        ok &= same(poly(x), poly_plain(x)) && same(poly(y), poly_plain(y));
    }
    std::printf("%s poly\n", ok ? "ok" : "FAIL");
    // CHECK: ok poly
    // One Frozen per instantiation.
    print_stats("poly<Float>", tj::freeze_stats(&poly<tj::Float>));
    print_stats("poly<Float64>", tj::freeze_stats(&poly<tj::Float64>));
    // CHECK-NEXT: poly<Float>: recordings 1 replays 2
    // CHECK-NEXT: poly<Float64>: recordings 1 replays 2
}
