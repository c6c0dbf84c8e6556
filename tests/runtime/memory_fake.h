// tests/runtime/memory_fake.h — the `memory` fake CUDA driver seen from a test: its launches, buffers, helper runs
//
// The CUDA tests without a GPU run a hidden helper case in a child process whose LD_LIBRARY_PATH finds the fake
// (tests/fake_cuda), because the driver is loaded once per process; the helper then reads what the fake recorded.
// Only the test files that CMake gives TRACEJIT_FAKE_CUDA_MEMORY_DIR (tests/CMakeLists.txt) can use this header.
#pragma once

#ifdef TRACEJIT_FAKE_CUDA_MEMORY_DIR

#include "../fake_cuda/fake_libcuda.h"
#include "jit/var.h"
#include "ptxas_check.h"
#include "run_self.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <string>

#include <dlfcn.h>

namespace tj_test {

/// The loaded fake's introspection functions (the runtime loads the fake on its first use of CUDA).
struct MemoryFake {
    template <typename F> F get(const char *name) const {
        void *lib = dlopen("libcuda.so.1", RTLD_NOLOAD | RTLD_NOW);
        REQUIRE(lib);
        auto f = reinterpret_cast<F>(dlsym(lib, name));
        REQUIRE_MESSAGE(bool(f), name);
        return f;
    }
    int launches() const { return get<fake_cuda::LaunchCountFn>("tj_fake_cuda_launch_count")(); }
    FakeLaunch launch(int i) const {
        FakeLaunch l{};
        REQUIRE(get<fake_cuda::LaunchFn>("tj_fake_cuda_launch")(i, &l));
        return l;
    }
    FakeLaunch last() const { return launch(launches() - 1); }
    long live_allocations() const { return get<fake_cuda::CountFn>("tj_fake_cuda_live_allocations")(); }
};

/// The device address of an evaluated array's buffer.
inline uint64_t address_of(uint32_t id) {
    tj::jit::State &s = tj::jit::state();
    tj::jit::Lock lock(s.mutex);
    REQUIRE(s.vars[id].op == tj::detail::Op::Data);
    return uint64_t(uintptr_t(s.vars[id].data));
}

/// LD_LIBRARY_PATH for a child that loads the memory fake: its folder, then the current value (if any).
inline std::string memory_fake_library_path() {
    const char *old = std::getenv("LD_LIBRARY_PATH");
    return std::string(TRACEJIT_FAKE_CUDA_MEMORY_DIR) + (old && *old ? std::string(":") + old : "");
}

/// Runs `helper` with the memory fake first on LD_LIBRARY_PATH, TRACEJIT_BACKEND=cuda and its own disk cache;
/// where ptxas exists, the fake loads only modules that ptxas accepts. Returns the child's exit status.
inline int run_on_memory_fake(const char *helper, const std::string &cache_dir) {
    EnvChanges env = {{"TRACEJIT_BACKEND", "cuda"},
                      {"TRACEJIT_CACHE_DIR", cache_dir},
                      {"LD_LIBRARY_PATH", memory_fake_library_path()}};
    if (have_ptxas())
        env.emplace_back("FAKE_CUDA_PTXAS", ptxas_path());
    else
        MESSAGE("ptxas is not at ", ptxas_path(), ": the fake driver loads the runtime's PTX without assembling it");
    return run_self(helper, env);
}

/// Checks that each of the hidden cases `helpers` passes when run_on_memory_fake runs it, in turn, all with one disk
/// cache in a fresh folder named after `cache_prefix` (a later helper finds what an earlier one stored).
inline void check_helpers_on_memory_fake(std::initializer_list<const char *> helpers, const char *cache_prefix) {
    TempDir tmp(cache_prefix);
    for (const char *helper : helpers) {
        INFO("helper case: " << std::string(helper));
        CHECK(run_on_memory_fake(helper, tmp.path) == 0);
    }
}

} // namespace tj_test

#endif
