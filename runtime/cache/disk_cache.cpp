// runtime/cache/disk_cache.cpp — reads, verifies, writes and evicts the kernel cache's object-code files
//
// How to read it: a file is a container (runtime/support/container.h) of kind Kernel whose payload is
// `encode_entry()` below; `DiskCache::load()` and `DiskCache::store()` are the two ways in. Trust is checked in
// two places: the folder once per DiskCache (`dir_usable()`), and every file as it is opened (`load_file()`), on
// the descriptor, so a file swapped in between the check and the read is never the one read. The format, the
// folder's checks and eviction are one unit: each guards the same files, and reading one safely needs all three.
#include "cache/disk_cache.h"

#include "log.h"
#include "support/container.h"
#include "support/hash.h"

#include <llvm/Support/Endian.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <memory>
#include <system_error>
#include <utility>

#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

namespace tj::cache {
namespace {

namespace endian = llvm::support::endian;

// The payload of a cache file, before compression: object | key | u64 key length (little-endian). The key comes
// after the object and its length last, so a hit shrinks the decompressed buffer to the object in place.
/// Bump when the payload layout changes: files of another version are ignored and replaced.
constexpr uint32_t entry_version = 1;
constexpr support::ContainerSpec entry_spec{support::FileKind::Kernel, "kernel cache file", entry_version,
                                            entry_version, /*compressed_ok=*/true};
constexpr std::string_view file_suffix = ".tjk";
/// Temporary files are "<hash>.tjk.tmp.XXXXXXXX" (support::write_file_atomically): not "*.tjk", so never
/// loaded or counted.
const std::string temp_marker = std::string(file_suffix) + std::string(support::temp_marker);
/// A temporary file this old was left by a process that died mid-store; the eviction scan removes it.
constexpr time_t stale_temp_seconds = 3600;

std::string encode_entry(std::string_view key, std::span<const char> object) {
    std::string payload;
    payload.reserve(object.size() + key.size() + 8);
    payload.append(object.data(), object.size());
    payload.append(key);
    char size[8];
    endian::write64le(size, key.size());
    payload.append(size, sizeof size);
    return support::encode_container(support::FileKind::Kernel, entry_version, payload,
                                     payload.size() >= compress_from_bytes ? support::Compress::Zstd
                                                                           : support::Compress::No);
}

/// The key and the object in a verified payload, or why the payload is unusable.
struct EntryParts {
    std::string_view key;
    size_t object_size = 0;
    std::string error; ///< empty when the payload is sound
};

EntryParts split_entry(std::string_view payload) {
    EntryParts e;
    if (payload.size() < 8) {
        e.error = fmt::format("corrupt: a payload of {} bytes has no room for the key length", payload.size());
        return e;
    }
    const uint64_t key_size = endian::read64le(payload.data() + payload.size() - 8);
    if (key_size > payload.size() - 8) {
        e.error = fmt::format("corrupt: key length {} exceeds the {}-byte payload", key_size, payload.size());
        return e;
    }
    e.object_size = payload.size() - 8 - static_cast<size_t>(key_size);
    e.key = payload.substr(e.object_size, static_cast<size_t>(key_size));
    return e;
}

std::string errno_text(int err) { return std::error_code(err, std::generic_category()).message(); }

/// Closes a descriptor on every way out of a scope.
struct FdCloser {
    int fd;
    ~FdCloser() {
        if (fd >= 0)
            ::close(fd);
    }
};

/// Deletes a bad file, unless another process has already renamed a new file over it since we opened it.
void discard(const std::string &path, const struct stat &opened) {
    struct stat now;
    if (::lstat(path.c_str(), &now) == 0 && now.st_dev == opened.st_dev && now.st_ino == opened.st_ino &&
        ::unlink(path.c_str()) != 0 && errno != ENOENT)
        logging::debug("disk cache: cannot delete {}: {}", path, errno_text(errno));
}

/// Logs an exception that escaped a load or store; never throws itself.
void log_exception(const char *where, const char *what) noexcept {
    try {
        logging::warn("disk cache: {} failed: {}", where, what);
    } catch (...) {
    }
}

std::optional<uint64_t> parse_size(std::string_view s) {
    uint64_t value = 0;
    size_t i = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
        const uint64_t digit = static_cast<uint64_t>(s[i] - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return std::nullopt;
        value = value * 10 + digit;
    }
    if (i == 0)
        return std::nullopt;
    int shift = 0;
    if (i < s.size()) {
        switch (s[i]) {
        case 'K':
        case 'k':
            shift = 10;
            break;
        case 'M':
        case 'm':
            shift = 20;
            break;
        case 'G':
        case 'g':
            shift = 30;
            break;
        default:
            return std::nullopt;
        }
        ++i;
    }
    if (i != s.size() || value > (UINT64_MAX >> shift))
        return std::nullopt;
    return value << shift;
}

std::string env(const char *name) {
    const char *value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

/// The home folder from the password database, for when $HOME is unset.
std::string home_from_passwd() {
    long size = ::sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(size > 0 ? static_cast<size_t>(size) : 16384);
    struct passwd pw;
    struct passwd *found = nullptr;
    if (::getpwuid_r(::geteuid(), &pw, buffer.data(), buffer.size(), &found) != 0 || !found || !found->pw_dir)
        return {};
    return found->pw_dir;
}

} // namespace

DiskCacheConfig disk_cache_config_from_env() {
    DiskCacheConfig config;
    const std::string dir = env("TRACEJIT_CACHE_DIR");
    const std::string xdg = env("XDG_CACHE_HOME");
    if (!dir.empty()) {
        config.dir = dir;
    } else if (!xdg.empty() && xdg[0] == '/') { // the XDG spec says to ignore relative paths
        config.dir = xdg + "/tracejit";
    } else {
        std::string home = env("HOME");
        if (home.empty())
            home = home_from_passwd();
        if (!home.empty()) {
            config.dir = home + "/.cache/tracejit";
        } else {
            logging::warn("disk cache: neither TRACEJIT_CACHE_DIR, XDG_CACHE_HOME nor HOME is set; disk cache off");
            config.enabled = false;
        }
    }

    if (const char *on = std::getenv("TRACEJIT_CACHE")) {
        const std::string_view v = on;
        if (v == "0" || v == "off" || v == "false" || v == "no")
            config.enabled = false;
        else if (!(v == "1" || v == "on" || v == "true" || v == "yes" || v.empty()))
            logging::warn("disk cache: TRACEJIT_CACHE={} is not 0 or 1; leaving the disk cache on", v);
    }

    if (const char *size = std::getenv("TRACEJIT_CACHE_SIZE"); size && *size) {
        if (std::optional<uint64_t> bytes = parse_size(size))
            config.max_bytes = *bytes;
        else
            logging::warn("disk cache: TRACEJIT_CACHE_SIZE={} is not a byte count like 500M or 2G; using {} bytes", size,
                      config.max_bytes);
    }
    return config;
}

DiskCache::DiskCache(DiskCacheConfig config) : m_config(std::move(config)) {}

KernelLookup DiskCache::find_or_compile(KernelCompiler &compiler, const KernelIR &ir) {
    const std::string key = compiler.disk_key(ir);
    const uint64_t hash = support::hash64(key);
    if (auto code = load(hash, key)) {
        try {
            return {compiler.load(*code), KernelSource::Disk, 0};
        } catch (const Error &e) {
            logging::warn("disk cache: cached {} {:016x} does not load ({}); compiling it again", compiler.name(), hash,
                          e.what());
        }
    }
    CompiledKernel compiled = compiler.compile(ir);
    store(hash, key, compiled.code);
    return {std::move(compiled.kernel), KernelSource::Compiled, 0};
}

std::optional<std::vector<char>> DiskCache::load(uint64_t hash, std::string_view key) {
    if (!m_config.enabled)
        return std::nullopt;
    try {
        if (!dir_usable(false))
            return std::nullopt;
        return load_file(fmt::format("{}/{:016x}{}", m_config.dir, hash, file_suffix), key);
    } catch (const std::exception &e) {
        log_exception("load", e.what());
    } catch (...) {
        log_exception("load", "unknown exception");
    }
    return std::nullopt;
}

void DiskCache::store(uint64_t hash, std::string_view key, std::span<const char> object) {
    if (!m_config.enabled)
        return;
    try {
        if (!dir_usable(true))
            return;
        if (std::optional<uint64_t> written =
                write_file(fmt::format("{}/{:016x}{}", m_config.dir, hash, file_suffix), key, object))
            count_store(*written);
    } catch (const std::exception &e) {
        log_exception("store", e.what());
    } catch (...) {
        log_exception("store", "unknown exception");
    }
}

/// True when files may be read from and written to the folder. The folder must be a directory of this user
/// that nobody else can write to: anyone who can put files there chooses the code we run.
bool DiskCache::dir_usable(bool create) {
    const int state = m_dir_state.load(std::memory_order_acquire);
    if (state != DirUnknown)
        return state == DirTrusted;

    const std::string &dir = m_config.dir;
    auto refuse = [&](const std::string &why) {
        m_dir_state.store(DirRefused, std::memory_order_release);
        if (!m_warned_dir.exchange(true))
            logging::warn("disk cache: not using {}: {}", dir, why);
        return false;
    };
    if (dir.empty())
        return refuse("no folder configured (set TRACEJIT_CACHE_DIR)");

    struct stat st;
    if (::stat(dir.c_str(), &st) != 0) {
        const int err = errno;
        if (err != ENOENT) {
            if (create)
                store_failed(fmt::format("cannot inspect {}: {}", dir, errno_text(err)));
            else
                logging::debug("disk cache: miss, cannot inspect {}: {}", dir, errno_text(err));
            return false;
        }
        if (!create)
            return false; // nothing stored yet; store() creates the folder
        // `mkdir -p`, each folder it makes with mode 0700 (less the umask).
        if (std::error_code ec = llvm::sys::fs::create_directories(dir, true, llvm::sys::fs::owner_all)) {
            store_failed(fmt::format("cannot create {}: {}", dir, ec.message()));
            return false;
        }
        if (::stat(dir.c_str(), &st) != 0) {
            store_failed(fmt::format("cannot inspect {}: {}", dir, errno_text(errno)));
            return false;
        }
        logging::debug("disk cache: created {}", dir);
    }
    if (!S_ISDIR(st.st_mode))
        return refuse("not a directory");
    if (st.st_uid != ::geteuid())
        return refuse(fmt::format("owned by uid {}, not by this user (uid {}); cached code from it would run as "
                                  "this user",
                                  st.st_uid, ::geteuid()));
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return refuse(fmt::format("writable by group or others (mode {:o}); run chmod 700 on it", st.st_mode & 07777));
    m_dir_state.store(DirTrusted, std::memory_order_release);
    return true;
}

std::optional<std::vector<char>> DiskCache::load_file(const std::string &path, std::string_view key) {
    // O_NONBLOCK: a FIFO planted under the file's name must not hang the open.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT)
            logging::trace("disk cache: miss, no file {}", path);
        else if (err == ELOOP)
            logging::warn("disk cache: {} is a symbolic link; ignored", path);
        else
            logging::warn("disk cache: cannot open {}: {}", path, errno_text(err));
        return std::nullopt;
    }
    FdCloser closer{fd};

