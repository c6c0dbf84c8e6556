// tests/runtime/test_cache_integration.cpp — the kernel cache through the whole pipeline, across processes
//
// The disk cache reads TRACEJIT_CACHE_DIR and TRACEJIT_CACHE once per process, so every case that needs its own
// cache folder runs the hidden "cache helper" case in a child process (run_self.h) with a fresh folder. The
// helper evaluates one probe kernel per step and writes the kernel counters of each step to a file that the
// parent reads back and checks. Another helper, started 4 times at once, compiles the same kernels into one folder.
#include "backend/cpu/cpu_jit.h"
#include "backend/cuda/cuda_device.h"
#include "cache/build_id.h"
#include "jit/var.h"
#include "run_self.h"
#include "support/container.h" // the file layout
#include "test_util.h"

#include <tracejit/detail/gather_packed.h> // tj::detail::gather_packed, internal
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

/// The kernel every process evaluates: one fused launch over n elements.
tj::Float probe(size_t n, float scale = 3.25f) {
    tj::Float x = tj::arange<tj::Float>(n) * 0.5f;
    return tj::sin(x) * scale + x * x - 1.f;
}

/// Number of probe elements that differ from the host result.
size_t probe_errors(const tj::Float &y, size_t n, float scale = 3.25f) {
    const std::vector<float> v = tj::to_vector(y);
    if (v.size() != n)
        return n + 1;
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i) {
        const float x = float(i) * 0.5f;
        const float want = std::sin(x) * scale + x * x - 1.f;
        wrong += std::fabs(v[i] - want) > 1e-5f * std::max(1.f, std::fabs(want));
    }
    return wrong;
}

/// Kernel counters of one probe evaluation in a child, and the warnings it logged.
struct Step {
    uint64_t memory_hits = 0, disk_hits = 0, misses = 0, warnings = 0;
    bool operator==(const Step &) const = default;
};
std::ostream &operator<<(std::ostream &os, const Step &s) {
    return os << "{memory " << s.memory_hits << ", disk " << s.disk_hits << ", compiled " << s.misses << ", warnings "
              << s.warnings << "}";
}
const Step compiled{0, 0, 1, 0}, from_disk{0, 1, 0, 0}, from_memory{1, 0, 0, 0};

using tj_test::TempDir;

/// Runs the helper in a child with TRACEJIT_CACHE_DIR=cache_dir; `steps` is a list of "eval" and "clear" (for the
/// gather helper: "plain", "packed2", "packed3").
std::vector<Step> run_child(const std::string &cache_dir, const std::string &steps,
                            const tj_test::EnvChanges &extra = {},
                            const char *helper = "cache helper: evaluate the probe kernel") {
    TempDir out_dir;
    const std::string out = out_dir.path + "/steps";
    tj_test::EnvChanges env = {{"TRACEJIT_CACHE_DIR", cache_dir},
                               {"TRACEJIT_CACHE", std::nullopt},
                               {"TRACEJIT_CACHE_SIZE", std::nullopt},
                               {"TJ_TEST_HELPER_OUT", out},
                               {"TJ_TEST_STEPS", steps}};
    env.insert(env.end(), extra.begin(), extra.end());
    const int status = tj_test::run_self(helper, env);
    CHECK_MESSAGE(status == 0, "the helper process failed (its output is above)");
    std::vector<Step> result;
    std::ifstream in(out);
    std::string word;
    bool ended = false;
    while (in >> word) {
        if (word == "end") {
            ended = true;
            break;
        }
        Step s;
        in >> s.memory_hits >> s.disk_hits >> s.misses >> s.warnings;
        result.push_back(s);
    }
    CHECK_MESSAGE(ended, "the helper did not run to its end");
    return result;
}

std::vector<fs::path> cache_files(const std::string &dir) {
    std::vector<fs::path> files;
    if (fs::exists(dir))
        for (const auto &e : fs::directory_iterator(dir))
            if (e.path().extension() == ".tjk")
                files.push_back(e.path());
    return files;
}

size_t count_entries(const std::string &dir) {
    size_t n = 0;
    for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir))
        ++n;
    return n;
}

