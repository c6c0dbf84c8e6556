// include/tracejit/ad.h — automatic differentiation: enable_grad, backward, forward, grad, IsolateGrad, graphviz
// (and, through ad_scope.h and ad_custom.h, SuspendGrad/ResumeGrad, enqueue/traverse, ADScope, CustomOp)
//
// Reverse and forward mode on tj::Float and tj::Float64. Derivative weights are JIT arrays: a backward pass is
// traced and fused into kernels like any other code. Semantics and choices: docs/autodiff.md.
#pragma once

#include <tracejit/detail/ad_core.h>
#include <tracejit/ad_scope.h>
#include <tracejit/array.h>
#include <tracejit/ops.h>

#include <string>

namespace tj {

/// Enables gradients for each argument: it becomes a leaf of the AD graph (nothing changes for an array that
/// already has them). Throws tj::Error for arrays that are not Float or Float64.
template <typename... As> void enable_grad(As &...xs) {
    auto one = [](auto &x) {
        using A = std::remove_cvref_t<decltype(x)>;
        if (x.ad_index() && !detail::ad_inert(x.ad_index()))
            return;
        uint32_t ad = detail::ad_enable("tj::enable_grad()", x.index());
        detail::var_inc_ref(x.index());
        x = A::steal(x.index(), ad);
    };
    (one(xs), ...);
}

/// Whether `x` takes part in differentiation (gradients enabled, or computed from an array that has them) and
/// its tracking is not suspended (SuspendGrad).
template <typename T> bool grad_enabled(const Array<T> &x) {
    return x.ad_index() != 0 && detail::ad_grad_enabled(x.ad_index());
}

/// The gradient that reached `x` in the last traversal (accumulated over traversals for leaves); zeros of
/// x's size when none did or when x has no gradients enabled.
template <typename T> Array<T> grad(const Array<T> &x) {
    return Array<T>::steal(detail::ad_grad(x.ad_index(), x.index()));
}

/// Sets the gradient of `x` (size 1 or x's size): the seed of the next backward(x) or forward(x).
/// Throws tj::Error when x has no gradients enabled or `g` has a wrong size.
template <typename T> void set_grad(const Array<T> &x, const Array<T> &g) {
    detail::ad_set_grad("tj::set_grad()", x.ad_index(), x.index(), g.index(), false);
}
template <typename T, HostScalar S> void set_grad(const Array<T> &x, S g) { set_grad(x, Array<T>(static_cast<T>(g))); }

/// Adds `g` to the gradient of `x` (same rules as set_grad).
template <typename T> void accum_grad(const Array<T> &x, const Array<T> &g) {
    detail::ad_set_grad("tj::accum_grad()", x.ad_index(), x.index(), g.index(), true);
}
template <typename T, HostScalar S> void accum_grad(const Array<T> &x, S g) { accum_grad(x, Array<T>(static_cast<T>(g))); }

/// Reverse mode: seeds every element of `y` with 1 (unless set_grad gave a seed) and propagates to all
/// arrays `y` depends on. With `free_graph`, the edges traversed are released.
template <typename T> void backward(const Array<T> &y, bool free_graph = true) {
    detail::ad_traverse("tj::backward()", y.ad_index(), true, free_graph);
}

/// Forward mode: seeds every element of `x` with 1 (unless set_grad gave a seed) and propagates to all arrays
/// that depend on `x`; grad() of each then holds its derivative along that seed.
template <typename T> void forward(const Array<T> &x, bool free_graph = true) {
    detail::ad_traverse("tj::forward()", x.ad_index(), false, free_graph);
}

/// The same value without gradients: operations on it are not differentiated.
template <typename T> Array<T> detach(const Array<T> &x) {
    detail::var_inc_ref(x.index());
    return Array<T>::steal(x.index());
}

/// While it lives, backward traversals stop at arrays created before it: the gradients that reach them wait
/// there and are propagated further when the scope ends.
class IsolateGrad {
  public:
    IsolateGrad();
    ~IsolateGrad() noexcept(false);
    IsolateGrad(const IsolateGrad &) = delete;
    IsolateGrad &operator=(const IsolateGrad &) = delete;

  private:
    int m_exceptions;
};

/// The AD graph that leads to the arguments, as Graphviz DOT text (labels from set_label()).
template <typename... As> std::string graphviz(const As &...xs) {
    uint32_t ads[] = {0u, xs.ad_index()...};
    return detail::ad_graphviz(ads + 1, sizeof...(As));
}

} // namespace tj

#include <tracejit/ad_custom.h>
