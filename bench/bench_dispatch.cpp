// bench/bench_dispatch.cpp — symbolic virtual calls: tj::dispatch over 1M lanes against a hand-written C++ loop of
// virtual calls and against Dr.Jit's dr.switch
//
// K = 2, 8 and 64 classes (K + K/2 objects, random fields), 1M lanes pointing to random objects (one in 16 null),
// random x. tracejit: tj::dispatch(ptrs, [](Shape *s, const Float &x) { return s->eval(x); }, x), evaluated (tracing,
// the cached kernel and its launch on tracejit's thread pool, all timed). C++: the loop of dispatch_loop.cpp (-O3
// -march=native) on as many std::threads, in the same blocks. Dr.Jit: bench/peers/dispatch_drjit.py runs the same
// workload with dr.switch on its LLVM backend when `<build>/peers/venv/bin/python` imports drjit (else SKIPPED,
// with the reason). The three alternate run by run; medians are compared. The process CPU time of each tracejit and
// C++ run (all threads) is printed too: on the shared machine it is steadier than wall time.
//
// Environment: BENCH_RUNS (default 9), BENCH_LANES (default 1048576).
#include "bench_util.h"
#include "dispatch_loop.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#ifndef TRACEJIT_BENCH_DIR
#define TRACEJIT_BENCH_DIR "."
#endif
#ifndef TRACEJIT_BUILD_DIR
#define TRACEJIT_BUILD_DIR "."
#endif

namespace {

void calls_threads(const std::vector<bench::Shape *> &lanes, const std::vector<float> &x, std::vector<float> &out,
                   size_t threads) {
    bench::run_blocks(x.size(), threads,
                      [&](size_t s, size_t e) { bench::virtual_calls(lanes.data(), x.data(), out.data(), s, e); });
}

/// Dr.Jit's figure for one K (milliseconds, median of its runs), or a negative value with `why` set.
double drjit_ms(int k, size_t n, int runs, std::string &why) {
    const char *skipped = std::getenv("PEERS_VENV_SKIPPED"); // bench/run.sh could not make the venv: why
    if (skipped && *skipped) {
        why = skipped;
        return -1;
    }
    std::string python = std::string(TRACEJIT_BUILD_DIR) + "/peers/venv/bin/python";
    if (!std::ifstream(python).good()) {
        why = python + " does not exist (bench/peers/venv.sh <build> makes it; bench/run.sh does so before this "
                       "benchmark)";
        return -1;
    }
    std::string cmd = "DRJIT_LIBLLVM_PATH=/usr/lib/llvm-19/lib/libLLVM.so.1 " + python + " " +
                      std::string(TRACEJIT_BENCH_DIR) + "/peers/dispatch_drjit.py " + std::to_string(k) + " " +
                      std::to_string(n) + " " + std::to_string(runs) + " 2>&1";
    FILE *p = popen(cmd.c_str(), "r");
    if (!p) {
        why = "could not start " + python;
        return -1;
    }
    std::string text;
    char buf[512];
    while (fgets(buf, sizeof buf, p))
        text += buf;
    int rc = pclose(p);
    size_t at = text.find("drjit_ms ");
    if (rc != 0 || at == std::string::npos) {
        size_t end = text.find_last_not_of("\n"), begin = text.rfind('\n', end); // its last line (the error)
        std::string last = end == std::string::npos ? "no output" : text.substr(begin + 1, end - begin);
        why = "bench/peers/dispatch_drjit.py failed: " + last.substr(0, 300);
        return -1;
    }
    return std::stod(text.substr(at + 9));
}

} // namespace

