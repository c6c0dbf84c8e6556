// tests/mpi/test_wait.cpp — a process that waits in a collective for a late one sleeps instead of keeping its core
#include "test_util_mpi.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <chrono>
#include <ctime>
#include <thread>

using namespace tj_mpi_test;

namespace {

/// This thread's CPU time in seconds.
double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

} // namespace

TEST_CASE("mpi: processes that wait for a late one in a collective sleep rather than poll") {
    // The last rank computes 300 ms longer (here: sleeps) before the allreduce. The others wait in the agreement
    // exchange: polling there (as MPI_Wait does) would use about 300 ms of CPU each, which on shared cores is time
    // taken from the late process. Waiting as tracejit does costs a few milliseconds of wake-ups.
    const int r = tj::mpi::rank(), n = tj::mpi::size();
    const bool late = r == n - 1;
    tj::Float x = tj::full<tj::Float>(float(r + 1), 1000);
    tj::eval(x);
    CHECK(on_every_rank(true)); // (start together)
    const double cpu0 = thread_cpu_seconds();
    const auto wall0 = std::chrono::steady_clock::now();
    if (late)
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    tj::Float y = tj::mpi::allreduce(x);
    const double cpu = thread_cpu_seconds() - cpu0;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    CHECK(y.read(999) == float(n * (n + 1) / 2));
    if (!late) {
        INFO("rank ", r, " waited ", wall * 1e3, " ms using ", cpu * 1e3, " ms of CPU");
        CHECK(wall >= 0.25);
        CHECK(cpu < 0.1);
    }
}
