// bench/bench_fused.cpp — fused a*b + sin(a) on 16M float32: tracejit against two C++ loops, 1 thread and all threads
//
// The thread pool of tracejit is sized once per process (TRACEJIT_THREADS), so
// this program runs itself again as a worker (`--worker`) once with
// TRACEJIT_THREADS=1 and once with all threads. Each worker times tracejit and
// both C++ loops on its thread count, in turn within each run, and prints one
// line; the parent reads the lines back and prints one table.
#include "bench_util.h"
#include "fused_loops.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr size_t n = size_t(16) << 20;   // 16M elements
constexpr double bytes_per_element = 12; // read a, read b, write the result
const double gigabytes = n * bytes_per_element / 1e9;

/// The same inputs in the parent and in each worker: uniform in [-10, 10].
void make_inputs(std::vector<float> &a, std::vector<float> &b) {
    bench::Uniform dist(12345, -10.f, 10.f);
    a.resize(n);
    b.resize(n);
    for (size_t i = 0; i < n; ++i) {
        a[i] = dist();
        b[i] = dist();
    }
}

/// Largest |x - y| relative to max(1, |y|).
double max_rel_diff(const std::vector<float> &x, const std::vector<float> &y) {
    double worst = 0;
    for (size_t i = 0; i < x.size(); ++i)
        worst = std::max(worst, std::abs(double(x[i]) - double(y[i])) / std::max(1.0, std::abs(double(y[i]))));
    return worst;
}

double gbps(double seconds) { return seconds > 0 ? gigabytes / seconds : 0; }

/// Worker: with the pool this process got (TRACEJIT_THREADS), times tracejit and both loops on as many threads,
/// interleaved run by run so that a change in the load from other processes hits all three alike.
int worker(int runs) {
    bench::TempCacheDir cache_dir; // do not touch the user's disk cache
    std::vector<float> ha, hb, out(n), ref(n);
    make_inputs(ha, hb);
    std::fill(out.begin(), out.end(), 0.f); // touch the loops' output pages once, as a reused buffer would be
    tj::Float a(ha), b(hb);
    tj::eval(a, b);
    unsigned threads = unsigned(tj::thread_count());

    // Warm up: the first eval compiles the kernel, the second runs it from the memory cache.
    std::vector<float> result;
    for (int i = 0; i < 2; ++i) {
        tj::Float r = a * b + tj::sin(a);
        tj::eval(r);
        if (i == 1)
            result = tj::to_vector(r);
    }
    bench::fused_plain(ha.data(), hb.data(), ref.data(), 0, n);
    double diff = max_rel_diff(result, ref);

    tj::reset_kernel_stats();
    bench::Samples tj_s, plain_s, vec_s;
    for (int i = 0; i < runs; ++i) {
        {
            tj::Float r = a * b + tj::sin(a); // tracing is not timed: this measures the evaluation
            auto t0 = bench::Clock::now();
            tj::eval(r);
            tj_s.add(bench::seconds_since(t0));
        } // the result is freed before the next run, as in a loop of a user's program
        auto t0 = bench::Clock::now();
        bench::split_range(n, threads,
                           [&](size_t s, size_t e) { bench::fused_plain(ha.data(), hb.data(), out.data(), s, e); });
        plain_s.add(bench::seconds_since(t0));
        t0 = bench::Clock::now();
        bench::split_range(n, threads,
                           [&](size_t s, size_t e) { bench::fused_vec(ha.data(), hb.data(), out.data(), s, e); });
        vec_s.add(bench::seconds_since(t0));
    }
    tj::KernelStats ks = tj::kernel_stats();
    std::printf("worker %u %.9f %.9f %.9f %.9f %.9f %.9f %.3g %llu %llu\n", threads, tj_s.best(), tj_s.median(),
                plain_s.best(), plain_s.median(), vec_s.best(), vec_s.median(), diff, (unsigned long long)ks.launches,
                (unsigned long long)ks.misses);
    return 0;
}

struct WorkerResult {
    bool ok = false;
    unsigned threads = 0;
    double tj = 0, tj_med = 0, plain = 0, plain_med = 0, vec = 0, vec_med = 0, diff = 0;
    unsigned long long launches = 0, misses = 0;
};

