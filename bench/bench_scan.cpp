// bench/bench_scan.cpp — tj::compress and tj::prefix_sum of 16M elements against hand-written loops, 1 and all threads
//
// As bench_block_reduce: tracejit's thread pool is sized once per process (TRACEJIT_THREADS), so this program runs
// itself as a worker (`--worker`) once with TRACEJIT_THREADS=1 and once with all threads. Each worker times tracejit
// and the hand loop (scan_loops.cpp, compress without a branch on the mask) in turn, run by run: compress of a mask
// with 10 % and 50 % true entries, and the exclusive prefix sum of UInt32 and of Float (accumulated in double by both).
// With several threads the loop does what tracejit does, on as many std::threads: count (or sum) each thread's part,
// scan the parts' totals, then write each part (compress: up to the part's last hit, so that the loop without a
// bound check stays inside the part's slots). GB/s count the bytes read and written (mask + indices; input + output),
// medians of the runs; the ratio is loop time / tracejit time (goal: at least 1.0 with the same threads).
#include "bench_util.h"
#include "scan_loops.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr size_t n = size_t(16) << 20; // 16M elements
const char *const cases[] = {"compress 10%", "compress 50%", "prefix_sum UInt32", "prefix_sum Float"};

/// The loop's parts: [b, e) of each of `threads` threads, as split_range cuts them.
std::vector<std::pair<size_t, size_t>> parts_of(unsigned threads) {
    std::vector<std::pair<size_t, size_t>> parts;
    size_t chunk = (n + threads - 1) / threads;
    chunk = (chunk + 63) & ~size_t(63);
    for (unsigned t = 0; t < threads; ++t)
        parts.push_back({std::min(n, t * chunk), std::min(n, (t + 1) * chunk)});
    return parts;
}

/// Runs fn(part index, b, e) on `threads` std::threads (one part each).
template <typename F> void each_part(unsigned threads, F &&fn) {
    auto parts = parts_of(threads);
    bench::split_range(threads, threads, [&](size_t first, size_t last) {
        for (size_t p = first; p < last; ++p)
            fn(p, parts[p].first, parts[p].second);
    });
}

size_t compress_threads(const uint8_t *mask, uint32_t *out, unsigned threads) {
    if (threads == 1)
        return bench::compress_loop(mask, 0, n, out);
    std::vector<size_t> start(threads), count(threads);
    each_part(threads, [&](size_t p, size_t b, size_t e) { count[p] = start[p] = bench::count_loop(mask, b, e); });
    size_t total = 0;
    for (size_t &s : start) {
        size_t c = s;
        s = total;
        total += c;
    }
    each_part(threads, [&](size_t p, size_t b, size_t e) { // up to the part's last hit: no store past its slots
        if (count[p] == 0)
            return;
        while (!mask[e - 1])
            --e;
        bench::compress_loop(mask, b, e, out + start[p]);
    });
    return total;
}

template <typename T, typename Acc> void prefix_threads(const T *x, T *out, unsigned threads) {
    if (threads == 1) {
        bench::prefix_sum_loop(x, 0, n, out, Acc(0));
        return;
    }
    std::vector<Acc> carry(threads);
    each_part(threads, [&](size_t p, size_t b, size_t e) { carry[p] = bench::sum_loop(x, b, e); });
    Acc total = 0;
    for (Acc &c : carry) {
        Acc s = c;
        c = total;
        total += s;
    }
    each_part(threads, [&](size_t p, size_t b, size_t e) { bench::prefix_sum_loop(x, b, e, out, carry[p]); });
}

