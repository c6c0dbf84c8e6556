// tests/mpi/test_ad.cpp — gradients through collectives against central finite differences across ranks
//
// The function that finite differences see is the sum over ranks of each rank's loss, L = Σ_r L_r; a backward
// traversal on every rank from its own L_r gives each rank the derivative of L by its own input (the adjoint of
// allreduce is an allreduce). Every rank runs every evaluation, in the same order, so the collectives meet.
#include "test_util_mpi.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <vector>

using namespace tj_mpi_test;

namespace {

std::vector<double> seq(size_t n, double a, double b, int salt) {
    std::vector<double> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = a + b * std::sin(double(i * 7 + size_t(salt) * 3 + size_t(tj::mpi::rank()) * 11));
    return v;
}

/// Σ_r loss_r(x_r), the same on every rank.
double total(const std::function<tj::Float64(const tj::Float64 &)> &loss, const std::vector<double> &x) {
    return tj::mpi::allreduce(loss(tj::Float64(x))).read(0);
}

/// Checks the reverse-mode gradient of Σ_r loss_r by each rank's input against central differences, element by
/// element of every rank, and returns the largest relative error.
double check_backward(const std::function<tj::Float64(const tj::Float64 &)> &loss, const std::vector<double> &x0) {
    tj::Float64 x(x0);
    tj::enable_grad(x);
    tj::Float64 l = loss(x);
    tj::backward(l);
    const std::vector<double> grad = tj::to_vector(tj::grad(x));
    REQUIRE(grad.size() == x0.size());
    const std::vector<uint64_t> sizes = tj::mpi::detail::sizes(x0.size());
    const double h = 1e-6;
    double worst = 0;
    for (int k = 0; k < tj::mpi::size(); ++k) {
        for (size_t i = 0; i < sizes[size_t(k)]; ++i) {
            std::vector<double> plus = x0, minus = x0;
            if (k == tj::mpi::rank()) {
                plus[i] += h;
                minus[i] -= h;
            }
            const double fd = (total(loss, plus) - total(loss, minus)) / (2 * h);
            if (k == tj::mpi::rank())
                worst = std::fmax(worst, std::fabs(fd - grad[i]) / std::fmax(1.0, std::fabs(fd)));
        }
    }
    return worst;
}

} // namespace

TEST_CASE("mpi ad: allreduce(Add) backward and forward against finite differences") {
    const std::vector<double> w = seq(6, 0.5, 0.4, 1), x0 = seq(6, 0.2, 1.0, 2);
    auto loss = [&](const tj::Float64 &x) {
        tj::Float64 y = tj::mpi::allreduce(x * x);
        return tj::sum(tj::Float64(w) * y * y);
    };
    CHECK(check_backward(loss, x0) < 1e-6);

    // Forward: every rank moves its own input along its own direction d_r; the tangent of each L_r is the
    // derivative of L_r along all of them at once.
    const std::vector<double> d = seq(6, 0.1, 0.3, 3);
    tj::Float64 x(x0);
    tj::enable_grad(x);
    tj::Float64 l = loss(x);
    tj::set_grad(x, tj::Float64(d));
    tj::forward(x);
    const double tangent = tj::grad(l).read(0);
    const double h = 1e-6;
    std::vector<double> plus = x0, minus = x0;
    for (size_t i = 0; i < x0.size(); ++i) {
        plus[i] += h * d[i];
        minus[i] -= h * d[i];
    }
    const double fd = (loss(tj::Float64(plus)).read(0) - loss(tj::Float64(minus)).read(0)) / (2 * h);
    CHECK(std::fabs(fd - tangent) < 1e-6 * std::fmax(1.0, std::fabs(fd)));
}

TEST_CASE("mpi ad: allgather and broadcast backward against finite differences") {
    const size_t mine = size_t(2 + tj::mpi::rank()); // different sizes per rank
    const std::vector<uint64_t> sizes = tj::mpi::detail::sizes(mine);
    size_t all = 0;
    for (uint64_t s : sizes)
        all += size_t(s);
    const std::vector<double> w = seq(all, 0.5, 0.4, 4), x0 = seq(mine, 0.3, 0.8, 5);
    auto gathered = [&](const tj::Float64 &x) {
        tj::Float64 y = tj::mpi::allgather(tj::sin(x));
        return tj::sum(tj::Float64(w) * y * y);
    };
    CHECK(check_backward(gathered, x0) < 1e-6);

    const int root = tj::mpi::size() - 1;
    const std::vector<double> wb = seq(2 + size_t(root), 0.5, 0.4, 6);
    auto broadcast = [&](const tj::Float64 &x) {
        tj::Float64 y = tj::mpi::broadcast(x * 3.0, root);
        return tj::sum(tj::Float64(wb) * y * y);
    };
    CHECK(check_backward(broadcast, x0) < 1e-6);
}

TEST_CASE("mpi ad: data-parallel gradients equal the gradient on all the data in one process") {
    // A line fitted to points split across ranks: the all-reduced gradient of each rank's loss is the gradient of
    // the loss over every point, which rank-local arithmetic on the gathered points gives too.
    const std::vector<double> a0 = seq(50 + size_t(tj::mpi::rank()) * 10, 0.0, 2.0, 7), b0 = seq(a0.size(), 1.0, 0.5, 8);
    auto loss = [](const tj::Float64 &p, const tj::Float64 &a, const tj::Float64 &b) {
        tj::Float64 slope = tj::gather<tj::Float64>(p, tj::UInt32(0u)), shift = tj::gather<tj::Float64>(p, tj::UInt32(1u));
        tj::Float64 e = slope * a + shift - b;
        return tj::sum(e * e);
    };
    tj::Float64 a(a0), b(b0);
    // Explicit: backward on each rank, then the gradients all-reduced.
    tj::Float64 p({0.3, -0.2});
    tj::enable_grad(p);
    tj::backward(loss(p, a, b));
    const std::vector<double> explicit_grad = tj::to_vector(tj::mpi::allreduce(tj::grad(p)));
    // Through AD: the parameters used through their all-reduced mean (the same value), whose adjoint all-reduces.
    tj::Float64 q({0.3, -0.2});
    tj::enable_grad(q);
    tj::backward(loss(tj::mpi::allreduce(q) / double(tj::mpi::size()), a, b));
    const std::vector<double> through_ad = tj::to_vector(tj::grad(q));
    // One process, all the points.
    tj::Float64 r({0.3, -0.2});
    tj::enable_grad(r);
    tj::backward(loss(r, tj::mpi::allgather(a), tj::mpi::allgather(b)));
    const std::vector<double> whole = tj::to_vector(tj::grad(r));
    for (size_t k = 0; k < 2; ++k) {
        CHECK(explicit_grad[k] == doctest::Approx(whole[k]).epsilon(1e-12));
        CHECK(through_ad[k] * double(tj::mpi::size()) == doctest::Approx(whole[k]).epsilon(1e-12));
    }
}
