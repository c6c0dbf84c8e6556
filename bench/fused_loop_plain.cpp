// bench/fused_loop_plain.cpp — reference (i): a*b + sin(a) as a plain C++ loop (-O3 -march=native only)
#include "fused_loops.h"

#include <cmath>

namespace bench {

void fused_plain(const float *a, const float *b, float *out, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i)
        out[i] = a[i] * b[i] + std::sin(a[i]);
}

} // namespace bench
