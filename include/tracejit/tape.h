// include/tracejit/tape.h — the nested tape (extended Wengert list): nodes, tj::track, queries, contexts, files
//
// A tape is a tree of nodes. The root is a Call node (one call of a marked function, or of any callable given
// to tj::track); its children are, in execution order, its Argument nodes, then one node per executed
// statement (Statement), branch taken (Branch), loop iteration (Loop), nested call of a marked function (Call,
// with its own children) and return (Return). A Statement's children are the Constant nodes of the literals in
// it. Nodes refer to the nodes they read from (data dependencies) within the same call. A branch or loop whose
// condition is a tj::Bool (a symbolic one: tj::if_stmt / tj::while_loop) is one Branch or Loop node, with the value
// "symbolic" (type tj::Bool), no way taken and iteration 0, followed by the statements of its bodies as traced.
#pragma once

#include <tracejit/detail/tape_kinds.h>
#include <tracejit/error.h>

#include <concepts>
#include <cstddef>
#include <exception>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace tj::tape {

/// "Statement", "Call", …
const char *kind_name(Kind kind);

/// Where a node's source is.
struct Location {
    std::string file;    ///< as the compiler named it (`__FILE__`); empty when unknown
    unsigned line = 0;   ///< 1-based; 0 when unknown
    unsigned column = 0; ///< 1-based; 0 when unknown
};

class Node;
struct TapeData;

namespace detail {
/// What the nodes recorded at one place have in common, kept once per tape (nodes point at it).
struct Source {
    std::string text;               ///< Node::text()
    Location location;              ///< Node::location()
    std::string type;               ///< Node::type_name()
    uint32_t nesting = 0;           ///< Node::nesting()
};
} // namespace detail

/// The children of a node: a random-access range of `const Node&`.
class Children {
  public:
    class iterator {
      public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = Node;
        using difference_type = std::ptrdiff_t;
        using pointer = const Node *;
        using reference = const Node &;
        iterator() = default;
        explicit iterator(Node *const *p) : m_p(p) {}
        reference operator*() const { return **m_p; }
        pointer operator->() const { return *m_p; }
        reference operator[](difference_type i) const { return *m_p[i]; }
        iterator &operator++() { ++m_p; return *this; }
        iterator operator++(int) { iterator t = *this; ++m_p; return t; }
        iterator &operator--() { --m_p; return *this; }
        iterator operator--(int) { iterator t = *this; --m_p; return t; }
        iterator &operator+=(difference_type n) { m_p += n; return *this; }
        iterator &operator-=(difference_type n) { m_p -= n; return *this; }
        friend iterator operator+(iterator it, difference_type n) { return it += n; }
        friend iterator operator+(difference_type n, iterator it) { return it += n; }
        friend iterator operator-(iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(iterator a, iterator b) { return a.m_p - b.m_p; }
        friend auto operator<=>(iterator a, iterator b) = default;
        friend bool operator==(iterator a, iterator b) = default;

      private:
        Node *const *m_p = nullptr;
    };

    Children() = default;
    Children(Node *const *begin, size_t size) : m_begin(begin), m_size(size) {}
    iterator begin() const { return iterator(m_begin); }
    iterator end() const { return iterator(m_begin + m_size); }
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// 0-based, as for any range: `children()[0]` is `@1`.
    const Node &operator[](size_t i) const { return *m_begin[i]; }
    const Node &front() const { return *m_begin[0]; }
    const Node &back() const { return *m_begin[m_size - 1]; }

  private:
    Node *const *m_begin = nullptr;
    size_t m_size = 0;
};

/// One node of a tape. Nodes are owned by their Tape and never change after recording (except metadata
/// attached by a Context while recording).
class Node {
  public:
    Node(const Node &) = delete;
    Node &operator=(const Node &) = delete;

