// tests/runtime/test_cpu_compile_order.cpp — a CPU kernel's code does not depend on the kernels compiled before it
#include "backend/cpu/cpu_jit.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "test_util.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// How many of r[i] differ bit for bit from x[i] * s + 1 as the host computes it with one rounding (an FMA) where
/// the CPU has FMA, else with two (the optimised code generator contracts a multiply and an add where it can).
size_t differing(const tj::Float &r, const std::vector<float> &x, float s, bool fma) {
    std::vector<float> got = tj::to_vector(r);
    size_t bad = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        volatile float product = x[i] * s; // volatile: the test's own compiler must not contract it
        float expect = fma ? std::fma(x[i], s, 1.f) : product + 1.f;
        bad += std::memcmp(&got[i], &expect, sizeof expect) != 0;
    }
    return bad;
}

} // namespace

TEST_CASE("cpu jit: kernels compiled after a fast-path kernel (past 1000 instructions) are optimised as before it") {
    const bool fma = tj::cpu::host_target().features.find("+fma") != std::string::npos;
    CAPTURE(fma);
    std::vector<float> hx(1000);
    for (size_t i = 0; i < hx.size(); ++i)
        hx[i] = -10.f + 20.f * float((i * 2654435761u) % 1000003) / 1000003.f;
    tj::Float x(hx);
    // Literals no other test uses: kernels compiled now, not found in a cache.
    CHECK(differing(x * 3.0625f + 1.f, hx, 3.0625f, fma) == 0);
    tj::Float y = x;
    for (int i = 0; i < 1200; ++i) // one kernel of about 2400 instructions: the fast path
        y = y * 1.00013f + 0.25f;
    tj::eval(y);
    CHECK(differing(x * 5.0625f + 1.f, hx, 5.0625f, fma) == 0);
    CHECK(differing(x * 7.0625f + 1.f, hx, 7.0625f, fma) == 0);
}
