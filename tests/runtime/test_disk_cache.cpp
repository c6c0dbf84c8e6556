// tests/runtime/test_disk_cache.cpp — disk kernel cache: round trips, damaged and foreign files, trust, eviction, races
#include "cache/disk_cache.h"
#include "support/container.h"
#include "support/hash.h"

#include <tracejit/log.h>

#include <doctest/doctest.h>

#include "test_util.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using tj::cache::DiskCache;
using tj::cache::DiskCacheConfig;

namespace {

using tj_test::LogCapture;
using tj_test::TempDir;

DiskCache make_cache(const std::string &dir, uint64_t max_bytes = 1ull << 30) {
    return DiskCache(DiskCacheConfig{dir, true, max_bytes});
}

std::string hex16(uint64_t v) {
    static const char digits[] = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4)
        s[static_cast<size_t>(i)] = digits[v & 15];
    return s;
}

std::string file_of(const std::string &dir, uint64_t hash) { return dir + "/" + hex16(hash) + ".tjk"; }

std::vector<char> bytes(std::string_view s) { return std::vector<char>(s.begin(), s.end()); }

std::vector<char> read_bytes(const std::string &path) {
    std::vector<char> out;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    char buf[4096];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0)
        out.insert(out.end(), buf, buf + n);
    ::close(fd);
    return out;
}

/// Replaces a file's bytes in place, keeping it owned by us with mode 0600.
void write_bytes(const std::string &path, const std::vector<char> &data) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    REQUIRE(fd >= 0);
    REQUIRE(::write(fd, data.data(), data.size()) == static_cast<ssize_t>(data.size()));
    REQUIRE(::fchmod(fd, 0600) == 0);
    ::close(fd);
}

void put_le(std::vector<char> &out, uint64_t v, int size) {
    for (int i = 0; i < size; ++i)
        out.push_back(static_cast<char>(v >> (8 * i)));
}

uint64_t get_le(const std::vector<char> &data, size_t at, int size) {
    uint64_t v = 0;
    for (int i = 0; i < size; ++i)
        v |= uint64_t(static_cast<unsigned char>(data[at + size_t(i)])) << (8 * i);
    return v;
}

/// A cache file built by hand, as documented in docs/kernel-cache.md, with the payload stored uncompressed (as
/// a build of LLVM without zstd writes it); `edit` can make fields lie, and the checksum is always right, so
/// the structural checks are the ones tested.
struct FileSpec {
    std::string magic = "TRACEJIT";
    uint32_t container_version = 1;
    uint32_t kind = 1; // kernel cache entry
    uint32_t version = 1;
    uint32_t flags = 0;
    std::string key;
    std::string object;
    std::optional<uint64_t> stored_size;
    std::optional<uint64_t> raw_size;
    std::optional<uint64_t> key_size;
};
std::vector<char> build(std::string_view key, std::string_view object, void (*edit)(FileSpec &) = nullptr) {
    FileSpec f;
    f.key = key;
    f.object = object;
    if (edit)
        edit(f);
    std::vector<char> payload(f.object.begin(), f.object.end()); // object | key | u64 key length
    payload.insert(payload.end(), f.key.begin(), f.key.end());
    put_le(payload, f.key_size.value_or(f.key.size()), 8);
    std::vector<char> out(f.magic.begin(), f.magic.end());
    put_le(out, f.container_version, 4);
    put_le(out, f.kind, 4);
    put_le(out, f.version, 4);
    put_le(out, f.flags, 4);
    put_le(out, f.stored_size.value_or(payload.size()), 8);
    put_le(out, f.raw_size.value_or(payload.size()), 8);
    out.insert(out.end(), payload.begin(), payload.end());
    put_le(out, tj::support::hash64(out.data(), out.size()), 8);
    return out;
}

/// A cache file as the disk cache of the build before this format wrote it: "TJKCACHE" | u32 version 1 |
/// u64 key length | key | u64 object length | object | u64 FNV-1a of all before it.
std::vector<char> build_old_format(std::string_view key, std::string_view object) {
    std::vector<char> out = bytes("TJKCACHE");
    put_le(out, 1, 4);
    put_le(out, key.size(), 8);
    out.insert(out.end(), key.begin(), key.end());
    put_le(out, object.size(), 8);
    out.insert(out.end(), object.begin(), object.end());
    uint64_t h = 0xcbf29ce484222325ull;
    for (char c : out)
        h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    put_le(out, h, 8);
    return out;
}

/// The size of the file DiskCache::store() writes for this key and object (compressed from
/// compress_from_bytes on, when zstd is there).
size_t stored_size(std::string_view key, const std::vector<char> &object) {
    std::string payload(object.begin(), object.end());
    payload += key;
    std::vector<char> size;
    put_le(size, key.size(), 8);
    payload.append(size.begin(), size.end());
    const auto compress =
        payload.size() >= tj::cache::compress_from_bytes ? tj::support::Compress::Zstd : tj::support::Compress::No;
    return tj::support::encode_container(tj::support::FileKind::Kernel, 1, payload, compress).size();
}

