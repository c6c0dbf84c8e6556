// tests/mpi/test_collectives.cpp — allreduce with every operator and type, allgather, broadcast, against C++
#include "test_util_mpi.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h> // Open MPI's MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support
#endif

using namespace tj_mpi_test;

namespace {

/// Element i of rank r's array: small values, so that products across 4 ranks stay exact in every type.
template <typename T> T value(int r, size_t i) {
    if constexpr (std::is_same_v<T, bool>)
        return (size_t(r) + i) % 3 != 0;
    else if constexpr (std::is_floating_point_v<T>)
        return T(r + 1) * T(0.5) + T(i % 7) * T(0.25) - T(1);
    else if constexpr (std::is_signed_v<T>)
        return T(int((size_t(r) * 7 + i * 3) % 11) - 5);
    else
        return T((size_t(r) * 7 + i * 3) % 11 + 1);
}

template <typename T> std::vector<T> values(int r, size_t n) {
    std::vector<T> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = value<T>(r, i);
    return v;
}

template <typename T> T combine(tj::ReduceOp op, T a, T b) {
    switch (op) {
    case tj::ReduceOp::Add: return T(a + b);
    case tj::ReduceOp::Mul: return T(a * b);
    case tj::ReduceOp::Min: return b < a ? b : a;
    case tj::ReduceOp::Max: return a < b ? b : a;
    case tj::ReduceOp::And:
        if constexpr (std::is_integral_v<T>)
            return T(a & b);
        break;
    case tj::ReduceOp::Or:
        if constexpr (std::is_integral_v<T>)
            return T(a | b);
        break;
    }
    return a;
}

template <typename T> std::vector<T> reference(tj::ReduceOp op, size_t n) {
    std::vector<T> out = values<T>(0, n);
    for (int r = 1; r < tj::mpi::size(); ++r)
        for (size_t i = 0; i < n; ++i)
            out[i] = combine<T>(op, T(out[i]), value<T>(r, i));
    return out;
}

template <typename T> std::vector<tj::ReduceOp> ops_for() {
    using Op = tj::ReduceOp;
    if constexpr (std::is_same_v<T, bool>)
        return {Op::Min, Op::Max, Op::And, Op::Or};
    else if constexpr (std::is_floating_point_v<T>)
        return {Op::Add, Op::Mul, Op::Min, Op::Max};
    else
        return {Op::Add, Op::Mul, Op::Min, Op::Max, Op::And, Op::Or};
}

bool evaluated(uint32_t id) { return contains(tj::detail::var_summary(id, 0), "evaluated"); }

} // namespace

TEST_CASE("mpi: rank and size are MPI's") {
    int r = -1, n = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    CHECK(tj::mpi::rank() == r);
    CHECK(tj::mpi::size() == n);
    CHECK(n >= 2); // (ctest runs these cases under mpirun -np 2 and -np 4)
    // What Open MPI says where it can be asked (Debian's is built without CUDA: false); else staging (false).
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    CHECK(tj::mpi::cuda_aware() == (MPIX_Query_cuda_support() == 1));
#else
    CHECK_FALSE(tj::mpi::cuda_aware());
#endif
}

TEST_CASE_TEMPLATE("mpi: allreduce with every operator the type has, against C++", T, float, double, int32_t,
                   uint32_t, int64_t, uint64_t, bool) {
    const int r = tj::mpi::rank();
    for (size_t n : {size_t(1), size_t(5), size_t(1000)}) {
        for (tj::ReduceOp op : ops_for<T>()) {
            CAPTURE(n);
            CAPTURE(int(op));
            tj::Array<T> x(values<T>(r, n));
            tj::Array<T> y = tj::mpi::allreduce(x, op);
            REQUIRE(y.size() == n);
            CHECK(evaluated(y.index()));
            const std::vector<T> got = tj::to_vector(y), want = reference<T>(op, n);
            size_t wrong = 0;
            for (size_t i = 0; i < n; ++i) {
                if constexpr (std::is_floating_point_v<T>)
                    wrong += std::fabs(got[i] - want[i]) > T(1e-6) * std::fmax(T(1), std::fabs(want[i]));
                else
                    wrong += got[i] != want[i];
            }
            CHECK(wrong == 0);
        }
    }
}

