// tests/fuzz/differential/check_grad.cpp — forward and backward AD of a program's Float64 part against central
// finite differences of the reference interpreter
//
// What is differentiated: every Float64 input is gradient-enabled (with smooth values in [-4, 4]). A register is
// compared when it is Float64, depends on those inputs through float ops, and every float operand on the way is a
// Float64 register compared the same way ("pure"): a path through Float (a cast to Float and back) rounds to
// Float's precision, which finite differences in double cannot resolve. Integer and Bool registers carry no
// derivative; they are held fixed (below).
//
// Forward: one traversal from all inputs, seeded with a random direction v; every pure register's tangent is
// compared, element by element, with (f(x + s·v) - f(x - s·v)) / 2s of the reference. Backward: random seeds w_r
// on every pure register, one traversal (tj::enqueue + tj::traverse); the inputs' gradients g are compared with
// the finite differences of L = Σ_r w_r·r along v (as g·v) and along three single elements.
//
// Soundness (the check must not fail where AD is right):
// * Three steps s = h, h/2, h/4 (h = 2^-10). A derivative is compared only when the three agree (their spread is
//   below 1% of the value, plus the rounding floor below): the function is smooth at that scale. Then AD must
//   lie within 4× the spread of the smallest step's difference, plus 1e-6 relative, plus the rounding floor
//   64·ε·M·ops / h: an honest bound on the rounding noise of the differences. M and ops are those of the output
//   compared: the largest magnitude of a Float64 register it depends on (itself included), and how many registers
//   it depends on; for the backward loss, the largest over the registers in it. So one extreme value (an integer
//   cast to Float64 reaches 2^31) loosens only the outputs computed from it. A central difference's error falls as s², so the spread bounds it.
// * A direction is skipped as a whole when any discrete choice differs between x and one of the six perturbed
//   points: an integer or Bool register (comparisons, casts to integers, masks, indices, loop counts), which
//   operand min/max pick, fmod's quotient, the sign of abs/sqrt/rsqrt arguments, the result of floor/ceil/round,
//   the elements hmin/hmax select (run_reference.cpp's Observed). The derivative is undefined at such kinks, or
//   the differences straddle one.
// * A register is compared only where the reference says it is clean: its values, and the local derivatives of
//   the ops that made it and its operands (1/b, 1/sqrt(x), fmod's quotient), are finite in every element. AD
//   rightly gives NaN where a local derivative is infinite even if the value does not use it (0·inf).
// * Loops that scatter (LoopScatter) cannot be differentiated when their target or value has gradients
//   (docs/control-flow.md): the first run must raise the tj::Error that says so (any other error, or a wrong
//   gradient, is a mismatch); a second run detaches their float operands, so that the op and everything after it
//   are left out.
#include "check_grad.h"

#include "run_tracejit.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace tjdiff {

