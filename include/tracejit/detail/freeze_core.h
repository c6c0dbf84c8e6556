// include/tracejit/detail/freeze_core.h — the runtime side of frozen functions that freeze.h calls: recordings by
// layout key, one call's decision (replay, record, run plain), the runtime's lock held across a frozen call
#pragma once

#include <tracejit/array.h>
#include <tracejit/detail/ad_core.h>
#include <tracejit/detail/core.h>
#include <tracejit/detail/freeze_traverse.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tj {

struct FreezeOptions; // tracejit/freeze.h
struct FreezeStats;

namespace detail {

/// The runtime side of one frozen function (recordings by layout key, auto-opaque state, statistics).
struct FreezeFunction;
FreezeFunction *freeze_create(const FreezeOptions &options);
void freeze_destroy(FreezeFunction *fn) noexcept;
FreezeStats freeze_stats_of(const FreezeFunction *fn);
/// Drops every recording and the auto-opaque memory of `fn` (its statistics stay).
void freeze_clear(FreezeFunction *fn);
/// Warns once that the frozen callable holds state the recordings cannot see (captures).
void freeze_warn_state(const FreezeFunction *fn);
/// How many recordings `fn` holds now (all backends).
size_t freeze_recording_count(const FreezeFunction *fn);
/// Registers `fn` under the address of the user's function, for tj::freeze_stats(&f) (the plugin's wrapper).
void freeze_register(const void *function, FreezeFunction *fn);
FreezeFunction *freeze_lookup_registered(const void *function);

/// What one call does after flattening its inputs.
struct FreezeCall {
    enum class Action { Replayed, Record, RunPlain } action = Action::RunPlain;
    std::vector<uint32_t> make_opaque; ///< input leaves to make opaque before keying again (auto-opaque)
    std::vector<uint32_t> out_jit, out_ad; ///< Replayed: the outputs (one reference each)
    std::string out_layout;            ///< Replayed: the output layout recorded
    void *recording = nullptr;         ///< Record: the recording in progress
    void *grad = nullptr;              ///< Record: what it captures for gradients (runtime/freeze/grad.h)
    double start_ms = 0;
    /// The inputs' paths, worked out only for messages: paths(paths_context) (null: unknown). A plain function
    /// pointer, so that a call that needs no message allocates nothing for it.
    std::vector<std::string> (*paths)(const void *context) = nullptr;
    const void *paths_context = nullptr;

    /// Back to a new call's state, keeping the vectors' capacity (CallScratch).
    void reset() {
        action = Action::RunPlain;
        make_opaque.clear();
        out_jit.clear();
        out_ad.clear();
        out_layout.clear();
        recording = grad = nullptr;
        start_ms = 0;
        paths = nullptr;
        paths_context = nullptr;
    }
};

/// The runtime's lock (re-entrant per thread: the runtime's own calls inside only count a depth). A frozen call holds
/// it from copying its arguments (those whose copies run no user code: copy_runs_no_user_code) through flattening,
/// the replay and rebuilding the result, so that the many small runtime calls in between (reference counts, the
/// inputs' sizes, the recordings' lookup) take the mutex once. It is released before a body runs (a recording, or a
/// plain call), which may do anything.
void freeze_lock() noexcept;
void freeze_unlock() noexcept;
class FreezeLock {
  public:
    FreezeLock() noexcept { freeze_lock(); }
    ~FreezeLock() { release(); }
    FreezeLock(const FreezeLock &) = delete;
    FreezeLock &operator=(const FreezeLock &) = delete;
    void release() noexcept {
        if (m_held)
            freeze_unlock();
        m_held = false;
    }

