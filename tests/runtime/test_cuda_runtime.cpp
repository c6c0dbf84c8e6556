// tests/runtime/test_cuda_runtime.cpp — the runtime on the CUDA backend, against the `memory` fake driver (no GPU)
//
// The fake (tests/fake_cuda) keeps "device" memory in host memory, records launches and runs them on the CPU with
// the PTX engine of tests/ptx_exec. So these cases check the CUDA backend up to the device: where buffers live,
// what is copied, which kernels are compiled, cached and launched with which arguments, the errors, and what the
// kernels compute (not the GPU's speed or its own PTX compiler: that needs a GPU, docs/cuda.md). Each case runs a hidden helper case
// in a child process whose LD_LIBRARY_PATH finds the fake, because the driver is loaded once per process.
#include "backend/cuda/cuda_codegen.h"
#include "backend/cuda/cuda_context.h"
#include "backend/cuda/cuda_reduce.h"
#include "backend/cuda/cuda_device.h"
#include "jit/var.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "ptxas_check.h"
#include "run_self.h"
#include "test_util.h"

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#ifdef TRACEJIT_FAKE_CUDA_MEMORY_DIR
#include "memory_fake.h"

namespace {

namespace cuda = tj::cuda;
using tj_test::contains;
using tj_test::address_of;
using tj_test::error_of;

bool on_device(uint32_t id) {
    tj::jit::State &s = tj::jit::state();
    tj::jit::Lock lock(s.mutex);
    return s.vars[id].on_device;
}

bool has_param(const FakeLaunch &l, uint64_t value) {
    for (int i = 0; i < l.param_count && i < 16; ++i)
        if (l.params[i] == value)
            return true;
    return false;
}

constexpr const char *helper_case = "cuda runtime helper: the runtime on the memory fake";
constexpr const char *disk_helper_case = "cuda runtime helper: a second process finds the PTX on disk";

} // namespace

