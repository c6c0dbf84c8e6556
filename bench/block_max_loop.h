// bench/block_max_loop.h — the hand-written C++ loop that bench_block_reduce compares tj::block_reduce(Max) with
#pragma once

#include <cstddef>

namespace bench {

/// out[b] = the largest of x[b*block, min(n, (b+1)*block)) for blocks [first, last), as std::fmax (NaN ignored).
void block_max_loop(const float *x, size_t n, size_t block, float *out, size_t first, size_t last);

} // namespace bench
