// include/tracejit/generated/tape_hooks.h — what the code rewritten by the tracejit plugin calls (not for direct use)
//
// The plugin gives each marked function a static FunctionInfo (its sites: one per recorded statement, branch,
// loop and return, with the local variables each reads and writes) and a Frame object, then calls the
// Frame after each statement. With no tape active a hook is one predictable branch on a local flag; the
// recording itself happens out of line in libtracejit (runtime/tape/tape_recorder.cpp).
#pragma once

#include <tracejit/tape.h>
#include <tracejit/detail/tape_value.h>

#include <cstdint>
#include <exception>
#include <type_traits>
#include <utility>

namespace tj::tape::detail {

/// A read of a local variable (or parameter) by a site.
struct Operand {
    uint32_t position; ///< 1-based position among the site's operands (variables and literals, source order)
    uint32_t slot;     ///< the variable: parameters are slots 0…param_count-1, then the locals
};

/// A literal taking part in a site (becomes a Constant child of the node), with the value the compiler gave it. The
/// value fields come last and have defaults: a table written with the first three only shows the spelling.
struct Literal {
    uint32_t position;                ///< as Operand::position
    const char *text;                 ///< its spelling, e.g. "0.5"
    const char *type;                 ///< its type, e.g. "double"
    ValueKind kind = ValueKind::Text; ///< Bool, Signed, Unsigned, Float, Pointer (in `bits`), String (in `chars`)
    uint64_t bits = 0;                ///< as Captured::bits: the integer, a double's bits (float literals widened)
    const char *chars = nullptr;      ///< String: its characters (escapes resolved), `size` of them, may hold '\0'
    uint32_t size = 0;                ///< String: how many characters `chars` holds
};

/// A `case` label of a switch site (GNU ranges have low < high).
struct Case {
    int64_t low;
    int64_t high;
    const char *text; ///< "case 3", "case Color::Red"
};

/// One place in a function's body that records a node.
struct Site {
    Kind kind;            ///< Statement, Branch, Loop or Return
    uint32_t line;        ///< presumed line (what `__LINE__` gives there)
    uint32_t column;      ///< presumed column of the statement's first character
    uint32_t nesting;     ///< block depth inside the body (0 = directly in the body)
    const char *text;     ///< the statement's source ("r += pow(x, i)", "while (i < n)", "return r")
    uint32_t reads_begin; ///< into FunctionInfo::operands
    uint32_t reads_count;
    uint32_t literals_begin; ///< into FunctionInfo::literals
    uint32_t literals_count;
    uint32_t writes_begin; ///< into FunctionInfo::writes
    uint32_t writes_count;
    uint32_t cases_begin; ///< switch sites: into FunctionInfo::cases
    uint32_t cases_count;
    uint32_t flags; ///< SiteFlags
};

enum SiteFlags : uint32_t {
    SiteHasDefault = 1, ///< a switch with a `default:` label
};

/// Everything static about one marked function. The arrays may be null when empty.
struct FunctionInfo {
    const char *name;   ///< qualified name: "h", "ns::Body::step", "square<T>" (templates: see signature)
    const char *file;   ///< presumed file name, as `__FILE__`
    uint32_t line;      ///< of the function's name
    uint32_t column;
    const Site *sites;
    uint32_t site_count;
    const Operand *operands;
    const Literal *literals;
    const uint32_t *writes; ///< slots
    const Case *cases;
    const char *const *slot_names; ///< parameter names first, then locals; slot_count entries
    uint32_t param_count;
    uint32_t slot_count;
    const char *signature; ///< `__PRETTY_FUNCTION__` for template instantiations, else null
};

/// Whether anything may be recorded anywhere in the process: nonzero while a tj::track runs on any thread (4 per
/// recording), with TRACEJIT_TAPE (bit 1, cleared when its recording stops), and until TRACEJIT_TAPE has been read
/// (bit 0, set by its constant initializer and cleared when libtracejit_tape loads, so that the first marked call
/// already runs its body as written; calls made before that take the recording path, which reads it). A marked function's twin (the plugin's engine/plan/plan_twin.h) runs its body as written while
/// this is 0.
///
/// Process-wide, not per thread, and read with a plain load, on purpose (measured with bench_every_marked, every
/// function of a stencil code marked, against the code without the plugin): neither an `extern thread_local` flag
/// (a TLS access per call, 4.3x) nor a relaxed std::atomic load (4.2x) may be merged or hoisted, so each inlined
/// call keeps a test and a cold call inside the loops, which then do not vectorize; a plain load of this global is
/// merged with the test at the entry of the outermost marked function and the loops are those of the plain build
/// (1.00x). The runtime changes it with atomic read-modify-writes (std::atomic_ref) while other threads read it:
/// the race is benign by construction. A thread reads the flag again after every call the compiler cannot see
/// into, and a recording starts on a thread in such a call (tj::track's track_begin, out of line), so every marked
/// call it makes from then on reads the new value; a recording started on another thread does not record this
/// thread's calls (docs/tape.md, "Threads"), except the threads of its OpenMP regions, which start after it.
/// Defined in runtime/tape/tape_recorder.cpp.
extern unsigned g_recording;

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
void frame_arg(void *frame, uint32_t index, Captured &&value);
void frame_stmt(void *frame, uint32_t site, Captured &&value);
void frame_branch(void *frame, uint32_t site, bool taken);
void frame_loop_enter(void *frame, uint32_t site);
void frame_loop(void *frame, uint32_t site, bool condition);
void frame_symbolic(void *frame, uint32_t site);
void frame_switch(void *frame, uint32_t site, Captured &&value, bool integral, int64_t v);
void frame_return(void *frame, uint32_t site, Captured &&value);
void frame_result(void *frame, Captured &&value);
void frame_thrown(void *frame, std::exception_ptr error) noexcept;
/// Capturing a value for `frame` threw `error` (out of memory turning a string into text, a throwing formatter):
/// recording stops as at a limit, the program runs on (docs/tape.md, "Never a changed program").
void frame_capture_failed(void *frame, std::exception_ptr error) noexcept;
void frame_parallel_begin(void *frame, uint32_t site);
void frame_parallel_end(void *frame, uint32_t site);

/// capture(v) for a hook of `frame`, into `out`: false when capturing threw, which frame_capture_failed() has
/// handled, so that no exception of the recording reaches the user's statement.
template <typename T> bool capture_for(void *frame, const T &v, Captured &out) noexcept {
#if defined(__cpp_exceptions)
    try {
        out = capture(v);
        return true;
    } catch (...) {
        frame_capture_failed(frame, std::current_exception());
        return false;
    }
#else
    out = capture(v);
    return true;
#endif
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
            uint32_t i = 0;
            (arg(i++, a), ...);
        }
    }
    /// After a statement that defined or assigned `value`.
    template <typename T> void stmt(uint32_t site, const T &value) {
        if (m_record) [[unlikely]] {
            if (Captured c; capture_for(m_frame, value, c))
                frame_stmt(m_frame, site, std::move(c));
        }
    }
    /// After a statement with no value (a call returning void, a `break` — recorded before it).
    void stmt(uint32_t site) {
        if (m_record) [[unlikely]]
            frame_stmt(m_frame, site, Captured{});
    }
    /// After a statement whose template-dependent expression turned out void in this instantiation.
    void stmt(uint32_t site, Void) { stmt(site); }
    /// The condition of an `if` or `?:`: records the Branch and passes the condition through.
    bool cond(uint32_t site, bool c) {
        if (m_record) [[unlikely]]
            frame_branch(m_frame, site, c);
        return c;
    }
    /// At the start of the way taken, for an `if` whose condition cannot be wrapped (condition variables).
    void branch(uint32_t site, bool taken) {
        if (m_record) [[unlikely]]
            frame_branch(m_frame, site, taken);
    }
    /// Before a loop starts: iterations count from 1 again.
    void loop_enter(uint32_t site) {
        if (m_record) [[unlikely]]
            frame_loop_enter(m_frame, site);
    }
    /// A loop condition: records the Loop node of this iteration and passes the condition through.
    bool loop(uint32_t site, bool c) {
        if (m_record) [[unlikely]]
            frame_loop(m_frame, site, c);
        return c;
    }
    /// A branch or loop on a tj::Bool (tj::if_stmt / tj::while_loop): records its Branch or Loop node once, with
    /// the value "symbolic", before its bodies are traced.
    void symbolic(uint32_t site) {
        if (m_record) [[unlikely]]
            frame_symbolic(m_frame, site);
    }
    /// A switch's condition: records the Branch (value and case taken) and passes the value through.
    template <typename T> T &&sw(uint32_t site, T &&v) {
        if (m_record) [[unlikely]] {
            using U = std::remove_cvref_t<T>;
            Captured c;
            if (!capture_for(m_frame, v, c))
                return std::forward<T>(v);
            if constexpr (std::is_integral_v<U> || std::is_enum_v<U>)
                frame_switch(m_frame, site, std::move(c), true, static_cast<int64_t>(v));
            else
                frame_switch(m_frame, site, std::move(c), false, 0);
        }
        return std::forward<T>(v);
    }
    /// `return expr;` becomes `return frame.ret(site, expr);`.
    template <typename T> T &&ret(uint32_t site, T &&v) {
        if (m_frame) [[unlikely]] {
            if (Captured c; capture_for(m_frame, v, c))
                frame_return(m_frame, site, std::move(c));
        }
        return std::forward<T>(v);
    }
    /// `return expr;` where expr is not of the declared return type R (a null pointer constant, a braced list, a
    /// value that converts): `return frame.ret_as<R>(site, expr);`. The parameter is copy-initialized from expr
    /// at the user's expression, as the return statement would initialize its result, so `return 0;` in a function
    /// returning a pointer records the null pointer; the result then reaches the caller by one move.
    template <typename R> R ret_as(uint32_t site, std::type_identity_t<R> v) {
        if (m_frame) [[unlikely]] {
            if (Captured c; capture_for(m_frame, v, c))
                frame_return(m_frame, site, std::move(c));
        }
        return v;
    }
    /// Before `return;` (or after evaluating a void expression that is returned).
    void ret(uint32_t site) {
        if (m_frame) [[unlikely]]
            frame_return(m_frame, site, Captured{});
    }
    /// `return EXPR;` in a template where EXPR may be void: `return frame.ret(site, (EXPR, Void{}));` returns void
    /// (allowed where the function returns void) when it is, else EXPR through the template above.
    void ret(uint32_t site, Void) { ret(site); }
    /// The value of a call recorded without a Return node (a call through a pointer array, vcall_hooks.h).
    template <typename T> void result(const T &v) {
        if (m_frame) [[unlikely]] {
            if (Captured c; capture_for(m_frame, v, c))
                frame_result(m_frame, std::move(c));
        }
    }
    /// Before an OpenMP construct that starts a team of threads (`#pragma omp parallel …`): until parallel_end, the
    /// calls the team's threads make are recorded for this call.
    void parallel_begin(uint32_t site) {
        if (m_frame) [[unlikely]]
            frame_parallel_begin(m_frame, site);
    }
    /// After the construct: records its Statement, with the threads' calls as its children.
    void parallel_end(uint32_t site) {
        if (m_frame) [[unlikely]]
            frame_parallel_end(m_frame, site);
    }
    /// In the handler the plugin wraps around the body, before rethrowing.
    void thrown(std::exception_ptr error) noexcept {
        if (m_frame) [[unlikely]]
            frame_thrown(m_frame, std::move(error));
    }

  private:
    template <typename A> void arg(uint32_t index, const A &a) {
        if (Captured c; capture_for(m_frame, a, c))
            frame_arg(m_frame, index, std::move(c));
    }

    void *m_frame = nullptr;
    bool m_record = false;
};

} // namespace tj::tape::detail
