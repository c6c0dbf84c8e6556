// include/tracejit/control.h — symbolic control flow on masks: tj::if_stmt and tj::while_loop (docs/design.md §3)
//
// A branch or loop whose condition is a tj::Bool cannot run on the host: its condition differs per element.
// `if_stmt` traces both branches (each under its mask, so that scatters only write where the branch is taken)
// and merges what they produce with select; `while_loop` traces the condition and the body once and becomes
// a loop inside the kernel, with the state as loop-carried values. The plugin rewrites `if`/`while`/`for`/
// `do` on tj::Bool in marked functions into these calls; they are usable by hand too:
//
//     Float x = ...;  Int32 steps = 0;
//     tj::while_loop(std::tie(x, steps),
//                    [](const Float &x, const Int32 &) { return x > 1.f; },
//                    [](Float &x, Int32 &steps) { x = x * 0.5f; steps += 1; });
//
// The state is a std::tuple (of values, or of references as std::tie makes) or a single value; its elements
// are anything tj::freeze can flatten (arrays, host values, std containers, TJ_STRUCT types). The functions
// get the state's elements as lvalue arguments (working copies): a function either modifies them and
// returns nothing, or returns the new state (while_loop) or a result (if_stmt). Host values in the state
// must come out unchanged (they cannot differ per element): a change is a tj::Error.
#pragma once

#include <tracejit/detail/ad_core.h>
#include <tracejit/array.h>
#include <tracejit/detail/control_core.h>
#include <tracejit/error.h>
#include <tracejit/detail/freeze_traverse.h>

#include <exception>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj {
namespace detail {

/// One array reached in a state: where it lives and how to read or replace it.
struct StateSlot {
    void *array;
    VarPair (*get)(const void *array);
    void (*set)(void *array, VarPair value); ///< takes over the references in `value`
};

template <typename T> VarPair state_get(const void *a) { return static_cast<const Array<T> *>(a)->pair(); }
template <typename T> void state_set(void *a, VarPair v) { *static_cast<Array<T> *>(a) = Array<T>::steal(v); }

/// Collects the arrays of a state and a fingerprint of everything else in it (host values, container sizes,
/// which optionals are set), using the traverse() protocol of freezing.
class StateCollector {
  public:
    std::vector<StateSlot> arrays;
    std::string fingerprint;

    template <typename T> void array(Array<T> &a) {
        arrays.push_back({&a, &state_get<T>, &state_set<T>});
        fingerprint.push_back(char('A' + int(Array<T>::Type)));
    }
    template <typename T> void host(T &x) {
        if constexpr (std::is_same_v<T, std::string>) {
            append_bytes(fingerprint, uint64_t(x.size()));
            fingerprint += x;
        } else {
            append_bytes(fingerprint, x);
        }
    }
    template <typename C> void resize(C &c) { append_bytes(fingerprint, uint64_t(c.size())); }
    template <typename O> bool presence(O &o) {
        fingerprint.push_back(o.has_value() ? '1' : '0');
        return o.has_value();
    }
    template <typename M> void map(M &m) {
        append_bytes(fingerprint, uint64_t(m.size()));
        for (auto &[k, v] : m) {
            std::string key = k;
            host(key);
            traverse(*this, v);
        }
    }
    template <typename P> void shared(std::shared_ptr<P> &p) {
        fingerprint.push_back(p ? 'p' : '0');
        if (!p)
            return;
        for (const void *seen : m_shared)
            if (seen == p.get())
                return; // shared (or cyclic): visited once
        m_shared.push_back(p.get());
        traverse(*this, *p);
    }
    template <typename P> void reference(std::reference_wrapper<P> &r) {
        fingerprint.push_back('r');
        for (const void *seen : m_shared)
            if (seen == &r.get())
                return; // shared (or cyclic): visited once
        m_shared.push_back(&r.get());
        traverse(*this, r.get());
    }
    struct Scope {
        ~Scope() {} // user-provided: `auto scope = v.index(i)` in traverse() is not an unused variable
    };
    Scope index(size_t) { return {}; }
    Scope field(std::string_view) { return {}; }
    template <typename T> void visit_field(const char *, T &x) { traverse(*this, x); }

