// runtime/tape/tape_file.cpp — tj::tape::save / load / load_bytes: the versioned, checksummed tape file
//
// See tape_file.h for the layout. The reader never trusts a count: each is bounded by the bytes left, nesting
// is rebuilt with an explicit stack, and references are checked against the number of nodes.
#include "tape_file.h"

#include "support/container.h"
#include "support/endian.h"
#include "tape_data.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace tj::tape {
namespace detail {
namespace {

using NA = NodeAccess;

constexpr support::ContainerSpec tape_spec{support::FileKind::Tape, "tape", tape_file_oldest_version, tape_file_version,
                                           /*compressed_ok=*/false};
/// The fewest bytes one node takes in a file of `version`: 3 bytes, 3 u32, 6 strings (7 from version 2 on;
/// u32 each), 2 u32 (line, column), u64 bits, 3 u32 counts.
constexpr size_t min_node_bytes(uint32_t version) { return 3 + 12 + (version >= 2 ? 7 : 6) * 4 + 8 + 8 + 12; }
constexpr size_t k_max_nodes = size_t(1) << 28;

/// Files written before tape files became containers: "TJTAPE", u32 version (1 or 2), u64 payload size, the
/// payload (the same layout as now), u64 FNV-1a of every byte before it. Still read, never written.
constexpr std::string_view legacy_magic = "TJTAPE";
constexpr size_t legacy_header = 6 + 4 + 8;

uint64_t legacy_fnv1a(std::string_view bytes) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

class Writer {
  public:
    void u8(uint8_t v) { m_out += static_cast<char>(v); }
    void u32(uint32_t v) {
        char b[4];
        support::write32le(b, v);
        m_out.append(b, sizeof b);
    }
    void u64(uint64_t v) {
        char b[8];
        support::write64le(b, v);
        m_out.append(b, sizeof b);
    }
    void str(std::string_view s) {
        u32(static_cast<uint32_t>(s.size()));
        m_out.append(s);
    }
    std::string &out() { return m_out; }

  private:
    std::string m_out;
};

class Reader {
  public:
    Reader(std::string_view bytes, size_t begin, size_t end, const std::string &prefix)
        : m_bytes(bytes), m_pos(begin), m_end(end), m_prefix(prefix) {}

    [[noreturn]] void fail(const std::string &problem) const { throw tj::Error(m_prefix + problem); }
    [[noreturn]] void corrupt(const std::string &what) const {
        fail("corrupt at byte " + std::to_string(m_pos) + " (" + what + ")");
    }
    size_t left() const { return m_end - m_pos; }
    size_t pos() const { return m_pos; }
    void need(size_t n) const {
        if (n > left())
            fail("truncated at byte " + std::to_string(m_end));
    }
    uint8_t u8() {
        need(1);
        return static_cast<uint8_t>(m_bytes[m_pos++]);
    }
    uint32_t u32() {
        need(4);
        uint32_t v = support::read32le(m_bytes.data() + m_pos);
        m_pos += 4;
        return v;
    }
    uint64_t u64() {
        need(8);
        uint64_t v = support::read64le(m_bytes.data() + m_pos);
        m_pos += 8;
        return v;
    }
    std::string_view str() {
        uint32_t n = u32();
        need(n);
        std::string_view s = m_bytes.substr(m_pos, n);
        m_pos += n;
        return s;
    }
    /// A count of items of at least `item_size` bytes each, which must fit in what is left (and `limit`).
    size_t count(size_t item_size, size_t limit, const char *what) {
        uint64_t n = u32();
        if (n > limit || n * item_size > left())
            corrupt(std::string(what) + " count " + std::to_string(n) + " is impossible here");
        return static_cast<size_t>(n);
    }

