// tests/runtime/test_cuda_driver.cpp — loading libcuda.so.1 at run time: this machine's driver and fake drivers
//
// The driver is loaded once per process, so each case with a fake driver (tests/fake_cuda) runs the hidden helper
// case below in a child process whose LD_LIBRARY_PATH finds that fake first; the helper writes what it saw to a
// file (one "key<TAB>value" line each) and the parent checks it.
#include "backend/cuda/cuda_driver.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "run_self.h"
#include "test_util.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <string>

namespace {

namespace cuda = tj::cuda;
using tj_test::contains;
using tj_test::error_of;



constexpr const char *helper_case = "cuda driver helper: write what loading libcuda.so.1 found";

/// What the helper saw, by key.
using Report = std::map<std::string, std::string>;

/// Runs the helper with TRACEJIT_BACKEND=cuda and, if `fake_dir` is set, that folder first on LD_LIBRARY_PATH.
Report run_helper(std::optional<std::string> fake_dir) {
    tj_test::TempDir tmp("tj_cuda_driver");
    const std::string out = tmp.path + "/report";
    tj_test::EnvChanges env = {{"TRACEJIT_BACKEND", "cuda"}, {"TJ_TEST_HELPER_OUT", out}};
    if (fake_dir) {
        const char *old = std::getenv("LD_LIBRARY_PATH");
        env.emplace_back("LD_LIBRARY_PATH", *fake_dir + (old && *old ? std::string(":") + old : ""));
    }
    CHECK(tj_test::run_self(helper_case, env) == 0);
    Report report;
    std::ifstream in(out);
    for (std::string line; std::getline(in, line);) {
        const size_t tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        report[line.substr(0, tab)] = line.substr(tab + 1);
    }
    REQUIRE_MESSAGE(!report.empty(), "the helper wrote no report");
    return report;
}

/// Checks what is the same for every driver that cannot be used: has_backend is false, and set_backend(CUDA) and
/// the first array operation under TRACEJIT_BACKEND=cuda both give the driver's reason.
void check_unusable(const Report &r) {
    const std::string &failure = r.at("failure");
    REQUIRE(!failure.empty());
    CHECK(r.at("has_backend") == "0");
    CHECK(r.at("set_backend") == "tj::set_backend(): CUDA is not available: " + failure);
    CHECK(r.at("first_array") == "TRACEJIT_BACKEND=cuda: CUDA is not available: " + failure);
    CHECK(r.at("cpu_after") == "4");
}

} // namespace

TEST_CASE("cuda driver helper: write what loading libcuda.so.1 found" * doctest::skip()) {
    const char *out = std::getenv("TJ_TEST_HELPER_OUT");
    REQUIRE(out);
    std::ofstream report(out);
    auto put = [&](const char *key, const std::string &value) { report << key << '\t' << value << '\n'; };
    // TRACEJIT_BACKEND=cuda: the first array operation reports why CUDA cannot be used.
    put("first_array", error_of([] { tj::Float x = tj::arange<tj::Float>(3); }));
    const cuda::Driver &d = cuda::driver();
    put("failure", d.failure);
    put("library", d.library);
    put("driver_version", std::to_string(d.driver_version));
    put("device_count", std::to_string(d.device_count));
    put("name", d.device.name);
    put("arch", d.device.arch);
    put("compute", std::to_string(d.device.compute_major) + "." + std::to_string(d.device.compute_minor));
    put("sm_count", std::to_string(d.device.sm_count));
    put("max_threads_per_block", std::to_string(d.device.max_threads_per_block));
    put("warp_size", std::to_string(d.device.warp_size));
    if (d.usable())
        put("describe", cuda::describe(d));
    put("has_backend", tj::has_backend(tj::Backend::CUDA) ? "1" : "0");
    put("set_backend", error_of([] { tj::set_backend(tj::Backend::CUDA); }));
    // A call that needs a GPU, through check(): the fakes answer CUDA_ERROR_NOT_SUPPORTED (or NOT_INITIALIZED).
    if (d.api.cuMemAlloc && d.api.cuGetErrorName) {
        cuda::CUdeviceptr p = 0;
        put("check", error_of([&] { cuda::check(d.api.cuMemAlloc(&p, 256), "cuMemAlloc"); }));
    }
    put("check_unknown", error_of([] { cuda::check(987654, "cuStreamSynchronize"); }));
    tj::set_backend(tj::Backend::CPU); // an explicit choice replaces TRACEJIT_BACKEND=cuda
    tj::Float y = tj::arange<tj::Float>(3) * 2.f;
    put("cpu_after", y.read(2) == 4.f ? "4" : "wrong");
}

TEST_CASE("on this machine, has_backend(CUDA) says whether a device is usable, and set_backend gives the reason") {
    const cuda::Driver &d = cuda::driver();
    CHECK(tj::has_backend(tj::Backend::CPU));
    CHECK(tj::has_backend(tj::Backend::CUDA) == d.usable());
    if (d.usable()) {
        MESSAGE("this machine has a CUDA device: ", cuda::describe(d), " via ", d.library);
        CHECK_NOTHROW(tj::set_backend(tj::Backend::CUDA));
        CHECK(tj::backend() == tj::Backend::CUDA);
        tj::set_backend(tj::Backend::CPU);
        return;
    }
    const std::string message = error_of([] { tj::set_backend(tj::Backend::CUDA); });
    CHECK(message.rfind("tj::set_backend(): CUDA is not available: ", 0) == 0);
    CHECK(tj::backend() == tj::Backend::CPU);
    if (d.library.empty()) {
        CHECK(contains(d.failure, "libcuda.so.1 could not be opened (")); // dlerror's text follows
        CHECK(contains(d.failure, "no NVIDIA driver is installed"));
        CHECK(contains(message, d.failure));
    } else {
        MESSAGE("this machine has ", d.library, " but cannot use it: ", d.failure);
        CHECK(contains(message, d.failure));
    }
}