  private:
    std::vector<const void *> m_shared;
};

template <typename S> StateCollector collect_state(S &s) {
    StateCollector c;
    traverse(c, s);
    return c;
}

/// The value type of a state: a tuple of references becomes a tuple of values.
template <typename S> struct StateValue { using type = std::decay_t<S>; };
template <typename... Ts> struct StateValue<std::tuple<Ts...>> { using type = std::tuple<std::decay_t<Ts>...>; };
template <typename S> using state_value_t = typename StateValue<std::decay_t<S>>::type;

template <typename T> struct IsTuple : std::false_type {};
template <typename... Ts> struct IsTuple<std::tuple<Ts...>> : std::true_type {};

/// Calls `f` with the elements of the state `s` (a tuple is spread into arguments).
template <typename F, typename S> decltype(auto) call_with_state(F &f, S &s) {
    if constexpr (IsTuple<S>::value)
        return std::apply(f, s);
    else
        return f(s);
}

/// Copies the final state back into the caller's state when it can be assigned (std::tie writes through).
template <typename S, typename V> void write_back(S &&state, const V &value) {
    if constexpr (std::is_assignable_v<S &, const V &>)
        state = value;
}

/// Throws tj::Error (out of line: the public headers compile with -fno-exceptions).
[[noreturn]] void raise_control_error(const char *message);
void check_same_layout(const char *api, const StateCollector &a, const StateCollector &b, const char *what);
/// What a tj::if_stmt's branches did with the memory of one state array: the array they received, which their
/// scatters write in place (the false branch receives it as the true branch's scatters left it).
struct MemoryFate {
    VarPair final;        ///< the memory after both branches (borrowed from BranchMemory)
    bool written = false; ///< a branch scattered into it (it is no longer the array from before the if)
    bool in_true = false, in_false = false; ///< the branch's array is still that memory (it assigned it nothing else)
};
/// select(mask, t, f) of two state arrays (AD-aware); returns new references. `before`: the array before the
/// branches ({} for returned values): one both branches left alone is returned as it is. `memory` (null for returned
/// values): an array that both branches left the memory they received is that memory, of any size, with both
/// branches' scatters; one that a branch assigned is merged per element. `what` and `k` name the array in errors
/// ("state variable", 2).
VarPair merge_branch(uint32_t mask, VarPair t, VarPair f, VarPair before, const MemoryFate *memory, const char *what,
                     size_t k);
/// Whether `mask` is a literal, and then its value.
bool literal_mask(uint32_t mask, bool &value);
/// Traced loop over state arrays: the id-level driver behind while_loop (control.cpp); `cond` and `body`
/// trace the condition (returning its id, a new reference) and the body on the loop's LoopPhi variables.
struct LoopTracer {
    virtual uint32_t cond() = 0;
    virtual void body() = 0;
    virtual ~LoopTracer() = default;
};
void run_while_loop(std::vector<StateSlot> &slots, LoopTracer &tracer,
                    const std::vector<StateSlot> &(*after_body)(void *ctx), void *ctx);

/// Pops the mask stack on every exit.
struct MaskScope {
    MaskScope(const char *api, uint32_t mask) { mask_push(api, mask); }
    ~MaskScope() { mask_pop(); }
    MaskScope(const MaskScope &) = delete;
    MaskScope &operator=(const MaskScope &) = delete;
};

/// An IsolateGrad scope around both branches of a tj::if_stmt (and the instances' code of a tj::dispatch): a backward
/// traversal inside a branch stops at the AD nodes made before the if, whose gradients wait until both branches are
/// traced and then go on backward, once (as Dr.Jit's postponed edges). Without it, a backward in the true branch
/// freed the edges that a backward in the false branch needed, whose gradient was then lost without an error. Forward
/// traversals are not isolated (a tj::forward inside a branch reaches what the branch computes from earlier arrays).
/// Passes nothing on when a branch throws.
struct BranchGradScope {
    BranchGradScope() : m_exceptions(std::uncaught_exceptions()) { ad_scope_enter(false); }
    ~BranchGradScope() noexcept(false) { ad_scope_leave(std::uncaught_exceptions() == m_exceptions); }
    BranchGradScope(const BranchGradScope &) = delete;
    BranchGradScope &operator=(const BranchGradScope &) = delete;

  private:
    int m_exceptions;
};

/// Follows the memory of each state array (the array the branches receive) through a tj::if_stmt's branches: the
/// scatters of each branch write it in place, as Dr.Jit's do, while a branch that assigns the array another value
/// leaves it (FollowedArray, scatter_note in control_core.h). The false branch receives the memory as the true
/// branch's scatters left it, and writes it in place: the true branch's reference to it, and the follower's, are lent
/// (var_lend), so they do not make its scatter copy the buffer (which a symbolic loop's or a tj::dispatch case's
/// body, where the true branch's scatter has not run yet, would refuse). Non-template parts in runtime/control.cpp.
class BranchMemory {
  public:
    BranchMemory() = default;
    BranchMemory(const BranchMemory &) = delete;
    BranchMemory &operator=(const BranchMemory &) = delete;
    ~BranchMemory() { release(); }
    /// Before the first branch: follows `branch` (its arrays are the state's `before`).
    void start(const std::vector<StateSlot> &branch, const std::vector<StateSlot> &before);
    /// Between the branches: notes what the true branch `t` left, gives the memory to the false branch `f` and
    /// follows it there. `same_layout`: false when the true branch changed a host value (merge_into reports it).
    void hand_over(const std::vector<StateSlot> &t, const std::vector<StateSlot> &f, bool same_layout);
    /// After the last branch (`last`): stops following and fills the fates.
    void finish(const std::vector<StateSlot> &last);
    /// Once the result is written back: the caller's arrays (`caller`, the state's) whose memory a branch scattered
    /// into were scattered into, for an enclosing if_stmt that follows them (scatter_note).
    void report(const std::vector<StateSlot> &caller) const;
    /// The fate of state array `i` (null when the layout changed).
    const MemoryFate *fate(size_t i) const { return m_done && i < m_fate.size() ? &m_fate[i] : nullptr; }
    void release() noexcept;

