// bench/bench_mpi.cpp — tracejit::mpi on 2 processes: allreduce bandwidth against MPI_Allreduce, weak scaling of the
// data-parallel sample's step
//
// Run with 2 processes (bench/run.sh does: mpirun -np 2, with --oversubscribe/--allow-run-as-root where Open MPI needs
// them). One thread per process (TRACEJIT_THREADS=1, set here unless given): 2 processes on 2 cores.
//   allreduce: tj::mpi::allreduce of an evaluated Float of 1M and 16M elements (its agreement exchange, a result
//              buffer from tracejit's allocator, MPI_Allreduce) against MPI_Allreduce on the same buffers (the input,
//              and the result buffer that tracejit's call of the same run wrote); the two alternate run by run (A,
//              B, A, B, …), each after a barrier, a run's time the slower process's. GB/s = the array's bytes /
//              median time; the figure is tracejit's GB/s over MPI's (goal ≥ 0.9).
//   weak scaling: the frozen step of samples/projectile_fit.h (flight, derivative, all-reduced gradients, update)
//              with 16384 targets per process: one process alone (rank 0 on MPI_COMM_SELF while rank 1 sleeps in a
//              polled barrier) against both processes (MPI_COMM_WORLD), alternating; throughput = targets stepped
//              per second; the figure is two processes' throughput over one's (goal ≥ 1.6 on 2 cores).
// The machine's cores are shared with other work: the load average is printed at the start and the end; figures are
// medians, the spread is printed next to them.
#include "bench_util.h"

#include "../samples/projectile_fit.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace {

using tj::Float, tj::Float64;

std::string load_average() {
    std::ifstream f("/proc/loadavg");
    std::string a, b, c;
    f >> a >> b >> c;
    return a + " " + b + " " + c;
}

