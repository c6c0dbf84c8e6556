// samples/frozen_waves.cpp — function freezing: a frozen time step of a 2D wave simulation against the unfrozen step
//
// A square membrane of cells holds a displacement u and a velocity v; each time step advances them by a few
// substeps of the wave equation (symplectic Euler: v += c²·dt·∇²u, u += dt·v), where the Laplacian ∇²u gathers
// each cell's four neighbours through precomputed index arrays (at the edges the wave reflects). Every substep is
// one kernel: the next one gathers from its result.
//
// tj::freeze(step) records the step's kernel launches on its first call and replays them on every later call: no
// tracing, no kernel lookup, only the launches with the new state's buffers. What it saves is the per-step cost of
// tracing, so the gain is largest where the kernels are short: the sample runs a small and a large membrane, both
// through the same frozen function (its sizes follow the inputs'), and for each size runs the same number of steps
// unfrozen and frozen from the same start, prints the time per step of both and freeze_stats, and checks that
// both end in the same state.
#include <tracejit/freeze.h>
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

using tj::Float, tj::UInt32;

namespace waves {

constexpr int substeps = 4;        // kernels per time step
constexpr int steps = 400;         // time steps of each run
constexpr float c2_dt = 0.2f;      // c²·dt / h² (stable: c·dt/h ≈ 0.45 < 1/√2)
constexpr float dt = 1.f;          // the time step (the unit of time)
constexpr float damping = 0.9995f; // velocity kept per substep
constexpr int batch = 25;          // steps timed together

/// The simulated state.
struct Membrane {
    Float u, v; ///< displacement and velocity of each cell
};
TJ_STRUCT(Membrane, u, v)

/// The four neighbours of each cell of a side × side grid (at an edge, the cell itself: the wave reflects).
struct Neighbours {
    UInt32 left, right, up, down;
};
TJ_STRUCT(Neighbours, left, right, up, down)

Neighbours make_neighbours(uint32_t side) {
    std::vector<uint32_t> l, r, up, down;
    for (uint32_t y = 0; y < side; ++y)
        for (uint32_t x = 0; x < side; ++x) {
            uint32_t i = y * side + x;
            l.push_back(x > 0 ? i - 1 : i);
            r.push_back(x + 1 < side ? i + 1 : i);
            up.push_back(y > 0 ? i - side : i);
            down.push_back(y + 1 < side ? i + side : i);
        }
    return {UInt32(l), UInt32(r), UInt32(up), UInt32(down)};
}

/// Two drops of different widths and signs, off centre, at rest.
Membrane make_membrane(uint32_t side) {
    std::vector<float> u(side * side);
    for (uint32_t y = 0; y < side; ++y)
        for (uint32_t x = 0; x < side; ++x) {
            auto drop = [&](float cx, float cy, float width) {
                float dx = (float(x) / side - cx) / width, dy = (float(y) / side - cy) / width;
                return std::exp(-(dx * dx + dy * dy));
            };
            u[y * side + x] = drop(0.3f, 0.4f, 0.06f) - 0.5f * drop(0.7f, 0.65f, 0.1f);
        }
    Membrane m{Float(u), tj::zeros<Float>(side * side)};
    tj::make_opaque(m.u, m.v); // in memory like every later state: the first call's key is the later ones'
    return m;
}

/// One time step: `substeps` kernels, each reading the displacement of the one before through gathers.
Membrane step(Membrane m, Neighbours n) {
    for (int s = 0; s < substeps; ++s) {
        Float laplacian = tj::gather(m.u, n.left) + tj::gather(m.u, n.right) + tj::gather(m.u, n.up) +
                          tj::gather(m.u, n.down) - 4.f * m.u;
        m.v = (m.v + c2_dt * laplacian) * damping;
        m.u = m.u + dt * m.v;
        tj::eval(m.u, m.v); // one kernel; the next substep gathers from its result
    }
    return m;
}

float max_abs(const Float &x) { return tj::hmax(tj::abs(x)).read(0); }

/// Largest |a - b| over all cells of both fields.
float max_difference(const Membrane &a, const Membrane &b) { return std::max(max_abs(a.u - b.u), max_abs(a.v - b.v)); }

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// Runs `steps` steps unfrozen and frozen on a side × side membrane; false when they end in different states.
template <typename Frozen> bool simulate(uint32_t side, Frozen &frozen_step) {
    const Neighbours neighbours = make_neighbours(side);
    const Membrane start = make_membrane(side);
    tj::FreezeStats before = tj::freeze_stats(&frozen_step);

    // Both simulations advance from the same start in alternating batches of steps, so that a change in the load
    // from other processes hits both alike; the time per step is that of each one's fastest batch.
    // Unfrozen: every step traces its operations and looks its kernels up in the cache (the first compiles them).
    // Frozen: the first call records (or replays what another size recorded); every later call replays.
    Membrane plain = step(start, neighbours), frozen = frozen_step(start, neighbours);
    double plain_ms = INFINITY, frozen_ms = INFINITY;
    for (int done = 1; done < steps; done += batch) {
        int n = std::min(batch, steps - done);
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n; ++i)
            plain = step(plain, neighbours);
        plain_ms = std::min(plain_ms, ms_since(t0) / n);
        t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n; ++i)
            frozen = frozen_step(frozen, neighbours);
        frozen_ms = std::min(frozen_ms, ms_since(t0) / n);
    }

    tj::FreezeStats st = tj::freeze_stats(&frozen_step);
    fmt::print("{}x{} cells: {} steps; largest displacement {:.3f} at the start, {:.3f} at the end\n", side, side,
               steps, max_abs(start.u), max_abs(frozen.u));
    fmt::print("  unfrozen step {:8.1f} us, frozen step {:8.1f} us: speedup of the frozen step {:.2f}x\n",
               plain_ms * 1e3, frozen_ms * 1e3, plain_ms / frozen_ms);
    fmt::print("  freeze_stats so far: {} recordings, {} replays, record {:.3f} ms, replay {:.3f} ms ({:.1f} us per "
               "replay on average)\n",
               st.recordings, st.replays, st.record_ms, st.replay_ms,
               st.replay_ms * 1e3 / double(std::max<uint64_t>(1, st.replays)));

    bool ok = true;
    float diff = max_difference(plain, frozen), scale = std::max(max_abs(plain.u), max_abs(plain.v));
    fmt::print("  frozen against unfrozen: largest difference {:.3g} (largest value {:.3g})\n", diff, scale);
    if (!(diff <= 1e-6f * scale)) {
        fmt::print("FAILED: the frozen simulation does not end in the unfrozen one's state\n");
        ok = false;
    }
    if (st.replays + st.recordings - before.replays - before.recordings != uint64_t(steps) ||
        st.recordings - before.recordings > 1) {
        fmt::print("FAILED: expected {} frozen calls, at most one of them recording\n", steps);
        ok = false;
    }
    if (!(max_abs(frozen.u) > 0.01f && max_abs(frozen.u) < max_abs(start.u))) {
        fmt::print("FAILED: the wave died out or grew\n");
        ok = false;
    }
    return ok;
}

} // namespace waves

int main() {
    auto frozen_step = tj::freeze(waves::step, tj::FreezeOptions{.name = "waves::step"});
    fmt::print(
        "2D waves: each step {} substeps of one kernel, {} thread(s); time per step: the fastest of {} batches\n",
        waves::substeps, tj::thread_count(), (waves::steps + waves::batch - 2) / waves::batch);
    bool ok = waves::simulate(32, frozen_step);
    ok = waves::simulate(256, frozen_step) && ok;
    tj::FreezeStats st = tj::freeze_stats(&frozen_step);
    fmt::print("one frozen function for both sizes: {} recording(s), {} replays, {} retraces\n", st.recordings,
               st.replays, st.retraces);
    return ok ? 0 : 1;
}
