// tests/runtime/test_interop_cuda.cpp — data(), map and DLPack on the CUDA backend, against the memory fake driver
//
// The fake (tests/fake_cuda) keeps "device" memory in host memory, so pointers and copies can be checked without
// a GPU; the helper case runs in a child process whose LD_LIBRARY_PATH finds the fake (as test_cuda_runtime.cpp).
#include "jit/var.h"

#include <tracejit/dlpack.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "run_self.h"
#include "test_util.h"

#include <cstdlib>
#include <string>
#include <vector>

#ifdef TRACEJIT_FAKE_CUDA_MEMORY_DIR
#include "memory_fake.h"

namespace {

using tj_test::contains;
using tj_test::error_of;

/// The buffer of an evaluated variable and whether it is device memory, read from the variable table.
std::pair<const void *, bool> buffer_of(uint32_t id) {
    tj::jit::State &s = tj::jit::state();
    tj::jit::Lock lock(s.mutex);
    REQUIRE(s.vars[id].op == tj::detail::Op::Data);
    return {s.vars[id].data, s.vars[id].on_device};
}

constexpr const char *helper_case = "cuda interop helper: data and map and DLPack on the memory fake";

} // namespace

TEST_CASE("cuda interop helper: data and map and DLPack on the memory fake" * doctest::skip()) {
    REQUIRE(tj::backend() == tj::Backend::CUDA); // TRACEJIT_BACKEND=cuda

    tj::Float a = {1.f, 2.f, 3.f, 4.f};
    const float *p = a.data(); // a device pointer: the variable's own buffer
    auto [buf, on_device] = buffer_of(a.index());
    CHECK(on_device);
    CHECK(p == buf);

    // to_dlpack: a kDLCUDA tensor on device 0 sharing the buffer; from_dlpack back, on CUDA, without a copy.
    DLManagedTensor *t = tj::to_dlpack(a);
    CHECK(t->dl_tensor.device.device_type == kDLCUDA);
    CHECK(t->dl_tensor.device.device_id == 0);
    CHECK(t->dl_tensor.data == p);
    tj::Float back = tj::from_dlpack<tj::Float>(t);
    CHECK(back.data() == p);
    CHECK(buffer_of(back.index()).second);
    CHECK(tj::to_vector(back) == std::vector<float>{1.f, 2.f, 3.f, 4.f});

    // map: a device pointer of the current backend, read through the device, released once.
    int released = 0;
    {
        tj::Float m = tj::map<tj::Float>(p, 4, [&] { ++released; });
        CHECK(buffer_of(m.index()).second);
        CHECK(m.data() == p);
        CHECK(tj::to_vector(m) == std::vector<float>{1.f, 2.f, 3.f, 4.f});
    }
    CHECK(released == 1);

    // Host memory is refused while the backend is CUDA.
    std::vector<double> host = {1.0};
    int64_t shape[1] = {1};
    DLManagedTensor cpu{};
    cpu.dl_tensor.data = host.data();
    cpu.dl_tensor.device = {kDLCPU, 0};
    cpu.dl_tensor.ndim = 1;
    cpu.dl_tensor.dtype = {kDLFloat, 64, 1};
    cpu.dl_tensor.shape = shape;
    CHECK(contains(error_of([&] { tj::from_dlpack<tj::Float64>(&cpu); }),
                   "the tensor is in host memory but the current backend is CUDA"));
    cpu.dl_tensor.device = {kDLCUDA, 1};
    CHECK(contains(error_of([&] { tj::from_dlpack<tj::Float64>(&cpu); }), "the tensor is on CUDA device 1"));
}

TEST_CASE("CUDA interop on a fake driver: data() and DLPack give device pointers and kDLCUDA") {
    tj_test::TempDir tmp("tj_cuda_interop");
    tj_test::EnvChanges env = {{"TRACEJIT_BACKEND", "cuda"},
                               {"TRACEJIT_CACHE_DIR", tmp.path},
                               {"LD_LIBRARY_PATH", tj_test::memory_fake_library_path()}};
    CHECK(tj_test::run_self(helper_case, env) == 0);
}

#else

TEST_CASE("CUDA interop on a fake driver") {
    MESSAGE("skipped: this build of the tests was not given the folder of the memory fake driver "
            "(TRACEJIT_FAKE_CUDA_MEMORY_DIR), so data() and DLPack on CUDA cannot be checked without a GPU");
}

#endif
