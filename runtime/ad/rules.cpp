// runtime/ad/rules.cpp — the derivative of every differentiable operation, as edges of the AD graph
//
// Each function computes the value as the JIT core does, then, when an operand has an AD node, makes a node
// for the result with one edge per differentiable operand. Edge weights are lazy JIT expressions of the
// operands and the result: the derivative code fuses with everything else. Chosen derivatives at kinks are
// listed in docs/autodiff.md.
#include "ad/graph.h"
#include "jit/var.h"

#include <tracejit/detail/ad_core.h>
#include <tracejit/detail/control_core.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace tj::detail {

using namespace tj::ad;

namespace {

bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }

/// An edge under construction: the operand's node and how the gradient crosses.
struct Pending {
    uint32_t source = 0;
    Edge edge;
};

/// A Linear edge from `source` with weight `w` (an empty weight means one).
Pending linear(uint32_t source, JitRef w = {}) {
    Pending p;
    p.source = source;
    p.edge.kind = EdgeKind::Linear;
    p.edge.weight = w.release();
    return p;
}

/// The name shown in graphviz: "tj::mul()" → "mul".
const char *short_name(const char *api) {
    if (std::strncmp(api, "tj::", 4) == 0)
        api += 4;
    return api;
}

/// Two Linear edges from one node (x*x, x+x) become one whose weight is the sum.
void merge_same_source(Pending *edges, size_t count, VarType t) {
    for (size_t i = 0; i < count; ++i)
        for (size_t j = i + 1; j < count; ++j) {
            Pending &a = edges[i], &b = edges[j];
            if (!a.source || a.source != b.source || a.edge.kind != EdgeKind::Linear || b.edge.kind != EdgeKind::Linear)
                continue;
            JitRef wa = a.edge.weight ? JitRef(a.edge.weight) : literal(t, 1.0);
            JitRef wb = b.edge.weight ? JitRef(b.edge.weight) : literal(t, 1.0);
            a.edge.weight = (wa + wb).release();
            b = Pending{};
        }
}

/// Inside a symbolic branch (control.h), derivatives are zero on the lanes that do not take it: their values
/// are discarded by the merge, and a weight there that is not finite (sqrt(x) at x < 0) would otherwise turn
/// the zero gradient of the merge into NaN (0 · inf).
/// Elementwise ops only, and only where the mask fits the result's size.
void mask_weights(Pending *edges, size_t count, const JitRef &value) {
    uint32_t mask = mask_top();
    if (!mask)
        return;
    size_t mask_size = var_size(mask);
    if (mask_size != 1 && mask_size != var_size(value.id())) // a width-n mask cannot mask a width-1 weight
        return;
    VarType t = var_type(value.id());
    JitRef m = JitRef::borrow(mask);
    for (size_t i = 0; i < count; ++i) {
        Edge &e = edges[i].edge;
        if (!edges[i].source || e.kind != EdgeKind::Linear)
            continue;
        JitRef w = e.weight ? JitRef(e.weight) : literal(t, 1.0);
        e.weight = select(m, w, literal(t, 0.0)).release();
    }
}

/// Makes the result node for `value` (taken over) with the given edges; VarPair with the node.
VarPair attach(JitRef value, const char *what, Pending *edges, size_t count) {
    Graph &g = graph();
    merge_same_source(edges, count, var_type(value.id()));
    uint32_t node = new_node(g, var_size(value.id()), var_type(value.id()), what);
    for (size_t i = 0; i < count; ++i)
        if (edges[i].source)
            add_edge(g, edges[i].source, node, edges[i].edge);
    return {value.release(), node};
}

/// Releases the JIT references of edges that were never attached (an exception on the way).
struct PendingGuard {
    Pending *edges;
    size_t count;
    bool done = false;
    ~PendingGuard() {
        if (done)
            return;
        for (size_t i = 0; i < count; ++i) {
            var_dec_ref(edges[i].edge.weight);
            var_dec_ref(edges[i].edge.index);
            var_dec_ref(edges[i].edge.mask);
        }
    }
};

JitRef borrow(uint32_t id) { return JitRef::borrow(id); }

