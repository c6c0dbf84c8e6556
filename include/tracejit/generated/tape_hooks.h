// include/tracejit/generated/tape_hooks.h — what the code rewritten by the tracejit plugin calls (not for direct use)
//
// The plugin gives each marked function a static FunctionInfo (its sites: one per recorded statement, branch,
// loop and return, with the local variables each reads and writes) and a Frame object, then calls the
// Frame after each statement. With no tape active a hook is one predictable branch on a local flag; the
// recording itself happens out of line in libtracejit_tape (runtime/tape/tape_recorder.cpp).
//
// The plugin includes this header in every file it rewrites, so it includes no standard header and declares
// nothing outside namespace tj: a name it brought into std would change name lookup in the user's code
// (`using namespace std;` and a class of the user's named `span` make `span` ambiguous). Its integer types are the
// compiler's (__UINT32_TYPE__…), and values reach the tape as a RawValue that libtracejit_tape copies
// (tracejit/detail/tape_raw_value.h, under the same rules). Values of tj types (arrays, tensors) are captured by
// capture() of tracejit/detail/tape_value.h, which the plugin includes too in a file that includes a tracejit
// header; fmt formats values only in a file that includes fmt (TRACEJIT_TAPE_FMT).
#pragma once

#include <tracejit/detail/tape_raw_value.h>

