// tests/fuzz/differential/main.cpp — tj_differential: runs random programs on tracejit and in plain C++, compares
//
// tj_differential [--seed S] [--programs M] [--seconds T] [--length L] [--verbose] [--inject-fault]
//                 [--inject-grad-fault] [--inject-fad-fault] [--no-grad] [--no-frozen-ad] [--only-frozen-ad]
//                 [--avoid-known R1,N2,...|all|none] [--first]
// Program i uses seed S + i. Each runs lazily, evaluating after every op, and frozen (record at one size, replay at
// two others on fresh inputs; the recordings and replays are counted), the two again on CUDA where a driver reports
// a device (a GPU, or the fake driver of tests/fake_cuda, whose PTX emulator runs the kernels), and its Float64 part is
// differentiated (check_grad.h); every register is compared with the reference. Beside it runs the frozen-AD
// program of the same seed (frozen_ad.h). A mismatch prints its seed, the mode, the register and element, and the
// program shrunk to the ops the mismatch still needs (--first: then stop). --avoid-known leaves out the programs
// that hit known runtime bugs (docs/fuzzing.md). Exit status 1 if any program mismatched.
#include "check_grad.h"
#include "frozen_ad.h"
#include "interpret.h"

#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

using namespace tjdiff;

namespace {

struct Mismatch {
    Mode mode;
    int reg = -1; // -1: tj::Error
    std::string what;
};

std::string show_elem(const HostVal &v, size_t i) {
    return std::visit([&](auto &x) { return fmt::format("{}", x[i]); }, v);
}

/// The distance of two floats in units in the last place: how many values of E lie between them (±0 are one).
template <typename E> int64_t ulps_apart(E x, E y) {
    using I = std::conditional_t<sizeof(E) == 4, int32_t, int64_t>;
    auto key = [](E v) {
        I i;
        std::memcpy(&i, &v, sizeof(E));
        return i < 0 ? int64_t(std::numeric_limits<I>::min()) - int64_t(i) : int64_t(i);
    };
    int64_t a = key(x), b = key(y);
    return a > b ? a - b : b - a;
}

/// Whether element i of got equals expect (exact; NaN = NaN; ±0 equal where the sign is unspecified; terminal
/// float sums within `tol`; transcendentals within 5 ulp: semantics.md promises 4 of the correctly rounded value,
/// and the reference, one precision higher, is within half an ulp of it).
bool same(const HostVal &got, const HostVal &expect, size_t i, const Facts &f, double tol) {
    return std::visit(
        [&]<typename E>(const std::vector<E> &g) {
            E x = g[i], y = std::get<std::vector<E>>(expect)[i];
            if constexpr (std::is_floating_point_v<E>) {
                if (std::memcmp(&x, &y, sizeof(E)) == 0)
                    return true;
                if (f.terminal && std::isinf(tol)) // the order of the additions decides whether they overflow
                    return true;
                if (std::isnan(x) || std::isnan(y))
                    return std::isnan(x) && std::isnan(y);
                if (f.terminal)
                    return std::isinf(y) ? x == y : std::fabs(double(x) - double(y)) <= tol;
                if (f.approx)
                    return ulps_apart(x, y) <= 5;
                if (f.zero_sign && x == 0 && y == 0)
                    return true;
                return std::memcmp(&x, &y, sizeof(E)) == 0;
            } else {
                return x == y;
            }
        },
        got);
}

/// Three different sizes (so that every call of the frozen program gets fresh inputs: they depend on the size).
std::vector<size_t> sizes_for(uint64_t seed) {
    std::vector<size_t> choices = {1, 2, 7, 64, 1000, 4099};
    tjtest::Rng rng(seed ^ 0x5a5a5a5a);
    for (size_t i = choices.size() - 1; i > 0; --i)
        std::swap(choices[i], choices[rng.next() % (i + 1)]);
    choices.resize(3);
    return choices;
}

size_t frozen_recordings = 0, frozen_replays = 0; // over all frozen runs, for the summary
GradStats grad_stats;                             // over all gradient checks, for the summary
bool verbose = false;
bool inject_fault = false; // --inject-fault: the reference is wrong on purpose (the tester's own test)
bool inject_grad_fault = false; // --inject-grad-fault: every derivative is off by 2^-10 relative (likewise)
bool inject_fad_fault = false;  // --inject-fad-fault: every frozen-AD derivative is off by 2^-6 relative (likewise)
Avoid avoid;                    // --avoid-known: the known runtime bugs the generators leave out
FadStats fad_stats;             // over all frozen-AD programs, for the summary

std::optional<Mismatch> check(const Program &p, Mode m) {
    if (m == Mode::Grad) {
        if (std::optional<GradMismatch> g = check_grad(p, grad_stats, inject_grad_fault))
            return Mismatch{m, g->reg, g->what};
        return std::nullopt;
    }
    bool frozen = m == Mode::Frozen || m == Mode::CudaFrozen;
    std::vector<size_t> sizes = sizes_for(p.seed);
    if (!frozen)
        sizes.resize(1);
    TjResult got = run_tracejit(p, m, sizes);
    if (!got.error.empty())
        return Mismatch{m, -1, fmt::format("{}: tj::Error: {}", mode_name(m), got.error)};
    frozen_recordings += got.recordings;
    frozen_replays += got.replays;
    if (verbose && frozen)
        fmt::print("{} at sizes {}, {}, {}: {} recordings, {} replays\n", mode_name(m), sizes[0], sizes[1], sizes[2],
                   got.recordings, got.replays);
    bool ties = std::any_of(p.ops.begin(), p.ops.end(), [](const Op &op) {
        return op.kind == Kind::Compress || op.kind == Kind::Texture || op.kind == Kind::BlockReduce ||
               op.kind == Kind::Scan || op.kind == Kind::TensorOp;
    });
    // A freeze that re-records when it could replay is a finding too: one recording per broadcasting layout (a call
    // of size 1 broadcasts every input, so it and the larger sizes are two layouts), the other calls replay. A
    // size the recording could not tie to the inputs alone (a compress count, a texture's or block reduction's
    // size that equals a fraction of an input's) fails its dry run on another size and records anew
    // (docs/freezing.md, "Ties"): counted in dry_run_failures, and only programs with such ops may have them.
    if (m == Mode::Frozen) {
        long ones = std::count(sizes.begin(), sizes.end(), size_t(1));
        size_t layouts = ones > 0 && ones < long(sizes.size()) ? 2 : 1;
        size_t expect = layouts + got.dry_run_failures;
        if (got.recordings != expect || got.replays != sizes.size() - expect || (got.dry_run_failures && !ties))
            return Mismatch{m, -1, fmt::format("{} at sizes {}, {}, {}: {} recordings ({} after a failed dry run) and "
                                               "{} replays (expected one recording per broadcasting layout: {}, and "
                                               "one per failed dry run where a size may be a tie)",
                                               mode_name(m), sizes[0], sizes[1], sizes[2], got.recordings,
                                               got.dry_run_failures, got.replays, layouts)};
    }
    // On a fake driver that runs no kernel, what is compared is every register's size, the inputs (copied to the
    // device and back), and that a frozen function records as often as on the CPU.
    bool values_known = !is_cuda(m) || cuda_runs_kernels();
    // (Where a size may be a tie, the fake driver's unknown counts and values decide other dry runs.)
    if (m == Mode::CudaFrozen && !values_known && !ties) {
        TjResult cpu = run_tracejit(p, Mode::Frozen, sizes);
        if (cpu.error.empty() && cpu.recordings != got.recordings)
            return Mismatch{m, -1, fmt::format("{}: {} recordings, {} on the CPU", mode_name(m), got.recordings,
                                               cpu.recordings)};
    }
    std::vector<Facts> facts = analyze(p);
    // On the fake driver a compress (whose size depends on values) has the size of what the kernels did not write.
    std::vector<bool> depends_on_compress(p.ops.size(), false);
    for (size_t r = 0; r < p.ops.size(); ++r) {
        depends_on_compress[r] = p.ops[r].kind == Kind::Compress;
        for (int o : {p.ops[r].a, p.ops[r].b, p.ops[r].c, p.ops[r].d, p.ops[r].e})
            if (o >= 0 && depends_on_compress[size_t(o)])
                depends_on_compress[r] = true;
    }
    for (size_t call = 0; call < sizes.size(); ++call) {
        RefOptions opt;
        opt.inject_fault = inject_fault;
        opt.gpu_atomics = is_cuda(m);
        RefResult ref = run_reference(p, sizes[call], opt);
        for (size_t r = 0; r < p.ops.size(); ++r) {
            const HostVal &g = got.values[call][r], &e = ref.values[r];
            size_t gn = std::visit([](auto &v) { return v.size(); }, g);
            size_t en = std::visit([](auto &v) { return v.size(); }, e);
            std::string where = fmt::format("{} (call {}, n={}) r{}", mode_name(m), call, sizes[call], r);
            if (gn != en && (values_known || !depends_on_compress[r]))
                return Mismatch{m, int(r), fmt::format("{}: size {}, expected {}", where, gn, en)};
            if (!values_known && p.ops[r].kind != Kind::Input)
                continue;
            for (size_t i = 0; i < gn; ++i)
                if (!same(g, e, i, facts[r], ref.tolerance[r]))
                    return Mismatch{m, int(r), fmt::format("{}[{}]: got {}, expected {}", where, i, show_elem(g, i),
                                                           show_elem(e, i))};
        }
    }
    return std::nullopt;
}

/// Drops what the mismatch does not need: the ops after its register, then each op that can become a fresh
/// input while the program still mismatches in the same mode.
Program shrink(Program p, const Mismatch &first) {
    if (first.reg >= 0) {
        Program q = p;
        q.ops.resize(size_t(first.reg) + 1);
        if (check(q, first.mode))
            p = q;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = int(p.ops.size()) - 1; i >= ty_count; --i) {
            if (p.ops[i].kind == Kind::Input)
                continue;
            Program q = p;
            q.ops[i] = Op{Kind::Input, p.ops[i].ty, 0, p.ops[i].wide};
            if (check(q, first.mode)) {
                p = q;
                changed = true;
            }
        }
    }
    return p;
}

} // namespace