/// `n` random bytes: they do not compress, so the file's size follows the object's.
std::vector<char> random_bytes(size_t n, unsigned seed) {
    std::mt19937_64 rng(seed);
    std::vector<char> out(n);
    for (char &c : out)
        c = static_cast<char>(rng());
    return out;
}

/// Random bytes whose cache file for `key` is the first size above `target`.
std::vector<char> object_filling(std::string_view key, size_t target) {
    size_t n = 1;
    while (stored_size(key, random_bytes(n, 5)) <= target)
        ++n;
    return random_bytes(n, 5);
}

struct stat stat_of(const std::string &path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st;
}

void set_mtime(const std::string &path, time_t seconds_ago) {
    const struct timespec t[2] = {{::time(nullptr) - seconds_ago, 0}, {::time(nullptr) - seconds_ago, 0}};
    REQUIRE(::utimensat(AT_FDCWD, path.c_str(), t, 0) == 0);
}

size_t count_files(const std::string &dir) {
    size_t n = 0;
    for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir))
        ++n;
    return n;
}

/// Sets environment variables for one test and puts the old values back.
struct EnvGuard {
    std::vector<std::pair<std::string, std::optional<std::string>>> saved;
    EnvGuard() {
        for (const char *name :
             {"TRACEJIT_CACHE_DIR", "XDG_CACHE_HOME", "HOME", "TRACEJIT_CACHE", "TRACEJIT_CACHE_SIZE"}) {
            const char *v = std::getenv(name);
            saved.emplace_back(name, v ? std::optional<std::string>(v) : std::nullopt);
            ::unsetenv(name);
        }
    }
    ~EnvGuard() {
        for (const auto &[name, v] : saved) {
            if (v)
                ::setenv(name.c_str(), v->c_str(), 1);
            else
                ::unsetenv(name.c_str());
        }
    }
};

const std::string key_a = "kernel a: add(f32 %0, f32 %1) backend=llvm device=cpu-avx512 flags=fast-math";
const std::string key_b = "kernel b: mul(f32 %0, f32 %1) backend=llvm device=cpu-avx512 flags=fast-math";
const std::string object_a("\177ELF object code for a\0with zero bytes", 38);

/// A disk cache in a fresh folder, its log captured (the fixture of the tests of one cache object).
struct CacheInFolder {
    TempDir tmp;
    LogCapture log;
    DiskCache cache = make_cache(tmp.path);

    /// Writes `data` as the file of `hash`, then checks that loading it for `key` is a miss that warns once (with a
    /// message containing `warning`) and deletes the file.
    void check_rejected(uint64_t hash, const std::vector<char> &data, const std::string &key = key_a,
                        const std::string &warning = "") {
        const std::string path = file_of(tmp.path, hash);
        write_bytes(path, data);
        log.clear();
        CHECK_FALSE(cache.load(hash, key).has_value());
        CHECK(log.count(tj::LogLevel::Warn, warning) == 1);
        CHECK_FALSE(fs::exists(path));
    }
};

} // namespace

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: store then load returns the same bytes, in the documented format") {
    const uint64_t hash = 0x0123456789abcdefull;

    CHECK_FALSE(cache.load(hash, key_a).has_value());
    cache.store(hash, key_a, bytes(object_a));
    std::optional<std::vector<char>> hit = cache.load(hash, key_a);
    REQUIRE(hit.has_value());
    CHECK(*hit == bytes(object_a));

    // The documented layout: header, payload (object | key | key length), xxh3 of all before it.
    const std::string path = tmp.path + "/0123456789abcdef.tjk";
    const std::vector<char> file = read_bytes(path);
    REQUIRE(file.size() > 48);
    CHECK(std::string(file.begin(), file.begin() + 8) == "TRACEJIT");
    CHECK(get_le(file, 8, 4) == 1);                                        // container version
    CHECK(get_le(file, 12, 4) == 1);                                       // kind: kernel cache entry
    CHECK(get_le(file, 16, 4) == 1);                                       // entry version
    CHECK(get_le(file, 20, 4) == 0);                                       // a small entry is stored uncompressed
    CHECK(get_le(file, 24, 8) == file.size() - 48);
    CHECK(get_le(file, 32, 8) == object_a.size() + key_a.size() + 8);
    CHECK(get_le(file, file.size() - 8, 8) == tj::support::hash64(file.data(), file.size() - 8));
    const tj::support::Decoded d = tj::support::decode_container(
        std::string_view(file.data(), file.size()),
        tj::support::ContainerSpec{tj::support::FileKind::Kernel, "kernel cache file", 1, 1, true});
    REQUIRE(d);
    std::vector<char> payload = bytes(object_a + key_a);
    put_le(payload, key_a.size(), 8);
    CHECK(std::vector<char>(d.payload.begin(), d.payload.end()) == payload);
    CHECK((stat_of(path).st_mode & 07777) == 0600);
    CHECK(count_files(tmp.path) == 1); // no temporary file left behind

    // Storing again replaces the object; empty keys, empty objects and large objects round-trip.
    cache.store(hash, key_a, bytes("new code"));
    CHECK(cache.load(hash, key_a) == bytes("new code"));
    cache.store(7, "", std::span<const char>());
    CHECK(cache.load(7, "") == std::vector<char>());
    std::vector<char> large(3 << 20);
    for (size_t i = 0; i < large.size(); ++i)
        large[i] = static_cast<char>(i * 2654435761u >> 13);
    cache.store(8, key_b, large);
    CHECK(cache.load(8, key_b) == large);
    CHECK(log.count(tj::LogLevel::Warn) == 0);
}

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: another key with the same hash is a miss, not an error") {
    cache.store(42, key_a, bytes(object_a));

    CHECK_FALSE(cache.load(42, key_b).has_value());
    CHECK_FALSE(cache.load(42, key_a.substr(0, key_a.size() - 1)).has_value()); // a prefix is another key
    CHECK(log.count(tj::LogLevel::Debug, "another key") == 2);
    CHECK(log.count(tj::LogLevel::Warn) == 0);
    CHECK(cache.load(42, key_a) == bytes(object_a)); // the file is kept for its own key

    cache.store(42, key_b, bytes("b code")); // a store for the other key replaces it
    CHECK(cache.load(42, key_b) == bytes("b code"));
    CHECK_FALSE(cache.load(42, key_a).has_value());
}