    Kind kind() const { return m_kind; }
    /// The `@i` of this node: its 1-based position among its parent's children (0 for a root).
    uint32_t index() const { return m_index; }
    /// The source of the statement, branch or loop; the callee's name for a Call; the argument's name for an
    /// Argument; the literal's spelling for a Constant.
    const std::string &text() const { return m_source->text; }
    const Location &location() const { return m_source->location; }
    /// The value formatted for people: `3.0`, `true`, `"abc"`, `0x7ffd…`, `tj::Float[3] evaluated r5 [1, 2, 3]`.
    /// Empty when the node has no value. (Scalars are formatted on first use: recording stays cheap.)
    const std::string &value_string() const;
    /// The C++ type of the value, as the compiler names it (`double`, `std::string`); empty with no value.
    const std::string &type_name() const { return m_source->type; }
    ValueKind value_kind() const { return m_value_kind; }
    bool has_value() const { return m_value_kind != ValueKind::None; }
    /// The gradient that reached the value, when it was a differentiable tj array (one with an AD node when it
    /// was recorded): `[0.5, 1, 2]` (up to 16 elements, then "…" and the size). Empty when the value was not
    /// differentiable or no gradient reached it. Worked out when first read after a gradient reached the value
    /// (which evaluates it), and kept from then on (tj::tape::save reads it); a loaded tape gives the saved text.
    const std::string &grad_string() const;
    /// The value as `T`: arithmetic types, `bool`, `char`, enums, `std::string`, pointers. Throws tj::Error
    /// when the recorded value is not of type `T` (or is of a type that can only be printed).
    template <typename T> T value() const;

    /// The children, in execution order (see the header comment).
    Children children() const { return Children(child_array(), m_child_count); }
    /// The child whose index() is `i`, that is `@i` (1-based, like the printed form); throws tj::Error when
    /// there is none.
    const Node &operator[](size_t i) const;
    /// The enclosing node (the Call for its statements, the Statement for its constants); null for a root.
    const Node *parent() const { return m_parent; }

    /// Loop: which evaluation of the loop's condition this is (1, 2, …). 0 for other kinds and symbolic loops.
    uint32_t iteration() const { return m_kind == Kind::Loop ? static_cast<uint32_t>(m_flow.iteration) : 0; }
    /// Branch: the way taken: "then", "else", "case 3", "default", or "none" (a switch that matched no case).
    /// Empty for other kinds and symbolic branches (both ways are traced).
    const std::string &taken() const { return m_kind == Kind::Branch && m_flow.taken ? *m_flow.taken : s_empty; }
    /// Call: the exception that left the call (its type and what()), empty when it returned.
    const std::string &exception() const { return m_extra ? m_extra->exception : s_empty; }
    /// Block nesting of a statement inside its function's body (0 = the body itself); for indentation.
    uint32_t nesting() const { return m_source->nesting; }
    /// Call: whether its body was recorded (false for a call below a Context's depth limit: a leaf).
    bool expanded() const { return m_expanded; }
    /// Call: the OpenMP thread number (`omp_get_thread_num()`) of a call made on a thread of a parallel region
    /// that its recorded caller started (such calls are children of the region's Statement node); -1 for a call
    /// made on its caller's thread.
    int thread() const {
        return m_kind == Kind::Call && m_flow.iteration ? static_cast<int>(m_flow.iteration - 1) : -1;
    }
    /// Call: why the call never returned, when the program ended while it ran and TRACEJIT_TAPE saved the tape
    /// ("exit", "quick_exit", "signal SIGSEGV", "exception std::runtime_error: boom", "terminate"); empty for a call
    /// that returned or threw.
    const std::string &unfinished() const {
        const Extra *e = __atomic_load_n(&m_extra, __ATOMIC_ACQUIRE);
        return e ? e->unfinished : s_empty;
    }

    /// Data dependencies: for each operand read (in source order, 1-based position) the node that last wrote
    /// it. A nested call made while a statement ran is a dependency at position 0.
    std::span<const std::pair<int, const Node *>> references() const {
        return {static_cast<const std::pair<int, const Node *> *>(m_block), m_reference_count};
    }

