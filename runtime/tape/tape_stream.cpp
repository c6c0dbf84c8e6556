// runtime/tape/tape_stream.cpp — writes the streamed TRACEJIT_TAPE file: chunks, index blocks, trailers, stops
//
// See tape_stream.h for the layout. Nothing here throws into the program: a failed allocation, a full disk, a
// file size limit (RLIMIT_FSIZE: SIGXFSZ is blocked around each write and a signal our write raised is taken
// back) or an unwritable folder stops recording with one line on stderr, and the file keeps what was written.
#include "tape_stream.h"

#include "tape_limits.h"

#include "support/hash.h"
#include <zstd.h>

#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <new>
#include <string>
#include <thread>

#include <errno.h> // program_invocation_short_name (GNU)
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace tj::tape::detail {
namespace {

/// zstd's fastest regular level: a tape compresses well even so, and recording must stay cheap.
constexpr int stream_zstd_level = 1;
/// Index entries kept in memory before an index block is written (bounds memory for programs with many calls).
constexpr size_t index_entries_per_block = 16384;

void put32(std::string &out, uint32_t v) {
    char b[4];
    std::memcpy(b, &v, 4);
    out.append(b, 4);
}
void put64(std::string &out, uint64_t v) {
    char b[8];
    std::memcpy(b, &v, 8);
    out.append(b, 8);
}

/// One line on stderr, written directly: reports come from exit handlers and signal handlers too.
void report(const std::string &line) noexcept {
    std::string s = "tracejit: " + line + "\n";
    ssize_t ignored = ::write(2, s.data(), s.size());
    (void)ignored;
}

/// The program's file name (the executable's, also when it was started through a link such as /proc/self/exe).
std::string program_name() {
    std::string exe;
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0)
        exe.assign(buf, static_cast<size_t>(n));
    else if (program_invocation_short_name)
        exe = program_invocation_short_name;
    exe = exe.substr(exe.rfind('/') + 1);
    std::string name;
    for (const char *p = exe.c_str(); *p; ++p)
        name += (std::isalnum(static_cast<unsigned char>(*p)) || *p == '_' || *p == '-' || *p == '.') ? *p : '_';
    if (name.empty())
        name = "tape";
    if (name.size() > 100)
        name.resize(100);
    return name;
}

StreamFile *g_file = nullptr;

} // namespace

void stream_recording_off() noexcept; // tape_recorder.cpp

StreamFile *StreamFile::existing() { return __atomic_load_n(&g_file, __ATOMIC_ACQUIRE); }

StreamFile *StreamFile::get(const std::string &dir) {
    static std::once_flag once;
    std::call_once(once, [&] {
        try {
            std::string path = dir;
            if (!path.empty() && path.back() != '/')
                path += '/';
            path += program_name() + "-" + std::to_string(::getpid()) + ".tjtape";
            int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
            if (fd < 0) {
                report("TRACEJIT_TAPE: cannot create " + path + " (" + std::strerror(errno) +
                       "); the program runs on unrecorded");
                return;
            }
            auto *f = new StreamFile(fd, path); // never deleted: exit handlers and destructors may write
            f->m_limit_bytes = tape_limits().bytes;
            std::string head(stream_magic);
            put32(head, stream_format_version);
            put32(head, 0);
            std::string error;
            if (!f->write_all(head, &error)) {
                report("TRACEJIT_TAPE: cannot write " + path + " (" + error + "); the program runs on unrecorded");
                return;
            }
            __atomic_store_n(&g_file, f, __ATOMIC_RELEASE);
            // A child made by fork() would write into its parent's file: it records nothing and writes nothing.
            pthread_atfork(nullptr, nullptr, [] {
                if (StreamFile *file = existing()) {
                    file->forked();
                    stream_recording_off();
                }
            });
        } catch (...) {
            report("TRACEJIT_TAPE: out of memory while opening the tape; the program runs on unrecorded");
        }
    });
    return existing();
}