TEST_CASE("disk cache: a second cache object on the same folder loads what the first stored") {
    TempDir tmp;
    LogCapture log;
    {
        DiskCache first = make_cache(tmp.path);
        first.store(1, key_a, bytes(object_a));
    }
    DiskCache second = make_cache(tmp.path);
    CHECK(second.load(1, key_a) == bytes(object_a));
}

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: a truncated file is a miss, is deleted, and a later store replaces it") {
    const std::string path = file_of(tmp.path, 5);
    cache.store(5, key_a, bytes(object_a));
    const std::vector<char> whole = read_bytes(path);
    const size_t n = whole.size();
    // empty, inside magic, after magic, inside each header field, after the header, inside the payload, before
    // and inside the checksum, one byte short
    for (size_t cut :
         {size_t(0), size_t(1), size_t(7), size_t(8), size_t(10), size_t(12), size_t(19), size_t(20), size_t(24),
          size_t(30), size_t(32), size_t(39), size_t(40), 40 + (n - 48) / 2, n - 8, n - 3, n - 1}) {
        CAPTURE(cut);
        check_rejected(5, std::vector<char>(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(cut)));
        cache.store(5, key_a, bytes(object_a));
        CHECK(cache.load(5, key_a) == bytes(object_a));
    }
}

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: any flipped byte is a miss and the file is deleted") {
    const std::string path = file_of(tmp.path, 6);
    cache.store(6, key_a, bytes(object_a));
    const std::vector<char> whole = read_bytes(path);
    size_t tried = 0;
    for (size_t pos = 0; pos < whole.size(); ++pos) {
        for (unsigned char mask : {0x01, 0x80, 0xff}) {
            CAPTURE(pos);
            CAPTURE(int(mask));
            std::vector<char> bad = whole;
            bad[pos] = static_cast<char>(bad[pos] ^ mask);
            check_rejected(6, bad);
            ++tried;
        }
    }
    CHECK(tried == 3 * whole.size());
    cache.store(6, key_a, bytes(object_a));
    CHECK(cache.load(6, key_a) == bytes(object_a));
}

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: foreign files are a miss and are replaced") {
    const std::string path = file_of(tmp.path, 9);

    std::vector<std::pair<std::string, std::vector<char>>> files;
    std::mt19937_64 rng(1234);
    for (size_t size : {1, 8, 35, 36, 37, 100, 4096}) {
        std::vector<char> junk(size);
        for (char &c : junk)
            c = static_cast<char>(rng());
        files.emplace_back("random " + std::to_string(size), junk);
    }
    std::vector<char> tagged = bytes("TRACEJIT");
    put_le(tagged, 1, 4);
    tagged.resize(200, '\xff'); // right magic and version, then kind, flags and lengths all ones
    files.emplace_back("header then 0xff", tagged);
    files.emplace_back("wrong magic", build(key_a, object_a, [](FileSpec &f) { f.magic = "TRACEJIX"; }));
    files.emplace_back("other container version", build(key_a, object_a, [](FileSpec &f) { f.container_version = 2; }));
    files.emplace_back("a tape, not a kernel", build(key_a, object_a, [](FileSpec &f) { f.kind = 2; }));
    files.emplace_back("other entry version", build(key_a, object_a, [](FileSpec &f) { f.version = 2; }));
    files.emplace_back("version 0", build(key_a, object_a, [](FileSpec &f) { f.version = 0; }));
    files.emplace_back("unknown flag", build(key_a, object_a, [](FileSpec &f) { f.flags = 2; }));
    files.emplace_back("said to be compressed, but not", build(key_a, object_a, [](FileSpec &f) { f.flags = 1; }));
    files.emplace_back("huge payload length", build(key_a, object_a, [](FileSpec &f) { f.stored_size = ~0ull; }));
    files.emplace_back("payload length short by one",
                       build(key_a, object_a, [](FileSpec &f) { f.stored_size = f.object.size() + f.key.size() + 7; }));
    files.emplace_back("payload length long by one",
                       build(key_a, object_a, [](FileSpec &f) { f.stored_size = f.object.size() + f.key.size() + 9; }));
    files.emplace_back("uncompressed length differs",
                       build(key_a, object_a, [](FileSpec &f) { f.raw_size = f.object.size() + f.key.size() + 9; }));
    files.emplace_back("huge key length", build(key_a, object_a, [](FileSpec &f) { f.key_size = ~0ull; }));
    files.emplace_back("key length past the payload",
                       build(key_a, object_a, [](FileSpec &f) { f.key_size = f.key.size() + f.object.size() + 1; }));
    files.emplace_back("the previous format (TJKCACHE)", build_old_format(key_a, object_a));
    std::vector<char> trailing = build(key_a, object_a);
    trailing.push_back('x');
    files.emplace_back("trailing byte", trailing);

    for (const auto &[what, data] : files) {
        CAPTURE(what);
        check_rejected(9, data);
    }
    // The hand-built file of the same format is accepted: the cases above fail for the reason named.
    write_bytes(path, build(key_a, object_a));
    CHECK(cache.load(9, key_a) == bytes(object_a));

    // Not regular files: a folder, a FIFO (must not hang), a symbolic link to a good file.
    fs::remove(path);
    REQUIRE(::mkdir(path.c_str(), 0700) == 0);
    CHECK_FALSE(cache.load(9, key_a).has_value());
    fs::remove(path);
    REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
    CHECK_FALSE(cache.load(9, key_a).has_value());
    fs::remove(path);
    cache.store(10, key_a, bytes(object_a));
    fs::create_symlink(file_of(tmp.path, 10), path);
    CHECK_FALSE(cache.load(9, key_a).has_value());
    cache.store(9, key_a, bytes(object_a)); // replaces the link, not its target
    CHECK_FALSE(fs::is_symlink(path));
    CHECK(cache.load(9, key_a) == bytes(object_a));
}

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: an entry in the previous format is a miss, is deleted, and the next store replaces it") {
    const std::string path = file_of(tmp.path, 13);
    const std::vector<char> old = build_old_format(key_a, object_a); // a sound file of the old layout
    check_rejected(13, old, key_a, "not a tracejit kernel cache file");

    // As after the miss in kernel_cache.cpp: the store writes the new format in its place, and loads hit.
    write_bytes(path, old);
    cache.store(13, key_a, bytes(object_a));
    const std::vector<char> now = read_bytes(path);
    CHECK(std::string(now.begin(), now.begin() + 8) == "TRACEJIT");
    log.clear();
    CHECK(cache.load(13, key_a) == bytes(object_a));
    CHECK(log.count(tj::LogLevel::Warn) == 0);
}

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: large entries are compressed with zstd and round-trip, compressible or not") {
    // Object code and kernel IR repeat themselves a lot: a long key and an object of repeated instructions.
    std::string key;
    for (int i = 0; i < 2000; ++i)
        key += "  %v" + std::to_string(i) + " = fmul fast <16 x float> %v" + std::to_string(i - 1) + ", %a\n";
    std::vector<char> object;
    for (int i = 0; i < 20000; ++i) {
        const char insn[] = {'\x62', '\xf1', '\x7c', '\x48', '\x59', static_cast<char>(0xc0 + i % 8)};
        object.insert(object.end(), std::begin(insn), std::end(insn));
    }
    const std::vector<char> noise = random_bytes(300000, 9);
    cache.store(21, key, object);
    cache.store(22, key_a, noise);
    CHECK(cache.load(21, key) == object);
    CHECK(cache.load(22, key_a) == noise);
    CHECK_FALSE(cache.load(21, key + " ").has_value()); // the key is still compared in full

    const std::vector<char> file = read_bytes(file_of(tmp.path, 21));
    const uint64_t raw = object.size() + key.size() + 8;
    REQUIRE(raw >= tj::cache::compress_from_bytes);
    CHECK(get_le(file, 32, 8) == raw);
    CHECK(get_le(file, 20, 4) == 1);
    CHECK(file.size() * 10 < raw); // this input compresses more than tenfold
    // The stored bytes cut short, with sizes and checksum made right: the payload no longer decompresses, which
    // is a miss, never a crash.
    std::vector<char> damaged(file.begin(), file.begin() + 24);
    const size_t stored = file.size() - 48 - 100;
    put_le(damaged, stored, 8);
    damaged.insert(damaged.end(), file.begin() + 32, file.begin() + 40 + std::ptrdiff_t(stored));
    put_le(damaged, tj::support::hash64(damaged.data(), damaged.size()), 8);
    check_rejected(21, damaged, key);
}