int main(int argc, char **argv) {
    setenv("TRACEJIT_CACHE", "0", 0); // thousands of random kernels: not into the user's disk cache
    if (!std::getenv("TRACEJIT_LOG")) // a texture's or tensor's fixed size baked into a recording warns, rightly
        tj::set_log_level(tj::LogLevel::Error);
    uint64_t seed = 1;
    long programs = -1;
    double seconds = -1;
    int length = 30;
    bool grad = true, first = false, frozen_ad = true, only_frozen_ad = false;
    for (int i = 1; i < argc; ++i) {
        auto arg = [&](const char *name) { return !std::strcmp(argv[i], name) && i + 1 < argc; };
        if (arg("--seed"))
            seed = std::strtoull(argv[++i], nullptr, 0);
        else if (arg("--programs"))
            programs = std::strtol(argv[++i], nullptr, 0);
        else if (arg("--seconds"))
            seconds = std::strtod(argv[++i], nullptr);
        else if (arg("--length"))
            length = std::max(6, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--verbose"))
            verbose = true;
        else if (!std::strcmp(argv[i], "--inject-fault"))
            inject_fault = true;
        else if (!std::strcmp(argv[i], "--inject-grad-fault"))
            inject_grad_fault = true;
        else if (!std::strcmp(argv[i], "--no-grad"))
            grad = false;
        else if (!std::strcmp(argv[i], "--no-frozen-ad"))
            frozen_ad = false;
        else if (!std::strcmp(argv[i], "--only-frozen-ad"))
            only_frozen_ad = true;
        else if (!std::strcmp(argv[i], "--inject-fad-fault"))
            inject_fad_fault = true;
        else if (arg("--avoid-known") && parse_avoid(argv[i + 1], avoid))
            ++i;
        else if (!std::strcmp(argv[i], "--first"))
            first = true;
        else {
            fmt::print(stderr, "usage: {} [--seed S] [--programs M] [--seconds T] [--length L] [--verbose] [--inject-fault] [--inject-grad-fault] [--inject-fad-fault] [--no-grad] [--no-frozen-ad] [--only-frozen-ad] [--avoid-known R1,R2,...] [--first]\n",
                       argv[0]);
            return 2;
        }
    }
    if (programs < 0 && seconds < 0)
        programs = 100;
    auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    // Repeated in the reproduce line: the program of a seed depends on it.
    std::string avoid_flag = avoid_list(avoid).empty() ? "" : " --avoid-known " + avoid_list(avoid);
    std::vector<Mode> modes = {Mode::Lazy, Mode::EvalEach, Mode::Frozen};
    const char *cuda = "no CUDA device: the CUDA modes did not run";
    if (tj::has_backend(tj::Backend::CUDA)) {
        modes.insert(modes.end(), {Mode::CudaLazy, Mode::CudaFrozen});
        cuda = !cuda_is_fake()       ? "CUDA modes on a GPU"
               : cuda_runs_kernels() ? "CUDA modes on the fake driver, kernels run by the PTX emulator: values compared"
                                     : "CUDA modes on a fake driver that runs no kernel: sizes, inputs and recordings "
                                       "compared";
    }
    if (grad)
        modes.push_back(Mode::Grad);
    if (only_frozen_ad)
        modes.clear();
    long ran = 0, bad = 0;
    for (uint64_t s = seed; (programs < 0 || ran < programs) && (seconds < 0 || elapsed() < seconds) && !(first && bad);
         ++s, ++ran) {
        Program p = generate(s, ty_count + 1 + int(s % uint64_t(length)), avoid);
        if (verbose)
            fmt::print("seed {}: {} ops\n{}", s, p.ops.size(), print(p));
        for (Mode m : modes) {
            std::optional<Mismatch> mm = check(p, m);
            if (!mm)
                continue;
            ++bad;
            Program small = shrink(p, *mm);
            std::optional<Mismatch> again = check(small, m);
            const Mismatch &shown = again ? *again : *mm;
            std::vector<bool> keep = shown.reg >= 0 ? needed_by(small, shown.reg) : std::vector<bool>(small.ops.size(), true);
            fmt::print("MISMATCH seed {}: {}\n{}reproduce: {} --seed {} --programs 1{}\nshrunk program ({} of {} ops):\n{}\n",
                       s, mm->what, again && again->what != mm->what ? "the shrunk program: " + again->what + "\n" : "",
                       argv[0], s, avoid_flag, std::count(keep.begin(), keep.end(), true), p.ops.size(),
                       print(small, keep));
            break;
        }
        if (frozen_ad && !(first && bad)) {
            Scenario sc = generate_scenario(s, avoid);
            if (verbose)
                fmt::print("{}", print(sc));
            if (std::optional<std::string> mm = check_scenario(sc, fad_stats, inject_fad_fault)) {
                ++bad;
                Scenario small = shrink(sc, inject_fad_fault);
                FadStats scratch;
                std::optional<std::string> again = check_scenario(small, scratch, inject_fad_fault);
                fmt::print("MISMATCH seed {}: {}\n{}reproduce: {} --seed {} --programs 1{}\nshrunk program:\n{}\n", s,
                           *mm, again && *again != *mm ? "the shrunk program: " + *again + "\n" : "", argv[0], s,
                           avoid_flag, print(again ? small : sc));
            }
        }
    }
    fmt::print("tj_differential: {} programs from seed {} in {:.1f} s, {} mismatching (frozen: {} recordings, {} "
               "replays)\n",
               ran, seed, elapsed(), bad, frozen_recordings, frozen_replays);
    fmt::print("gradients: {} programs compared ({} with no differentiable Float64 path, {} with a scattering loop "
               "that rightly refused gradients and was cut), {} derivatives compared, {} skipped (finite differences "
               "unstable or not finite), {} directions skipped (a discrete choice changes within the steps)\n{}\n",
               grad_stats.programs, grad_stats.no_path, grad_stats.unsupported, grad_stats.values,
               grad_stats.skipped_values, grad_stats.skipped_directions, cuda);
    fmt::print("frozen AD: {} programs ({} calls, unfrozen and frozen), {} derivatives compared, {} skipped; frozen: "
               "{} recordings, {} replays{}\n",
               fad_stats.programs, fad_stats.calls, fad_stats.values, fad_stats.skipped, fad_stats.recordings,
               fad_stats.replays, avoid_flag.empty() ? "" : fmt::format(" (known bugs left out:{})", avoid_flag.substr(14)));
    return bad ? 1 : 0;
}