/// The slower process's time for a run (every process passes its own).
double slowest(double seconds) {
    double out = 0;
    MPI_Allreduce(&seconds, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return out;
}

int env_runs(int fallback) {
    const char *s = std::getenv("BENCH_RUNS");
    int v = s ? std::atoi(s) : 0;
    return v > 0 ? v : fallback;
}

int failures = 0;

void bench_allreduce(size_t n, int runs, int rank) {
    Float x = tj::arange<Float>(n) * float(rank + 1) + 0.5f;
    tj::eval(x);
    const float *in = x.data();
    Float y;
    bench::Samples a, b;
    bool same = true;
    std::vector<float> expect(n);
    for (int r = -2; r < runs; ++r) { // two warm-up rounds
        y = Float(); // (as a loop that drops its result: the next result gets the same buffer from the allocator)
        MPI_Barrier(MPI_COMM_WORLD);
        auto t0 = bench::Clock::now();
        y = tj::mpi::allreduce(x);
        double ta = slowest(bench::seconds_since(t0));
        // MPI_Allreduce on the same buffers: x's, and the result buffer that tj::mpi::allreduce just wrote (MPI
        // writes the same sums into it). Both sides then work on the same memory, warm, without faults: where the
        // buffers differed (a std::vector for MPI), the figure measured the buffers (huge pages or not), not tracejit.
        float *out = const_cast<float *>(y.data());
        if (r < 0)
            std::copy(out, out + n, expect.begin());
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = bench::Clock::now();
        MPI_Allreduce(in, out, int(n), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
        double tb = slowest(bench::seconds_since(t0));
        if (r < 0) {
            for (size_t i = 0; i < n; i += 4099)
                same &= expect[i] == out[i];
            continue;
        }
        a.add(ta);
        b.add(tb);
    }
    if (!same) {
        std::printf("  FAILED: tj::mpi::allreduce and MPI_Allreduce differ\n");
        ++failures;
    }
    if (rank != 0)
        return;
    const double gb = double(n) * sizeof(float) / 1e9;
    const double tj_gbs = gb / a.median(), mpi_gbs = gb / b.median();
    std::printf("allreduce of %zu floats (%.0f MB), 2 processes, %d runs alternating: tj::mpi::allreduce %.2f GB/s "
                "(median %.3f ms, best %.3f), MPI_Allreduce %.2f GB/s (median %.3f ms, best %.3f)\n",
                n, gb * 1e3, runs, tj_gbs, a.median() * 1e3, a.best() * 1e3, mpi_gbs, b.median() * 1e3,
                b.best() * 1e3);
    const std::string what = "mpi allreduce " + std::string(n == (size_t(1) << 20) ? "1M" : "16M") +
                             " floats / MPI_Allreduce";
    bench::print_goal(what.c_str(), tj_gbs / mpi_gbs, 0.9, "x", bench::Better::Higher);
}

/// This thread's CPU time in seconds.
double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

/// Waits in a barrier without spinning on a core (rank 1 while rank 0 measures alone).
void sleep_in_barrier() {
    MPI_Request req;
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    int done = 0;
    while (!done) {
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        timespec ts{0, 200000};
        nanosleep(&ts, nullptr);
    }
}

void bench_weak_scaling(int runs, int rank) {
    const size_t per_process = 16384;
    const int steps = 3;
    const std::vector<float> all = projectile_fit::all_targets(2 * per_process);
    Float mine(projectile_fit::part_of(all, rank, 2)), alone_targets(projectile_fit::part_of(all, 0, 2));
    auto together = tj::freeze(projectile_fit::step);
    auto alone = tj::freeze(projectile_fit::step);
    auto run_steps = [&](auto &frozen, const Float &targets, double total) {
        Float64 p = tj::opaque<Float64>(12.0), q = tj::opaque<Float64>(0.0);
        for (int s = 0; s < steps; ++s) {
            auto [loss, p1, q1] = frozen(p, q, targets, 0.15, total);
            tj::eval(p1, q1, loss);
            p = p1;
            q = q1;
        }
        return p.read(0);
    };
    bench::Samples one, two, cpu_one, cpu_two; // wall time, and the CPU time of the process's thread
    for (int r = -1; r < runs; ++r) { // one warm-up round (records both frozen steps)
        MPI_Barrier(MPI_COMM_WORLD);
        double t1 = 0, c1 = 0;
        if (rank == 0) {
            tj::mpi::set_communicator(MPI_COMM_SELF);
            auto t0 = bench::Clock::now();
            const double cpu0 = thread_cpu_seconds();
            run_steps(alone, alone_targets, double(per_process));
            t1 = bench::seconds_since(t0);
            c1 = thread_cpu_seconds() - cpu0;
            tj::mpi::set_communicator(MPI_COMM_WORLD);
            MPI_Request req; // (a non-blocking barrier matches only a non-blocking one)
            MPI_Ibarrier(MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else {
            sleep_in_barrier();
        }
        MPI_Barrier(MPI_COMM_WORLD);
        auto t0 = bench::Clock::now();
        const double cpu0 = thread_cpu_seconds();
        run_steps(together, mine, double(2 * per_process));
        double t2 = slowest(bench::seconds_since(t0));
        double c2 = slowest(thread_cpu_seconds() - cpu0);
        if (r >= 0 && rank == 0) {
            one.add(t1);
            two.add(t2);
            cpu_one.add(c1);
            cpu_two.add(c2);
        }
    }
    if (together.stats().recordings != 1 || alone.stats().recordings > 1) {
        std::printf("  FAILED: the frozen steps were recorded %llu and %llu times (expected once each)\n",
                    (unsigned long long)together.stats().recordings, (unsigned long long)alone.stats().recordings);
        ++failures;
    }
    if (rank != 0)
        return;
    const double work = double(per_process) * steps;
    const double tp1 = work / one.median(), tp2 = 2 * work / two.median();
    std::printf("weak scaling, frozen data-parallel step, %zu targets per process, %d steps per run, %d runs "
                "alternating: 1 process %.0f targets/s (median %.1f ms, best %.1f), 2 processes %.0f targets/s "
                "(median %.1f ms, best %.1f)\n",
                per_process, steps, runs, tp1, one.median() * 1e3, one.best() * 1e3, tp2, two.median() * 1e3,
                two.best() * 1e3);
    // Each process computes the same per run whether alone or not: a 2-process wall time above its CPU time is time
    // spent waiting for a core (another program, or the other process on the same core) or for the other process.
    std::printf("  CPU time of a process per run (median): 1 process %.1f ms, 2 processes %.1f ms (the slower); "
                "wall time over CPU time: %.2f and %.2f\n",
                cpu_one.median() * 1e3, cpu_two.median() * 1e3, one.median() / cpu_one.median(),
                two.median() / cpu_two.median());
    bench::print_goal("mpi weak scaling 1 -> 2 processes (throughput)", tp2 / tp1, 1.6, "x", bench::Better::Higher);
}

} // namespace

int main(int argc, char **argv) {
    ::setenv("TRACEJIT_THREADS", "1", 0); // one thread per process, unless the caller chose otherwise
    bench::TempCacheDir cache_dir;          // each process its own fresh disk cache, never the user's
    tj::mpi::Session session(argc, argv);
    const int rank = tj::mpi::rank();
    if (tj::mpi::size() != 2) {
        if (rank == 0)
            std::printf("bench_mpi: run with 2 processes (mpirun -np 2), not %d\n", tj::mpi::size());
        return 2;
    }
    const int runs = env_runs(10);
    if (rank == 0)
        std::printf("2 processes, TRACEJIT_THREADS=%s; load average %s\n", std::getenv("TRACEJIT_THREADS"),
                    load_average().c_str());
    bench_allreduce(size_t(1) << 20, runs * 6, rank);
    bench_allreduce(size_t(1) << 24, runs * 2, rank);
    bench_weak_scaling(runs, rank);
    if (rank == 0)
        std::printf("load average at the end: %s\n", load_average().c_str());
    int mine = failures, total = 0;
    MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return total ? 1 : 0;
}
