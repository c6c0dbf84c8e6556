// bench/mandelbrot_trace.h — the Mandelbrot iteration counts as one tj::while_loop (bench_mandelbrot, peers worker)
#pragma once

#include "mandelbrot_loop.h"

#include <tracejit/control.h>
#include <tracejit/tracejit.h>

#include <tuple>

namespace bench {

/// The iteration counts of every pixel of `grid`, as one symbolic loop (lazy: evaluating it runs one kernel).
inline tj::Int32 mandelbrot_tracejit(const MandelbrotGrid &grid) {
    using tj::Float, tj::Int32, tj::UInt32;
    const size_t n = grid.pixels();
    UInt32 pixel = tj::arange<UInt32>(n);
    Float cr = tj::cast<float>(pixel % grid.width) * grid.dx + grid.x0;
    Float ci = tj::cast<float>(pixel / grid.width) * grid.dy + grid.y0;
    Float zr = tj::zeros<Float>(n), zi = tj::zeros<Float>(n), zr2 = tj::zeros<Float>(n), zi2 = tj::zeros<Float>(n);
    Int32 count = tj::zeros<Int32>(n);
    tj::while_loop(
        std::tie(zr, zi, zr2, zi2, count),
        [&](const Float &, const Float &, const Float &zr2, const Float &zi2, const Int32 &k) {
            return (zr2 + zi2 <= 4.f) & (k < grid.max_iterations);
        },
        [&](Float &zr, Float &zi, Float &zr2, Float &zi2, Int32 &k) {
            zi = 2.f * zr * zi + ci;
            zr = zr2 - zi2 + cr;
            zr2 = zr * zr;
            zi2 = zi * zi;
            k += 1;
        });
    return count;
}

} // namespace bench
