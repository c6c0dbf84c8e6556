// bench/bench_launch.cpp — launch overhead of a cached tiny kernel (1 thread); cold/memory/disk cost of a small one
#include "bench_util.h"

#include <tracejit/tracejit.h>

#include <cstdio>

namespace {

constexpr size_t n = 16; // one AVX-512 vector of float32

int failures = 0;

struct Delta {
    uint64_t launches, memory_hits, disk_hits, misses;
};

Delta since(const tj::KernelStats &before) {
    tj::KernelStats now = tj::kernel_stats();
    return {now.launches - before.launches, now.memory_hits - before.memory_hits, now.disk_hits - before.disk_hits,
            now.misses - before.misses};
}

void expect(const char *what, const Delta &d, uint64_t launches, uint64_t memory_hits, uint64_t disk_hits,
            uint64_t misses) {
    if (d.launches != launches || d.memory_hits != memory_hits || d.disk_hits != disk_hits || d.misses != misses) {
        std::printf("  %s: expected %llu launches (%llu memory / %llu disk / %llu compiled), got %llu (%llu / %llu / "
                    "%llu)\n",
                    what, (unsigned long long)launches, (unsigned long long)memory_hits, (unsigned long long)disk_hits,
                    (unsigned long long)misses, (unsigned long long)d.launches, (unsigned long long)d.memory_hits,
                    (unsigned long long)d.disk_hits, (unsigned long long)d.misses);
        ++failures;
    }
}

} // namespace

int main() {
    // Before the first tracejit call: a 1-thread pool and an empty, private disk cache.
    setenv("TRACEJIT_THREADS", "1", 1);
    bench::TempCacheDir cache_dir;
    int scale = bench::env_int("BENCH_RUNS", 10);
    tj::Float a = tj::opaque<tj::Float>(1.5f, n), b = tj::opaque<tj::Float>(2.f, n), c = tj::opaque<tj::Float>(3.f, n);

    // Launch overhead: trace 3 ops, evaluate, sync, drop the result, over and over with the kernel cached.
    // Short batches, many of them: the best batch is then one that no other process interrupted.
    constexpr int iters = 500;
    auto step = [&] {
        tj::Float r = (a * b + c) * a;
        tj::eval(r);
        tj::sync();
    };
    step(); // compile once
    bench::Samples launch, launch_cpu;
    tj::KernelStats before = tj::kernel_stats();
    int runs = 40 * scale;
    for (int r = 0; r < runs; ++r) {
        double c0 = bench::thread_cpu_seconds();
        auto t0 = bench::Clock::now();
        for (int i = 0; i < iters; ++i)
            step();
        launch.add(bench::seconds_since(t0));
        launch_cpu.add(bench::thread_cpu_seconds() - c0);
    }
    expect("launch loop", since(before), uint64_t(runs) * iters, uint64_t(runs) * iters, 0, 0);
    {
        tj::Float r = (a * b + c) * a;
        if (r.read(3) != (1.5f * 2.f + 3.f) * 1.5f) {
            std::printf("  launch loop: wrong result %g\n", double(r.read(3)));
            ++failures;
        }
    }

    // A small kernel (4 ops with a seed literal no kernel had before): compiled, then a memory hit, then a disk hit.
    bench::Samples cold, memory, disk;
    int kernels = std::max(5, scale);
    for (int k = 0; k < kernels; ++k) {
        float seed = 10.f + float(k);
        auto small = [&] {
            tj::Float r = (a * b + seed) * c - a;
            tj::eval(r);
            tj::sync();
        };
        tj::KernelStats s0 = tj::kernel_stats();
        auto t0 = bench::Clock::now();
        small();
        cold.add(bench::seconds_since(t0));
        expect("cold", since(s0), 1, 0, 0, 1);

        s0 = tj::kernel_stats();
        t0 = bench::Clock::now();
        small();
        memory.add(bench::seconds_since(t0));
        expect("memory hit", since(s0), 1, 1, 0, 0);

        tj::clear_kernel_cache();
        s0 = tj::kernel_stats();
        t0 = bench::Clock::now();
        small();
        disk.add(bench::seconds_since(t0));
        expect("disk hit", since(s0), 1, 0, 1, 0);
    }

    double us = launch.best() * 1e6 / iters;
    std::printf(
        "bench_launch: %zu float32 elements, %zu thread; best of the runs (median in parentheses); cpu time = this "
        "thread's CPU time (leaves out waiting for a core)\n",
        n, tj::thread_count());
    std::printf("  %-46s | %4s | %s\n", "measurement", "runs", "time");
    std::printf("  %-46s | %4d | %8.3f us (%8.3f us) per iteration; cpu time %.3f us\n",
                "cached tiny kernel: trace 3 ops + eval + sync", runs, us, launch.median() * 1e6 / iters,
                launch_cpu.best() * 1e6 / iters);
    std::printf("  %-46s | %4d | %8.3f ms (%8.3f ms)\n", "small kernel, cold (compile + disk store)", kernels,
                cold.best() * 1e3, cold.median() * 1e3);
    std::printf("  %-46s | %4d | %8.3f ms (%8.3f ms)\n", "small kernel, memory hit", kernels, memory.best() * 1e3,
                memory.median() * 1e3);
    std::printf("  %-46s | %4d | %8.3f ms (%8.3f ms)\n", "small kernel, disk hit", kernels, disk.best() * 1e3,
                disk.median() * 1e3);
    std::printf("\n");
    bench::print_goal("launch overhead, cached tiny kernel, 1 thread", us, 1.5, "us", bench::Better::Lower);
    bench::print_goal("small kernel, disk hit", disk.best() * 1e3, 1.0, "ms", bench::Better::Lower);
    return failures ? 1 : 0;
}