/// sign(x), 0 at 0.
JitRef sign(const JitRef &x) {
    JitRef zero = lit_like(x, 0);
    return select(op(Op::Gt, x, zero), lit_like(x, 1), select(op(Op::Lt, x, zero), lit_like(x, -1), zero));
}

/// 1 where `x` is chosen over `y` by `cmp`, 1/2 on ties, 0 elsewhere (min/max). min and max ignore a NaN operand
/// (docs/semantics.md): where only `y` is NaN the result is `x`, which then takes the whole gradient.
JitRef choice(Op cmp, const JitRef &x, const JitRef &y) {
    JitRef zero = lit_like(x, 0);
    JitRef chosen = op(Op::Or, op(cmp, x, y), op(Op::And, op(Op::Ne, y, y), op(Op::Eq, x, x)));
    return select(chosen, lit_like(x, 1), select(op(Op::Eq, x, y), lit_like(x, 0.5), zero));
}

/// trunc(q) with the ops the kernels have.
JitRef trunc(const JitRef &q) { return select(op(Op::Lt, q, lit_like(q, 0)), op(Op::Ceil, q), op(Op::Floor, q)); }

/// The edges of an elementwise op from operands `in` (a, b, c) and result r: for each operand with an AD node,
/// a Linear edge whose weight is the partial derivative (made only when needed).
void elementwise_edges(Op o, const VarPair *in, const JitRef &r, Pending *out) {
    JitRef a = borrow(in[0].jit), b = in[1].jit ? borrow(in[1].jit) : JitRef();
    auto edge = [&](int i, auto weight) {
        if (in[i].ad)
            out[i] = linear(in[i].ad, weight());
    };
    auto one = [] { return JitRef(); };
    switch (o) {
    case Op::Add: edge(0, one); edge(1, one); break;
    case Op::Sub: edge(0, one); edge(1, [&] { return lit_like(a, -1); }); break;
    case Op::Mul: edge(0, [&] { return b; }); edge(1, [&] { return a; }); break;
    case Op::Div: edge(0, [&] { return lit_like(a, 1) / b; }); edge(1, [&] { return -(r / b); }); break;
    case Op::Mod: edge(0, one); edge(1, [&] { return -trunc(a / b); }); break;
    case Op::Neg: edge(0, [&] { return lit_like(a, -1); }); break;
    case Op::Abs: edge(0, [&] { return sign(a); }); break;
    case Op::Sqrt: edge(0, [&] { return lit_like(a, 0.5) / r; }); break;
    case Op::Rsqrt: edge(0, [&] { return lit_like(a, -0.5) * (r * (r * r)); }); break;
    case Op::Exp: edge(0, [&] { return r; }); break;
    case Op::Log: edge(0, [&] { return lit_like(a, 1) / a; }); break;
    case Op::Sin: edge(0, [&] { return op(Op::Cos, a); }); break;
    case Op::Cos: edge(0, [&] { return -op(Op::Sin, a); }); break;
    case Op::Tan: edge(0, [&] { return lit_like(a, 1) + r * r; }); break;
    case Op::Tanh: edge(0, [&] { return lit_like(a, 1) - r * r; }); break;
    case Op::Erf: edge(0, [&] { return lit_like(a, 2.0 / std::sqrt(M_PI)) * op(Op::Exp, -(a * a)); }); break;
    case Op::Floor: case Op::Ceil: case Op::Round: break; // zero almost everywhere: no edge
    case Op::Atan2: { // atan2(a = y, b = x); 0 at the origin, where x² + y² is 0
        auto over_radius = [&](const JitRef &v) {
            JitRef den = a * a + b * b, zero = lit_like(a, 0);
            return select(op(Op::Eq, den, zero), zero, v / den);
        };
        edge(0, [&] { return over_radius(b); });
        edge(1, [&] { return -over_radius(a); });
        break;
    }
    case Op::Pow: // pow(a = x, b = y)
        edge(0, [&] { return b * op(Op::Pow, a, b - lit_like(b, 1)); });
        edge(1, [&] { return select(op(Op::Eq, a, lit_like(a, 0)), lit_like(a, 0), op(Op::Log, a) * r); });
        break;
    case Op::Min: edge(0, [&] { return choice(Op::Lt, a, b); }); edge(1, [&] { return choice(Op::Lt, b, a); }); break;
    case Op::Max: edge(0, [&] { return choice(Op::Gt, a, b); }); edge(1, [&] { return choice(Op::Gt, b, a); }); break;
    case Op::Fma: edge(0, [&] { return b; }); edge(1, [&] { return a; }); edge(2, one); break;
    case Op::Select: // the mask (operand 0) is not differentiable; a and b get the gradient where chosen
        for (int i = 1; i < 3; ++i)
            if (in[i].ad) {
                out[i].source = in[i].ad;
                out[i].edge.kind = EdgeKind::Mask;
                out[i].edge.invert = i == 2;
                out[i].edge.weight = borrow(in[0].jit).release();
            }
        break;
    default:
        break;
    }
}

