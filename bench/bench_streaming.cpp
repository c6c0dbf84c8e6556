// bench/bench_streaming.cpp — non-temporal against cached output stores, by launch size and kernel shape
//
// Measures what the CPU's streaming rule (runtime/backend/cpu/cpu_streaming.h) decides: for each size, each shape is
// timed with every launch streaming and with none streaming (the rule's cache size set to 1 byte, then to 2^62),
// alternating, BENCH_RUNS rounds (default 15); it prints the medians in GB/s, non-temporal over cached, and which of
// the two the rule picks on this machine. Shapes: `a*b + c` evaluated alone; `r = a*b + c` then `s = r*a + b` (the
// next kernel reads the output: a chain); `r = a*2` then `s = r*3`. Bytes counted: each kernel's inputs and output.
// Run on the thread count of TRACEJIT_THREADS (default all cores); pin a 1-thread run with taskset.
#include "bench_util.h"

#include "backend/cpu/cpu_streaming.h"

#include <tracejit/tracejit.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace {

std::string load_average() {
    std::ifstream f("/proc/loadavg");
    std::string a, b, c;
    f >> a >> b >> c;
    return a + " " + b + " " + c;
}

struct Shape {
    const char *name;
    double bytes_per_element;    ///< every kernel's inputs and output
    uint64_t first_kernel_bytes; ///< element_bytes of the first kernel, as the rule counts them
};

} // namespace

int main() {
    bench::TempCacheDir cache_dir;
    int rounds = bench::env_int("BENCH_RUNS", 15);
    const uint64_t cache = tj::cpu::last_level_cache();
    std::printf("bench_streaming: GB/s of the shapes with non-temporal (nt) and cached stores, medians of %d "
                "alternating rounds; %zu thread(s); last-level cache %llu MiB; load average %s\n",
                rounds, tj::thread_count(), (unsigned long long)(cache >> 20), load_average().c_str());
    const Shape shapes[] = {{"a*b+c alone", 16, 16}, {"a*b+c, then r*a+b", 32, 16}, {"a*2, then r*3", 16, 8}};
    for (int lg = 18; lg <= 24; ++lg) {
        size_t n = size_t(1) << lg;
        // Arrays in memory (opaque: not literals the kernel would fold in).
        tj::Float a = tj::opaque<tj::Float>(1.5f, n) + tj::arange<tj::Float>(n) * 1e-6f,
                  b = tj::opaque<tj::Float>(0.5f, n), c = tj::opaque<tj::Float>(2.f, n);
        tj::eval(a, b, c);
        for (int k = 0; k < 3; ++k) {
            auto run = [&] {
                if (k == 0) {
                    tj::Float r = a * b + c;
                    tj::eval(r);
                } else if (k == 1) {
                    tj::Float r = a * b + c;
                    tj::eval(r);
                    tj::Float s = r * a + b;
                    tj::eval(s);
                } else {
                    tj::Float r = a * 2.f;
                    tj::eval(r);
                    tj::Float s = r * 3.f;
                    tj::eval(s);
                }
            };
            auto streamed = [&] { tj::cpu::set_streaming_cache(1), run(); };
            auto cached = [&] { tj::cpu::set_streaming_cache(uint64_t(1) << 62), run(); };
            streamed(), cached();                                       // compiled, buffers cached
            int reps = int(std::max<size_t>(1, (size_t(1) << 26) / n)); // the same bytes per sample at every size
            bench::Samples nt, cd;
            bench::measure_alternating(
                rounds, nt,
                [&] {
                    for (int i = 0; i < reps; ++i)
                        streamed();
                },
                cd,
                [&] {
                    for (int i = 0; i < reps; ++i)
                        cached();
                });
            double bytes = shapes[k].bytes_per_element * double(n) * reps;
            double g_nt = bytes / nt.median() / 1e9, g_cd = bytes / cd.median() / 1e9;
            bool rule = tj::cpu::streams(n, shapes[k].first_kernel_bytes, cache);
            std::printf("  2^%d %-20s nt %8.2f  cached %8.2f  nt/cached %6.3f  rule: %s\n", lg, shapes[k].name, g_nt,
                        g_cd, g_nt / g_cd, rule ? "nt" : "cached");
        }
    }
    tj::cpu::set_streaming_cache(0);
    std::printf("load average at the end: %s\n", load_average().c_str());
    return 0;
}
