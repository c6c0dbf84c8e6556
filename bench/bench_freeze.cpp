// bench/bench_freeze.cpp — function freezing: a chain of N elementwise ops unfrozen, frozen and in C++
//
// The function: x → N operations *a, +b, -a, *b, … (bench::build_chain) on three opaque float32 inputs of width 1,
// 1k or 1M, for N = 10, 100, 1000, 10000; one kernel per call. Each case is timed three ways (four above width 1),
// in turn within each run so that a change in the load from other processes hits all of them alike:
//   unfrozen: the function traces its N operations and tj::eval runs the kernel from the memory cache;
//   frozen:   tj::freeze's replay (flatten the inputs, look up the recording, bind, launch, rebuild the output)
//             and tj::eval of its result (already in memory: nothing left to do);
//   C++:      bench::chain_scalar (a plain function) at width 1; at the other widths two hand-written AVX-512
//             loops (bench/freeze_chain_loop.cpp, -O3 -march=native -mprefer-vector-width=512): chain_loop with
//             eight registers of 16 elements per iteration (eight independent dependency chains) and
//             chain_loop_one_register; the goal compares against the faster of the two.
// The replay overhead per kernel: functions of K = 1, 2, 4, 8, 16 kernels of 10 operations each at width 1, where
// a kernel's own work (10 scalar operations) takes nanoseconds: replay time minus the C++ time of the same
// operations, divided by K. The goal line takes K = 1, which charges the whole per-call cost to its one kernel.
// An optimisation step through a frozen loss (docs/freezing.md, gradients): loss = sum(chain of 100 ops on p), p with gradients enabled
// outside, backward(loss) outside, the loss and grad(p) evaluated (forward + backward); the loss frozen (its replay and
// its recorded derivative's replay) against the same step unfrozen, at width 1 and 1M, the two in turn within each run;
// the ratio of the medians. BENCH_FREEZE_STEP_ONLY=1 runs only this part. One thread everywhere (TRACEJIT_THREADS=1):
// the figures compare code and overheads, not thread pools.
#include "bench_util.h"
#include "chain.h"
#include "freeze_chain.h"

#include <tracejit/freeze.h>
#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using tj::Float;

int failures = 0;

void fail(const std::string &what) {
    std::printf("  FAILED: %s\n", what.c_str());
    ++failures;
}

/// The inputs of one width, on the host (for the C++ references) and as opaque tracejit arrays.
struct Inputs {
    std::vector<float> x, a, b;
    Float jx, ja, jb;

    explicit Inputs(size_t width) {
        bench::Uniform ux(7, -1.f, 1.f), ua(8, 0.5f, 0.95f), ub(9, 0.5f, 0.95f); // |a·b| < 1: the chain stays bounded
        for (size_t i = 0; i < width; ++i) {
            x.push_back(ux());
            a.push_back(ua());
            b.push_back(ub());
        }
        jx = Float(x), ja = Float(a), jb = Float(b);
        tj::make_opaque(jx, ja, jb); // in memory, never literals: every frozen call has the same key and replays
    }
};

/// Largest |x - y| relative to max(1, |y|); infinity when the sizes differ.
double max_rel_diff(const std::vector<float> &x, const std::vector<float> &y) {
    if (x.size() != y.size())
        return INFINITY;
    double worst = 0;
    for (size_t i = 0; i < x.size(); ++i)
        worst = std::max(worst, std::abs(double(x[i]) - double(y[i])) / std::max(1.0, std::abs(double(y[i]))));
    return worst;
}

/// Seconds per call of `call`: one run of `iters` calls.
template <typename F> double time_batch(int iters, F &&call) {
    auto t0 = bench::Clock::now();
    for (int i = 0; i < iters; ++i)
        call();
    return bench::seconds_since(t0) / iters;
}

/// Calls per timed run so that a run lasts about `target` seconds (at least one call).
template <typename F> int calls_per_run(F &&call, double target) {
    double t = time_batch(1, call);
    if (t < target / 100)
        t = time_batch(100, call); // a steadier estimate of a fast call
    return std::max(1, int(target / std::max(t, 1e-9)));
}

volatile float sink; // results of the C++ references: they must be computed

struct Row {
    size_t ops, width;
    bench::Samples unfrozen, frozen, native, one_register; ///< one_register: only at widths above 1

    /// The C++ reference: the plain function at width 1, else the faster of the two loops.
    double cpp() const { return width > 1 ? std::min(native.best(), one_register.best()) : native.best(); }
};

