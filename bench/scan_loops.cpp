// bench/scan_loops.cpp — hand-written compress and prefix-sum loops (built with -O3 -march=native)
#include "scan_loops.h"

namespace bench {

size_t compress_loop(const uint8_t *mask, size_t first, size_t last, uint32_t *out) {
    size_t k = 0;
    for (size_t i = first; i < last; ++i) { // no branch on the mask: store always, move on a hit
        out[k] = uint32_t(i);
        k += mask[i];
    }
    return k;
}

size_t count_loop(const uint8_t *mask, size_t first, size_t last) {
    size_t k = 0;
    for (size_t i = first; i < last; ++i)
        k += mask[i];
    return k;
}

uint32_t prefix_sum_loop(const uint32_t *x, size_t first, size_t last, uint32_t *out, uint32_t carry) {
    for (size_t i = first; i < last; ++i) {
        out[i] = carry;
        carry += x[i];
    }
    return carry;
}

double prefix_sum_loop(const float *x, size_t first, size_t last, float *out, double carry) {
    for (size_t i = first; i < last; ++i) {
        out[i] = float(carry);
        carry += double(x[i]);
    }
    return carry;
}

uint32_t sum_loop(const uint32_t *x, size_t first, size_t last) {
    uint32_t s = 0;
    for (size_t i = first; i < last; ++i)
        s += x[i];
    return s;
}

double sum_loop(const float *x, size_t first, size_t last) {
    double s = 0;
    for (size_t i = first; i < last; ++i)
        s += double(x[i]);
    return s;
}

} // namespace bench
