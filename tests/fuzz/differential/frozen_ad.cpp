// tests/fuzz/differential/frozen_ad.cpp — frozen-AD programs (frozen_ad.h): generating, printing, the double
// reference and its central finite differences, and the comparison of unfrozen and frozen runs with them
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

bool parse_avoid(const std::string &list, Avoid &avoid) {
    avoid = Avoid{};
    if (list == "none" || list.empty())
        return true;
    if (list == "all") {
        avoid.r.fill(true);
        avoid.n.fill(true);
        return true;
    }
    size_t at = 0;
    while (at <= list.size()) {
        size_t end = list.find(',', at);
        std::string item = list.substr(at, end == std::string::npos ? std::string::npos : end - at);
        if (item.size() != 2 || (item[0] != 'R' && item[0] != 'N'))
            return false;
        size_t k = size_t(item[1] - '0');
        if (k < 1 || k > 6)
            return false;
        (item[0] == 'R' ? avoid.r[k] : avoid.n[k]) = true;
        if (end == std::string::npos)
            break;
        at = end + 1;
    }
    return true;
}

std::string avoid_list(const Avoid &avoid) {
    std::string s;
    for (size_t k = 1; k < avoid.r.size(); ++k)
        if (avoid.r[k])
            s += fmt::format("{}R{}", s.empty() ? "" : ",", k);
    for (size_t k = 1; k < avoid.n.size(); ++k)
        if (avoid.n[k])
            s += fmt::format("{}N{}", s.empty() ? "" : ",", k);
    return s;
}

namespace {

/// splitmix64 (as program.cpp's), so that a seed gives the same scenario everywhere.
struct Rand {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % uint64_t(n)); }
};

int arity(FOp op) {
    switch (op) {
    case FOp::X:
    case FOp::Y: return 0;
    case FOp::Sin:
    case FOp::Cos:
    case FOp::Tan:
    case FOp::Tanh:
    case FOp::Erf:
    case FOp::ExpTanh:
    case FOp::LogSq:
    case FOp::SqrtSq: return 1;
    case FOp::Fma: return 3;
    default: return 2;
    }
}

} // namespace

void normalize(Scenario &s) {
    if (s.nodes.size() < 2)
        s.nodes = {FNode{FOp::X}, FNode{FOp::Y}};
    if (s.ad_inside && s.forward)
        s.grad_inside = true;
    if (s.suspend_around)
        s.grad_inside = s.ad_inside = s.resume_around = false;
    if (!s.grad_inside || (s.ad_inside && s.forward))
        s.return_leaf = false;
    if (s.grad_inside && !s.ad_inside && s.pass != Pass::Ref)
        s.return_leaf = true;
    std::vector<bool> att(s.nodes.size(), false);
    att[0] = true;
    for (size_t i = 2; i < s.nodes.size(); ++i) {
        FNode &nd = s.nodes[i];
        if (s.suspend_around && nd.grad == FGrad::Resumed)
            nd.grad = FGrad::Normal;
        int k = arity(nd.op);
        bool a = nd.op == FOp::X || (k >= 1 && att[nd.a]) || (k >= 2 && att[nd.b]) || (k >= 3 && att[nd.c]);
        att[i] = a && nd.grad != FGrad::Suspended;
    }
    if (s.nodes.size() == 2 || !att.back())
        s.nodes.push_back(FNode{FOp::Add, int(s.nodes.size()) - 1, 0, 0});
}

