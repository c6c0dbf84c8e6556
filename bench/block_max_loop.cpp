// bench/block_max_loop.cpp — the hand-written block maximum, built with -O3 -march=native (bench/CMakeLists.txt)
#include "block_max_loop.h"

#include <algorithm>
#include <cmath>

namespace bench {

void block_max_loop(const float *x, size_t n, size_t block, float *out, size_t first, size_t last) {
    for (size_t b = first; b < last; ++b) {
        size_t begin = b * block, end = std::min(n, begin + block);
        float m = x[begin];
        for (size_t i = begin + 1; i < end; ++i)
            m = std::fmax(m, x[i]);
        out[b] = m;
    }
}

} // namespace bench
