// bench/bench_block_reduce.cpp — tj::block_reduce(Max) of 16M float32 against a hand-written loop, 1 and all threads
//
// As bench_fused: the thread pool of tracejit is sized once per process (TRACEJIT_THREADS), so this program runs
// itself as a worker (`--worker`) once with TRACEJIT_THREADS=1 and once with all threads. Each worker times
// tracejit and the loop (block_max_loop.cpp, on as many std::threads, split by blocks) in turn, run by run, for
// blocks of 256 and of n/4, and prints one line per block size; the parent prints one table of GB/s (input bytes
// read per second), medians, and the ratio tracejit / loop (goal: at least 1.0 with the same threads).
#include "bench_util.h"
#include "block_max_loop.h"

#include <tracejit/tracejit.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr size_t n = size_t(16) << 20; // 16M elements
const double gigabytes = n * sizeof(float) / 1e9;
const size_t block_sizes[] = {256, n / 4};

double gbps(double seconds) { return seconds > 0 ? gigabytes / seconds : 0; }

int worker(int runs) {
    bench::TempCacheDir cache_dir;
    std::vector<float> hx(n);
    bench::Uniform dist(4242, -10.f, 10.f);
    for (float &v : hx)
        v = dist();
    tj::Float x(hx);
    tj::eval(x);
    unsigned threads = unsigned(tj::thread_count());
    for (size_t block : block_sizes) {
        size_t blocks = (n + block - 1) / block;
        std::vector<float> out(blocks, 0.f);
        bench::block_max_loop(hx.data(), n, block, out.data(), 0, blocks);
        std::vector<float> got = tj::to_vector(tj::block_reduce(tj::ReduceOp::Max, x, block));
        bool same = got == out;
        bench::Samples tj_s, loop_s;
        bench::measure_alternating(
            runs, tj_s, [&] { tj::Float r = tj::block_reduce(tj::ReduceOp::Max, x, block); }, // evaluated at once
            loop_s,
            [&] {
                bench::split_range(blocks, threads, [&](size_t b, size_t e) {
                    bench::block_max_loop(hx.data(), n, block, out.data(), b, e);
                });
            });
        std::printf("worker %u %zu %.9f %.9f %.9f %.9f %d\n", threads, block, tj_s.best(), tj_s.median(), loop_s.best(),
                    loop_s.median(), same ? 1 : 0);
    }
    return 0;
}

struct Row {
    unsigned threads = 0;
    size_t block = 0;
    double tj = 0, tj_med = 0, loop = 0, loop_med = 0;
    int same = 0;
};

} // namespace

int main(int argc, char **argv) {
    int runs = bench::env_int("BENCH_RUNS", 10);
    if (argc > 1 && std::strcmp(argv[1], "--worker") == 0)
        return worker(runs);
    const std::string self = bench::self_path(argv[0]);
    std::printf("bench_block_reduce: tj::block_reduce(Max, x, block) of %zu float32 against a C++ loop of std::fmax\n"
                "  (-O3 -march=native, std::threads split by blocks); GB/s of input read, best of %d runs (median),\n"
                "  one process per thread count (TRACEJIT_THREADS), tracejit and the loop in turn within each run\n\n",
                n, runs);
    std::printf("  %-7s | %-9s | %-19s | %-19s | %-12s\n", "threads", "block", "tracejit GB/s", "loop GB/s",
                "tj/loop (med)");
    bench::WorkerRows<Row> result = bench::run_workers<Row>(
        self, runs, long(std::size(block_sizes)),
        [](const char *line, Row &r) {
            return std::sscanf(line, "worker %u %zu %lf %lf %lf %lf %d", &r.threads, &r.block, &r.tj, &r.tj_med,
                               &r.loop, &r.loop_med, &r.same) == 7;
        },
        [](unsigned t, const Row &r) {
            if (!r.same)
                std::printf("  %-7u | %-9zu | tracejit's result differs from the loop's\n", t, r.block);
            char c1[32], c2[32];
            std::snprintf(c1, sizeof c1, "%6.2f (%6.2f)", gbps(r.tj), gbps(r.tj_med));
            std::snprintf(c2, sizeof c2, "%6.2f (%6.2f)", gbps(r.loop), gbps(r.loop_med));
            std::printf("  %-7u | %-9zu | %-19s | %-19s | %5.2fx (%5.2fx)\n", t, r.block, c1, c2, r.loop / r.tj,
                        r.loop_med / r.tj_med);
            return r.same != 0;
        });
    for (const Row &r : result.rows) {
        char what[96];
        std::snprintf(what, sizeof what, "block_reduce(Max) blocks of %zu tj/loop (medians), %u thread%s", r.block,
                      r.threads, r.threads > 1 ? "s" : "");
        bench::print_goal(what, r.loop_med / r.tj_med, 1.0, "x", bench::Better::Higher);
    }
    return result.failures ? 1 : 0;
}