  private:
    std::unique_ptr<FollowedArray[]> m_follow; ///< one per state array (a fixed address: follow_array keeps it)
    size_t m_count = 0;
    std::vector<VarPair> m_before; ///< the state's arrays before the if (borrowed)
    std::vector<MemoryFate> m_fate;
    std::vector<uint32_t> m_lent; ///< the true branch's references to the memory, lent to the false branch
    bool m_done = false;
};

template <typename V> void branch_memory_start(BranchMemory &m, V &branch, V &before) {
    m.start(collect_state(branch).arrays, collect_state(before).arrays);
}
template <typename V> void branch_memory_hand_over(BranchMemory &m, V &t, V &f, V &before) {
    StateCollector ct = collect_state(t), cf = collect_state(f), cb = collect_state(before);
    m.hand_over(ct.arrays, cf.arrays, ct.fingerprint == cb.fingerprint);
}
template <typename V> void branch_memory_finish(BranchMemory &m, V &last, V &before) {
    StateCollector cl = collect_state(last), cb = collect_state(before);
    if (cl.fingerprint == cb.fingerprint)
        m.finish(cl.arrays);
}
/// After the result is written back into the caller's state (write_back), reports the memory scattered into.
template <typename V, typename S> void branch_memory_report(const BranchMemory &m, S &state) {
    if constexpr (std::is_assignable_v<S &, const V &>)
        m.report(collect_state(state).arrays);
}

/// Merges `f` into `t`; `before` is the state before the branches and `memory` what became of its arrays' memory
/// (both null for returned values).
template <typename V>
void merge_into(const char *api, uint32_t mask, V &t, V &f, V *before, const BranchMemory *memory = nullptr) {
    StateCollector ct = collect_state(t), cf = collect_state(f);
    check_same_layout(api, ct, cf, "differs between the two branches");
    std::vector<StateSlot> was;
    if (before) // (the same layout: the branches' states are copies of it)
        was = collect_state(*before).arrays;
    for (size_t i = 0; i < ct.arrays.size(); ++i) {
        VarPair t_i = ct.arrays[i].get(ct.arrays[i].array), f_i = cf.arrays[i].get(cf.arrays[i].array);
        VarPair m = merge_branch(mask, t_i, f_i, before ? was[i].get(was[i].array) : VarPair{},
                                 memory ? memory->fate(i) : nullptr, before ? "state variable" : "returned value",
                                 i + 1);
        ct.arrays[i].set(ct.arrays[i].array, m);
    }
}

} // namespace detail