int main() {
    bench::TempCacheDir cache_dir;
    const int runs = bench::env_int("BENCH_RUNS", 9);
    const size_t n = size_t(bench::env_int("BENCH_LANES", 1 << 20));
    const size_t threads = tj::thread_count();
    int status = 0;
    std::printf("bench_dispatch: %zu lanes, %zu thread(s) (tracejit's pool and std::threads alike), %d runs "
                "alternating, median (best in parentheses)\n",
                n, threads, runs);
    for (int k : {2, 8, 64}) {
        std::vector<std::unique_ptr<bench::Shape>> objs;
        bench::Uniform field(10 + k, -2.f, 2.f), pos(20 + k, -3.f, 3.f);
        for (int i = 0; i < k + k / 2; ++i)
            objs.push_back(bench::make_shape(i % k, field(), field()));
        std::vector<bench::Shape *> lanes(n);
        std::vector<float> xs(n), expect(n);
        uint64_t state = 0x9E3779B97F4A7C15ull * (k + 1);
        for (size_t i = 0; i < n; ++i) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            lanes[i] = state % 16 == 0 ? nullptr : objs[(state >> 8) % objs.size()].get();
            xs[i] = pos();
        }
        tj::Ptr<bench::Shape> ptrs(lanes);
        tj::Float x(xs);
        tj::eval(ptrs, x);
        auto run_tracejit = [&] {
            tj::Float r = tj::dispatch(ptrs, [](bench::Shape *s, const tj::Float &x) { return s->eval(x); }, x);
            tj::eval(r);
            tj::sync();
            return r;
        };
        tj::reset_kernel_stats();
        std::vector<float> got = tj::to_vector(run_tracejit());
        tj::KernelStats cold = tj::kernel_stats();
        calls_threads(lanes, xs, expect, threads);
        double worst = 0;
        for (size_t i = 0; i < n; ++i)
            worst = std::max(worst, double(std::fabs(got[i] - expect[i])) / (1 + std::fabs(expect[i])));
        if (worst > 1e-4)
            status = 1;
        bench::Samples tj_s, cpp_s, tj_cpu, cpp_cpu;
        for (int r = 0; r < runs; ++r) { // A, B alternating
            double c0 = bench::process_cpu_seconds();
            auto t0 = bench::Clock::now();
            tj::Float v = run_tracejit();
            tj_s.add(bench::seconds_since(t0));
            double c1 = bench::process_cpu_seconds();
            auto t1 = bench::Clock::now();
            calls_threads(lanes, xs, expect, threads);
            cpp_s.add(bench::seconds_since(t1));
            tj_cpu.add(c1 - c0);
            cpp_cpu.add(bench::process_cpu_seconds() - c1);
        }
        std::string why;
        double dr = drjit_ms(k, n, runs, why);
        // tracejit once more after Dr.Jit's runs, so that a change of the machine's load shows
        bench::Samples tj_after;
        for (int r = 0; r < runs; ++r) {
            auto t0 = bench::Clock::now();
            tj::Float v = run_tracejit();
            tj_after.add(bench::seconds_since(t0));
        }
        std::printf("K = %d classes (%zu objects): first run %llu kernel launch(es), %.1f ms compiling; largest "
                    "relative difference from the C++ loop %.2g\n",
                    k, objs.size(), (unsigned long long)cold.launches, cold.compile_ms, worst);
        std::printf("  tracejit tj::dispatch           %8.2f ms (%8.2f)   after Dr.Jit's runs %8.2f ms\n",
                    tj_s.median() * 1e3, tj_s.best() * 1e3, tj_after.median() * 1e3);
        std::printf("  C++ loop of virtual calls       %8.2f ms (%8.2f)\n", cpp_s.median() * 1e3, cpp_s.best() * 1e3);
        std::printf("  CPU time per run (all threads): tracejit %.2f ms, C++ loop %.2f ms (medians; steadier under "
                    "load)\n",
                    tj_cpu.median() * 1e3, cpp_cpu.median() * 1e3);
        char what[96];
        std::snprintf(what, sizeof what, "dispatch K=%d vs C++ virtual calls (median ratio)", k);
        bench::print_goal(what, cpp_s.median() / tj_s.median(), 1.0, "x", bench::Better::Higher);
        std::snprintf(what, sizeof what, "dispatch K=%d vs Dr.Jit dr.switch (median ratio)", k);
        if (dr > 0) {
            std::printf("  Dr.Jit dr.switch (LLVM)         %8.2f ms\n", dr);
            double tj_ms = 0.5 * (tj_s.median() + tj_after.median()) * 1e3;
            bench::print_goal(what, dr / tj_ms, 1.0, "x", bench::Better::Higher);
        } else {
            std::printf("GOAL %-46s SKIPPED: %s\n", what, why.c_str());
        }
    }
    return status;
}