TEST_CASE("mpi: allreduce evaluates a lazy input first and returns an evaluated array") {
    const int r = tj::mpi::rank(), p = tj::mpi::size();
    const size_t n = 4099;
    tj::Float x = tj::arange<tj::Float>(n) * float(r + 1) + 1.f; // lazy: nothing ran yet
    CHECK_FALSE(evaluated(x.index()));
    tj::Float y = tj::mpi::allreduce(x);
    CHECK(evaluated(y.index()));
    const float ranks_sum = float(p * (p + 1) / 2);
    std::vector<float> got = tj::to_vector(y);
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i)
        wrong += std::fabs(got[i] - (float(i) * ranks_sum + float(p))) > 1e-3f;
    CHECK(wrong == 0);

    // A literal of width 1 is an array of one element.
    tj::Int32 one = tj::mpi::allreduce(tj::Int32(r + 1), tj::ReduceOp::Max);
    CHECK(one.size() == 1);
    CHECK(one.read(0) == p);
    // The empty array reduces to the empty array.
    CHECK(tj::mpi::allreduce(tj::Float()).size() == 0);
}

TEST_CASE_TEMPLATE("mpi: allgather concatenates in rank order, with a different size on each rank", T, float, double,
                   int32_t, uint64_t, bool) {
    const int r = tj::mpi::rank(), p = tj::mpi::size();
    auto count = [](int k) { return k == 1 ? size_t(0) : size_t(k) + 2; }; // rank 1 sends nothing
    tj::Array<T> mine(values<T>(r, count(r)));
    tj::Array<T> all = tj::mpi::allgather(mine);
    std::vector<T> want;
    for (int k = 0; k < p; ++k)
        for (T v : values<T>(k, count(k)))
            want.push_back(v);
    CHECK(evaluated(all.index()));
    CHECK(tj::to_vector(all) == want);

    // Equal sizes (the MPI_Allgather path), from a lazy input (an opaque operand: nothing folds it away).
    tj::Array<T> lazy;
    if constexpr (std::is_same_v<T, bool>)
        lazy = tj::Array<T>(values<T>(r, 3)) ^ tj::opaque<tj::Array<T>>(false);
    else
        lazy = tj::Array<T>(values<T>(r, 3)) + tj::opaque<tj::Array<T>>(T(0));
    CHECK_FALSE(evaluated(lazy.index()));
    std::vector<T> want_equal;
    for (int k = 0; k < p; ++k)
        for (T v : values<T>(k, 3))
            want_equal.push_back(v);
    CHECK(tj::to_vector(tj::mpi::allgather(lazy)) == want_equal);
}

TEST_CASE("mpi: broadcast gives every rank the root's array, whatever size the others pass") {
    const int r = tj::mpi::rank(), p = tj::mpi::size();
    for (int root : {0, p - 1}) {
        CAPTURE(root);
        tj::Float64 x = r == root ? tj::Float64(values<double>(r, 5)) : tj::Float64(values<double>(r, size_t(r)));
        tj::Float64 y = tj::mpi::broadcast(x, root);
        CHECK(evaluated(y.index()));
        CHECK(tj::to_vector(y) == values<double>(root, 5));
    }
    tj::UInt32 lazy = tj::arange<tj::UInt32>(7) * uint32_t(r + 3);
    CHECK(tj::to_vector(tj::mpi::broadcast(lazy, 1)) == tj::to_vector(tj::arange<tj::UInt32>(7) * 4u));
}

TEST_CASE("mpi: the communicator can be changed (MPI_COMM_SELF: every process alone)") {
    tj::mpi::set_communicator(MPI_COMM_SELF);
    CHECK(tj::mpi::size() == 1);
    CHECK(tj::mpi::rank() == 0);
    tj::Float x({1.f, 2.f});
    CHECK(tj::to_vector(tj::mpi::allreduce(x)) == std::vector<float>{1.f, 2.f});
    tj::mpi::set_communicator(MPI_COMM_WORLD);
    CHECK(tj::mpi::size() > 1);
    CHECK(tj::to_vector(tj::mpi::allreduce(x)) ==
          std::vector<float>{float(tj::mpi::size()), 2.f * float(tj::mpi::size())});
    CHECK(contains(error_of([] { tj::mpi::set_communicator(MPI_COMM_NULL); }), "MPI_COMM_NULL"));
}