std::vector<char> read_file(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_file(const fs::path &p, const std::vector<char> &data) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(data.data(), std::streamsize(data.size()));
    REQUIRE(out.good());
}

struct stat stat_of(const fs::path &p) {
    struct stat st {};
    REQUIRE(::stat(p.c_str(), &st) == 0);
    return st;
}

/// The object code and key in a sound cache file (docs/kernel-cache.md: a container whose payload is object |
/// key | u64 key length).
struct Parts {
    std::vector<char> object;
    std::string key;
};
Parts parts_of(const std::vector<char> &file) {
    const tj::support::Decoded d = tj::support::decode_container(
        std::string_view(file.data(), file.size()),
        tj::support::ContainerSpec{tj::support::FileKind::Kernel, "kernel cache file", 1, 1, true});
    REQUIRE(d);
    REQUIRE(d.payload.size() >= 8);
    uint64_t key_size = 0;
    for (int i = 0; i < 8; ++i)
        key_size |= uint64_t(static_cast<unsigned char>(d.payload[d.payload.size() - 8 + size_t(i)])) << (8 * i);
    REQUIRE(key_size <= d.payload.size() - 8);
    const size_t object_size = d.payload.size() - 8 - size_t(key_size);
    return {std::vector<char>(d.payload.begin(), d.payload.begin() + std::ptrdiff_t(object_size)),
            std::string(d.payload.substr(object_size, size_t(key_size)))};
}

/// A sound cache file whose object code is replaced by `object`, written as the cache writes files (so with a
/// right checksum): only linking can notice.
std::vector<char> with_object(const std::vector<char> &file, const std::vector<char> &object) {
    const Parts parts = parts_of(file);
    std::string payload(object.begin(), object.end());
    payload += parts.key;
    for (int i = 0; i < 8; ++i)
        payload += static_cast<char>(uint64_t(parts.key.size()) >> (8 * i));
    const std::string out =
        tj::support::encode_container(tj::support::FileKind::Kernel, 1, payload, tj::support::Compress::Zstd);
    return std::vector<char>(out.begin(), out.end());
}

/// The one cache file of a folder that a probe run has filled.
fs::path only_file(const std::string &dir) {
    const std::vector<fs::path> files = cache_files(dir);
    REQUIRE(files.size() == 1);
    return files[0];
}

/// Counts the warnings (and errors) the runtime logs while it lives.
struct WarningCount {
    std::atomic<uint64_t> count{0};
    WarningCount() {
        tj::set_log_callback([this](tj::LogLevel level, const std::string &) { count += level <= tj::LogLevel::Warn; });
    }
    ~WarningCount() { tj::set_log_callback({}); }
    WarningCount(const WarningCount &) = delete;
    WarningCount &operator=(const WarningCount &) = delete;
};

/// A step helper's side of run_child: the steps it was given (TJ_TEST_STEPS), and the file (TJ_TEST_HELPER_OUT) it
/// writes a line per step to (the step, its kernel counters and the warnings logged during it), then "end".
struct StepWriter {
    WarningCount warnings;
    std::ofstream file;
    std::istringstream steps;
    StepWriter() {
        const char *out = std::getenv("TJ_TEST_HELPER_OUT");
        const char *given = std::getenv("TJ_TEST_STEPS");
        REQUIRE(out);
        REQUIRE(given);
        file.open(out);
        steps.str(given);
    }
    /// Reads the next step into `step`; false after the last.
    bool next(std::string &step) { return bool(steps >> step); }
    /// A step begins: the kernel counters and the warnings start from zero.
    void begin() {
        tj::reset_kernel_stats();
        warnings.count = 0;
    }
    void write(const std::string &step, const tj::KernelStats &st) {
        file << step << " " << st.memory_hits << " " << st.disk_hits << " " << st.misses << " " << warnings.count
             << "\n";
    }
    /// The helper ran to its end (run_child checks for this line).
    void end() { file << "end\n"; }
};

} // namespace

