// tests/mpi/test_cache.cpp — ranks compiling the same kernels at once into one TRACEJIT_CACHE_DIR
//
// main.cpp gives every rank the same fresh cache folder. All ranks compile the same new kernels at the same moment
// (after a barrier): none may see a partial file (a torn file is logged as a warning and recompiled), the folder
// must end with exactly one entry per kernel and no temporary file, and each entry must load in every process.
#include "test_util_mpi.h"

#include <tracejit/log.h>
#include <tracejit/mpi.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace tj_mpi_test;
namespace fs = std::filesystem;

namespace {

struct Files {
    size_t entries = 0, temporary = 0;
};

Files files_in(const std::string &dir) {
    Files f;
    for (const auto &e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.find(".tmp") != std::string::npos)
            ++f.temporary;
        else if (e.path().extension() == ".tjk")
            ++f.entries;
    }
    return f;
}

/// Kernel k of this run: one fused launch whose literals no other run or case uses.
tj::Float kernel(int k, uint32_t salt) {
    const float c = float(salt % 100000) * 1e-3f + float(k);
    return tj::sin(tj::arange<tj::Float>(2000) * c) * 0.5f + c;
}

size_t wrong_elements(const tj::Float &y, int k, uint32_t salt) {
    const float c = float(salt % 100000) * 1e-3f + float(k);
    const std::vector<float> v = tj::to_vector(y);
    size_t wrong = 0;
    for (size_t i = 0; i < v.size(); ++i)
        wrong += std::fabs(v[i] - (std::sin(float(i) * c) * 0.5f + c)) > 1e-3f * std::fmax(1.f, std::fabs(v[i]));
    return wrong + (v.size() != 2000);
}

} // namespace

TEST_CASE("mpi cache: ranks compiling the same kernels at once end with one valid entry per kernel") {
    const char *dir = std::getenv("TRACEJIT_CACHE_DIR");
    REQUIRE(dir);
    REQUIRE(std::getenv("TRACEJIT_CACHE") == nullptr);
    uint32_t salt = uint32_t(std::random_device{}());
    MPI_Bcast(&salt, 1, MPI_UINT32_T, 0, MPI_COMM_WORLD);
    constexpr int kernels = 6;

    std::atomic<int> warnings{0};
    tj::set_log_callback([&](tj::LogLevel level, const std::string &) { warnings += level <= tj::LogLevel::Warn; });
    MPI_Barrier(MPI_COMM_WORLD);
    const Files before = files_in(dir); // (the folder may not exist before the first store: main made it)
    MPI_Barrier(MPI_COMM_WORLD);
    tj::clear_kernel_cache();
    tj::reset_kernel_stats();
    size_t wrong = 0;
    for (int k = 0; k < kernels; ++k) {
        tj::Float y = kernel(k, salt);
        tj::eval(y);
        wrong += wrong_elements(y, k, salt);
    }
    const tj::KernelStats first = tj::kernel_stats();
    MPI_Barrier(MPI_COMM_WORLD);
    const Files after = files_in(dir);
    CHECK(wrong == 0);
    CHECK(first.launches == kernels);
    CHECK(first.misses + first.disk_hits == kernels); // compiled here, or found whole on disk
    CHECK(after.entries == before.entries + kernels);
    CHECK(after.temporary == 0);
    CHECK(warnings == 0); // no partial or corrupt file was ever read
    MPI_Barrier(MPI_COMM_WORLD);

    // Every entry is valid: from the memory level cleared, every process loads all of them from disk.
    tj::clear_kernel_cache();
    tj::reset_kernel_stats();
    for (int k = 0; k < kernels; ++k)
        wrong += wrong_elements(kernel(k, salt), k, salt);
    const tj::KernelStats second = tj::kernel_stats();
    CHECK(wrong == 0);
    CHECK(second.disk_hits == kernels);
    CHECK(second.misses == 0);
    CHECK(warnings == 0);
    tj::set_log_callback({});
    CHECK(on_every_rank(wrong == 0 && second.disk_hits == kernels && warnings == 0));
}