namespace {

constexpr double h0 = 0x1p-10;
constexpr double steps[3] = {h0, h0 / 2, h0 / 4};

/// Empties this thread's AD queue after an error between tj::enqueue and tj::traverse, so that later programs start
/// clean (what the traversal does or throws does not matter then).
void flush_ad_queue() {
    for (tj::ADMode m : {tj::ADMode::Backward, tj::ADMode::Forward}) {
        try {
            tj::traverse(m);
        } catch (const tj::Error &) {
        }
    }
}

std::vector<int> float_operands(const Program &p, const Op &op) {
    std::vector<int> v;
    for (int o : {op.a, op.b, op.c, op.d, op.e})
        if (o >= 0 && is_float(p.ops[o].ty))
            v.push_back(o);
    return v;
}

/// Which registers the Float64 inputs reach, which ops are detached, which registers are pure (see the top).
struct Paths {
    std::vector<bool> dep, detached, pure;
};

Paths analyze_paths(const Program &p, bool detach) {
    size_t n = p.ops.size();
    Paths a{std::vector<bool>(n), std::vector<bool>(n), std::vector<bool>(n)};
    for (size_t i = 0; i < n; ++i) {
        const Op &op = p.ops[i];
        if (op.kind == Kind::Input) {
            a.dep[i] = a.pure[i] = op.ty == Ty::F64;
            continue;
        }
        bool dep = false, pure = op.ty == Ty::F64;
        for (int o : float_operands(p, op))
            if (a.dep[o]) {
                dep = true;
                pure = pure && a.pure[o];
            }
        a.dep[i] = dep && is_float(op.ty);
        // Prefix reductions other than Add have no derivative (docs/semantics.md): their operands are cut always.
        a.detached[i] = dep && ((detach && op.kind == Kind::LoopScatter) ||
                                (op.kind == Kind::Scan && RedOp2(op.sub) != RedOp2::Add));
        a.pure[i] = pure && !a.detached[i];
    }
    return a;
}

const std::vector<double> &f64(const HostVal &v) { return std::get<std::vector<double>>(v); }

/// The Float64 input values at x + s·dir.
std::map<int, HostVal> shifted(const std::map<int, HostVal> &x, const std::map<int, std::vector<double>> &dir,
                               double s) {
    std::map<int, HostVal> out = x;
    for (auto &[reg, v] : out) {
        auto &d = std::get<std::vector<double>>(v);
        for (size_t i = 0; i < d.size(); ++i)
            d[i] += s * dir.at(reg)[i];
    }
    return out;
}

/// One reference run with its observations.
struct Point {
    RefResult ref;
    Observed obs;
};

Point run_at(const Program &p, size_t n, const std::map<int, HostVal> &inputs) {
    Point pt;
    RefOptions opt;
    opt.inputs = &inputs;
    opt.observe = &pt.obs;
    pt.ref = run_reference(p, n, opt);
    return pt;
}

/// Whether a and b lie on one smooth piece: the same discrete choices and integer and Bool registers.
bool same_piece(const Program &p, const Point &a, const Point &b) {
    if (a.obs.decisions != b.obs.decisions)
        return false;
    for (size_t r = 0; r < p.ops.size(); ++r)
        if (!is_float(p.ops[r].ty) && a.ref.values[r] != b.ref.values[r])
            return false;
    return true;
}

/// A derivative and its finite differences at the three steps.
struct Compared {
    bool reliable = false, ok = true;
    std::string detail;
};

Compared compare(double ad, const double fd[3], double floor) {
    Compared c;
    for (int k = 0; k < 3; ++k)
        if (!std::isfinite(fd[k]))
            return c;
    double spread = std::fabs(fd[0] - fd[1]) + std::fabs(fd[1] - fd[2]);
    if (spread > 0.01 * std::fabs(fd[2]) + floor)
        return c;
    c.reliable = true;
    double tol = 4 * spread + 1e-6 * (std::fabs(fd[2]) + std::fabs(ad)) + floor;
    c.ok = std::fabs(ad - fd[2]) <= tol; // false for a NaN ad
    c.detail = fmt::format("AD {:.17g}, finite differences {:.17g} (steps 2^-10, 2^-11, 2^-12: {:.17g}, {:.17g}, "
                           "{:.17g}; tolerance {:.3g})",
                           ad, fd[2], fd[0], fd[1], fd[2], tol);
    return c;
}

std::optional<GradMismatch> check_once(const Program &p, GradStats &stats, bool inject_fault, bool detach) {
    Paths paths = analyze_paths(p, detach);
    tjtest::Rng rng(p.seed * 31 + 7);
    const size_t n = std::array<size_t, 3>{2, 7, 33}[p.seed % 3];

    // Smooth inputs x and a direction v for every Float64 input.
    std::map<int, HostVal> x;
    std::map<int, std::vector<double>> v;
    for (size_t r = 0; r < p.ops.size(); ++r)
        if (p.ops[r].kind == Kind::Input && p.ops[r].ty == Ty::F64) {
            size_t w = p.ops[r].wide ? n : 1;
            std::vector<double> xs(w), vs(w);
            for (size_t i = 0; i < w; ++i) {
                xs[i] = rng.uniform(-4, 4);
                vs[i] = rng.uniform(-1, 1);
            }
            x[int(r)] = xs;
            v[int(r)] = vs;
        }
    Point at_x = run_at(p, n, x);
    std::vector<int> regs; // the registers compared
    // Per register: the largest finite magnitude of a Float64 register it depends on, and how many it depends on.
    std::vector<double> magnitude(p.ops.size(), 1);
    std::vector<double> cone(p.ops.size(), 1);
    for (size_t r = 0; r < p.ops.size(); ++r) {
        const Op &op = p.ops[r];
        if (op.ty == Ty::F64 && !paths.detached[r])
            for (double e : f64(at_x.ref.values[r]))
                if (std::isfinite(e))
                    magnitude[r] = std::max(magnitude[r], std::fabs(e));
        std::vector<bool> in = needed_by(p, int(r));
        cone[r] = double(std::count(in.begin(), in.end(), true));
        for (int o : {op.a, op.b, op.c, op.d, op.e})
            if (o >= 0)
                magnitude[r] = std::max(magnitude[r], magnitude[size_t(o)]);
        if (op.kind != Kind::Input && paths.dep[r] && paths.pure[r] && at_x.obs.clean[r])
            regs.push_back(int(r));
    }
    if (regs.empty()) {
        ++stats.no_path;
        return std::nullopt;
    }
    // The rounding floor of a register's differences (integer casts of Float64 values reach 2^31 and more: part of
    // the magnitude that rounding scales with), and of the backward loss: the largest of its registers'.
    auto floor_of = [&](int r) { return 64 * 0x1p-52 * magnitude[size_t(r)] * cone[size_t(r)] / h0; };
    double loss_floor = 0;
    for (int r : regs)
        loss_floor = std::max(loss_floor, floor_of(r));

    // Seeds of the backward traversal.
    std::map<int, std::vector<double>> w;
    for (int r : regs) {
        std::vector<double> ws(f64(at_x.ref.values[r]).size());
        for (double &e : ws)
            e = rng.uniform(-1, 1);
        w[r] = ws;
    }
    auto loss = [&](const RefResult &ref) {
        double l = 0;
        for (int r : regs)
            for (size_t i = 0; i < w[r].size(); ++i)
                l += w[r][i] * f64(ref.values[r])[i];
        return l;
    };

    // tracejit: one run with forward derivatives, one with backward ones.
    std::vector<HostVal> tangents(p.ops.size());
    std::map<int, std::vector<double>> gradient;
    try {
        {
            Group in = make_inputs(p, n, &x);
            auto &xs = std::get<std::vector<tj::Float64>>(in);
            for (auto &a : xs)
                tj::enable_grad(a);
            std::vector<Val> out = run_ops(p, in, false, &paths.detached);
            // The primal values with gradients enabled must be the reference's too.
            std::vector<Facts> facts = analyze(p);
            for (size_t r = 0; r < p.ops.size(); ++r) {
                HostVal got = to_host(out[r]);
                auto size = [](const HostVal &h) { return std::visit([](auto &g) { return g.size(); }, h); };
                if (size(got) != size(at_x.ref.values[r]))
                    return GradMismatch{int(r), fmt::format("grad (n={}) r{}: size {}, expected {}", n, r, size(got),
                                                            size(at_x.ref.values[r]))};
                if (p.ops[r].ty == Ty::F64 && !facts[r].terminal && !facts[r].approx) { // == : ±0 equal
                    const auto &g = f64(got), &e = f64(at_x.ref.values[r]);
                    for (size_t i = 0; i < g.size(); ++i)
                        if (!(g[i] == e[i] || (std::isnan(g[i]) && std::isnan(e[i]))))
                            return GradMismatch{int(r), fmt::format("grad (n={}) r{}[{}] with gradients enabled: "
                                                                    "got {}, expected {}",
                                                                    n, r, i, g[i], e[i])};
                }
            }
            size_t k = 0;
            for (auto &[reg, dir] : v) {
                tj::set_grad(xs.at(k++), tj::Float64(dir));
            }
            for (auto &a : xs)
                tj::enqueue(tj::ADMode::Forward, a);
            tj::traverse(tj::ADMode::Forward);
            for (int r : regs) { // an array without gradients (a nearest texture lookup) has derivative 0
                const tj::Float64 &y = std::get<tj::Float64>(out[r]);
                tangents[r] = tj::grad_enabled(y) ? to_host(Val(tj::grad(y)))
                                                  : HostVal(std::vector<double>(y.size(), 0.0));
            }
        }
        {
            Group in = make_inputs(p, n, &x);
            auto &xs = std::get<std::vector<tj::Float64>>(in);
            for (auto &a : xs)
                tj::enable_grad(a);
            std::vector<Val> out = run_ops(p, in, false, &paths.detached);
            for (int r : regs) {
                const tj::Float64 &y = std::get<tj::Float64>(out[r]);
                if (!tj::grad_enabled(y))
                    continue; // derivative 0, as above
                tj::accum_grad(y, tj::Float64(w[r]));
                tj::enqueue(tj::ADMode::Backward, y);
            }
            tj::traverse(tj::ADMode::Backward);
            size_t k = 0;
            for (auto &[reg, dir] : v) {
                gradient[reg] = f64(to_host(Val(tj::grad(xs.at(k++)))));
                if (gradient[reg].size() != dir.size())
                    return GradMismatch{-1, fmt::format("grad (n={}) backward: grad(r{}) has size {}, the input {}", n,
                                                        reg, gradient[reg].size(), dir.size())};
            }
        }
    } catch (const tj::Error &e) {
        flush_ad_queue();
        return GradMismatch{-1, fmt::format("grad (n={}): tj::Error: {}", n, e.what())};
    }

    // Finite differences along `dir`: the reference at x ± s·dir for the three steps, or nothing when a discrete
    // choice changes.
    auto differences = [&](const std::map<int, std::vector<double>> &dir) -> std::optional<std::vector<Point>> {
        std::vector<Point> pts;
        for (double s : steps)
            for (double sign : {1.0, -1.0}) {
                pts.push_back(run_at(p, n, shifted(x, dir, sign * s)));
                if (!same_piece(p, at_x, pts.back()))
                    return std::nullopt;
            }
        return pts;
    };
    bool compared = false;
    std::optional<GradMismatch> bad;
    auto judge = [&](double ad, const double fd[3], int reg, const std::string &what) {
        Compared c = compare(inject_fault ? ad * (1 + 0x1p-10) : ad, fd, reg >= 0 ? floor_of(reg) : loss_floor);
        if (!c.reliable) {
            ++stats.skipped_values;
            return;
        }
        ++stats.values;
        compared = true;
        if (!c.ok && !bad)
            bad = GradMismatch{reg, fmt::format("grad (n={}) {}: {}", n, what, c.detail)};
    };

    // The dense direction: forward tangents of every register, and g·v.
    if (auto pts = differences(v)) {
        for (int r : regs) {
            const auto &t = f64(tangents[r]);
            if (t.size() != f64(at_x.ref.values[r]).size() && !bad)
                bad = GradMismatch{r, fmt::format("grad (n={}) forward r{}: the tangent has size {}, the register {}",
                                                  n, r, t.size(), f64(at_x.ref.values[r]).size())};
            for (size_t i = 0; i < t.size() && i < f64(at_x.ref.values[r]).size(); ++i) {
                double fd[3];
                for (int k = 0; k < 3; ++k)
                    fd[k] = (f64((*pts)[2 * k].ref.values[r])[i] - f64((*pts)[2 * k + 1].ref.values[r])[i]) /
                            (2 * steps[k]);
                judge(t[i], fd, r, fmt::format("forward r{}[{}]", r, i));
            }
        }
        double gv = 0, fd[3];
        for (auto &[reg, dir] : v)
            for (size_t i = 0; i < dir.size(); ++i)
                gv += gradient[reg][i] * dir[i];
        for (int k = 0; k < 3; ++k)
            fd[k] = (loss((*pts)[2 * k].ref) - loss((*pts)[2 * k + 1].ref)) / (2 * steps[k]);
        judge(gv, fd, -1, "backward, the inputs' gradient times the direction");
    } else {
        ++stats.skipped_directions;
    }
    // Three single elements of the inputs' gradients.
    for (int trial = 0; trial < 3; ++trial) {
        auto it = std::next(v.begin(), long(rng.next() % v.size()));
        size_t i = rng.next() % it->second.size();
        std::map<int, std::vector<double>> e;
        for (auto &[reg, dir] : v)
            e[reg] = std::vector<double>(dir.size(), 0);
        e[it->first][i] = 1;
        auto pts = differences(e);
        if (!pts) {
            ++stats.skipped_directions;
            continue;
        }
        double fd[3];
        for (int k = 0; k < 3; ++k)
            fd[k] = (loss((*pts)[2 * k].ref) - loss((*pts)[2 * k + 1].ref)) / (2 * steps[k]);
        judge(gradient[it->first][i], fd, -1, fmt::format("backward, grad(r{})[{}]", it->first, i));
    }
    stats.programs += compared;
    return bad;
}

} // namespace

std::optional<GradMismatch> check_grad(const Program &p, GradStats &stats, bool inject_fault) {
    // First with every op differentiated: a loop that scatters must raise its documented error (a gradient
    // through it would be compared like any other). Then with such loops cut.
    std::optional<GradMismatch> first = check_once(p, stats, inject_fault, false);
    if (first && first->reg == -1 &&
        (first->what.find("the loop body gathers from or scatters into an array with gradients enabled; gradients "
                          "through such a loop are not supported") != std::string::npos ||
         first->what.find("the loop body scatters a state variable that carries gradients") != std::string::npos)) {
        ++stats.unsupported;
        return check_once(p, stats, inject_fault, true);
    }
    return first;
}

} // namespace tjdiff
