// bench/ad_loops.h — hand-written derivative of bench::ad_function, the C++ reference of bench_ad
//
// The same source (bench/ad_loop.cpp) is compiled twice with different flags (see bench/CMakeLists.txt), as the
// fused benchmark's loops are: the only difference between the two functions is how the compiler treats libm.
#pragma once

#include <cstddef>

namespace bench {

/// grad[i] = d ad_function(x[i]) / dx for i in [begin, end); -O3 -march=native (scalar sinf, cosf, expf: errno on).
void ad_gradient_plain(const float *x, float *grad, size_t begin, size_t end);
/// The same with -O3 -march=native -fno-math-errno -fveclib=libmvec -mprefer-vector-width=512 (vectorised libm).
void ad_gradient_vec(const float *x, float *grad, size_t begin, size_t end);

} // namespace bench
