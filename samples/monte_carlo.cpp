// samples/monte_carlo.cpp — the main sample: a Monte Carlo estimate of π and a million bouncing particles
//
// Every line that touches a tj:: array only records an operation; tracejit fuses what is
// evaluated together into one kernel, compiles it with LLVM for this CPU and caches it, so
// a loop that traces the same operations again reuses the compiled kernel. Run it twice:
// the second run loads its kernels from the disk cache (see the statistics at the end).
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <numbers>
#include <vector>

using std::numbers::pi;
using tj::Bool, tj::Float, tj::UInt32;

/// A counter-based random number generator (PCG hash): the same (counter, seed) always gives the same bits.
UInt32 pcg_hash(UInt32 x) {
    UInt32 state = x * 747796405u + 2891336453u;
    UInt32 word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

/// Uniform floats in [0, 1) from the top 24 bits of a hash.
Float uniform(const UInt32 &counter, const UInt32 &seed) {
    return tj::cast<Float>(pcg_hash(counter ^ pcg_hash(seed)) >> 8u) * (1.f / 16777216.f);
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// π ≈ 4 × the fraction of random points in the unit square that fall inside the quarter circle.
bool estimate_pi() {
    const size_t n = size_t(1) << 22, batches = 8;
    auto t0 = std::chrono::steady_clock::now();
    UInt32 i = tj::arange<UInt32>(n);
    uint64_t inside = 0;
    for (uint32_t b = 0; b < batches; ++b) {
        // An opaque seed is a value in memory, not a constant baked into the kernel: every batch reuses one kernel.
        UInt32 seed_x = tj::opaque<UInt32>(2 * b), seed_y = tj::opaque<UInt32>(2 * b + 1);
        Float x = uniform(i, seed_x), y = uniform(i, seed_y);
        Bool hit = x * x + y * y <= 1.f;
        inside += tj::sum(tj::cast<UInt32>(hit)).read(0);
    }
    double samples = double(n * batches), estimate = 4.0 * double(inside) / samples;
    double sigma = 4.0 * std::sqrt(pi / 4 * (1 - pi / 4) / samples); // standard error of the estimate
    fmt::print("π ≈ {:.6f} from {:.1f} M samples (error {:+.6f}, standard error {:.6f}) in {:.1f} ms\n", estimate,
               samples / 1e6, estimate - pi, sigma, ms_since(t0));
    return std::fabs(estimate - pi) < 5 * sigma;
}

/// Particles fall under gravity and bounce off the floor, losing 10 % of their speed at each bounce.
bool simulate_particles() {
    const size_t n = size_t(1) << 20;
    const int steps = 200;
    const float dt = 0.01f, g = 9.81f, restitution = 0.9f;
    UInt32 i = tj::arange<UInt32>(n);
    Float x = uniform(i, UInt32(100)), y = 1.f + 9.f * uniform(i, UInt32(101));
    Float vx = uniform(i, UInt32(102)) - 0.5f, vy = tj::zeros<Float>(n);
    UInt32 bounces = tj::zeros<UInt32>(n);
    tj::set_label(y, "height");
    tj::eval(x, y, vx, vy, bounces);
    auto energy = [&] { return tj::sum(0.5f * (vx * vx + vy * vy) + g * y).read(0) / float(n); };
    float e0 = energy();

    auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; ++s) {
        vy -= g * dt;
        x += vx * dt;
        y += vy * dt;
        Bool below = y < 0.f;
        y = tj::select(below, -y, y);
        vy = tj::select(below, -restitution * vy, vy);
        bounces += tj::select(below, UInt32(1), UInt32(0));
        tj::eval(x, y, vx, vy, bounces); // one fused kernel per step, compiled once
    }
    double ms = ms_since(t0);
    float e1 = energy();

    // A histogram of the heights: scatter_add counts every particle into its bin, atomically.
    const int bins = 10;
    UInt32 counts = tj::zeros<UInt32>(bins);
    tj::Int32 bin = tj::min(tj::cast<tj::Int32>(y), bins - 1);
    tj::scatter_add(counts, UInt32(1), bin);
    std::vector<uint32_t> histogram = tj::to_vector(counts);

    uint64_t total_bounces = tj::sum(tj::cast<tj::UInt64>(bounces)).read(0);
    fmt::print("{} particles, {} steps in {:.1f} ms ({:.2f} ms/step, {:.1f} G particle-steps/s)\n", n, steps, ms,
               ms / steps, double(n) * steps / ms / 1e6);
    fmt::print("  bounces: {} ({:.2f} per particle), lowest y {:.4f}, highest y {:.3f}\n", total_bounces,
               double(total_bounces) / n, tj::hmin(y).read(0), tj::hmax(y).read(0));
    fmt::print("  energy per particle: {:.3f} → {:.3f} (bounces lose energy)\n", e0, e1);
    fmt::print("  heights:");
    uint64_t counted = 0;
    for (int b = 0; b < bins; ++b) {
        fmt::print(" [{},{}) {}", b, b + 1, histogram[b]);
        counted += histogram[b];
    }
    fmt::print("\n");
    return counted == n && e1 < e0 && total_bounces > 0 && tj::hmin(y).read(0) >= 0.f;
}

int main() {
    fmt::print("tracejit sample on {} threads\n", tj::thread_count());
    bool ok = estimate_pi();
    ok = simulate_particles() && ok;

    tj::KernelStats st = tj::kernel_stats();
    fmt::print("kernels: {} launches, {} compiled ({:.1f} ms compiling or loading), {} memory hits, {} disk hits\n",
               st.launches, st.misses, st.compile_ms, st.memory_hits, st.disk_hits);
    if (!ok)
        fmt::print("unexpected result: see above\n");
    return ok ? 0 : 1;
}
