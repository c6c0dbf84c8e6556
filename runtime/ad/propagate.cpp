// runtime/ad/propagate.cpp — what a gradient becomes when it crosses one edge, in either direction
#include "ad/propagate.h"

#include <tracejit/error.h>

namespace tj::ad {

namespace {

JitRef zeros(VarType t, uint64_t n) { return literal(t, 0.0, n); }

JitRef masked(const Edge &e, const JitRef &grad) {
    JitRef mask = JitRef::borrow(e.weight);
    JitRef zero = lit_like(grad, 0.0);
    return e.invert ? select(mask, zero, grad) : select(mask, grad, zero);
}

JitRef gather(const JitRef &source, const Edge &e) {
    return JitRef(detail::var_gather(source.id(), e.index, e.mask));
}

JitRef scatter(const JitRef &target, const JitRef &value, const Edge &e, bool add) {
    return JitRef(detail::var_scatter(target.id(), value.id(), e.index, e.mask, add));
}

/// The prefix sum of `grad` (broadcast to the `n` elements of the edge's ends) in the edge's blocks, in the
/// edge's direction or (`flip`) the other: a prefix sum's transpose is the suffix sum with the same exclusivity.
JitRef prefix_sum(const Edge &e, JitRef grad, uint64_t n, bool flip) {
    if (detail::var_size(grad.id()) != n)
        grad = grad + zeros(detail::var_type(grad.id()), n);
    return JitRef(detail::var_block_prefix_reduce(grad.id(), detail::ReduceOp::Sum, e.aux, e.exclusive,
                                                  e.reverse != flip, "tj::prefix_sum() (gradient)"));
}

} // namespace

JitRef contribution(const Graph &g, Direction d, const Edge &e, const JitRef &grad) {
    bool backward = d == Direction::Backward;
    switch (e.kind) {
    case EdgeKind::Linear:
        return e.weight ? JitRef::borrow(e.weight) * grad : grad;
    case EdgeKind::Mask:
        if (!backward && e.index) { // scatter_reduce(Min/Max)'s target: a value's tangent, scattered, replaces it
            JitRef kept = masked(e, grad);        // where it won
            return scatter(kept + zeros(detail::var_type(grad.id()), e.aux), lit_like(grad, 0.0), e, false);
        }
        return masked(e, grad);
    case EdgeKind::Gather:
    case EdgeKind::ScatterValue:
        // A gather's transpose is a scatter_add into zeros of the source's size (reads of the source add up where
        // they came from); a scatter's is a gather.
        if ((e.kind == EdgeKind::Gather) != backward)
            return gather(grad, e);
        return scatter(zeros(detail::var_type(grad.id()), e.aux), grad, e, e.kind == EdgeKind::Gather || e.add);
    case EdgeKind::ScatterKeep: // overwritten positions did not come from the old target (its own transpose)
        return scatter(grad, lit_like(grad, 0.0), e, false);
    case EdgeKind::BlockSum:
        if (backward) { // each block's gradient repeated over the block (times the weight)
            uint64_t n = g.nodes[e.source].size;
            JitRef index(detail::var_counter(VarType::UInt64, n));
            JitRef b(detail::var_literal(VarType::UInt64, e.aux, 1));
            JitRef all(detail::var_literal(VarType::Bool, 1, 1));
            JitRef repeat = op(Op::Div, index, b);
            JitRef spread(detail::var_gather(grad.id(), repeat.id(), all.id()));
            return e.weight ? JitRef::borrow(e.weight) * spread : spread;
        }
        return JitRef(detail::var_block_reduce((e.weight ? JitRef::borrow(e.weight) * grad : grad).id(),
                                               detail::ReduceOp::Sum, e.aux));
    case EdgeKind::PrefixSum:
        return prefix_sum(e, grad, g.nodes[backward ? e.source : e.target].size, backward);
    case EdgeKind::Call: // the call node's derivative moves these gradients as a whole (traversal.cpp, cross_call)
        TJ_UNREACHABLE("tj::ad: a call edge crossed one by one");
    }
    return {};
}

} // namespace tj::ad