bool differentiable(Op o) {
    switch (o) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::Neg: case Op::Abs:
    case Op::Sqrt: case Op::Rsqrt: case Op::Exp: case Op::Log: case Op::Sin: case Op::Cos: case Op::Tan:
    case Op::Tanh: case Op::Erf: case Op::Floor: case Op::Ceil: case Op::Round: case Op::Atan2: case Op::Pow:
    case Op::Min: case Op::Max: case Op::Fma: case Op::Select:
        return true;
    default:
        return false;
    }
}

} // namespace

VarPair ad_op(const char *api, Op o, VarPair a, VarPair b, VarPair c) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    a.ad = tracked(a.ad), b.ad = tracked(b.ad), c.ad = tracked(c.ad);
    JitRef r(var_op(api, o, a.jit, b.jit, c.jit));
    if (!differentiable(o) || !is_float(var_type(r.id())) || (a.ad | b.ad | c.ad) == 0)
        return {r.release(), 0};
    VarPair in[3] = {a, b, c};
    Pending edges[3];
    PendingGuard guard{edges, 3};
    elementwise_edges(o, in, r, edges);
    mask_weights(edges, 3, r);
    guard.done = true;
    return attach(std::move(r), short_name(api), edges, 3);
}

VarPair ad_cast(VarPair a, VarType t) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    a.ad = tracked(a.ad);
    JitRef r(var_cast(a.jit, t));
    if (!a.ad || !is_float(t))
        return {r.release(), 0}; // a cast to an integer type ends differentiation
    Pending e = linear(a.ad); // the gradient is cast back (accumulate() casts to the node's type)
    return attach(std::move(r), "cast", &e, 1);
}

VarPair ad_gather(VarPair source, uint32_t index, uint32_t mask) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    source.ad = tracked(source.ad);
    JitRef r(var_gather(source.jit, index, mask));
    if (!source.ad)
        return {r.release(), 0};
    Pending e;
    e.source = source.ad;
    e.edge.kind = EdgeKind::Gather;
    e.edge.index = borrow(index).release();
    e.edge.mask = borrow(mask).release();
    e.edge.aux = var_size(source.jit);
    return attach(std::move(r), "gather", &e, 1);
}

VarPair ad_gather_packed(VarPair source, uint32_t index, uint32_t mask, uint32_t count, uint32_t channel) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    source.ad = tracked(source.ad);
    JitRef r(var_gather_packed(source.jit, index, mask, count, channel));
    if (!source.ad)
        return {r.release(), 0};
    // The channel's gradient is a plain gather's, at index + channel.
    Pending e;
    e.source = source.ad;
    e.edge.kind = EdgeKind::Gather;
    e.edge.index = channel ? var_op_scalar("tj::detail::gather_packed()", Op::Add, index, channel, false)
                           : borrow(index).release();
    e.edge.mask = borrow(mask).release();
    e.edge.aux = var_size(source.jit);
    return attach(std::move(r), "gather", &e, 1);
}

VarPair ad_scatter(VarPair target, VarPair value, uint32_t index, uint32_t mask, bool add) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    target.ad = tracked(target.ad), value.ad = tracked(value.ad);
    JitRef r(var_scatter(target.jit, value.jit, index, mask, add));
    if (!is_float(var_type(r.id())) || (target.ad | value.ad) == 0)
        return {r.release(), 0};
    Pending edges[2];
    PendingGuard guard{edges, 2};
    if (target.ad) {
        edges[0].source = target.ad;
        edges[0].edge.kind = add ? EdgeKind::Linear : EdgeKind::ScatterKeep;
        if (!add) {
            edges[0].edge.index = borrow(index).release();
            edges[0].edge.mask = borrow(mask).release();
        }
    }
    if (value.ad) {
        edges[1].source = value.ad;
        edges[1].edge.kind = EdgeKind::ScatterValue;
        edges[1].edge.add = add;
        edges[1].edge.index = borrow(index).release();
        edges[1].edge.mask = borrow(mask).release();
        edges[1].edge.aux = var_size(r.id());
    }
    guard.done = true;
    return attach(std::move(r), add ? "scatter_add" : "scatter", edges, 2);
}

