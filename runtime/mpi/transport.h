// runtime/mpi/transport.h — the MPI implementation of tracejit's Transport (libtracejit_mpi only)
#pragma once

#include <tracejit/detail/collective_core.h>

#include <mpi.h>

namespace tj::mpi::detail {

/// Collectives on the communicator set by tj::mpi::set_communicator (MPI_COMM_WORLD by default).
class MpiTransport final : public tj::detail::Transport {
  public:
    uint32_t rank() const override;
    uint32_t ranks() const override;
    bool accepts(Backend b) const override;
    void exchange(const uint64_t *mine, size_t k, uint64_t *all) override;
    void run(const tj::detail::CollectiveCall &c, const void *in, void *out) override;

    bool cuda_aware() const;
    MPI_Comm comm() const { return m_comm; }
    void set_comm(MPI_Comm comm) { m_comm = comm; }

  private:
    MPI_Comm m_comm = MPI_COMM_WORLD;
};

/// The process-wide transport (never destroyed).
MpiTransport &transport();
/// Throws tj::Error naming `api` when MPI is not initialised or already finalised.
void require_initialised(const char *api);
/// Throws tj::Error with MPI's message for an error code other than MPI_SUCCESS.
void check(int err, const char *what);

} // namespace tj::mpi::detail
