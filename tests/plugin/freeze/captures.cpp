// tests/plugin/freeze/captures.cpp — tj::freeze of a lambda with captures, compiled with the plugin: the captures
// are state of every call (host values part of the key by value, arrays inputs written back after a replay), so a
// changed capture records anew and results equal the unfrozen lambda's
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL
// Only the lambda whose capture the plugin cannot name keeps the run-time warning.
// RUN: %t 2>&1 >/dev/null | %FileCheck --check-prefix=LOG %s
// The warning at compile time, at the capture.
// RUN: %clangxx %plugin -fsyntax-only -Xclang -verify %s
// The rewrite: the callee and a getter after the lambda, on the lambda's lines.
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// Without the plugin the file compiles as written (tj::freeze, its run-time warning).
// RUN: %clangxx -fsyntax-only -Werror %s

#include "Inputs/compare.h"

int main() {
    std::mt19937 rng(5);
    const size_t n = 300;
    bool ok = true;

    // A host value captured by reference, changed between calls: a new recording, never its old value.
    float s = 2;
    auto scaled = tj::freeze([&s](tj::Float x) { return x * s; });
    // REWRITE: auto scaled = ::tj::detail::freeze_with_captures([&s](tj::Float x) { return x * s; }, [&s] { return ::std::tie(s); });
    for (int i = 0; i < 6; ++i) {
        if (i == 3)
            s = -0.5f;
        tj::Float x = random_array(rng, n);
        ok &= same(scaled(x), x * s);
    }
    print_stats("by-reference host", tj::freeze_stats(&scaled));
    // CHECK: by-reference host: recordings 2 replays 4

    // The same through a default capture, with options.
    tj::FreezeOptions options;
    options.name = "default capture";
    auto shifted = tj::freeze([&](tj::Float x) { return x + s; }, options);
    // REWRITE: auto shifted = ::tj::detail::freeze_with_captures([&](tj::Float x) { return x + s; }, [&s] { return ::std::tie(s); }, options);
    for (int i = 0; i < 4; ++i) {
        s = i < 2 ? 1.f : 7.f;
        tj::Float x = random_array(rng, n);
        ok &= same(shifted(x), x + s);
    }
    print_stats("default capture", tj::freeze_stats(&shifted));
    // CHECK: default capture: recordings 2 replays 2

    // An array captured by reference and written by the body: replays write it back.
    tj::Float acc = random_array(rng, n), acc_ref = acc;
    auto accumulate = tj::freeze([&acc](tj::Float x) { acc = acc + x * x; });
    for (int i = 0; i < 5; ++i) {
        tj::Float x = random_array(rng, n);
        accumulate(x);
        acc_ref = acc_ref + x * x;
        ok &= same(acc, acc_ref);
    }
    print_stats("by-reference array", tj::freeze_stats(&accumulate));
    // CHECK: by-reference array: recordings 1 replays 4

    // An array and a host value captured by copy (the closure's copies never change): one recording.
    tj::Float w = random_array(rng, n);
    int k = 3;
    auto weighted = tj::freeze([w, k](tj::Float x) { return x * w + float(k); });
    // REWRITE: auto weighted = ::tj::detail::freeze_with_captures([w, k](tj::Float x) { return x * w + float(k); }, [w, k] { return ::std::tie(w, k); });
    tj::Float w_then = w;
    w = random_array(rng, n); // the closure holds its copy
    k = 10;
    for (int i = 0; i < 4; ++i) {
        tj::Float x = random_array(rng, n);
        ok &= same(weighted(x), x * w_then + 3.f);
    }
    print_stats("by-copy", tj::freeze_stats(&weighted));
    // CHECK: by-copy: recordings 1 replays 3

    // A const literal array captured by copy, auto-opaque off: its copy in the getter is made opaque (a copy of
    // its own, `c = c`), the closure's stays a literal; one recording.
    const tj::Float c(0.25f);
    tj::FreezeOptions opaque_options;
    opaque_options.auto_opaque = false;
    auto offset = tj::freeze([c](tj::Float x) { return x + c; }, opaque_options);
    // REWRITE: auto offset = ::tj::detail::freeze_with_captures([c](tj::Float x) { return x + c; }, [c = c] { return ::std::tie(c); }, opaque_options);
    for (int i = 0; i < 3; ++i) {
        tj::Float x = random_array(rng, n);
        ok &= same(offset(x), x + 0.25f);
    }
    print_stats("const literal", tj::freeze_stats(&offset));
    // CHECK: const literal: recordings 1 replays 2

    // Mixed: by reference by default, an array by copy.
    auto mixed = tj::freeze([&, w_then](tj::Float x) { return x * w_then + s; });
    // REWRITE: auto mixed = ::tj::detail::freeze_with_captures([&, w_then](tj::Float x) { return x * w_then + s; }, [w_then, &s] { return ::std::tie(w_then, s); });
    for (int i = 0; i < 3; ++i) {
        s = float(i);
        tj::Float x = random_array(rng, n);
        ok &= same(mixed(x), x * w_then + s);
    }
    print_stats("mixed", tj::freeze_stats(&mixed));
    // CHECK: mixed: recordings 3 replays 0

    // An init-capture is not seen: a warning here, and the run-time warning (its value is fixed anyway).
    tj::FreezeOptions init_options;
    init_options.name = "init";
    auto init = tj::freeze([t = s](tj::Float x) { return x - t; }, init_options); // expected-warning {{tracejit: the capture 't' of this frozen lambda is not part of its freezing key: an init-capture is not seen (capture the variable itself, or pass the value as an argument); its value at the recording is what replays reproduce}}
    // REWRITE: auto init = tj::freeze([t = s](tj::Float x) { return x - t; }, init_options);
    float t_then = s;
    for (int i = 0; i < 2; ++i) {
        tj::Float x = random_array(rng, n);
        ok &= same(init(x), x - t_then);
    }
    // LOG-NOT: holds state
    // LOG: tj::freeze(): init: the callable holds state
    // LOG-NOT: holds state

    std::printf("%s\n", ok ? "all equal" : "FAIL");
    // CHECK: all equal
    return ok ? 0 : 1;
}
