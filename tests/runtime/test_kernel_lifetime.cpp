// tests/runtime/test_kernel_lifetime.cpp — kernel code is unloaded when nothing can launch it: the memory level's
// capacity (TRACEJIT_KERNEL_CACHE_SIZE), clear_kernel_cache(), frozen recordings that hold their kernels
//
// A CPU kernel is linked into a JITDylib of its own and maps about two regions of memory; a process may have
// vm.max_map_count (65530) of them. The cases below count the kernels loaded (tj::loaded_kernels, kernel/kernel.h)
// and the lines of /proc/self/maps while they compile many distinct kernels (a literal baked into each). The CPU
// cases run on the CPU backend; the CUDA case runs in a child on the memory fake driver and counts its modules.
#include "cache/kernel_cache.h"
#include "freeze_check.h"
#include "run_self.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

/// Memory mappings of this process (lines of /proc/self/maps).
long mappings() {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    long n = 0;
    while (std::getline(maps, line))
        ++n;
    return n;
}

/// Evaluates kernel number `k` of a family of distinct kernels (its literal `k` is part of the kernel's IR, so each
/// is a kernel of its own) and checks its values; `family` keeps the kernels of one test apart from another's.
void run_kernel(int family, int k) {
    const float scale = float(family) * 100000.f + float(k);
    tj::Float x = tj::arange<tj::Float>(16) * scale + 0.5f;
    tj::eval(x);
    const std::vector<float> v = tj::to_vector(x);
    size_t wrong = 0;
    for (size_t i = 0; i < v.size(); ++i)
        wrong += v[i] != float(i) * scale + 0.5f;
    REQUIRE_MESSAGE(wrong == 0, "kernel " << k << " of family " << family << " computed " << wrong << " wrong values");
}

/// Kernel lookups (memory, disk, compiled) of one evaluation of kernel `k`.
tj::KernelStats lookups_of(int family, int k) {
    tj::reset_kernel_stats();
    run_kernel(family, k);
    return tj::kernel_stats();
}

/// Sets the memory level's capacity for one test and restores it at its end.
struct CapacityScope {
    size_t saved = tj::cache::memory_capacity();
    explicit CapacityScope(size_t kernels) { tj::cache::set_memory_capacity(kernels); }
    ~CapacityScope() { tj::cache::set_memory_capacity(saved); }
    CapacityScope(const CapacityScope &) = delete;
    CapacityScope &operator=(const CapacityScope &) = delete;
};

/// The CPU backend for one test, and the backend before it restored at its end.
struct OnCpu {
    tj::Backend saved = tj::backend();
    OnCpu() { tj::set_backend(tj::Backend::CPU); }
    ~OnCpu() { tj::set_backend(saved); }
};

} // namespace

TEST_CASE("kernel cache: clear_kernel_cache() unloads every kernel nothing else holds, and unmaps its code") {
    OnCpu cpu;
    run_kernel(1, -1); // the thread pool and the JIT exist before the counts start
    tj::clear_kernel_cache();
    const uint64_t loaded = tj::loaded_kernels();
    const long maps = mappings();
    constexpr int kernels = 200;
    for (int k = 0; k < kernels; ++k)
        run_kernel(1, k);
    CHECK(tj::cache::memory_size() == kernels);
    CHECK(tj::loaded_kernels() == loaded + kernels);
    const long grown = mappings() - maps;
    CHECK_MESSAGE(grown >= kernels, "each kernel maps its code: " << grown << " new mappings for " << kernels);
    tj::clear_kernel_cache();
    CHECK(tj::cache::memory_size() == 0);
    CHECK(tj::loaded_kernels() == loaded);
    const long left = mappings() - maps;
    CHECK_MESSAGE(left <= kernels / 10, left << " of the " << grown << " new mappings stay after clear_kernel_cache()");
    // Found again (on disk, or compiled): the cache forgot them, it did not break them.
    for (int k : {0, kernels - 1}) {
        const tj::KernelStats st = lookups_of(1, k);
        CHECK(st.memory_hits == 0);
        CHECK(st.disk_hits + st.misses == 1);
    }
}