  private:
    std::string_view m_bytes;
    size_t m_pos, m_end;
    std::string m_prefix;
};

/// The nodes below `n` (itself first) in pre-order, without recursion.
std::vector<const Node *> preorder(const Node &n) {
    std::vector<const Node *> out;
    std::vector<std::pair<const Node *, size_t>> stack{{&n, 0}};
    out.push_back(&n);
    while (!stack.empty()) {
        auto &[node, next] = stack.back();
        Children ch = node->children();
        if (next >= ch.size()) {
            stack.pop_back();
            continue;
        }
        const Node &c = ch[next++];
        out.push_back(&c);
        if (!c.children().empty())
            stack.emplace_back(&c, 0);
    }
    return out;
}

} // namespace

std::string encode_tape(const Node &root) {
    std::vector<const Node *> nodes = preorder(root);
    std::unordered_map<const Node *, uint64_t> ordinal;
    ordinal.reserve(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i)
        ordinal.emplace(nodes[i], i);

    Writer w;
    w.u64(nodes.size());
    for (const Node *n : nodes) {
        w.u8(static_cast<uint8_t>(n->kind()));
        w.u8(static_cast<uint8_t>(n->value_kind()));
        const bool unfinished = !n->unfinished().empty();
        w.u8((n->expanded() ? 1 : 0) | (unfinished ? 2 : 0));
        if (unfinished)
            w.str(n->unfinished());
        w.u32(n == &root ? 0 : n->index());
        w.u32(n->kind() == Kind::Call ? NA::thread_field(*n) : n->iteration());
        w.u32(n->nesting());
        w.str(n->text());
        w.str(n->location().file);
        w.u32(n->location().line);
        w.u32(n->location().column);
        w.str(n->type_name());
        w.str(n->taken());
        w.str(n->exception());
        w.u64(NA::bits(*n));
        w.str(NA::string(*n));
        w.str(n->grad_string()); // formats it if it was not read yet
        w.u32(static_cast<uint32_t>(n->children().size()));
        std::vector<std::pair<int, uint64_t>> refs;
        for (const auto &[pos, ref] : n->references()) {
            auto it = ordinal.find(ref);
            if (it != ordinal.end()) // a node outside the saved part (saving a statement alone) is left out
                refs.emplace_back(pos, it->second);
        }
        w.u32(static_cast<uint32_t>(refs.size()));
        for (const auto &[pos, ord] : refs) {
            w.u32(static_cast<uint32_t>(pos));
            w.u64(ord);
        }
        w.u32(static_cast<uint32_t>(n->metadata().size()));
        for (const auto &[k, v] : n->metadata()) {
            w.str(k);
            w.str(v);
        }
    }
    return support::encode_container(support::FileKind::Tape, tape_file_version, w.out(), support::Compress::No);
}

Tape decode_tape(std::string_view bytes, const std::string &api, const std::string &source) {
    const std::string prefix = api + ": " + source + ": ";
    auto fail = [&](const std::string &problem) -> void { throw tj::Error(prefix + problem); };
    uint32_t version = 0;
    size_t begin = 0, end = 0; // the payload's bytes
    if (bytes.starts_with(legacy_magic)) {
        Reader head(bytes, legacy_magic.size(), bytes.size(), prefix);
        version = head.u32();
        if (version < tape_file_oldest_version || version > tape_file_version)
            fail("version " + std::to_string(version) + " is not supported (this build reads versions " +
                 std::to_string(tape_file_oldest_version) + " to " + std::to_string(tape_file_version) + ")");
        uint64_t payload = head.u64();
        if (payload > bytes.size() || legacy_header + payload + 8 > bytes.size())
            fail("truncated at byte " + std::to_string(bytes.size()));
        if (legacy_header + payload + 8 < bytes.size())
            fail("corrupt: " + std::to_string(bytes.size() - (legacy_header + payload + 8)) +
                 " bytes after the end of the tape");
        begin = legacy_header;
        end = legacy_header + static_cast<size_t>(payload);
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION // fuzzers reach the reader's own checks this way
        if (support::read64le(bytes.data() + end) != legacy_fnv1a(bytes.substr(0, end)))
            fail("checksum mismatch");
#endif
    } else {
        support::Decoded d = support::decode_container(bytes, tape_spec);
        if (!d)
            fail(d.message);
        // Tapes are stored uncompressed (tape_spec), so the payload lies inside `bytes`: the reader's messages
        // give offsets in the file.
        version = d.kind_version;
        begin = static_cast<size_t>(d.payload.data() - bytes.data());
        end = begin + d.payload.size();
    }
    const size_t min_node = min_node_bytes(version);

    Reader r(bytes, begin, end, prefix);
    uint64_t count = r.u64();
    if (count == 0 || count > k_max_nodes || count > r.left() / min_node)
        r.corrupt("node count " + std::to_string(count) + " is impossible here");

    auto data = std::make_unique<TapeData>();
    std::vector<Node *> nodes;
    nodes.reserve(static_cast<size_t>(count));
    struct Open {
        Node *node;
        size_t remaining;
    };
    std::vector<Open> stack;
    struct Ref {
        Node *node;
        int position;
        uint64_t ordinal;
    };
    std::vector<Ref> refs;
    for (uint64_t k = 0; k < count; ++k) {
        const size_t start = r.pos();
        uint8_t kind = r.u8(), vkind = r.u8(), flags = r.u8();
        if (kind > static_cast<uint8_t>(Kind::Return))
            r.corrupt("node kind " + std::to_string(kind));
        if (vkind > static_cast<uint8_t>(ValueKind::Text))
            r.corrupt("value kind " + std::to_string(vkind));
        Node *n = data->new_node();
        nodes.push_back(n);
        NA::kind(*n) = static_cast<Kind>(kind);
        NA::value_kind(*n) = static_cast<ValueKind>(vkind);
        NA::expanded(*n) = (flags & 1) != 0;
        if (version >= 3 && (flags & 2) != 0) // an unfinished call, with the reason
            NA::unfinished(*n) = std::string(r.str());
        uint32_t index = r.u32();
        uint32_t iteration = r.u32(); // a Call's thread field from version 3 on
        if (kind == static_cast<uint8_t>(Kind::Loop))
            NA::set_iteration(*n, iteration);
        else if (kind == static_cast<uint8_t>(Kind::Call) && version >= 3 && iteration != 0)
            NA::set_thread(*n, iteration - 1);
        uint32_t nesting = r.u32();
        std::string_view text = r.str(), file = r.str();
        uint32_t line = r.u32(), column = r.u32();
        std::string_view type = r.str();
        NA::source(*n) = data->intern_source(text, file, line, column, type, nesting);
        std::string_view taken = r.str();
        if (kind == static_cast<uint8_t>(Kind::Branch))
            NA::set_taken(*n, data->intern(taken));
        NA::exception(*n) = std::string(r.str());
        NA::bits(*n) = r.u64();
        NA::string(*n) = std::string(r.str());
        if (version >= 2)
            if (std::string_view grad = r.str(); !grad.empty())
                NA::set_grad_string(*n, std::string(grad));
        size_t children = r.count(min_node, static_cast<size_t>(count - k - 1), "child");
        size_t nrefs = r.count(12, SIZE_MAX, "reference");
        for (size_t i = 0; i < nrefs; ++i) {
            int pos = static_cast<int32_t>(r.u32());
            uint64_t ord = r.u64();
            if (ord >= count)
                r.corrupt("reference to node " + std::to_string(ord) + " of " + std::to_string(count));
            refs.push_back({n, pos, ord});
        }
        if (children + nrefs > 0) {
            data->make_block(n, nrefs, children);
            NA::set_reference_count(*n, static_cast<uint32_t>(nrefs)); // filled in once every node exists
        }
        size_t nmeta = r.count(8, SIZE_MAX, "metadata");
        for (size_t i = 0; i < nmeta; ++i) {
            std::string key(r.str());
            std::string value(r.str());
            NA::metadata(*n).emplace_back(std::move(key), std::move(value));
        }
        // Place the node in the tree.
        if (k == 0) {
            if (index != 0)
                Reader(bytes, start, end, prefix).corrupt("the root has index " + std::to_string(index));
        } else {
            if (stack.empty())
                Reader(bytes, start, end, prefix).corrupt("a node outside the tree");
            Open &parent = stack.back();
            const size_t expected = parent.node->children().size() + 1;
            if (index != expected)
                Reader(bytes, start, end, prefix)
                    .corrupt("child index " + std::to_string(index) + " where @" + std::to_string(expected) +
                             " belongs");
            data->put_child(parent.node, n);
            if (--parent.remaining == 0)
                stack.pop_back();
        }
        if (children > 0)
            stack.push_back({n, children});
    }
    if (!stack.empty())
        r.corrupt(std::to_string(stack.back().remaining) + " children of a node are missing");
    if (r.left() != 0)
        r.corrupt(std::to_string(r.left()) + " bytes after the last node");
    // refs are grouped by node, in file order.
    for (size_t i = 0; i < refs.size();) {
        NA::Reference *out = NA::references(*refs[i].node);
        size_t j = i;
        for (; j < refs.size() && refs[j].node == refs[i].node; ++j)
            out[j - i] = {refs[j].position, nodes[static_cast<size_t>(refs[j].ordinal)]};
        i = j;
    }
    data->root = nodes.front();
    return TapeData::make_tape(std::move(data));
}

} // namespace detail

