// bench/mandelbrot_loop.h — the Mandelbrot grid of bench_mandelbrot and its hand-written C++ reference loop
//
// The reference lives in its own file (mandelbrot_loop.cpp, -O3 -march=native: bench/CMakeLists.txt) so that it
// gets those flags and is never inlined into the timing loop. It is the loop a user writes: per pixel, z ← z² + c
// until |z|² > 4 or the maximum count, with the squares of zr and zi computed once per iteration and kept for the
// next test of |z|². Its inner loop has a data-dependent trip count, which clang does not vectorise
// (-Rpass-missed=loop-vectorize: "could not determine number of loop iterations"): one pixel at a time.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bench {

/// A grid of width × height pixels; pixel i (row-major) is c = (x0 + dx·(i mod width), y0 + dy·(i div width)).
struct MandelbrotGrid {
    uint32_t width, height;
    float x0, y0, dx, dy;
    int32_t max_iterations;
    size_t pixels() const { return size_t(width) * height; }
};

/// The grid of the benchmark: 2048 × 2048 over [-2, 0.6] × [-1.3, 1.3], at most 256 iterations.
inline MandelbrotGrid benchmark_grid() {
    const uint32_t side = 2048;
    return {side, side, -2.f, -1.3f, 2.6f / float(side), 2.6f / float(side), 256};
}

/// counts[i] = iterations of z ← z² + c (from z = 0) while |z|² <= 4, at most max_iterations, for pixels
/// i in [begin, end).
void mandelbrot_counts(const MandelbrotGrid &grid, int32_t *counts, size_t begin, size_t end);

} // namespace bench