Scenario generate_scenario(uint64_t seed, const Avoid &avoid) {
    Rand r{seed * 0x9E6C63D0676A9A99ull + 12345};
    Scenario s;
    s.seed = seed;
    s.f32 = r.below(4) == 0;
    s.pass = Pass(r.below(3));
    s.grad_inside = r.below(2);
    s.ad_inside = r.below(2);
    s.forward = r.below(2);
    if (s.ad_inside && s.forward && avoid.r[4])
        s.forward = false;
    if (s.ad_inside && s.forward)
        s.grad_inside = true;
    if (s.grad_inside && s.pass == Pass::Ref && avoid.r[1])
        s.pass = r.below(2) ? Pass::Value : Pass::Struct;
    if (s.grad_inside && s.pass != Pass::Ref && !s.ad_inside && avoid.n[1]) // N1: the leaf traversed outside
        s.ad_inside = true;
    s.queue = r.below(3) == 0;
    s.return_leaf = s.grad_inside && s.ad_inside && !s.forward && !avoid.r[2] && r.below(2);
    s.suspend_around = !s.grad_inside && !s.ad_inside && !avoid.r[3] && r.below(3) == 0;
    s.resume_around = !s.suspend_around && !avoid.r[3] && r.below(4) == 0;
    s.out_is_input = r.below(3) == 0;
    if (s.out_is_input && avoid.n[2] && (!s.grad_inside || s.pass == Pass::Ref)) // N2: an input with gradients
        s.out_is_input = false;                                                  // returned as it is
    s.dispatch_depth = 1 + r.below(avoid.r[5] ? 2 : 3); // R5: 3 nests a dispatch over the same objects
    std::vector<size_t> pool = {2, 3, 5, 8, 13, 33};
    for (size_t i = 0; i < 4; ++i) {
        std::swap(pool[i], pool[i + size_t(r.below(int(pool.size() - i)))]);
        s.sizes[i] = pool[i];
    }
    s.nodes = {FNode{FOp::X}, FNode{FOp::Y}};
    static const FOp ops[] = {FOp::Add,   FOp::Sub,  FOp::MulSin, FOp::DivSq,   FOp::Sin,       FOp::Cos,
                              FOp::Tan,   FOp::Tanh, FOp::Erf,    FOp::ExpTanh, FOp::LogSq,     FOp::SqrtSq,
                              FOp::Atan2, FOp::Pow,  FOp::Fma,    FOp::Sum,     FOp::GatherHalf};
    int count = 1 + r.below(7);
    for (int k = 0; k < count; ++k) {
        FNode nd;
        int pick = r.below(24);
        nd.op = pick < 17 ? ops[pick] : pick < 21 ? FOp::Dispatch : FOp::Nested;
        int n = int(s.nodes.size());
        nd.a = std::max(r.below(n), r.below(n)); // recent nodes: longer chains
        nd.b = r.below(n);
        nd.c = r.below(n);
        int g = r.below(12);
        nd.grad = g < 2 ? FGrad::Suspended : g < 3 ? FGrad::Resumed : FGrad::Normal;
        if (nd.op == FOp::Nested && nd.grad == FGrad::Suspended && avoid.n[3]) // N3: a replay inside SuspendGrad
            nd.grad = FGrad::Normal;
        if (nd.op == FOp::Nested && avoid.n[4]) { // N4: lazy AD work pending when a frozen function records
            if (s.nodes.size() > 2)
                nd.op = FOp::MulSin;
            nd.a = 0;
            nd.b = 1;
        }
        s.nodes.push_back(nd);
    }
    normalize(s);
    return s;
}