    struct stat st;
    if (::fstat(fd, &st) != 0) {
        logging::warn("disk cache: cannot inspect {}: {}", path, errno_text(errno));
        return std::nullopt;
    }
    // Files that are not plainly ours are left alone: they may belong to someone else.
    if (!S_ISREG(st.st_mode)) {
        logging::warn("disk cache: {} is not a regular file; ignored", path);
        return std::nullopt;
    }
    if (st.st_uid != ::geteuid()) {
        logging::warn("disk cache: {} is owned by uid {}, not by this user (uid {}); ignored", path, st.st_uid,
                  ::geteuid());
        return std::nullopt;
    }
    if (st.st_mode & (S_IWGRP | S_IWOTH)) {
        logging::warn("disk cache: {} is writable by group or others (mode {:o}); ignored", path, st.st_mode & 07777);
        return std::nullopt;
    }

    // The whole file is read (not mapped: a file cut short under a mapping would be SIGBUS), so its size bounds
    // every allocation; lengths inside it are only checked against it.
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> read = llvm::MemoryBuffer::getOpenFile(
        fd, path, static_cast<uint64_t>(st.st_size), /*RequiresNullTerminator=*/false, /*IsVolatile=*/true);
    if (!read) {
        logging::warn("disk cache: cannot read {}: {}", path, read.getError().message());
        return std::nullopt;
    }
    const std::string_view data((*read)->getBufferStart(), (*read)->getBufferSize());

