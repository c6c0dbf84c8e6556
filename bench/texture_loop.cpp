// bench/texture_loop.cpp — the hand-written bilinear lookup loop of bench_texture (texture_loop.h)
#include "texture_loop.h"

#include <algorithm>
#include <cmath>

namespace bench {

void bilinear_lookups(const float *texels, size_t height, size_t width, size_t channels, const float *x,
                      const float *y, float *const *out, size_t begin, size_t end) {
    const int w = int(width), h = int(height);
    for (size_t i = begin; i < end; ++i) {
        float fx = x[i] * float(width) - 0.5f, fy = y[i] * float(height) - 0.5f;
        float bx = std::floor(fx), by = std::floor(fy);
        float tx = fx - bx, ty = fy - by;
        int x0 = int(bx), y0 = int(by);
        int x1 = std::clamp(x0 + 1, 0, w - 1), y1 = std::clamp(y0 + 1, 0, h - 1);
        x0 = std::clamp(x0, 0, w - 1), y0 = std::clamp(y0, 0, h - 1);
        const float *t00 = texels + (size_t(y0) * width + size_t(x0)) * channels;
        const float *t01 = texels + (size_t(y0) * width + size_t(x1)) * channels;
        const float *t10 = texels + (size_t(y1) * width + size_t(x0)) * channels;
        const float *t11 = texels + (size_t(y1) * width + size_t(x1)) * channels;
        float w00 = (1 - tx) * (1 - ty), w01 = tx * (1 - ty), w10 = (1 - tx) * ty, w11 = tx * ty;
        for (size_t c = 0; c < channels; ++c)
            out[c][i] = w00 * t00[c] + w01 * t01[c] + w10 * t10[c] + w11 * t11[c];
    }
}

} // namespace bench