    /// Key/value metadata attached by a Context.
    const std::vector<std::pair<std::string, std::string>> &metadata() const {
        const Extra *e = __atomic_load_n(&m_extra, __ATOMIC_ACQUIRE); // value_string() may create it meanwhile
        return e ? e->metadata : s_no_metadata;
    }
    /// The metadata value for `key`, or null.
    const std::string *metadata(std::string_view key) const;
    /// Attaches metadata (for Context::annotate).
    void set_metadata(std::string key, std::string value);

  private:
    friend struct TapeData;
    friend struct NodeAccess;
    Node() = default;
    ~Node();

    Kind m_kind = Kind::Statement;
    ValueKind m_value_kind = ValueKind::None;
    bool m_expanded = true;
    uint32_t m_index = 0;
    uint32_t m_child_count = 0;
    uint32_t m_reference_count = 0;
    Node *m_parent = nullptr;
    // A tape holds millions of nodes, so a node is kept to 64 bytes: text, location, nesting and type repeat
    // from node to node and live once in the tape (m_source); references and children share one block in the
    // tape's arena (m_block: the references, then the child pointers); what few nodes have (value texts,
    // exceptions, metadata, the formatted value, the AD node and gradient of a differentiable value) is in
    // m_extra.
    inline static const std::string s_empty{};
    inline static const detail::Source s_no_source{};
    inline static const std::vector<std::pair<std::string, std::string>> s_no_metadata{};
    const detail::Source *m_source = &s_no_source;
    union {
        const std::string *taken; ///< Branch
        uint64_t iteration;       ///< Loop
    } m_flow{nullptr};
    union {
        int64_t i;
        uint64_t u;
        double d;
    } m_scalar{0};
    void *m_block = nullptr;
    Node *const *child_array() const {
        return reinterpret_cast<Node *const *>(static_cast<const std::pair<int, const Node *> *>(m_block) +
                                               m_reference_count);
    }
    struct Extra {
        std::string value_string; ///< formatted on first use
        std::string string;       ///< String: the characters, unquoted; Text and Array: the text
        std::string exception;
        std::string unfinished; ///< Call: why it never returned (the program ended inside it)
        std::vector<std::pair<std::string, std::string>> metadata;
        std::string grad_string; ///< final once `ad` is 0: formatted on first use, or loaded
        /// The AD node of a differentiable value whose gradient has not been read yet; the node holds one
        /// reference, released when the gradient is formatted or the node destroyed. Read and cleared atomically
        /// (grad_string()).
        uint32_t ad = 0;
        Extra() = default;
        Extra(const Extra &) = delete;
        Extra &operator=(const Extra &) = delete;
        ~Extra();
    };
    /// Owned; made on first use, also by const readers (value_string()) on any thread, so it is read and set
    /// atomically. A raw pointer with the compiler's atomic builtins keeps <memory> and <atomic> out of every
    /// instrumented file.
    mutable Extra *m_extra = nullptr;
    Extra &extra() const;
};

/// The owner of a recorded or loaded tape; dereferences to its root Call node.
class Tape {
  public:
    Tape();
    Tape(Tape &&) noexcept;
    Tape &operator=(Tape &&) noexcept;
    ~Tape();

    const Node &operator*() const { return root(); }
    const Node *operator->() const { return &root(); }
    const Node &root() const;
    /// False for a moved-from tape.
    explicit operator bool() const { return m_data != nullptr; }

  private:
    friend struct TapeData;
    friend struct NodeAccess;
    explicit Tape(TapeData *data);
    TapeData *m_data = nullptr; ///< owned

};

/// Decides what is recorded: whether a call's body is expanded, and what metadata each node gets.
class Context {
  public:
    virtual ~Context() = default;
    /// Whether to record the body of `call` (args, name and location known; value not yet), which is at
    /// `depth` (the root is 1, its nested calls 2, …). A call not expanded is a leaf: its Call node keeps its
    /// arguments and value, and nothing below it is recorded.
    virtual bool expand(const Node &/*call*/, int /*depth*/) { return true; }
    /// Called for each node once it is complete (a Call once it returned); attach metadata with
    /// `node.set_metadata(key, value)`.
    virtual void annotate(Node &/*node*/) {}
};

/// Expands calls down to `max_depth` (the root is depth 1); calls one level deeper are leaves.
class DepthLimit : public Context {
  public:
    explicit DepthLimit(int max_depth) : m_max_depth(max_depth) {}
    bool expand(const Node &, int depth) override { return depth <= m_max_depth; }
    int max_depth() const { return m_max_depth; }

