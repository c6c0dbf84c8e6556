// include/tracejit/mpi.h — collectives on tracejit arrays across processes through MPI (library tracejit::mpi)
//
// tj::mpi::allreduce, allgather and broadcast evaluate their input, run the collective on the array's buffer (host
// staging for CUDA memory unless MPI is CUDA-aware) and return an evaluated array. Every process must call the same
// collectives in the same order; processes that disagree (another collective, type, operator, root, or an
// allreduce's size) get the same tj::Error on every process instead of a hang. Frozen functions record collectives
// and replay them; allreduce(x, ReduceOp::Add), allgather and broadcast are differentiable. docs/mpi.md.
#pragma once

#include <tracejit/ad_custom.h>
#include <tracejit/array.h>
#include <tracejit/detail/collective_core.h>
#include <tracejit/error.h>
#include <tracejit/ops.h>
#include <tracejit/scan.h>

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tj::mpi {

/// MPI_Init on construction (asking for MPI_THREAD_SERIALIZED), MPI_Finalize on destruction, as
/// `tj::mpi::Session s(argc, argv);` at the top of main. When MPI is initialised already, it does neither.
class Session {
  public:
    Session(int &argc, char **&argv);
    Session();
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

  private:
    bool m_owns = false;
};

/// This process's rank and the number of processes in the communicator that collectives use (MPI_COMM_WORLD
/// unless set_communicator chose another). Throw tj::Error when MPI is not initialised (or finalised).
int rank();
int size();
/// The communicator that the collectives (and replays of frozen functions that recorded them) use from now on.
void set_communicator(MPI_Comm comm);
MPI_Comm communicator();
/// Whether MPI reads and writes CUDA memory itself (Open MPI's MPIX_Query_cuda_support); else CUDA arrays go
/// through host buffers.
bool cuda_aware();

namespace detail {
/// The MPI transport (process-wide) and a collective on variable `id` (0: empty) of type `t` through it; a new
/// reference to the evaluated result (0 when it has no elements). Throws tj::Error when MPI is not initialised.
uint32_t collective(tj::detail::CollectiveKind kind, tj::detail::ReduceOp op, uint32_t root, VarType t, uint32_t id,
                    const char *api);
/// Every process's element count of an array of `n` elements, in rank order.
std::vector<uint64_t> sizes(uint64_t n);
/// Throws the tj::Error of a collective of an array with gradients that is not differentiable.
[[noreturn]] void raise_not_differentiable(const char *api, const char *what);

template <typename T> Array<T> run(tj::detail::CollectiveKind kind, tj::detail::ReduceOp op, uint32_t root,
                                   const Array<T> &x, const char *api) {
    return Array<T>::steal(collective(kind, op, root, Array<T>::Type, x.index(), api));
}

template <typename T> struct AllReduceAdd;
template <typename T> struct AllGather;
template <typename T> struct Broadcast;
} // namespace detail

/// The element-wise reduction with `op` of every process's `x` (all of the same size), on every process. Add, Mul,
/// Min and Max for numbers; And and Or for Bool and integers; Min/Max of Bool are And/Or. Differentiable for Add:
/// the adjoint is the allreduce of the gradients (every process runs the backward traversal; docs/mpi.md).
template <typename T> Array<T> allreduce(const Array<T> &x, ReduceOp op = ReduceOp::Add) {
    const char *api = "tj::mpi::allreduce()";
    if (x.ad_index()) [[unlikely]] {
        if (op != ReduceOp::Add)
            detail::raise_not_differentiable(api, "only ReduceOp::Add is differentiable");
        return tj::custom<detail::AllReduceAdd<T>>(x);
    }
    return detail::run(tj::detail::CollectiveKind::AllReduce, tj::detail::to_internal(op), 0, x, api);
}

/// Every process's `x` concatenated in rank order, on every process; processes may hold different sizes.
/// Differentiable: the gradient of a process's `x` is its part of the sum of every process's gradient.
template <typename T> Array<T> allgather(const Array<T> &x) {
    if (x.ad_index()) [[unlikely]]
        return tj::custom<detail::AllGather<T>>(x);
    return detail::run(tj::detail::CollectiveKind::AllGather, tj::detail::ReduceOp::Sum, 0, x,
                       "tj::mpi::allgather()");
}

/// The `x` of process `root`, on every process (the others' `x` give only the type; its size may differ).
/// Differentiable: the root's `x` gets the sum of every process's gradient, the others' none.
template <typename T> Array<T> broadcast(const Array<T> &x, int root = 0) {
    const char *api = "tj::mpi::broadcast()";
    if (root < 0)
        tj::detail::raise(std::string(api) + ": root " + std::to_string(root) + " is not a rank");
    if (x.ad_index()) [[unlikely]]
        return tj::custom<detail::Broadcast<T>>(x, root);
    return detail::run(tj::detail::CollectiveKind::Broadcast, tj::detail::ReduceOp::Sum, uint32_t(root), x, api);
}

namespace detail {

template <typename T> struct AllReduceAdd : CustomOp<Array<T>(Array<T>)> {
    Array<T> eval(const Array<T> &x) override {
        return run(tj::detail::CollectiveKind::AllReduce, tj::detail::ReduceOp::Sum, 0, x, "tj::mpi::allreduce()");
    }
    void forward() override { this->set_grad_out(allreduce(this->template grad_in<0>())); }
    void backward() override { this->template set_grad_in<0>(allreduce(this->grad_out())); }
    std::string name() const override { return "tj::mpi::allreduce"; }
};

template <typename T> struct AllGather : CustomOp<Array<T>(Array<T>)> {
    /// The rank that sent each element of the result: an array, not host offsets, so that a frozen function's
    /// recorded derivative finds this process's part for whatever sizes a replay brings.
    UInt32 owner;
    Array<T> eval(const Array<T> &x) override {
        owner = run(tj::detail::CollectiveKind::AllGather, tj::detail::ReduceOp::Sum, 0,
                    full<UInt32>(uint32_t(rank()), x.size()), "tj::mpi::allgather()");
        return run(tj::detail::CollectiveKind::AllGather, tj::detail::ReduceOp::Sum, 0, x, "tj::mpi::allgather()");
    }
    void forward() override { this->set_grad_out(allgather(this->template grad_in<0>())); }
    void backward() override {
        Array<T> total = allreduce(this->grad_out());
        this->template set_grad_in<0>(gather<Array<T>>(total, compress(owner == uint32_t(rank()))));
    }
    std::string name() const override { return "tj::mpi::allgather"; }
};

template <typename T> struct Broadcast : CustomOp<Array<T>(Array<T>, int)> {
    Array<T> eval(const Array<T> &x, const int &root) override {
        return run(tj::detail::CollectiveKind::Broadcast, tj::detail::ReduceOp::Sum, uint32_t(root), x,
                   "tj::mpi::broadcast()");
    }
    void forward() override { this->set_grad_out(broadcast(this->template grad_in<0>(), this->template value_in<1>())); }
    void backward() override {
        Array<T> total = allreduce(this->grad_out());
        if (rank() == this->template value_in<1>())
            this->template set_grad_in<0>(total);
        else
            this->template set_grad_in<0>(zeros<Array<T>>(this->template value_in<0>().size()));
    }
    std::string name() const override { return "tj::mpi::broadcast"; }
};

} // namespace detail

} // namespace tj::mpi