WorkerResult run_worker(const std::string &self, unsigned threads, int runs) {
    std::string cmd = "TRACEJIT_THREADS=" + std::to_string(threads) + " BENCH_RUNS=" + std::to_string(runs) + " '" +
                      self + "' --worker";
    WorkerResult r;
    FILE *p = popen(cmd.c_str(), "r");
    if (!p)
        return r;
    char line[512];
    while (std::fgets(line, sizeof line, p)) {
        if (std::sscanf(line, "worker %u %lf %lf %lf %lf %lf %lf %lf %llu %llu", &r.threads, &r.tj, &r.tj_med, &r.plain,
                        &r.plain_med, &r.vec, &r.vec_med, &r.diff, &r.launches, &r.misses) == 10)
            r.ok = true;
        else
            std::fputs(line, stdout); // pass anything else (warnings) through
    }
    r.ok = pclose(p) == 0 && r.ok;
    return r;
}

} // namespace

int main(int argc, char **argv) {
    int runs = bench::env_int("BENCH_RUNS", 10);
    if (argc > 1 && std::strcmp(argv[1], "--worker") == 0)
        return worker(runs);

    std::error_code ec;
    std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec)
        self = argv[0];

    // The two loops must agree with each other (libmvec's sinf is within a few ulp of libm's).
    double loop_diff;
    {
        std::vector<float> a, b, plain(n), vec(n);
        make_inputs(a, b);
        bench::fused_plain(a.data(), b.data(), plain.data(), 0, n);
        bench::fused_vec(a.data(), b.data(), vec.data(), 0, n);
        loop_diff = max_rel_diff(vec, plain);
    }

    unsigned all = bench::hardware_threads();
    std::vector<unsigned> thread_counts{1};
    if (all > 1)
        thread_counts.push_back(all);

    std::printf("bench_fused: r = a*b + sin(a), %zu float32 elements, %.0f bytes/element, best of %d runs "
                "(median in parentheses)\n",
                n, bytes_per_element, runs);
    std::printf("  (i)  C++ loop, -O3 -march=native (scalar sinf)\n");
    std::printf("  (ii) C++ loop, -O3 -march=native -fno-math-errno -fveclib=libmvec -mprefer-vector-width=512\n");
    std::printf("  tracejit: tj::eval(r) with the kernel in the memory cache and a, b evaluated beforehand;\n"
                "            every run allocates a fresh result (as a user's program does), the loops reuse one\n");
    std::printf("  one process per thread count (TRACEJIT_THREADS), the three measured in turn within each run\n");
    std::printf("  max relative difference (ii) vs (i): %.2g\n\n", loop_diff);
    std::printf("  %-7s | %-21s | %-21s | %-21s | %-7s | %-7s\n", "threads", "tracejit GB/s", "(i) GB/s", "(ii) GB/s",
                "tj/(i)", "tj/(ii)");

    std::vector<WorkerResult> rows;
    int failures = 0;
    for (unsigned t : thread_counts) {
        WorkerResult w = run_worker(self, t, runs);
        if (!w.ok || w.threads != t) {
            std::printf("  %-7u | the worker failed (it ran %u threads)\n", t, w.threads);
            ++failures;
            continue;
        }
        if (w.diff > 1e-5) {
            std::printf("  %-7u | tracejit's result differs from loop (i): max relative difference %.3g\n", t, w.diff);
            ++failures;
        }
        if (w.misses != 0 || w.launches != unsigned(runs)) {
            std::printf("  %-7u | unexpected kernel stats in the timed runs: %llu launches, %llu compiles\n", t,
                        w.launches, w.misses);
            ++failures;
        }
        rows.push_back(w);
        char c1[32], c2[32], c3[32];
        std::snprintf(c1, sizeof c1, "%6.2f (%6.2f)", gbps(w.tj), gbps(w.tj_med));
        std::snprintf(c2, sizeof c2, "%6.2f (%6.2f)", gbps(w.plain), gbps(w.plain_med));
        std::snprintf(c3, sizeof c3, "%6.2f (%6.2f)", gbps(w.vec), gbps(w.vec_med));
        std::printf("  %-7u | %-21s | %-21s | %-21s | %6.2fx | %6.2fx\n", t, c1, c2, c3, w.plain / w.tj, w.vec / w.tj);
        std::fflush(stdout);
    }
    std::printf("\n");
    for (const WorkerResult &r : rows) {
        char what[64];
        const char *s = r.threads > 1 ? "s" : "";
        std::snprintf(what, sizeof what, "fused a*b+sin(a) tj/(i), %u thread%s", r.threads, s);
        bench::print_goal(what, r.plain / r.tj, 1.0, "x", bench::Better::Higher);
        std::snprintf(what, sizeof what, "fused a*b+sin(a) tj/(ii), %u thread%s", r.threads, s);
        bench::print_goal(what, r.vec / r.tj, 0.9, "x", bench::Better::Higher);
    }
    return failures ? 1 : 0;
}
