// bench/mandelbrot_loop.cpp — the hand-written Mandelbrot loop of bench_mandelbrot (built with -O3 -march=native)
#include "mandelbrot_loop.h"

namespace bench {

void mandelbrot_counts(const MandelbrotGrid &grid, int32_t *counts, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
        uint32_t px = uint32_t(i % grid.width), py = uint32_t(i / grid.width);
        float cr = float(px) * grid.dx + grid.x0, ci = float(py) * grid.dy + grid.y0;
        float zr = 0.f, zi = 0.f, zr2 = 0.f, zi2 = 0.f; // zr2, zi2: the squares, computed once per iteration
        int32_t k = 0;
        while (zr2 + zi2 <= 4.f && k < grid.max_iterations) {
            zi = 2.f * zr * zi + ci;
            zr = zr2 - zi2 + cr;
            zr2 = zr * zr;
            zi2 = zi * zi;
            ++k;
        }
        counts[i] = k;
    }
}

} // namespace bench