  private:
    bool m_held = true;
};

/// The input Flattener and FreezeCall of a frozen call, kept per thread so that a replay allocates neither (their
/// capacity stays). A call made while this thread's pair is in use (a frozen function called inside a recording
/// body, which still needs its own) gets a pair of its own.
struct CallScratch {
    Flattener in;
    FreezeCall call;
    bool busy = false;
};
class CallScratchLease {
  public:
    CallScratchLease() {
        static thread_local CallScratch shared;
        if (!shared.busy) {
            m_shared = &shared;
            shared.busy = true;
        } else {
            m_own.emplace();
        }
    }
    ~CallScratchLease() {
        if (m_shared)
            m_shared->busy = false;
    }
    CallScratchLease(const CallScratchLease &) = delete;
    CallScratchLease &operator=(const CallScratchLease &) = delete;
    /// Cleared for a new attempt of the call.
    CallScratch &fresh() {
        CallScratch &s = m_shared ? *m_shared : *m_own;
        s.in.clear();
        s.call.reset();
        return s;
    }

  private:
    CallScratch *m_shared = nullptr;
    std::optional<CallScratch> m_own;
};
/// Decides for a flattened input: which leaves auto-opaque turns into memory (then call again), replay, or record.
void freeze_begin(FreezeFunction *fn, const Flattener &inputs, FreezeCall &call);
/// Ends a recording: `outputs` flattened from the body's result (its arrays are evaluated and recorded).
void freeze_end(FreezeFunction *fn, const Flattener &inputs, const Flattener &outputs, FreezeCall &call);
/// Abandons a recording (the body threw).
void freeze_abort(FreezeFunction *fn, FreezeCall &call) noexcept;
/// The paths of the flattened leaves of the call's inputs, for messages.
template <typename... Args> std::vector<std::string> input_paths(const Args &...args) {
    std::vector<std::string> paths;
    Flattener f;
    f.paths = &paths;
    size_t i = 0;
    ((void)[&] {
        auto scope = f.index(i++);
        traverse(f, args);
    }(), ...);
    return paths;
}

/// Makes the listed leaves (by flattening order) of a value opaque, in place.
class OpaqueMaker {
  public:
    explicit OpaqueMaker(const std::vector<uint32_t> &leaves) : m_leaves(leaves) {}
    template <typename T> void array(Array<T> &a) {
        for (uint32_t l : m_leaves)
            if (l == m_next) {
                uint32_t jit = var_make_opaque(a.index());
                ad_inc_ref(a.ad_index());
                a = Array<T>::steal(jit, a.ad_index());
            }
        ++m_next;
        if constexpr (requires { Array<T>::domain(); })
            visit_pointees(*this, Array<T>::domain(), a.index()); // numbered as the Flattener numbers them
    }
    template <typename T> void host(T &) {}
    template <typename C> void resize(C &) {}
    template <typename O> bool presence(O &o) { return o.has_value(); }
    template <typename M> void map(M &m) {
        for (auto &[k, v] : m)
            traverse(*this, v);
    }
    template <typename P> void shared(std::shared_ptr<P> &p) {
        // A pointee reached again is not flattened again (nor numbered): the same rule as the Flattener's.
        if (!p || std::find(m_shared.begin(), m_shared.end(), p.get()) != m_shared.end())
            return;
        m_shared.push_back(p.get());
        traverse(*this, *p);
    }
    template <typename P> void reference(std::reference_wrapper<P> &r) {
        if (std::find(m_shared.begin(), m_shared.end(), &r.get()) != m_shared.end())
            return;
        m_shared.push_back(&r.get());
        // A const pointee too: making a literal opaque keeps its value (the caller's object reads the same).
        traverse(*this, const_cast<std::remove_const_t<P> &>(r.get()));
    }
    struct Scope {};
    Scope index(size_t) { return {}; }
    Scope field(std::string_view) { return {}; }
    template <typename T> void visit_field(const char *, T &x) { traverse(*this, x); }

  private:
    const std::vector<uint32_t> &m_leaves;
    std::vector<const void *> m_shared;
    uint32_t m_next = 0;
};

} // namespace detail
} // namespace tj