int worker(int runs) {
    bench::TempCacheDir cache_dir;
    unsigned threads = unsigned(tj::thread_count());
    bench::Uniform dist(4242, 0.f, 1.f);
    for (const char *what : cases) {
        bench::Samples tj_s, loop_s;
        bool same = true;
        double bytes = 0;
        if (std::strncmp(what, "compress", 8) == 0) {
            float density = what[9] == '1' ? 0.1f : 0.5f;
            std::vector<uint8_t> hmask(n);
            std::vector<bool> bits(n);
            for (size_t i = 0; i < n; ++i)
                bits[i] = hmask[i] = dist() < density;
            tj::Bool mask(bits);
            tj::eval(mask);
            std::vector<uint32_t> out(n);
            size_t count = compress_threads(hmask.data(), out.data(), threads);
            out.resize(count);
            same = tj::to_vector(tj::compress(mask)) == out;
            out.resize(n);
            bytes = double(n) + 4.0 * double(count);
            bench::measure_alternating(
                runs, tj_s, [&] { tj::UInt32 idx = tj::compress(mask); }, // evaluated at once
                loop_s, [&] { compress_threads(hmask.data(), out.data(), threads); });
        } else if (std::strstr(what, "UInt32")) {
            std::vector<uint32_t> hx(n), out(n);
            for (uint32_t &v : hx)
                v = uint32_t(dist() * 1000);
            tj::UInt32 x(hx);
            tj::eval(x);
            prefix_threads<uint32_t, uint32_t>(hx.data(), out.data(), threads);
            same = tj::to_vector(tj::prefix_sum(x)) == out;
            bytes = 8.0 * double(n);
            bench::measure_alternating(
                runs, tj_s, [&] { tj::UInt32 p = tj::prefix_sum(x); }, loop_s,
                [&] { prefix_threads<uint32_t, uint32_t>(hx.data(), out.data(), threads); });
        } else {
            std::vector<float> hx(n), out(n);
            for (float &v : hx)
                v = dist();
            tj::Float x(hx);
            tj::eval(x);
            prefix_threads<float, double>(hx.data(), out.data(), threads);
            std::vector<float> got = tj::to_vector(tj::prefix_sum(x));
            for (size_t i = 0; i < n && same; ++i) // the same sums in double, added in other groupings
                same = std::fabs(got[i] - out[i]) <= 1e-6f * std::fabs(out[i]) + 1e-3f;
            bytes = 8.0 * double(n);
            bench::measure_alternating(
                runs, tj_s, [&] { tj::Float p = tj::prefix_sum(x); }, loop_s,
                [&] { prefix_threads<float, double>(hx.data(), out.data(), threads); });
        }
        std::printf("worker %u|%s|%.1f|%.9f|%.9f|%d\n", threads, what, bytes, tj_s.median(), loop_s.median(),
                    same ? 1 : 0);
    }
    return 0;
}

struct Row {
    unsigned threads = 0;
    std::string what;
    double bytes = 0, tj = 0, loop = 0;
    int same = 0;
};

} // namespace

int main(int argc, char **argv) {
    int runs = bench::env_int("BENCH_RUNS", 10);
    if (argc > 1 && std::strcmp(argv[1], "--worker") == 0)
        return worker(runs);
    const std::string self = bench::self_path(argv[0]);
    std::printf("bench_scan: tj::compress and tj::prefix_sum of %zu elements against C++ loops (-O3 -march=native;\n"
                "  with threads: count or sum per part, scan of the parts, write per part, on std::threads);\n"
                "  GB/s of bytes read and written, medians of %d runs, one process per thread count\n"
                "  (TRACEJIT_THREADS), tracejit and the loop in turn within each run\n\n",
                n, runs);
    std::printf("  %-7s | %-18s | %-13s | %-10s | %-8s\n", "threads", "case", "tracejit GB/s", "loop GB/s", "loop/tj");
    bench::WorkerRows<Row> result = bench::run_workers<Row>(
        self, runs, long(std::size(cases)),
        [](const char *line, Row &r) {
            char what[64];
            if (std::sscanf(line, "worker %u|%63[^|]|%lf|%lf|%lf|%d", &r.threads, what, &r.bytes, &r.tj, &r.loop,
                            &r.same) != 6)
                return false;
            r.what = what;
            return true;
        },
        [](unsigned t, const Row &r) {
            if (!r.same)
                std::printf("  %-7u | %-18s | tracejit's result differs from the loop's\n", t, r.what.c_str());
            std::printf("  %-7u | %-18s | %13.2f | %10.2f | %7.2fx\n", t, r.what.c_str(), r.bytes / r.tj / 1e9,
                        r.bytes / r.loop / 1e9, r.loop / r.tj);
            return r.same != 0;
        });
    for (const Row &r : result.rows) {
        char what[96];
        std::snprintf(what, sizeof what, "%s loop/tj (medians), %u thread%s", r.what.c_str(), r.threads,
                      r.threads > 1 ? "s" : "");
        bench::print_goal(what, r.loop / r.tj, 1.0, "x", bench::Better::Higher);
    }
    return result.failures ? 1 : 0;
}
