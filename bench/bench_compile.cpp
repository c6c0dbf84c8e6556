// bench/bench_compile.cpp — cold compile of 1k/10k/100k-op kernels, warm (memory) and disk-cache evaluation of 100k
//
// Each cold kernel is new to the process and to its private disk cache: the
// chain starts with `x + seed` for a seed used once, so its IR text differs.
// A cold evaluation therefore compiles (and stores the object on disk, as the
// default configuration does); the warm one finds the kernel in memory; the
// disk hit empties the memory level first (tj::clear_kernel_cache()).
// Last, cold compiles of small kernels in a cache folder crowded with files (BENCH_CROWD_FILES, default 30,000,
// about a user's folder of 130 MB) against the same folder empty, alternating: a store must not cost in proportion
// to the folder (docs/kernel-cache.md, "Eviction"). The two folders swap places under the cache's path
// (renameat2 RENAME_EXCHANGE), so this process's cache sees both.
#include "bench_util.h"
#include "chain.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

namespace {

int failures = 0;
constexpr size_t n = 64; // elements: small, so that running the kernel costs little next to building it
float next_seed = 1.0f;  // each cold kernel gets a seed no kernel had before

/// The chain x0 + seed, then `ops - 1` operations on it.
tj::Float trace_chain(const tj::Float &x0, const tj::Float &a, const tj::Float &b, size_t ops, float seed) {
    tj::Float x = x0 + seed;
    bench::build_chain(x, a, b, ops - 1);
    return x;
}

/// The same chain on the host in double precision (the chain converges to a fixed point near -0.001, so rounding
/// differences, FMA contraction included, stay small).
double host_chain(double x0, double a, double b, size_t ops, float seed) {
    double x = x0 + double(seed);
    for (size_t i = 0; i + 1 < ops; ++i) {
        switch (i & 3) {
        case 0: x = x * a; break;
        case 1: x = x + b; break;
        case 2: x = x - a; break;
        default: x = x * b; break;
        }
    }
    return x;
}

struct Timed {
    double trace_s = 0, eval_s = 0, compile_ms = 0;
    tj::KernelStats delta;
};

/// Traces the chain, then evaluates it; records both times and what the kernel cache did.
Timed run_chain(const tj::Float &x0, const tj::Float &a, const tj::Float &b, size_t ops, float seed) {
    tj::KernelStats before = tj::kernel_stats();
    Timed t;
    auto t0 = bench::Clock::now();
    tj::Float x = trace_chain(x0, a, b, ops, seed);
    t.trace_s = bench::seconds_since(t0);
    t0 = bench::Clock::now();
    tj::eval(x);
    t.eval_s = bench::seconds_since(t0);
    tj::KernelStats after = tj::kernel_stats();
    t.delta.launches = after.launches - before.launches;
    t.delta.memory_hits = after.memory_hits - before.memory_hits;
    t.delta.disk_hits = after.disk_hits - before.disk_hits;
    t.delta.misses = after.misses - before.misses;
    t.compile_ms = after.compile_ms - before.compile_ms;
    double want = host_chain(0.25f, 1.0001f, 0.001f, ops, seed), got = x.read(n - 1);
    if (std::abs(got - want) > 1e-4 * std::abs(want) + 1e-6) {
        std::printf("  chain of %zu ops: wrong result %.9g, expected %.9g\n", ops, got, want);
        ++failures;
    }
    return t;
}

/// Checks that a run used the cache level it was meant to.
void expect(const Timed &t, const char *what, uint64_t misses, uint64_t memory_hits, uint64_t disk_hits) {
    if (t.delta.launches != 1 || t.delta.misses != misses || t.delta.memory_hits != memory_hits ||
        t.delta.disk_hits != disk_hits) {
        std::printf("  %s: expected %llu compile / %llu memory hit / %llu disk hit, got %llu / %llu / %llu "
                    "in %llu launches\n",
                    what, (unsigned long long)misses, (unsigned long long)memory_hits, (unsigned long long)disk_hits,
                    (unsigned long long)t.delta.misses, (unsigned long long)t.delta.memory_hits,
                    (unsigned long long)t.delta.disk_hits, (unsigned long long)t.delta.launches);
        ++failures;
    }
}

void print_row(const char *what, int runs, const bench::Samples &total, const bench::Samples &trace,
               const bench::Samples &eval, const bench::Samples &compile) {
    std::printf("  %-28s | %4d | %9.2f (%9.2f) | %8.2f | %9.2f | %9.2f\n", what, runs, total.best() * 1e3,
                total.median() * 1e3, trace.best() * 1e3, eval.best() * 1e3, compile.best());
}

/// Makes `count` files of 4.5 KB named like cache files in `dir` (never loaded: no kernel has their names).
void fill_folder(const std::string &dir, int count) {
    const std::vector<char> bytes(4600, 'c');
    for (int i = 0; i < count; ++i) {
        char name[64];
        std::snprintf(name, sizeof name, "/f%015x.tjk", i);
        int fd = ::open((dir + name).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (fd < 0 || ::write(fd, bytes.data(), bytes.size()) != ssize_t(bytes.size())) {
            std::perror("bench_compile: cannot fill the crowded folder");
            std::exit(1);
        }
        ::close(fd);
    }
}

/// Swaps the folders at `a` and `b` (each keeps its files).
void swap_folders(const std::string &a, const std::string &b) {
    if (::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) != 0) {
        std::perror("bench_compile: cannot swap the cache folders");
        std::exit(1);
    }
}

/// Cold compiles of a 16-op kernel with the cache folder crowded, then empty, alternating; prints both medians.
void crowded_folder(const std::string &cache_dir, const tj::Float &x0, const tj::Float &a, const tj::Float &b,
                    int rounds) {
    const int files = bench::env_int("BENCH_CROWD_FILES", 30000);
    bench::TempDir aside("tracejit-bench-crowd"); // the folder not in use: crowded or empty
    fill_folder(aside.path(), files);
    bench::Samples crowded, empty;
    bool in_use_crowded = false;
    for (int r = 0; r < 2 * rounds; ++r) {
        swap_folders(cache_dir, aside.path());
        in_use_crowded = !in_use_crowded;
        for (int k = 0; k < 5; ++k) {
            Timed t = run_chain(x0, a, b, 16, next_seed++);
            expect(t, "cold compile, crowded folder", 1, 0, 0);
            (in_use_crowded ? crowded : empty).add(t.eval_s);
        }
    }
    if (in_use_crowded)
        swap_folders(cache_dir, aside.path());
    std::printf("  cold compile, 16 ops, cache folder of %d files: median %.2f ms (best %.2f); empty folder: median "
                "%.2f ms (best %.2f); %d each, alternating\n",
                files, crowded.median() * 1e3, crowded.best() * 1e3, empty.median() * 1e3, empty.best() * 1e3,
                5 * rounds);
    bench::print_goal("cold compile, crowded / empty cache folder", crowded.median() / empty.median(), 1.25, "x",
                      bench::Better::Lower);
}

} // namespace

