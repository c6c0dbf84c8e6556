// include/tracejit/ad_scope.h — what AD tracks and how it traverses: disable_grad, SuspendGrad, ResumeGrad,
// enqueue + traverse (several seeds, one traversal), ADScope (named boxes in graphviz)
//
// Semantics follow Dr.Jit (and Enoki for ADScope); the choices are written down in docs/autodiff.md.
#pragma once

#include <tracejit/detail/ad_core.h>
#include <tracejit/array.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace tj {

/// The direction of a traversal: Forward (from inputs to what depends on them) or Backward (from outputs to
/// what they depend on).
enum class ADMode { Forward, Backward };

namespace detail {
/// SuspendGrad / ResumeGrad: `suspend` or resume tracking; of everything, or (`limited`) of the given nodes.
void ad_grad_scope_enter(bool suspend, const uint32_t *ads, size_t count, bool limited);
void ad_grad_scope_leave() noexcept;
/// Whether operations on node `ad` are differentiated in this thread now (false for 0 and suspended nodes).
bool ad_grad_enabled(uint32_t ad);
/// enqueue: adds nodes to this thread's queue for a traversal in the given direction (tj::Error for an array
/// without gradients, or a queue already holding the other direction); traverse: runs it and empties the queue.
void ad_enqueue(bool backward, const uint32_t *ads, size_t count);
void ad_traverse_queue(bool backward, bool free_graph);
/// ADScope: enters or leaves a named box of this thread.
void ad_name_scope_enter(const std::string &name);
void ad_name_scope_leave() noexcept;
} // namespace detail

/// Removes the arrays from differentiation: each becomes its detached value (as `x = tj::detach(x)`).
template <typename... As> void disable_grad(As &...xs) {
    auto one = [](auto &x) {
        using A = std::remove_cvref_t<decltype(x)>;
        detail::var_inc_ref(x.index());
        x = A::steal(x.index());
    };
    (one(xs), ...);
}

/// While it lives, operations are not differentiated (Dr.Jit's suspend_grad): of any array, or, when arrays are
/// given, of those arrays only (the others are as before). enable_grad does nothing inside a scope that
/// suspends everything. Scopes nest, per thread; a ResumeGrad inside resumes.
class SuspendGrad {
  public:
    SuspendGrad() { detail::ad_grad_scope_enter(true, nullptr, 0, false); }
    template <typename A, typename... As> explicit SuspendGrad(const A &x, const As &...xs) {
        uint32_t ads[] = {x.ad_index(), xs.ad_index()...};
        detail::ad_grad_scope_enter(true, ads, 1 + sizeof...(As), true);
    }
    ~SuspendGrad() { detail::ad_grad_scope_leave(); }
    SuspendGrad(const SuspendGrad &) = delete;
    SuspendGrad &operator=(const SuspendGrad &) = delete;
};

/// Inside a SuspendGrad scope: while it lives, operations are differentiated again (Dr.Jit's resume_grad): all
/// of them, or, when arrays are given, those on these arrays (and on what is computed from them).
class ResumeGrad {
  public:
    ResumeGrad() { detail::ad_grad_scope_enter(false, nullptr, 0, false); }
    template <typename A, typename... As> explicit ResumeGrad(const A &x, const As &...xs) {
        uint32_t ads[] = {x.ad_index(), xs.ad_index()...};
        detail::ad_grad_scope_enter(false, ads, 1 + sizeof...(As), true);
    }
    ~ResumeGrad() { detail::ad_grad_scope_leave(); }
    ResumeGrad(const ResumeGrad &) = delete;
    ResumeGrad &operator=(const ResumeGrad &) = delete;
};

/// Queues arrays for one traversal in direction `mode` (Dr.Jit's enqueue): their gradients, set beforehand with
/// set_grad/accum_grad, are the seeds. tj::Error for an array without gradients.
template <typename... As> void enqueue(ADMode mode, const As &...xs) {
    uint32_t ads[] = {0u, xs.ad_index()...};
    detail::ad_enqueue(mode == ADMode::Backward, ads + 1, sizeof...(As));
}

/// Propagates the seeds of everything enqueued in ONE traversal: a node reached from several seeds receives the
/// sum of their contributions. Empties the queue; nothing queued: nothing to do. tj::Error when the queue was
/// filled for the other direction, or when no queued array has a seed.
inline void traverse(ADMode mode, bool free_graph = true) {
    detail::ad_traverse_queue(mode == ADMode::Backward, free_graph);
}

/// While it lives, the AD nodes made in this thread are drawn in a box labelled `name` by tj::graphviz (Enoki's
/// Scope; nested scopes nest boxes). It changes nothing else.
class ADScope {
  public:
    explicit ADScope(const std::string &name) { detail::ad_name_scope_enter(name); }
    ~ADScope() { detail::ad_name_scope_leave(); }
    ADScope(const ADScope &) = delete;
    ADScope &operator=(const ADScope &) = delete;
};

} // namespace tj
