// tests/fuzz/differential/frozen_ad_print.cpp — a frozen-AD program (frozen_ad.h) as C++-like text: the body, the
// frozen function and the caller
#include "frozen_ad.h"

#include <fmt/format.h>

namespace tjdiff {

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

} // namespace tjdiff
