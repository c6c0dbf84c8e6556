// bench/fused_loop_vec.cpp — reference (ii): the same loops with -fno-math-errno -fveclib=libmvec, 512-bit vectors
#include "fused_loops.h"

#include <cmath>

namespace bench {

void fused_vec(const float *a, const float *b, float *out, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
        out[i] = a[i] * b[i] + std::sin(a[i]);
}

void fma_vec(const float *a, const float *b, const float *c, float *out, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
        out[i] = a[i] * b[i] + c[i];
}

} // namespace bench