namespace {

const char *op_text(FOp op) {
    switch (op) {
    case FOp::X: return "x";
    case FOp::Y: return "y";
    case FOp::Add: return "{a} + {b}";
    case FOp::Sub: return "{a} - {b}";
    case FOp::MulSin: return "{a} * tj::sin({b})";
    case FOp::DivSq: return "{a} / (1 + {b} * {b})";
    case FOp::Sin: return "tj::sin({a})";
    case FOp::Cos: return "tj::cos({a})";
    case FOp::Tan: return "tj::tan(tj::tanh({a}) * 0.5)";
    case FOp::Tanh: return "tj::tanh({a})";
    case FOp::Erf: return "tj::erf({a})";
    case FOp::ExpTanh: return "tj::exp(tj::tanh({a}))";
    case FOp::LogSq: return "tj::log(1 + {a} * {a})";
    case FOp::SqrtSq: return "tj::sqrt(1 + {a} * {a})";
    case FOp::Atan2: return "tj::atan2({a}, 1 + {b} * {b})";
    case FOp::Pow: return "tj::pow(1 + {a} * {a}, tj::tanh({b}) * 0.5)";
    case FOp::Fma: return "tj::fma(tj::tanh({a}), {b}, {c})";
    case FOp::Sum: return "{a} + tj::sum(tj::tanh({b})) * 0.125";
    case FOp::GatherHalf: return "tj::gather<A>({a}, tj::arange<UInt32>({a}.size()) >> 1) * tj::cos({b})";
    case FOp::Dispatch:
        return "tj::dispatch(po, [](Outer *o, auto &a, auto &b, auto &pi, auto &po2) {{ return o->f(a, b, pi, po2); "
               "}}, "
               "{a}, {b}, pi, po2)";
    case FOp::Nested:
        return "nested({a}, {b}) /* tj::freeze([](A a, A b) {{ return a * tj::tanh(b) + tj::sin(a); }}) */";
    }
    return "?";
}

std::string node_name(int i) { return i == 0 ? "x" : i == 1 ? "y" : fmt::format("t{}", i); }

} // namespace

