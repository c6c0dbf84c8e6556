// include/tracejit/detail/collective_core.h — the id-based core of collectives across processes, without a transport
//
// libtracejit knows nothing of MPI: it runs a collective on an evaluated buffer through a Transport that another
// library implements (libtracejit_mpi, include/tracejit/mpi.h). The runtime evaluates the input, agrees with the
// other processes on what is called and on the sizes (one small exchange; a mismatch is a tj::Error on every
// process), and has the device of the buffer's memory run the collective (backend/device.h), so that a frozen
// function records it as a step and replays it. docs/mpi.md describes the semantics.
#pragma once

#include <tracejit/detail/core.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tj::detail {

/// What a collective does with the arrays of every process.
enum class CollectiveKind : uint8_t {
    AllReduce, ///< element-wise reduction across processes; every process gets the result
    AllGather, ///< concatenation in rank order; every process gets the result
    Broadcast  ///< the root's array; every process gets it
};

class Transport;

/// One collective on one process, after the processes agreed on it (the runtime fills it).
struct CollectiveCall {
    CollectiveKind kind = CollectiveKind::AllReduce;
    ReduceOp op = ReduceOp::Sum; ///< AllReduce: Sum, Prod, Min, Max, And, Or (no Mean)
    uint32_t root = 0;           ///< Broadcast: the process whose array every process gets
    VarType type = VarType::Float32;
    uint32_t rank = 0;            ///< this process
    std::vector<uint64_t> counts; ///< every process's element count, in rank order
    Transport *transport = nullptr;

    /// The elements this process sends.
    uint64_t in_elements() const { return counts[rank]; }
    /// The elements every process receives.
    uint64_t out_elements() const {
        if (kind == CollectiveKind::Broadcast)
            return counts[root];
        if (kind == CollectiveKind::AllReduce)
            return counts[rank];
        uint64_t total = 0;
        for (uint64_t c : counts)
            total += c;
        return total;
    }
};

/// How processes exchange data (libtracejit_mpi implements it with MPI). Lives as long as any frozen recording
/// that used it (the MPI library's transport is never destroyed).
class Transport {
  public:
    /// This process's rank and the number of processes (of the group that collectives run in now).
    virtual uint32_t rank() const = 0;
    virtual uint32_t ranks() const = 0;
    /// Whether run() may be given buffers in memory of backend `b` (host memory always; CUDA memory when the
    /// library is CUDA-aware). Other memory is staged through host buffers by its device.
    virtual bool accepts(Backend b) const = 0;
    /// Every process's `k` values (`mine`), in rank order, into `all` (k · ranks() values): a small collective
    /// through which the processes agree on a collective and its sizes before it runs.
    virtual void exchange(const uint64_t *mine, size_t k, uint64_t *all) = 0;
    /// Runs `c` with this process's c.in_elements() elements at `in` (null when none) into `out` (room for
    /// c.out_elements()). A Broadcast works in place on `out`, which at the root holds the root's elements already
    /// (its device copied them). Throws tj::Error.
    virtual void run(const CollectiveCall &c, const void *in, void *out) = 0;

  protected:
    ~Transport() = default;
};

/// Runs a collective through `tr` on variable `id` (0: the empty array) of type `t`: evaluates it first, agrees
/// with the other processes (kind, type, op or root, and, for AllReduce, the size: a mismatch throws tj::Error,
/// naming `api`, on every process), and returns the evaluated result (0 when it has no elements; a new
/// reference). Inside a frozen function the collective is recorded as a step that the replay runs again.
uint32_t var_collective(Transport &tr, CollectiveKind kind, ReduceOp op, uint32_t root, VarType t, uint32_t id,
                        const char *api);

} // namespace tj::detail