/// A function of `ops` elementwise operations on inputs of `width`: checks that the three agree, then times them.
Row measure_chain(size_t ops, size_t width, int runs, const Inputs &in) {
    Row row{ops, width, {}, {}, {}, {}};
    auto body = [ops](Float x, Float a, Float b) {
        bench::build_chain(x, a, b, ops);
        return x;
    };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "chain"});
    std::vector<float> out(width);
    auto native = [&] {
        if (width == 1)
            sink = bench::chain_scalar(in.x[0], in.a[0], in.b[0], ops);
        else
            bench::chain_loop(in.x.data(), in.a.data(), in.b.data(), out.data(), width, ops);
    };
    auto one_register = [&] {
        bench::chain_loop_one_register(in.x.data(), in.a.data(), in.b.data(), out.data(), width, ops);
    };
    auto run_unfrozen = [&] {
        Float r = body(in.jx, in.ja, in.jb);
        tj::eval(r);
    };
    auto run_frozen = [&] {
        Float r = frozen(in.jx, in.ja, in.jb);
        tj::eval(r);
    };

    // Results first: unfrozen, the recording call, a replay and the C++ reference must agree.
    std::vector<float> unfrozen_r = tj::to_vector(body(in.jx, in.ja, in.jb));
    std::vector<float> recorded_r = tj::to_vector(frozen(in.jx, in.ja, in.jb));
    std::vector<float> replayed_r = tj::to_vector(frozen(in.jx, in.ja, in.jb));
    native();
    std::vector<float> native_r = width == 1 ? std::vector<float>{sink} : out;
    char what[160];
    std::snprintf(what, sizeof what, "N=%zu width %zu", ops, width);
    if (double d = max_rel_diff(recorded_r, unfrozen_r); d != 0)
        fail(std::string(what) + ": the recording call differs from the unfrozen function by " + std::to_string(d));
    if (double d = max_rel_diff(replayed_r, unfrozen_r); d != 0)
        fail(std::string(what) + ": the replay differs from the unfrozen function by " + std::to_string(d));
    if (double d = max_rel_diff(native_r, unfrozen_r); d > 1e-5)
        fail(std::string(what) + ": the C++ reference differs from tracejit by " + std::to_string(d));
    if (width > 1) {
        one_register();
        if (double d = max_rel_diff(out, unfrozen_r); d > 1e-5)
            fail(std::string(what) + ": the one-register C++ loop differs from tracejit by " + std::to_string(d));
    }
    tj::FreezeStats st = frozen.stats();
    if (st.recordings != 1 || st.replays != 1)
        fail(std::string(what) + ": expected 1 recording and 1 replay, got " + std::to_string(st.recordings) + " and " +
             std::to_string(st.replays));

    const double target = 2e-3; // seconds per timed run and variant
    int n_unfrozen = calls_per_run(run_unfrozen, target), n_frozen = calls_per_run(run_frozen, target),
        n_native = calls_per_run(native, target), n_one = width > 1 ? calls_per_run(one_register, target) : 0;
    uint64_t frozen_launches = 0, frozen_compiles = 0, frozen_calls = 0, unfrozen_compiles = 0;
    st = frozen.stats();
    for (int r = 0; r < runs; ++r) {
        tj::KernelStats k0 = tj::kernel_stats();
        row.unfrozen.add(time_batch(n_unfrozen, run_unfrozen));
        tj::KernelStats k1 = tj::kernel_stats();
        row.frozen.add(time_batch(n_frozen, run_frozen));
        tj::KernelStats k2 = tj::kernel_stats();
        row.native.add(time_batch(n_native, native));
        if (n_one)
            row.one_register.add(time_batch(n_one, one_register));
        unfrozen_compiles += (k1.misses - k0.misses) + (k1.disk_hits - k0.disk_hits);
        frozen_compiles += (k2.misses - k1.misses) + (k2.disk_hits - k1.disk_hits);
        frozen_launches += k2.launches - k1.launches;
        frozen_calls += uint64_t(n_frozen);
    }
    tj::FreezeStats after = frozen.stats();
    if (after.recordings != st.recordings || after.replays - st.replays != frozen_calls)
        fail(std::string(what) + ": the timed frozen calls did not all replay");
    if (frozen_launches != frozen_calls || frozen_compiles != 0)
        fail(std::string(what) + ": the timed frozen calls launched " + std::to_string(frozen_launches) +
             " kernels (expected one per call) and compiled " + std::to_string(frozen_compiles));
    if (unfrozen_compiles != 0)
        fail(std::string(what) + ": the timed unfrozen calls compiled " + std::to_string(unfrozen_compiles) +
             " kernels (expected all from the memory cache)");
    return row;
}

