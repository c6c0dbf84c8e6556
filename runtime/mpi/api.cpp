// runtime/mpi/api.cpp — tj::mpi: Session, rank, size, the communicator, and the entry of every collective
#include "mpi/transport.h"

#include <tracejit/error.h>
#include <tracejit/mpi.h>

#include <string>

namespace tj::mpi {

Session::Session(int &argc, char **&argv) {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (initialised)
        return;
    int provided = 0;
    // Serialized: tracejit calls MPI from whichever thread runs a collective, one at a time (under its lock).
    detail::check(MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
    m_owns = true;
}

Session::Session() {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (initialised)
        return;
    int provided = 0;
    detail::check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
    m_owns = true;
}

Session::~Session() {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (m_owns && !finalised)
        MPI_Finalize();
}

int rank() { return int(detail::transport().rank()); }
int size() { return int(detail::transport().ranks()); }

void set_communicator(MPI_Comm comm) {
    detail::require_initialised("tj::mpi::set_communicator()");
    if (comm == MPI_COMM_NULL)
        throw Error("tj::mpi::set_communicator(): MPI_COMM_NULL is not a communicator");
    detail::transport().set_comm(comm);
}

MPI_Comm communicator() { return detail::transport().comm(); }

bool cuda_aware() { return detail::transport().cuda_aware(); }

namespace detail {

uint32_t collective(tj::detail::CollectiveKind kind, tj::detail::ReduceOp op, uint32_t root, VarType t, uint32_t id,
                    const char *api) {
    require_initialised(api);
    return tj::detail::var_collective(transport(), kind, op, root, t, id, api);
}

std::vector<uint64_t> sizes(uint64_t n) {
    require_initialised("tj::mpi::allgather()");
    MpiTransport &tr = transport();
    std::vector<uint64_t> all(tr.ranks());
    tr.exchange(&n, 1, all.data());
    return all;
}

void raise_not_differentiable(const char *api, const char *what) {
    throw Error(std::string(api) + ": the array has gradients enabled, but " + what +
                " (detach it with tj::detach, or use ReduceOp::Add)");
}

} // namespace detail

} // namespace tj::mpi
