// runtime/support/container.h — the one format of tracejit's files on disk: header, payload, xxh3 checksum
//
// Kernel cache entries and tape files are containers. Layout, all integers little-endian:
//
//   offset  size  field
//   0       8     magic "TRACEJIT"
//   8       4     container version (container_version)
//   12      4     kind (FileKind): what the payload is, so that a tape is never read as a kernel
//   16      4     kind version: the layout of the payload, owned by the kind's reader
//   20      4     flags: bit 0 = payload compressed with zstd; the other bits are 0
//   24      8     S, the payload's size as stored
//   32      8     the payload's size once decompressed (S when it is not compressed)
//   40      S     the payload
//   40+S    8     xxh3-64 of every byte before it (header and payload)
//
// A file is written whole under a temporary name in the same folder and renamed into place, so a reader sees
// the old file or the new one, never a mix. decode_container() checks every field against the bytes it was
// given before using it; what it refuses it names, and the caller decides what that means (a cache miss, or a
// tj::Error for a tape).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace tj::support {

/// What a container holds. The numbers are on disk: never reuse one.
enum class FileKind : uint32_t {
    Kernel = 1, ///< a disk-cache entry: object code or PTX, and its full cache key
    Tape = 2,   ///< a recorded tape (runtime/tape/tape_file.h)
};

/// The magic every container starts with.
inline constexpr std::string_view container_magic = "TRACEJIT";
/// The version of the header and checksum layout above (not of any payload).
inline constexpr uint32_t container_version = 1;
/// Bytes before the payload.
inline constexpr size_t container_header_bytes = 40;
/// Bytes after the payload (the checksum).
inline constexpr size_t container_trailer_bytes = 8;
/// Offset of the kind version in the header (tests and tools poke at it).
inline constexpr size_t container_kind_version_offset = 16;

/// Whether encode_container() may compress the payload.
enum class Compress : bool { No, Zstd };

/// The bytes of a whole container file for `payload`, stored zstd-compressed with Compress::Zstd (the flag in
/// the header says which).
std::string encode_container(FileKind kind, uint32_t kind_version, std::string_view payload, Compress compress);

/// Why bytes are not a container that the caller can read.
enum class Invalid {
    None,             ///< valid
    Magic,            ///< too short for the magic, or another magic: not a tracejit file
    Truncated,        ///< shorter than the header or the payload it announces
    ContainerVersion, ///< a header layout this build does not know
    Kind,             ///< a container of another kind
    Version,          ///< a payload layout outside the versions the caller reads
    Flags,            ///< unknown flags, or compression the caller or this build cannot read
    TrailingBytes,    ///< bytes after the checksum
    Checksum,         ///< the checksum does not match
    Corrupt,          ///< sizes disagree, or the compressed payload does not decompress to its size
};

/// What the caller of decode_container() reads.
struct ContainerSpec {
    FileKind kind;           ///< the kind expected
    const char *noun;        ///< what the kind is called in messages ("tape", "kernel cache file")
    uint32_t oldest_version; ///< the oldest payload layout the caller reads
    uint32_t newest_version; ///< the newest payload layout the caller reads
    bool compressed_ok;      ///< whether a compressed payload is accepted (its size is then trusted)
};

/// A container as decode_container() read it.
struct Decoded {
    Invalid problem = Invalid::None; ///< None when the container is valid
    std::string message;             ///< the problem in words ("checksum mismatch"), empty when valid
    uint32_t kind_version = 0;       ///< the payload's layout version
    /// The payload: a view into the bytes given to decode_container(), or into `decompressed`. It stays valid
    /// while both live (moving a Decoded keeps it valid: a vector's move keeps its buffer).
    std::string_view payload;
    std::vector<char> decompressed; ///< the payload, when it was stored compressed
    /// True when the container is valid.
    explicit operator bool() const { return problem == Invalid::None; }
};

/// Checks `bytes` as a whole container file of `spec` and finds its payload (decompressing it if needed).
/// Never throws for any input except std::bad_alloc.
Decoded decode_container(std::string_view bytes, const ContainerSpec &spec);

/// Reads the whole file `path` into `bytes` (read, not mapped: a file cut short meanwhile gives fewer bytes, never
/// SIGBUS); the error of open() or read() on failure.
std::error_code read_file(const std::string &path, std::string &bytes);

/// Who may read a file written by write_file_atomically().
enum class FileMode {
    Private, ///< mode 0600 exactly, whatever the umask (cache files: their contents are run)
    Shared,  ///< 0666 less the umask, as fopen() gives (files for users, such as tapes)
};

/// The steps of write_file_atomically(), to say which one failed.
enum class WriteStep { None, Create, Write, Rename };

/// What write_file_atomically() did.
struct WriteResult {
    WriteStep failed = WriteStep::None; ///< None on success
    std::error_code error;              ///< why the step failed
    std::string temp_path;              ///< the temporary file (removed again on failure)
    /// True when the file was written and renamed into place.
    explicit operator bool() const { return failed == WriteStep::None; }
};

/// What write_file_atomically() appends to the path for its temporary file, before random characters.
inline constexpr std::string_view temp_marker = ".tmp.";

/// Writes `bytes` to a new file `<path>.tmp.XXXXXXXX` in the same folder, then renames it over `path`. No
/// fsync: a file cut short by a crash fails verification on load. On failure the temporary file is removed.
WriteResult write_file_atomically(const std::string &path, std::string_view bytes, FileMode mode);

} // namespace tj::support