/// One optimisation step's forward and backward through a loss of 100 chain operations: unfrozen and frozen.
struct StepRow {
    size_t width;
    bench::Samples unfrozen, frozen;
};

/// The loss of the step: the sum of 100 chain operations on p (a function: no captures).
Float step_loss(const Float &p, const Float &a, const Float &b) {
    Float x = p;
    bench::build_chain(x, a, b, 100);
    return tj::sum(x);
}

StepRow measure_step(size_t width, int runs, const Inputs &in) {
    StepRow row{width, {}, {}};
    auto frozen = tj::freeze(step_loss, tj::FreezeOptions{.name = "loss"});
    auto step = [&](bool use_frozen) { // forward and backward: the loss and dloss/dp, evaluated
        Float p = in.jx;
        tj::enable_grad(p);
        Float loss = use_frozen ? frozen(p, in.ja, in.jb) : step_loss(p, in.ja, in.jb);
        tj::backward(loss);
        Float l = tj::detach(loss), g = tj::grad(p);
        tj::eval(l, g);
        return std::make_pair(l, g);
    };
    auto results = [&](bool use_frozen) {
        auto [l, g] = step(use_frozen);
        return std::make_pair(tj::to_vector(l), tj::to_vector(g));
    };
    auto plain = results(false), recorded = results(true), replayed = results(true);
    char what[96];
    std::snprintf(what, sizeof what, "step N=100 width %zu", width);
    for (auto *got : {&recorded, &replayed}) {
        const char *which = got == &recorded ? "the recording call" : "a replay";
        if (double d = max_rel_diff(got->first, plain.first); d > 1e-5)
            fail(std::string(what) + ": the loss of " + which + " differs from unfrozen by " + std::to_string(d));
        if (double d = max_rel_diff(got->second, plain.second); d > 1e-5)
            fail(std::string(what) + ": the gradient of " + which + " differs from unfrozen by " + std::to_string(d));
    }
    auto run_unfrozen = [&] { step(false); };
    auto run_frozen = [&] { step(true); };
    const double target = 2e-3;
    int n_unfrozen = calls_per_run(run_unfrozen, target), n_frozen = calls_per_run(run_frozen, target);
    tj::FreezeStats st = frozen.stats();
    uint64_t frozen_lookups = 0, frozen_calls = 0;
    for (int r = 0; r < runs; ++r) { // A and B in turn
        row.unfrozen.add(time_batch(n_unfrozen, run_unfrozen));
        tj::KernelStats k0 = tj::kernel_stats();
        row.frozen.add(time_batch(n_frozen, run_frozen));
        tj::KernelStats k1 = tj::kernel_stats();
        frozen_lookups += (k1.memory_hits - k0.memory_hits) + (k1.misses - k0.misses) + (k1.disk_hits - k0.disk_hits);
        frozen_calls += uint64_t(n_frozen);
    }
    tj::FreezeStats after = frozen.stats();
    if (after.recordings != 1 || after.replays - st.replays != frozen_calls)
        fail(std::string(what) + ": the timed frozen steps did not all replay (" + std::to_string(after.recordings) +
             " recordings)");
    if (frozen_lookups != 0) // the loss and its gradient are replayed: nothing is traced
        fail(std::string(what) + ": the timed frozen steps looked up " + std::to_string(frozen_lookups) +
             " kernels (expected none: everything replayed)");
    return row;
}

/// Replay time of a function of `kernels` kernels (10 operations each) at width 1, and the C++ time of its work.
struct OverheadRow {
    size_t kernels;
    bench::Samples frozen, native;
};

