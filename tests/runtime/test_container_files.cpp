// tests/runtime/test_container_files.cpp — support/: the hash, zstd round trips, and reading and writing files
#include "support/container.h"
#include "support/hash.h"

#include "test_util.h"

#include <doctest/doctest.h>

#include <cerrno>
#include <filesystem>
#include <string>

#include <sys/stat.h>

namespace {

using namespace tj::support;
using tj_test::TempDir;

mode_t mode_of(const std::string &path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_mode & 0777;
}

} // namespace

TEST_CASE("support: hash64 is XXH3-64 with seed 0, as disk file names and checksums were before") {
    // Reference values of xxHash's XXH3_64bits (the same as llvm::xxh3_64bits, which computed them before).
    CHECK(hash64("") == 0x2D06800538D394C2ull);
    CHECK(hash64(std::string_view("a")) == 0xE6C632B61E964E1Full);
}

TEST_CASE("support: a compressed container decodes to its payload; a damaged one is refused, never a crash") {
    std::string payload;
    for (int i = 0; i < 5000; ++i)
        payload += "kernel " + std::to_string(i % 17) + ";\n";
    const ContainerSpec spec{FileKind::Kernel, "kernel cache file", 1, 1, /*compressed_ok=*/true};
    const std::string file = encode_container(FileKind::Kernel, 1, payload, Compress::Zstd);
    CHECK(file.size() * 10 < payload.size());
    Decoded d = decode_container(file, spec);
    REQUIRE(d);
    CHECK(d.payload == payload);
    // A stored payload that is not zstd (its checksum made right): Corrupt, with zstd's own reason.
    std::string damaged = file;
    damaged[container_header_bytes] ^= 0x55;
    const uint64_t sum = hash64(damaged.data(), damaged.size() - container_trailer_bytes);
    for (int i = 0; i < 8; ++i)
        damaged[damaged.size() - 8 + i] = static_cast<char>(sum >> (8 * i));
    Decoded bad = decode_container(damaged, spec);
    CHECK(bad.problem == Invalid::Corrupt);
    CHECK(bad.message.rfind("corrupt: ", 0) == 0);
}

TEST_CASE("support: write_file_atomically gives private files 0600 and shared ones 0666 less the umask") {
    TempDir dir;
    const std::string priv = dir.path + "/private", shared = dir.path + "/shared";
    const mode_t old = ::umask(022);
    WriteResult p = write_file_atomically(priv, "one", FileMode::Private);
    WriteResult s = write_file_atomically(shared, "two", FileMode::Shared);
    ::umask(old);
    REQUIRE(p);
    REQUIRE(s);
    CHECK(mode_of(priv) == 0600);
    CHECK(mode_of(shared) == 0644);
    // The temporary file was <path>.tmp.<8 characters> and is gone after the rename.
    CHECK(p.temp_path.size() == priv.size() + temp_marker.size() + 8);
    CHECK_FALSE(std::filesystem::exists(p.temp_path));
    std::string bytes;
    CHECK_FALSE(read_file(shared, bytes));
    CHECK(bytes == "two");
    // Replacing an existing file.
    REQUIRE(write_file_atomically(shared, std::string(100000, 'x'), FileMode::Shared));
    CHECK_FALSE(read_file(shared, bytes));
    CHECK(bytes == std::string(100000, 'x'));
}

TEST_CASE("support: file errors say which step failed and why") {
    TempDir dir;
    WriteResult w = write_file_atomically(dir.path + "/missing/f", "x", FileMode::Shared);
    CHECK(w.failed == WriteStep::Create);
    CHECK(w.error == std::errc::no_such_file_or_directory);
    CHECK(w.temp_path.empty());
    // The rename fails onto a non-empty folder: the temporary file is removed again.
    std::filesystem::create_directories(dir.path + "/busy/inside");
    WriteResult r = write_file_atomically(dir.path + "/busy", "x", FileMode::Shared);
    CHECK(r.failed == WriteStep::Rename);
    CHECK_FALSE(r.temp_path.empty());
    CHECK_FALSE(std::filesystem::exists(r.temp_path));
    std::string bytes = "left over";
    CHECK(read_file(dir.path + "/none", bytes) == std::errc::no_such_file_or_directory);
    CHECK(bytes.empty());
    CHECK(read_file(dir.path, bytes) == std::errc::is_a_directory);
}
