// tests/fuzz/differential/frozen_ad_check.cpp — checking a frozen-AD program (frozen_ad.h): its inputs, the double
// reference and its central finite differences, the comparison of unfrozen and frozen runs with them, shrinking
//
// Every program runs its body four times unfrozen and four times through one tj::freeze (a recording, then three
// replays on fresh inputs of other sizes); both are compared with the reference: z and the returned input within
// rounding (Float64: 1e-9 relative to the largest value; Float: 2e-3), the gradient or tangent the scenario asks
// for against central differences of the reference at three steps (as check_grad.cpp: compared where the three
// agree; Float64 within 4x their spread + 1e-6 relative + the rounding floor 64·ε·M·nodes/h with M the largest
// magnitude of this program's nodes; Float within 2e-3 of the largest derivative), that the caller's x still has
// gradients enabled, and that the frozen function recorded once and replayed three times.
#include "frozen_ad.h"

#include "values.h"

#include <tracejit/ad.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <cctype>
#include <cmath>

namespace tjdiff {

FadInputs fad_inputs(const Scenario &s, int call) {
    size_t n = s.sizes[size_t(call)];
    tjtest::Rng rng(s.seed * 7919 + uint64_t(call) * 104729 + 17);
    FadInputs in;
    auto fill = [&](std::vector<double> &v, double lo, double hi) {
        v.resize(n);
        for (double &e : v)
            e = s.f32 ? double(float(rng.uniform(lo, hi))) : rng.uniform(lo, hi);
    };
    fill(in.x, -2, 2);
    fill(in.y, -2, 2);
    fill(in.w, -1, 1);
    fill(in.v, -1, 1);
    in.outer_ids.resize(n);
    in.inner_ids.resize(n);
    for (size_t i = 0; i < n; ++i) {
        in.outer_ids[i] = uint32_t(rng.next() % 3);
        in.inner_ids[i] = uint32_t(rng.next() % 3);
    }
    return in;
}

namespace {

/// Every node's values in double at x; Suspended nodes take their values at `base` (they have no derivative).
std::vector<std::vector<double>> reference(const Scenario &s, const FadInputs &in, const std::vector<double> &x,
                                           const std::vector<std::vector<double>> *base) {
    size_t n = x.size();
    std::vector<std::vector<double>> v = {x, in.y};
    for (size_t i = 2; i < s.nodes.size(); ++i) {
        const FNode &nd = s.nodes[i];
        if (base && nd.grad == FGrad::Suspended) {
            v.push_back((*base)[i]);
            continue;
        }
        const std::vector<double> &a = v[size_t(nd.a)], &b = v[size_t(nd.b)], &c = v[size_t(nd.c)];
        std::vector<double> out(n);
        double total = 0;
        if (nd.op == FOp::Sum)
            for (double e : b)
                total += std::tanh(e);
        for (size_t k = 0; k < n; ++k) {
            double A = a[k], B = b[k], C = c[k];
            double r = 0;
            switch (nd.op) {
            case FOp::X: r = v[0][k]; break;
            case FOp::Y: r = v[1][k]; break;
            case FOp::Add: r = A + B; break;
            case FOp::Sub: r = A - B; break;
            case FOp::MulSin: r = A * std::sin(B); break;
            case FOp::DivSq: r = A / (1 + B * B); break;
            case FOp::Sin: r = std::sin(A); break;
            case FOp::Cos: r = std::cos(A); break;
            case FOp::Tan: r = std::tan(std::tanh(A) * 0.5); break;
            case FOp::Tanh: r = std::tanh(A); break;
            case FOp::Erf: r = std::erf(A); break;
            case FOp::ExpTanh: r = std::exp(std::tanh(A)); break;
            case FOp::LogSq: r = std::log(1 + A * A); break;
            case FOp::SqrtSq: r = std::sqrt(1 + A * A); break;
            case FOp::Atan2: r = std::atan2(A, 1 + B * B); break;
            case FOp::Pow: r = std::pow(1 + A * A, std::tanh(B) * 0.5); break;
            case FOp::Fma: r = std::tanh(A) * B + C; break;
            case FOp::Sum: r = A + 0.125 * total; break;
            case FOp::GatherHalf: r = a[k >> 1] * std::cos(B); break;
            case FOp::Dispatch: {
                uint32_t o = in.outer_ids[k], q = in.inner_ids[k];
                if (s.dispatch_depth > 1) {
                    double inner = s.dispatch_depth == 3 ? (q == 1   ? A * std::cos(B)
                                                            : q == 2 ? std::tanh(A + B)
                                                                     : 0)
                                   : q == 1              ? std::sin(A) * B
                                   : q == 2              ? A + std::tanh(B)
                                                         : 0;
                    r = o == 1 ? inner + A : o == 2 ? inner * 0.5 - B : 0;
                } else {
                    r = o == 1 ? A * std::cos(B) : o == 2 ? std::tanh(A + B) : 0;
                }
                break;
            }
            case FOp::Nested: r = A * std::tanh(B) + std::sin(A); break;
            }
            out[k] = r;
        }
        v.push_back(std::move(out));
    }
    return v;
}

constexpr double h0 = 0x1p-10;
constexpr double steps[3] = {h0, h0 / 2, h0 / 4};

/// What the caller compares as the gradient: a function of x whose derivative it is (backward: L = Σ w·F, one
/// value; forward: F itself), F = (z unless the call is suspended) + extra·x.
struct Expected {
    std::vector<double> z, g;
    std::vector<bool> reliable;
    std::vector<double> tol;
    double magnitude = 1;
};

Expected expected(const Scenario &s, const FadInputs &in) {
    size_t n = in.x.size();
    Expected e;
    std::vector<std::vector<double>> base = reference(s, in, in.x, nullptr);
    e.z = base.back();
    for (auto &node : base)
        for (double x : node)
            e.magnitude = std::max(e.magnitude, std::fabs(x));
    double zc = s.suspend_around ? 0 : 1;
    bool leaf_out = !s.grad_inside || s.pass == Pass::Ref; // the returned input is the array with gradients
    double extra = s.ad_inside ? 0 : (s.suspend_around ? 1 : 0) + (s.out_is_input && leaf_out ? 0.75 : 0);
    auto F = [&](const std::vector<double> &x) {
        std::vector<double> z = reference(s, in, x, &base).back();
        for (size_t k = 0; k < n; ++k)
            z[k] = zc * z[k] + extra * x[k];
        return z;
    };
    auto shifted = [&](const std::vector<double> &dir, double h) {
        std::vector<double> x = in.x;
        for (size_t k = 0; k < n; ++k)
            x[k] += h * dir[k];
        return x;
    };
    const double floor = 64 * 0x1p-52 * e.magnitude * double(s.nodes.size() + 4) / h0;
    auto judge = [&](const double fd[3]) {
        double spread = std::fabs(fd[0] - fd[1]) + std::fabs(fd[1] - fd[2]);
        bool finite = std::isfinite(fd[0]) && std::isfinite(fd[1]) && std::isfinite(fd[2]);
        e.reliable.push_back(finite && spread <= 0.01 * std::fabs(fd[2]) + floor);
        e.g.push_back(fd[2]);
        e.tol.push_back(4 * spread + 1e-6 * std::fabs(fd[2]) + floor);
    };
    if (s.forward) {
        std::vector<double> fd[3];
        for (int k = 0; k < 3; ++k) {
            std::vector<double> hi = F(shifted(in.v, steps[k])), lo = F(shifted(in.v, -steps[k]));
            fd[k].resize(n);
            for (size_t i = 0; i < n; ++i)
                fd[k][i] = (hi[i] - lo[i]) / (2 * steps[k]);
        }
        for (size_t i = 0; i < n; ++i) {
            double d[3] = {fd[0][i], fd[1][i], fd[2][i]};
            judge(d);
        }
    } else {
        auto L = [&](const std::vector<double> &x) {
            std::vector<double> f = F(x);
            double l = 0;
            for (size_t k = 0; k < n; ++k)
                l += in.w[k] * f[k];
            return l;
        };
        for (size_t j = 0; j < n; ++j) {
            std::vector<double> dir(n, 0);
            dir[j] = 1;
            double d[3];
            for (int k = 0; k < 3; ++k)
                d[k] = (L(shifted(dir, steps[k])) - L(shifted(dir, -steps[k]))) / (2 * steps[k]);
            judge(d);
        }
    }
    if (s.f32) { // Float: within 2e-3 of the largest derivative (the reference is in double)
        double big = 1;
        for (double g : e.g)
            big = std::max(big, std::isfinite(g) ? std::fabs(g) : 0);
        for (size_t i = 0; i < e.tol.size(); ++i)
            e.tol[i] += 2e-3 * big;
    }
    return e;
}

} // namespace

std::optional<std::string> check_scenario(const Scenario &s, FadStats &stats, bool inject_fault) {
    uint64_t recordings = 0, replays = 0;
    std::vector<FadObserved> got[2];
    for (int frozen = 0; frozen < 2; ++frozen) {
        try {
            got[frozen] = run_fad(s, frozen, recordings, replays);
        } catch (const tj::Error &e) {
            for (tj::ADMode m : {tj::ADMode::Backward, tj::ADMode::Forward}) { // empty the AD queue for what follows
                try {
                    tj::traverse(m);
                } catch (const tj::Error &) {
                }
            }
            return fmt::format("frozen-AD ({}): tj::Error: {}", frozen ? "frozen" : "unfrozen", e.what());
        }
    }
    ++stats.programs;
    stats.recordings += long(recordings);
    stats.replays += long(replays);
    for (int frozen = 0; frozen < 2; ++frozen)
        for (int c = 0; c < 4; ++c) {
            ++stats.calls;
            FadInputs in = fad_inputs(s, c);
            Expected e = expected(s, in);
            const FadObserved &o = got[frozen][size_t(c)];
            std::string where = fmt::format("frozen-AD ({}, call {}{}, n={})", frozen ? "frozen" : "unfrozen", c,
                                            !frozen  ? ""
                                            : c == 0 ? ": the recording"
                                                     : ": a replay",
                                            s.sizes[c]);
            size_t n = in.x.size();
            if (o.z.size() != n || o.g.size() != n || (s.out_is_input && o.xout.size() != n))
                return fmt::format("{}: sizes z {}, gradient {}, returned input {}; expected {}", where, o.z.size(),
                                   o.g.size(), o.xout.size(), n);
            double vtol = (s.f32 ? 2e-3 : 1e-9) * e.magnitude;
            for (size_t i = 0; i < n; ++i)
                if (!(std::fabs(o.z[i] - e.z[i]) <= vtol))
                    return fmt::format("{}: z[{}] = {:.17g}, expected {:.17g} (tolerance {:.3g})", where, i, o.z[i],
                                       e.z[i], vtol);
            if (s.out_is_input)
                for (size_t i = 0; i < n; ++i)
                    if (o.xout[i] != in.x[i])
                        return fmt::format("{}: the returned input [{}] = {}, expected {}", where, i, o.xout[i],
                                           in.x[i]);
            if (!o.x_grad_enabled)
                return fmt::format("{}: the caller's x no longer has gradients enabled after the call", where);
            const char *what = s.forward ? "tangent" : "gradient";
            for (size_t i = 0; i < n; ++i) {
                if (!e.reliable[i]) {
                    ++stats.skipped;
                    continue;
                }
                ++stats.values;
                double ad = inject_fault ? o.g[i] * (1 + 0x1p-6) : o.g[i];
                if (!(std::fabs(ad - e.g[i]) <= e.tol[i]))
                    return fmt::format("{}: {}[{}]: AD {:.17g}, finite differences {:.17g} (tolerance {:.3g})", where,
                                       what, i, ad, e.g[i], e.tol[i]);
            }
        }
    if (recordings != 1 || replays != 3)
        return fmt::format("frozen-AD: {} recordings and {} replays for four calls of one layout (expected 1 and 3)",
                           recordings, replays);
    return std::nullopt;
}

namespace {

/// A mismatch without its numbers and values: what shrinking must keep (another mismatch is another finding).
std::string signature(const std::string &what) {
    std::string s;
    for (char c : what.substr(0, what.find(" = ")).substr(0, what.find(", finite")).substr(0, 120))
        if (!std::isdigit(static_cast<unsigned char>(c)))
            s += c;
    return s;
}

} // namespace

Scenario shrink(Scenario s, bool inject_fault) {
    FadStats scratch;
    std::optional<std::string> first = check_scenario(s, scratch, inject_fault);
    if (!first)
        return s;
    const std::string kind = signature(*first);
    auto fails = [&](Scenario q) {
        normalize(q);
        std::optional<std::string> m = check_scenario(q, scratch, inject_fault);
        return m && signature(*m) == kind;
    };
    auto size = [](const Scenario &q) { // what shrinking lowers
        size_t k = q.nodes.size() + size_t(q.queue) + size_t(q.out_is_input) + size_t(q.pass != Pass::Value) +
                   size_t(q.dispatch_depth) + size_t(q.suspend_around) + size_t(q.resume_around) + size_t(q.f32) +
                   size_t(q.return_leaf);
        for (const FNode &nd : q.nodes)
            k += 2 * size_t(nd.op != FOp::X && nd.op != FOp::Y) + size_t(nd.grad != FGrad::Normal);
        return k;
    };
    auto attempt = [&](Scenario q) {
        normalize(q);
        if (size(q) >= size(s) || !fails(q))
            return false;
        s = q;
        return true;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = s.nodes.size(); i-- > 2;) { // a node becomes x or y (unused ones then print as nothing)
            for (FOp leaf : {FOp::X, FOp::Y}) {
                if (s.nodes[i].op == leaf)
                    continue;
                Scenario q = s;
                q.nodes[i] = FNode{leaf};
                if (attempt(q)) {
                    changed = true;
                    break;
                }
            }
            if (i < s.nodes.size() && s.nodes[i].grad != FGrad::Normal) {
                Scenario q = s;
                q.nodes[i].grad = FGrad::Normal;
                changed |= attempt(q);
            }
        }
        std::vector<Scenario> simpler;
        auto with = [&](auto change) {
            Scenario q = s;
            change(q);
            simpler.push_back(q);
        };
        if (s.queue)
            with([](Scenario &q) { q.queue = false; });
        if (s.out_is_input)
            with([](Scenario &q) { q.out_is_input = false; });
        if (s.pass != Pass::Value)
            with([](Scenario &q) { q.pass = Pass::Value; });
        if (s.dispatch_depth > 1)
            with([](Scenario &q) { q.dispatch_depth = 1; });
        if (s.suspend_around)
            with([](Scenario &q) { q.suspend_around = false; });
        if (s.resume_around)
            with([](Scenario &q) { q.resume_around = false; });
        if (s.f32)
            with([](Scenario &q) { q.f32 = false; });
        if (s.return_leaf && s.ad_inside)
            with([](Scenario &q) { q.return_leaf = false; });
        for (const Scenario &q : simpler)
            changed |= attempt(q);
    }
    // Drop the nodes nothing needs: renumber the ones z depends on.
    std::vector<bool> keep(s.nodes.size(), false);
    keep[0] = keep[1] = keep.back() = true;
    for (size_t i = s.nodes.size(); i-- > 2;)
        if (keep[i]) {
            int k = arity(s.nodes[i].op);
            for (int o : {s.nodes[i].a, s.nodes[i].b, s.nodes[i].c})
                if (k-- > 0)
                    keep[size_t(o)] = true;
        }
    Scenario q = s;
    std::vector<int> index(s.nodes.size(), 0);
    q.nodes.clear();
    for (size_t i = 0; i < s.nodes.size(); ++i)
        if (keep[i]) {
            index[i] = int(q.nodes.size());
            FNode nd = s.nodes[i];
            nd.a = index[size_t(nd.a)];
            nd.b = index[size_t(nd.b)];
            nd.c = index[size_t(nd.c)];
            q.nodes.push_back(nd);
        }
    if (fails(q))
        s = q;
    return s;
}

} // namespace tjdiff