TEST_CASE("cache helper: evaluate the probe kernel" * doctest::skip()) {
    StepWriter run;
    std::string step;
    while (run.next(step)) {
        if (step == "clear") {
            tj::clear_kernel_cache();
            continue;
        }
        REQUIRE(step == "eval");
        run.begin();
        const size_t n = 1003;
        tj::Float y = probe(n);
        tj::eval(y);
        const tj::KernelStats st = tj::kernel_stats();
        CHECK(st.launches == 1);
        CHECK(probe_errors(y, n) == 0);
        run.write(step, st);
    }
    run.end();
}

// Kernels that differ only in a gather's kind: a plain gather of source[index], and channel 1 of packed gathers of 2
// and 3 elements at the same index (source[index + 1], read as part of a packet). Their kernel IR differs only in
// the Gather's literal (count << 32 | channel); a cache that keyed on less would hand one the other's code.
TEST_CASE("cache helper: evaluate plain and packed gathers" * doctest::skip()) {
    StepWriter run;
    const size_t n = 1003;
    std::vector<float> src(64);
    std::vector<uint32_t> index(n);
    for (size_t i = 0; i < src.size(); ++i)
        src[i] = float(i) * 1.5f + 0.25f;
    for (size_t i = 0; i < n; ++i)
        index[i] = uint32_t((i * 37) % 63); // index + 1 stays inside
    tj::Float source(src);
    tj::UInt32 idx(index);
    tj::eval(source, idx);
    std::string step;
    while (run.next(step)) {
        run.begin();
        tj::Float y;
        size_t k = 1;
        if (step == "plain")
            y = tj::gather(source, idx), k = 0;
        else if (step == "packed2")
            y = tj::detail::gather_packed(source, idx, 2)[1];
        else if (step == "packed3")
            y = tj::detail::gather_packed(source, idx, 3)[1];
        REQUIRE_MESSAGE(y.size() == n, "unknown step " << step);
        tj::eval(y);
        const tj::KernelStats st = tj::kernel_stats();
        CHECK(st.launches == 1);
        const std::vector<float> got = tj::to_vector(y);
        size_t wrong = 0;
        for (size_t i = 0; i < n; ++i)
            wrong += got[i] != src[index[i] + k];
        CHECK_MESSAGE(wrong == 0, step << ": " << wrong << " wrong elements");
        run.write(step, st);
    }
    run.end();
}

// Several processes compiling the same kernels at once (as MPI ranks sharing one cache folder do): each waits for
// TJ_TEST_START to exist, then evaluates the same `shared_kernels` probe kernels, and writes per kernel whether it
// was compiled or loaded, then its warnings and wrong elements.
constexpr int shared_kernels = 5;

TEST_CASE("cache helper: evaluate the shared kernels when told to start" * doctest::skip()) {
    const char *out = std::getenv("TJ_TEST_HELPER_OUT");
    const char *start = std::getenv("TJ_TEST_START");
    REQUIRE(out);
    REQUIRE(start);
    WarningCount warnings;
    for (int i = 0; i < 30000 && !fs::exists(start); ++i)
        ::usleep(1000);
    REQUIRE(fs::exists(start));
    tj::reset_kernel_stats();
    size_t wrong = 0;
    for (int k = 0; k < shared_kernels; ++k) {
        tj::Float y = probe(2001, 1.5f + float(k));
        tj::eval(y);
        wrong += probe_errors(y, 2001, 1.5f + float(k));
    }
    const tj::KernelStats st = tj::kernel_stats();
    std::ofstream(out) << st.misses << " " << st.disk_hits << " " << warnings.count << " " << wrong << "\n";
}

TEST_CASE("kernel cache: the disk keys name the library's build, so no other build loads this one's kernels") {
    // A kernel another build of libtracejit stored (say one whose code generator changed without its revision) must
    // not be loaded: such a kernel computed results a last bit off (no FMA contraction) and passed the key check.
    const std::string &id = tj::cache::library_build_id();
    CAPTURE(id);
    bool hex = id.size() >= 16 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
    CHECK_MESSAGE((hex || id.rfind("file:", 0) == 0), "the linker's build ID, or the hash of the library file");
    CHECK(tj::cpu::target_key().find(" build=" + id + " ") != std::string::npos);
    std::string cuda_key = tj::cuda::disk_key(tj::jit::assemble_for_inspection(nullptr, 0), "sm_90", 12040);
    CHECK(cuda_key.find(" build=" + id + " ") != std::string::npos);
}

