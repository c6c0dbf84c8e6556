// tests/runtime/test_cpu_streaming.cpp — launches large enough to stream (non-temporal stores, prefetched loads)
//
// From 2^21 elements on, a CPU launch writes its outputs with non-temporal stores in whole vectors (the last partial
// vector with a masked store) and prefetches its loads ahead (runtime/backend/cpu_device.cpp, cpu_lowering.cpp). The
// op tests stay below that size; here fused kernels of each element size run at it and one partial vector past it,
// against the scalar results.
#include "reference.h"

using namespace tjtest;

namespace {

/// The smallest launch that streams (cpu_device.cpp, streaming_launch).
constexpr size_t streaming = size_t(1) << 21;

} // namespace

TEST_CASE("streaming launches: float32, float64, int32 and bool results equal the scalar ones, partial vector too") {
    for (size_t n : {streaming, streaming + 37}) {
        CAPTURE(n);
        std::vector<float> a = uniform_values<float>(n, 1, -10, 10), b = uniform_values<float>(n, 2, -10, 10),
                           c = uniform_values<float>(n, 3, -10, 10);
        std::vector<double> d = uniform_values<double>(n, 4, -10, 10);
        std::vector<int32_t> k = random_values<int32_t>(n, 5), l = random_values<int32_t>(n, 6);
        tj::Float A(a), B(b), C(c);
        tj::Float64 D(d);
        tj::Int32 K(k), L(l);
        // (x + y) * z rounds twice whatever the contraction, so each result is defined to the bit.
        tj::Float sum_prod = (A + B) * C;
        tj::Float64 shifted = (D - 1.0) * D;
        tj::Int32 smaller = tj::min(K, L);
        tj::Bool greater = A > B;
        tj::Float with_sin = A * B + tj::sin(A);
        tj::eval(sum_prod, shifted, smaller, greater, with_sin);

        std::vector<float> expect(n);
        for (size_t i = 0; i < n; ++i)
            expect[i] = (a[i] + b[i]) * c[i];
        check_exact("(a + b) * c", sum_prod, expect);
        check_exact("(d - 1) * d", shifted, map1(d, [](double x) { return (x - 1.0) * x; }));
        check_exact("min(k, l)", smaller, map2(k, l, [](int32_t x, int32_t y) { return std::min(x, y); }));
        check_exact("a > b", greater, map2(a, b, [](float x, float y) { return x > y; }));
        // a*b + sin(a): a*b may contract into an fma, sin is within 4 ulp; the bound scales with the terms.
        const double eps = std::numeric_limits<float>::epsilon();
        std::vector<float> got = tj::to_vector(with_sin);
        size_t bad = 0;
        for (size_t i = 0; i < n; ++i) {
            double ab = double(a[i]) * b[i], s = std::sin(double(a[i]));
            bad += std::fabs(got[i] - (ab + s)) > 8 * eps * (std::fabs(ab) + std::fabs(s));
        }
        CHECK_MESSAGE(bad == 0, bad << " results of a*b + sin(a) are off by more than a few ulp");
    }
}
