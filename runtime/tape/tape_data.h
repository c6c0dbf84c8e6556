// runtime/tape/tape_data.h — what a Tape owns: its nodes, their blocks (references, children) and Sources
//
// Nodes are never freed one by one: they live in chunks owned by the TapeData and are destroyed in one flat
// pass, so a tape as deep as the user's recursion is freed without recursing. Each node's references and child
// pointers share one block of the tape's arena; a Call's block grows by doubling as its children come. Text,
// location, nesting and type repeat from node to node: a node points at one interned Source held here.
// Large chunks are mapped on 2 MiB boundaries for transparent huge pages and kept for the next tape.
#pragma once

#include "array_hooks.h"

#include <tracejit/tape.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tj::tape {

/// Write access to a Node's fields, for the recorder and the file reader.
struct NodeAccess {
    using Reference = std::pair<int, const Node *>;
    /// A node outside any tape (streamed recording reuses a few), and its end.
    static Node *make() { return new Node(); }
    static void destroy(Node *n) { delete n; }
    /// `n` as a default node again (its extra block freed).
    static void reset(Node &n) {
        n.~Node();
        ::new (static_cast<void *>(&n)) Node();
    }
    static Kind &kind(Node &n) { return n.m_kind; }
    static ValueKind &value_kind(Node &n) { return n.m_value_kind; }
    static bool &expanded(Node &n) { return n.m_expanded; }
    static uint32_t &index(Node &n) { return n.m_index; }
    static void set_iteration(Node &n, uint32_t iteration) { n.m_flow.iteration = iteration; }
    static void set_taken(Node &n, const std::string *taken) { n.m_flow.taken = taken; }
    static Node *&parent(Node &n) { return n.m_parent; }
    static const detail::Source *&source(Node &n) { return n.m_source; }
    static const detail::Source *source(const Node &n) { return n.m_source; }
    static std::string &string(Node &n) { return n.extra().string; }
    static std::string &exception(Node &n) { return n.extra().exception; }
    static std::string &unfinished(Node &n) { return n.extra().unfinished; }
    /// A Call made on thread `thread` of a parallel region (Node::thread()).
    static void set_thread(Node &n, uint32_t thread) { n.m_flow.iteration = uint64_t(thread) + 1; }
    /// The raw thread field of a Call (thread + 1; 0: its caller's thread), as the file stores it.
    static uint32_t thread_field(const Node &n) {
        return n.m_kind == Kind::Call ? static_cast<uint32_t>(n.m_flow.iteration) : 0;
    }
    static uint64_t &bits(Node &n) { return n.m_scalar.u; }
    static uint64_t bits(const Node &n) { return n.m_scalar.u; }
    /// String, Text, Array: the value's text (empty for other kinds).
    static const std::string &string(const Node &n) {
        const Node::Extra *e = __atomic_load_n(&n.m_extra, __ATOMIC_ACQUIRE); // see Node::m_extra
        return e ? e->string : Node::s_empty;
    }
    static std::vector<std::pair<std::string, std::string>> &metadata(Node &n) { return n.extra().metadata; }
    /// Gives `n` the AD node `ad` (0: none) with the reference the caller held; one `n` had is released. For the
    /// recorder, before the tape is shared.
    static void set_ad(Node &n, uint32_t ad) {
        if (!ad && !n.m_extra)
            return;
        Node::Extra &e = n.extra();
        if (e.ad)
            tj::tape::detail::ad_dec_ref(e.ad);
        e.ad = ad;
    }
    /// The AD node `n` holds (0: none, or its gradient was already formatted).
    static uint32_t ad(const Node &n) { return n.m_extra ? n.m_extra->ad : 0; }
    /// The gradient text of a loaded node (Node::grad_string()).
    static void set_grad_string(Node &n, std::string grad) { n.extra().grad_string = std::move(grad); }
    /// The node's references (its block must have been made with room for them).
    static Reference *references(Node &n) { return static_cast<Reference *>(n.m_block); }
    static void set_reference_count(Node &n, uint32_t count) { n.m_reference_count = count; }
    /// Copies the value (kind, bits, text, AD node with a reference of its own) of `from` to `to` (a Return's
    /// value becomes its Call's); the type is the caller's business (it lives in the node's Source).
    static void copy_value(Node &to, const Node &from) {
        to.m_value_kind = from.m_value_kind;
        to.m_scalar = from.m_scalar;
        if (from.m_extra && !from.m_extra->string.empty())
            to.extra().string = from.m_extra->string;
        else if (to.m_extra)
            to.m_extra->string.clear();
        if (to.m_extra)
            to.m_extra->value_string.clear();
        const uint32_t from_ad = ad(from);
        if (from_ad)
            tj::tape::detail::ad_inc_ref(from_ad);
        set_ad(to, from_ad);
    }
};

/// Raw memory for a tape. Large blocks are mapped on 2 MiB boundaries and offered to transparent huge pages:
/// a big tape then costs one page fault per 2 MiB instead of one per 4 KiB.
class MemoryBlock {
  public:
    explicit MemoryBlock(size_t bytes);
    MemoryBlock(MemoryBlock &&other) noexcept
        : m_data(std::exchange(other.m_data, nullptr)), m_size(other.m_size), m_mapped(other.m_mapped) {}
    MemoryBlock &operator=(MemoryBlock &&) = delete;
    ~MemoryBlock();
    unsigned char *data() const { return m_data; }