TEST_CASE("on this machine, TRACEJIT_BACKEND=cuda makes the first array operation give the same reason") {
    const Report r = run_helper(std::nullopt);
    if (r.at("failure").empty()) {
        CHECK(r.at("has_backend") == "1");
        CHECK(r.at("first_array").empty());
        CHECK(r.at("set_backend").empty());
    } else {
        check_unusable(r);
    }
}

TEST_CASE("check() names the call and the driver's error, or its number without a driver that names it") {
    // The driver is loaded first: check() names errors only once it is (before, this process may not have asked
    // about CUDA yet, and the message would give only the number where a complete driver is installed).
    const cuda::Driver &d = cuda::driver();
    CHECK_NOTHROW(cuda::check(cuda::CUDA_SUCCESS, "cuInit"));
    const std::string message = error_of([] { cuda::check(cuda::CUDA_ERROR_NO_DEVICE, "cuLaunchKernel"); });
    CHECK(message.rfind("CUDA driver call cuLaunchKernel() failed: ", 0) == 0);
    if (d.library.empty() || contains(d.failure, "does not export")) // no complete driver: only the number is known
        CHECK(contains(message, "CUresult 100 (no complete driver is loaded to name it)"));
    else
        CHECK(contains(message, "CUDA_ERROR_NO_DEVICE"));
}

#if defined(TRACEJIT_FAKE_CUDA_NO_DEVICE_DIR) && defined(TRACEJIT_FAKE_CUDA_ONE_DEVICE_DIR) &&                         \
    defined(TRACEJIT_FAKE_CUDA_MISSING_SYMBOL_DIR)

TEST_CASE("a driver without a device: cuInit's CUDA_ERROR_NO_DEVICE is the reason") {
    const Report r = run_helper(TRACEJIT_FAKE_CUDA_NO_DEVICE_DIR);
    CHECK(r.at("library") == TRACEJIT_FAKE_CUDA_NO_DEVICE_DIR "/libcuda.so.1");
    CHECK(r.at("failure") == "cuInit(0) failed with CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)");
    CHECK(r.at("driver_version") == "12040"); // read before cuInit, as the real driver allows
    CHECK(r.at("device_count") == "0");
    check_unusable(r);
    // The entry points are bound, so errors are named; without cuInit the driver answers NOT_INITIALIZED.
    CHECK(r.at("check") == "CUDA driver call cuMemAlloc() failed: CUDA_ERROR_NOT_INITIALIZED (initialization error)");
    CHECK(r.at("check_unknown") ==
          "CUDA driver call cuStreamSynchronize() failed: CUresult 987654 (a code the driver does not name)");
}

TEST_CASE("a driver with one device: the device is described, and CUDA can be selected") {
    const Report r = run_helper(TRACEJIT_FAKE_CUDA_ONE_DEVICE_DIR);
    CHECK(r.at("library") == TRACEJIT_FAKE_CUDA_ONE_DEVICE_DIR "/libcuda.so.1");
    CHECK(r.at("failure").empty());
    CHECK(r.at("device_count") == "1");
    CHECK(r.at("name") == "tracejit fake CUDA device, no GPU");
    CHECK(r.at("compute") == "9.0");
    CHECK(r.at("arch") == "sm_90");
    CHECK(r.at("sm_count") == "132");
    CHECK(r.at("max_threads_per_block") == "1024");
    CHECK(r.at("warp_size") == "32");
    CHECK(r.at("driver_version") == "12040");
    const std::string described = "tracejit fake CUDA device, no GPU (sm_90, 132 SMs, driver 12.4)";
    CHECK(r.at("describe") == described);
    CHECK(r.at("has_backend") == "1");
    CHECK(r.at("set_backend").empty());
    CHECK(r.at("first_array").empty()); // arange needs no memory: nothing reaches the fake's unsupported calls
    CHECK(r.at("check") == "CUDA driver call cuMemAlloc() failed: CUDA_ERROR_NOT_SUPPORTED (operation not supported)");
    CHECK(r.at("cpu_after") == "4");
}

TEST_CASE("a driver that lacks an entry point: the reason names the missing symbol") {
    const Report r = run_helper(TRACEJIT_FAKE_CUDA_MISSING_SYMBOL_DIR);
    const std::string library = TRACEJIT_FAKE_CUDA_MISSING_SYMBOL_DIR "/libcuda.so.1";
    CHECK(r.at("library") == library);
    CHECK(r.at("failure") == library +
                                 " does not export cuLaunchKernel (an NVIDIA driver older than this build supports, "
                                 "or not NVIDIA's driver)");
    CHECK(r.at("device_count") == "0"); // cuInit is never called on a library that is not complete
    check_unusable(r);
    // An incomplete driver is not asked to name errors.
    CHECK(r.at("check_unknown") ==
          "CUDA driver call cuStreamSynchronize() failed: CUresult 987654 (no complete driver is loaded to name it)");
}

#else

TEST_CASE("fake CUDA drivers") {
    MESSAGE("skipped: this build of the tests was not given the folders of tests/fake_cuda "
            "(TRACEJIT_FAKE_CUDA_*_DIR), so loading a driver without a GPU cannot be checked");
}

#endif
