// runtime/tape/tape_stream_read.cpp — reads streamed TRACEJIT_TAPE files: the index, one call, or the whole tape
//
// See tape_stream.h for the layout. read_index() reads the trailer and the chain of index blocks only; load_call()
// reads the chunks of one top-level call (from the chunk its index entry names, skipping other threads' chunks by
// their headers) and stops at its end, so a call is shown without reading a multi-GB file. A file without a
// trailer (the process was killed) is read by scanning its chunks. Every length, id, count and reference is
// checked: no input makes the reader read out of bounds, and what it refuses is a tj::Error naming the file.
#include "tape_data.h"
#include "tape_file.h"
#include "tape_stream.h"

#include <tracejit/tape_index.h>

#include "support/hash.h"
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tj::tape {
namespace detail {
namespace {

using NA = NodeAccess;

uint32_t get32(const char *p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
uint64_t get64(const char *p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

struct Entry {
    uint32_t stream;
    uint64_t chunk;
    uint32_t offset;
    uint64_t ordinal;
    std::string name;
};

struct ChunkHead {
    uint64_t offset; ///< of the header in the file
    uint32_t stream, raw, stored;
    uint64_t first;
    uint64_t hash;
};

/// The file, read with pread (never mapped: a file cut short would be SIGBUS).
class File {
  public:
    File(const std::string &path, const std::string &api) : m_prefix(api + ": " + path + ": ") {
        m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (m_fd < 0)
            fail(std::string("cannot open the file (") + std::strerror(errno) + ")");
        struct stat st;
        if (::fstat(m_fd, &st) != 0) {
            ::close(m_fd);
            fail("cannot read the file's size");
        }
        m_size = static_cast<uint64_t>(st.st_size);
    }
    ~File() { ::close(m_fd); }
    File(const File &) = delete;
    File &operator=(const File &) = delete;
    [[noreturn]] void fail(const std::string &problem) const { throw tj::Error(m_prefix + problem); }
    uint64_t size() const { return m_size; }
    void read(uint64_t offset, size_t n, std::string &out) const {
        if (offset > m_size || n > m_size - offset)
            fail("truncated at byte " + std::to_string(m_size));
        out.resize(n);
        size_t done = 0;
        while (done < n) {
            ssize_t got = ::pread(m_fd, out.data() + done, n - done, static_cast<off_t>(offset + done));
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0)
                fail("cannot read at byte " + std::to_string(offset + done));
            done += static_cast<size_t>(got);
        }
    }
    /// The chunk header at `offset`; false when another block (index, trailer) is there: `*skip` is its size.
    bool head(uint64_t offset, ChunkHead &h, uint64_t *skip) const {
        std::string b;
        read(offset, 8, b);
        if (b.compare(0, 4, stream_chunk_magic) == 0) {
            read(offset, stream_chunk_header_bytes, b);
            h = {offset, get32(&b[4]), get32(&b[8]), get32(&b[12]), get64(&b[16]), get64(&b[32])};
            if (h.raw > chunk_raw_limit || h.stored > m_size - offset - stream_chunk_header_bytes)
                fail("corrupt chunk header at byte " + std::to_string(offset));
            *skip = stream_chunk_header_bytes + h.stored;
            return true;
        }
        if (b.compare(0, 4, stream_index_magic) == 0) {
            *skip = 8 + uint64_t(get32(&b[4])) + 8;
            return false;
        }
        if (b.compare(0, 8, stream_trailer_magic) == 0) {
            *skip = stream_trailer_bytes;
            return false;
        }
        fail("corrupt at byte " + std::to_string(offset) + " (no chunk, index or trailer starts there)");
    }
    std::string raw(const ChunkHead &h) const {
        std::string stored;
        read(h.offset + stream_chunk_header_bytes, h.stored, stored);
        if (support::hash64(stored.data(), stored.size()) != h.hash)
            fail("checksum mismatch in the chunk at byte " + std::to_string(h.offset));
        std::string raw(h.raw, '\0');
        size_t got = ZSTD_decompress(raw.data(), raw.size(), stored.data(), stored.size());
        if (ZSTD_isError(got) || got != h.raw)
            fail("corrupt chunk at byte " + std::to_string(h.offset));
        return raw;
    }
    const std::string &prefix() const { return m_prefix; }

  private:
    int m_fd;
    uint64_t m_size = 0;
    std::string m_prefix;
};

struct Index {
    std::vector<Entry> entries;
    std::vector<std::string> notes;
    bool indexed = false;
};

/// The file's header, then its index blocks (newest last in the file, read backward, returned in file order).
Index read_index_blocks(const File &f) {
    Index ix;
    std::string b;
    f.read(0, stream_header_bytes, b);
    if (b.compare(0, 8, stream_magic) != 0)
        f.fail("not a streamed tape");
    if (uint32_t v = get32(&b[8]); v != stream_format_version)
        f.fail("streamed tape version " + std::to_string(v) + " is not supported (this build reads version " +
               std::to_string(stream_format_version) + ")");
    if (f.size() < stream_header_bytes + stream_trailer_bytes)
        return ix;
    f.read(f.size() - stream_trailer_bytes, stream_trailer_bytes, b);
    if (b.compare(0, 8, stream_trailer_magic) != 0)
        return ix; // no trailer: the process ended without finishing the file
    uint64_t at = get64(&b[8]);
    std::vector<Index> blocks;
    size_t guard = 0;
    while (at) {
        if (++guard > (size_t(1) << 24) || at < stream_header_bytes || at >= f.size())
            f.fail("corrupt index chain at byte " + std::to_string(at));
        f.read(at, 8, b);
        if (b.compare(0, 4, stream_index_magic) != 0)
            f.fail("corrupt index block at byte " + std::to_string(at));
        const uint64_t len = get32(&b[4]);
        std::string block;
        f.read(at, 8 + len + 8, block);
        if (support::hash64(block.data(), 8 + len) != get64(&block[8 + len]))
            f.fail("checksum mismatch in the index block at byte " + std::to_string(at));
        size_t p = 8, end = 8 + len;
        auto need = [&](size_t n) {
            if (n > end - p)
                f.fail("corrupt index block at byte " + std::to_string(at));
        };
        need(12);
        const uint64_t previous = get64(&block[p]);
        const uint32_t count = get32(&block[p + 8]);
        p += 12;
        Index part;
        for (uint32_t i = 0; i < count; ++i) {
            need(28);
            Entry e{get32(&block[p]), get64(&block[p + 4]), get32(&block[p + 12]), get64(&block[p + 16]), {}};
            const uint32_t n = get32(&block[p + 24]);
            p += 28;
            need(n);
            e.name.assign(block, p, n);
            p += n;
            part.entries.push_back(std::move(e));
        }
        need(4);
        const uint32_t notes = get32(&block[p]);
        p += 4;
        for (uint32_t i = 0; i < notes; ++i) {
            need(4);
            const uint32_t n = get32(&block[p]);
            p += 4;
            need(n);
            part.notes.emplace_back(block, p, n);
            p += n;
        }
        blocks.push_back(std::move(part));
        if (previous >= at)
            f.fail("corrupt index chain at byte " + std::to_string(at));
        at = previous;
    }
    for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
        for (Entry &e : it->entries)
            ix.entries.push_back(std::move(e));
        for (std::string &n : it->notes)
            ix.notes.push_back(std::move(n));
    }
    ix.indexed = true;
    return ix;
}

/// Builds nodes from one stream's records.
class Decoder {
  public:
    Decoder(TapeData &data, const File &file) : m_data(data), m_file(file) {}

    /// Decodes the records of a chunk's raw bytes from `start` (definitions before it are read too). `first` is
    /// the chunk's first ordinal, or the ordinal of the record at `start` when `start` > 0. Returns true when
    /// `single` and the first top-level call decoded ended.
    bool chunk(const std::string &raw, uint64_t first, size_t start, uint64_t chunk_offset, bool single) {
        m_raw = &raw;
        m_chunk = chunk_offset;
        m_sources.clear();
        m_constants.clear();
        m_pos = 0;
        if (start > raw.size())
            corrupt("a call starts past the end of its chunk");
        while (m_pos < start) { // definitions only
            const uint8_t tag = u8();
            if (tag == uint8_t(Record::Source))
                source();
            else if (tag == uint8_t(Record::Constants))
                constants();
            else
                skip_record(tag);
        }
        m_ordinal = first;
        while (m_pos < raw.size()) {
            const uint8_t tag = u8();
            switch (static_cast<Record>(tag)) {
            case Record::Source: source(); break;
            case Record::Constants: constants(); break;
            case Record::Node: node(); break;
            case Record::Call: call(); break;
            case Record::End:
                if (end() && single)
                    return true;
                break;
            default: corrupt("record type " + std::to_string(tag));
            }
        }
        return false;
    }
    /// Closes the calls still open when the file ends, with `reason`.
    void close_open(const std::string &reason) {
        while (!m_stack.empty()) {
            Open o = m_stack.back();
            m_stack.pop_back();
            if (o.call && NA::unfinished(*o.node).empty())
                NA::unfinished(*o.node) = reason;
        }
    }
    std::vector<Node *> &tops() { return m_tops; }

  private:
    struct Open {
        Node *node;
        bool call;
        uint32_t remaining; ///< a Node's Call children still to come
    };

    [[noreturn]] void corrupt(const std::string &what) const {
        m_file.fail("corrupt in the chunk at byte " + std::to_string(m_chunk) + ", record byte " +
                    std::to_string(m_pos) + " (" + what + ")");
    }
    uint8_t u8() {
        if (m_pos >= m_raw->size())
            corrupt("a record is cut short");
        return static_cast<uint8_t>((*m_raw)[m_pos++]);
    }
    uint64_t varint() {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const uint8_t b = u8();
            v |= uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        corrupt("a number is too long");
    }
    uint32_t u32v(const char *what) {
        uint64_t v = varint();
        if (v > UINT32_MAX)
            corrupt(std::string(what) + " out of range");
        return static_cast<uint32_t>(v);
    }
    std::string_view str() {
        const uint64_t n = varint();
        if (n > m_raw->size() - m_pos)
            corrupt("a string is cut short");
        std::string_view s(m_raw->data() + m_pos, n);
        m_pos += n;
        return s;
    }
    uint64_t bits(ValueKind kind) {
        if (kind == ValueKind::Float || kind == ValueKind::Pointer) {
            if (8 > m_raw->size() - m_pos)
                corrupt("a value is cut short");
            uint64_t v = get64(m_raw->data() + m_pos);
            m_pos += 8;
            return v;
        }
        const uint64_t v = varint();
        if (kind == ValueKind::Signed)
            return (v >> 1) ^ (~(v & 1) + 1); // zigzag
        return v;
    }
    ValueKind value_kind() {
        const uint8_t v = u8();
        if (v > uint8_t(ValueKind::Text))
            corrupt("value kind " + std::to_string(v));
        return static_cast<ValueKind>(v);
    }
    const Source *source_id() {
        const uint64_t id = varint();
        if (id >= m_sources.size())
            corrupt("source " + std::to_string(id) + " is not defined");
        return m_sources[id];
    }
    void source() {
        std::string_view text = str(), file = str();
        const uint32_t line = u32v("line"), column = u32v("column");
        std::string_view type = str();
        const uint32_t nesting = u32v("nesting");
        m_sources.push_back(m_data.intern_source(text, file, line, column, type, nesting));
    }
    void constants() {
        const uint64_t n = varint();
        if (n > m_raw->size() - m_pos)
            corrupt("constant count " + std::to_string(n));
        std::vector<StreamConstant> list;
        for (uint64_t i = 0; i < n; ++i) {
            const Source *s = source_id();
            const ValueKind k = value_kind();
            const uint64_t b = bits(k);
            list.push_back({s, k, b, std::string(str())});
        }
        m_constants.push_back(std::move(list));
    }
    /// Reads past a Node, Call or End record before the start of the call wanted.
    void skip_record(uint8_t tag) {
        switch (static_cast<Record>(tag)) {
        case Record::Node: {
            (void)u8();
            const ValueKind vk = value_kind();
            const uint64_t flags = varint();
            (void)varint();
            if (flags & NodeValue)
                (void)bits(vk);
            if (flags & NodeText)
                (void)str();
            if (flags & NodeIteration)
                (void)varint();
            if (flags & NodeTakenText)
                (void)str();
            const uint64_t refs = varint();
            if (refs > m_raw->size() - m_pos)
                corrupt("reference count");
            for (uint64_t i = 0; i < refs; ++i) {
                (void)varint();
                (void)varint();
            }
            if (flags & NodeConstants)
                (void)varint();
            if (flags & NodeCalls)
                (void)varint();
            break;
        }
        case Record::Call:
            (void)varint();
            (void)varint();
            break;
        case Record::End: {
            const uint64_t flags = varint();
            if (flags & EndValue) {
                const ValueKind vk = value_kind();
                (void)varint();
                (void)bits(vk);
            }
            if (flags & EndText)
                (void)str();
            if (flags & EndException)
                (void)str();
            if (flags & EndUnfinished)
                (void)str();
            break;
        }
        default: corrupt("record type " + std::to_string(tag));
        }
    }
    Node *lookup(uint64_t ordinal) {
        if (ordinal < m_base || ordinal - m_base >= m_by_ordinal.size() || !m_by_ordinal[ordinal - m_base])
            corrupt("a reference to node " + std::to_string(ordinal) + " outside its call");
        return m_by_ordinal[ordinal - m_base];
    }
    void number(Node *n) {
        if (m_ordinal < m_base)
            corrupt("ordinals go backward");
        const uint64_t i = m_ordinal - m_base;
        if (i >= m_by_ordinal.size())
            m_by_ordinal.resize(i + 1, nullptr);
        m_by_ordinal[i] = n;
        ++m_ordinal;
    }
    /// Places `n` (a Node or a Call) under the open node; false when it is a top-level call.
    void place(Node *n, bool is_call) {
        if (m_stack.empty()) {
            if (!is_call)
                corrupt("a node outside any call");
            m_tops.push_back(n);
            return;
        }
        Open &top = m_stack.back();
        if (top.call) {
            m_data.append_child(top.node, n);
        } else {
            if (!is_call || top.remaining == 0)
                corrupt("a node where a call belongs");
            m_data.put_child(top.node, n);
            if (--top.remaining == 0)
                m_stack.pop_back();
        }
    }
    void call() {
        const Source *s = source_id();
        const uint32_t thread = u32v("thread");
        Node *n = m_data.new_node();
        NA::kind(*n) = Kind::Call;
        NA::source(*n) = s;
        if (thread)
            NA::set_thread(*n, thread - 1);
        if (m_stack.empty()) { // a top-level call: references stay inside it
            m_base = m_ordinal;
            m_by_ordinal.clear();
        }
        place(n, true);
        number(n);
        m_stack.push_back({n, true, 0});
    }
    void node() {
        const uint8_t kind = u8();
        if (kind > uint8_t(Kind::Return) || kind == uint8_t(Kind::Call) || kind == uint8_t(Kind::Constant))
            corrupt("node kind " + std::to_string(kind));
        const ValueKind vk = value_kind();
        const uint64_t flags = varint();
        Node *n = m_data.new_node();
        NA::kind(*n) = static_cast<Kind>(kind);
        NA::source(*n) = source_id();
        NA::value_kind(*n) = vk;
        if (flags & NodeValue)
            NA::bits(*n) = bits(vk);
        if (flags & NodeText)
            NA::string(*n) = std::string(str());
        if (flags & NodeIteration) {
            const uint64_t it = varint();
            if (kind == uint8_t(Kind::Loop))
                NA::set_iteration(*n, static_cast<uint32_t>(it));
        }
        if (flags & NodeTakenText) {
            std::string_view t = str();
            if (kind == uint8_t(Kind::Branch))
                NA::set_taken(*n, m_data.intern(t));
        }
        if ((flags & NodeTakenByValue) && kind == uint8_t(Kind::Branch))
            NA::set_taken(*n, m_data.intern(NA::bits(*n) ? "then" : "else"));
        const uint64_t self = m_ordinal;
        const uint64_t refs = varint();
        if (refs > m_raw->size() - m_pos)
            corrupt("reference count " + std::to_string(refs));
        std::vector<std::pair<int, const Node *>> list;
        list.reserve(static_cast<size_t>(refs));
        for (uint64_t i = 0; i < refs; ++i) {
            const int pos = static_cast<int>(u32v("position"));
            const uint64_t back = varint();
            if (back == 0 || back > self)
                corrupt("a reference forward");
            list.emplace_back(pos, lookup(self - back));
        }
        const std::vector<StreamConstant> *consts = nullptr;
        if (flags & NodeConstants) {
            const uint64_t id = varint();
            if (id >= m_constants.size())
                corrupt("constants " + std::to_string(id) + " are not defined");
            consts = &m_constants[id];
        }
        uint64_t calls = 0;
        if (flags & NodeCalls) {
            calls = varint();
            if (calls > (uint64_t(1) << 24))
                corrupt("call count " + std::to_string(calls));
        }
        const size_t nconst = consts ? consts->size() : 0;
        if (refs + nconst + calls) {
            NA::Reference *out = m_data.make_block(n, list.size(), nconst + calls);
            for (size_t i = 0; i < list.size(); ++i)
                out[i] = list[i];
            NA::set_reference_count(*n, static_cast<uint32_t>(list.size()));
        }
        place(n, false);
        number(n);
        if (consts)
            for (const StreamConstant &c : *consts) {
                Node *k = m_data.new_node();
                NA::kind(*k) = Kind::Constant;
                NA::source(*k) = c.source;
                NA::value_kind(*k) = c.kind;
                NA::bits(*k) = c.bits;
                if (!c.text.empty())
                    NA::string(*k) = c.text;
                m_data.put_child(n, k);
                number(k);
            }
        if (calls)
            m_stack.push_back({n, false, static_cast<uint32_t>(calls)});
    }
    /// Returns true when a top-level call ended.
    bool end() {
        const uint64_t flags = varint();
        if (m_stack.empty() || !m_stack.back().call)
            corrupt("the end of a call that is not open");
        Node *n = m_stack.back().node;
        m_stack.pop_back();
        NA::expanded(*n) = !(flags & EndLeaf);
        if (flags & EndValue) {
            const ValueKind vk = value_kind();
            NA::source(*n) = source_id();
            NA::value_kind(*n) = vk;
            NA::bits(*n) = bits(vk);
        }
        if (flags & EndText)
            NA::string(*n) = std::string(str());
        if (flags & EndException)
            NA::exception(*n) = std::string(str());
        if (flags & EndUnfinished)
            NA::unfinished(*n) = std::string(str());
        return m_stack.empty();
    }

    TapeData &m_data;
    const File &m_file;
    const std::string *m_raw = nullptr;
    size_t m_pos = 0;
    uint64_t m_chunk = 0;
    std::vector<const Source *> m_sources;
    std::vector<std::vector<StreamConstant>> m_constants;
    uint64_t m_ordinal = 0, m_base = 0;
    std::vector<Node *> m_by_ordinal;
    std::vector<Open> m_stack;
    std::vector<Node *> m_tops;
};

/// Why calls still open at the end of the file did not end.
std::string open_reason(const Index &ix) {
    for (auto it = ix.notes.rbegin(); it != ix.notes.rend(); ++it)
        if (it->starts_with("stopped: "))
            return *it;
    return ix.indexed ? "the tape ends here"
                      : "the tape ends here (the program was killed before it finished the file)";
}

/// Every top-level call of the file, in the order their chunks were written (per thread in call order).
std::vector<Node *> decode_all(const File &f, TapeData &data, Index &ix) {
    std::map<uint32_t, std::unique_ptr<Decoder>> streams;
    std::vector<std::pair<uint32_t, size_t>> order; // (stream, index in its tops) as calls appear
    uint64_t at = stream_header_bytes;
    while (at < f.size()) {
        ChunkHead h;
        uint64_t skip = 0;
        if (f.size() - at < 8)
            break; // a cut-off write at the end
        bool is_chunk;
        try {
            is_chunk = f.head(at, h, &skip);
        } catch (const tj::Error &) {
            if (!ix.indexed)
                break; // the process died while writing: keep what came before
            throw;
        }
        if (is_chunk) {
            auto &d = streams[h.stream];
            if (!d)
                d = std::make_unique<Decoder>(data, f);
            const size_t before = d->tops().size();
            d->chunk(f.raw(h), h.first, 0, at, false);
            for (size_t i = before; i < d->tops().size(); ++i)
                order.emplace_back(h.stream, i);
        }
        at += skip;
    }
    const std::string reason = open_reason(ix);
    std::vector<Node *> out;
    for (auto &[id, d] : streams)
        d->close_open(reason);
    for (auto &[stream, i] : order)
        out.push_back(streams[stream]->tops()[i]);
    return out;
}

/// The tape's root: the one call, or a Call named after the file holding every top-level call, with the notes
/// as metadata ("note").
Tape make_root(std::unique_ptr<TapeData> data, const std::vector<Node *> &calls, const Index &ix,
               const std::string &name) {
    Node *root;
    if (calls.size() == 1 && ix.notes.empty()) {
        root = calls.front();
    } else {
        root = data->new_node();
        NA::kind(*root) = Kind::Call;
        NA::source(*root) = data->intern_source(name, "", 0, 0, "", 0);
        for (Node *c : calls)
            data->append_child(root, c);
        for (const std::string &n : ix.notes)
            NA::metadata(*root).emplace_back("note", n);
        for (const std::string &n : ix.notes)
            if (n.starts_with("stopped: ") && NA::unfinished(*root).empty())
                NA::unfinished(*root) = n;
    }
    NA::index(*root) = 0;
    NA::parent(*root) = nullptr;
    data->root = root;
    return TapeData::make_tape(std::move(data));
}

std::string file_stem(const std::string &path) {
    std::string s = path.substr(path.rfind('/') + 1);
    if (s.ends_with(".tjtape"))
        s.resize(s.size() - 7);
    return s;
}

} // namespace

bool is_streamed_file(const std::string &path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char head[8];
    const bool yes = ::pread(fd, head, 8, 0) == 8 && std::string_view(head, 8) == stream_magic;
    ::close(fd);
    return yes;
}

Tape load_streamed(const std::string &path, const std::string &api) {
    File f(path, api);
    Index ix = read_index_blocks(f);
    auto data = std::make_unique<TapeData>();
    std::vector<Node *> calls = decode_all(f, *data, ix);
    if (calls.empty())
        f.fail("the tape holds no call" + (ix.notes.empty() ? std::string() : " (" + ix.notes.front() + ")"));
    return make_root(std::move(data), calls, ix, file_stem(path));
}

} // namespace detail

TapeIndex read_index(const std::string &path) {
    if (!detail::is_streamed_file(path)) { // a tape saved whole: its root
        TapeIndex out;
        out.calls.push_back(load(path)->text());
        return out;
    }
    detail::File f(path, "tj::tape::read_index()");
    detail::Index ix = detail::read_index_blocks(f);
    TapeIndex out;
    out.indexed = ix.indexed;
    if (!ix.indexed) { // no index: the calls are found by reading the file
        auto data = std::make_unique<TapeData>();
        for (Node *c : detail::decode_all(f, *data, ix))
            out.calls.push_back(c->text());
    } else {
        for (const detail::Entry &e : ix.entries)
            out.calls.push_back(e.name);
    }
    out.notes = ix.notes;
    return out;
}

Tape load_call(const std::string &path, size_t i) {
    const std::string api = "tj::tape::load_call()";
    if (!detail::is_streamed_file(path)) {
        if (i != 0)
            throw tj::Error(api + ": " + path + ": call " + std::to_string(i) + " does not exist (the tape has 1)");
        return load(path);
    }
    detail::File f(path, api);
    detail::Index ix = detail::read_index_blocks(f);
    auto data = std::make_unique<TapeData>();
    Node *call = nullptr;
    if (!ix.indexed) {
        std::vector<Node *> calls = detail::decode_all(f, *data, ix);
        if (i >= calls.size())
            f.fail("call " + std::to_string(i) + " does not exist (the tape has " + std::to_string(calls.size()) + ")");
        call = calls[i];
    } else {
        if (i >= ix.entries.size())
            f.fail("call " + std::to_string(i) + " does not exist (the tape has " + std::to_string(ix.entries.size()) +
                   ")");
        const detail::Entry &e = ix.entries[i];
        detail::Decoder d(*data, f);
        uint64_t at = e.chunk;
        bool first = true, done = false;
        while (!done && at < f.size() && f.size() - at >= 8) {
            detail::ChunkHead h;
            uint64_t skip = 0;
            if (f.head(at, h, &skip) && h.stream == e.stream) {
                const std::string raw = f.raw(h);
                done = d.chunk(raw, first ? e.ordinal : h.first, first ? e.offset : 0, at, true);
                first = false;
            } else if (first) {
                f.fail("the index names a chunk at byte " + std::to_string(at) + " that is not one of its thread");
            }
            at += skip;
        }
        if (d.tops().empty())
            f.fail("call " + std::to_string(i) + " is not where the index says");
        d.close_open(detail::open_reason(ix));
        call = d.tops().front();
    }
    NodeAccess::index(*call) = 0;
    NodeAccess::parent(*call) = nullptr;
    data->root = call;
    return TapeData::make_tape(std::move(data));
}

} // namespace tj::tape