  private:
    int m_max_depth;
};

// --- Queries (IRTracker's): all stay within the call that holds `n` ---

/// The distinct nodes `n` reads from, in order of first use (constants left out).
std::vector<const Node *> referenced(const Node &n);
/// Every reference with its operand position (1-based, source order; 0 for a nested call's result).
std::vector<std::pair<int, const Node *>> referenced(const Node &n, bool numbered);
/// The transitive closure of referenced(), latest node first.
std::vector<const Node *> backward(const Node &n);
/// The nodes that read `n` directly, in execution order.
std::vector<const Node *> dependents(const Node &n);
/// The transitive closure of dependents(), in execution order.
std::vector<const Node *> forward(const Node &n);

/// The extended Wengert list of `n` down to `depth` levels (1 = the node's own line, 2 = its children too, …).
std::string printlevels(const Node &n, int depth = 2);
/// One line for `n` as printlevels() writes it, without indentation.
std::string node_line(const Node &n);
/// JSON: {"kind", "index", "text", "file", "line", "column", "value", "type", "references", "children", …};
/// children below `depth` levels are left out (depth < 0: all).
std::string to_json(const Node &n, int depth = -1);
/// Graphviz DOT: statements as nodes, data dependencies as edges, nested calls as clusters, branches taken
/// as labels; children below `depth` levels are left out (depth < 0: all).
std::string to_dot(const Node &n, int depth = -1);
/// A self-contained HTML page: the printed form with nested calls as collapsible blocks and references as links;
/// children below `depth` levels are left out (depth < 0: all).
std::string to_html(const Node &n, int depth = -1);

// --- Files ---

/// Writes the tape below `n` (n becomes the root of the file) to `path`. Throws tj::Error on I/O errors.
void save(const Node &n, const std::string &path);
/// Reads a tape file. A missing, truncated, corrupt or foreign file is a tj::Error naming the path and problem.
Tape load(const std::string &path);
/// The same for bytes in memory (`source` names them in errors).
Tape load_bytes(std::string_view bytes, const std::string &source = "<memory>");

/// The tape most recently finished on this thread, also when the tracked callable threw (tj::track rethrows).
/// Moves it out: a second call returns an empty Tape.
Tape take_last();

namespace detail {
class TapeRecorder;
/// Starts recording on this thread (saving any recording in progress) with `ctx`; `direct` says that `f` is a
/// function (pointer), whose own frame, if it is a marked function, becomes the root.
TapeRecorder *track_begin(Context *ctx, bool direct, const char *callable_name);
/// Records the callable's result (for a root that is not a marked function's frame).
struct Captured;
void track_result_captured(TapeRecorder *rec, Captured &&value);
/// Capturing the callable's result threw `error`: the tape stops as at a limit (its root says why).
void track_capture_failed(TapeRecorder *rec, std::exception_ptr error) noexcept;
/// Stops recording, restores the previous one and returns the tape (also kept for take_last()).
Tape track_end(TapeRecorder *rec, std::exception_ptr error);
template <typename T> void track_result(TapeRecorder *rec, const T &value);
} // namespace detail

/// Calls `f(args...)` with recording on this thread and returns its tape. `f` is a marked function (its call
/// is the root) or any callable (a root named after it; marked functions it calls nest under it). The call's
/// result is the root's value. If `f` throws, the tape is finished (see take_last()) and the exception rethrown.
template <typename C, typename F, typename... Args>
    requires std::derived_from<std::remove_cvref_t<C>, Context>
Tape track(C &&ctx, F &&f, Args &&...args);
template <typename F, typename... Args>
    requires(!std::derived_from<std::remove_cvref_t<F>, Context>)
Tape track(F &&f, Args &&...args);

} // namespace tj::tape