OverheadRow measure_overhead(size_t kernels, int runs, const Inputs &in) {
    constexpr size_t ops = 10;
    OverheadRow row{kernels, {}, {}};
    auto body = [kernels](Float x, Float a, Float b) {
        for (size_t k = 0; k < kernels; ++k) {
            bench::build_chain(x, a, b, ops);
            if (k + 1 < kernels)
                tj::eval(x); // a kernel of its own: the next one reads its result from memory
        }
        return x;
    };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "kernels"});
    auto run_frozen = [&] {
        Float r = frozen(in.jx, in.ja, in.jb);
        tj::eval(r);
    };
    auto native = [&] {
        float x = in.x[0];
        for (size_t k = 0; k < kernels; ++k)
            x = bench::chain_scalar(x, in.a[0], in.b[0], ops);
        sink = x;
    };
    std::vector<float> unfrozen_r = tj::to_vector(body(in.jx, in.ja, in.jb));
    (void)frozen(in.jx, in.ja, in.jb); // records
    tj::KernelStats k0 = tj::kernel_stats();
    std::vector<float> replayed_r = tj::to_vector(frozen(in.jx, in.ja, in.jb));
    tj::KernelStats k1 = tj::kernel_stats();
    native();
    char what[80];
    std::snprintf(what, sizeof what, "%zu kernels", kernels);
    if (max_rel_diff(replayed_r, unfrozen_r) != 0 || max_rel_diff({sink}, unfrozen_r) > 1e-5)
        fail(std::string(what) + ": the replay, the unfrozen function and C++ disagree");
    if (k1.launches - k0.launches != kernels)
        fail(std::string(what) + ": a replay launched " + std::to_string(k1.launches - k0.launches) + " kernels");

    int n_frozen = calls_per_run(run_frozen, 2e-3), n_native = calls_per_run(native, 2e-3);
    for (int r = 0; r < runs; ++r) {
        row.frozen.add(time_batch(n_frozen, run_frozen));
        row.native.add(time_batch(n_native, native));
    }
    if (frozen.stats().recordings != 1)
        fail(std::string(what) + ": recorded more than once");
    return row;
}

/// "12.345 (13.000)": best and median in microseconds.
std::string us(const bench::Samples &s) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%10.3f (%10.3f)", s.best() * 1e6, s.median() * 1e6);
    return buf;
}

const char *width_name(size_t width) { return width == 1 ? "1" : width == 1024 ? "1k" : "1M"; }

} // namespace

