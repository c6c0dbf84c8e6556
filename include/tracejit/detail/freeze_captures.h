// include/tracejit/detail/freeze_captures.h — what the plugin makes of tj::freeze(lambda with captures): internal
#pragma once

#include <tracejit/freeze.h>

#include <type_traits>
#include <utility>

namespace tj {

namespace detail {

/// A frozen lambda together with a getter of its captures (what the plugin makes of `tj::freeze(lambda)`,
/// docs/freezing.md "Lambdas with captures"): every call passes `getter()` — a std::tuple of references to the captured
/// variables, or to the getter's own copies of the by-copy ones — as state, so host values are part of the layout
/// key by value and arrays are inputs, written back after a replay.
template <typename F, typename G> class CapturedFrozen {
  public:
    CapturedFrozen(F f, G getter, FreezeOptions options)
        : m_frozen(std::move(f), std::move(options), StateSeen{}), m_getter(std::move(getter)) {}

    template <typename... Args> decltype(auto) operator()(const Args &...args) {
        return m_frozen.call(m_getter(), args...);
    }
    FreezeStats stats() const { return m_frozen.stats(); }
    void clear() { m_frozen.clear(); }
    size_t recording_count() const { return m_frozen.recording_count(); }
    FreezeFunction *function() const { return m_frozen.function(); }

  private:
    Frozen<F> m_frozen;
    G m_getter;
};

/// The plugin's replacement of `tj::freeze(lambda[, options])` when the lambda has captures it can name.
template <typename F, typename G>
CapturedFrozen<std::decay_t<F>, std::decay_t<G>> freeze_with_captures(F &&f, G &&getter, FreezeOptions options = {}) {
    return CapturedFrozen<std::decay_t<F>, std::decay_t<G>>(std::forward<F>(f), std::forward<G>(getter),
                                                            std::move(options));
}

} // namespace detail

/// The statistics of a frozen lambda whose captures the plugin passes as state (detail::freeze_with_captures).
template <typename F, typename G> FreezeStats freeze_stats(const detail::CapturedFrozen<F, G> *f) { return f->stats(); }

} // namespace tj