TEST_CASE("kernel cache: beyond its capacity the memory level evicts the least recently used kernels and unmaps them") {
    OnCpu cpu;
    run_kernel(2, -1);
    tj::clear_kernel_cache();
    constexpr size_t capacity = 32;
    CapacityScope scope(capacity);
    const uint64_t loaded = tj::loaded_kernels();
    const long maps = mappings();
    long most = 0;
    uint64_t most_loaded = 0;
    constexpr int kernels = 300;
    for (int k = 0; k < kernels; ++k) {
        run_kernel(2, k);
        if (k > 0) // kernel 0, used after every other one, stays the most recently used but one
            CHECK(lookups_of(2, 0).memory_hits == 1);
        most = std::max(most, mappings() - maps);
        most_loaded = std::max(most_loaded, tj::loaded_kernels() - loaded);
    }
    CHECK(most_loaded == capacity);
    CHECK(tj::cache::memory_size() == capacity);
    CHECK_MESSAGE(most <= long(4 * capacity), "the mappings grew by " << most << " while " << kernels
                                                                   << " kernels compiled with room for " << capacity);
    // The newest kernels are still there; the oldest but kernel 0 were evicted, and are found again on disk (or
    // compiled again where the disk level is off).
    CHECK(lookups_of(2, kernels - 1).memory_hits == 1);
    const tj::KernelStats evicted = lookups_of(2, 1);
    CHECK(evicted.memory_hits == 0);
    CHECK(evicted.disk_hits + evicted.misses == 1);
    // A smaller capacity evicts at once.
    tj::cache::set_memory_capacity(5);
    CHECK(tj::cache::memory_size() == 5);
    CHECK(tj::loaded_kernels() == loaded + 5);
    tj::clear_kernel_cache();
    CHECK(tj::loaded_kernels() == loaded);
}

TEST_CASE("freezing: a recording keeps its kernels loaded, and replays after clear_kernel_cache() and eviction") {
    tjtest::FreezingOn freezing;
    OnCpu cpu;
    auto body = [](const tj::Float &x) { return tj::sin(x) * 2.5f + x * x - 3.75f; };
    auto expect = [](const std::vector<float> &x) {
        std::vector<float> y(x.size());
        for (size_t i = 0; i < x.size(); ++i)
            y[i] = std::sin(x[i]) * 2.5f + x[i] * x[i] - 3.75f;
        return y;
    };
    auto check_values = [&](const tj::Float &x, const tj::Float &y) {
        const std::vector<float> got = tj::to_vector(y), want = expect(tj::to_vector(x));
        REQUIRE(got.size() == want.size());
        size_t wrong = 0;
        for (size_t i = 0; i < got.size(); ++i)
            wrong += std::fabs(got[i] - want[i]) > 1e-5f * std::max(1.f, std::fabs(want[i]));
        CHECK_MESSAGE(wrong == 0, wrong << " wrong values");
    };
    run_kernel(3, -1);
    tj::clear_kernel_cache();
    const uint64_t loaded = tj::loaded_kernels();
    {
        auto frozen = tj::freeze(body);
        tj::Float x = tjtest::random_array<float>(1000, 7);
        check_values(x, frozen(x)); // recorded
        CHECK(tj::loaded_kernels() > loaded);

        tj::clear_kernel_cache(); // the recording still holds its kernel
        const uint64_t held = tj::loaded_kernels() - loaded;
        CHECK(held >= 1);
        tj::reset_kernel_stats();
        tj::Float x2 = tjtest::random_array<float>(3000, 8);
        check_values(x2, frozen(x2)); // replayed with the recorded code: no kernel looked up
        CHECK(tj::kernel_stats().memory_hits + tj::kernel_stats().disk_hits + tj::kernel_stats().misses == 0);
        CHECK(tjtest::stats_of(frozen).recordings == 1);
        CHECK(tjtest::stats_of(frozen).replays == 1);

        // The same kernel traced again outside the recording is in the memory level again, then evicted from it.
        check_values(x2, body(x2));
        {
            CapacityScope scope(4);
            for (int k = 0; k < 12; ++k)
                run_kernel(3, k);
            CHECK(tj::loaded_kernels() == loaded + held + 4);
            tj::Float x3 = tjtest::random_array<float>(77, 9);
            check_values(x3, frozen(x3));
            CHECK(tjtest::stats_of(frozen).recordings == 1);
            CHECK(tjtest::stats_of(frozen).replays == 2);
        }
        tj::clear_kernel_cache();
        CHECK(tj::loaded_kernels() == loaded + held);
    } // the frozen function goes, and its recording with it
    CHECK(tj::loaded_kernels() == loaded);
}

// TRACEJIT_KERNEL_CACHE_SIZE is read once per process: a child reads it, then writes the capacity it got, the
// warnings logged, and the lookups of kernels 0 1 2 0 (which a capacity of 2 evicts before it is used again).
TEST_CASE("kernel cache helper: report the capacity and the lookups of kernels 0 1 2 0" * doctest::skip()) {
    const char *out = std::getenv("TJ_TEST_HELPER_OUT");
    REQUIRE(out);
    tj_test::LogCapture log(tj::LogLevel::Warn);
    const size_t capacity = tj::cache::memory_capacity();
    std::ofstream file(out);
    file << capacity << " " << log.count(tj::LogLevel::Warn, "TRACEJIT_KERNEL_CACHE_SIZE") << "\n";
    for (int k : {0, 1, 2, 0}) {
        const tj::KernelStats st = lookups_of(4, k);
        file << st.memory_hits << st.disk_hits << st.misses << " ";
    }
    file << "\nend\n";
}

