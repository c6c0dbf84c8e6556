// tests/mpi/test_freeze.cpp — frozen functions record collectives as steps and replay them on new inputs
//
// Every rank calls the frozen function with inputs of its own; each replay is compared with the unfrozen body on
// the same inputs (bit for bit: the same collectives on the same values), and the statistics show one recording.
#include "test_util_mpi.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <tuple>
#include <vector>

using namespace tj_mpi_test;

namespace {

struct FreezingOn {
    bool saved = tj::flag(tj::Flag::KernelFreezing);
    FreezingOn() { tj::set_flag(tj::Flag::KernelFreezing, true); }
    ~FreezingOn() { tj::set_flag(tj::Flag::KernelFreezing, saved); }
};

/// `n` floats that differ per rank and per call.
tj::Float input(size_t n, int call) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = float((i * 31 + size_t(call) * 7 + size_t(tj::mpi::rank()) * 13) % 101) * 0.125f - 3.f;
    return tj::Float(v);
}

template <typename T> bool same(const tj::Array<T> &a, const tj::Array<T> &b) {
    return tj::to_vector(a) == tj::to_vector(b);
}

} // namespace

TEST_CASE("mpi freeze: allreduce, allgather and broadcast are recorded once and replayed on new inputs") {
    FreezingOn on;
    auto body = [](const tj::Float &x, const tj::Float &w) {
        tj::Float y = tj::mpi::allreduce(x * w + 1.f);              // a kernel's output, reduced
        tj::Float m = tj::mpi::allreduce(tj::sum(x), tj::ReduceOp::Max); // a reduction's result (width 1)
        tj::Float g = tj::mpi::allgather(tj::sqrt(tj::abs(x)));     // sizes × ranks
        tj::Float b = tj::mpi::broadcast(y * 2.f, tj::mpi::size() - 1);
        return std::make_tuple(y * m, g + 1.f, b);
    };
    auto frozen = tj::freeze(body);
    int call = 0;
    for (size_t n : {size_t(1000), size_t(1000), size_t(77), size_t(4096)}) {
        CAPTURE(n);
        tj::Float x = input(n, call), w = input(n, call + 100);
        ++call;
        auto [y, g, b] = frozen(x, w);
        auto [y0, g0, b0] = body(x, w);
        CHECK(same(y, y0));
        CHECK(same(g, g0));
        CHECK(same(b, b0));
        CHECK(g.size() == n * size_t(tj::mpi::size()));
    }
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 3);
}

TEST_CASE("mpi freeze: an allgather recorded with equal sizes records anew, on every rank, when they differ") {
    FreezingOn on;
    auto body = [](const tj::Int32 &x) { return tj::mpi::allgather(x * 2) + 1; };
    auto frozen = tj::freeze(body);
    const int r = tj::mpi::rank();
    auto make = [&](size_t n) { return tj::arange<tj::Int32>(n) + r * 100; };
    for (size_t n : {size_t(10), size_t(20)}) { // equal sizes: one recording, one replay
        tj::Int32 x = make(n);
        tj::make_opaque(x);
        CHECK(same(frozen(x), body(x)));
    }
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 1);
    // Rank r now has 5 + r elements: the replay stops on every rank alike and records anew (with constant sizes),
    // then replays while the sizes stay those.
    for (int k = 0; k < 2; ++k) {
        tj::Int32 x = make(size_t(5 + r));
        tj::make_opaque(x);
        CHECK(same(frozen(x), body(x)));
    }
    CHECK(frozen.stats().recordings == 2);
    CHECK(frozen.stats().replays == 2);
    CHECK(on_every_rank(frozen.stats().recordings == 2));
}

TEST_CASE("mpi freeze: a replay whose allreduce sizes differ across ranks is a tj::Error on every rank") {
    FreezingOn on;
    auto frozen = tj::freeze([](const tj::Float &x) { return tj::mpi::allreduce(x * 3.f); });
    tj::Float a = input(100, 1);
    CHECK(same(frozen(a), tj::mpi::allreduce(a * 3.f)));
    tj::Float b = input(size_t(50 + tj::mpi::rank()), 2);
    const std::string msg = error_of([&] { frozen(b); });
    CHECK(contains(msg, "tj::mpi::allreduce(): the arrays have different sizes across processes"));
    CHECK(on_every_rank(!msg.empty()));
    tj::Float c = input(300, 3);
    CHECK(same(frozen(c), tj::mpi::allreduce(c * 3.f))); // and the recording still serves
    CHECK(frozen.stats().recordings == 1);
}

TEST_CASE("mpi freeze: an empty array inside a frozen function is a FreezeError on every rank") {
    FreezingOn on;
    auto frozen = tj::freeze([](const tj::Float &x) { return tj::mpi::allgather(x); });
    tj::Float x = tj::mpi::rank() == 0 ? tj::Float() : input(3, 0);
    std::string msg;
    try {
        frozen(x);
    } catch (const tj::FreezeError &e) {
        msg = e.what();
    } catch (const tj::Error &e) {
        msg = std::string("not a FreezeError: ") + e.what();
    }
    CHECK(contains(msg, "tj::mpi::allgather(): an empty array (here or on another process) inside a frozen function"));
    CHECK(on_every_rank(contains(msg, "inside a frozen function")));
}

TEST_CASE("mpi freeze: a backward pass through allgather and allreduce inside a frozen function replays on new sizes") {
    FreezingOn on;
    auto body = [](const tj::Float &x_in, const tj::Float &p_in) {
        tj::Float x = x_in, p = p_in;
        tj::enable_grad(x, p);
        tj::Float y = tj::mpi::allgather(tj::sin(x) * tj::mpi::allreduce(p)); // each rank's part of y
        tj::Float loss = tj::sum(y * y * y);
        tj::backward(loss);
        return std::make_tuple(tj::detach(loss), tj::grad(x), tj::grad(p));
    };
    auto frozen = tj::freeze(body);
    int call = 0;
    for (size_t n : {size_t(6), size_t(6), size_t(11), size_t(3)}) { // the same size on every rank, changing
        CAPTURE(n);
        tj::Float x = input(n, call), p = input(1, call + 50) * 0.1f;
        ++call;
        auto [l, gx, gp] = frozen(x, p);
        auto [l0, gx0, gp0] = body(x, p);
        CHECK(same(l, l0));
        CHECK(same(gx, gx0)); // this rank's part of the gradient, for this call's sizes
        CHECK(same(gp, gp0));
    }
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 3);
}