/// Symbolic if/else: runs `true_fn` for the elements where `mask` is set and `false_fn` for the others.
/// Both are traced (each under its mask: scatters only write where their branch is taken) and what they
/// produce is merged with select. A state array that both branches leave the array they received (scattering into it
/// or not) is not merged: it is that array with both branches' scatters (the true branch's first), of any size; one
/// that a branch assigns is merged per element (BranchMemory). With functions that return nothing, the result is the
/// merged state (also written back into `state` when it refers to the caller's variables, as std::tie does); with
/// functions that return a value (the same type from both), that value merged. A literal mask runs one branch only.
template <typename State, typename TrueFn, typename FalseFn>
auto if_stmt(const Bool &mask, State &&state, TrueFn &&true_fn, FalseFn &&false_fn) {
    constexpr const char *api = "tj::if_stmt()";
    using V = detail::state_value_t<State>;
    using R = decltype(detail::call_with_state(true_fn, std::declval<V &>()));
    static_assert(std::is_same_v<R, decltype(detail::call_with_state(false_fn, std::declval<V &>()))>,
                  "tj::if_stmt(): both branches must return the same type");
    if (!mask.index())
        detail::raise_control_error("tj::if_stmt(): the mask is an empty, uninitialized array");
    // As in Dr.Jit ("'cond' cannot be empty"): a width-0 mask would broadcast the state to width 0 and drop it.
    if (mask.size() == 0)
        detail::raise_control_error("tj::if_stmt(): the mask is empty (it has 0 elements): give it one element per "
                                    "element of the state, or one for all");
    V t = state, f = state, before = state;
    detail::BranchMemory memory; // (after `before`: it borrows its arrays)
    bool value;
    if (detail::literal_mask(mask.index(), value)) { // known when tracing: one branch, no masks
        V &chosen = value ? t : f;
        detail::branch_memory_start(memory, chosen, before);
        if constexpr (std::is_void_v<R>) {
            value ? detail::call_with_state(true_fn, chosen) : detail::call_with_state(false_fn, chosen);
            detail::branch_memory_finish(memory, chosen, before);
            detail::write_back(std::forward<State>(state), chosen);
            detail::branch_memory_report<V>(memory, state);
            return chosen;
        } else {
            R r = value ? detail::call_with_state(true_fn, chosen) : detail::call_with_state(false_fn, chosen);
            detail::branch_memory_finish(memory, chosen, before);
            detail::write_back(std::forward<State>(state), chosen);
            detail::branch_memory_report<V>(memory, state);
            return r;
        }
    } else {
        detail::BranchGradScope isolate;
        Bool not_mask = !mask;
        auto run = [&](auto &fn, V &s, const Bool &m) {
            detail::MaskScope scope(api, m.index());
            return detail::call_with_state(fn, s);
        };
        if constexpr (std::is_void_v<R>) {
            detail::branch_memory_start(memory, t, before);
            run(true_fn, t, mask);
            detail::branch_memory_hand_over(memory, t, f, before);
            run(false_fn, f, not_mask);
            detail::branch_memory_finish(memory, f, before);
            detail::merge_into(api, mask.index(), t, f, &before, &memory);
            detail::write_back(std::forward<State>(state), t);
            detail::branch_memory_report<V>(memory, state);
            return t;
        } else {
            detail::branch_memory_start(memory, t, before);
            std::decay_t<R> rt = run(true_fn, t, mask);
            detail::branch_memory_hand_over(memory, t, f, before);
            std::decay_t<R> rf = run(false_fn, f, not_mask);
            detail::branch_memory_finish(memory, f, before);
            detail::merge_into(api, mask.index(), t, f, &before, &memory);
            detail::merge_into(api, mask.index(), rt, rf, static_cast<std::decay_t<R> *>(nullptr));
            detail::write_back(std::forward<State>(state), t);
            detail::branch_memory_report<V>(memory, state);
            return rt;
        }
    }
}

/// Symbolic while: repeats `body` for each element while `cond` holds for it, as one loop inside the kernel
/// (traced once, not unrolled). `cond` gets the state's elements and returns a tj::Bool; `body` gets them as
/// lvalues and modifies them (or returns the new state). Returns the final state, also written back into
/// `state` when it refers to the caller's variables (std::tie). Arrays in the state may have different
/// sizes (width 1 broadcasts); the loop runs over the largest.
template <typename State, typename Cond, typename Body> auto while_loop(State &&state, Cond &&cond, Body &&body) {
    using V = detail::state_value_t<State>;
    struct Tracer final : detail::LoopTracer {
        V work;
        Cond &c;
        Body &b;
        std::vector<detail::StateSlot> slots;
        Tracer(const V &s, Cond &c_, Body &b_) : work(s), c(c_), b(b_) {}
        uint32_t cond() override {
            Bool m = detail::call_with_state(c, work);
            if (!m.index())
                detail::raise_control_error("tj::while_loop(): the condition is an empty, uninitialized array");
            if (m.size() == 0) // as tj::if_stmt: a loop over no element would silently drop its state
                detail::raise_control_error("tj::while_loop(): the condition is empty (it has 0 elements): give it "
                                            "one element per element of the state, or one for all");
            detail::var_inc_ref(m.index());
            return m.index();
        }
        void body() override {
            using R = decltype(detail::call_with_state(b, work));
            if constexpr (std::is_void_v<R>)
                detail::call_with_state(b, work);
            else
                work = detail::call_with_state(b, work);
        }
    };
    Tracer tracer(state, cond, body);
    detail::StateCollector before = detail::collect_state(tracer.work);
    struct After {
        Tracer *t;
        detail::StateCollector before, after;
    } after_ctx{&tracer, before, {}};
    detail::run_while_loop(
        before.arrays, tracer,
        [](void *ctx) -> const std::vector<detail::StateSlot> & {
            auto *a = static_cast<After *>(ctx);
            a->after = detail::collect_state(a->t->work);
            detail::check_same_layout("tj::while_loop()", a->before, a->after, "is changed by the loop body");
            return a->after.arrays;
        },
        &after_ctx);
    detail::write_back(std::forward<State>(state), tracer.work);
    return tracer.work;
}

} // namespace tj
