// bench/bench_trace.cpp — tracing cost: ns per operation while building chains of 1k/10k/100k ops and a 3-op graph
//
// Nothing is evaluated. Every operation of a chain reads the previous one, so
// common-subexpression elimination cannot merge any two of them; freeing the
// chain afterwards is timed separately (printed, not part of the goal).
#include "bench_util.h"
#include "chain.h"

#include <tracejit/tracejit.h>

#include <cstdio>
#include <vector>

namespace {

constexpr double goal_ns = 50; // per operation, at every length (Dr.Jit: 96 / 80 / 276 and 65 here)

} // namespace

int main() {
    bench::TempCacheDir cache_dir; // nothing is compiled, but never touch the user's cache from a benchmark
    int scale = bench::env_int("BENCH_RUNS", 10);
    tj::Float a = tj::opaque<tj::Float>(1.5f, 1024), b = tj::opaque<tj::Float>(0.5f, 1024);
    size_t base_vars = tj::detail::var_count();

    std::printf("bench_trace: ns per traced operation (no evaluation), best of the runs (median in parentheses);\n"
                "  wall = steady_clock (the goal), cpu = this thread's CPU time (leaves out waiting for a core)\n");
    std::printf("  %-22s | %-6s | %-19s | %-8s | %-19s\n", "graph", "runs", "build ns/op, wall", "cpu",
                "free ns/op, wall");

    struct Result {
        const char *name;
        double ns;
    };
    std::vector<Result> results;
    int failures = 0;
    // A 3-op graph (mul, sin, add) traced and dropped over and over, as a small kernel body in a user's loop: first
    // with the tables a small program has, then after the chains below have grown them.
    auto graph = [&](const char *name) {
        constexpr int batch = 1000;
        int runs = 20 * scale;
        bench::Samples s, cpu;
        for (int r = 0; r < runs + 1; ++r) {
            double c0 = bench::thread_cpu_seconds();
            auto t0 = bench::Clock::now();
            for (int i = 0; i < batch; ++i) {
                tj::Float y = a * b + tj::sin(a);
                (void)y;
            }
            if (r > 0) {
                s.add(bench::seconds_since(t0));
                cpu.add(bench::thread_cpu_seconds() - c0);
            }
        }
        double ns = s.best() * 1e9 / (3.0 * batch);
        std::printf("  %-22s | %6d | %8.1f (%8.1f) | %8.1f | (included in build)\n", name, runs * batch, ns,
                    s.median() * 1e9 / (3.0 * batch), cpu.best() * 1e9 / (3.0 * batch));
        results.push_back({name, ns});
    };
    graph("3-op graph, new tables");
    static const size_t lengths[] = {1000, 10000, 100000};
    static const char *names[] = {"chain of 1k ops", "chain of 10k ops", "chain of 100k ops"};
    for (int k = 0; k < 3; ++k) {
        size_t len = lengths[k];
        int runs = int(std::max<size_t>(5, size_t(scale) * 200000 / len)); // ~2M ops per length by default
        bench::Samples build, release, build_cpu;
        for (int r = 0; r < runs + 1; ++r) {
            tj::Float x = tj::opaque<tj::Float>(1.f + float(r), 1024);
            double c0 = bench::thread_cpu_seconds();
            auto t0 = bench::Clock::now();
            bench::build_chain(x, a, b, len);
            double tb = bench::seconds_since(t0);
            double tc = bench::thread_cpu_seconds() - c0;
            size_t live = tj::detail::var_count();
            t0 = bench::Clock::now();
            x = tj::Float();
            double tf = bench::seconds_since(t0);
            if (live < base_vars + len) {
                std::printf("  %s: only %zu variables were created for %zu operations (CSE merged some?)\n", names[k],
                            live - base_vars, len);
                ++failures;
            }
            if (r == 0)
                continue; // the first run grows the variable table and the CSE map
            build.add(tb);
            build_cpu.add(tc);
            release.add(tf);
        }
        double ns = build.best() * 1e9 / double(len);
        std::printf("  %-22s | %6d | %8.1f (%8.1f) | %8.1f | %8.1f (%8.1f)\n", names[k], runs, ns,
                    build.median() * 1e9 / double(len), build_cpu.best() * 1e9 / double(len),
                    release.best() * 1e9 / double(len), release.median() * 1e9 / double(len));
        results.push_back({names[k], ns});
    }

    // The 3-op graph again, now that the chains have grown the variable and CSE tables.
    graph("3-op graph");
    if (tj::detail::var_count() != base_vars) {
        std::printf("  variables leaked: %zu live, expected %zu\n", tj::detail::var_count(), base_vars);
        ++failures;
    }
    std::printf("\n");
    for (const Result &r : results) {
        char what[64];
        std::snprintf(what, sizeof what, "tracing, %s", r.name);
        bench::print_goal(what, r.ns, goal_ns, "ns/op", bench::Better::Lower);
    }
    return failures ? 1 : 0;
}
