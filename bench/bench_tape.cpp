// bench/bench_tape.cpp — what [[jit::trace]] costs at run time: with no tape active, and per recorded statement
//
// The same marked loop (bench/tape_kernel.cpp) is compiled with the plugin and without it. (1) With no tape
// active, 10^7 iterations of the instrumented build against the plain build: the hooks should cost one
// predictable branch each. (2) With a tape active (tj::track), the time to record a shorter run (finishing the
// tape included) divided by the nodes the hooks recorded (statements, loop tests, arguments, the return; not the
// literals' Constant nodes, which the runtime makes from static tables). Freeing the tape is timed apart. (3) The
// same with TRACEJIT_TAPE set, in a child process (the setting is read once per process): nodes streamed to the
// process's tape file (runtime/tape/tape_stream.h), compressed and written; the thread's CPU time per recorded
// node, the cost of one call of the kernel with no iteration, and the peak resident memory. (4) Only with
// BENCH_TAPE_LONG=1 (about a minute): the child then also makes 250,000 calls of 1000 iterations, 10^9 recorded
// nodes, and reports how far its peak resident memory grew while recording them (goal: 64 MiB), its CPU time and
// the file's size.
#include "bench_util.h"
#include "tape_kernel.h"

#include <tracejit/tape.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

constexpr int iterations = 10'000'000;
constexpr int recorded_iterations = 100'000; // 500k nodes: keeps the tape's memory within a CI machine's means
constexpr double goal_overhead = 1.05;
constexpr double goal_ns = 30;

/// Nodes below `n` that a hook recorded (Constant nodes are made from the static tables when the tape is finished).
size_t count_recorded(const tj::tape::Node &n) {
    size_t c = 0;
    for (const tj::tape::Node &k : n.children())
        if (k.kind() != tj::tape::Kind::Constant)
            c += 1 + count_recorded(k);
    return c;
}

volatile double sink; // keeps the results alive

constexpr int streamed_iterations = 2'000'000; // 8 million nodes: the file takes about 35 MB
constexpr int streamed_calls = 200'000;
constexpr int long_calls = 250'000, long_iterations = 1000; // (4): 4 nodes per iteration, 10^9 in all
constexpr double goal_long_mib = 64;

/// (4), in the child: 10^9 nodes streamed by calls of the kernel from this unmarked function.
void streamed_long() {
    // The nodes of one call, counted on tj::track's tape of it (in memory, its own peak is not counted).
    const size_t call_nodes = count_recorded(*tj::track(instrumented::kernel, long_iterations, 0.5));
    const double rss0 = bench::status_bytes("VmHWM");
    auto t0 = bench::Clock::now();
    double c0 = bench::process_cpu_seconds();
    for (int k = 0; k < long_calls; ++k)
        sink = instrumented::kernel(long_iterations, 0.5 + k * 1e-12);
    double cpu = bench::process_cpu_seconds() - c0, wall = bench::seconds_since(t0);
    const double grew = (bench::status_bytes("VmHWM") - rss0) / (1024.0 * 1024.0);
    const double nodes = double(long_calls) * double(call_nodes);
    std::printf("  long run: %d calls of %d iterations, %.3g nodes streamed in %.1f s of CPU (both threads; %.1f ns "
                "per node), %.1f s of wall time; peak resident memory %.1f MiB before, grew by %.1f MiB while recording\n",
                long_calls, long_iterations, nodes, cpu, cpu * 1e9 / nodes, wall, rss0 / (1024.0 * 1024.0), grew);
    bench::print_goal("tape memory, 10^9 nodes streamed (peak RSS growth)", grew, goal_long_mib, "MiB",
                      bench::Better::Lower);
}

/// (3), in the child that runs with TRACEJIT_TAPE set: prints its lines and returns the number of failures.
int streamed(int runs) {
    if (std::getenv("BENCH_TAPE_LONG")) // first, so that the peak it reports is its own
        streamed_long();
    // The nodes one call records, as tj::track records them (in memory, so counted on short runs: the count grows
    // by the same number per iteration).
    const size_t short_run = count_recorded(*tj::track(instrumented::kernel, 1000, 0.5));
    const size_t per_iteration = (count_recorded(*tj::track(instrumented::kernel, 2000, 0.5)) - short_run) / 1000;
    const size_t nodes = short_run + per_iteration * (streamed_iterations - 1000);
    const size_t call_nodes = count_recorded(*tj::track(instrumented::kernel, 0, 0.5));
    bench::Samples record_s, call_s;
    for (int r = 0; r < std::max(3, runs / 2) + 1; ++r) {
        double c0 = bench::thread_cpu_seconds();
        sink = instrumented::kernel(streamed_iterations, 0.5 + r * 1e-9);
        double c1 = bench::thread_cpu_seconds();
        for (int k = 0; k < streamed_calls; ++k)
            sink = instrumented::kernel(0, 0.5);
        double c2 = bench::thread_cpu_seconds();
        if (r == 0)
            continue;
        record_s.add(c1 - c0);
        call_s.add(c2 - c1);
    }
    double ns = record_s.best() * 1e9 / double(nodes);
    std::printf("  streamed to the TRACEJIT_TAPE file, %d iterations: %zu nodes in %.2f ms of CPU (%.2f): %.1f ns "
                "each (median %.1f); a call with no iteration (%zu nodes) %.1f ns (median %.1f); peak resident "
                "%.1f MB\n",
                streamed_iterations, nodes, record_s.best() * 1e3, record_s.median() * 1e3, ns,
                record_s.median() * 1e9 / double(nodes), call_nodes, call_s.best() * 1e9 / streamed_calls,
                call_s.median() * 1e9 / streamed_calls, bench::status_bytes("VmHWM") / 1e6);
    bench::print_goal("recording streamed to disk, per recorded statement", ns, goal_ns, "ns", bench::Better::Lower);
    return 0;
}

} // namespace

