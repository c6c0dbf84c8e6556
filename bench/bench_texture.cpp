// bench/bench_texture.cpp — bilinear 2-d texture lookups: tj::Texture2f::eval against a hand-written C++ loop
//
// 16M random positions in [0, 1]², a 1024 × 1024 texture with 4 channels (16 MiB), clamp at the edges. tracejit
// traces the lookup (4 corners, each one packed gather of its 4 channels, weights) and runs it as one kernel on its thread pool; the
// C++ loop (texture_loop.cpp, -O3 -march=native) runs on as many std::threads, split into the same blocks. The
// two alternate run by run (A, B, A, B, …) so that both see the same machine load; the ratio of the medians is
// printed. Both write one output array per channel. Dr.Jit's Texture2f (a Python package, not a dependency of this
// project) is compared on the same workload by the peer harness, bench/peers (docs/benchmarks.md).
//
// Environment: BENCH_RUNS (default 9), BENCH_POSITIONS (default 16777216).
#include "bench_util.h"
#include "texture_loop.h"

#include <tracejit/tracejit.h>

#include <cmath>

namespace {

void lookups_threads(const std::vector<float> &texels, size_t h, size_t w, size_t channels, const float *x,
                     const float *y, float *const *out, size_t n, size_t threads) {
    bench::run_blocks(n, threads, [&](size_t s, size_t e) {
        bench::bilinear_lookups(texels.data(), h, w, channels, x, y, out, s, e);
    });
}

} // namespace

int main() {
    bench::TempCacheDir cache_dir;
    const int runs = bench::env_int("BENCH_RUNS", 9);
    const size_t n = size_t(bench::env_int("BENCH_POSITIONS", 16 << 20));
    const size_t h = 1024, w = 1024, channels = 4, threads = tj::thread_count();

    std::vector<float> texels(h * w * channels), xs(n), ys(n);
    bench::Uniform tex_rng(1, 0.f, 1.f), pos_rng(2, 0.f, 1.f);
    for (float &v : texels)
        v = tex_rng();
    for (size_t i = 0; i < n; ++i)
        xs[i] = pos_rng(), ys[i] = pos_rng();

    tj::Texture2f tex({h, w}, channels, tj::FilterMode::Linear, tj::WrapMode::Clamp);
    tex.set_value(tj::Float(texels));
    tj::Float x(xs), y(ys);
    tj::eval(tex.value(), x, y);

    auto run_tracejit = [&] {
        std::vector<tj::Float> v = tex.eval({x, y});
        tj::eval(v[0], v[1], v[2], v[3]);
        return v;
    };
    std::vector<std::vector<float>> expect(channels, std::vector<float>(n));
    float *out[4] = {expect[0].data(), expect[1].data(), expect[2].data(), expect[3].data()};

    // First run: compiles; check against the C++ loop.
    tj::reset_kernel_stats();
    std::vector<tj::Float> first = run_tracejit();
    tj::KernelStats cold = tj::kernel_stats();
    lookups_threads(texels, h, w, channels, xs.data(), ys.data(), out, n, threads);
    double worst = 0;
    for (size_t c = 0; c < channels; ++c) {
        std::vector<float> got = tj::to_vector(first[c]);
        for (size_t i = 0; i < n; ++i)
            worst = std::max(worst, double(std::fabs(got[i] - expect[c][i])));
    }
    first.clear();

    bench::Samples tj_s, cpp_s;
    for (int r = 0; r < runs; ++r) { // A, B alternating
        auto t0 = bench::Clock::now();
        std::vector<tj::Float> v = run_tracejit();
        tj_s.add(bench::seconds_since(t0));
        v.clear();
        auto t1 = bench::Clock::now();
        lookups_threads(texels, h, w, channels, xs.data(), ys.data(), out, n, threads);
        cpp_s.add(bench::seconds_since(t1));
    }
    std::printf("bench_texture: %zu bilinear lookups of a %zu x %zu texture with %zu channels (clamp), %zu thread(s) "
                "(tracejit's pool and std::threads alike), %d runs alternating, median (best in parentheses)\n",
                n, h, w, channels, threads, runs);
    std::printf("  first run: %llu kernel launch(es), %.1f ms compiling; largest difference from the C++ loop %.2g\n",
                (unsigned long long)cold.launches, cold.compile_ms, worst);
    std::printf("  tracejit Texture2f::eval        %8.2f ms (%8.2f)  %7.1f M lookups/s\n", tj_s.median() * 1e3,
                tj_s.best() * 1e3, double(n) / tj_s.median() * 1e-6);
    std::printf("  C++ loop (-O3 -march=native)    %8.2f ms (%8.2f)  %7.1f M lookups/s\n", cpp_s.median() * 1e3,
                cpp_s.best() * 1e3, double(n) / cpp_s.median() * 1e-6);
    std::printf("  Dr.Jit Texture2f                measured by bench/peers (BENCH_ONLY=peers bench/run.sh <build>): "
                "the same lookups, tracejit and Dr.Jit in turns in one run (Dr.Jit is a Python package)\n");
    bench::print_goal("texture lookups/s vs C++ loop (median ratio)", cpp_s.median() / tj_s.median(), 1.0, "x",
                      bench::Better::Higher);
    return worst < 1e-4 ? 0 : 1;
}