  private:
    unsigned char *m_data;
    size_t m_size;
    bool m_mapped;
};

/// The storage behind a Tape.
struct TapeData {
    TapeData() = default;
    TapeData(const TapeData &) = delete;
    TapeData &operator=(const TapeData &) = delete;
    ~TapeData();

    /// A new, default node owned by this tape.
    Node *new_node() {
        if (m_used == m_capacity) [[unlikely]]
            grow();
        Node *n = ::new (static_cast<void *>(m_chunks.back().data() + m_used * sizeof(Node))) Node();
        ++m_used;
        ++m_count;
        return n;
    }
    /// How many nodes this tape holds.
    size_t node_count() const { return m_count; }

    /// Room for `n` objects of a trivial type `T` in the tape's arena (freed with the tape).
    template <typename T> T *allocate(size_t n) {
        static_assert(std::is_trivially_destructible_v<T> && alignof(T) <= 8);
        size_t bytes = (n * sizeof(T) + 7) & ~size_t(7);
        if (bytes > m_arena_left) [[unlikely]]
            grow_arena(bytes);
        T *p = reinterpret_cast<T *>(m_arena_next);
        m_arena_next += bytes;
        m_arena_left -= bytes;
        return p;
    }
    /// Gives `n` its block: room for `references` references, then `children` child pointers. A node whose
    /// children are appended one by one without knowing their number (a Call) has no block of this kind.
    NodeAccess::Reference *make_block(Node *n, size_t references, size_t children) {
        size_t refs = references * sizeof(NodeAccess::Reference);
        n->m_block = allocate<unsigned char>(refs + children * sizeof(Node *));
        n->m_reference_count = 0;
        return static_cast<NodeAccess::Reference *>(n->m_block);
    }
    /// Places `child` in the next slot of `parent`'s block (made with make_block) and sets its index and parent.
    void put_child(Node *parent, Node *child) {
        const_cast<Node **>(parent->child_array())[parent->m_child_count++] = child;
        child->m_index = parent->m_child_count;
        child->m_parent = parent;
    }
    /// Appends `child` to a Call (a node without references), growing its array in the arena by doubling.
    void append_child(Node *parent, Node *child) {
        const uint32_t count = parent->m_child_count;
        if ((count & (count - 1)) == 0 && (count == 0 || count >= 4)) [[unlikely]] // full: 0, 4, 8, 16, …
            grow_children(parent);
        static_cast<Node **>(parent->m_block)[count] = child;
        parent->m_child_count = count + 1;
        child->m_index = count + 1;
        child->m_parent = parent;
    }

    /// The tape's copy of `s` (the same pointer for equal texts).
    const std::string *intern(std::string_view s);
    /// The tape's Source with these fields (the same pointer for equal ones).
    const detail::Source *intern_source(std::string_view text, std::string_view file, unsigned line, unsigned column,
                                        std::string_view type, uint32_t nesting);
    /// `base` with another type (a Call's type is known when it returns).
    const detail::Source *with_type(const detail::Source *base, std::string_view type) {
        return intern_source(base->text, base->location.file, base->location.line, base->location.column, type,
                             base->nesting);
    }
    Node *root = nullptr;
    /// The storage of nodes recorded on other threads (a parallel region's workers) and attached to this tape.
    std::vector<std::unique_ptr<TapeData>> adopted;

  private:
    void grow();
    void grow_arena(size_t bytes);
    void grow_children(Node *parent);

    std::vector<MemoryBlock> m_chunks;
    std::vector<size_t> m_chunk_sizes; ///< nodes constructed in each full chunk
    size_t m_used = 0, m_capacity = 0, m_count = 0;
    std::vector<MemoryBlock> m_arena;
    unsigned char *m_arena_next = nullptr;
    size_t m_arena_left = 0, m_arena_chunk = 4096;
    std::deque<std::string> m_strings;
    std::unordered_map<std::string_view, const std::string *> m_string_index;
    std::deque<detail::Source> m_sources;
    struct SourceKey {
        const std::string *text, *file, *type; ///< interned
        unsigned line, column;
        uint32_t nesting;
        bool operator==(const SourceKey &) const = default;
    };
    struct SourceHash {
        size_t operator()(const SourceKey &k) const {
            size_t h = std::hash<const void *>()(k.text);
            auto mix = [&h](size_t v) { h = (h ^ v) * 0x9E3779B97F4A7C15ull; };
            mix(reinterpret_cast<uintptr_t>(k.file));
            mix(reinterpret_cast<uintptr_t>(k.type));
            mix(k.line);
            mix(k.column);
            mix(k.nesting);
            return h;
        }
    };
    std::unordered_map<SourceKey, const detail::Source *, SourceHash> m_source_index;

  public:
    /// Wraps this data into a Tape (TapeData is Tape's friend).
    static Tape make_tape(std::unique_ptr<TapeData> data) { return Tape(data.release()); }
};

} // namespace tj::tape