void save(const Node &n, const std::string &path) {
    const std::string bytes = detail::encode_tape(n);
    support::WriteResult w = support::write_file_atomically(path, bytes, support::FileMode::Shared);
    const char *what = "";
    switch (w.failed) {
    case support::WriteStep::None: return;
    case support::WriteStep::Create: what = "cannot create the file"; break;
    case support::WriteStep::Write: what = "cannot write the file"; break;
    case support::WriteStep::Rename: what = "cannot rename the temporary file into place"; break;
    }
    throw tj::Error("tj::tape::save(): " + path + ": " + what + " (" + w.error.message() + ")");
}

Tape load(const std::string &path) {
    if (detail::is_streamed_file(path))
        return detail::load_streamed(path, "tj::tape::load()");
    // Read, not mapped: a file cut short under a mapping would be SIGBUS instead of a tj::Error.
    std::string bytes;
    if (std::error_code ec = support::read_file(path, bytes))
        throw tj::Error("tj::tape::load(): " + path + ": cannot open the file (" + ec.message() + ")");
    return detail::decode_tape(bytes, "tj::tape::load()", path);
}

Tape load_bytes(std::string_view bytes, const std::string &source) {
    return detail::decode_tape(bytes, "tj::tape::load_bytes()", source);
}

} // namespace tj::tape
