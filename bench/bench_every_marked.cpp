// bench/bench_every_marked.cpp — every function of a compute-bound code marked [[jit::trace]], no tape active
//
// bench/every_marked_kernel.cpp (a small 2-D flow code: stencils, an equation of state, a limiter, all small marked
// functions) compiled three times at -O3: without the plugin (plain), with it (twin: each marked function keeps its
// body as written behind one test of the recording flag), and with it and -fplugin-arg-tracejit-no-twin (the
// instrumented bodies alone). Runs alternate plain, twin, instrumented, so that drifts in clock speed hit all
// alike; each figure is the median of the runs' thread CPU times, and the ratios are medians of the per-round
// ratios. The results must be bit-identical, and a recorded call (tj::track) must give the same value.
#include "bench_util.h"
#include "every_marked_kernel.h"

#include <tracejit/tape.h>

#include <cstdio>
#include <cstring>

namespace {

constexpr int grid = 192;
constexpr int steps = 60;
constexpr double goal_ratio = 1.10;

volatile double sink;

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

} // namespace

int main() {
    int runs = bench::env_int("BENCH_RUNS", 10);
    int failures = 0;

    double want = every_plain::simulate(grid, steps);
    double twin = every_twin::simulate(grid, steps);
    double instrumented = every_instrumented::simulate(grid, steps);
    if (!same_bits(want, twin) || !same_bits(want, instrumented)) {
        std::printf("  results differ: plain %.17g, twin %.17g, instrumented %.17g\n", want, twin, instrumented);
        ++failures;
    }
    // With a tape active the twin runs its instrumented copy: the same value, and a tape with the nested calls.
    tj::tape::Tape tape = tj::track(every_twin::simulate, 16, 2);
    if (!same_bits(tape->value<double>(), every_plain::simulate(16, 2)) || tape->children().size() < 4) {
        std::printf("  the recorded call returned %.17g with %zu children\n", tape->value<double>(),
                    tape->children().size());
        ++failures;
    }

    bench::Samples plain_s, twin_s, instr_s, twin_ratio, instr_ratio;
    int rounds = 2 * runs;
    for (int r = 0; r < rounds + 1; ++r) {
        double c0 = bench::thread_cpu_seconds();
        sink = every_plain::simulate(grid, steps);
        double cp = bench::thread_cpu_seconds() - c0;
        c0 = bench::thread_cpu_seconds();
        sink = every_twin::simulate(grid, steps);
        double ct = bench::thread_cpu_seconds() - c0;
        c0 = bench::thread_cpu_seconds();
        sink = every_instrumented::simulate(grid, steps);
        double ci = bench::thread_cpu_seconds() - c0;
        if (r == 0)
            continue; // warm-up
        plain_s.add(cp);
        twin_s.add(ct);
        instr_s.add(ci);
        twin_ratio.add(ct / cp);
        instr_ratio.add(ci / cp);
    }
    std::printf("bench_every_marked: a %dx%d grid, %d steps, every function marked, no tape active; median of %d "
                "rounds of the thread's CPU time (best)\n",
                grid, grid, steps, rounds);
    std::printf("  compiled without the plugin:              %8.2f ms (%.2f)\n", plain_s.median() * 1e3,
                plain_s.best() * 1e3);
    std::printf("  with the plugin (twins):                  %8.2f ms (%.2f)  ratio %.3f\n", twin_s.median() * 1e3,
                twin_s.best() * 1e3, twin_ratio.median());
    std::printf("  with the plugin, -fplugin-arg-tracejit-no-twin: %8.2f ms (%.2f)  ratio %.3f\n",
                instr_s.median() * 1e3, instr_s.best() * 1e3, instr_ratio.median());
    bench::print_goal("every function marked, no tape active vs no plugin", twin_ratio.median(), goal_ratio, "x",
                      bench::Better::Lower);
    return failures ? 1 : 0;
}