namespace {

struct CapacityReport {
    size_t capacity = 0, warnings = 0;
    std::string lookups; ///< per lookup of kernels 0 1 2 0: memory, disk, compiled hits as three digits
};

CapacityReport report_with(const std::optional<std::string> &value, const std::string &cache_dir,
                           const std::optional<std::string> &cache = std::nullopt) {
    tj_test::TempDir out_dir;
    const std::string out = out_dir.path + "/report";
    const tj_test::EnvChanges env = {{"TRACEJIT_KERNEL_CACHE_SIZE", value},
                                     {"TRACEJIT_CACHE_DIR", cache_dir},
                                     {"TRACEJIT_CACHE", cache},
                                     {"TRACEJIT_BACKEND", "cpu"},
                                     {"TJ_TEST_HELPER_OUT", out}};
    CHECK(tj_test::run_self("kernel cache helper: report the capacity and the lookups of kernels 0 1 2 0", env) == 0);
    CapacityReport r;
    std::ifstream in(out);
    in >> r.capacity >> r.warnings;
    std::string word;
    while (in >> word && word != "end")
        r.lookups += (r.lookups.empty() ? "" : " ") + word;
    CHECK_MESSAGE(word == "end", "the helper did not run to its end");
    return r;
}

} // namespace

TEST_CASE("kernel cache: TRACEJIT_KERNEL_CACHE_SIZE sets the capacity, and a value that is not a positive count warns") {
    tj_test::TempDir cache;
    const CapacityReport unset = report_with(std::nullopt, cache.path);
    CHECK(unset.capacity == tj::cache::default_memory_capacity);
    CHECK(unset.warnings == 0);
    CHECK(unset.lookups == "001 001 001 100"); // compiled, compiled, compiled, then a memory hit
    for (const char *bad : {"0", "-5", "abc", "12x", " 7", "4096.5", "99999999999999999999999"}) {
        CAPTURE(bad);
        const CapacityReport r = report_with(std::string(bad), cache.path);
        CHECK(r.capacity == tj::cache::default_memory_capacity);
        CHECK(r.warnings == 1);
    }
    // A capacity of 2: kernel 0 is evicted by kernel 2 and found on disk; with the disk level off, compiled again.
    const CapacityReport two = report_with(std::string("2"), cache.path + "/fresh");
    CHECK(two.capacity == 2);
    CHECK(two.warnings == 0);
    CHECK(two.lookups == "001 001 001 010");
    const CapacityReport off = report_with(std::string("2"), cache.path + "/unused", std::string("0"));
    CHECK(off.lookups == "001 001 001 001");
}

#ifdef TRACEJIT_FAKE_CUDA_MEMORY_DIR
#include "memory_fake.h"

TEST_CASE("kernel lifetime helper: CUDA modules are unloaded when nothing holds their kernels" * doctest::skip()) {
    tj_test::MemoryFake fake;
    REQUIRE(tj::backend() == tj::Backend::CUDA);
    auto modules = [&] { return fake.get<int (*)()>("tj_fake_cuda_module_count")(); };
    tjtest::FreezingOn freezing;
    run_kernel(5, -1);
    tj::clear_kernel_cache();
    const int before = modules();
    for (int k = 0; k < 6; ++k)
        run_kernel(5, k);
    CHECK(modules() == before + 6);
    tj::clear_kernel_cache();
    CHECK(modules() == before);

    auto frozen = tj::freeze([](const tj::Float &x) { return x * 3.f + 1.25f; });
    tj::Float x(std::vector<float>{1.f, 2.f, 3.f, 4.f});
    CHECK(tj::to_vector(frozen(x)) == std::vector<float>{4.25f, 7.25f, 10.25f, 13.25f});
    tj::clear_kernel_cache();
    CHECK(modules() == before + 1); // the recording's kernel
    tj::Float y(std::vector<float>{-1.f, 0.5f});
    CHECK(tj::to_vector(frozen(y)) == std::vector<float>{-1.75f, 2.75f}); // replayed: the module is still loaded
    CHECK(tjtest::stats_of(frozen).replays == 1);
    {
        CapacityScope scope(3);
        for (int k = 10; k < 20; ++k)
            run_kernel(5, k);
        CHECK(modules() == before + 1 + 3);
    }
    frozen.clear(); // its recording, and the kernel with it
    tj::clear_kernel_cache();
    CHECK(modules() == before);
}

TEST_CASE("CUDA kernel modules are unloaded when nothing holds them, on a fake driver") {
    tj_test::check_helpers_on_memory_fake({"kernel lifetime helper: CUDA modules are unloaded when nothing holds their kernels"},
                                          "tj_kernel_lifetime");
}

#else

TEST_CASE("CUDA kernel modules are unloaded when nothing holds them, on a fake driver") {
    MESSAGE("skipped: this build of the tests was not given the folder of the memory fake driver "
            "(TRACEJIT_FAKE_CUDA_MEMORY_DIR)");
}

#endif