namespace tj::tape::detail {

/// A read of a local variable (or parameter) by a site.
struct Operand {
    u32 position; ///< 1-based position among the site's operands (variables and literals, source order)
    u32 slot;     ///< the variable: parameters are slots 0…param_count-1, then the locals
};

/// A literal taking part in a site (becomes a Constant child of the node), with the value the compiler gave it. The
/// value fields come last and have defaults: a table written with the first three only shows the spelling.
struct Literal {
    u32 position;                     ///< as Operand::position
    const char *text;                 ///< its spelling, e.g. "0.5"
    const char *type;                 ///< its type, e.g. "double"
    ValueKind kind = ValueKind::Text; ///< Bool, Signed, Unsigned, Float, Pointer (in `bits`), String (in `chars`)
    u64 bits = 0;                     ///< as RawValue::bits: the integer, a double's bits (float literals widened)
    const char *chars = nullptr;      ///< String: its characters (escapes resolved), `size` of them, may hold '\0'
    u32 size = 0;                     ///< String: how many characters `chars` holds
};

/// A `case` label of a switch site (GNU ranges have low < high).
struct Case {
    i64 low;
    i64 high;
    const char *text; ///< "case 3", "case Color::Red"
};

/// One place in a function's body that records a node.
struct Site {
    Kind kind;        ///< Statement, Branch, Loop or Return
    u32 line;         ///< presumed line (what `__LINE__` gives there)
    u32 column;       ///< presumed column of the statement's first character
    u32 nesting;      ///< block depth inside the body (0 = directly in the body)
    const char *text; ///< the statement's source ("r += pow(x, i)", "while (i < n)", "return r")
    u32 reads_begin;  ///< into FunctionInfo::operands
    u32 reads_count;
    u32 literals_begin; ///< into FunctionInfo::literals
    u32 literals_count;
    u32 writes_begin; ///< into FunctionInfo::writes
    u32 writes_count;
    u32 cases_begin; ///< switch sites: into FunctionInfo::cases
    u32 cases_count;
    u32 flags; ///< SiteFlags
};

enum SiteFlags : u32 {
    SiteHasDefault = 1, ///< a switch with a `default:` label
};

/// Everything static about one marked function. The arrays may be null when empty.
struct FunctionInfo {
    const char *name; ///< qualified name: "h", "ns::Body::step", "square<T>" (templates: see signature)
    const char *file; ///< presumed file name, as `__FILE__`
    u32 line;         ///< of the function's name
    u32 column;
    const Site *sites;
    u32 site_count;
    const Operand *operands;
    const Literal *literals;
    const u32 *writes; ///< slots
    const Case *cases;
    const char *const *slot_names; ///< parameter names first, then locals; slot_count entries
    u32 param_count;
    u32 slot_count;
    const char *signature; ///< `__PRETTY_FUNCTION__` for template instantiations, else null
    u32 flags = 0;         ///< FunctionFlags
};

enum FunctionFlags : u32 {
    /// The body calls a function that returns twice (setjmp, sigsetjmp, …): when a statement of this call is recorded
    /// while calls made from it are still open, a longjmp left them, and they end as unfinished ("left by longjmp").
    FunctionCallsSetjmp = 1,
};

/// Whether anything may be recorded anywhere in the process: nonzero while a tj::track runs on any thread (4 per
/// recording), with TRACEJIT_TAPE (bit 1, cleared when its recording stops), and until TRACEJIT_TAPE has been read
/// (bit 0, set by its constant initializer and cleared when libtracejit_tape loads, so that the first marked call
/// already runs its body as written; calls made before that take the recording path, which reads it). A marked
/// function's twin (the plugin's engine/plan/plan_twin.h) runs its body as written while this is 0.
///
/// Process-wide, not per thread, and read with a plain load of a `const` object, on purpose (measured with
/// bench_every_marked, every function of a stencil code marked, against the code without the plugin): neither an
/// `extern thread_local` flag (a TLS access per call, 4.3x) nor a relaxed std::atomic load (4.2x) may be merged or
/// hoisted, so each inlined call keeps a test and a cold call inside the loops, which then do not vectorize. The
/// object is declared `const` here (the runtime defines it writable, runtime/tape/recording_flag.cpp), so the
/// compiler treats it as memory nothing writes: the read at the entry of the outermost marked function serves every
/// marked call inlined into it, even across calls it cannot see into (operator new, a virtual call), and the
/// recording copies of those inlined calls, with the object or reference each would be given, vanish from the code
/// (a plain `unsigned` was read again after each such call: a `new` of an object with a marked constructor kept its
/// allocation, docs/tape.md "What the fast path costs"). That is exact because a recording only concerns the thread
/// that started it (and the threads of its OpenMP regions, which start after it): a thread starts one in tj::track,
/// which calls its callable out of line (detail::invoke_recording, tape.h), so the marked calls made there read the
/// flag afresh; a recording started on another thread does not record this thread's calls (docs/tape.md,
/// "Threads"). For the same reason the plugin's test-free copies of bodies as written (plugin/fast_calls.h) start by
/// telling the optimizer that this reads 0. The runtime changes the flag with atomic read-modify-writes while other
/// threads read it: the race is benign by construction (an aligned 32-bit word). Defined in
/// runtime/tape/recording_flag.cpp.
extern const unsigned g_recording;

/// What a marked function tests on entry before running its body as written (see g_recording).
inline bool recording() noexcept { return g_recording != 0; }

/// The value of an expression whose type depends on a template parameter, which may be void in an instantiation:
/// the plugin writes `(EXPR, ::tj::tape::detail::Void{})`. A void EXPR gives the built-in comma's Void; any other
/// gives EXPR itself, through the operator below (found by argument-dependent lookup), so the hook records it.
struct Void {};
template <typename T> constexpr T &&operator,(T &&value, Void) noexcept { return static_cast<T &&>(value); }

// Out of line (runtime/tape/tape_recorder.cpp). A null frame means this call is not recorded at all.
void *frame_enter(const FunctionInfo &fn, const char *signature, bool *record_statements);
void frame_leave(void *frame) noexcept;
void frame_arg(void *frame, u32 index, const RawValue &value) noexcept;
void frame_stmt(void *frame, u32 site, const RawValue &value) noexcept;
void frame_branch(void *frame, u32 site, bool taken) noexcept;
void frame_loop_enter(void *frame, u32 site) noexcept;
void frame_loop(void *frame, u32 site, bool condition) noexcept;
void frame_symbolic(void *frame, u32 site) noexcept;
void frame_switch(void *frame, u32 site, const RawValue &value, bool integral, i64 v) noexcept;
void frame_return(void *frame, u32 site, const RawValue &value) noexcept;
void frame_result(void *frame, const RawValue &value) noexcept;
/// In a handler: records the exception being handled (std::current_exception()).
void frame_thrown(void *frame) noexcept;
/// In a handler of an exception that capturing a value for `frame` threw (out of memory turning a value into text, a
/// throwing formatter): recording stops as at a limit, the program runs on (docs/tape.md, "Never a changed program").
void frame_capture_failed(void *frame) noexcept;
void frame_parallel_begin(void *frame, u32 site) noexcept;
void frame_parallel_end(void *frame, u32 site) noexcept;

/// with_value() for a hook of `frame`: when capturing the value throws, frame_capture_failed() handles it, so that
/// no exception of the recording reaches the user's statement. Most values cannot throw (captured_without_throwing):
/// they go to the hook directly, without a handler, which in a marked template instantiated for many types (a
/// parser combinator's) made a handler per type. (Forcing this and the Frame templates inline into the `minsize`
/// recording copies made `loop_unroll.cpp` of the outside corpus compile 35 % longer: not done.)
template <typename T, typename F> void record_value(void *frame, const T &v, F &&use) noexcept {
    if constexpr (captured_without_throwing<T>()) {
        (void)frame;
        use(static_cast<const RawValue &>(raw_value_of(v)));
    } else {
#if defined(__cpp_exceptions)
        try {
            with_value(v, static_cast<F &&>(use));
        } catch (...) {
            frame_capture_failed(frame);
        }
#else
        (void)frame;
        with_value(v, static_cast<F &&>(use));
#endif
    }
}

/// The recording state of one call of a marked function (a local of the rewritten function).
class Frame {
  public:
    explicit Frame(const FunctionInfo &fn, const char *signature = nullptr) {
        m_frame = frame_enter(fn, signature, &m_record);
    }
    ~Frame() {
        if (m_frame) [[unlikely]]
            frame_leave(m_frame);
    }
    Frame(const Frame &) = delete;
    Frame &operator=(const Frame &) = delete;

    /// Whether statements are recorded.
    bool on() const { return m_record; }

