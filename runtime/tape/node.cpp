// runtime/tape/node.cpp — tape nodes: accessors, lazy value and gradient formatting, value<T>() checks; Tape and
// TapeData
#include "tape_data.h"
#include "value_format.h"

#include <tracejit/tape.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include <sys/mman.h>

namespace tj::tape {

const char *kind_name(Kind kind) {
    switch (kind) {
    case Kind::Argument: return "Argument";
    case Kind::Constant: return "Constant";
    case Kind::Statement: return "Statement";
    case Kind::Call: return "Call";
    case Kind::Branch: return "Branch";
    case Kind::Loop: return "Loop";
    case Kind::Return: return "Return";
    }
    return "Unknown";
}

// --- value formatting ---

namespace detail {

std::string format_double(double d) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".eni") == std::string::npos) // not an exponent form, "nan" or "inf"
        s += ".0";
    return s;
}

std::string format_float(float f) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, f);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".eni") == std::string::npos)
        s += ".0";
    return s;
}

namespace {
void append_escaped(std::string &out, char c, char quote) {
    switch (c) {
    case '\n': out += "\\n"; return;
    case '\t': out += "\\t"; return;
    case '\r': out += "\\r"; return;
    case '\0': out += "\\0"; return;
    case '\\': out += "\\\\"; return;
    default: break;
    }
    if (c == quote) {
        out += '\\';
        out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
        out += buf;
    } else {
        out += c;
    }
}
} // namespace

std::string quote_string(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (char c : s)
        append_escaped(out, c, '"');
    out += '"';
    return out;
}

std::string format_value(ValueKind kind, uint64_t bits, const std::string &type, const std::string &text) {
    switch (kind) {
    case ValueKind::None: return {};
    case ValueKind::Bool: return bits ? "true" : "false";
    case ValueKind::Signed: {
        int64_t v = static_cast<int64_t>(bits);
        if (type == "char") {
            std::string out = "'";
            append_escaped(out, static_cast<char>(v), '\'');
            out += '\'';
            return out;
        }
        return std::to_string(v);
    }
    case ValueKind::Unsigned: return std::to_string(bits);
    case ValueKind::Float: {
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return type == "float" ? format_float(static_cast<float>(d)) : format_double(d);
    }
    case ValueKind::Pointer: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(bits));
        return buf;
    }
    case ValueKind::String: return quote_string(text);
    case ValueKind::Array: return text;
    case ValueKind::Text: return text.empty() ? type : text;
    }
    return {};
}

void check_value_type(const Node &node, const char *type, ValueKind kind) {
    auto fail = [&](const std::string &what) {
        throw tj::Error("tj::tape::Node::value(): node @" + std::to_string(node.index()) + " " + what + ", not " +
                        type);
    };
    if (!node.has_value())
        fail("holds no value");
    if (node.value_kind() == ValueKind::Text || node.value_kind() == ValueKind::Array)
        fail("holds a " + node.type_name() + " (it can only be printed: use value_string())");
    if (node.value_kind() == ValueKind::String) { // kept as characters: read any of them as a std::string
        if (std::string_view(type) == "std::string")
            return;
        fail("holds a " + node.type_name() + " (read it as std::string)");
    }
    if (node.value_kind() != kind || node.type_name() != type)
        fail("holds a " + node.type_name());
}

} // namespace detail

// --- Node ---

const std::string &Node::value_string() const {
    if (m_value_kind == ValueKind::None)
        return s_empty;
    // Formatted on first use (recording stays cheap). A finished tape may be read from several threads: the
    // first use is serialised, and the text never changes afterwards, so the reference stays valid.
    static std::mutex format_mutex;
    std::lock_guard lock(format_mutex);
    Extra &e = extra();
    if (e.value_string.empty())
        e.value_string = detail::format_value(m_value_kind, m_scalar.u, m_source->type, e.string);
    return e.value_string;
}

