// bench/bench_ad.cpp — automatic differentiation: memory of a long chain, backward against a hand-written derivative
//
// Three figures, each with its goal (docs/benchmarks.md):
//  1. Enoki's memory point: y = x (1M floats, gradients enabled), 1000 × y = y*y*0.5 + 0.5, backward(y),
//     eval(grad(x)). Peak resident memory growth and wall time of a warm run (kernel cached). The same with
//     eval(y) in every step, with graph simplification (Flag::ADSimplify) on and off, is printed beside it.
//  2. The gradient of a 100-operation elementwise function (bench/ad_function.h) on 16M floats by backward,
//     against a hand-written derivative loop (bench/ad_loop.cpp) on as many threads.
//  3. The cost of that gradient (forward + backward + eval) over the cost of the function alone.
// Peak memory: the process's resident high-water mark (VmHWM in /proc/self/status), reset before each
// measurement by writing 5 to /proc/self/clear_refs, minus the resident size (VmRSS) at that moment; tracejit's
// cache of freed buffers is emptied and malloc trimmed first, so the growth counts every buffer the run needed.
#include "ad_function.h"
#include "ad_loops.h"
#include "bench_util.h"

#include <tracejit/tracejit.h>

#include "backend/cpu/cpu_memory.h" // tj::cpu::flush_buffer_cache(): an empty buffer cache before each measurement

#include <malloc.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

// ---------------------------------------------------------------------------------------------------------------
// Memory of the process

/// Sets the high-water mark back to the current resident size (Linux ≥ 4.0); false when the kernel refuses.
bool reset_peak_rss() {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    clear.flush();
    return bool(clear);
}

/// Empties tracejit's buffer cache and gives malloc's free memory back to the system.
void release_cached_memory() {
    tj::cpu::flush_buffer_cache();
    malloc_trim(0);
}

// ---------------------------------------------------------------------------------------------------------------
// 1. A chain of 1000 steps on 1M floats

constexpr size_t chain_size = size_t(1) << 20;
constexpr int chain_steps = 1000;

/// d y_1000 / dx for y_0 = x, y_{k+1} = y_k²/2 + 1/2: the product of y_0 … y_999, in double.
double chain_gradient(double x) {
    double y = x, d = 1;
    for (int k = 0; k < chain_steps; ++k) {
        d *= y;
        y = y * y * 0.5 + 0.5;
    }
    return d;
}

/// One run: a fresh leaf with x's value, the chain, backward, the gradient evaluated.
tj::Float chain_run(const tj::Float &x, bool eval_each_step) {
    tj::Float leaf = tj::detach(x);
    tj::enable_grad(leaf);
    tj::Float y = leaf;
    for (int k = 0; k < chain_steps; ++k) {
        y = y * y * 0.5f + 0.5f;
        if (eval_each_step)
            tj::eval(y);
    }
    tj::backward(y);
    tj::Float g = tj::grad(leaf);
    tj::eval(g);
    return g;
}

struct ChainFigures {
    double growth_mb = 0; ///< peak resident growth of the first warm run, MB (10⁶ bytes)
    double best_ms = 0, median_ms = 0;
    double max_rel_err = 0; ///< of the gradient against chain_gradient(), on sampled elements
    uint64_t compiled_warm = 0;
};

ChainFigures measure_chain(const tj::Float &x, const std::vector<float> &hx, bool eval_each_step, bool simplify,
                           int runs) {
    tj::set_flag(tj::Flag::ADSimplify, simplify);
    ChainFigures f;
    std::vector<float> g = tj::to_vector(chain_run(x, eval_each_step)); // cold: compiles
    for (size_t i = 0; i < chain_size; i += chain_size / 1024) {
        double ref = chain_gradient(hx[i]);
        f.max_rel_err = std::max(f.max_rel_err, std::fabs(g[i] - ref) / std::fabs(ref));
    }
    g.clear();
    g.shrink_to_fit();

    // The first warm run starts from an empty buffer cache and measures the memory; the others reuse the buffers
    // the run before freed, as the iterations of a user's loop do.
    tj::KernelStats before = tj::kernel_stats();
    bench::Samples times;
    for (int r = 0; r < runs; ++r) {
        double rss = 0;
        if (r == 0) {
            release_cached_memory();
            rss = bench::status_bytes("VmRSS");
            reset_peak_rss();
        }
        auto t0 = bench::Clock::now();
        {
            tj::Float grad = chain_run(x, eval_each_step);
            times.add(bench::seconds_since(t0));
        }
        if (r == 0)
            f.growth_mb = (bench::status_bytes("VmHWM") - rss) / 1e6;
    }
    tj::KernelStats after = tj::kernel_stats();
    f.compiled_warm = (after.misses - before.misses) + (after.disk_hits - before.disk_hits);
    f.best_ms = 1e3 * times.best();
    f.median_ms = 1e3 * times.median();
    tj::set_flag(tj::Flag::ADSimplify, true);
    release_cached_memory();
    return f;
}

