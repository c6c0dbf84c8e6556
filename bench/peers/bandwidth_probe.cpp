// bench/peers/bandwidth_probe.cpp — the memory system's ceiling: streaming copy and triad, 1 and N threads
//
// Usage: bench_bandwidth_probe [runs]. Arrays of float32 well above the last-level cache (twice the largest cache
// reported, at least 256 MiB each; PROBE_MIB sets the size of each array in MiB). Copy a[i] = b[i] and triad
// a[i] = b[i] * s + c[i], each with ordinary stores and with non-temporal ones (which do not read the line first),
// on 1 thread and on every core this process may use (each thread its contiguous slice, first touched by it).
// Bytes counted as STREAM does: copy 8, triad 12 per element (a store's read-for-ownership is not counted: that is
// what the non-temporal variants save). Prints one line per case: "probe <kernel> <stores> <threads> <median GB/s>
// <best GB/s>" (bench/peers/harness.py reads them).
#include <immintrin.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

/// The largest cache /sys reports for cpu0 or sysconf's level 3, in bytes (0 when neither says). (In a virtual
/// machine the two can differ: one CCX's 32 MiB in /sys, the socket's 384 MiB from CPUID; the larger one counts.)
size_t largest_cache() {
    long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    size_t best = l3 > 0 ? size_t(l3) : 0;
    for (int i = 0; i < 8; ++i) {
        std::ifstream f("/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/size");
        std::string s;
        if (!(f >> s) || s.empty())
            continue;
        size_t v = std::strtoull(s.c_str(), nullptr, 10);
        char unit = s.back();
        v *= unit == 'K' ? 1024 : unit == 'M' ? 1024 * 1024 : 1;
        best = std::max(best, v);
    }
    return best;
}

enum class Kernel { Copy, Triad };

/// One thread's part: [begin, end) of a (multiples of 16 floats, 64-byte aligned).
template <bool NT> void run_part(Kernel k, float *a, const float *b, const float *c, float s, size_t begin,
                                 size_t end) {
#if defined(__AVX__)
    const __m256 vs = _mm256_set1_ps(s);
    for (size_t i = begin; i < end; i += 8) {
        __m256 v = _mm256_load_ps(b + i);
        if (k == Kernel::Triad)
            v = _mm256_add_ps(_mm256_mul_ps(v, vs), _mm256_load_ps(c + i));
        if constexpr (NT)
            _mm256_stream_ps(a + i, v);
        else
            _mm256_store_ps(a + i, v);
    }
#else
    const __m128 vs = _mm_set1_ps(s);
    for (size_t i = begin; i < end; i += 4) {
        __m128 v = _mm_load_ps(b + i);
        if (k == Kernel::Triad)
            v = _mm_add_ps(_mm_mul_ps(v, vs), _mm_load_ps(c + i));
        if constexpr (NT)
            _mm_stream_ps(a + i, v);
        else
            _mm_store_ps(a + i, v);
    }
#endif
    if constexpr (NT)
        _mm_sfence();
}

struct Arrays {
    float *a, *b, *c;
    size_t n;
};

/// Seconds of one pass of `k` over the arrays on `threads` threads.
double pass(const Arrays &x, Kernel k, bool nt, unsigned threads) {
    std::barrier sync(threads + 1);
    Clock::time_point t0, t1;
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            size_t chunk = (x.n / threads) & ~size_t(15);
            size_t begin = t * chunk, end = t + 1 == threads ? x.n : begin + chunk;
            sync.arrive_and_wait();
            if (nt)
                run_part<true>(k, x.a, x.b, x.c, 1.0001f, begin, end);
            else
                run_part<false>(k, x.a, x.b, x.c, 1.0001f, begin, end);
            sync.arrive_and_wait();
        });
    sync.arrive_and_wait();
    t0 = Clock::now();
    sync.arrive_and_wait();
    t1 = Clock::now();
    for (auto &th : pool)
        th.join();
    return std::chrono::duration<double>(t1 - t0).count();
}

float *alloc(size_t n) {
    void *p = std::aligned_alloc(64, n * sizeof(float));
    if (!p) {
        std::fprintf(stderr, "bench_bandwidth_probe: cannot allocate %zu MiB\n", n * sizeof(float) >> 20);
        std::exit(1);
    }
    return static_cast<float *>(p);
}

} // namespace

int main(int argc, char **argv) {
    int runs = argc > 1 ? std::atoi(argv[1]) : 7;
    if (runs < 1) {
        std::fprintf(stderr, "usage: %s [runs >= 1]\n", argv[0]);
        return 2;
    }
    size_t bytes = std::max<size_t>(2 * largest_cache(), size_t(256) << 20);
    if (const char *mib = std::getenv("PROBE_MIB"); mib && std::atol(mib) > 0)
        bytes = size_t(std::atol(mib)) << 20;
    cpu_set_t set;
    unsigned cores = sched_getaffinity(0, sizeof set, &set) == 0 ? unsigned(CPU_COUNT(&set)) : 1;
    Arrays x{nullptr, nullptr, nullptr, (bytes / sizeof(float)) & ~size_t(15)};
    x.a = alloc(x.n), x.b = alloc(x.n), x.c = alloc(x.n);
    // First touch on the threads that use each slice (the N-thread split; one thread reads all of it later).
    std::vector<std::thread> init;
    for (unsigned t = 0; t < cores; ++t)
        init.emplace_back([&, t] {
            size_t chunk = (x.n / cores) & ~size_t(15);
            size_t begin = t * chunk, end = t + 1 == cores ? x.n : begin + chunk;
            for (size_t i = begin; i < end; ++i)
                x.a[i] = 0.f, x.b[i] = float(i & 1023), x.c[i] = 1.f;
        });
    for (auto &th : init)
        th.join();
    std::printf("probe arrays %zu MiB each (largest cache %zu KiB), %d runs per case, cores %u\n",
                (x.n * sizeof(float)) >> 20, largest_cache() >> 10, runs, cores);
    std::vector<unsigned> counts = {1};
    if (cores > 1)
        counts.push_back(cores);
    for (unsigned threads : counts)
        for (Kernel k : {Kernel::Copy, Kernel::Triad})
            for (bool nt : {false, true}) {
                std::vector<double> s;
                pass(x, k, nt, threads); // warm-up (page tables, frequency)
                for (int r = 0; r < runs; ++r)
                    s.push_back(pass(x, k, nt, threads));
                std::sort(s.begin(), s.end());
                double moved = double(x.n) * (k == Kernel::Copy ? 8.0 : 12.0) / 1e9;
                std::printf("probe %s %s %u %.2f %.2f\n", k == Kernel::Copy ? "copy" : "triad",
                            nt ? "nontemporal" : "normal", threads, moved / s[s.size() / 2], moved / s.front());
                std::fflush(stdout);
            }
    std::free(x.a), std::free(x.b), std::free(x.c);
    return 0;
}