bool StreamFile::write_all(std::string_view bytes, std::string *error) {
    // A write past RLIMIT_FSIZE raises SIGXFSZ, whose default action ends the program: block it on this thread
    // while writing, and take back a SIGXFSZ our own write raised, so that the program never sees it.
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGXFSZ);
    sigset_t pending_before;
    sigemptyset(&pending_before);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    sigpending(&pending_before);
    const bool was_pending = sigismember(&pending_before, SIGXFSZ) == 1;
    bool ok = true;
    while (!bytes.empty()) {
        ssize_t n = ::write(m_fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            *error = n < 0 ? std::strerror(errno) : "nothing written";
            if (n < 0 && (errno == EFBIG || errno == ENOSPC))
                *error += errno == EFBIG ? " — the file size limit" : " — the disk is full";
            ok = false;
            break;
        }
        m_size += static_cast<uint64_t>(n);
        bytes.remove_prefix(static_cast<size_t>(n));
    }
    if (!was_pending) {
        sigset_t pending;
        sigemptyset(&pending);
        sigpending(&pending);
        if (sigismember(&pending, SIGXFSZ) == 1) {
            const struct timespec zero = {0, 0};
            sigtimedwait(&block, nullptr, &zero);
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    return ok;
}

int64_t StreamFile::write_chunk(uint32_t stream, uint64_t first_ordinal, uint32_t open_calls, std::string_view raw,
                                std::vector<CallStart> &calls, std::string *scratch) {
    if (stopped())
        return -1;
    std::lock_guard lock(m_mutex);
    if (m_stopped)
        return -1;
    if (!m_cctx)
        m_cctx = ZSTD_createCCtx();
    std::string &out = *scratch;
    out.clear();
    out.resize(stream_chunk_header_bytes + ZSTD_compressBound(raw.size()));
    size_t stored =
        m_cctx ? ZSTD_compressCCtx(static_cast<ZSTD_CCtx *>(m_cctx), out.data() + stream_chunk_header_bytes,
                                   out.size() - stream_chunk_header_bytes, raw.data(), raw.size(), stream_zstd_level)
               : size_t(-1);
    if (!m_cctx || ZSTD_isError(stored)) {
        m_stopped = true;
        m_notes.push_back("stopped: zstd could not compress a chunk");
        report("TRACEJIT_TAPE: zstd could not compress a chunk; the tape " + m_path +
               " ends there and the program runs on unrecorded");
        return -1;
    }
    out.resize(stream_chunk_header_bytes + stored);
    std::string head(stream_chunk_magic);
    put32(head, stream);
    put32(head, static_cast<uint32_t>(raw.size()));
    put32(head, static_cast<uint32_t>(stored));
    put64(head, first_ordinal);
    put32(head, open_calls);
    put32(head, 0);
    put64(head, support::hash64(out.data() + stream_chunk_header_bytes, stored));
    std::memcpy(out.data(), head.data(), stream_chunk_header_bytes);
    if (m_limit_bytes && m_size + out.size() + 4096 > m_limit_bytes) {
        m_stopped = true;
        std::string reason = "stopped: TRACEJIT_TAPE_LIMIT=" + std::to_string(m_limit_bytes) + " bytes reached";
        m_notes.push_back(reason);
        report("TRACEJIT_TAPE: " + reason.substr(9) + "; the tape " + m_path +
               " ends there and the program runs on unrecorded");
        return -1;
    }
    const int64_t offset = static_cast<int64_t>(m_size);
    std::string error;
    if (!write_all(out, &error)) {
        m_stopped = m_failed = true;
        report("TRACEJIT_TAPE: cannot write " + m_path + " (" + error + "); the tape ends at its last complete " +
               "chunk and the program runs on unrecorded");
        return -1;
    }
    m_dirty = true;
    for (CallStart &c : calls) {
        m_entry_pos.emplace_back(stream, static_cast<uint64_t>(offset));
        m_entries.push_back(std::move(c));
    }
    if (m_entries.size() >= index_entries_per_block)
        write_index_locked();
    return offset;
}

void StreamFile::write_index_locked() {
    if (m_failed)
        return;
    std::string body;
    put64(body, m_last_index);
    put32(body, static_cast<uint32_t>(m_entries.size()));
    for (size_t i = 0; i < m_entries.size(); ++i) {
        put32(body, m_entry_pos[i].first);
        put64(body, m_entry_pos[i].second);
        put32(body, m_entries[i].raw_offset);
        put64(body, m_entries[i].ordinal);
        put32(body, static_cast<uint32_t>(m_entries[i].name.size()));
        body += m_entries[i].name;
    }
    put32(body, static_cast<uint32_t>(m_notes.size()));
    for (const std::string &n : m_notes) {
        put32(body, static_cast<uint32_t>(n.size()));
        body += n;
    }
    std::string block(stream_index_magic);
    put32(block, static_cast<uint32_t>(body.size()));
    block += body;
    put64(block, support::hash64(block.data(), block.size()));
    const uint64_t offset = m_size;
    std::string error;
    if (!write_all(block, &error)) {
        m_stopped = m_failed = true;
        report("TRACEJIT_TAPE: cannot write the index of " + m_path + " (" + error +
               "); tracejit-inspect reads it by scanning its chunks");
        return;
    }
    m_last_index = offset;
    m_entries.clear();
    m_entry_pos.clear();
    m_notes.clear(); // kept in that block; readers gather the notes of every block
}

void StreamFile::finish(bool try_only) noexcept {
    std::unique_lock lock(m_mutex, std::defer_lock);
    if (try_only ? !lock.try_lock() : (lock.lock(), false))
        return;
    try {
        if (!m_dirty || m_failed)
            return;
        write_index_locked();
        if (m_failed)
            return;
        std::string trailer(stream_trailer_magic);
        put64(trailer, m_last_index);
        std::string error;
        if (!write_all(trailer, &error)) {
            m_failed = true;
            report("TRACEJIT_TAPE: cannot finish " + m_path + " (" + error + ")");
            return;
        }
        m_dirty = false;
    } catch (...) {
        report("TRACEJIT_TAPE: out of memory while finishing " + m_path);
    }
}

bool StreamFile::stop(const std::string &reason) noexcept {
    std::lock_guard lock(m_mutex);
    if (m_stopped)
        return false;
    __atomic_store_n(&m_stopped, true, __ATOMIC_RELEASE);
    try {
        m_notes.push_back("stopped: " + reason);
        m_dirty = true;
        report("TRACEJIT_TAPE: " + reason + "; the tape " + m_path + " ends there and the program runs on unrecorded");
    } catch (...) {
    }
    return true;
}

void StreamFile::note(std::string text) noexcept {
    std::lock_guard lock(m_mutex);
    try {
        m_notes.push_back(std::move(text));
        m_dirty = true;
    } catch (...) {
    }
}

// --- the writer thread ---

namespace {
/// Set on the writer thread while it writes (a fault there must not write again: synchronous()).
thread_local bool t_writer = false;
} // namespace

bool StreamFile::submit(Job &&job) noexcept {
    try {
        std::unique_lock lock(m_queue_mutex);
        if (is_synchronous())
            return false;
        if (!m_writer_started) {
            // Every signal blocked: the program's signals go to its own threads, as without a tape.
            sigset_t all, old;
            sigfillset(&all);
            pthread_sigmask(SIG_SETMASK, &all, &old);
            try {
                std::thread([this] { writer(); }).detach();
            } catch (...) {
                pthread_sigmask(SIG_SETMASK, &old, nullptr);
                // No thread: each chunk is written where it is made.
                __atomic_store_n(&m_sync, true, __ATOMIC_RELEASE);
                return false;
            }
            pthread_sigmask(SIG_SETMASK, &old, nullptr);
            m_writer_started = true;
        }
        job.owner->m_other_busy = true;
        m_queue.push_back(std::move(job));
    } catch (...) {
        return false;
    }
    m_queue_cv.notify_all();
    return true;
}

void StreamFile::writer() {
    t_writer = true;
    std::unique_lock lock(m_queue_mutex);
    for (;;) {
        m_queue_cv.wait(lock, [&] { return !m_queue.empty(); });
        Job job = std::move(m_queue.front());
        m_queue.pop_front();
        m_writing = true;
        lock.unlock();
        try {
            write_chunk(job.stream, job.first, job.open, job.raw, job.calls, &m_writer_scratch);
        } catch (...) {
            stop("out of memory while writing a chunk");
        }
        lock.lock();
        m_writing = false;
        job.owner->m_other_busy = false;
        m_queue_cv.notify_all();
    }
}

void StreamFile::wait_for(const StreamOut *owner) noexcept {
    std::unique_lock lock(m_queue_mutex);
    m_queue_cv.wait(lock, [&] { return !owner->m_other_busy; });
}

bool StreamFile::synchronous(bool in_signal) noexcept {
    if (t_writer)
        return false;
    if (!in_signal) {
        std::unique_lock lock(m_queue_mutex);
        __atomic_store_n(&m_sync, true, __ATOMIC_RELEASE);
        m_queue_cv.wait(lock, [&] { return m_queue.empty() && !m_writing; });
        return true;
    }
    // In a signal handler: never block on a lock another thread may hold forever; give the writer 2 s.
    __atomic_store_n(&m_sync, true, __ATOMIC_RELEASE);
    for (int i = 0; i < 2000; ++i) {
        if (m_queue_mutex.try_lock()) {
            const bool idle = m_queue.empty() && !m_writing;
            m_queue_mutex.unlock();
            if (idle)
                return true;
        }
        const struct timespec ms = {0, 1000000};
        nanosleep(&ms, nullptr);
    }
    return true;
}

void StreamFile::forked() noexcept {
    m_stopped = m_failed = true;
    // The writer thread is not in the child, and its locks may have been held at the fork.
    new (&m_queue_mutex) std::mutex();
    new (&m_queue_cv) std::condition_variable();
    new (&m_mutex) std::mutex();
    m_queue.clear();
    m_writing = false;
    __atomic_store_n(&m_sync, true, __ATOMIC_RELEASE);
}

// --- StreamOut ---

void StreamOut::define_source(const Source *s) {
    byte(static_cast<uint8_t>(Record::Source));
    str(s->text);
    str(s->location.file);
    varint(s->location.line);
    varint(s->location.column);
    str(s->type);
    varint(s->nesting);
    ++m_next_source;
}

uint32_t StreamOut::constants(const std::vector<StreamConstant> &list, uint32_t &epoch, uint32_t &id) {
    if (epoch == m_epoch)
        return id;
    std::vector<uint32_t> ids;
    for (const StreamConstant &c : list)
        ids.push_back(source(c.source)); // defined before the list that names them
    byte(static_cast<uint8_t>(Record::Constants));
    varint(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
        const StreamConstant &c = list[i];
        varint(ids[i]);
        byte(static_cast<uint8_t>(c.kind));
        value_bits(c.kind, c.bits);
        str(c.text);
    }
    epoch = m_epoch;
    id = m_next_constants++;
    return id;
}

void StreamOut::flush() noexcept {
    if (m_size == 0)
        return;
    try {
        m_file->add_nodes(m_ordinal - m_chunk_first);
        bool queued = false;
        if (!m_file->stopped() && !m_file->is_synchronous()) {
            m_file->wait_for(this); // the other buffer is back
            if (!m_other) {
                m_other = new char[m_cap];
                m_other_cap = m_cap;
            }
            queued = m_file->submit(
                {m_stream, m_chunk_first, m_chunk_open, std::string_view(m_buf, m_size), std::move(m_calls), this});
            if (queued) {
                std::swap(m_buf, m_other);
                std::swap(m_cap, m_other_cap);
            }
        }
        if (!queued && !m_file->stopped())
            m_file->write_chunk(m_stream, m_chunk_first, m_chunk_open, std::string_view(m_buf, m_size), m_calls,
                                &m_scratch);
    } catch (...) { // an allocation failed: the file stops here
        m_file->stop("out of memory while writing a chunk");
    }
    m_size = 0;
    m_calls.clear();
    if (m_scratch.capacity() > 2 * chunk_raw_bytes)
        std::string().swap(m_scratch);
    ++m_epoch; // the next chunk defines its sources again
    m_next_source = m_next_constants = 0;
    m_ids.clear();
    m_chunk_first = m_ordinal;
    m_chunk_open = m_open;
}

} // namespace tj::tape::detail
