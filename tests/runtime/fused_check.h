// tests/runtime/fused_check.h — a fused CPU kernel of every element size whose results are defined to the bit
//
// test_cpu_streaming.cpp and test_cpu_whole_iterations.cpp run it at launch sizes that take different loops of the
// generated code: (a + b) * c and (d - 1) * d round twice whatever the contraction, min and a comparison are exact.
#pragma once

#include "reference.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tjtest {

/// Random inputs of `n` elements (seeds 1 to 6) on the host and as arrays.
struct FusedInputs {
    std::vector<float> a, b, c;
    std::vector<double> d;
    std::vector<int32_t> k, l;
    tj::Float A, B, C;
    tj::Float64 D;
    tj::Int32 K, L;

    explicit FusedInputs(size_t n)
        : a(uniform_values<float>(n, 1, -10, 10)), b(uniform_values<float>(n, 2, -10, 10)),
          c(uniform_values<float>(n, 3, -10, 10)), d(uniform_values<double>(n, 4, -10, 10)),
          k(random_values<int32_t>(n, 5)), l(random_values<int32_t>(n, 6)), A(a), B(b), C(c), D(d), K(k), L(l) {}
};

/// The kernel's four results, traced (evaluate them together with anything else the test fuses into the kernel).
struct FusedResults {
    tj::Float sum_prod;
    tj::Float64 shifted;
    tj::Int32 smaller;
    tj::Bool greater;

    explicit FusedResults(const FusedInputs &in)
        : sum_prod((in.A + in.B) * in.C), shifted((in.D - 1.0) * in.D), smaller(tj::min(in.K, in.L)),
          greater(in.A > in.B) {}
};

/// Checks the four results against the scalar ones, bit for bit.
inline void check_fused(const FusedInputs &in, const FusedResults &r) {
    std::vector<float> expect(in.a.size());
    for (size_t i = 0; i < expect.size(); ++i)
        expect[i] = (in.a[i] + in.b[i]) * in.c[i];
    check_exact("(a + b) * c", r.sum_prod, expect);
    check_exact("(d - 1) * d", r.shifted, map1(in.d, [](double x) { return (x - 1.0) * x; }));
    check_exact("min(k, l)", r.smaller, map2(in.k, in.l, [](int32_t x, int32_t y) { return std::min(x, y); }));
    check_exact("a > b", r.greater, map2(in.a, in.b, [](float x, float y) { return x > y; }));
}

} // namespace tjtest