const std::string &Node::grad_string() const {
    Extra *e = __atomic_load_n(&m_extra, __ATOMIC_ACQUIRE);
    if (!e)
        return s_empty;
    // `ad` is cleared (release) only after grad_string is final, so a reader that sees 0 may read the text
    // without the lock; it never changes afterwards, and the reference returned stays valid.
    if (__atomic_load_n(&e->ad, __ATOMIC_ACQUIRE) == 0)
        return e->grad_string;
    // The first read evaluates the gradient (a kernel launch, perhaps a compilation): serialised, and apart from
    // value_string()'s lock so that formatting values need not wait for it. The text is kept, so the AD node
    // is no longer needed: its reference is given back at once rather than when the tape goes.
    static std::mutex grad_mutex;
    std::lock_guard lock(grad_mutex);
    if (uint32_t ad = __atomic_load_n(&e->ad, __ATOMIC_RELAXED)) {
        std::string text = tj::tape::detail::ad_grad_summary(ad, 16); // on an exception `ad` stays: the next read retries
        if (text.empty())
            return s_empty; // no gradient reached it yet: keep the AD node for a read after a traversal
        e->grad_string = std::move(text);
        __atomic_store_n(&e->ad, 0u, __ATOMIC_RELEASE);
        tj::tape::detail::ad_dec_ref(ad);
    }
    return e->grad_string;
}

const Node &Node::operator[](size_t i) const {
    if (i == 0 || i > m_child_count)
        throw tj::Error("tj::tape::Node::operator[]: " + std::string(kind_name(m_kind)) + " node '" + m_source->text +
                        "' has no child @" + std::to_string(i) + " (it has " + std::to_string(m_child_count) +
                        (m_child_count ? " children: @1…@" + std::to_string(m_child_count) + ")" : " children)"));
    return *child_array()[i - 1];
}

const std::string *Node::metadata(std::string_view key) const {
    const Extra *e = __atomic_load_n(&m_extra, __ATOMIC_ACQUIRE);
    if (!e)
        return nullptr;
    for (const auto &[k, v] : e->metadata)
        if (k == key)
            return &v;
    return nullptr;
}

void Node::set_metadata(std::string key, std::string value) {
    auto &metadata = extra().metadata;
    for (auto &[k, v] : metadata)
        if (k == key) {
            v = std::move(value);
            return;
        }
    metadata.emplace_back(std::move(key), std::move(value));
}

// --- Tape ---

Tape::Tape() = default;
Tape::Tape(Tape &&other) noexcept : m_data(std::exchange(other.m_data, nullptr)) {}
Tape &Tape::operator=(Tape &&other) noexcept {
    if (this != &other) {
        delete m_data;
        m_data = std::exchange(other.m_data, nullptr);
    }
    return *this;
}
Tape::~Tape() { delete m_data; }
Tape::Tape(TapeData *data) : m_data(data) {}

Node::~Node() { delete m_extra; }
Node::Extra::~Extra() {
    if (ad)
        tj::tape::detail::ad_dec_ref(ad);
}
// A tape holds millions of nodes: see the comment on Node's fields before making it larger.
static_assert(sizeof(void *) != 8 || sizeof(Node) == 64, "tj::tape::Node grew beyond 64 bytes");

