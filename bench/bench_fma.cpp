// bench/bench_fma.cpp — fused a*b + c on 16M float32 with 2 threads: GB/s of tracejit against a C++ loop
#include "bench_util.h"
#include "fused_loops.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr size_t n = size_t(16) << 20;   // 16M elements
constexpr double bytes_per_element = 16; // read a, b, c, write the result
constexpr unsigned threads = 2;
constexpr double goal_gbps = 34; // Dr.Jit's LLVM backend on this kind of machine

double gbps(double seconds) { return seconds > 0 ? n * bytes_per_element / 1e9 / seconds : 0; }

} // namespace

int main() {
    // Before the first tracejit call: the pool is sized once, and this run must not touch the user's disk cache.
    setenv("TRACEJIT_THREADS", "2", 1);
    bench::TempCacheDir cache_dir;
    int runs = bench::env_int("BENCH_RUNS", 10);

    std::vector<float> ha(n), hb(n), hc(n), out(n, 0.f);
    bench::Uniform dist(7, -10.f, 10.f);
    for (size_t i = 0; i < n; ++i) {
        ha[i] = dist();
        hb[i] = dist();
        hc[i] = dist();
    }
    tj::Float a(ha), b(hb), c(hc);
    tj::eval(a, b, c);

    // Warm up (compile once), then check the result against the loop.
    std::vector<float> result;
    for (int i = 0; i < 2; ++i) {
        tj::Float r = a * b + c;
        tj::eval(r);
        if (i == 1)
            result = tj::to_vector(r);
    }
    bench::fma_vec(ha.data(), hb.data(), hc.data(), out.data(), 0, n);
    size_t mismatches = 0;
    for (size_t i = 0; i < n; ++i)
        mismatches += std::abs(result[i] - out[i]) > 1e-5f * std::max(1.f, std::abs(out[i]));

    tj::reset_kernel_stats();
    bench::Samples tj_s;
    for (int i = 0; i < runs; ++i) {
        tj::Float r = a * b + c; // tracing is not timed
        auto t0 = bench::Clock::now();
        tj::eval(r);
        tj_s.add(bench::seconds_since(t0));
    }
    tj::KernelStats ks = tj::kernel_stats();
    bench::Samples loop_s = bench::measure(runs, [&] {
        bench::split_range(
            n, threads, [&](size_t s, size_t e) { bench::fma_vec(ha.data(), hb.data(), hc.data(), out.data(), s, e); });
    });

    // The same loop writing a freshly allocated output each run, as tracejit does: shows what first-touch page
    // faults on a new buffer cost (informational, no goal).
    bench::Samples fresh_s = bench::measure(runs, [&] {
        float *o = static_cast<float *>(std::aligned_alloc(64, n * sizeof(float)));
        bench::split_range(n, threads,
                           [&](size_t s, size_t e) { bench::fma_vec(ha.data(), hb.data(), hc.data(), o, s, e); });
        std::free(o);
    });

    std::printf("bench_fma: r = a*b + c, %zu float32 elements, %.0f bytes/element, %u threads "
                "(tracejit pool: %zu), best of %d runs (median in parentheses)\n",
                n, bytes_per_element, threads, tj::thread_count(), runs);
    std::printf("  tracejit (eval only, fresh result each run) %6.2f GB/s (%6.2f)\n", gbps(tj_s.best()),
                gbps(tj_s.median()));
    std::printf("  C++ loop (-O3 -march=native, reused output) %6.2f GB/s (%6.2f)\n", gbps(loop_s.best()),
                gbps(loop_s.median()));
    std::printf("  C++ loop (same, fresh output each run)      %6.2f GB/s (%6.2f)\n", gbps(fresh_s.best()),
                gbps(fresh_s.median()));
    std::printf("  tracejit / C++ loop (reused output)         %6.2fx\n", loop_s.best() / tj_s.best());
    std::printf("  mismatches against the loop: %zu; kernel compiles in timed runs: %llu\n\n", mismatches,
                (unsigned long long)ks.misses);
    bench::print_goal("fused a*b+c, 2 threads", gbps(tj_s.best()), goal_gbps, "GB/s", bench::Better::Higher);
    return mismatches || ks.misses ? 1 : 0;
}
