// tests/plugin/symbolic/loops.cpp — `while` and `for` on a tj::Bool become one loop inside the kernel: per-element
// Newton iterations with data-dependent counts and Collatz step counts (a symbolic branch inside the loop) give
// what plain C++ gives, element by element, and a loop over one size runs as one kernel
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/reference.h"

using tj::Bool;
using tj::Float;
using tj::Int32;

// Newton's iteration for sqrt(a), per element, until it converges (or 50 steps): counts differ per element.
[[jit::trace]] Float newton_sqrt(Float a, Int32 &steps) {
    Float x = tj::select(a > 1.f, a, Float(1.f));
    steps = 0;
    while (tj::abs(x * x - a) > 1e-5f * a && steps < 50) {
        x = 0.5f * (x + a / x);
        steps += 1;
    }
    return x;
}
float newton_sqrt_plain(float a, int &steps) {
    float x = a > 1.f ? a : 1.f;
    steps = 0;
    while (std::abs(x * x - a) > 1e-5f * a && steps < 50) {
        x = 0.5f * (x + a / x);
        steps += 1;
    }
    return x;
}

// Collatz: steps until 1, with the branch on the parity inside the loop.
[[jit::trace]] Int32 collatz(Int32 n) {
    Int32 steps = 0;
    while (n != 1) {
        if ((n & 1) == 0)
            n = n / 2;
        else
            n = 3 * n + 1;
        steps += 1;
    }
    return steps;
}
int collatz_plain(int n) {
    int steps = 0;
    while (n != 1) {
        if ((n & 1) == 0)
            n = n / 2;
        else
            n = 3 * n + 1;
        steps += 1;
    }
    return steps;
}

// A for loop whose bound differs per element; the init-statement's variable is state, the increment runs last.
[[jit::trace]] Float power_sum(Float x, Int32 n) {
    Float sum = 0.f, term = 1.f;
    for (Int32 i = 0; i < n; i += 1) {
        sum += term;
        term *= x;
    }
    return sum;
}
float power_sum_plain(float x, int n) {
    float sum = 0.f, term = 1.f;
    for (int i = 0; i < n; i += 1) {
        sum += term;
        term *= x;
    }
    return sum;
}

// A loop inside a loop: both symbolic.
[[jit::trace]] Int32 nested(Int32 n) {
    Int32 total = 0, i = 0;
    while (i < n) {
        Int32 j = 0;
        while (j < i) {
            total += j;
            j += 1;
        }
        i += 1;
    }
    return total;
}
int nested_plain(int n) {
    int total = 0, i = 0;
    while (i < n) {
        int j = 0;
        while (j < i) {
            total += j;
            j += 1;
        }
        i += 1;
    }
    return total;
}

int main() {
    std::mt19937 rng(11);
    const size_t n = 1000;

    std::vector<float> a = random_values(rng, n, 0.01, 400.0);
    std::vector<float> roots(n);
    std::vector<int32_t> counts(n);
    for (size_t i = 0; i < n; ++i) {
        int c = 0;
        roots[i] = newton_sqrt_plain(a[i], c);
        counts[i] = c;
    }
    Float fa(a);
    tj::eval(fa);
    tj::reset_kernel_stats();
    Int32 steps;
    Float r = newton_sqrt(fa, steps);
    tj::eval(r, steps);
    std::printf("newton kernels %llu\n", static_cast<unsigned long long>(tj::kernel_stats().launches));
    // CHECK: newton kernels 1
    bool ok = same("newton root", r, roots) && same("newton steps", steps, counts);
    int lo = 1000, hi = 0;
    for (int c : counts)
        lo = std::min(lo, c), hi = std::max(hi, c);
    report("newton", ok && lo < hi); // the counts really differ per element
    // CHECK: ok newton

    std::vector<int32_t> starts = random_ints(rng, n, 1, 100000), collatz_steps(n);
    for (size_t i = 0; i < n; ++i)
        collatz_steps[i] = collatz_plain(starts[i]);
    Int32 cs(starts);
    tj::eval(cs);
    tj::reset_kernel_stats();
    Int32 cr = collatz(cs);
    tj::eval(cr);
    std::printf("collatz kernels %llu\n", static_cast<unsigned long long>(tj::kernel_stats().launches));
    // CHECK: collatz kernels 1
    report("collatz", same("collatz", cr, collatz_steps));
    // CHECK: ok collatz

    std::vector<float> xs = random_values(rng, n, -1.2, 1.2), sums(n);
    std::vector<int32_t> ns = random_ints(rng, n, 0, 20);
    for (size_t i = 0; i < n; ++i)
        sums[i] = power_sum_plain(xs[i], ns[i]);
    report("for", same("power_sum", power_sum(Float(xs), Int32(ns)), sums, 1e-4));
    // CHECK: ok for

    std::vector<int32_t> ms = random_ints(rng, n, 0, 30), totals(n);
    for (size_t i = 0; i < n; ++i)
        totals[i] = nested_plain(ms[i]);
    report("nested loops", same("nested", nested(Int32(ms)), totals));
    // CHECK: ok nested loops
}