TEST_CASE_FIXTURE(CacheInFolder, "disk cache: a file writable by group or others is never loaded, nor deleted") {
    const std::string path = file_of(tmp.path, 11);
    cache.store(11, key_a, bytes(object_a));
    for (mode_t mode : {0666, 0620, 0602}) {
        CAPTURE(mode);
        REQUIRE(::chmod(path.c_str(), mode) == 0);
        log.clear();
        CHECK_FALSE(cache.load(11, key_a).has_value());
        CHECK(log.count(tj::LogLevel::Warn, "writable by group or others") == 1);
        CHECK(fs::exists(path));
    }
    REQUIRE(::chmod(path.c_str(), 0644) == 0); // readable by others is fine: only writing is trust
    CHECK(cache.load(11, key_a) == bytes(object_a));
}

TEST_CASE("disk cache: a file owned by another user is never loaded, nor deleted") {
    if (::geteuid() != 0) {
        MESSAGE("skipped: changing a file's owner needs root, and this test runs as uid " << ::geteuid());
        return;
    }
    TempDir tmp;
    LogCapture log;
    DiskCache cache = make_cache(tmp.path);
    const std::string path = file_of(tmp.path, 12);
    cache.store(12, key_a, bytes(object_a));
    REQUIRE(::chown(path.c_str(), 65534, 65534) == 0);
    CHECK_FALSE(cache.load(12, key_a).has_value());
    CHECK(log.count(tj::LogLevel::Warn, "owned by uid 65534") == 1);
    CHECK(fs::exists(path));
    REQUIRE(::chown(path.c_str(), 0, 0) == 0);
    CHECK(cache.load(12, key_a) == bytes(object_a));
}