    /// The arguments, in parameter order (slots 0…).
    template <typename... A> void args(const A &...a) {
        if (m_record) [[unlikely]] {
            u32 i = 0;
            (record_value(m_frame, a, [&](const RawValue &r) { frame_arg(m_frame, i++, r); }), ...);
        }
    }
    /// After a statement that defined or assigned `value`.
    template <typename T> void stmt(u32 site, const T &value) {
        if (m_record) [[unlikely]]
            record_value(m_frame, value, [&](const RawValue &r) { frame_stmt(m_frame, site, r); });
    }
    /// After a statement with no value (a call returning void, a `break` — recorded before it).
    void stmt(u32 site) {
        if (m_record) [[unlikely]]
            frame_stmt(m_frame, site, RawValue{});
    }
    /// After a statement whose template-dependent expression turned out void in this instantiation.
    void stmt(u32 site, Void) { stmt(site); }
    /// The condition of an `if` or `?:`: records the Branch and passes the condition through.
    bool cond(u32 site, bool c) {
        if (m_record) [[unlikely]]
            frame_branch(m_frame, site, c);
        return c;
    }
    /// At the start of the way taken, for an `if` whose condition cannot be wrapped (condition variables).
    void branch(u32 site, bool taken) {
        if (m_record) [[unlikely]]
            frame_branch(m_frame, site, taken);
    }
    /// Before a loop starts: iterations count from 1 again.
    void loop_enter(u32 site) {
        if (m_record) [[unlikely]]
            frame_loop_enter(m_frame, site);
    }
    /// A loop condition: records the Loop node of this iteration and passes the condition through.
    bool loop(u32 site, bool c) {
        if (m_record) [[unlikely]]
            frame_loop(m_frame, site, c);
        return c;
    }
    /// A branch or loop on a tj::Bool (tj::if_stmt / tj::while_loop): records its Branch or Loop node once, with
    /// the value "symbolic", before its bodies are traced.
    void symbolic(u32 site) {
        if (m_record) [[unlikely]]
            frame_symbolic(m_frame, site);
    }
    /// A switch's condition: records the Branch (value and case taken) and passes the value through.
    template <typename T> T &&sw(u32 site, T &&v) {
        if (m_record) [[unlikely]] {
            using U = Plain<T>;
            if constexpr (__is_integral(U) || __is_enum(U))
                record_value(m_frame, v,
                             [&](const RawValue &r) { frame_switch(m_frame, site, r, true, static_cast<i64>(v)); });
            else
                record_value(m_frame, v, [&](const RawValue &r) { frame_switch(m_frame, site, r, false, 0); });
        }
        return static_cast<T &&>(v);
    }
    /// `return expr;` becomes `return frame.ret(site, expr);`.
    template <typename T> T &&ret(u32 site, T &&v) {
        if (m_frame) [[unlikely]]
            record_value(m_frame, v, [&](const RawValue &r) { frame_return(m_frame, site, r); });
        return static_cast<T &&>(v);
    }
    /// `return expr;` where expr is not of the declared return type R (a null pointer constant, a braced list, a
    /// value that converts): `return frame.ret_as<R>(site, expr);`. The parameter is copy-initialized from expr
    /// at the user's expression, as the return statement would initialize its result, so `return 0;` in a function
    /// returning a pointer records the null pointer; the result then reaches the caller by one move.
    template <typename R> R ret_as(u32 site, typename Identity<R>::type v) {
        if (m_frame) [[unlikely]]
            record_value(m_frame, v, [&](const RawValue &r) { frame_return(m_frame, site, r); });
        return v;
    }
    /// Before `return;` (or after evaluating a void expression that is returned).
    void ret(u32 site) {
        if (m_frame) [[unlikely]]
            frame_return(m_frame, site, RawValue{});
    }
    /// `return EXPR;` in a template where EXPR may be void: `return frame.ret(site, (EXPR, Void{}));` returns void
    /// (allowed where the function returns void) when it is, else EXPR through the template above.
    void ret(u32 site, Void) { ret(site); }
    /// The value of a call recorded without a Return node (a call through a pointer array, vcall_hooks.h).
    template <typename T> void result(const T &v) {
        if (m_frame) [[unlikely]]
            record_value(m_frame, v, [&](const RawValue &r) { frame_result(m_frame, r); });
    }
    /// Before an OpenMP construct that starts a team of threads (`#pragma omp parallel …`): until parallel_end, the
    /// calls the team's threads make are recorded for this call.
    void parallel_begin(u32 site) {
        if (m_frame) [[unlikely]]
            frame_parallel_begin(m_frame, site);
    }
    /// After the construct: records its Statement, with the threads' calls as its children.
    void parallel_end(u32 site) {
        if (m_frame) [[unlikely]]
            frame_parallel_end(m_frame, site);
    }
    /// In the handler the plugin wraps around the body, before rethrowing.
    void thrown() noexcept {
        if (m_frame) [[unlikely]]
            frame_thrown(m_frame);
    }

  private:
    void *m_frame = nullptr;
    bool m_record = false;
};

} // namespace tj::tape::detail