// ---------------------------------------------------------------------------------------------------------------
// 2 and 3. The 100-operation function on 16M floats

constexpr size_t fn_size = size_t(16) << 20;

/// Largest |a − b| relative to max(1e-3, |b|) (the gradient passes through 0).
double max_rel_diff(const std::vector<float> &a, const std::vector<float> &b) {
    double worst = 0;
    for (size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::fabs(double(a[i]) - b[i]) / std::max(1e-3, std::fabs(double(b[i]))));
    return worst;
}

/// The hand-written derivative against central differences of ad_function<double> on sampled elements.
double hand_loop_vs_finite_differences(const std::vector<float> &hx, const std::vector<float> &hand) {
    const double h = 1e-5;
    double worst = 0;
    for (size_t i = 0; i < hx.size(); i += hx.size() / 4096) {
        double fd = (bench::ad_function<double>(hx[i] + h) - bench::ad_function<double>(hx[i] - h)) / (2 * h);
        worst = std::max(worst, std::fabs(hand[i] - fd) / std::max(1e-3, std::fabs(fd)));
    }
    return worst;
}

/// forward + backward + eval of the gradient, from a fresh leaf.
tj::Float tj_gradient(const tj::Float &x) {
    tj::Float leaf = tj::detach(x);
    tj::enable_grad(leaf);
    tj::Float y = bench::ad_function(leaf);
    tj::backward(y);
    tj::Float g = tj::grad(leaf);
    tj::eval(g);
    return g;
}

/// The function alone (no gradients), evaluated.
tj::Float tj_primal(const tj::Float &x) {
    tj::Float y = bench::ad_function(x);
    tj::eval(y);
    return y;
}

void print_chain(const char *what, const ChainFigures &f) {
    std::printf("  %-44s | %9.1f | %9.1f (%9.1f) | %d | %.2g\n", what, f.growth_mb, f.best_ms, f.median_ms,
                int(f.compiled_warm), f.max_rel_err);
}

} // namespace