TEST_CASE("disk cache: the folder is created with mode 0700, and an untrusted folder is not used") {
    TempDir tmp;
    LogCapture log;
    const std::string dir = tmp.path + "/a/b/cache";
    DiskCache cache = make_cache(dir);
    CHECK_FALSE(cache.load(1, key_a).has_value());
    CHECK_FALSE(fs::exists(tmp.path + "/a")); // a load does not create folders
    cache.store(1, key_a, bytes(object_a));
    for (const std::string &d : {tmp.path + "/a", tmp.path + "/a/b", dir}) {
        CAPTURE(d);
        CHECK((stat_of(d).st_mode & 07777) == 0700);
    }
    CHECK(cache.load(1, key_a) == bytes(object_a));

    // A folder others can write to: the files in it may be anyone's code.
    REQUIRE(::chmod(dir.c_str(), 0777) == 0);
    DiskCache open_cache = make_cache(dir);
    CHECK_FALSE(open_cache.load(1, key_a).has_value());
    CHECK_FALSE(open_cache.load(1, key_a).has_value());
    open_cache.store(2, key_b, bytes("b code"));
    CHECK(log.count(tj::LogLevel::Warn, "not using") == 1); // warned once
    CHECK(log.count(tj::LogLevel::Warn, "writable by group or others") == 1);
    CHECK_FALSE(fs::exists(file_of(dir, 2)));
    CHECK(fs::exists(file_of(dir, 1))); // nothing deleted

    REQUIRE(::chmod(dir.c_str(), 0755) == 0);
    CHECK(make_cache(dir).load(1, key_a) == bytes(object_a));

    if (::geteuid() != 0) {
        MESSAGE("skipped the foreign-owned folder check: changing an owner needs root (uid " << ::geteuid() << ")");
        return;
    }
    REQUIRE(::chown(dir.c_str(), 65534, 65534) == 0);
    log.clear();
    DiskCache foreign_cache = make_cache(dir);
    CHECK_FALSE(foreign_cache.load(1, key_a).has_value());
    CHECK(log.count(tj::LogLevel::Warn, "owned by uid 65534") == 1);
}