TEST_CASE("kernel cache: 4 processes compiling the same kernels at once end with one valid entry per kernel") {
    TempDir tmp;
    const std::string dir = tmp.path + "/cache", start = tmp.path + "/start";
    auto env_for = [&](const std::string &out) {
        return tj_test::EnvChanges{{"TRACEJIT_CACHE_DIR", dir},
                                   {"TRACEJIT_CACHE", std::nullopt},
                                   {"TRACEJIT_CACHE_SIZE", std::nullopt},
                                   {"TRACEJIT_THREADS", "1"},
                                   {"TJ_TEST_HELPER_OUT", out},
                                   {"TJ_TEST_START", start}};
    };
    struct Result {
        uint64_t compiled = 99, loaded = 99, warnings = 99, wrong = 99;
    };
    auto read_result = [](const std::string &out) {
        Result r;
        std::ifstream(out) >> r.compiled >> r.loaded >> r.warnings >> r.wrong;
        return r;
    };
    std::vector<pid_t> children;
    std::vector<std::string> outs;
    for (int p = 0; p < 4; ++p) {
        outs.push_back(tmp.path + "/out" + std::to_string(p));
        children.push_back(tj_test::spawn_self("cache helper: evaluate the shared kernels when told to start",
                                               env_for(outs.back())));
    }
    ::usleep(300000);              // (the children start and wait)
    std::ofstream(start) << "go\n"; // all at once
    for (size_t p = 0; p < children.size(); ++p) {
        CAPTURE(p);
        CHECK(tj_test::wait_self(children[p]) == 0);
        const Result r = read_result(outs[p]);
        CHECK(r.compiled + r.loaded == shared_kernels); // compiled here, or found whole on disk
        CHECK(r.warnings == 0);                           // no partial or corrupt file was read
        CHECK(r.wrong == 0);
    }
    CHECK(cache_files(dir).size() == shared_kernels);
    CHECK(count_entries(dir) == shared_kernels); // and no temporary file left behind
    // Every entry is whole: a fifth process loads them all.
    const std::string last = tmp.path + "/out_last";
    CHECK(tj_test::run_self("cache helper: evaluate the shared kernels when told to start", env_for(last)) == 0);
    const Result r = read_result(last);
    CHECK(r.compiled == 0);
    CHECK(r.loaded == shared_kernels);
    CHECK(r.warnings == 0);
    CHECK(r.wrong == 0);
}

TEST_CASE("kernel cache: a second identical evaluation is a memory hit, and literals are part of the key") {
    tj::reset_kernel_stats();
    tj::Float a = probe(1000, 0.8125f);
    tj::eval(a);
    tj::KernelStats st = tj::kernel_stats();
    CHECK(st.launches == 1);
    CHECK(st.memory_hits + st.disk_hits + st.misses == 1);
    const uint64_t first_memory_hits = st.memory_hits;

    tj::Float b = probe(1000, 0.8125f); // the same graph again
    tj::eval(b);
    st = tj::kernel_stats();
    CHECK(st.launches == 2);
    CHECK(st.memory_hits == first_memory_hits + 1);
    CHECK(probe_errors(a, 1000, 0.8125f) == 0);
    CHECK(probe_errors(b, 1000, 0.8125f) == 0);

    tj::Float c = probe(1500, 0.8125f); // another size: the kernel does not depend on it
    tj::eval(c);
    CHECK(tj::kernel_stats().memory_hits == first_memory_hits + 2);
    CHECK(probe_errors(c, 1500, 0.8125f) == 0);

    // Past 2048 elements the CPU's kernel handles several vectors per loop iteration: another variant of the same IR
    // (one vector below), which any larger size shares.
    tj::Float large = probe(77777, 0.8125f);
    tj::eval(large);
    const uint64_t large_memory_hits = tj::kernel_stats().memory_hits;
    if (tj::backend() == tj::Backend::CPU)
        CHECK(large_memory_hits == first_memory_hits + 2);
    tj::Float larger = probe(5000, 0.8125f);
    tj::eval(larger);
    CHECK(tj::kernel_stats().memory_hits == large_memory_hits + 1);
    CHECK(probe_errors(large, 77777, 0.8125f) == 0);
    CHECK(probe_errors(larger, 5000, 0.8125f) == 0);

    tj::reset_kernel_stats();
    tj::Float d = probe(1000, 0.8126f); // another literal: another kernel
    tj::eval(d);
    CHECK(tj::kernel_stats().memory_hits + tj::kernel_stats().disk_hits + tj::kernel_stats().misses == 1);
    CHECK(probe_errors(d, 1000, 0.8126f) == 0);

    // An opaque value is a kernel input, not part of the key: changing it reuses the kernel.
    tj::reset_kernel_stats();
    for (float s : {0.25f, 0.5f, 0.75f}) {
        tj::Float x = tj::arange<tj::Float>(500) * 0.5f;
        tj::Float y = tj::sin(x) * tj::opaque<tj::Float>(s) + x * x - 1.f;
        CHECK(probe_errors(y, 500, s) == 0);
    }
    st = tj::kernel_stats();
    CHECK(st.launches == 3);
    CHECK(st.memory_hits >= 2);
}