int main() {
    // Before the first tracejit call: one worker thread and an empty, private disk cache.
    setenv("TRACEJIT_THREADS", "1", 1);
    bench::TempCacheDir cache_dir;
    int runs = bench::env_int("BENCH_RUNS", 10);
    const std::vector<size_t> chain_ops{10, 100, 1000, 10000}, widths{1, 1024, size_t(1) << 20};

    std::printf("bench_freeze: a function of N elementwise float32 operations (*a, +b, -a, *b, ...; one kernel) on "
                "opaque inputs, %zu thread;\n",
                tj::thread_count());
    std::printf("  time per call, best of %d runs (median in parentheses), the variants in turn within each run:\n",
                runs);
    std::printf("  unfrozen = trace N ops + tj::eval (kernel from the memory cache); frozen = tj::freeze replay + "
                "tj::eval;\n");
    std::printf("  C++ = a plain C++ function (width 1) or a hand-written AVX-512 loop, 8 registers of 16 elements per "
                "iteration\n        (-O3 -march=native -mprefer-vector-width=512); 1 reg = the same loop with one "
                "register per iteration (best run);\n  froz/C++ = frozen over the plain function (width 1) or the "
                "faster of the two loops\n\n");
    std::printf("  %-6s %-5s | %-23s | %-23s | %-23s | %-10s | %-9s | %-9s\n", "N", "width", "unfrozen us", "frozen us",
                "C++ us", "1 reg us", "unfr/froz", "froz/C++");
    std::fflush(stdout);

    // The optimisation step through a frozen loss.
    std::printf(
        "  optimisation step: p (gradients enabled) -> loss = sum(chain of 100 ops) -> backward(loss) -> "
        "loss and grad(p) evaluated;\n  unfrozen = all traced; frozen = the loss is tj::freeze'd (replay of the "
        "loss and of its recorded derivative).\n  Median of %d runs (best in parentheses), the two in turn "
        "within each run\n",
        runs);
    std::printf("  %-5s | %-23s | %-23s | %s\n", "width", "unfrozen us", "frozen us", "frozen/unfrozen (medians)");
    std::vector<StepRow> steps;
    for (size_t width : {size_t(1), size_t(1) << 20}) {
        Inputs in(width);
        StepRow row = measure_step(width, runs, in);
        auto med = [](const bench::Samples &s) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%10.3f (%10.3f)", s.median() * 1e6, s.best() * 1e6);
            return std::string(buf);
        };
        std::printf("  %-5s | %s | %s | %8.3fx (unfrozen/frozen %.2fx)\n", width_name(width), med(row.unfrozen).c_str(),
                    med(row.frozen).c_str(), row.frozen.median() / row.unfrozen.median(),
                    row.unfrozen.median() / row.frozen.median());
        std::fflush(stdout);
        steps.push_back(std::move(row));
    }
    bench::print_goal("freeze step N=100 width 1: unfrozen/frozen",
                      steps[0].unfrozen.median() / steps[0].frozen.median(), 20, "x", bench::Better::Higher);
    bench::print_goal("freeze step N=100 width 1M: frozen/unfrozen",
                      steps[1].frozen.median() / steps[1].unfrozen.median(), 1.1, "x", bench::Better::Lower);
    std::printf("\n");
    if (bench::env_int("BENCH_FREEZE_STEP_ONLY", 0))
        return failures ? 1 : 0;

    std::vector<Row> rows;
    for (size_t width : widths) {
        Inputs in(width);
        for (size_t ops : chain_ops) {
            // A call of the widest, longest chain takes a good part of a second: fewer runs there.
            int r = width > 1024 && ops >= 10000 ? std::max(3, runs / 3) : runs;
            Row row = measure_chain(ops, width, r, in);
            char one[16] = "         -";
            if (width > 1)
                std::snprintf(one, sizeof one, "%10.3f", row.one_register.best() * 1e6);
            std::printf("  %-6zu %-5s | %s | %s | %s | %s | %8.2fx | %8.3fx\n", ops, width_name(width),
                        us(row.unfrozen).c_str(), us(row.frozen).c_str(), us(row.native).c_str(), one,
                        row.unfrozen.best() / row.frozen.best(), row.frozen.best() / row.cpp());
            std::fflush(stdout);
            rows.push_back(std::move(row));
        }
    }

    std::printf("\n  replay overhead: a function of K kernels of 10 ops each at width 1 (each kernel's work takes "
                "nanoseconds);\n");
    std::printf("  overhead = frozen - C++ of the same ops; a least-squares line through the K points splits it into a "
                "per-call and a per-kernel part\n");
    std::printf("  %-4s | %-23s | %-23s | %-14s | %s\n", "K", "frozen us", "C++ us", "overhead us", "per kernel us");
    Inputs one(1);
    std::vector<OverheadRow> overhead;
    for (size_t k : {1, 2, 4, 8, 16}) {
        OverheadRow row = measure_overhead(k, runs, one);
        double o = (row.frozen.best() - row.native.best()) * 1e6;
        std::printf("  %-4zu | %s | %s | %14.3f | %13.3f\n", k, us(row.frozen).c_str(), us(row.native).c_str(), o,
                    o / double(k));
        std::fflush(stdout);
        overhead.push_back(std::move(row));
    }
    double sk = 0, so = 0, skk = 0, sko = 0, m = double(overhead.size());
    for (const OverheadRow &r : overhead) {
        double k = double(r.kernels), o = (r.frozen.best() - r.native.best()) * 1e6;
        sk += k, so += o, skk += k * k, sko += k * o;
    }
    double slope = (m * sko - sk * so) / (m * skk - sk * sk), intercept = (so - slope * sk) / m;
    std::printf("  fit: %.3f us per call + %.3f us per kernel\n\n", intercept, slope);

    auto find = [&](size_t ops, size_t width) -> const Row * {
        for (const Row &r : rows)
            if (r.ops == ops && r.width == width)
                return &r;
        return nullptr;
    };
    if (const Row *r = find(1000, 1))
        bench::print_goal("freeze N=1000 width 1: unfrozen/frozen", r->unfrozen.best() / r->frozen.best(), 20, "x",
                          bench::Better::Higher);
    const OverheadRow &k1 = overhead.front();
    bench::print_goal("freeze replay overhead per kernel", (k1.frozen.best() - k1.native.best()) * 1e6, 2, "us",
                      bench::Better::Lower);
    for (size_t ops : chain_ops)
        if (const Row *r = find(ops, size_t(1) << 20)) {
            char what[64];
            std::snprintf(what, sizeof what, "freeze N=%zu width 1M: frozen/native", ops);
            bench::print_goal(what, r->frozen.best() / r->cpp(), 1.1, "x", bench::Better::Lower);
        }
    return failures ? 1 : 0;
}
