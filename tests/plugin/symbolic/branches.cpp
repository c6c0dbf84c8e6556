// tests/plugin/symbolic/branches.cpp — `if`/`else if`/`else` on a tj::Bool (also `&&`, `||`, `!`) become
// tj::if_stmt: nested chains, a loop inside a branch, a masked scatter_add and a branch inside a loop give what plain
// C++ gives element by element; a host condition in the same function stays an ordinary branch
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/reference.h"

using tj::Bool;
using tj::Float;
using tj::Int32;
using tj::UInt32;

// A chain with a nested if in one way; a variable declared in a branch is local to it.
[[jit::trace]] Float classify(Float x, Float y) {
    Float r = 0.f;
    if (x > 0.5f) {
        r = x * 2.f;
    } else if (x < -0.5f && y > 0.f) {
        Float t = y + 1.f;
        if (y > 0.5f)
            r = t;
        else
            r = -t;
    } else if (!(y < 0.f) || x > 0.25f) {
        r = 1.f;
    } else {
        r = x * y;
        y = y * 3.f;
    }
    return r + y;
}
float classify_plain(float x, float y) {
    float r = 0.f;
    if (x > 0.5f) {
        r = x * 2.f;
    } else if (x < -0.5f && y > 0.f) {
        float t = y + 1.f;
        if (y > 0.5f)
            r = t;
        else
            r = -t;
    } else if (!(y < 0.f) || x > 0.25f) {
        r = 1.f;
    } else {
        r = x * y;
        y = y * 3.f;
    }
    return r + y;
}

// A loop inside a branch: halve until below 1, only for the elements above 4.
[[jit::trace]] Float halve_big(Float x, Int32 &halvings) {
    halvings = 0;
    if (x > 4.f) {
        while (x >= 1.f) {
            x = x * 0.5f;
            halvings += 1;
        }
    }
    return x;
}
float halve_big_plain(float x, int &halvings) {
    halvings = 0;
    if (x > 4.f) {
        while (x >= 1.f) {
            x = x * 0.5f;
            halvings += 1;
        }
    }
    return x;
}

// A masked scatter_add: only the elements that take the branch add into their bucket.
[[jit::trace]] Float histogram(Float x, UInt32 bucket, size_t buckets) {
    Float counts = tj::zeros<Float>(buckets);
    if (x > 0.f)
        tj::scatter_add(counts, x, bucket);
    else
        tj::scatter_add(counts, Float(-1.f), bucket);
    return counts;
}

// A host condition next to a symbolic one: the host if keeps its return.
[[jit::trace]] Float scaled(Float x, bool twice) {
    if (twice)
        return x * 2.f;
    Float y = x;
    if (x < 0.f)
        y = -x;
    return y;
}

int main() {
    std::mt19937 rng(7);
    const size_t n = 2000;
    std::vector<float> xs = random_values(rng, n, -1.0, 1.0), ys = random_values(rng, n, -1.0, 1.0), out(n);
    for (size_t i = 0; i < n; ++i)
        out[i] = classify_plain(xs[i], ys[i]);
    report("chain", same("classify", classify(Float(xs), Float(ys)), out));
    // CHECK: ok chain

    std::vector<float> big = random_values(rng, n, 0.0, 64.0), halved(n);
    std::vector<int32_t> counts(n);
    for (size_t i = 0; i < n; ++i) {
        int c = 0;
        halved[i] = halve_big_plain(big[i], c);
        counts[i] = c;
    }
    Int32 halvings;
    Float h = halve_big(Float(big), halvings);
    report("loop in branch", same("halve", h, halved) && same("halvings", halvings, counts));
    // CHECK: ok loop in branch

    const size_t buckets = 16;
    std::vector<uint32_t> bucket(n);
    std::vector<float> expected(buckets, 0.f);
    for (size_t i = 0; i < n; ++i) {
        bucket[i] = static_cast<uint32_t>(rng() % buckets);
        expected[bucket[i]] += xs[i] > 0.f ? xs[i] : -1.f;
    }
    report("masked scatter_add", same("histogram", histogram(Float(xs), UInt32(bucket), buckets), expected, 1e-4));
    // CHECK: ok masked scatter_add

    std::vector<float> doubled(n), absolute(n);
    for (size_t i = 0; i < n; ++i)
        doubled[i] = xs[i] * 2.f, absolute[i] = std::abs(xs[i]);
    report("host branch", same("twice", scaled(Float(xs), true), doubled) &&
                              same("abs", scaled(Float(xs), false), absolute));
    // CHECK: ok host branch
}
