// tests/conformance/conformance.h — helpers of the ported Dr.Jit suites: fresh random inputs, comparisons, options
#pragma once

#include "freeze_check.h"
#include "reference.h"
#include "test_util.h"

#include <tracejit/ad_scope.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace conf {

using tj::Bool, tj::Float, tj::Float64, tj::Int32, tj::UInt32;

/// A new seed per call: every input is fresh, and a failure still reproduces (the sequence is fixed).
inline uint64_t fresh_seed() {
    static std::atomic<uint64_t> next{1};
    return next++;
}
/// n fresh random floats in [lo, hi).
inline Float rand_f(size_t n, double lo = -1, double hi = 1) {
    return Float(tjtest::uniform_values<float>(n, fresh_seed(), lo, hi));
}
/// n fresh random integers in [lo, hi].
inline UInt32 rand_u(size_t n, int64_t lo = 0, int64_t hi = 1000) {
    return UInt32(tjtest::small_ints<uint32_t>(n, fresh_seed(), lo, hi));
}

/// Freezing options with Dr.Jit's auto_opaque parameter.
inline tj::FreezeOptions opts(bool auto_opaque, uint32_t limit = 0) {
    tj::FreezeOptions o;
    o.auto_opaque = auto_opaque;
    o.limit = limit;
    return o;
}
/// Recordings made so far (Dr.Jit's n_recordings).
template <typename F> uint64_t n_recordings(const F &frozen) { return frozen.stats().recordings; }

/// `got` equals `expect` exactly (Dr.Jit's dr.all(a == b)).
template <typename T> void check_eq(const std::string &what, const tj::Array<T> &got, const std::vector<T> &expect) {
    tjtest::check_exact(what, got, expect);
}
template <typename T, typename A>
    requires tj::is_array_v<A> // (a template parameter: a braced list picks the vector form)
void check_eq(const std::string &what, const tj::Array<T> &got, const A &expect) {
    tjtest::check_exact(what, got, tjtest::host_values(expect));
}
/// `got` is close to `expect` (Dr.Jit's dr.allclose: rtol 1e-5, atol 1e-8, a little wider for float32 kernels that
/// fuse differently).
template <typename T> void check_close(const std::string &what, const tj::Array<T> &got, const std::vector<T> &expect,
                                       double rel = 1e-5, double abs = 1e-6) {
    tjtest::check_close(what, got, expect, rel, abs);
}
template <typename T, typename A>
    requires tj::is_array_v<A>
void check_close(const std::string &what, const tj::Array<T> &got, const A &expect, double rel = 1e-5,
                 double abs = 1e-6) {
    if (expect.size() == 1 && got.size() > 1) // a width-1 reference broadcasts, as in dr.allclose
        tjtest::check_close(what, got, std::vector<T>(got.size(), expect.read(0)), rel, abs);
    else
        tjtest::check_close(what, got, tj::to_vector(expect), rel, abs);
}

/// The message of the tj::Error that `fn` throws ("" when it throws none).
template <typename Fn> std::string error_of(Fn &&fn) { return tj_test::error_of(std::forward<Fn>(fn)); }

/// Dr.Jit's dr.set_grad_enabled(x, on).
inline void set_grad_enabled(Float &x, bool on) {
    if (on)
        tj::enable_grad(x);
    else
        tj::disable_grad(x);
}

/// Runs `body(auto_opaque)` for Dr.Jit's two auto_opaque parameters.
template <typename Body> void for_auto_opaque(Body &&body) {
    for (bool auto_opaque : {false, true}) {
        INFO("auto_opaque = " << auto_opaque);
        body(auto_opaque);
    }
}

/// Freezing on for the case, restored at its end.
using FreezingOn = tjtest::FreezingOn;

} // namespace conf