TEST_CASE("disk cache: enabled = false stores nothing and loads nothing") {
    TempDir tmp;
    LogCapture log;
    const std::string dir = tmp.path + "/cache";
    DiskCache off(DiskCacheConfig{dir, false, 1ull << 30});
    off.store(1, key_a, bytes(object_a));
    CHECK_FALSE(fs::exists(dir));
    make_cache(dir).store(1, key_a, bytes(object_a));
    CHECK_FALSE(off.load(1, key_a).has_value());
    CHECK(make_cache(dir).load(1, key_a) == bytes(object_a));
    CHECK(count_files(dir) == 1);
}

TEST_CASE("disk cache: beyond max_bytes the least recently used files are evicted") {
    TempDir tmp;
    LogCapture log;
    const size_t file_size = stored_size(key_a, bytes(object_a));
    // Room for three files, and evictions go an eighth below the bound: to three files again.
    const uint64_t bound = 4 * file_size - 1;
    DiskCache cache = make_cache(tmp.path, bound);
    cache.store(1, key_a, bytes(object_a));
    cache.store(2, key_a, bytes(object_a));
    cache.store(3, key_a, bytes(object_a));
    set_mtime(file_of(tmp.path, 1), 300); // 1 is the oldest, then 2, then 3
    set_mtime(file_of(tmp.path, 2), 200);
    set_mtime(file_of(tmp.path, 3), 100);
    CHECK(count_files(tmp.path) == 3);

    REQUIRE(cache.load(1, key_a).has_value()); // 1 becomes the most recently used
    CHECK(stat_of(file_of(tmp.path, 1)).st_mtime >= ::time(nullptr) - 10);

    cache.store(4, key_a, bytes(object_a));
    CHECK(fs::exists(file_of(tmp.path, 1)));
    CHECK_FALSE(fs::exists(file_of(tmp.path, 2))); // the least recently used
    CHECK(fs::exists(file_of(tmp.path, 3)));
    CHECK(fs::exists(file_of(tmp.path, 4)));

    // One file twice as large pushes out as many old ones as needed.
    set_mtime(file_of(tmp.path, 1), 30);
    set_mtime(file_of(tmp.path, 3), 20);
    set_mtime(file_of(tmp.path, 4), 10);
    cache.store(5, key_a, object_filling(key_a, file_size + file_size / 2));
    CHECK_FALSE(fs::exists(file_of(tmp.path, 1)));
    CHECK_FALSE(fs::exists(file_of(tmp.path, 3)));
    CHECK(fs::exists(file_of(tmp.path, 4)));
    CHECK(fs::exists(file_of(tmp.path, 5)));

    // Temporary files left by a process that died mid-store are removed once stale, and never counted (by the scan
    // of another process's first store).
    const std::string stale = tmp.path + "/00000000000000aa.tjk.tmp.Ab12Cd";
    const std::string fresh = tmp.path + "/00000000000000bb.tjk.tmp.Ef34Gh";
    write_bytes(stale, std::vector<char>(10 * file_size, 's'));
    write_bytes(fresh, std::vector<char>(10 * file_size, 'f'));
    set_mtime(stale, 2 * 3600);
    make_cache(tmp.path, bound).store(6, key_a, bytes(object_a));
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(fresh));
    CHECK(fs::exists(file_of(tmp.path, 6)));
    CHECK(log.count(tj::LogLevel::Warn) == 0);
}