int main() {
    bench::TempCacheDir cache_dir; // do not touch the user's disk cache
    // Buffers above 128 KiB come from mmap and go back to the system when freed (glibc otherwise raises this
    // threshold after the first free, and freed buffers would stay resident in the heap).
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    int runs = bench::env_int("BENCH_RUNS", 10);
    int slow_runs = std::max(2, runs / 3);
    unsigned threads = unsigned(tj::thread_count());
    int failures = 0;

    // 1. ---------------------------------------------------------------------------------------------------------
    if (!reset_peak_rss()) {
        std::printf("bench_ad: cannot reset the peak resident size (/proc/self/clear_refs): Linux 4.0 or later "
                    "is needed to measure memory\n");
        return 1;
    }
    std::vector<float> hx(chain_size);
    {
        bench::Uniform dist(7, 0.f, 1.f);
        for (float &v : hx)
            v = dist();
    }
    tj::Float x(hx);
    tj::eval(x);
    std::printf("bench_ad on %u threads; best of %d runs (median in parentheses), %d for the slow rows\n\n", threads,
                runs, slow_runs);
    std::printf("1. y = x (%zu floats, gradients on), %d x y = y*y*0.5 + 0.5, backward(y), eval(grad(x))\n", chain_size,
                chain_steps);
    std::printf("   memory: resident high-water mark growth of the first warm run (VmHWM after, VmRSS before);\n"
                "   time: trace + backward + eval, kernels cached\n");
    std::printf("  %-44s | %-9s | %-21s | %s | %s\n", "variant", "peak MB", "ms", "compiles warm", "max rel err");
    ChainFigures lazy = measure_chain(x, hx, false, true, runs);
    print_chain("lazy chain (ADSimplify on, the default)", lazy);
    std::fflush(stdout);
    ChainFigures lazy_off = measure_chain(x, hx, false, false, runs);
    print_chain("lazy chain, ADSimplify off", lazy_off);
    std::fflush(stdout);
    ChainFigures eval_on = measure_chain(x, hx, true, true, slow_runs);
    print_chain("eval(y) in every step, ADSimplify on", eval_on);
    std::fflush(stdout);
    ChainFigures eval_off = measure_chain(x, hx, true, false, slow_runs);
    print_chain("eval(y) in every step, ADSimplify off", eval_off);
    std::printf("  with eval(y) in every step, simplification saves %.1f MB of peak memory (%.1f → %.1f MB) and "
                "changes the time %.1f → %.1f ms\n\n",
                eval_off.growth_mb - eval_on.growth_mb, eval_off.growth_mb, eval_on.growth_mb, eval_off.best_ms,
                eval_on.best_ms);
    for (const ChainFigures *f : {&lazy, &lazy_off, &eval_on, &eval_off}) {
        if (f->max_rel_err > 2e-2) {
            std::printf("  wrong gradient: max relative error %.3g against the closed form\n", f->max_rel_err);
            ++failures;
        }
        if (f->compiled_warm != 0) {
            std::printf("  warm runs compiled %llu kernel(s): the same trace should hit the memory cache\n",
                        (unsigned long long)f->compiled_warm);
            ++failures;
        }
    }

    // 2 and 3. ---------------------------------------------------------------------------------------------------
    hx.assign(fn_size, 0.f);
    {
        bench::Uniform dist(11, -1.f, 1.f);
        for (float &v : hx)
            v = dist();
    }
    x = tj::Float(hx);
    tj::eval(x);
    std::vector<float> hand_vec(fn_size), hand_plain(fn_size);
    bench::split_range(fn_size, threads,
                       [&](size_t b, size_t e) { bench::ad_gradient_vec(hx.data(), hand_vec.data(), b, e); });
    bench::split_range(fn_size, threads,
                       [&](size_t b, size_t e) { bench::ad_gradient_plain(hx.data(), hand_plain.data(), b, e); });
    double fd_err = hand_loop_vs_finite_differences(hx, hand_plain);
    double loops_err = max_rel_diff(hand_vec, hand_plain);
    double tj_err = max_rel_diff(tj::to_vector(tj_gradient(x)), hand_plain);
    tj_primal(x); // compile the primal kernel too
    std::printf("2. gradient of a 100-op elementwise function (bench/ad_function.h) on %zu floats, %u threads\n",
                fn_size, threads);
    std::printf("   (i)  hand-written derivative loop, -O3 -march=native (scalar sinf/cosf/expf)\n");
    std::printf(
        "   (ii) the same loop, -O3 -march=native -fno-math-errno -fveclib=libmvec -mprefer-vector-width=512\n");
    std::printf("   tracejit: fresh leaf, trace the function, backward(y), eval(grad(x)) (kernel cached)\n");
    std::printf("   max relative error (floor 1e-3): (i) vs central differences in double %.2g, (ii) vs (i) %.2g, "
                "tracejit vs (i) %.2g\n",
                fd_err, loops_err, tj_err);
    if (fd_err > 1e-2 || loops_err > 1e-3 || tj_err > 1e-3) {
        std::printf("   the gradients disagree: see above\n");
        ++failures;
    }

    tj::reset_kernel_stats();
    bench::Samples tj_grad_s, tj_primal_s, plain_s, vec_s;
    for (int r = 0; r < runs; ++r) {
        auto t0 = bench::Clock::now();
        {
            tj::Float g = tj_gradient(x);
            tj_grad_s.add(bench::seconds_since(t0));
        }
        t0 = bench::Clock::now();
        {
            tj::Float y = tj_primal(x);
            tj_primal_s.add(bench::seconds_since(t0));
        }
        t0 = bench::Clock::now();
        bench::split_range(fn_size, threads,
                           [&](size_t b, size_t e) { bench::ad_gradient_vec(hx.data(), hand_vec.data(), b, e); });
        vec_s.add(bench::seconds_since(t0));
        if (r < slow_runs) { // the scalar-libm loop is an order of magnitude slower
            t0 = bench::Clock::now();
            bench::split_range(fn_size, threads, [&](size_t b, size_t e) {
                bench::ad_gradient_plain(hx.data(), hand_plain.data(), b, e);
            });
            plain_s.add(bench::seconds_since(t0));
        }
    }
    tj::KernelStats ks = tj::kernel_stats();
    if (ks.misses + ks.disk_hits != 0) {
        std::printf("   the timed runs compiled %llu kernel(s): they should all hit the memory cache\n",
                    (unsigned long long)(ks.misses + ks.disk_hits));
        ++failures;
    }
    std::printf("   tracejit gradient %.1f (%.1f) ms, (i) %.1f (%.1f) ms, (ii) %.1f (%.1f) ms; "
                "tracejit function alone %.1f (%.1f) ms\n",
                1e3 * tj_grad_s.best(), 1e3 * tj_grad_s.median(), 1e3 * plain_s.best(), 1e3 * plain_s.median(),
                1e3 * vec_s.best(), 1e3 * vec_s.median(), 1e3 * tj_primal_s.best(), 1e3 * tj_primal_s.median());
    std::printf("3. reverse-mode cost: tracejit gradient / tracejit function alone (trace + eval(y)) = %.2f\n\n",
                tj_grad_s.best() / tj_primal_s.best());

    bench::print_goal("ad chain 1M x 1000: peak memory growth", lazy.growth_mb, 40, "MB", bench::Better::Lower);
    bench::print_goal("ad chain 1M x 1000: warm time", lazy.best_ms, 150, "ms", bench::Better::Lower);
    bench::print_goal("ad 100-op gradient 16M: tj/(i) time", tj_grad_s.best() / plain_s.best(), 1.3, "x",
                      bench::Better::Lower);
    bench::print_goal("ad 100-op gradient 16M: tj/(ii) time", tj_grad_s.best() / vec_s.best(), 1.3, "x",
                      bench::Better::Lower);
    bench::print_goal("ad 100-op: gradient/function time", tj_grad_s.best() / tj_primal_s.best(), 3, "x",
                      bench::Better::Lower);
    return failures ? 1 : 0;
}
