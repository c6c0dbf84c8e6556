// tests/fuzz/differential/frozen_ad_run.cpp — runs a frozen-AD scenario (frozen_ad.h) on tracejit: the body, its
// virtual calls and nested frozen function, and the caller that enables, seeds and reads gradients
#include "frozen_ad.h"

#include <tracejit/tracejit.h>

#include <functional>

namespace tjdiff {

namespace {

template <typename T> using A = tj::Array<T>;

// ---- Virtual calls: the outer objects' code may dispatch again over the inner ones (depth 2).

template <typename T> struct Inner : tj::Object { virtual A<T> f(const A<T> &a, const A<T> &b) const = 0; };
template <typename T> struct InnerSin : Inner<T> { // sin(a) * b
    A<T> f(const A<T> &a, const A<T> &b) const override { return tj::sin(a) * b; }
    TJ_OBJECT_NO_FIELDS
};
template <typename T> struct InnerAdd : Inner<T> { // a + tanh(b)
    A<T> f(const A<T> &a, const A<T> &b) const override { return a + tj::tanh(b); }
    TJ_OBJECT_NO_FIELDS
};
template <typename T> A<T> inner_call(const tj::Ptr<Inner<T>> &pi, const A<T> &a, const A<T> &b) {
    return tj::dispatch(
        pi, [](Inner<T> *self, const A<T> &x, const A<T> &y) { return self->f(x, y); }, a, b);
}

template <typename T> struct Box;
template <typename T> struct Outer : tj::Object {
    /// `po2`: outer objects again (depth 3); through a box, as Ptr<Outer<T>> needs Outer<T> complete.
    virtual A<T> f(const A<T> &a, const A<T> &b, const tj::Ptr<Inner<T>> &pi, const Box<T> &po2, int depth) const = 0;
};
template <typename T> struct Box { tj::Ptr<Outer<T>> p; };
/// Depth 2: the inner objects' dispatch; depth 3: a dispatch over the outer objects again, at depth 1.
template <typename T>
A<T> deeper(const A<T> &a, const A<T> &b, const tj::Ptr<Inner<T>> &pi, const Box<T> &po2, int depth) {
    if (depth == 2)
        return inner_call(pi, a, b);
    return tj::dispatch(
        po2.p,
        [](Outer<T> *self, const A<T> &x, const A<T> &y, const tj::Ptr<Inner<T>> &in, const tj::Ptr<Outer<T>> &o2) {
            return self->f(x, y, in, Box<T>{o2}, 1);
        },
        a, b, pi, po2.p);
}
template <typename T> struct OuterA : Outer<T> { // deeper: deeper(a, b) + a; else a * cos(b)
    A<T> f(const A<T> &a, const A<T> &b, const tj::Ptr<Inner<T>> &pi, const Box<T> &po2, int depth) const override {
        return depth > 1 ? deeper(a, b, pi, po2, depth) + a : a * tj::cos(b);
    }
    TJ_OBJECT_NO_FIELDS
};
template <typename T> struct OuterB : Outer<T> { // deeper: 0.5 * deeper(a, b) - b; else tanh(a + b)
    A<T> f(const A<T> &a, const A<T> &b, const tj::Ptr<Inner<T>> &pi, const Box<T> &po2, int depth) const override {
        return depth > 1 ? deeper(a, b, pi, po2, depth) * T(0.5) - b : tj::tanh(a + b);
    }
    TJ_OBJECT_NO_FIELDS
};

/// The objects (never destroyed: dispatch domains outlive every program) and their tables (id 0: nullptr).
template <typename T> struct Objects {
    InnerSin<T> is;
    InnerAdd<T> ia;
    OuterA<T> oa;
    OuterB<T> ob;
    tj::Ptr<Inner<T>> inner_table{std::vector<Inner<T> *>{nullptr, &is, &ia}};
    tj::Ptr<Outer<T>> outer_table{std::vector<Outer<T> *>{nullptr, &oa, &ob}};
};
template <typename T> Objects<T> &objects() {
    static Objects<T> *o = new Objects<T>;
    return *o;
}

template <typename T> struct XS { A<T> x, y; };
TJ_STRUCT(XS<float>, x, y)
TJ_STRUCT(XS<double>, x, y)

/// The scenario the body runs: reached through a variable, not a capture (fixed for the life of each frozen
/// function, which is what tj::freeze's warning on captures asks to ensure).
thread_local const Scenario *current = nullptr;

template <typename T> A<T> nested_body(const A<T> &a, const A<T> &b) { return a * tj::tanh(b) + tj::sin(a); }
template <typename T> auto make_nested() {
    return tj::freeze([](const A<T> &a, const A<T> &b) { return nested_body<T>(a, b); });
}
template <typename T> using Nested = decltype(make_nested<T>());
/// The nested frozen function of the run in progress (one per run_fad call, so its recordings start afresh).
template <typename T> thread_local Nested<T> *nested = nullptr;

template <typename T>
A<T> node_value(const FNode &nd, const std::vector<A<T>> &v, const tj::Ptr<Outer<T>> &po, const tj::Ptr<Inner<T>> &pi,
                const tj::Ptr<Outer<T>> &po2, int depth) {
    const A<T> &a = v[nd.a], &b = v[nd.b], &c = v[nd.c];
    switch (nd.op) {
    case FOp::X: return v[0];
    case FOp::Y: return v[1];
    case FOp::Add: return a + b;
    case FOp::Sub: return a - b;
    case FOp::MulSin: return a * tj::sin(b);
    case FOp::DivSq: return a / (T(1) + b * b);
    case FOp::Sin: return tj::sin(a);
    case FOp::Cos: return tj::cos(a);
    case FOp::Tan: return tj::tan(tj::tanh(a) * T(0.5));
    case FOp::Tanh: return tj::tanh(a);
    case FOp::Erf: return tj::erf(a);
    case FOp::ExpTanh: return tj::exp(tj::tanh(a));
    case FOp::LogSq: return tj::log(T(1) + a * a);
    case FOp::SqrtSq: return tj::sqrt(T(1) + a * a);
    case FOp::Atan2: return tj::atan2(a, T(1) + b * b);
    case FOp::Pow: return tj::pow(T(1) + a * a, tj::tanh(b) * T(0.5));
    case FOp::Fma: return tj::fma(tj::tanh(a), b, c);
    case FOp::Sum: return a + tj::sum(tj::tanh(b)) * T(0.125);
    case FOp::GatherHalf: return tj::gather<A<T>>(a, tj::arange<tj::UInt32>(a.size()) >> 1u) * tj::cos(b);
    case FOp::Dispatch:
        return tj::dispatch(
            po,
            [depth](Outer<T> *self, const A<T> &x, const A<T> &y, const tj::Ptr<Inner<T>> &in,
                    const tj::Ptr<Outer<T>> &o2) { return self->f(x, y, in, Box<T>{o2}, depth); },
            a, b, pi, po2);
    case FOp::Nested: return (*nested<T>)(a, b);
    }
    throw tj::Error("tj_differential: unknown frozen-AD node (generator bug)");
}

template <typename T, typename X> A<T> &x_of(X &in) {
    if constexpr (std::is_same_v<X, std::reference_wrapper<A<T>>>)
        return in.get();
    else if constexpr (std::is_same_v<X, XS<T>>)
        return in.x;
    else
        return in;
}

/// The body: z = E(x, y), and what the scenario asks of gradients inside it.
template <typename T, typename X>
std::vector<A<T>> body(X xin, const A<T> &y_arg, const A<T> &w, const A<T> &v, const tj::Ptr<Outer<T>> &po,
                       const tj::Ptr<Inner<T>> &pi, const tj::Ptr<Outer<T>> &po2) {
    const Scenario &s = *current;
    A<T> x = x_of<T>(xin);
    A<T> y = y_arg;
    if constexpr (std::is_same_v<X, XS<T>>)
        y = xin.y;
    if (s.grad_inside) {
        if constexpr (std::is_same_v<X, std::reference_wrapper<A<T>>>) {
            tj::enable_grad(xin.get()); // the caller's array
            x = xin.get();
        } else {
            tj::enable_grad(x); // the body's copy
        }
    }
    std::vector<A<T>> vals = {x, y};
    for (size_t i = 2; i < s.nodes.size(); ++i) {
        const FNode &nd = s.nodes[i];
        if (nd.grad == FGrad::Normal) {
            vals.push_back(node_value<T>(nd, vals, po, pi, po2, s.dispatch_depth));
        } else {
            tj::SuspendGrad suspend;
            if (nd.grad == FGrad::Resumed) {
                tj::ResumeGrad resume;
                vals.push_back(node_value<T>(nd, vals, po, pi, po2, s.dispatch_depth));
            } else {
                vals.push_back(node_value<T>(nd, vals, po, pi, po2, s.dispatch_depth));
            }
        }
    }
    A<T> z = vals.back();
    std::vector<A<T>> outs = {z};
    if (s.out_is_input)
        outs.push_back(x_of<T>(xin));
    if (s.ad_inside) {
        if (!s.forward) {
            tj::accum_grad(z, w);
            if (s.queue) {
                tj::enqueue(tj::ADMode::Backward, z);
                tj::traverse(tj::ADMode::Backward);
            } else {
                tj::backward(z);
            }
        } else {
            tj::set_grad(x, v);
            if (s.queue) {
                tj::enqueue(tj::ADMode::Forward, x);
                tj::traverse(tj::ADMode::Forward);
            } else {
                tj::forward(x);
            }
        }
        if (s.grad_inside)
            outs.push_back(s.return_leaf ? x : s.forward ? tj::detach(tj::grad(z)) : tj::detach(tj::grad(x)));
    } else if (s.grad_inside && s.pass != Pass::Ref) {
        outs.push_back(x); // the leaf: the caller traverses to it
    }
    return outs;
}

template <typename T> std::vector<double> host(const A<T> &a) {
    std::vector<T> v = tj::to_vector(a);
    return std::vector<double>(v.begin(), v.end());
}
template <typename T> A<T> array(const std::vector<double> &v) { return A<T>(std::vector<T>(v.begin(), v.end())); }

/// One call as the caller makes it: inputs, gradients enabled outside, the call (inside SuspendGrad), the
/// traversal outside, and what it reads back.
template <typename T, typename X, typename F> FadObserved call(const Scenario &s, const FadInputs &in, F &f) {
    Objects<T> &objs = objects<T>();
    A<T> x = array<T>(in.x), y = array<T>(in.y), w = array<T>(in.w), v = array<T>(in.v);
    tj::Ptr<Outer<T>> po = tj::gather<tj::Ptr<Outer<T>>>(objs.outer_table, tj::UInt32(in.outer_ids));
    tj::Ptr<Inner<T>> pi = tj::gather<tj::Ptr<Inner<T>>>(objs.inner_table, tj::UInt32(in.inner_ids));
    tj::Ptr<Outer<T>> po2 = tj::gather<tj::Ptr<Outer<T>>>(objs.outer_table, tj::UInt32(in.inner_ids));
    if (!s.grad_inside)
        tj::enable_grad(x);
    auto invoke = [&] {
        if constexpr (std::is_same_v<X, std::reference_wrapper<A<T>>>)
            return f(std::ref(x), y, w, v, po, pi, po2);
        else if constexpr (std::is_same_v<X, XS<T>>)
            return f(XS<T>{x, y}, y, w, v, po, pi, po2);
        else
            return f(x, y, w, v, po, pi, po2);
    };
    std::vector<A<T>> outs;
    if (s.suspend_around) {
        tj::SuspendGrad suspend;
        outs = invoke();
    } else if (s.resume_around) {
        tj::SuspendGrad suspend;
        tj::ResumeGrad resume;
        outs = invoke();
    } else {
        outs = invoke();
    }
    FadObserved o;
    o.z = host(tj::detach(outs.at(0)));
    if (s.out_is_input)
        o.xout = host(tj::detach(outs.at(1)));
    if (s.ad_inside) {
        if (!s.grad_inside)
            o.g = host(tj::grad(x)); // the traversal inside reached the caller's x
        else
            o.g = host(s.return_leaf ? A<T>(tj::grad(outs.back())) : tj::detach(outs.back()));
    } else {
        A<T> leaf = s.grad_inside && s.pass != Pass::Ref ? outs.back() : x;
        A<T> zz = outs[0];
        if (s.suspend_around)
            zz = zz + x;
        if (s.out_is_input)
            zz = zz + outs[1] * T(0.75);
        if (!s.forward) {
            tj::accum_grad(zz, w);
            if (s.queue) {
                tj::enqueue(tj::ADMode::Backward, zz);
                tj::traverse(tj::ADMode::Backward);
            } else {
                tj::backward(zz);
            }
            o.g = host(tj::grad(leaf));
        } else {
            tj::set_grad(leaf, v);
            if (s.queue) {
                tj::enqueue(tj::ADMode::Forward, leaf);
                tj::traverse(tj::ADMode::Forward);
            } else {
                tj::forward(leaf);
            }
            o.g = host(tj::grad(zz));
        }
    }
    o.x_grad_enabled = s.grad_inside && s.pass != Pass::Ref ? true : tj::grad_enabled(x);
    return o;
}

template <typename T, typename X>
std::vector<FadObserved> run_typed(const Scenario &s, bool frozen, uint64_t &recordings, uint64_t &replays) {
    Nested<T> inner = make_nested<T>();
    nested<T> = &inner;
    current = &s;
    std::vector<FadObserved> out;
    auto plain = [](X xin, const A<T> &y, const A<T> &w, const A<T> &v, const tj::Ptr<Outer<T>> &po,
                    const tj::Ptr<Inner<T>> &pi,
                    const tj::Ptr<Outer<T>> &po2) { return body<T, X>(xin, y, w, v, po, pi, po2); };
    int c = 0;
    try {
        if (!frozen) {
            for (; c < 4; ++c)
                out.push_back(call<T, X>(s, fad_inputs(s, c), plain));
        } else {
            auto f = tj::freeze(plain);
            for (; c < 4; ++c)
                out.push_back(call<T, X>(s, fad_inputs(s, c), f));
            recordings = f.stats().recordings;
            replays = f.stats().replays;
        }
    } catch (const tj::Error &e) {
        nested<T> = nullptr;
        throw tj::Error("call " + std::to_string(c) +
                        (!frozen  ? ""
                         : c == 0 ? " (the recording)"
                                  : " (a replay)") +
                        ": " + e.what());
    }
    nested<T> = nullptr;
    return out;
}

template <typename T>
std::vector<FadObserved> run_pass(const Scenario &s, bool frozen, uint64_t &recordings, uint64_t &replays) {
    switch (s.pass) {
    case Pass::Value: return run_typed<T, A<T>>(s, frozen, recordings, replays);
    case Pass::Ref: return run_typed<T, std::reference_wrapper<A<T>>>(s, frozen, recordings, replays);
    case Pass::Struct: break;
    }
    return run_typed<T, XS<T>>(s, frozen, recordings, replays);
}

} // namespace

std::vector<FadObserved> run_fad(const Scenario &s, bool frozen, uint64_t &recordings, uint64_t &replays) {
    return s.f32 ? run_pass<float>(s, frozen, recordings, replays) : run_pass<double>(s, frozen, recordings, replays);
}

} // namespace tjdiff
