// runtime/tape/tape_stream.h — TRACEJIT_TAPE's streamed file: its layout, the process's file, each thread's encoder
//
// With TRACEJIT_TAPE=<dir> every recording of the process goes into one file, <dir>/<program>-<pid>.tjtape,
// written while the program runs: each thread's recorder encodes its nodes into a buffer (StreamOut) that is
// compressed with zstd and appended to the file as a chunk once it holds chunk_raw_bytes (by a writer thread,
// StreamFile::submit, while the recorder fills its other buffer), so the tape's memory stays bounded however long
// it runs. Layout, integers little-endian:
//
//   file header (16)   "TJSTREAM", u32 stream_format_version, u32 0
//   chunk              "TJCK", u32 stream (a recording thread), u32 raw size, u32 stored size, u64 ordinal of its
//                      first node, u32 calls open at its start, u32 0, u64 xxh3-64 of the stored bytes; then the
//                      stored bytes (zstd of the raw records below)
//   index block        "TJIX", u32 size of what follows up to its checksum, u64 offset of the previous index block
//                      (0: none), u32 call count, per top-level call: u32 stream, u64 offset of the chunk holding its
//                      Call record, u32 offset of that record in the chunk's raw bytes, u64 its ordinal, string name;
//                      u32 note count, notes (why recording stopped, what a limit left out); u64 xxh3-64 of the block
//   trailer (16)       "TJTAPEND", u64 offset of the last index block
//
// Strings are u32 length + bytes. A trailer is written whenever the file is finished (program end, a limit) and
// again if recording goes on after it (marked destructors after exit handlers), so the last 16 bytes are the
// newest trailer; a file without one (the process was killed) is read by scanning its chunk headers.
//
// The raw records of a stream (varints are LEB128; ids are per chunk, so that every chunk can be decoded alone):
//   1 Source     text, file, line, column, type, nesting: defines the chunk's next source id
//   3 Constants  count, then per literal: source id, value kind, bits, text: the chunk's next constants id
//   4 Node       kind, value kind, flags (NodeFlag), source id, [value], [text], [iteration], [taken], reference
//                count, (position, ordinal distance back from this node)…, [constants id], [count of Call
//                children that follow: the calls of an OpenMP region]
//   5 Call       source id, thread field (Node::thread() + 1, 0 on its caller's thread): opens a call; its
//                children follow until its End
//   6 End        flags (EndFlag), [value kind, typed source id, value], [text], [exception], [unfinished reason]
// Every Node, each of its constants and every Call takes the stream's next ordinal (references name nodes by it).
#pragma once