namespace tj {
using tape::track;
}

#include <tracejit/detail/tape_value.h>

namespace tj::tape {

template <typename T> T Node::value() const {
    using U = std::remove_cvref_t<T>;
    detail::check_value_type(*this, detail::type_name<U>(), detail::value_kind_of<U>());
    if constexpr (std::is_same_v<U, bool>)
        return m_scalar.u != 0;
    else if constexpr (std::is_enum_v<U>)
        return static_cast<U>(m_scalar.i);
    else if constexpr (std::is_floating_point_v<U>)
        return static_cast<U>(m_scalar.d);
    else if constexpr (std::is_integral_v<U> && std::is_signed_v<U>)
        return static_cast<U>(m_scalar.i);
    else if constexpr (std::is_integral_v<U>)
        return static_cast<U>(m_scalar.u);
    else if constexpr (std::is_pointer_v<U>)
        return reinterpret_cast<U>(static_cast<uintptr_t>(m_scalar.u));
    else if constexpr (std::is_same_v<U, std::string>)
        return m_extra ? m_extra->string : std::string();
    else
        static_assert(sizeof(U) == 0, "tj::tape::Node::value<T>(): T must be arithmetic, an enum, a pointer or std::string");
}

namespace detail {
/// std::invoke without <functional> (which would make every instrumented file slower to compile).
template <typename F, typename O, typename... Args> decltype(auto) invoke_member(F f, O &&object, Args &&...args) {
    if constexpr (std::is_pointer_v<std::remove_cvref_t<O>>)
        return (object->*f)(std::forward<Args>(args)...);
    else
        return (std::forward<O>(object).*f)(std::forward<Args>(args)...);
}
template <typename F, typename... Args> decltype(auto) invoke(F &&f, Args &&...args) {
    if constexpr (std::is_member_function_pointer_v<std::remove_cvref_t<F>>)
        return invoke_member(f, std::forward<Args>(args)...);
    else
        return std::forward<F>(f)(std::forward<Args>(args)...);
}
/// invoke, out of line: the marked functions f calls read the recording flag afresh, after track_begin changed it
/// (marked code may otherwise keep a value of g_recording read earlier in the caller; generated/tape_hooks.h).
template <typename F, typename... Args> [[gnu::noinline]] decltype(auto) invoke_recording(F &&f, Args &&...args) {
    return detail::invoke(std::forward<F>(f), std::forward<Args>(args)...);
}
} // namespace detail

template <typename C, typename F, typename... Args>
    requires std::derived_from<std::remove_cvref_t<C>, Context>
Tape track(C &&context, F &&f, Args &&...args) {
    Context &ctx = context;
    using Fn = std::remove_cvref_t<F>;
    constexpr bool direct = std::is_function_v<std::remove_pointer_t<Fn>> || std::is_member_function_pointer_v<Fn>;
    detail::TapeRecorder *rec = detail::track_begin(&ctx, direct, detail::type_name<Fn>());
#if __cpp_exceptions
    try {
#endif
        using R = std::invoke_result_t<F, Args...>;
        if constexpr (std::is_void_v<R>) {
            detail::invoke_recording(std::forward<F>(f), std::forward<Args>(args)...);
        } else {
            decltype(auto) result = detail::invoke_recording(std::forward<F>(f), std::forward<Args>(args)...);
            detail::track_result(rec, result);
        }
#if __cpp_exceptions
    } catch (...) {
        detail::track_end(rec, std::current_exception());
        throw;
    }
#endif
    return detail::track_end(rec, nullptr);
}

template <typename F, typename... Args>
    requires(!std::derived_from<std::remove_cvref_t<F>, Context>)
Tape track(F &&f, Args &&...args) {
    Context everything;
    return track(everything, std::forward<F>(f), std::forward<Args>(args)...);
}

} // namespace tj::tape