int main(int, char **argv) {
    int runs = bench::env_int("BENCH_RUNS", 10);
    int failures = 0;
    if (std::getenv("TRACEJIT_TAPE"))
        return streamed(runs);

    // Same results from both builds (the plugin must not change what the code computes).
    double want = plain::kernel(1000, 0.5), got = instrumented::kernel(1000, 0.5);
    if (want != got) {
        std::printf("  the instrumented kernel computes %.17g, the plain one %.17g\n", got, want);
        ++failures;
    }

    // (1) no tape active. Runs alternate between the builds so that drifts in clock speed hit both alike; the
    // figure is this thread's CPU time, which time spent waiting for a core (other processes) does not inflate.
    bench::Samples plain_s, instr_s, plain_wall, instr_wall;
    int loop_runs = 3 * runs;
    for (int r = 0; r < loop_runs + 1; ++r) {
        auto t0 = bench::Clock::now();
        double c0 = bench::thread_cpu_seconds();
        sink = plain::kernel(iterations, 0.5 + r * 1e-9);
        double cp = bench::thread_cpu_seconds() - c0, tp = bench::seconds_since(t0);
        t0 = bench::Clock::now();
        c0 = bench::thread_cpu_seconds();
        sink = instrumented::kernel(iterations, 0.5 + r * 1e-9);
        double ci = bench::thread_cpu_seconds() - c0, ti = bench::seconds_since(t0);
        if (r == 0)
            continue; // warm-up
        plain_s.add(cp);
        instr_s.add(ci);
        plain_wall.add(tp);
        instr_wall.add(ti);
    }
    double ratio = instr_s.best() / plain_s.best();
    std::printf("bench_tape: a marked loop of %d iterations (a loop test and 3 statements each), best of %d runs of "
                "the thread's CPU time (median; best wall time)\n",
                iterations, loop_runs);
    std::printf("  compiled without the plugin:        %8.2f ms (%.2f; wall %.2f)\n", plain_s.best() * 1e3,
                plain_s.median() * 1e3, plain_wall.best() * 1e3);
    std::printf("  with the plugin, no tape active:    %8.2f ms (%.2f; wall %.2f)  ratio %.3f (median ratio %.3f)\n",
                instr_s.best() * 1e3, instr_s.median() * 1e3, instr_wall.best() * 1e3, ratio,
                instr_s.median() / plain_s.median());

    // (2) recording.
    bench::Samples record_s, free_s;
    size_t nodes = 0;
    int record_runs = std::max(3, runs / 2);
    for (int r = 0; r < record_runs + 1; ++r) {
        auto t0 = bench::Clock::now();
        tj::tape::Tape tape = tj::track(instrumented::kernel, recorded_iterations, 0.5);
        double tr = bench::seconds_since(t0);
        nodes = count_recorded(*tape);
        double value = tape->value<double>();
        if (value != plain::kernel(recorded_iterations, 0.5)) {
            std::printf("  the recorded call returned %.17g\n", value);
            ++failures;
        }
        t0 = bench::Clock::now();
        tape = tj::tape::Tape();
        double tf = bench::seconds_since(t0);
        if (r == 0)
            continue;
        record_s.add(tr);
        free_s.add(tf);
    }
    double ns = record_s.best() * 1e9 / double(nodes);
    std::printf("  recording %d iterations: %zu statements, loop tests and arguments in %.2f ms (%.2f): %.1f ns each "
                "(median %.1f); freeing the tape %.1f ns each\n",
                recorded_iterations, nodes, record_s.best() * 1e3, record_s.median() * 1e3, ns,
                record_s.median() * 1e9 / double(nodes), free_s.best() * 1e9 / double(nodes));
    bench::print_goal("marked loop, no tape active vs no plugin", ratio, goal_overhead, "x", bench::Better::Lower);
    bench::print_goal("recording, per recorded statement", ns, goal_ns, "ns", bench::Better::Lower);

    // (3) streamed: a child process with TRACEJIT_TAPE set.
    bench::TempDir dir("tracejit-bench-tape");
    std::string cmd = "TRACEJIT_TAPE='" + dir.path() + "' BENCH_RUNS=" + std::to_string(runs) + " '" +
                      bench::self_path(argv[0]) + "'";
    std::fflush(stdout);
    if (std::system(cmd.c_str()) != 0) {
        std::printf("  the streamed run failed\n");
        ++failures;
    }
    if (std::getenv("BENCH_TAPE_LONG"))
        for (const auto &e : std::filesystem::directory_iterator(dir.path()))
            std::printf("  the child's tape file: %.1f MB\n", double(e.file_size()) / 1e6);
    return failures ? 1 : 0;
}