VarPair ad_reduce(VarPair a, ReduceOp o) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    a.ad = tracked(a.ad);
    JitRef r(var_reduce(a.jit, o));
    if (!a.ad || !is_float(var_type(r.id())))
        return {r.release(), 0};
    JitRef x = borrow(a.jit);
    JitRef zero = lit_like(x, 0), one = lit_like(x, 1);
    JitRef w; // empty: one (sum)
    if (o == ReduceOp::Prod) { // the product of the other elements, exact when some are zero
        JitRef is_zero = op(Op::Eq, x, zero);
        JitRef nonzero_product(var_reduce((select(is_zero, one, x)).id(), ReduceOp::Prod));
        JitRef zero_count(var_reduce(select(is_zero, one, zero).id(), ReduceOp::Sum));
        JitRef none = op(Op::Eq, zero_count, zero), just_this = op(Op::And, op(Op::Eq, zero_count, one), is_zero);
        w = select(none, nonzero_product / x, select(just_this, nonzero_product, zero));
    } else if (o == ReduceOp::Mean) { // 1/n, computed as a reduction rather than a literal: a frozen function
        // replayed on another size must divide by that size
        JitRef count(var_reduce(literal(var_type(x.id()), 1.0, var_size(x.id())).id(), ReduceOp::Sum));
        w = one / count;
    } else if (o == ReduceOp::Min || o == ReduceOp::Max) { // split evenly among the elements equal to it
        JitRef hit = op(Op::Eq, x, r);
        JitRef count(var_reduce(select(hit, one, zero).id(), ReduceOp::Sum));
        w = select(hit, one / count, zero);
    }
    Pending e = linear(a.ad, std::move(w));
    static const char *names[] = {"sum", "prod", "hmin", "hmax", "mean"};
    return attach(std::move(r), names[int(o)], &e, 1);
}

VarPair ad_block_reduce(VarPair a, ReduceOp o, size_t block_size, const char *api) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    a.ad = tracked(a.ad);
    JitRef r(var_block_reduce(a.jit, o, block_size, api));
    if (!a.ad || !is_float(var_type(r.id())) || !r)
        return {r.release(), 0};
    if (o != ReduceOp::Sum && o != ReduceOp::Prod && o != ReduceOp::Min && o != ReduceOp::Max)
        throw Error(fmt::format("{}: this reduction is not differentiable (Add, Mul, Min and Max are)",
                                api ? api : "tj::block_sum()"));
    JitRef x = borrow(a.jit);
    JitRef zero = lit_like(x, 0), one = lit_like(x, 1);
    uint64_t n = var_size(x.id());
    // A block's value repeated over its elements.
    JitRef block_of = op(Op::Div, JitRef(var_counter(VarType::UInt64, n)),
                         JitRef(var_literal(VarType::UInt64, block_size, 1)));
    JitRef all(var_literal(VarType::Bool, 1, 1));
    auto spread = [&](const JitRef &per_block) { return JitRef(var_gather(per_block.id(), block_of.id(), all.id())); };
    JitRef w; // empty: one (sum)
    if (o == ReduceOp::Prod) { // the product of the block's other elements, exact when some are zero
        JitRef is_zero = op(Op::Eq, x, zero);
        JitRef nonzero_product = spread(JitRef(var_block_reduce(select(is_zero, one, x).id(), ReduceOp::Prod, block_size)));
        JitRef zero_count = spread(JitRef(var_block_reduce(select(is_zero, one, zero).id(), ReduceOp::Sum, block_size)));
        JitRef none = op(Op::Eq, zero_count, zero), just_this = op(Op::And, op(Op::Eq, zero_count, one), is_zero);
        w = select(none, nonzero_product / x, select(just_this, nonzero_product, zero));
    } else if (o == ReduceOp::Min || o == ReduceOp::Max) { // Dr.Jit's convention: every element equal to it
        w = select(op(Op::Eq, x, spread(r)), one, zero);
    }
    Pending e;
    e.source = a.ad;
    e.edge.kind = EdgeKind::BlockSum;
    e.edge.aux = block_size;
    e.edge.weight = w.release();
    static const char *names[] = {"block_sum", "block_prod", "block_min", "block_max"};
    return attach(std::move(r), names[int(o)], &e, 1);
}