#include <tracejit/tape.h>

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tj::tape::detail {

inline constexpr std::string_view stream_magic = "TJSTREAM";
inline constexpr std::string_view stream_chunk_magic = "TJCK";
inline constexpr std::string_view stream_index_magic = "TJIX";
inline constexpr std::string_view stream_trailer_magic = "TJTAPEND";
inline constexpr uint32_t stream_format_version = 1;
inline constexpr size_t stream_header_bytes = 16, stream_chunk_header_bytes = 40, stream_trailer_bytes = 16;
/// The longest value text a streamed node keeps (StreamOut::text).
inline constexpr size_t max_value_text = size_t(1) << 20;
/// A chunk is compressed and written once its raw records reach this size.
inline constexpr size_t chunk_raw_bytes = size_t(1) << 20;
/// The largest raw chunk a reader accepts (a record never splits, so a chunk exceeds chunk_raw_bytes by one record).
inline constexpr size_t chunk_raw_limit = size_t(64) << 20;

enum class Record : uint8_t { Source = 1, Constants = 3, Node = 4, Call = 5, End = 6 };
enum NodeFlag : uint32_t {
    NodeText = 1,          ///< a value text follows
    NodeConstants = 2,     ///< a constants id follows (the node's Constant children)
    NodeTakenText = 4,     ///< a `taken` string follows (a switch)
    NodeIteration = 8,     ///< an iteration follows (a Loop)
    NodeTakenByValue = 16, ///< a Branch taken "then" when its value is true, else "else"
    NodeCalls = 32,        ///< a count of Call children that follow the node (an OpenMP region's calls)
    NodeValue = 64,        ///< value bits follow (8 bytes for Float and Pointer, a varint otherwise)
};
enum EndFlag : uint32_t {
    EndLeaf = 1, ///< its body was not recorded (Node::expanded() false)
    EndValue = 2,
    EndText = 4,
    EndException = 8,
    EndUnfinished = 16,
};

/// A literal's Constant node as each execution of its site gets it.
struct StreamConstant {
    const Source *source;
    ValueKind kind;
    uint64_t bits;
    std::string text;
};

class StreamOut;

/// The process's streamed file: one per process, shared by every recording thread, never destroyed (exit
/// handlers and static destructors may still write to it).
class StreamFile {
  public:
    /// The file for `dir`, opened on first use; null when it cannot be created (reported once on stderr).
    static StreamFile *get(const std::string &dir);
    /// The file if it was opened, else null.
    static StreamFile *existing();

    /// Appends a chunk (raw records of `stream`, compressed here); returns its offset, or -1 when the file is
    /// stopped or the write failed (which stops it). `calls` are the top-level calls that start in it.
    struct CallStart {
        uint32_t raw_offset;
        uint64_t ordinal;
        std::string name;
    };
    int64_t write_chunk(uint32_t stream, uint64_t first_ordinal, uint32_t open_calls, std::string_view raw,
                        std::vector<CallStart> &calls, std::string *scratch);
    /// Writes the pending index entries and notes and a trailer (nothing when nothing changed). `try_only`: give
    /// up rather than wait for the lock (signal handlers).
    void finish(bool try_only) noexcept;
    /// Stops recording into this file for `reason` (the first reason wins): reported once on stderr, noted in the
    /// index. Returns false when it was already stopped.
    bool stop(const std::string &reason) noexcept;
    bool stopped() const { return __atomic_load_n(&m_stopped, __ATOMIC_ACQUIRE); }
    /// A note for the index (what a limit left out).
    void note(std::string text) noexcept;
    const std::string &path() const { return m_path; }
    uint32_t new_stream() { return __atomic_fetch_add(&m_streams, 1u, __ATOMIC_RELAXED); }
    /// Nodes written so far by every stream (for the statement budget).
    uint64_t nodes_written() const { return __atomic_load_n(&m_nodes, __ATOMIC_RELAXED); }
    void add_nodes(uint64_t n) { __atomic_fetch_add(&m_nodes, n, __ATOMIC_RELAXED); }

    /// A chunk handed to the writer thread, which compresses and writes it while its recorder goes on.
    struct Job {
        uint32_t stream;
        uint64_t first;
        uint32_t open;
        std::string_view raw;
        std::vector<CallStart> calls;
        StreamOut *owner; ///< gets its buffer back (StreamOut::m_other_busy) once written
    };
    /// Queues `job` for the writer thread, started on first use with every signal blocked; false when chunks are
    /// written by the threads that make them (synchronous(), or no thread could be started).
    bool submit(Job &&job) noexcept;
    /// Waits until `owner`'s chunk in the writer thread's hands is written.
    void wait_for(const StreamOut *owner) noexcept;
    /// From now on each chunk is written by the thread that makes it, after the queued ones, which this waits for
    /// (exit handlers; in a signal handler for a bounded time only). Returns false when the calling thread is the
    /// writer thread itself (a fault while writing): nothing more can be written then.
    bool synchronous(bool in_signal) noexcept;
    bool is_synchronous() const { return __atomic_load_n(&m_sync, __ATOMIC_ACQUIRE); }
    /// In a child made by fork(): nothing is written, the writer thread is gone.
    void forked() noexcept;

  private:
    void writer();
    StreamFile(int fd, std::string path) : m_fd(fd), m_path(std::move(path)) {}
    bool write_all(std::string_view bytes, std::string *error);
    void write_index_locked();

    int m_fd;
    std::string m_path;
    std::mutex m_mutex;
    uint64_t m_size = 0;       ///< bytes written
    uint64_t m_last_index = 0; ///< offset of the last index block (0: none yet)
    bool m_dirty = true;       ///< something was written since the last trailer
    bool m_stopped = false;
    bool m_failed = false; ///< a write failed: nothing more is written, not even a trailer
    uint32_t m_streams = 0;
    uint64_t m_nodes = 0;
    uint64_t m_limit_bytes = 0;                             ///< TRACEJIT_TAPE_LIMIT (0: none)
    std::vector<std::pair<uint32_t, uint64_t>> m_entry_pos; ///< (stream, chunk offset) per pending entry
    std::vector<CallStart> m_entries;
    std::vector<std::string> m_notes;
    void *m_cctx = nullptr; ///< ZSTD_CCtx
    // The writer thread (tape_stream.cpp): a queue of chunks, each written in order.
    std::mutex m_queue_mutex;
    std::condition_variable m_queue_cv;
    std::deque<Job> m_queue;
    bool m_writing = false; ///< the writer thread holds a job
    bool m_writer_started = false;
    bool m_sync = false; ///< every chunk is written by the thread that makes it
    std::string m_writer_scratch;
};

/// One recorder's encoder: records go into `raw`, which is written as a chunk when large enough.
class StreamOut {
  public:
    StreamOut(StreamFile *file) : m_file(file), m_stream(file->new_stream()) { grow(chunk_raw_bytes + 65536); }
    ~StreamOut() {
        delete[] m_buf;
        delete[] m_other;
    }
    StreamOut(const StreamOut &) = delete;
    StreamOut &operator=(const StreamOut &) = delete;
    StreamFile *file() const { return m_file; }

    // --- encoding ---
    /// Room for `n` more bytes (the encoders below check each write too; a record asks once for its usual size).
    void reserve(size_t n) {
        if (m_cap - m_size < n) [[unlikely]]
            grow(m_size + n);
    }
    /// A record of at most `n` bytes written through a cursor: begin() gives it, the put_… functions advance it,
    /// end() takes it back. (The members' own writes through `char *` make the compiler reload the buffer's
    /// pointer and size after each byte; a cursor in a register does not.)
    char *begin(size_t n) {
        reserve(n);
        return m_buf + m_size;
    }
    void end(char *cursor) { m_size = static_cast<size_t>(cursor - m_buf); }
    static void put_byte(char *&p, uint8_t v) { *p++ = static_cast<char>(v); }
    static void put_varint(char *&p, uint64_t v) {
        while (v >= 0x80) {
            *p++ = static_cast<char>(v | 0x80);
            v >>= 7;
        }
        *p++ = static_cast<char>(v);
    }
    /// A value's bits in the form its kind is stored in: 8 bytes for Float and Pointer (little-endian hosts only,
    /// tracejit's targets), a zigzag varint for Signed, a varint otherwise (at most 10 bytes).
    static void put_value(char *&p, ValueKind kind, uint64_t bits) {
        if (kind == ValueKind::Float || kind == ValueKind::Pointer) {
            std::memcpy(p, &bits, 8);
            p += 8;
        } else if (kind == ValueKind::Signed) {
            put_varint(p, (bits << 1) ^ static_cast<uint64_t>(static_cast<int64_t>(bits) >> 63));
        } else {
            put_varint(p, bits);
        }
    }
    static constexpr size_t max_varint = 10, max_value = 10;

    void byte(uint8_t v) {
        char *p = begin(1);
        put_byte(p, v);
        end(p);
    }
    void varint(uint64_t v) {
        char *p = begin(max_varint);
        put_varint(p, v);
        end(p);
    }
    void str(std::string_view s) {
        varint(s.size());
        append(s.data(), s.size());
    }
    /// A value's text, of at most max_value_text bytes (a longer one is cut there and says how long it was), so
    /// that a chunk stays within what a reader accepts.
    void text(std::string_view s) {
        if (s.size() <= max_value_text) [[likely]]
            return str(s);
        str(std::string(s.substr(0, max_value_text)) + "… (" + std::to_string(s.size()) + " bytes)");
    }
    /// A value's bits in the form its kind is stored in (put_value).
    void value_bits(ValueKind kind, uint64_t bits) {
        char *p = begin(max_value);
        put_value(p, kind, bits);
        end(p);
    }
    /// The chunk's id of `s`, defining it first when this chunk has not yet.
    uint32_t source(const Source *s) {
        auto [it, inserted] = m_ids.try_emplace(s, m_next_source);
        if (inserted) [[unlikely]]
            define_source(s);
        return it->second;
    }
    /// This chunk's number: an id a caller keeps (with the number it was given in) is valid while it is the same.
    uint32_t epoch() const { return m_epoch; }
    /// The chunk's id of a site's constants list.
    uint32_t constants(const std::vector<StreamConstant> &list, uint32_t &epoch, uint32_t &id);

    /// The ordinal the next node takes.
    uint64_t ordinal() const { return m_ordinal; }
    void take_ordinals(uint64_t n) { m_ordinal += n; }
    /// A top-level call starts here (its Call record comes next).
    void call_starts(const std::string &name) { m_calls.push_back({static_cast<uint32_t>(m_size), m_ordinal, name}); }
    void open_calls(int delta) { m_open += delta; }
    /// After each record: writes the chunk once it is large enough.
    bool full() const { return m_size >= chunk_raw_bytes; }
    /// Nodes encoded but not written yet.
    uint64_t unwritten() const { return m_ordinal - m_chunk_first; }
    /// Writes what is buffered as a chunk (nothing when empty): hands it to the writer thread and goes on in its
    /// other buffer, or writes it here (StreamFile::synchronous()).
    void flush() noexcept;
    /// Drops what is buffered (the file stopped).
    void discard() {
        m_size = 0;
        m_calls.clear();
    }

  private:
    void define_source(const Source *s);
    void append(const char *p, size_t n) {
        reserve(n);
        std::memcpy(m_buf + m_size, p, n);
        m_size += n;
    }
    /// A buffer of at least `cap` bytes, keeping what is buffered (std::bad_alloc when there is no memory).
    void grow(size_t cap) {
        cap = std::max(cap, 2 * m_cap);
        char *fresh = new char[cap];
        if (m_size)
            std::memcpy(fresh, m_buf, m_size);
        delete[] m_buf;
        m_buf = fresh;
        m_cap = cap;
    }

    StreamFile *m_file;
    uint32_t m_stream;
    char *m_buf = nullptr; ///< the raw records of the chunk being filled: m_size bytes of m_cap
    size_t m_size = 0, m_cap = 0;
    char *m_other = nullptr; ///< the other buffer: with the writer thread while m_other_busy
    size_t m_other_cap = 0;
    bool m_other_busy = false; ///< (guarded by the file's queue mutex)
    friend class StreamFile;
    std::string m_scratch;
    uint32_t m_epoch = 1; ///< this chunk's number (+1): ids defined in earlier chunks are defined again
    uint32_t m_next_source = 0, m_next_constants = 0;
    uint64_t m_ordinal = 0, m_chunk_first = 0;
    uint32_t m_open = 0, m_chunk_open = 0;
    std::vector<StreamFile::CallStart> m_calls;
    std::unordered_map<const Source *, uint32_t> m_ids; ///< this chunk's sources
};

/// "12M" → 12 << 20 (suffix K, M, G, optional; "0" or empty: none). False when `text` is not of that form.
bool parse_size(std::string_view text, uint64_t &out);

} // namespace tj::tape::detail
