// tests/runtime/test_cpu_streaming.cpp — launches large enough to stream (non-temporal stores, prefetched loads)
//
// From 2^21 elements on, a CPU launch writes its outputs with non-temporal stores in whole vectors (the last partial
// vector with a masked store) and prefetches its loads ahead (runtime/backend/cpu/cpu_device.cpp, cpu_lowering.cpp).
// The op tests stay below that size; here fused kernels of each element size run at it and one partial vector past
// it, against the scalar results.
#include "fused_check.h"

using namespace tjtest;

namespace {

/// The smallest launch that streams (cpu_device.cpp, streaming_launch).
constexpr size_t streaming = size_t(1) << 21;

} // namespace

TEST_CASE("streaming launches: float32, float64, int32 and bool results equal the scalar ones, partial vector too") {
    for (size_t n : {streaming, streaming + 37}) {
        CAPTURE(n);
        FusedInputs in(n);
        FusedResults fused(in);
        tj::Float with_sin = in.A * in.B + tj::sin(in.A);
        tj::eval(fused.sum_prod, fused.shifted, fused.smaller, fused.greater, with_sin);
        check_fused(in, fused);
        // a*b + sin(a): a*b may contract into an fma, sin is within 4 ulp; the bound scales with the terms.
        const double eps = std::numeric_limits<float>::epsilon();
        std::vector<float> got = tj::to_vector(with_sin);
        size_t bad = 0;
        for (size_t i = 0; i < n; ++i) {
            double ab = double(in.a[i]) * in.b[i], s = std::sin(double(in.a[i]));
            bad += std::fabs(got[i] - (ab + s)) > 8 * eps * (std::fabs(ab) + std::fabs(s));
        }
        CHECK_MESSAGE(bad == 0, bad << " results of a*b + sin(a) are off by more than a few ulp");
    }
}