TEST_CASE("cuda runtime helper: the runtime on the memory fake" * doctest::skip()) {
    tj_test::MemoryFake fake;
    REQUIRE(tj::has_backend(tj::Backend::CUDA));
    REQUIRE(tj::backend() == tj::Backend::CUDA); // TRACEJIT_BACKEND=cuda

    if (std::getenv("FAKE_CUDA_PTXAS")) { // the fake really assembles modules: a broken one is refused
        std::string refused = error_of([] { cuda::load_function(".version 8.0\n.target sm_90\n.entry broken(", "broken"); });
        CHECK(refused.find("ptxas rejected the module") != std::string::npos);
    }

    // Arrays made from host data live in device memory, and read back through it.
    tj::Float a = {1.f, 2.f, 3.f, 4.f};
    tj::Float b = {10.f, 20.f, 30.f, 40.f};
    CHECK(on_device(a.index()));
    CHECK(fake.live_allocations() >= 2);
    CHECK(tj::to_vector(a) == std::vector<float>{1.f, 2.f, 3.f, 4.f});
    CHECK(b.read(2) == 30.f);
    CHECK(tj::detail::var_summary(a.index(), 8).find("[1, 2, 3, 4]") != std::string::npos);
    // A literal made opaque is filled on the device.
    tj::Float filled = tj::Float::steal(tj::detail::var_make_opaque(tj::Float(7.f).index()));
    CHECK(on_device(filled.index()));
    CHECK(filled.read(0) == 7.f);
    // Values of one repeated byte (0, -1) are filled by the device's byte fill, without a host buffer.
    tj::Float zeros = tj::Float::steal(tj::detail::var_make_opaque(tj::Float::steal(
        tj::detail::var_literal(tj::VarType::Float32, 0, 5)).index()));
    tj::Int32 minus_one = tj::opaque<tj::Int32>(-1, 3);
    CHECK(tj::to_vector(zeros) == std::vector<float>(5, 0.f));
    CHECK(tj::to_vector(minus_one) == std::vector<int32_t>(3, -1));

    // A fused kernel: compiled to PTX, loaded, launched over n elements with the buffers' device addresses.
    tj::reset_kernel_stats();
    int before = fake.launches();
    tj::Float c = a * b + 1.f;
    tj::eval(c);
    REQUIRE(fake.launches() == before + 1);
    FakeLaunch l = fake.last();
    CHECK(std::string(l.entry) == cuda::kernel_entry);
    CHECK(l.params[0] == 0); // start
    CHECK(l.params[1] == 4); // end
    CHECK(has_param(l, address_of(a.index())));
    CHECK(has_param(l, address_of(b.index())));
    CHECK(has_param(l, address_of(c.index()))); // the output, allocated on the device
    CHECK(on_device(c.index()));
    cuda::LaunchShape shape = cuda::elementwise_shape(4);
    CHECK(l.grid[0] == shape.grid);
    CHECK(l.block[0] == shape.block);
    CHECK(tj::kernel_stats().launches == 1);
    CHECK(tj::kernel_stats().misses == 1);
    CHECK(tj::to_vector(c) == std::vector<float>{11.f, 41.f, 91.f, 161.f});

    // The same kernel again: found in memory, launched again without compiling.
    tj::Float d = a * b + 1.f;
    tj::eval(d);
    CHECK(fake.launches() == before + 2);
    CHECK(fake.last().function == l.function);
    CHECK(tj::kernel_stats().memory_hits == 1);

    // Many literals: the table beyond the embedded ones is copied to the device and passed by address.
    tj::Float many = a;
    for (int i = 0; i < 80; ++i)
        many = many * float(i + 2) + float(i);
    tj::eval(many);
    l = fake.last();
    CHECK(l.param_count == 5); // start, end, a, the table, the output
    float expected_many[4] = {1.f, 2.f, 3.f, 4.f};
    for (float &v : expected_many)
        for (int i = 0; i < 80; ++i)
            v = v * float(i + 2) + float(i);
    CHECK(tj::to_vector(many) == std::vector<float>(std::begin(expected_many), std::end(expected_many)));
    CHECK(has_param(l, address_of(a.index())));
    CHECK(has_param(l, address_of(many.index())));
    CHECK(on_device(many.index()));

    // Reductions run on the device: two passes of the reduction kernel for a whole array.
    before = fake.launches();
    tj::Float total = tj::sum(a);
    CHECK(on_device(total.index()));
    REQUIRE(fake.launches() == before + 2);
    FakeLaunch pass1 = fake.launch(before), pass2 = fake.launch(before + 1);
    CHECK(std::string(pass1.entry) == cuda::reduce_entry);
    CHECK(pass1.params[0] == address_of(a.index()));
    CHECK(pass1.params[2] == 4);  // n
    CHECK(pass1.params[3] == 4);  // one block of all elements (small arrays)
    CHECK(pass1.block[0] == 32); // one block of 4 elements: a thread's (cuda::reduce_thread_per_block_below)
    CHECK(pass2.params[0] == pass1.params[1]); // the partials
    CHECK(pass2.params[1] == address_of(total.index()));
    CHECK(pass2.params[4] == 0);
    CHECK(total.read(0) == 10.f);
    before = fake.launches();
    tj::Float avg = tj::mean(a);
    CHECK(fake.launch(before + 1).params[4] == 4); // the mean divides by n in the second pass
    CHECK(avg.read(0) == 2.5f);
    before = fake.launches();
    tj::Float blocks = tj::block_sum(tj::Float(std::vector<float>(12, 1.f)), 3);
    CHECK(blocks.size() == 4);
    REQUIRE(fake.launches() == before + 1); // one pass: a CTA per block of 3
    CHECK(fake.launch(before).params[2] == 12);
    CHECK(fake.launch(before).params[3] == 3);
    CHECK(fake.launch(before).params[1] == address_of(blocks.index()));
    CHECK(tj::to_vector(blocks) == std::vector<float>(4, 3.f));
    before = fake.launches();
    tj::Int32 imax = tj::hmax(tj::Int32({3, 1, 2}));
    CHECK(fake.launches() == before + 2); // whole array: two passes in the array's own type
    CHECK(imax.read(0) == 3);

    // Scatter into a shared array copies it on the device first (copy on write).
    tj::Float target = a;
    tj::scatter(target, tj::Float(5.f), tj::UInt32({1}));
    tj::eval(target);
    CHECK(target.index() != a.index());
    CHECK(on_device(target.index()));
    CHECK(address_of(target.index()) != address_of(a.index()));
    CHECK(a.read(1) == 2.f); // the original is untouched
    CHECK(tj::to_vector(target) == std::vector<float>{1.f, 5.f, 3.f, 4.f}); // the copy, then the scatter

    // sync() waits for this thread's stream.
    CHECK_NOTHROW(tj::sync());

    // Arrays on different backends cannot meet in one kernel.
    tj::set_backend(tj::Backend::CPU);
    tj::Float host = {1.f, 1.f, 1.f, 1.f};
    CHECK_FALSE(on_device(host.index()));
    tj::Float mixed = a + host;
    std::string message = error_of([&] { tj::eval(mixed); });
    CHECK(message.find("cannot be used together") != std::string::npos);
    CHECK(message.find("CUDA device memory") != std::string::npos);
    CHECK(message.find("host (CPU) memory") != std::string::npos);
    tj::set_backend(tj::Backend::CUDA);

    // Literals and counters alone run on the selected backend.
    before = fake.launches();
    tj::Float ramp = tj::arange<tj::Float>(1000) * 2.f;
    tj::eval(ramp);
    CHECK(fake.launches() == before + 1);
    CHECK(on_device(ramp.index()));
    CHECK(fake.last().params[1] == 1000);
    CHECK(ramp.read(999) == 1998.f);

    // A frozen function records CUDA launches and replays them with the new inputs' device buffers.
    auto twice_sum = tj::freeze([](const tj::Float &x) { return tj::sum(x * 2.f); });
    before = fake.launches();
    tj::Float r1 = twice_sum(a);
    REQUIRE(fake.launches() == before + 3); // x * 2, then the two passes of the sum
    FakeLaunch recorded = fake.launch(before);
    CHECK(twice_sum.stats().recordings == 1);
    tj::Float r2 = twice_sum(b);
    CHECK(twice_sum.stats().replays == 1);
    REQUIRE(fake.launches() == before + 6);
    FakeLaunch replayed = fake.launch(before + 3);
    CHECK(replayed.function == recorded.function);
    CHECK(replayed.params[1] == 4);
    CHECK(has_param(replayed, address_of(b.index())));
    CHECK_FALSE(has_param(replayed, address_of(a.index())));
    CHECK(std::string(fake.launch(before + 4).entry) == cuda::reduce_entry);
    CHECK(on_device(r2.index()));
    CHECK(fake.launch(before + 5).params[1] == address_of(r2.index()));
    CHECK(r1.read(0) == 20.f);
    CHECK(r2.read(0) == 200.f);
    // A host-memory input does not replay the CUDA recording: the call is recorded again, for what it got.
    tj::set_backend(tj::Backend::CPU);
    tj::Float host_in = {1.f, 2.f, 3.f, 4.f};
    tj::set_backend(tj::Backend::CUDA);
    std::string freeze_error = error_of([&] { twice_sum(host_in); });
    CHECK(freeze_error.find("being recorded for CUDA") != std::string::npos);
    CHECK(twice_sum.stats().replays == 1);
    CHECK(twice_sum.stats().dry_run_failures == 1);

    // Freed arrays give their device memory back to the cache, not to the driver.
    long live = fake.live_allocations();
    cuda::DeviceMemoryStats st = cuda::device_memory_stats();
    { tj::Float tmp = tj::Float(std::vector<float>(1000, 1.f)); }
    { tj::Float tmp = tj::Float(std::vector<float>(1000, 2.f)); }
    CHECK(cuda::device_memory_stats().reuses > st.reuses);
    CHECK(fake.live_allocations() <= live + 1);

    // The PTX went to the disk cache, keyed by architecture and driver version.
    std::string key = tj::cuda::disk_key(tj::jit::assemble_for_inspection(nullptr, 0), "sm_90", 12040);
    CHECK(key.find("sm_90") != std::string::npos);
    CHECK(key.find("driver=12040") != std::string::npos);
    CHECK(key.find("cuda codegen=") == 0);
    size_t files = 0;
    for (auto &e : std::filesystem::directory_iterator(std::getenv("TRACEJIT_CACHE_DIR")))
        files += e.path().extension() == ".tjk";
    CHECK(files >= 3); // the fused kernel, the literal-table kernel, the ramp
}

TEST_CASE("cuda runtime helper: a second process finds the PTX on disk" * doctest::skip()) {
    tj_test::MemoryFake fake;
    tj::Float a = {1.f, 2.f, 3.f, 4.f};
    tj::Float b = {10.f, 20.f, 30.f, 40.f};
    tj::reset_kernel_stats();
    tj::Float c = a * b + 1.f;
    tj::eval(c);
    CHECK(tj::kernel_stats().disk_hits == 1);
    CHECK(tj::kernel_stats().misses == 0);
    CHECK(tj::to_vector(c) == std::vector<float>{11.f, 41.f, 91.f, 161.f}); // the PTX from disk runs too
    CHECK(std::string(fake.last().entry) == cuda::kernel_entry);
}

TEST_CASE("CUDA backend on a fake driver: memory, kernels, reductions, caches and errors up to the device") {
    tj_test::check_helpers_on_memory_fake({helper_case, disk_helper_case}, "tj_cuda_runtime");
}

#else

TEST_CASE("CUDA backend on a fake driver") {
    MESSAGE("skipped: this build of the tests was not given the folder of the memory fake driver "
            "(TRACEJIT_FAKE_CUDA_MEMORY_DIR), so the CUDA backend cannot be checked without a GPU");
}

#endif