std::string print(const Scenario &s) {
    const char *A = s.f32 ? "Float" : "Float64";
    std::string t = fmt::format("// frozen-AD program, seed {} ({}), calls at sizes {}, {}, {}, {}\n", s.seed, A,
                                s.sizes[0], s.sizes[1], s.sizes[2], s.sizes[3]);
    for (size_t i = 2; i < s.nodes.size(); ++i)
        if (s.nodes[i].op == FOp::Dispatch) {
            t += s.dispatch_depth == 3
                     ? "// Outer: OuterA::f = inner(a, b) + a, OuterB::f = inner(a, b) * 0.5 - b, where inner(a, b) "
                       "= tj::dispatch(po2, ...) over the same objects, at depth 1: OuterA::f = a * cos(b), "
                       "OuterB::f = tanh(a + b) (nested dispatch, one domain)\n"
                 : s.dispatch_depth == 2
                     ? "// Outer: OuterA::f = inner(a, b) + a, OuterB::f = inner(a, b) * 0.5 - b, where inner(a, b) "
                       "= tj::dispatch(pi, ...): InnerSin::f = sin(a) * b, InnerAdd::f = a + tanh(b) (nested "
                       "dispatch)\n"
                     : "// Outer: OuterA::f = a * cos(b), OuterB::f = tanh(a + b); id 0 = nullptr\n";
            break;
        }
    std::string param = s.pass == Pass::Value ? fmt::format("{} x", A)
                        : s.pass == Pass::Ref ? fmt::format("std::reference_wrapper<{}> xr", A)
                                              : fmt::format("XS xs /* TJ_STRUCT {{ {} x, y; }} */", A);
    t += fmt::format("auto body = []({}, {} y, {} w, {} v, Ptr<Outer> po, Ptr<Inner> pi, Ptr<Outer> po2) {{\n", param,
                     A, A, A);
    if (s.pass == Pass::Ref)
        t += fmt::format("    {} x = xr.get();\n", A);
    if (s.pass == Pass::Struct)
        t += fmt::format("    {} x = xs.x; y = xs.y;\n", A);
    if (s.grad_inside)
        t += s.pass == Pass::Ref ? "    tj::enable_grad(xr.get()); x = xr.get();\n" : "    tj::enable_grad(x);\n";
    for (size_t i = 2; i < s.nodes.size(); ++i) {
        const FNode &nd = s.nodes[i]; // every node runs, also those z does not need
        std::string e = fmt::format(fmt::runtime(op_text(nd.op)), fmt::arg("a", node_name(nd.a)),
                                    fmt::arg("b", node_name(nd.b)), fmt::arg("c", node_name(nd.c)));
        if (nd.grad == FGrad::Normal)
            t += fmt::format("    {} {} = {};\n", A, node_name(int(i)), e);
        else if (nd.grad == FGrad::Suspended)
            t += fmt::format("    {} {}; {{ tj::SuspendGrad s; {} = {}; }}\n", A, node_name(int(i)), node_name(int(i)),
                             e);
        else
            t += fmt::format("    {} {}; {{ tj::SuspendGrad s; {{ tj::ResumeGrad r; {} = {}; }} }}\n", A,
                             node_name(int(i)), node_name(int(i)), e);
    }
    std::string z = node_name(int(s.nodes.size()) - 1);
    std::string outs = z;
    if (s.out_is_input)
        outs += s.pass == Pass::Value ? ", x /* the input */" : s.pass == Pass::Ref ? ", xr.get()" : ", xs.x";
    if (s.ad_inside) {
        t += s.forward ? "    tj::set_grad(x, v); " : fmt::format("    tj::accum_grad({}, w); ", z);
        t += s.queue ? fmt::format("tj::enqueue(tj::ADMode::{0}, {1}); tj::traverse(tj::ADMode::{0});\n",
                                   s.forward ? "Forward" : "Backward", s.forward ? "x" : z)
                     : fmt::format("tj::{}({});\n", s.forward ? "forward" : "backward", s.forward ? "x" : z);
        if (s.grad_inside)
            outs += s.return_leaf ? ", x /* the leaf */"
                    : s.forward   ? fmt::format(", tj::detach(tj::grad({}))", z)
                                  : ", tj::detach(tj::grad(x))";
    } else if (s.grad_inside && s.pass != Pass::Ref) {
        outs += ", x /* the leaf */";
    }
    t += fmt::format("    return std::vector<{}>{{{}}};\n}};\nauto f = tj::freeze(body); // called 4 times: record, "
                     "3 replays; compared with body called plainly\n",
                     A, outs);
    std::string call = s.pass == Pass::Value ? "x" : s.pass == Pass::Ref ? "std::ref(x)" : "XS{x, y}";
    t += "// the caller, each call on fresh inputs (x, y in [-2, 2], seeds w, v in [-1, 1], random object ids):\n";
    if (!s.grad_inside)
        t += "tj::enable_grad(x);\n";
    t += s.suspend_around
             ? fmt::format("std::vector<{}> outs; {{ tj::SuspendGrad s; outs = f({}, y, w, v, po, pi, po2); }}\n", A,
                           call)
         : s.resume_around
             ? fmt::format("std::vector<{}> outs; {{ tj::SuspendGrad s; tj::ResumeGrad r; outs = f({}, y, "
                           "w, v, po, pi, po2); }}\n",
                           A, call)
             : fmt::format("auto outs = f({}, y, w, v, po, pi, po2);\n", call);
    if (s.ad_inside) {
        t += !s.grad_inside  ? "// compared: outs[0], tj::grad(x)\n"
             : s.return_leaf ? "// compared: outs[0], tj::grad(outs.back())\n"
                             : "// compared: outs[0], outs.back()\n";
    } else {
        std::string leaf = s.grad_inside && s.pass != Pass::Ref ? "outs.back()" : "x";
        t += fmt::format("{} zz = outs[0]{}{};\n", A, s.suspend_around ? " + x" : "",
                         s.out_is_input ? " + outs[1] * 0.75" : "");
        if (s.forward)
            t += fmt::format(
                "tj::set_grad({0}, v); {1}\n// compared: outs[0], tj::grad(zz)\n", leaf,
                s.queue ? fmt::format("tj::enqueue(tj::ADMode::Forward, {}); tj::traverse(tj::ADMode::Forward);", leaf)
                        : fmt::format("tj::forward({});", leaf));
        else
            t += fmt::format("tj::accum_grad(zz, w); {}\n// compared: outs[0], tj::grad({})\n",
                             s.queue ? "tj::enqueue(tj::ADMode::Backward, zz); tj::traverse(tj::ADMode::Backward);"
                                     : "tj::backward(zz);",
                             leaf);
    }
    if (!s.grad_inside || s.pass == Pass::Ref)
        t += "// and tj::grad_enabled(x) afterwards\n";
    return t;
}

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
