// tests/mpi/test_errors.cpp — mistakes across ranks are the same tj::Error on every rank, never a hang
#include "test_util_mpi.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <vector>

using namespace tj_mpi_test;

TEST_CASE("mpi: allreduce of arrays of different sizes is a tj::Error on every rank, and the next call works") {
    const int r = tj::mpi::rank();
    tj::Float x = tj::arange<tj::Float>(size_t(3 + r)); // 3, 4, ... elements
    const std::string msg = error_of([&] { tj::mpi::allreduce(x); });
    CHECK(contains(msg, "tj::mpi::allreduce(): the arrays have different sizes across processes"));
    CHECK(contains(msg, "sizes by rank: 3, 4"));
    CHECK(on_every_rank(!msg.empty()));
    // Nothing is left half-done: the next collective meets.
    CHECK(tj::mpi::allreduce(tj::Float(1.f)).read(0) == float(tj::mpi::size()));
}

TEST_CASE("mpi: different types, operators, roots or collectives are a tj::Error on every rank") {
    const int r = tj::mpi::rank();
    std::string msg = error_of([&] {
        if (r == 0)
            tj::mpi::allreduce(tj::Float({1.f, 2.f}));
        else
            tj::mpi::allreduce(tj::Int32({1, 2}));
    });
    CHECK(contains(msg, "different types across processes (rank 0: f32, rank 1: i32)"));
    msg = error_of([&] { tj::mpi::allreduce(tj::Int32({1, 2}), r == 0 ? tj::ReduceOp::Min : tj::ReduceOp::Max); });
    CHECK(contains(msg, "different operators (rank 0: ReduceOp::Min, rank 1: ReduceOp::Max)"));
    msg = error_of([&] { tj::mpi::broadcast(tj::Int32({1, 2}), r == 0 ? 0 : 1); });
    CHECK(contains(msg, "tj::mpi::broadcast(): processes named different roots"));
    msg = error_of([&] {
        if (r == 0)
            tj::mpi::allgather(tj::Int32({1, 2}));
        else
            tj::mpi::broadcast(tj::Int32({1, 2}));
    });
    CHECK(contains(msg, "processes called different collectives at the same point (rank 0: tj::mpi::allgather(), "
                        "rank 1: tj::mpi::broadcast())"));
    msg = error_of([&] { tj::mpi::broadcast(tj::Int32({1, 2}), 99); });
    CHECK(contains(msg, "tj::mpi::broadcast(): root 99 is not a rank"));
    CHECK(on_every_rank(!msg.empty()));
}

TEST_CASE("mpi: operators a type does not have are a tj::Error before anything is sent") {
    CHECK(contains(error_of([] { tj::mpi::allreduce(tj::Float({1.f}), tj::ReduceOp::And); }),
                   "And and Or are defined for Bool and integer arrays, not for f32"));
    CHECK(contains(error_of([] { tj::mpi::allreduce(tj::Bool({true}), tj::ReduceOp::Add); }),
                   "is not defined for Bool arrays"));
    tj::Float g({1.f, 2.f});
    tj::enable_grad(g);
    CHECK(contains(error_of([&] { tj::mpi::allreduce(g, tj::ReduceOp::Max); }),
                   "tj::mpi::allreduce(): the array has gradients enabled, but only ReduceOp::Add is differentiable"));
    // (Every rank threw before talking: the next collective meets.)
    CHECK(tj::mpi::allreduce(tj::Int32(1)).read(0) == tj::mpi::size());
}

// Run without mpirun and without MPI_Init (ctest mpi.not_initialised: TJ_MPI_TEST_NO_INIT=1, main.cpp).
TEST_CASE("mpi not initialised: every call says so, and after MPI_Finalize too") {
    int initialised = 1;
    MPI_Initialized(&initialised);
    REQUIRE(initialised == 0);
    const std::string msg = error_of([] { tj::mpi::allreduce(tj::Float({1.f})); });
    CHECK(contains(msg, "tj::mpi::allreduce(): MPI is not initialised: call MPI_Init (or create a tj::mpi::Session)"));
    CHECK(contains(error_of([] { tj::mpi::rank(); }), "tj::mpi::rank(): MPI is not initialised"));
    CHECK(contains(error_of([] { tj::mpi::size(); }), "tj::mpi::size(): MPI is not initialised"));
    {
        tj::mpi::Session session; // a process started without mpirun is a world of one
        CHECK(tj::mpi::size() == 1);
        CHECK(tj::to_vector(tj::mpi::allgather(tj::Int32({4, 5}))) == std::vector<int32_t>{4, 5});
    }
    CHECK(contains(error_of([] { tj::mpi::broadcast(tj::Float({1.f})); }),
                   "tj::mpi::broadcast(): MPI has been finalised already"));
}
