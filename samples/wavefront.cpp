// samples/wavefront.cpp — a wavefront Monte Carlo: particles through a slab, the dead compacted away with compress
//
// Particles enter a slab of thickness `thickness` (in mean free paths) at x = 0 heading in. Each step every live
// particle flies a random free path along its direction cosine mu; past x < 0 it is reflected, past x > thickness
// transmitted; inside, it is absorbed with probability `absorb`, else scattered into a new random direction. The
// particles still alive are compacted with tj::compress, so the next step works on them only: the arrays shrink
// every step (a "wavefront" renderer does the same with its paths), until none is left.
//
// The step is frozen: tj::freeze records its launches once and replays them on every later step, although the
// number of live particles — the size of every array the step makes — changes every time. That count is a run-time
// value of the replay: the compress step reads it back and the later launches size themselves from it
// (docs/freezing.md, "Compress"). The sample runs the simulation unfrozen and frozen from the same start, checks
// that both give the same tallies (random numbers are a hash of the particle's id and the step), that every
// particle is counted once, and that the frozen step was recorded once (twice when one particle is left at some
// step: a width-1 input broadcasts, so it is a layout key of its own, docs/freezing.md); it prints both timings.
#include <tracejit/freeze.h>
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

using tj::Float, tj::UInt32, tj::Bool;

namespace wavefront {

constexpr float thickness = 4.f; // slab thickness in mean free paths
constexpr float absorb = 0.2f;   // probability of absorption at a collision
constexpr uint32_t particles = 200000;

/// The live particles: position, direction cosine, and an id that seeds their random numbers.
struct Particles {
    Float x, mu;
    UInt32 id;
};
TJ_STRUCT(Particles, x, mu, id)

/// What happened to particles in one step.
struct Tally {
    UInt32 transmitted, reflected, absorbed;
};
TJ_STRUCT(Tally, transmitted, reflected, absorbed)

/// A uniform number in [0, 1) from a particle id, the step and a stream number (a few rounds of an integer hash).
Float uniform(const UInt32 &id, const UInt32 &step, uint32_t stream) {
    UInt32 h = id * 0x9E3779B9u + step * 0x85EBCA6Bu + stream * 0xC2B2AE35u;
    for (int round = 0; round < 3; ++round) {
        h = (h ^ (h >> 16)) * 0x7FEB352Du;
        h = h ^ (h >> 15);
    }
    return tj::cast<Float>(h >> 8) * (1.f / 16777216.f);
}

/// One step of every live particle; the survivors, compacted, and what happened to the others.
std::pair<Particles, Tally> step(const Particles &p, const UInt32 &step_index) {
    Float path = -tj::log(1.f - uniform(p.id, step_index, 0));
    Float x = p.x + p.mu * path;
    Bool reflected = x<0.f, transmitted = x> thickness;
    Bool inside = !(reflected | transmitted);
    Bool absorbed = inside & (uniform(p.id, step_index, 1) < absorb);
    Bool alive = inside & !absorbed;
    Float mu = 2.f * uniform(p.id, step_index, 2) - 1.f; // isotropic scattering
    UInt32 live = tj::compress(alive);
    Particles next{tj::gather<Float>(x, live), tj::gather<Float>(mu, live), tj::gather<UInt32>(p.id, live)};
    return {next, Tally{tj::count(transmitted), tj::count(reflected), tj::count(absorbed)}};
}

struct Result {
    uint64_t transmitted = 0, reflected = 0, absorbed = 0;
    int steps = 0;
    bool width_one = false; ///< a step ran with one particle left (a width-1 input: a layout of its own)
    double ms = 0;
};

template <typename Step> Result simulate(Step &&advance) {
    auto start = std::chrono::steady_clock::now();
    Particles p{tj::zeros<Float>(particles), tj::full<Float>(1.f, particles), tj::arange<UInt32>(particles)};
    tj::make_opaque(p.x, p.mu, p.id);
    Result r;
    while (p.x.size() > 0) {
        r.width_one |= p.x.size() == 1;
        auto [next, tally] = advance(p, tj::opaque<UInt32>(uint32_t(r.steps)));
        r.transmitted += tally.transmitted.read(0);
        r.reflected += tally.reflected.read(0);
        r.absorbed += tally.absorbed.read(0);
        p = next;
        ++r.steps;
    }
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return r;
}

} // namespace wavefront

int main() {
    using namespace wavefront;
    fmt::print("wavefront Monte Carlo: {} particles into a slab {} mean free paths thick, absorption {} per "
               "collision, on {} threads\n",
               particles, thickness, absorb, tj::thread_count());
    // The first run of each compiles (or loads) the kernels, and the frozen one records; then both are timed in
    // turn, and the medians are shown.
    Result plain = simulate(step);
    auto frozen_step = tj::freeze(step);
    Result frozen = simulate(frozen_step);
    const int runs = 7;
    std::vector<double> plain_ms, frozen_ms;
    for (int run = 0; run < runs; ++run) {
        plain_ms.push_back(simulate(step).ms);
        frozen_ms.push_back(simulate(frozen_step).ms);
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    plain.ms = median(plain_ms);
    frozen.ms = median(frozen_ms);
    tj::FreezeStats st = tj::freeze_stats(&frozen_step);
    auto show = [runs](const char *what, const Result &r) {
        fmt::print("  {:8}: {} steps, transmitted {:.4f}, reflected {:.4f}, absorbed {:.4f}; {:.2f} ms per run "
                   "(median of {}), {:.1f} us per step\n",
                   what, r.steps, double(r.transmitted) / particles, double(r.reflected) / particles,
                   double(r.absorbed) / particles, r.ms, runs, 1000 * r.ms / r.steps);
    };
    show("unfrozen", plain);
    show("frozen", frozen);
    fmt::print("  frozen step: {} recording(s) and {} replays for {} runs of {} steps (the live count changed every "
               "step{}); speedup {:.2f}x\n",
               st.recordings, st.replays, runs + 1, frozen.steps,
               frozen.width_one ? "; one particle left is a width-1 layout of its own" : "", plain.ms / frozen.ms);
    bool ok = true;
    if (plain.transmitted != frozen.transmitted || plain.reflected != frozen.reflected ||
        plain.absorbed != frozen.absorbed || plain.steps != frozen.steps) {
        fmt::print("FAILED: the frozen simulation's tallies differ from the unfrozen one's\n");
        ok = false;
    }
    if (frozen.transmitted + frozen.reflected + frozen.absorbed != particles) {
        fmt::print("FAILED: {} particles were counted, {} were sent\n",
                   frozen.transmitted + frozen.reflected + frozen.absorbed, particles);
        ok = false;
    }
    uint64_t recordings = 1 + frozen.width_one, calls = uint64_t(runs + 1) * uint64_t(frozen.steps);
    if (st.recordings != recordings || st.replays != calls - recordings) {
        fmt::print("FAILED: expected {} recording(s) and {} replays\n", recordings, calls - recordings);
        ok = false;
    }
    return ok ? 0 : 1;
}
