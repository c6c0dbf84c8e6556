// samples/projectile_fit.h — data-parallel fitting of a launch-speed model to landing targets (projectile_mpi.cpp,
// bench/bench_mpi.cpp)
//
// The physics of projectile.cpp (projectile_flight.h): projectiles leave the ground at 40° and fly under gravity and
// quadratic drag, integrated with explicit Euler; where one crosses the ground its landing distance is interpolated
// within the step. Here the launch speed is a model of the target distance t, speed = a + b · (t − 20 m) / 10 m,
// whose two parameters (width-1 Float64 arrays) are fitted to many targets at once. The targets are split across processes: each
// process differentiates the loss of its own targets, and the gradients are all-reduced (tj::mpi::allreduce), so
// every process takes the same step as one process holding every target.
#pragma once

#include "projectile_flight.h"

#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace projectile_fit {

using tj::Float, tj::Float64;

constexpr int steps = 300; // Euler steps of projectile::dt: 3 s, longer than the longest flight here

/// `n` target distances in [10, 30) m, the same on every process (a fixed pseudo-random sequence).
inline std::vector<float> all_targets(size_t n) {
    std::vector<float> t(n);
    uint64_t state = 0x9E3779B97F4A7C15ull;
    for (float &v : t) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        v = 10.f + 20.f * float(state >> 40) / float(1ull << 24);
    }
    return t;
}

/// The targets of process `rank` of `ranks`: a contiguous part (the first n % ranks parts one longer).
inline std::vector<float> part_of(const std::vector<float> &all, int rank, int ranks) {
    const size_t base = all.size() / size_t(ranks), extra = all.size() % size_t(ranks);
    const size_t begin = size_t(rank) * base + std::min(size_t(rank), extra);
    const size_t count = base + (size_t(rank) < extra ? 1 : 0);
    return std::vector<float>(all.begin() + long(begin), all.begin() + long(begin + count));
}

/// One step of gradient descent: the loss over every process's targets before the step (½ Σ miss²), and the new
/// parameters. `rate` is the step size per target (the gradient of the sum is divided by `targets_total`).
inline std::tuple<Float64, Float64, Float64> step(const Float64 &a_in, const Float64 &b_in, const Float &targets,
                                                  double rate, double targets_total) {
    Float64 a = a_in, b = b_in;
    tj::enable_grad(a, b);
    Float64 t = (tj::cast<Float64>(targets) - 20.0) * 0.1; // in [-1, 1): a and b barely correlate
    Float speed = tj::cast<Float>(a + b * t);
    Float miss = projectile::fly(speed, steps).distance - targets;
    Float64 loss = 0.5 * tj::sum(tj::cast<Float64>(miss * miss));
    tj::backward(loss);
    // Every process's gradient summed: the gradient of the loss over all targets, on every process.
    Float64 ga = tj::mpi::allreduce(tj::grad(a)), gb = tj::mpi::allreduce(tj::grad(b));
    const double k = rate / targets_total;
    return {tj::mpi::allreduce(tj::detach(loss)), tj::detach(a) - k * ga, tj::detach(b) - k * gb};
}

} // namespace projectile_fit
