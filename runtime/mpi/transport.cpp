// runtime/mpi/transport.cpp — the MPI transport: tracejit's collectives as MPI calls on host (or CUDA) buffers
//
// libtracejit runs a collective through a tj::detail::Transport (include/tracejit/detail/collective_core.h); this is
// the one that MPI implements. Element types map to MPI's fixed-size types (Bool: one byte), ReduceOps to MPI's
// operators (Bool's Min/Max as bitwise and/or). Counts beyond MPI's int are sent in chunks where the call allows it.
// The agreement exchange is where a process that is done first waits for the others; it waits there without
// keeping its core busy (wait_sleeping), so the core goes to whoever still computes (docs/mpi.md).
#include "mpi/transport.h"

#include <tracejit/error.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <ctime>
#include <string>

#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h> // Open MPI's extensions: MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support
#endif

namespace tj::mpi::detail {

namespace {

using tj::detail::CollectiveCall;
using tj::detail::CollectiveKind;
using tj::detail::ReduceOp;

MPI_Datatype mpi_type(VarType t) {
    switch (t) {
    case VarType::Bool: return MPI_UINT8_T;
    case VarType::Int32: return MPI_INT32_T;
    case VarType::UInt32: return MPI_UINT32_T;
    case VarType::Int64: return MPI_INT64_T;
    case VarType::UInt64: return MPI_UINT64_T;
    case VarType::Float32: return MPI_FLOAT;
    case VarType::Float64: return MPI_DOUBLE;
    }
    TJ_UNREACHABLE("mpi_type: unknown VarType");
}

MPI_Op mpi_op(ReduceOp op, VarType t) {
    const bool boolean = t == VarType::Bool;
    switch (op) {
    case ReduceOp::Sum: return MPI_SUM;
    case ReduceOp::Prod: return MPI_PROD;
    case ReduceOp::Min: return boolean ? MPI_BAND : MPI_MIN;
    case ReduceOp::Max: return boolean ? MPI_BOR : MPI_MAX;
    case ReduceOp::And: return MPI_BAND;
    case ReduceOp::Or: return MPI_BOR;
    case ReduceOp::Mean: break;
    }
    TJ_UNREACHABLE("mpi_op: the runtime passed Mean to a collective");
}

/// The largest element count of one MPI call (counts are ints).
constexpr uint64_t chunk = uint64_t(1) << 30;

/// How long a waiting process polls before it sleeps (processes that arrive together meet within it), and the
/// longest sleep between polls. Sleeps start at 10 µs and double, so a wait ends at most about as late again as
/// the last process arrived, and at most `longest_sleep` after it; a wake-up costs a few µs of CPU (a long wait:
/// about 2% of a core).
constexpr std::chrono::microseconds poll_first{100}, longest_sleep{500};

/// Completes `req` (posted by this process) like MPI_Wait, but sleeps between polls once `poll_first` has passed:
/// MPI_Wait polls without end (Open MPI's shared memory transport does), which takes a core from a process that
/// still computes towards this collective when the cores are shared (more processes than free cores, or another
/// program on the machine).
void wait_sleeping(MPI_Request &req, const char *what) {
    using clock = std::chrono::steady_clock;
    int done = 0;
    const clock::time_point start = clock::now();
    do {
        check(MPI_Test(&req, &done, MPI_STATUS_IGNORE), what);
    } while (!done && clock::now() - start < poll_first);
    std::chrono::nanoseconds sleep{10000};
    while (!done) {
        const timespec ts{0, long(sleep.count())};
        nanosleep(&ts, nullptr);
        sleep = std::min<std::chrono::nanoseconds>(sleep * 2, longest_sleep);
        check(MPI_Test(&req, &done, MPI_STATUS_IGNORE), what);
    }
}

} // namespace

void check(int err, const char *what) {
    if (err == MPI_SUCCESS)
        return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(err, text, &len);
    throw Error(std::string("tj::mpi: ") + what + " failed: " + std::string(text, size_t(len)));
}

void require_initialised(const char *api) {
    int initialised = 0, finalised = 0;
    MPI_Initialized(&initialised);
    MPI_Finalized(&finalised);
    if (!initialised || finalised)
        throw Error(std::string(api) + (finalised ? ": MPI has been finalised already" : ": MPI is not initialised") +
                    ": call MPI_Init (or create a tj::mpi::Session) before the first collective, and MPI_Finalize "
                    "after the last");
}

MpiTransport &transport() {
    static MpiTransport *t = new MpiTransport(); // never destroyed: frozen recordings keep a pointer to it
    return *t;
}

uint32_t MpiTransport::rank() const {
    require_initialised("tj::mpi::rank()");
    int r = 0;
    check(MPI_Comm_rank(m_comm, &r), "MPI_Comm_rank");
    return uint32_t(r);
}

uint32_t MpiTransport::ranks() const {
    require_initialised("tj::mpi::size()");
    int n = 0;
    check(MPI_Comm_size(m_comm, &n), "MPI_Comm_size");
    return uint32_t(n);
}

bool MpiTransport::cuda_aware() const {
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    require_initialised("tj::mpi::cuda_aware()");
    return MPIX_Query_cuda_support() == 1;
#else
    return false; // no way to ask this MPI: stage through the host, which works with any
#endif
}

bool MpiTransport::accepts(Backend b) const { return b == Backend::CPU || cuda_aware(); }

void MpiTransport::exchange(const uint64_t *mine, size_t k, uint64_t *all) {
    require_initialised("tj::mpi");
    MPI_Request req = MPI_REQUEST_NULL;
    check(MPI_Iallgather(mine, int(k), MPI_UINT64_T, all, int(k), MPI_UINT64_T, m_comm, &req), "MPI_Iallgather");
    wait_sleeping(req, "MPI_Iallgather");
}

void MpiTransport::run(const CollectiveCall &c, const void *in, void *out) {
    require_initialised("tj::mpi");
    const MPI_Datatype type = mpi_type(c.type);
    const size_t es = tj::detail::type_size(c.type);
    switch (c.kind) {
    case CollectiveKind::AllReduce: {
        const MPI_Op op = mpi_op(c.op, c.type);
        for (uint64_t at = 0, n = c.in_elements(); at < n; at += chunk) {
            const int count = int(std::min(chunk, n - at));
            check(MPI_Allreduce(static_cast<const char *>(in) + at * es, static_cast<char *>(out) + at * es, count,
                                type, op, m_comm),
                  "MPI_Allreduce");
        }
        return;
    }
    case CollectiveKind::Broadcast: {
        const uint64_t n = c.out_elements(); // (in place: the root's device put its elements into `out`)
        for (uint64_t at = 0; at < n; at += chunk)
            check(MPI_Bcast(static_cast<char *>(out) + at * es, int(std::min(chunk, n - at)), type, int(c.root),
                            m_comm),
                  "MPI_Bcast");
        return;
    }
    case CollectiveKind::AllGather: {
        const uint64_t total = c.out_elements();
        if (total > uint64_t(INT_MAX))
            throw Error("tj::mpi::allgather(): the result would have " + std::to_string(total) +
                        " elements, more than one MPI call can gather (" + std::to_string(INT_MAX) + ")");
        static const char nothing = 0; // a send buffer for a process with no elements
        const void *send = in ? in : &nothing;
        const bool equal = std::all_of(c.counts.begin(), c.counts.end(), [&](uint64_t k) { return k == c.counts[0]; });
        if (equal) {
            check(MPI_Allgather(send, int(c.counts[0]), type, out, int(c.counts[0]), type, m_comm), "MPI_Allgather");
            return;
        }
        std::vector<int> counts(c.counts.size()), displs(c.counts.size());
        int at = 0;
        for (size_t r = 0; r < c.counts.size(); ++r) {
            counts[r] = int(c.counts[r]);
            displs[r] = at;
            at += counts[r];
        }
        check(MPI_Allgatherv(send, int(c.in_elements()), type, out, counts.data(), displs.data(), type, m_comm),
              "MPI_Allgatherv");
        return;
    }
    }
}

} // namespace tj::mpi::detail