TEST_CASE("kernel cache: cleared from memory it is a disk hit, and a second process is served from disk") {
    TempDir tmp;
    const std::string dir = tmp.path + "/cache"; // created by the first store
    std::vector<Step> steps = run_child(dir, "eval eval clear eval");
    CHECK(steps == std::vector<Step>{compiled, from_memory, from_disk});

    REQUIRE(fs::is_directory(dir));
    CHECK((stat_of(dir).st_mode & 07777) == 0700);
    const fs::path file = only_file(dir);
    CHECK((stat_of(file).st_mode & 07777) == 0600);
    CHECK(stat_of(file).st_uid == ::geteuid());
    CHECK(count_entries(dir) == 1); // no temporary file left behind

    steps = run_child(dir, "eval eval");
    CHECK(steps == std::vector<Step>{from_disk, from_memory});
}

TEST_CASE("kernel cache: a packed gather and a plain gather of the same index are different kernels, in memory and on disk") {
    TempDir tmp;
    const std::string dir = tmp.path + "/cache";
    const char *helper = "cache helper: evaluate plain and packed gathers";
    std::vector<Step> steps = run_child(dir, "plain packed2 packed3 plain packed2 packed3", {}, helper);
    CHECK(steps == std::vector<Step>{compiled, compiled, compiled, from_memory, from_memory, from_memory});
    CHECK(cache_files(dir).size() == 3);
    // A new process finds each on disk, in another order (the first one loaded must not answer for the others).
    steps = run_child(dir, "packed3 packed2 plain packed2", {}, helper);
    CHECK(steps == std::vector<Step>{from_disk, from_disk, from_disk, from_memory});
}

