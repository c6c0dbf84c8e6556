// bench/scan_loops.h — the hand-written C++ loops that bench_scan compares tj::compress and tj::prefix_sum with
#pragma once

#include <cstddef>
#include <cstdint>

namespace bench {

/// Writes the indices of the true entries of mask[first, last) to out (from out[0]) without a branch on the mask
/// (each index is stored, the count moves on a hit: out needs room for one more index than there are hits unless
/// mask[last - 1] is a hit); returns how many.
size_t compress_loop(const uint8_t *mask, size_t first, size_t last, uint32_t *out);
/// The number of true entries of mask[first, last).
size_t count_loop(const uint8_t *mask, size_t first, size_t last);

/// Exclusive prefix sum of x[first, last) into out[first, last), starting from `carry`; returns the total (carry
/// included). Float: accumulated in double, as tracejit does.
uint32_t prefix_sum_loop(const uint32_t *x, size_t first, size_t last, uint32_t *out, uint32_t carry);
double prefix_sum_loop(const float *x, size_t first, size_t last, float *out, double carry);
/// The sum of x[first, last) (in double for floats).
uint32_t sum_loop(const uint32_t *x, size_t first, size_t last);
double sum_loop(const float *x, size_t first, size_t last);

} // namespace bench
