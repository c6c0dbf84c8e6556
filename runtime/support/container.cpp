// runtime/support/container.cpp — encodes, verifies and atomically writes container files (layout in container.h)
#include "support/container.h"

#include "support/endian.h"
#include "support/hash.h"

#include <fmt/format.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tj::support {
namespace {

/// zstd's level for cache entries: LLVM's default, which compressed them before (any zstd decoder reads them).
constexpr int zstd_level = 5;

constexpr uint32_t flag_zstd = 1; ///< the payload is compressed with zstd
constexpr uint32_t known_flags = flag_zstd;

/// How the other kinds are called when a file of one is read as another.
const char *kind_noun(uint32_t kind) {
    switch (static_cast<FileKind>(kind)) {
    case FileKind::Kernel: return "kernel cache file";
    case FileKind::Tape: return "tape";
    }
    return nullptr;
}

/// Creates a new file `<path><temp_marker>` + 8 random characters with `perms` (less the umask): the name is
/// returned in `temp`, the open descriptor as the result; -1 with errno set when none could be created.
int create_unique_file(const std::string &path, mode_t perms, std::string &temp) {
    static constexpr char digits[] = "0123456789abcdef";
    thread_local std::mt19937_64 random{std::random_device{}()};
    for (int attempt = 0; attempt < 128; ++attempt) {
        temp = path + std::string(temp_marker);
        uint64_t bits = random();
        for (int i = 0; i < 8; ++i, bits >>= 4)
            temp += digits[bits & 15];
        int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, perms);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1; // errno is EEXIST
}

/// Writes all of `bytes` to `fd` (retrying short writes and interruptions); 0 or the errno of the failure.
int write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        bytes.remove_prefix(static_cast<size_t>(n));
    }
    return 0;
}

std::error_code errno_code(int e) { return std::error_code(e, std::generic_category()); }

} // namespace

std::string encode_container(FileKind kind, uint32_t kind_version, std::string_view payload, Compress compress) {
    std::string compressed;
    std::string_view stored = payload;
    uint32_t flags = 0;
    if (compress == Compress::Zstd) {
        compressed.resize(ZSTD_compressBound(payload.size()));
        const size_t n =
            ZSTD_compress(compressed.data(), compressed.size(), payload.data(), payload.size(), zstd_level);
        // With a bound-sized buffer only an allocation failure inside zstd makes it fail.
        if (ZSTD_isError(n))
            throw std::bad_alloc();
        compressed.resize(n);
        stored = compressed;
        flags |= flag_zstd;
    }
    std::string out(container_header_bytes + stored.size() + container_trailer_bytes, '\0');
    char *p = out.data();
    std::memcpy(p, container_magic.data(), container_magic.size());
    write32le(p + 8, container_version);
    write32le(p + 12, static_cast<uint32_t>(kind));
    write32le(p + container_kind_version_offset, kind_version);
    write32le(p + 20, flags);
    write64le(p + 24, stored.size());
    write64le(p + 32, payload.size());
    std::memcpy(p + container_header_bytes, stored.data(), stored.size());
    const size_t end = container_header_bytes + stored.size();
    write64le(p + end, hash64(p, end));
    return out;
}

