// samples/projectile.cpp — a differentiable simulation: launch speeds fitted by gradient descent to hit targets
//
// 1024 projectiles leave the ground at 40° with one speed each (one tj::Float of 1024 elements) and fly under
// gravity and quadratic air drag, integrated with explicit Euler for a fixed number of steps. Where a projectile
// crosses the ground, its landing distance is interpolated linearly within the step. The loss is the squared
// distance to each projectile's own target; backward(loss) differentiates through the whole simulation (one
// kernel: the forward steps are recomputed next to the derivative code), and plain gradient descent updates
// the speeds. The first gradient is checked against central finite differences.
#include "projectile_flight.h"

#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

using tj::Float;

namespace {

constexpr size_t count = 1024;   // projectiles
constexpr int steps = 400;       // Euler steps of projectile::dt: 4 s, longer than the longest flight

using projectile::Landing;

/// Flies every projectile from the origin with its launch speed (projectile_flight.h: the physics, shared with the
/// MPI sample); differentiable with respect to `speed`.
Landing fly(const Float &speed) { return projectile::fly(speed, steps); }

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// The landing distances for `speed` + `offset`, the speeds evaluated first: every offset runs the same kernel.
std::vector<float> distances(const Float &speed, float offset) {
    Float s = speed + offset;
    tj::eval(s);
    return tj::to_vector(fly(s).distance);
}

/// Compares the gradient of 0.5·(distance − target)² with respect to the speed against central differences.
bool check_gradient(const Float &speed, const Float &target, const Float &gradient) {
    const float h = 1e-2f;
    std::vector<float> plus = distances(speed, h), minus = distances(speed, -h), d = distances(speed, 0.f);
    std::vector<float> t = tj::to_vector(target), g = tj::to_vector(gradient);
    double worst = 0;
    for (size_t i = 0; i < count; ++i) {
        double fd = (double(d[i]) - t[i]) * (double(plus[i]) - minus[i]) / (2.0 * h);
        worst = std::max(worst, std::fabs(g[i] - fd) / std::max(1.0, std::fabs(fd)));
    }
    fmt::print("first gradient against central differences (h = {}): max relative difference {:.2e}\n", h, worst);
    return worst < 2e-2;
}

} // namespace

int main() {
    const int iterations = 30;
    const float lr = 0.12f;

    Float target = tj::linspace<Float>(10.f, 35.f, count); // metres
    // m/s, the same first guess for all; opaque (in memory) like the speeds each iteration computes, so that
    // every iteration after the first reuses its kernels.
    Float speed = tj::opaque<Float>(15.f, count);
    tj::eval(target);

    bool ok = true;
    float first_loss = 0, last_loss = 0;
    uint64_t compiled_after_first = 0;
    auto t0 = std::chrono::steady_clock::now();
    tj::reset_kernel_stats();
    for (int i = 0; i < iterations; ++i) {
        tj::KernelStats before = tj::kernel_stats();
        tj::enable_grad(speed);
        Landing landing = fly(speed);
        Float miss = landing.distance - target;
        Float loss = 0.5f * tj::sum(miss * miss);
        tj::backward(loss);
        Float gradient = tj::grad(speed), previous = tj::detach(speed);
        speed = previous - lr * gradient;
        tj::eval(speed, gradient); // the backward pass and the update: one kernel
        last_loss = loss.read(0);
        if (i == 0) { // after the update, so that the first iteration runs the same kernels as the others
            ok = check_gradient(previous, target, gradient) && ok;
            first_loss = last_loss;
        }
        tj::KernelStats after = tj::kernel_stats();
        if (i > 0)
            compiled_after_first += (after.misses - before.misses) + (after.disk_hits - before.disk_hits);
        if (i % 5 == 0 || i == iterations - 1)
            fmt::print("iteration {:2}: loss {:.6g} (root mean square miss {:.2g} m)\n", i, last_loss,
                       std::sqrt(2.0 * last_loss / count));
    }
    double ms = ms_since(t0);

    Landing final_landing = fly(speed);
    std::vector<float> d = tj::to_vector(final_landing.distance), t = tj::to_vector(target);
    uint32_t landed = tj::sum(tj::cast<tj::UInt32>(final_landing.landed)).read(0);
    double worst = 0;
    for (size_t i = 0; i < count; ++i)
        worst = std::max(worst, std::fabs(double(d[i]) - t[i]));
    fmt::print("{} projectiles, {} Euler steps, {} iterations in {:.0f} ms; loss {:.4g} → {:.4g} ({:.3g}× lower)\n",
               count, steps, iterations, ms, first_loss, last_loss, first_loss / last_loss);
    fmt::print("speeds from {:.3f} to {:.3f} m/s; largest miss {:.2g} m; {} of {} landed\n", tj::hmin(speed).read(0),
               tj::hmax(speed).read(0), worst, landed, count);
    tj::KernelStats st = tj::kernel_stats();
    fmt::print("kernels: {} launches, {} compiled ({:.1f} ms compiling or loading), {} memory hits, {} disk hits\n",
               st.launches, st.misses, st.compile_ms, st.memory_hits, st.disk_hits);

    if (compiled_after_first != 0) {
        fmt::print("iterations after the first compiled or loaded {} kernel(s); every iteration traces the same "
                   "operations, so they should all come from the memory cache\n",
                   compiled_after_first);
        ok = false;
    }
    if (!(first_loss / last_loss > 1e4)) {
        fmt::print("the loss fell by only {:.3g}× (expected more than 1e4×)\n", first_loss / last_loss);
        ok = false;
    }
    if (landed != count || worst > 0.05) {
        fmt::print("not every projectile lands within 5 cm of its target\n");
        ok = false;
    }
    return ok ? 0 : 1;
}
