// tests/consumer/mpi.cpp — uses the installed tracejit::mpi: a collective in a world of one process (no mpirun)
#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <cstdio>
#include <vector>

int main(int argc, char **argv) {
    tj::mpi::Session session(argc, argv);
    tj::Float x = tj::arange<tj::Float>(4) * 2.f;
    std::vector<float> sum = tj::to_vector(tj::mpi::allreduce(x));
    std::vector<float> all = tj::to_vector(tj::mpi::allgather(x + 1.f));
    bool ok = tj::mpi::size() == 1 && tj::mpi::rank() == 0 && sum == std::vector<float>{0.f, 2.f, 4.f, 6.f} &&
              all == std::vector<float>{1.f, 3.f, 5.f, 7.f};
    std::printf("consumer_mpi: %d process(es), allreduce and allgather: %s\n", tj::mpi::size(), ok ? "ok" : "MISMATCH");
    return ok ? 0 : 1;
}