TEST_CASE("disk cache: the folder is scanned on an object's first store and again only past the bound") {
    TempDir tmp;
    LogCapture log;
    const uint64_t file_size = stored_size(key_a, bytes(object_a));
    const uint64_t bound = 8 * file_size; // eight files
    // A stale temporary file shows whether a store scanned the folder: every scan deletes it.
    const std::string stale = tmp.path + "/00000000000000aa.tjk.tmp.Ab12Cd";
    auto leave_stale_file = [&] {
        write_bytes(stale, std::vector<char>(16, 's'));
        set_mtime(stale, 2 * 3600);
    };
    leave_stale_file();
    DiskCache cache = make_cache(tmp.path, bound);
    cache.store(1, key_a, bytes(object_a));
    CHECK_FALSE(fs::exists(stale)); // the first store scans
    leave_stale_file();
    for (uint64_t h = 2; h <= 8; ++h)
        cache.store(h, key_a, bytes(object_a));
    CHECK(fs::exists(stale)); // up to the bound, no store scanned
    CHECK(count_files(tmp.path) == 9);
    for (uint64_t h = 1; h <= 8; ++h)
        set_mtime(file_of(tmp.path, h), time_t(100 - h)); // 1 the oldest

    // Past the bound: a scan, which evicts the oldest files down to an eighth below the bound (seven files).
    cache.store(9, key_a, bytes(object_a));
    CHECK_FALSE(fs::exists(stale));
    CHECK_FALSE(fs::exists(file_of(tmp.path, 1)));
    CHECK_FALSE(fs::exists(file_of(tmp.path, 2)));
    CHECK(fs::exists(file_of(tmp.path, 3)));
    CHECK(count_files(tmp.path) == 7);
    leave_stale_file();
    cache.store(10, key_a, bytes(object_a)); // eight files again: no scan
    CHECK(fs::exists(stale));
    CHECK(count_files(tmp.path) == 9);

    // Another object (another process) counts what this one stored on its first store, and evicts past the bound.
    for (uint64_t h = 3; h <= 10; ++h)
        set_mtime(file_of(tmp.path, h), time_t(100 - h));
    make_cache(tmp.path, bound).store(11, key_a, bytes(object_a));
    CHECK_FALSE(fs::exists(stale));
    CHECK_FALSE(fs::exists(file_of(tmp.path, 3)));
    CHECK_FALSE(fs::exists(file_of(tmp.path, 4)));
    CHECK(fs::exists(file_of(tmp.path, 5)));
    CHECK(count_files(tmp.path) == 7);

    // A file larger than the whole bound is evicted by the store that made it (with every other file).
    cache.store(12, key_a, object_filling(key_a, bound));
    CHECK(count_files(tmp.path) == 0);
    CHECK(log.count(tj::LogLevel::Warn) == 0);
}

TEST_CASE("disk cache: 8 threads storing and loading at once see only whole, right objects") {
    TempDir tmp;
    LogCapture log;
    // Six keys on three hashes, so threads also overwrite each other's files for other keys.
    std::vector<std::string> keys;
    std::vector<std::vector<char>> objects;
    for (int i = 0; i < 6; ++i) {
        keys.push_back("kernel " + std::to_string(i) + std::string(static_cast<size_t>(i) * 50, 'k'));
        objects.push_back(random_bytes(200 + static_cast<size_t>(i) * 997, static_cast<unsigned>(i)));
    }
    const uint64_t bound = 2 * stored_size(keys[5], objects[5]); // at most three files: evicts often
    DiskCache shared = make_cache(tmp.path, bound);
    std::atomic<int> hits{0}, misses{0}, wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            std::optional<DiskCache> own; // threads 4..7 act as separate processes with their own object
            if (t >= 4)
                own.emplace(DiskCacheConfig{tmp.path, true, bound});
            DiskCache &cache = own ? *own : shared;
            std::mt19937 rng(static_cast<unsigned>(t));
            for (int i = 0; i < 400; ++i) {
                const size_t k = rng() % keys.size();
                const uint64_t hash = 1000 + k / 2;
                if (rng() % 3 == 0) {
                    cache.store(hash, keys[k], objects[k]);
                } else if (std::optional<std::vector<char>> got = cache.load(hash, keys[k])) {
                    ++hits;
                    wrong += *got != objects[k];
                } else {
                    ++misses;
                }
            }
        });
    }
    for (std::thread &th : threads)
        th.join();
    CHECK(wrong == 0);
    CHECK(hits > 0);
    CHECK(misses > 0);
    CHECK(log.count(tj::LogLevel::Warn) == 0); // no torn or corrupt file was ever seen
    for (const auto &e : fs::directory_iterator(tmp.path))
        CHECK(e.path().extension() == ".tjk"); // no temporary file left behind
}

TEST_CASE("disk cache: several processes storing the same keys at once do not corrupt files") {
    TempDir tmp;
    LogCapture log;
    const std::string object(5000, 'p');
    std::vector<pid_t> children;
    for (int p = 0; p < 4; ++p) {
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            std::atomic<int> warns{0};
            tj::set_log_callback([&](tj::LogLevel lvl, const std::string &) { warns += lvl <= tj::LogLevel::Warn; });
            DiskCache cache = make_cache(tmp.path);
            int bad = 0;
            for (int i = 0; i < 200; ++i) {
                const uint64_t hash = static_cast<uint64_t>(i % 5);
                const std::string key = "shared key " + std::to_string(hash);
                cache.store(hash, key, bytes(object + key));
                std::optional<std::vector<char>> got = cache.load(hash, key);
                bad += !got || *got != bytes(object + key);
            }
            ::_exit(bad + warns > 0 ? 1 : 0);
        }
        children.push_back(pid);
    }
    for (pid_t pid : children) {
        int status = 0;
        REQUIRE(::waitpid(pid, &status, 0) == pid);
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 0);
    }
    CHECK(count_files(tmp.path) == 5);
    DiskCache cache = make_cache(tmp.path);
    for (uint64_t hash = 0; hash < 5; ++hash) {
        const std::string key = "shared key " + std::to_string(hash);
        CHECK(cache.load(hash, key) == bytes(object + key));
    }
}

