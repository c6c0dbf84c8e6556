// samples/projectile_mpi.cpp — data-parallel gradient descent across MPI processes, frozen step, checked against
// one process
//
// Run as `mpirun -np 2 ./build/samples/projectile_mpi` (any number of processes; alone it is a world of one). The
// launch-speed model of projectile_fit.h is fitted to 8192 landing targets split across the processes: each
// iteration is one frozen step (recorded on the first call, replayed after: the flight, its derivative, the
// all-reduced gradients and the update). Each process then fits the same model on all the targets alone (the
// communicator set to MPI_COMM_SELF) and checks that both fits end with the same parameters within 1e-6.
#include "projectile_fit.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <tuple>

using tj::Float, tj::Float64;

namespace {

struct Fit {
    double a = 0, b = 0, first_loss = 0, last_loss = 0, ms = 0;
};

template <typename Step> Fit fit(Step &&step, const Float &targets, double total, int iterations, bool print) {
    const double rate = 0.15;
    Float64 a = tj::opaque<Float64>(12.0), b = tj::opaque<Float64>(0.0); // m/s
    Fit f;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; ++i) {
        auto [loss, a1, b1] = step(a, b, targets, rate, total);
        tj::eval(a1, b1);
        a = a1;
        b = b1;
        const double l = loss.read(0);
        if (i == 0)
            f.first_loss = l;
        f.last_loss = l;
        if (print && (i % 10 == 0 || i == iterations - 1))
            fmt::print("iteration {:2}: loss {:.6g} (root mean square miss {:.3g} m), a = {:.6f}, b = {:.6f}\n", i, l,
                       std::sqrt(2 * l / total), a.read(0), b.read(0));
    }
    f.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    f.a = a.read(0);
    f.b = b.read(0);
    return f;
}

} // namespace

int main(int argc, char **argv) {
    tj::mpi::Session session(argc, argv);
    const int rank = tj::mpi::rank(), ranks = tj::mpi::size();
    const size_t total = 8192;
    const int iterations = 40;
    const std::vector<float> all = projectile_fit::all_targets(total);
    Float mine(projectile_fit::part_of(all, rank, ranks));
    if (rank == 0)
        fmt::print("{} process(es), {} targets ({} on rank 0), {} iterations of a frozen step\n", ranks, total,
                   mine.size(), iterations);

    auto frozen = tj::freeze(projectile_fit::step);
    Fit spread = fit(frozen, mine, double(total), iterations, rank == 0);
    const tj::FreezeStats st = frozen.stats();

    // The same fit in one process: every target here, the collectives in a world of one.
    tj::mpi::set_communicator(MPI_COMM_SELF);
    Fit alone = fit(projectile_fit::step, Float(all), double(total), iterations, false);
    tj::mpi::set_communicator(MPI_COMM_WORLD);

    const double da = std::fabs(spread.a - alone.a) / std::fabs(alone.a);
    const double db = std::fabs(spread.b - alone.b) / std::fabs(alone.b);
    bool ok = da <= 1e-6 && db <= 1e-6 && st.recordings == 1 && st.replays == uint64_t(iterations - 1) &&
              spread.last_loss < spread.first_loss / 100;
    int mine_ok = ok, all_ok = 0;
    MPI_Allreduce(&mine_ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0) {
        fmt::print("{} processes: a = {:.9f}, b = {:.9f}; loss {:.4g} → {:.4g}; {:.1f} ms ({:.2f} ms per step)\n",
                   ranks, spread.a, spread.b, spread.first_loss, spread.last_loss, spread.ms, spread.ms / iterations);
        fmt::print("1 process:   a = {:.9f}, b = {:.9f}; relative differences {:.2e} and {:.2e} (at most 1e-6)\n",
                   alone.a, alone.b, da, db);
        fmt::print("frozen step: {} recording, {} replays\n", st.recordings, st.replays);
        fmt::print("{}\n", all_ok ? "ok: the data-parallel fit is the one-process fit"
                                  : "MISMATCH on at least one process (see above)");
    }
    if (!ok)
        std::fprintf(stderr, "rank %d: da %.3g db %.3g recordings %llu replays %llu loss %.4g -> %.4g\n", rank, da, db,
                     (unsigned long long)st.recordings, (unsigned long long)st.replays, spread.first_loss,
                     spread.last_loss);
    return all_ok ? 0 : 1;
}
