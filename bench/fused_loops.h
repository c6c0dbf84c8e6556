// bench/fused_loops.h — the C++ reference loops that bench_fused and bench_fma compare tracejit against
//
// Each loop lives in its own .cpp file so that CMake can give it its own
// compile options (see bench/CMakeLists.txt): that is the whole difference
// between the "plain" and the "vec" variants.
#pragma once

#include <cstddef>

namespace bench {

/// out[i] = a[i] * b[i] + sinf(a[i]) for i in [begin, end); built with -O3 -march=native (scalar sinf, errno on).
void fused_plain(const float *a, const float *b, float *out, size_t begin, size_t end);
/// The same loop built with -O3 -march=native -fno-math-errno -fveclib=libmvec -mprefer-vector-width=512.
void fused_vec(const float *a, const float *b, float *out, size_t begin, size_t end);
/// out[i] = a[i] * b[i] + c[i], built like fused_vec (the compiler contracts it to an FMA).
void fma_vec(const float *a, const float *b, const float *c, float *out, size_t begin, size_t end);
/// The same as one whole-vector loop with non-temporal stores and prefetches (the memory system's ceiling for a
/// kernel of this shape): pointers 64-byte aligned, begin and end multiples of 16.
void fma_stream(const float *a, const float *b, const float *c, float *out, size_t begin, size_t end);

} // namespace bench