TEST_CASE("kernel cache: corrupt and truncated files are survived, recompiled and replaced") {
    TempDir tmp;
    const std::string dir = tmp.path + "/cache";
    REQUIRE(run_child(dir, "eval") == std::vector<Step>{compiled});
    const fs::path file = only_file(dir);
    const std::vector<char> sound = read_file(file);
    REQUIRE(sound.size() > 64);

    std::mt19937_64 rng(99);
    auto garbage = [&](size_t n) {
        std::vector<char> g(n);
        for (char &c : g)
            c = static_cast<char>(rng());
        return g;
    };
    const std::vector<char> object = parts_of(sound).object;
    const size_t object_size = object.size();
    std::vector<char> flipped = sound;
    flipped[sound.size() / 2] = static_cast<char>(flipped[sound.size() / 2] ^ 0x10);
    std::vector<char> elf_garbage = garbage(object_size); // an ELF header over garbage
    const char elf_magic[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
    std::copy(std::begin(elf_magic), std::end(elf_magic), elf_garbage.begin());

    const std::vector<std::pair<const char *, std::vector<char>>> damages = {
        {"garbage of the same size", garbage(sound.size())},
        {"cut in half", std::vector<char>(sound.begin(), sound.begin() + std::ptrdiff_t(sound.size() / 2))},
        {"cut one byte short", std::vector<char>(sound.begin(), sound.end() - 1)},
        {"empty", {}},
        {"one flipped bit", flipped},
        {"object code replaced by garbage, checksum right", with_object(sound, garbage(object_size))},
        {"object code cut in half, checksum right",
         with_object(sound, std::vector<char>(object.begin(), object.begin() + std::ptrdiff_t(object_size / 2)))},
        {"ELF header over garbage, checksum right", with_object(sound, elf_garbage)},
    };
    for (const auto &[what, bytes] : damages) {
        CAPTURE(what);
        write_file(file, bytes);
        const std::vector<Step> steps = run_child(dir, "eval");
        REQUIRE(steps.size() == 1);
        CHECK(steps[0].misses == 1); // recompiled, and the helper checked the values
        CHECK(steps[0].disk_hits == 0);
        CHECK(steps[0].warnings >= 1); // the bad file was logged
        REQUIRE(fs::exists(file));
        CHECK(read_file(file) != bytes);                               // replaced ...
        CHECK(run_child(dir, "eval") == std::vector<Step>{from_disk}); // ... by a sound file
    }
}

TEST_CASE("kernel cache: files of another user or writable by others are never loaded") {
    TempDir tmp;
    const std::string dir = tmp.path + "/cache";
    REQUIRE(run_child(dir, "eval") == std::vector<Step>{compiled});
    const fs::path file = only_file(dir);

    for (mode_t mode : {0666, 0622, 0660}) {
        CAPTURE(mode);
        REQUIRE(::chmod(file.c_str(), mode) == 0);
        std::vector<Step> steps = run_child(dir, "eval");
        CHECK(steps == std::vector<Step>{{0, 0, 1, 1}}); // compiled again, one warning
        // The new object was stored under a temporary name and renamed over the old file: ours again.
        CHECK((stat_of(file).st_mode & 07777) == 0600);
        CHECK(run_child(dir, "eval") == std::vector<Step>{from_disk});
    }

    // A cache folder that others can write to is not used at all: nothing is read from it or written to it.
    REQUIRE(::chmod(dir.c_str(), 0777) == 0);
    const std::vector<char> before = read_file(file);
    CHECK(run_child(dir, "eval") == std::vector<Step>{{0, 0, 1, 1}});
    CHECK(read_file(file) == before);
    CHECK(count_entries(dir) == 1);
    REQUIRE(::chmod(dir.c_str(), 0700) == 0);
    CHECK(run_child(dir, "eval") == std::vector<Step>{from_disk});

    if (::geteuid() != 0) {
        MESSAGE("skipped the other-owner part: changing a file's owner needs root, and this test runs as uid "
                << ::geteuid());
        return;
    }
    REQUIRE(::chown(file.c_str(), 65534, 65534) == 0);
    std::vector<Step> steps = run_child(dir, "eval");
    CHECK(steps == std::vector<Step>{{0, 0, 1, 1}});
    CHECK(stat_of(file).st_uid == 0); // replaced by our own file
    CHECK(run_child(dir, "eval") == std::vector<Step>{from_disk});

    // A cache folder of another user is not used either.
    REQUIRE(::chown(dir.c_str(), 65534, 65534) == 0);
    const std::vector<char> theirs = read_file(file);
    CHECK(run_child(dir, "eval") == std::vector<Step>{{0, 0, 1, 1}});
    CHECK(read_file(file) == theirs);
    CHECK(count_entries(dir) == 1);
}

TEST_CASE("kernel cache: TRACEJIT_CACHE=0 neither writes nor reads files") {
    TempDir tmp;
    const std::string dir = tmp.path + "/cache";
    std::vector<Step> steps = run_child(dir, "eval clear eval", {{"TRACEJIT_CACHE", "0"}});
    CHECK(steps == std::vector<Step>{compiled, compiled});
    CHECK_FALSE(fs::exists(dir));

    REQUIRE(run_child(dir, "eval") == std::vector<Step>{compiled}); // now the folder holds the kernel
    REQUIRE(cache_files(dir).size() == 1);
    steps = run_child(dir, "eval", {{"TRACEJIT_CACHE", "0"}});
    CHECK(steps == std::vector<Step>{compiled});
}