int main(int argc, char **argv) {
    bench::TempCacheDir cache_dir; // before the first tracejit call: an empty, private disk cache
    int scale = bench::env_int("BENCH_RUNS", 10);
    // `--max-ops N` skips the longer chains (for profiling one size; run.sh runs them all).
    size_t max_ops = argc > 2 && std::string(argv[1]) == "--max-ops" ? std::stoul(argv[2]) : 100000;
    tj::Float x0 = tj::opaque<tj::Float>(0.25f, n), a = tj::opaque<tj::Float>(1.0001f, n),
              b = tj::opaque<tj::Float>(0.001f, n);

    // Start the JIT (LLVM target, ORC) outside the timed runs: that is a once-per-process cost.
    run_chain(x0, a, b, 4, next_seed++);

    std::printf("bench_compile: chains of *a, +b, -a, *b over %zu float32 elements; times in ms, best of the runs "
                "(median in parentheses)\n",
                n);
    std::printf(
        "  total = trace + eval; compile = kernel_stats().compile_ms (LLVM, or loading from disk);\n"
        "  the goal of a cold compile is on eval (kernel assembly + LLVM + disk store + run), the others on total\n");
    std::printf("  %-28s | %4s | %-21s | %-8s | %-9s | %-9s\n", "measurement", "runs", "total ms", "trace", "eval",
                "compile");

    static const size_t lengths[] = {1000, 10000, 100000};
    static const double cold_goals[] = {40, 250, 3000};
    static const char *cold_names[] = {"cold compile, 1k ops", "cold compile, 10k ops", "cold compile, 100k ops"};
    float seed_100k = 0;
    for (int k = 0; k < 3; ++k) {
        if (lengths[k] > max_ops)
            break;
        // One run of the 100k chain by default: it is long enough for the load from other processes to average out.
        int runs = k < 2 ? std::max(3, scale / 2) : std::max(1, scale / 10);
        bench::Samples total, trace, eval, compile;
        for (int r = 0; r < runs; ++r) {
            float seed = next_seed++;
            Timed t = run_chain(x0, a, b, lengths[k], seed);
            expect(t, cold_names[k], 1, 0, 0);
            total.add(t.trace_s + t.eval_s);
            trace.add(t.trace_s);
            eval.add(t.eval_s);
            compile.add(t.compile_ms);
            seed_100k = seed;
        }
        print_row(cold_names[k], runs, total, trace, eval, compile);
        // The goal is on building the kernel: the eval time (assembly, compile, disk store, run).
        bench::print_goal(cold_names[k], eval.best() * 1e3, cold_goals[k], "ms", bench::Better::Lower);
        std::fflush(stdout);
    }

    // The last 100k kernel again: from the memory cache, then from the disk cache (memory level emptied first).
    auto repeat_100k = [&](const char *label, const char *row, const char *goal, double goal_ms, int runs,
                           bool from_disk) {
        bench::Samples total, trace, eval, compile;
        for (int r = 0; r < runs; ++r) {
            if (from_disk)
                tj::clear_kernel_cache();
            Timed t = run_chain(x0, a, b, 100000, seed_100k);
            expect(t, label, 0, from_disk ? 0 : 1, from_disk ? 1 : 0);
            total.add(t.trace_s + t.eval_s);
            trace.add(t.trace_s);
            eval.add(t.eval_s);
            compile.add(t.compile_ms);
        }
        print_row(row, runs, total, trace, eval, compile);
        bench::print_goal(goal, total.best() * 1e3, goal_ms, "ms", bench::Better::Lower);
        std::fflush(stdout);
    };
    if (max_ops >= 100000) {
        repeat_100k("warm 100k", "warm (memory hit), 100k ops", "warm evaluation (trace + eval), 100k ops", 10,
                    std::max(3, scale), false);
        repeat_100k("disk hit 100k", "disk hit, 100k ops", "disk hit (trace + eval), 100k ops", 12,
                    std::max(3, scale / 2), true);
    }
    crowded_folder(cache_dir.path(), x0, a, b, std::max(2, scale));
    return failures ? 1 : 0;
}