Node::Extra &Node::extra() const {
    Extra *e = __atomic_load_n(&m_extra, __ATOMIC_ACQUIRE);
    if (e)
        return *e;
    Extra *fresh = new Extra;
    if (__atomic_compare_exchange_n(&m_extra, &e, fresh, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return *fresh;
    delete fresh; // another thread made it first
    return *e;
}

const Node &Tape::root() const {
    if (!m_data || !m_data->root)
        throw tj::Error("tj::tape::Tape::root(): the tape is empty (moved from, or nothing was recorded)");
    return *m_data->root;
}

// --- TapeData ---

namespace {

constexpr size_t k_huge_page = size_t(2) << 20;

/// Mapped blocks of freed tapes, kept (up to a bound) for the next tape: recording into memory that is already
/// mapped skips the kernel's page faults and zeroing, which otherwise cost as much as the recording itself.
struct BlockCache {
    static constexpr size_t k_limit = size_t(256) << 20;
    std::mutex mutex;
    std::vector<std::pair<unsigned char *, size_t>> blocks;
    size_t total = 0;

    unsigned char *take(size_t size) {
        std::lock_guard lock(mutex);
        for (size_t i = 0; i < blocks.size(); ++i)
            if (blocks[i].second == size) {
                unsigned char *p = blocks[i].first;
                blocks[i] = blocks.back();
                blocks.pop_back();
                total -= size;
                return p;
            }
        return nullptr;
    }
    bool give(unsigned char *p, size_t size) {
        std::lock_guard lock(mutex);
        if (total + size > k_limit)
            return false;
        blocks.emplace_back(p, size);
        total += size;
        return true;
    }
};

BlockCache &block_cache() {
    static BlockCache *cache = new BlockCache; // never destroyed: tapes may be freed by static destructors
    return *cache;
}

} // namespace

MemoryBlock::MemoryBlock(size_t bytes) : m_size(bytes), m_mapped(bytes >= k_huge_page) {
    if (!m_mapped) {
        m_data = new unsigned char[bytes];
        return;
    }
    m_size = (bytes + k_huge_page - 1) & ~(k_huge_page - 1);
    if ((m_data = block_cache().take(m_size)))
        return;
    void *p = ::mmap(nullptr, m_size + k_huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        throw std::bad_alloc();
    uintptr_t start = reinterpret_cast<uintptr_t>(p);
    uintptr_t aligned = (start + k_huge_page - 1) & ~(k_huge_page - 1);
    if (aligned > start)
        ::munmap(p, aligned - start);
    if (size_t tail = (start + m_size + k_huge_page) - (aligned + m_size))
        ::munmap(reinterpret_cast<void *>(aligned + m_size), tail);
    m_data = reinterpret_cast<unsigned char *>(aligned);
#ifdef MADV_HUGEPAGE
    ::madvise(m_data, m_size, MADV_HUGEPAGE);
#endif
}

MemoryBlock::~MemoryBlock() {
    if (!m_data)
        return;
    if (!m_mapped)
        delete[] m_data;
    else if (!block_cache().give(m_data, m_size))
        ::munmap(m_data, m_size);
}

TapeData::~TapeData() {
    // Flat: every node's own vectors and strings are freed; no node frees another.
    for (size_t c = 0; c < m_chunks.size(); ++c) {
        size_t n = c + 1 < m_chunks.size() ? m_chunk_sizes[c] : m_used;
        Node *nodes = reinterpret_cast<Node *>(m_chunks[c].data());
        for (size_t i = 0; i < n; ++i)
            nodes[i].~Node();
    }
}

void TapeData::grow() {
    if (!m_chunks.empty())
        m_chunk_sizes.push_back(m_used);
    size_t capacity = m_capacity == 0 ? 64 : std::min<size_t>(m_capacity * 2, (size_t(32) << 20) / sizeof(Node));
    static_assert(alignof(Node) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
    m_chunks.emplace_back(capacity * sizeof(Node));
    m_capacity = capacity;
    m_used = 0;
}

void TapeData::grow_arena(size_t bytes) {
    m_arena_chunk = std::min<size_t>(m_arena_chunk * 2, size_t(32) << 20);
    size_t size = std::max(bytes, m_arena_chunk);
    m_arena.emplace_back(size);
    m_arena_next = m_arena.back().data();
    m_arena_left = size;
}

void TapeData::grow_children(Node *parent) {
    const size_t count = parent->m_child_count;
    Node **children = allocate<Node *>(count < 4 ? 4 : 2 * count);
    if (count)
        std::memcpy(children, parent->m_block, count * sizeof(Node *));
    parent->m_block = children; // the old array stays in the arena: at most as much again
}

const std::string *TapeData::intern(std::string_view s) {
    if (s.empty())
        return &Node::s_empty;
    auto it = m_string_index.find(s);
    if (it != m_string_index.end())
        return it->second;
    const std::string *p = &m_strings.emplace_back(s);
    m_string_index.emplace(std::string_view(*p), p);
    return p;
}

const detail::Source *TapeData::intern_source(std::string_view text, std::string_view file, unsigned line,
                                              unsigned column, std::string_view type, uint32_t nesting) {
    SourceKey key{intern(text), intern(file), intern(type), line, column, nesting};
    auto it = m_source_index.find(key);
    if (it != m_source_index.end())
        return it->second;
    detail::Source &src = m_sources.emplace_back();
    src.text = *key.text;
    src.location.file = *key.file;
    src.location.line = line;
    src.location.column = column;
    src.type = *key.type;
    src.nesting = nesting;
    m_source_index.emplace(key, &src);
    return &src;
}

} // namespace tj::tape