Decoded decode_container(std::string_view bytes, const ContainerSpec &spec) {
    Decoded d;
    auto fail = [&](Invalid problem, std::string message) {
        d.problem = problem;
        d.message = std::move(message);
        return std::move(d);
    };
    const size_t size = bytes.size();
    if (size < container_magic.size() || bytes.substr(0, container_magic.size()) != container_magic)
        return fail(Invalid::Magic, fmt::format("not a tracejit {}", spec.noun));
    if (size < container_header_bytes + container_trailer_bytes)
        return fail(Invalid::Truncated, fmt::format("truncated at byte {}", size));
    const char *p = bytes.data();
    if (uint32_t v = read32le(p + 8); v != container_version)
        return fail(
            Invalid::ContainerVersion,
            fmt::format("container version {} is not supported (this build reads version {})", v, container_version));
    if (uint32_t kind = read32le(p + 12); kind != static_cast<uint32_t>(spec.kind)) {
        const char *other = kind_noun(kind);
        return fail(Invalid::Kind, other ? fmt::format("a tracejit {}, not a {}", other, spec.noun)
                                         : fmt::format("unknown kind {}, not a tracejit {}", kind, spec.noun));
    }
    d.kind_version = read32le(p + container_kind_version_offset);
    if (d.kind_version < spec.oldest_version || d.kind_version > spec.newest_version)
        return fail(Invalid::Version, fmt::format("version {} is not supported (this build reads versions {} to {})",
                                                  d.kind_version, spec.oldest_version, spec.newest_version));
    const uint32_t flags = read32le(p + 20);
    if (flags & ~known_flags)
        return fail(Invalid::Flags, fmt::format("unknown flags {:#x}", flags));
    const bool zstd = flags & flag_zstd;
    if (zstd && !spec.compressed_ok)
        return fail(Invalid::Flags, fmt::format("a compressed {}, which is always stored uncompressed", spec.noun));
    // Every length is checked against the bytes there are before it is used.
    const uint64_t stored = read64le(p + 24);
    const size_t room = size - container_header_bytes - container_trailer_bytes;
    if (stored > room)
        return fail(Invalid::Truncated, fmt::format("truncated at byte {}", size));
    if (stored < room)
        return fail(Invalid::TrailingBytes,
                    fmt::format("corrupt: {} bytes after the end of the {}", room - stored, spec.noun));
    const size_t end = container_header_bytes + stored;
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION // fuzzers reach the readers' own checks this way
    if (read64le(p + end) != hash64(p, end))
        return fail(Invalid::Checksum, "checksum mismatch");
#endif
    const uint64_t raw = read64le(p + 32);
    const std::string_view stored_payload = bytes.substr(container_header_bytes, stored);
    if (!zstd) {
        if (raw != stored)
            return fail(Invalid::Corrupt,
                        fmt::format("corrupt: payload of {} bytes said to be {} uncompressed", stored, raw));
        d.payload = stored_payload;
        return d;
    }
    // The checksum covers the size, so only a file made on purpose asks for an absurd one; the allocation then
    // throws std::bad_alloc, which the disk cache (the one kind that compresses) turns into a miss.
    d.decompressed.resize(static_cast<size_t>(raw));
    const size_t got =
        ZSTD_decompress(d.decompressed.data(), d.decompressed.size(), stored_payload.data(), stored_payload.size());
    if (ZSTD_isError(got))
        return fail(Invalid::Corrupt, std::string("corrupt: ") + ZSTD_getErrorName(got));
    if (got != raw)
        return fail(Invalid::Corrupt,
                    fmt::format("corrupt: the payload decompresses to {} bytes, not the {} announced", got, raw));
    d.payload = std::string_view(d.decompressed.data(), d.decompressed.size());
    return d;
}

std::error_code read_file(const std::string &path, std::string &bytes) {
    bytes.clear();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno_code(errno);
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int e = errno;
            ::close(fd);
            return errno_code(e);
        }
        bytes.append(buffer, static_cast<size_t>(n));
    }
    ::close(fd);
    return {};
}

WriteResult write_file_atomically(const std::string &path, std::string_view bytes, FileMode mode) {
    WriteResult r;
    const mode_t perms = mode == FileMode::Private ? 0600 : 0666;
    const int fd = create_unique_file(path, perms, r.temp_path);
    if (fd < 0) {
        r.failed = WriteStep::Create;
        r.error = errno_code(errno);
        r.temp_path.clear();
        return r;
    }
    auto fail = [&](WriteStep step, int e) {
        r.failed = step;
        r.error = errno_code(e);
        ::unlink(r.temp_path.c_str());
        return std::move(r);
    };
    // The umask may have taken bits away (never added any); a private file gets exactly 0600.
    if (mode == FileMode::Private && ::fchmod(fd, 0600) != 0) {
        const int e = errno;
        ::close(fd);
        return fail(WriteStep::Create, e);
    }
    if (int e = write_all(fd, bytes)) {
        ::close(fd);
        return fail(WriteStep::Write, e);
    }
    if (::close(fd) != 0)
        return fail(WriteStep::Write, errno);
    if (::rename(r.temp_path.c_str(), path.c_str()) != 0)
        return fail(WriteStep::Rename, errno);
    return r;
}

} // namespace tj::support