    support::Decoded d = support::decode_container(data, entry_spec);
    EntryParts e = d ? split_entry(d.payload) : EntryParts{{}, 0, d.message};
    if (!e.error.empty()) {
        logging::warn("disk cache: {}: {}; deleted, the next store replaces it", path, e.error);
        discard(path, st);
        return std::nullopt;
    }
    if (e.key != key) {
        // A sound file for another key with the same hash: not an error. The caller compiles and stores,
        // which renames its own file over this one.
        logging::debug("disk cache: miss, {} holds another key with the same hash", path);
        return std::nullopt;
    }

    // Recently used = recent mtime: eviction deletes the oldest first.
    if (std::error_code ec = llvm::sys::fs::setLastAccessAndModificationTime(fd, std::chrono::system_clock::now()))
        logging::debug("disk cache: cannot touch {}: {}", path, ec.message());
    logging::trace("disk cache: hit {}", path);

    // The object is the payload's start: a decompressed payload is cut to it in place.
    if (d.decompressed.empty())
        return std::vector<char>(e.key.data() - e.object_size, e.key.data());
    d.decompressed.resize(e.object_size);
    return std::move(d.decompressed);
}

/// Writes the whole file under a unique temporary name and renames it into place, so a reader sees either the
/// old file or the new one, never a mix, however many threads and processes store at once. Returns the file's size,
/// or nothing when it was not stored.
std::optional<uint64_t> DiskCache::write_file(const std::string &path, std::string_view key,
                                              std::span<const char> object) {
    const std::string data = encode_entry(key, object);
    support::WriteResult w = support::write_file_atomically(path, data, support::FileMode::Private);
    if (w.failed == support::WriteStep::Create && w.error == std::errc::no_such_file_or_directory) {
        // The folder was deleted since it was checked: check and create it again, once.
        int trusted = DirTrusted;
        m_dir_state.compare_exchange_strong(trusted, DirUnknown);
        if (dir_usable(true))
            w = support::write_file_atomically(path, data, support::FileMode::Private);
    }
    switch (w.failed) {
    case support::WriteStep::None: break;
    case support::WriteStep::Create:
        store_failed(fmt::format("cannot create a temporary file in {}: {}", m_config.dir, w.error.message()));
        return std::nullopt;
    case support::WriteStep::Write:
        store_failed(fmt::format("cannot write {}: {}", w.temp_path, w.error.message()));
        return std::nullopt;
    case support::WriteStep::Rename:
        store_failed(fmt::format("cannot rename {}: {}", w.temp_path, w.error.message()));
        return std::nullopt;
    }
    // No fsync: a file cut short by a crash fails verification on load and is replaced, which costs one
    // recompile; an fsync would cost every store milliseconds.
    logging::debug("disk cache: stored {} ({} bytes, {} before compression)", path, data.size(),
               object.size() + key.size());
    return data.size();
}

namespace {

/// A cache file as the eviction scan found it.
struct CacheFile {
    std::string name;
    uint64_t size;
    struct timespec mtime;
};

/// Deletes `files` (of folder `dir_fd`, `total` bytes) in order of their modification time, least recently used
/// first, until at most `target` bytes are left; returns the bytes left.
uint64_t delete_oldest(int dir_fd, std::vector<CacheFile> &files, uint64_t total, uint64_t target) {
    std::sort(files.begin(), files.end(), [](const CacheFile &a, const CacheFile &b) {
        if (a.mtime.tv_sec != b.mtime.tv_sec)
            return a.mtime.tv_sec < b.mtime.tv_sec;
        if (a.mtime.tv_nsec != b.mtime.tv_nsec)
            return a.mtime.tv_nsec < b.mtime.tv_nsec;
        return a.name < b.name;
    });
    for (const CacheFile &f : files) {
        if (total <= target)
            break;
        if (::unlinkat(dir_fd, f.name.c_str(), 0) == 0 || errno == ENOENT) {
            total -= f.size;
            logging::debug("disk cache: evicted {} ({} bytes)", f.name, f.size);
        } else {
            logging::debug("disk cache: cannot evict {}: {}", f.name, errno_text(errno));
        }
    }
    return total;
}

} // namespace

/// Counts a stored file of `bytes` toward the folder's size, and scans the folder (scan_and_evict) on this object's
/// first store or once the count passes max_bytes. Between scans the count misses what other processes store; each
/// of them scans on its own first store and past the bound by its own count, so the folder stays within max_bytes
/// plus what they store between their scans.
void DiskCache::count_store(uint64_t bytes) {
    const uint64_t count = m_folder_bytes.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    if (m_scanned.load(std::memory_order_acquire) && count <= m_config.max_bytes)
        return;
    scan_and_evict();
}

/// Scans the folder (one readdir and one stat per file, about 2 us each: docs/kernel-cache.md, "Eviction") and
/// sets the count to the size of its *.tjk files; past max_bytes, first deletes the least recently used until they
/// fit in an eighth less (so that the next scan waits for that eighth to be stored, not for the next store).
void DiskCache::scan_and_evict() {
    if (m_scanning.exchange(true, std::memory_order_acquire))
        return; // another thread of this cache is scanning, and sets the count from what it finds
    struct Done {
        std::atomic<bool> &flag;
        ~Done() { flag.store(false, std::memory_order_release); }
    } done{m_scanning};

    DIR *dir = ::opendir(m_config.dir.c_str());
    if (!dir) {
        logging::debug("disk cache: cannot list {}: {}", m_config.dir, errno_text(errno));
        return;
    }
    struct DirCloser {
        DIR *dir;
        ~DirCloser() { ::closedir(dir); }
    } closer{dir};
    const int dir_fd = ::dirfd(dir);
    const uid_t uid = ::geteuid();
    const time_t now = ::time(nullptr);

    std::vector<CacheFile> entries;
    uint64_t total = 0;
    while (const struct dirent *e = ::readdir(dir)) {
        const std::string_view name = e->d_name;
        const bool temp = name.find(temp_marker) != std::string_view::npos;
        if (!temp && !name.ends_with(file_suffix))
            continue;
        struct stat st;
        if (::fstatat(dir_fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) || st.st_uid != uid)
            continue; // gone meanwhile, or not ours to delete
        if (temp) {
            if (now - st.st_mtim.tv_sec > stale_temp_seconds && ::unlinkat(dir_fd, e->d_name, 0) == 0)
                logging::debug("disk cache: deleted stale temporary file {}", name);
            continue;
        }
        total += static_cast<uint64_t>(st.st_size);
        entries.push_back({std::string(name), static_cast<uint64_t>(st.st_size), st.st_mtim});
    }
    if (total > m_config.max_bytes)
        total = delete_oldest(dir_fd, entries, total, m_config.max_bytes - m_config.max_bytes / 8);
    // (A store by another thread meanwhile may be lost from the count: it is then counted by the next scan.)
    m_folder_bytes.store(total, std::memory_order_relaxed);
    m_scanned.store(true, std::memory_order_release);
}

/// A failed store costs only a recompile later, so it is reported once at warn level, then at debug level.
void DiskCache::store_failed(const std::string &what) {
    if (!m_warned_store.exchange(true))
        logging::warn("disk cache: {}; not cached (further store failures are logged at debug level)", what);
    else
        logging::debug("disk cache: {}; not cached", what);
}

} // namespace tj::cache
