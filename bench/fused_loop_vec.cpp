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

void fma_stream(const float *a, const float *b, const float *c, float *out, size_t begin, size_t end) {
    using V = float __attribute__((vector_size(64)));
    for (size_t i = begin; i < end; i += 16) {
        if (i % 64 == 0) // 4 KiB ahead into L2, one prefetch per 256 bytes of each input (as tracejit's kernel)
            __builtin_prefetch(a + i + 1024, 0, 2), __builtin_prefetch(b + i + 1024, 0, 2),
                __builtin_prefetch(c + i + 1024, 0, 2);
        V x = *reinterpret_cast<const V *>(a + i), y = *reinterpret_cast<const V *>(b + i),
          z = *reinterpret_cast<const V *>(c + i);
        __builtin_nontemporal_store(x * y + z, reinterpret_cast<V *>(out + i));
    }
}

} // namespace bench
