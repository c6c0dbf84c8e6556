// include/tracejit/freeze.h — function freezing: tj::freeze records a function's kernel launches once and replays
// them on later calls with new inputs (docs/design.md §2 "Freezing", §3; docs/freezing.md)
#pragma once

#include <tracejit/ad.h>
#include <tracejit/array.h>
#include <tracejit/detail/freeze_core.h>
#include <tracejit/detail/freeze_traverse.h>
#include <tracejit/runtime.h>

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj {

/// Options of one frozen function.
struct FreezeOptions {
    /// On: a literal input whose value changes between calls is made opaque and the function recorded once more.
    /// Off (Dr.Jit's auto_opaque=False): every literal input is opaque from the first call (one recording).
    bool auto_opaque = true;
    /// After this many re-recordings of one function a warning names it and the reason.
    uint32_t warn_after = 10;
    /// How messages name the function ("step", "sim.cpp:12 step"); the plugin fills it in.
    std::string name;
    /// At most this many recordings are kept (0: no limit); a new one evicts the least recently used.
    uint32_t limit = 0;
};

/// Counters of one frozen function.
struct FreezeStats {
    uint64_t recordings = 0;       ///< calls that ran the body to record it (the first, every re-record; also one that threw)
    uint64_t replays = 0;          ///< calls answered by a recording
    uint64_t retraces = 0;         ///< recordings after the first (a new key, or a failed dry run)
    uint64_t dry_run_failures = 0; ///< replays refused because sizes no longer fit (block_sum on a new size, …)
    double record_ms = 0;          ///< time spent in recording calls
    double replay_ms = 0;          ///< time spent in replays
};

namespace detail {
/// Tag of Frozen's constructor for a callable whose state is passed to every call (freeze_with_captures).
struct StateSeen {};
} // namespace detail

/// A frozen function: call it like the original. The first call for a layout key runs the body and records its
/// kernel launches; later calls with a compatible key replay them with the new inputs.
template <typename F> class Frozen {
  public:
    Frozen(F f, FreezeOptions options) : m_f(std::move(f)), m_fn(detail::freeze_create(options)) {
        if constexpr (std::is_class_v<F> && !std::is_empty_v<F>)
            detail::freeze_warn_state(m_fn); // a lambda with captures (or another callable with state)
    }
    /// For a callable whose state the caller passes to every call (call(state, args…)): no warning.
    Frozen(F f, FreezeOptions options, detail::StateSeen) : m_f(std::move(f)), m_fn(detail::freeze_create(options)) {}
    Frozen(Frozen &&o) noexcept : m_f(std::move(o.m_f)), m_fn(std::exchange(o.m_fn, nullptr)) {}
    Frozen(const Frozen &) = delete;
    Frozen &operator=(const Frozen &) = delete;
    ~Frozen() { detail::freeze_destroy(m_fn); }

    /// Calls the function; arguments are flattened (paths args[0], args[1], …) and passed to the body as copies.
    template <typename... Args> std::invoke_result_t<F &, Args &...> operator()(const Args &...args) {
        return call(std::tuple<>(), args...);
    }

    /// Calls with implicit state: references to values the body reads and may write (globals, fields of
    /// `this`), flattened as inputs (paths state[0], …) and written back after a replay as outputs.
    template <typename... State, typename... Args>
    std::invoke_result_t<F &, Args &...> call(std::tuple<State &...> state, const Args &...args) {
        if constexpr ((detail::copy_runs_no_user_code<std::decay_t<Args>> && ...)) {
            detail::FreezeLock lock; // (before the copies: made and dropped under it, they take no mutex of their own)
            std::tuple<std::decay_t<Args>...> copies(args...);
            return call_locked(lock, copies, state);
        } else {
            // A copy constructor or destructor of the user's may wait for another thread that uses tracejit: the
            // copies are made before the runtime's lock and dropped after it.
            std::tuple<std::decay_t<Args>...> copies(args...);
            detail::FreezeLock lock;
            return call_locked(lock, copies, state);
        }
    }

    FreezeStats stats() const { return detail::freeze_stats_of(m_fn); }
    /// Drops every recording (the next call records anew); statistics stay.
    void clear() { detail::freeze_clear(m_fn); }
    /// How many recordings are held now (at most FreezeOptions::limit when one is set).
    size_t recording_count() const { return detail::freeze_recording_count(m_fn); }
    /// The runtime object (for the plugin's registration).
    detail::FreezeFunction *function() const { return m_fn; }

  private:
    /// The call with the arguments' copies made and the runtime's lock held: flattening, the lookup, a replay (or,
    /// with the lock released, the body).
    template <typename... State, typename... Copies>
    std::invoke_result_t<F &, Copies &...> call_locked(detail::FreezeLock &lock, std::tuple<Copies...> &copies,
                                                       std::tuple<State &...> &state) {
        using R = std::invoke_result_t<F &, Copies &...>;
        detail::CallScratchLease scratch;
        for (int attempt = 0;; ++attempt) {
            detail::CallScratch &cs = scratch.fresh();
            detail::Flattener &in = cs.in;
            flatten_inputs(in, copies, state);
            if (detail::flatten_failed()) { // flattened again with paths: throws the tj::FreezeError naming the input
                std::vector<std::string> paths;
                detail::Flattener named;
                named.paths = &paths;
                flatten_inputs(named, copies, state);
                detail::raise_freeze("tj::freeze(): an input cannot be frozen");
            }
            detail::FreezeCall &c = cs.call;
            struct Inputs {
                std::tuple<Copies...> *copies;
                std::tuple<State &...> *state;
            } inputs{&copies, &state};
            c.paths = [](const void *context) {
                auto *i = static_cast<const Inputs *>(context);
                std::vector<std::string> paths;
                detail::Flattener named;
                named.paths = &paths;
                flatten_inputs(named, *i->copies, *i->state);
                return paths;
            };
            c.paths_context = &inputs;
            detail::freeze_begin(m_fn, in, c);
            if (!c.make_opaque.empty() && attempt == 0) {
                detail::OpaqueMaker opaque(c.make_opaque);
                visit_inputs(opaque, copies, state);
                continue; // key again with the opaque inputs
            }
            if (c.action == detail::FreezeCall::Action::Replayed) {
                detail::Rebuilder rb(c.out_jit, c.out_ad, c.out_layout);
                return rebuild<R>(rb, copies, state);
            }
            lock.release(); // the body runs without the runtime's lock
            if (c.action == detail::FreezeCall::Action::RunPlain)
                return std::apply(m_f, copies);
            struct AbortOnExit { // the body threw (or the output could not be recorded): drop the recording
                detail::FreezeFunction *fn;
                detail::FreezeCall &call;
                ~AbortOnExit() { detail::freeze_abort(fn, call); }
            } abort_on_exit{m_fn, c};
            // What the inputs reach through references before the body runs: it may write there, not re-point.
            std::vector<std::string> reached_paths;
            detail::Flattener reached;
            reached.paths = &reached_paths;
            flatten_references(reached, copies, state);
            if constexpr (std::is_void_v<R>) {
                run_body<R>(copies);
                detail::Flattener out;
                flatten_outputs<R, void>(out, nullptr, state);
                flatten_written(out, copies, state, reached);
                detail::freeze_end(m_fn, in, out, c);
            } else {
                R result = run_body<R>(copies);
                detail::Flattener out;
                flatten_outputs<R>(out, &result, state);
                flatten_written(out, copies, state, reached);
                detail::freeze_end(m_fn, in, out, c);
                return result;
            }
            if constexpr (std::is_void_v<R>)
                return;
        }
    }
    template <typename Tuple, typename... State>
    static void flatten_inputs(detail::Flattener &f, Tuple &copies, std::tuple<State &...> &state) {
        size_t i = 0;
        std::apply([&](auto &...a) {
            ((void)[&] {
                auto scope = f.index(i++);
                detail::traverse(f, std::as_const(a));
            }(), ...);
        }, copies);
        f.path = "state";
        i = 0;
        std::apply([&](auto &...s) {
            ((void)[&] {
                auto scope = f.index(i++);
                detail::traverse(f, std::as_const(s));
            }(), ...);
        }, state);
    }
    template <typename V, typename Tuple, typename... State>
    static void visit_inputs(V &v, Tuple &copies, std::tuple<State &...> &state) {
        std::apply([&](auto &...a) { (detail::traverse(v, a), ...); }, copies);
        std::apply([&](auto &...s) { (visit_state(v, s), ...); }, state);
    }
    /// A const state value (a by-copy capture, freeze_with_captures) is not written back: the Rebuilder reads its
    /// recorded value into a copy (which keeps the layout's position), dropped. Auto-opaque makes its literals opaque
    /// in place, which keeps their values (as OpaqueMaker does for const pointees).
    template <typename V, typename S> static void visit_state(V &v, S &s) {
        if constexpr (!std::is_const_v<S>) {
            detail::traverse(v, s);
        } else if constexpr (std::is_same_v<V, detail::OpaqueMaker>) {
            detail::traverse(v, const_cast<std::remove_const_t<S> &>(s));
        } else {
            std::remove_const_t<S> copy = s;
            detail::traverse(v, copy);
        }
    }
    template <typename R, typename P, typename... State>
    static void flatten_outputs(detail::Flattener &f, const P *result, std::tuple<State &...> &state) {
        f.path = "result";
        f.refuse_shared = true;
        if constexpr (!std::is_void_v<R>)
            detail::traverse(f, *result);
        f.path = "state";
        size_t i = 0;
        std::apply([&](auto &...s) {
            ((void)[&] {
                auto scope = f.index(i++);
                detail::traverse(f, std::as_const(s));
            }(), ...);
        }, state);
    }
    /// The objects the inputs reach through std::shared_ptr and std::reference_wrapper (FlareJax's mutation
    /// example), and the objects of the domains of their pointer arrays (dispatched code may scatter into their
    /// fields): after the body they are flattened as outputs, and a replay writes them back in place.
    template <typename Tuple, typename... State>
    static void flatten_references(detail::Flattener &f, Tuple &copies, std::tuple<State &...> &state) {
        f.path = "args";
        f.refuse_shared = false;
        f.skip_const_pointees = true;
        detail::ThroughReferences<detail::Flattener> through(f);
        size_t i = 0;
        std::apply([&](auto &...a) {
            ((void)[&] {
                auto scope = through.index(i++);
                detail::traverse(through, std::as_const(a));
            }(), ...);
        }, copies);
        f.path = "state"; // (state holds no references, outputs refuse them: only its pointer arrays' domains)
        i = 0;
        std::apply([&](auto &...s) {
            ((void)[&] {
                auto scope = through.index(i++);
                detail::traverse(through, std::as_const(s));
            }(), ...);
        }, state);
    }
    /// Flattens the objects written through references into `out`, after checking that the body left every
    /// reference pointing where it did (a replay can write into objects, not re-point the caller's pointers).
    template <typename Tuple, typename... State>
    static void flatten_written(detail::Flattener &out, Tuple &copies, std::tuple<State &...> &state,
                                const detail::Flattener &before) {
        size_t first_pointee = out.pointees().size();
        flatten_references(out, copies, state);
        const std::vector<const void *> &now = out.pointees();
        const std::vector<const void *> &was = before.pointees();
        for (size_t i = 0; i < was.size() || first_pointee + i < now.size(); ++i)
            if (i >= was.size() || first_pointee + i >= now.size() || now[first_pointee + i] != was[i])
                detail::raise_freeze(
                    "tj::freeze(): " + (i < was.size() ? before.pointee_paths()[i] : std::string("an input")) +
                    ": the body made a std::shared_ptr or std::reference_wrapper of its inputs point elsewhere "
                    "(or added or removed one); a replay can only write into the objects the inputs point to");
    }
    /// (Inside an IsolateGrad scope that freeze_begin entered and freeze_end leaves: a backward inside the body
    /// stays inside it.)
    template <typename R, typename Tuple> R run_body(Tuple &copies) { return std::apply(m_f, copies); }
    template <typename R, typename Tuple, typename... State>
    static R rebuild(detail::Rebuilder &rb, Tuple &copies, std::tuple<State &...> &state) {
        auto write_back = [&] {
            std::apply([&](auto &...s) { (visit_state(rb, s), ...); }, state);
            rb.follow_references = true;
            detail::ThroughReferences<detail::Rebuilder> through(rb);
            std::apply([&](auto &...a) { (detail::traverse(through, a), ...); }, copies);
            std::apply([&](auto &...s) { (detail::traverse(through, std::as_const(s)), ...); }, state);
        };
        if constexpr (std::is_void_v<R>) {
            write_back();
        } else {
            static_assert(std::is_default_constructible_v<R>,
                          "tj::freeze(): the result type of a frozen function needs a default constructor");
            R result{};
            detail::traverse(rb, result);
            write_back();
            return result;
        }
    }

    F m_f;
    detail::FreezeFunction *m_fn;
};

/// Freezes `f` (a function, function pointer or lambda): see Frozen.
template <typename F> Frozen<std::decay_t<F>> freeze(F &&f, FreezeOptions options = {}) {
    return Frozen<std::decay_t<F>>(std::forward<F>(f), std::move(options));
}

/// The statistics of a frozen function object.
template <typename F> FreezeStats freeze_stats(const Frozen<F> *f) { return f->stats(); }
/// The statistics of a function marked [[jit::freeze]] (through the plugin's wrapper). Throws tj::Error when
/// the function was never called frozen.
template <typename R, typename... Args> FreezeStats freeze_stats(R (*f)(Args...)) {
    detail::FreezeFunction *fn = detail::freeze_lookup_registered(reinterpret_cast<const void *>(f));
    if (!fn)
        detail::raise("tj::freeze_stats(): this function is not frozen (mark it [[jit::freeze]] and compile with the "
                      "tracejit plugin, or use tj::freeze)");
    return detail::freeze_stats_of(fn);
}

} // namespace tj

// The plugin's form of a frozen lambda with captures (internal; it needs Frozen, above).
#include <tracejit/detail/freeze_captures.h>
