// runtime/support/container.cpp — encodes, verifies and atomically writes container files (layout in container.h)
#include "support/container.h"

#include "support/hash.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/Compression.h>
#include <llvm/Support/Endian.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

#include <cstring>
#include <unistd.h>

namespace tj::support {
namespace {

namespace endian = llvm::support::endian;

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

llvm::ArrayRef<uint8_t> as_bytes(std::string_view s) {
    return llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(s.data()), s.size());
}

} // namespace

bool zstd_available() { return llvm::compression::zstd::isAvailable(); }

std::string encode_container(FileKind kind, uint32_t kind_version, std::string_view payload, Compress compress) {
    llvm::SmallVector<uint8_t, 0> compressed;
    std::string_view stored = payload;
    uint32_t flags = 0;
    if (compress == Compress::Zstd && llvm::compression::zstd::isAvailable()) {
        llvm::compression::zstd::compress(as_bytes(payload), compressed);
        stored = std::string_view(reinterpret_cast<const char *>(compressed.data()), compressed.size());
        flags |= flag_zstd;
    }
    std::string out(container_header_bytes + stored.size() + container_trailer_bytes, '\0');
    char *p = out.data();
    std::memcpy(p, container_magic.data(), container_magic.size());
    endian::write32le(p + 8, container_version);
    endian::write32le(p + 12, static_cast<uint32_t>(kind));
    endian::write32le(p + container_kind_version_offset, kind_version);
    endian::write32le(p + 20, flags);
    endian::write64le(p + 24, stored.size());
    endian::write64le(p + 32, payload.size());
    std::memcpy(p + container_header_bytes, stored.data(), stored.size());
    const size_t end = container_header_bytes + stored.size();
    endian::write64le(p + end, hash64(p, end));
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
    if (uint32_t v = endian::read32le(p + 8); v != container_version)
        return fail(
            Invalid::ContainerVersion,
            fmt::format("container version {} is not supported (this build reads version {})", v, container_version));
    if (uint32_t kind = endian::read32le(p + 12); kind != static_cast<uint32_t>(spec.kind)) {
        const char *other = kind_noun(kind);
        return fail(Invalid::Kind, other ? fmt::format("a tracejit {}, not a {}", other, spec.noun)
                                         : fmt::format("unknown kind {}, not a tracejit {}", kind, spec.noun));
    }
    d.kind_version = endian::read32le(p + container_kind_version_offset);
    if (d.kind_version < spec.oldest_version || d.kind_version > spec.newest_version)
        return fail(Invalid::Version, fmt::format("version {} is not supported (this build reads versions {} to {})",
                                                  d.kind_version, spec.oldest_version, spec.newest_version));
    const uint32_t flags = endian::read32le(p + 20);
    if (flags & ~known_flags)
        return fail(Invalid::Flags, fmt::format("unknown flags {:#x}", flags));
    const bool zstd = flags & flag_zstd;
    if (zstd && !spec.compressed_ok)
        return fail(Invalid::Flags, fmt::format("a compressed {}, which is always stored uncompressed", spec.noun));
    if (zstd && !llvm::compression::zstd::isAvailable())
        return fail(Invalid::Flags, "compressed with zstd, which this build of LLVM cannot decompress");
    // Every length is checked against the bytes there are before it is used.
    const uint64_t stored = endian::read64le(p + 24);
    const size_t room = size - container_header_bytes - container_trailer_bytes;
    if (stored > room)
        return fail(Invalid::Truncated, fmt::format("truncated at byte {}", size));
    if (stored < room)
        return fail(Invalid::TrailingBytes,
                    fmt::format("corrupt: {} bytes after the end of the {}", room - stored, spec.noun));
    const size_t end = container_header_bytes + stored;
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION // fuzzers reach the readers' own checks this way
    if (endian::read64le(p + end) != hash64(p, end))
        return fail(Invalid::Checksum, "checksum mismatch");
#endif
    const uint64_t raw = endian::read64le(p + 32);
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
    size_t got = d.decompressed.size();
    if (llvm::Error e = llvm::compression::zstd::decompress(as_bytes(stored_payload),
                                                            reinterpret_cast<uint8_t *>(d.decompressed.data()), got))
        return fail(Invalid::Corrupt, "corrupt: " + llvm::toString(std::move(e)));
    if (got != raw)
        return fail(Invalid::Corrupt,
                    fmt::format("corrupt: the payload decompresses to {} bytes, not the {} announced", got, raw));
    d.payload = std::string_view(d.decompressed.data(), d.decompressed.size());
    return d;
}

WriteResult write_file_atomically(const std::string &path, std::string_view bytes, FileMode mode) {
    namespace fs = llvm::sys::fs;
    WriteResult r;
    const unsigned perms = mode == FileMode::Private ? fs::owner_read | fs::owner_write : fs::all_read | fs::all_write;
    int fd = -1;
    llvm::SmallString<256> temp;
    if (std::error_code ec =
            fs::createUniqueFile(path + std::string(temp_marker) + "%%%%%%%%", fd, temp, fs::OF_None, perms)) {
        r.failed = WriteStep::Create;
        r.error = ec;
        return r;
    }
    r.temp_path = std::string(temp.str());
    auto fail = [&](WriteStep step, std::error_code ec) {
        r.failed = step;
        r.error = ec;
        ::unlink(r.temp_path.c_str());
        return std::move(r);
    };
    // The umask may have taken bits away (never added any); a private file gets exactly 0600.
    if (mode == FileMode::Private)
        if (std::error_code ec = fs::setPermissions(fd, fs::owner_read | fs::owner_write)) {
            ::close(fd);
            return fail(WriteStep::Create, ec);
        }
    {
        llvm::raw_fd_ostream out(fd, /*shouldClose=*/true, /*unbuffered=*/true);
        out.write(bytes.data(), bytes.size());
        out.close();
        if (out.has_error()) {
            std::error_code ec = out.error();
            out.clear_error(); // else its destructor reports a fatal error
            return fail(WriteStep::Write, ec);
        }
    }
    if (std::error_code ec = fs::rename(r.temp_path, path))
        return fail(WriteStep::Rename, ec);
    return r;
}

} // namespace tj::support
