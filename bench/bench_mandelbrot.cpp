// bench/bench_mandelbrot.cpp — Mandelbrot iteration counts on 2048×2048 with tj::while_loop against a C++ loop
//
// tracejit: the pixel coordinates from tj::arange, then tj::while_loop over (zr, zi, zr², zi², count) while
// |z|² <= 4 and count < 256: one kernel, the loop inside it, each lane masked off when its pixel escapes. Timed warm
// (the kernel comes from the memory cache): tracing and evaluating, from the coordinates to the counts in memory.
// C++: bench::mandelbrot_counts (mandelbrot_loop.cpp, -O3 -march=native), one pixel at a time, on as many
// std::threads as tracejit's pool uses and split the same way: blocks of the same number of pixels (whole rows
// here), taken in turn from an atomic counter, so that the rows inside the set (the slow ones) spread alike.
// Both are timed in turn within each run, so that a change in the load hits both alike. Both compute the same
// statements, and both compilers fuse the one product that feeds an addition in the same statement
// (2·zr·zi + ci) into an FMA and no other, so the counts agree; were one to contract differently, points near the
// boundary would escape iterations apart after many iterations: the differing fraction is printed and must stay
// tiny.
#include "bench_util.h"
#include "mandelbrot_loop.h"
#include "mandelbrot_trace.h"

#include <tracejit/control.h>
#include <tracejit/tracejit.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using bench::mandelbrot_tracejit, tj::Int32;

/// At most this fraction of pixels may differ between tracejit and the C++ loop (FMA contraction).
constexpr double max_mismatch_fraction = 1e-3;

/// The C++ loop over all pixels on `threads` std::threads taking blocks from a shared counter.
void mandelbrot_threads(const bench::MandelbrotGrid &grid, int32_t *counts, size_t threads) {
    bench::run_blocks(grid.pixels(), threads,
                      [&](size_t s, size_t e) { bench::mandelbrot_counts(grid, counts, s, e); });
}

} // namespace

int main() {
    bench::TempCacheDir cache_dir; // before the first tracejit call: this run must not touch the user's disk cache
    int runs = bench::env_int("BENCH_RUNS", 10);
    const bench::MandelbrotGrid grid = bench::benchmark_grid();
    const size_t n = grid.pixels(), threads = tj::thread_count();

    // The first evaluation compiles; it must be one kernel.
    tj::reset_kernel_stats();
    auto t0 = bench::Clock::now();
    Int32 first = mandelbrot_tracejit(grid);
    tj::eval(first);
    double cold_s = bench::seconds_since(t0);
    tj::KernelStats cold = tj::kernel_stats();
    std::vector<int32_t> got = tj::to_vector(first);

    std::vector<int32_t> expect(n, -1);
    mandelbrot_threads(grid, expect.data(), threads);
    size_t mismatches = 0, max_diff = 0;
    uint64_t total_iterations = 0;
    for (size_t i = 0; i < n; ++i) {
        size_t diff = size_t(std::abs(got[i] - expect[i]));
        mismatches += diff != 0;
        max_diff = std::max(max_diff, diff);
        total_iterations += uint64_t(expect[i]);
    }
    double mismatch_fraction = double(mismatches) / double(n);
    size_t at_max = size_t(std::count(expect.begin(), expect.end(), grid.max_iterations));

    tj::reset_kernel_stats();
    bench::Samples tj_s, cpp_s;
    for (int r = 0; r < runs; ++r) {
        auto t1 = bench::Clock::now();
        Int32 counts = mandelbrot_tracejit(grid);
        tj::eval(counts);
        tj_s.add(bench::seconds_since(t1));
        auto t2 = bench::Clock::now();
        mandelbrot_threads(grid, expect.data(), threads);
        cpp_s.add(bench::seconds_since(t2));
    }
    tj::KernelStats warm = tj::kernel_stats();
    double ratio = cpp_s.best() / tj_s.best();

    std::printf("bench_mandelbrot: iteration counts on %ux%u over [%.1f, %.1f] x [%.1f, %.1f], at most %d iterations; "
                "%zu thread(s) (tracejit's pool and std::threads alike), best of %d runs (median in parentheses)\n",
                grid.width, grid.height, double(grid.x0), double(grid.x0 + grid.dx * float(grid.width)),
                double(grid.y0), double(grid.y0 + grid.dy * float(grid.height)), grid.max_iterations, threads, runs);
    std::printf("  work: %.3g iterations in all (%.1f per pixel), %.1f%% of the pixels reach the maximum\n",
                double(total_iterations), double(total_iterations) / double(n), 100.0 * double(at_max) / double(n));
    std::printf("  tracejit, first run (trace, compile, run)  %8.2f ms; kernels launched %llu, compiled %llu "
                "(%.1f ms)\n",
                cold_s * 1e3, (unsigned long long)cold.launches, (unsigned long long)cold.misses, cold.compile_ms);
    std::printf("  tracejit, warm (trace + run, cached)       %8.2f ms (%8.2f)  %6.2f ns per iteration and thread\n",
                tj_s.best() * 1e3, tj_s.median() * 1e3, tj_s.best() * 1e9 * double(threads) / double(total_iterations));
    std::printf("  C++ loop (-O3 -march=native, scalar)       %8.2f ms (%8.2f)  %6.2f ns per iteration and thread\n",
                cpp_s.best() * 1e3, cpp_s.median() * 1e3,
                cpp_s.best() * 1e9 * double(threads) / double(total_iterations));
    std::printf("  C++ time / tracejit time                   %8.2fx\n", ratio);
    std::printf("  pixels whose counts differ: %zu of %zu (%.2e; at most %zu iterations apart); warm runs launched "
                "%llu kernels for %d runs, compiled %llu\n\n",
                mismatches, n, mismatch_fraction, max_diff, (unsigned long long)warm.launches, runs,
                (unsigned long long)warm.misses);

    bench::print_goal("mandelbrot 2048^2, C++ time / tracejit time", ratio, 1.0, "x", bench::Better::Higher);
    bool ok = cold.launches == 1 && warm.launches == uint64_t(runs) && warm.misses == 0 &&
              mismatch_fraction <= max_mismatch_fraction;
    if (!ok)
        std::printf("  FAILED: expected one kernel per evaluation, no compile when warm and at most %.0e of the "
                    "pixels differing\n",
                    max_mismatch_fraction);
    return ok ? 0 : 1;
}