TEST_CASE("disk cache: store failures are logged, not thrown, and leave nothing behind") {
    TempDir tmp;
    LogCapture log;

    // The folder cannot be created: its parent is a regular file.
    write_bytes(tmp.path + "/file", bytes("x"));
    DiskCache blocked = make_cache(tmp.path + "/file/cache");
    blocked.store(1, key_a, bytes(object_a));
    blocked.store(2, key_a, bytes(object_a));
    CHECK(log.count(tj::LogLevel::Warn, "not cached") == 1); // once, then at debug level
    CHECK(log.count(tj::LogLevel::Debug, "not cached") == 1);
    CHECK_FALSE(blocked.load(1, key_a).has_value());

    // A write that fails part way (as on a full disk): here the file size limit stops it.
    const std::string dir = tmp.path + "/cache";
    DiskCache cache = make_cache(dir);
    cache.store(1, key_a, bytes(object_a)); // creates the folder
    struct rlimit saved;
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    void (*old_handler)(int) = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = saved;
    small.rlim_cur = 64;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    log.clear();
    cache.store(2, key_a, random_bytes(4096, 1)); // does not compress below the limit
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, old_handler);
    CHECK(log.count(tj::LogLevel::Warn, "cannot write") == 1);
    CHECK_FALSE(fs::exists(file_of(dir, 2)));
    CHECK(count_files(dir) == 1);
    CHECK(cache.load(1, key_a) == bytes(object_a));

    // The folder removed under a live cache is made again.
    fs::remove_all(dir);
    cache.store(3, key_a, bytes(object_a));
    CHECK(cache.load(3, key_a) == bytes(object_a));
}

TEST_CASE("disk cache: disk_cache_config_from_env reads the folder, switch and size") {
    EnvGuard env;
    LogCapture log;
    using tj::cache::disk_cache_config_from_env;

    ::setenv("HOME", "/home/someone", 1);
    DiskCacheConfig c = disk_cache_config_from_env();
    CHECK(c.dir == "/home/someone/.cache/tracejit");
    CHECK(c.enabled);
    CHECK(c.max_bytes == (1ull << 30));

    ::setenv("XDG_CACHE_HOME", "/xdg/cache", 1);
    CHECK(disk_cache_config_from_env().dir == "/xdg/cache/tracejit");
    ::setenv("XDG_CACHE_HOME", "relative/cache", 1); // ignored, as the XDG spec says
    CHECK(disk_cache_config_from_env().dir == "/home/someone/.cache/tracejit");
    ::setenv("XDG_CACHE_HOME", "/xdg/cache", 1);
    ::setenv("TRACEJIT_CACHE_DIR", "/explicit/dir", 1);
    CHECK(disk_cache_config_from_env().dir == "/explicit/dir");

    for (const char *off : {"0", "off", "false", "no"}) {
        CAPTURE(off);
        ::setenv("TRACEJIT_CACHE", off, 1);
        CHECK_FALSE(disk_cache_config_from_env().enabled);
    }
    for (const char *on : {"1", "on", ""}) {
        CAPTURE(on);
        ::setenv("TRACEJIT_CACHE", on, 1);
        CHECK(disk_cache_config_from_env().enabled);
    }
    ::unsetenv("TRACEJIT_CACHE");

    const std::pair<const char *, uint64_t> sizes[] = {{"4096", 4096},     {"64K", 64ull << 10}, {"3M", 3ull << 20},
                                                       {"2G", 2ull << 30}, {"5g", 5ull << 30},   {"0", 0}};
    for (const auto &[text, value] : sizes) {
        CAPTURE(text);
        ::setenv("TRACEJIT_CACHE_SIZE", text, 1);
        CHECK(disk_cache_config_from_env().max_bytes == value);
    }
    for (const char *bad : {"junk", "12X", "M", "1.5G", "-1", "99999999999999999999", "17179869184G"}) {
        CAPTURE(bad);
        ::setenv("TRACEJIT_CACHE_SIZE", bad, 1);
        log.clear();
        CHECK(disk_cache_config_from_env().max_bytes == (1ull << 30));
        CHECK(log.count(tj::LogLevel::Warn, "TRACEJIT_CACHE_SIZE") == 1);
    }

    // No variable at all: the home folder from the password database, or the cache is off.
    ::unsetenv("TRACEJIT_CACHE_SIZE");
    ::unsetenv("TRACEJIT_CACHE_DIR");
    ::unsetenv("XDG_CACHE_HOME");
    ::unsetenv("HOME");
    c = disk_cache_config_from_env();
    if (c.enabled)
        CHECK(c.dir.ends_with("/.cache/tracejit"));
    else
        CHECK(c.dir.empty());
}