VarPair ad_block_prefix_reduce(VarPair a, ReduceOp o, size_t block_size, bool exclusive, bool reverse,
                               const char *api) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    a.ad = tracked(a.ad);
    JitRef r(var_block_prefix_reduce(a.jit, o, block_size, exclusive, reverse, api));
    if (!a.ad || !is_float(var_type(r.id())) || !r)
        return {r.release(), 0};
    if (o != ReduceOp::Sum)
        throw Error(fmt::format("{}: only Add is differentiable among the prefix reductions: the input has gradients "
                                "enabled (tj::detach() it first)",
                                api));
    Pending e;
    e.source = a.ad;
    e.edge.kind = EdgeKind::PrefixSum;
    e.edge.aux = block_size;
    e.edge.exclusive = exclusive;
    e.edge.reverse = reverse;
    return attach(std::move(r), reverse ? "suffix_sum" : "prefix_sum", &e, 1);
}

VarPair ad_scatter_reduce(ReduceOp o, VarPair target, VarPair value, uint32_t index, uint32_t mask) {
    const char *api = "tj::scatter_reduce()";
    if (o == ReduceOp::Sum)
        return ad_scatter(target, value, index, mask, true);
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    target.ad = tracked(target.ad), value.ad = tracked(value.ad);
    bool differentiable_type = is_float(var_type(target.jit)) && is_float(var_type(value.jit));
    if (differentiable_type && o == ReduceOp::Prod)
        throw Error(fmt::format("{}: Mul is not differentiable (Add, Min and Max are): the target or the value has "
                                "gradients enabled (tj::detach() them first)",
                                api));
    JitRef before = borrow(target.jit); // also makes the scatter write into a copy: the old values stay
    JitRef r(var_scatter_reduce(api, o, target.jit, value.jit, index, mask));
    if (!differentiable_type || (target.ad | value.ad) == 0)
        return {r.release(), 0};
    // Dr.Jit's convention: the target keeps its gradient where the reduction kept its value; a value receives the
    // gradient of the element it went to where it is the result there (ties: each of them, in full). Forward mode
    // scatters the winning value's tangent over the target's: where the target ties with a value, the value's
    // tangent alone (the target edge's index and mask name the positions a value won, propagate.cpp).
    Pending edges[2];
    PendingGuard guard{edges, 2};
    JitRef won;
    if (value.ad) {
        JitRef v = borrow(value.jit);
        won = op(Op::And, op(Op::Eq, v, JitRef(var_gather(r.id(), index, mask))), borrow(mask));
        edges[1].source = value.ad;
        edges[1].edge.kind = EdgeKind::ScatterValue;
        edges[1].edge.add = false;
        edges[1].edge.index = borrow(index).release();
        edges[1].edge.mask = JitRef(won).release();
        edges[1].edge.aux = var_size(r.id());
    }
    if (target.ad) {
        edges[0].source = target.ad;
        edges[0].edge.kind = EdgeKind::Mask;
        // Kept where the value did not change; a NaN that no value replaced (Min/Max ignore NaN values) is kept
        // too, though NaN == NaN is false.
        JitRef kept_nan = op(Op::And, op(Op::Ne, before, before), op(Op::Ne, r, r));
        edges[0].edge.weight = op(Op::Or, op(Op::Eq, before, r), kept_nan).release();
        if (value.ad) {
            edges[0].edge.index = borrow(index).release();
            edges[0].edge.mask = JitRef(won).release();
            edges[0].edge.aux = var_size(r.id());
        }
    }
    guard.done = true;
    return attach(std::move(r), o == ReduceOp::Min ? "scatter_min" : "scatter_max", edges, 2);
}

} // namespace tj::detail
