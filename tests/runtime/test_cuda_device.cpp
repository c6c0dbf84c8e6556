// tests/runtime/test_cuda_device.cpp — device memory, streams, modules and launches against the `memory` fake driver
//
// There is no GPU here: each case runs a hidden helper case in a child process whose LD_LIBRARY_PATH finds the
// `memory` fake libcuda.so.1 (tests/fake_cuda/fake_memory.cpp) first. The helper calls tj::cuda directly, checks
// the results itself (the child's exit status carries them), and asks the fake what the driver saw: allocations,
// streams, synchronisations and the launches it recorded instead of running.
#include "backend/cuda/cuda_context.h"

#include <tracejit/error.h>

#include <doctest/doctest.h>

#include "../fake_cuda/fake_libcuda.h"
#include "run_self.h"
#include "test_util.h"

#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <dlfcn.h>

#ifdef TRACEJIT_FAKE_CUDA_MEMORY_DIR
#include "memory_fake.h"

namespace {

namespace cuda = tj::cuda;
using tj_test::contains;
using tj_test::error_of;



/// Runs the hidden helper case `helper` in a child process on the `memory` fake driver.
void run_on_memory_fake(const char *helper) {
    CHECK_MESSAGE(tj_test::run_self(helper, {{"LD_LIBRARY_PATH", tj_test::memory_fake_library_path()}}) == 0,
                  "the helper case \"" << helper << "\" failed (its output is above)");
}

/// The fake's introspection functions (fake_libcuda.h), found in the libcuda.so.1 the runtime loaded.
struct Fake {
    decltype(&tj_fake_cuda_launch_count) launch_count = nullptr;
    decltype(&tj_fake_cuda_launch) launch = nullptr;
    decltype(&tj_fake_cuda_live_allocations) live_allocations = nullptr;
    decltype(&tj_fake_cuda_live_bytes) live_bytes = nullptr;
    decltype(&tj_fake_cuda_mem_alloc_calls) mem_alloc_calls = nullptr;
    decltype(&tj_fake_cuda_set_memory_limit) set_memory_limit = nullptr;
    decltype(&tj_fake_cuda_stream_count) stream_count = nullptr;
    decltype(&tj_fake_cuda_stream_syncs) stream_syncs = nullptr;
    decltype(&tj_fake_cuda_ctx_set_current_calls) ctx_set_current_calls = nullptr;
    decltype(&tj_fake_cuda_last_jit_level) last_jit_level = nullptr;
};

template <typename Fn> void bind(void *library, Fn &fn, const char *name) {
    fn = reinterpret_cast<Fn>(::dlsym(library, name));
    REQUIRE_MESSAGE(bool(fn), "the fake driver does not export " << name);
}

/// Checks that the runtime loaded the `memory` fake (never a real driver) and returns its introspection functions.
Fake memory_fake() {
    const cuda::Driver &d = cuda::driver();
    REQUIRE_MESSAGE(d.usable(), d.failure);
    REQUIRE(d.library == TRACEJIT_FAKE_CUDA_MEMORY_DIR "/libcuda.so.1");
    void *library = ::dlopen("libcuda.so.1", RTLD_NOLOAD | RTLD_NOW); // the runtime's copy, loaded RTLD_LOCAL
    REQUIRE(library);
    Fake f;
    bind(library, f.launch_count, "tj_fake_cuda_launch_count");
    bind(library, f.launch, "tj_fake_cuda_launch");
    bind(library, f.live_allocations, "tj_fake_cuda_live_allocations");
    bind(library, f.live_bytes, "tj_fake_cuda_live_bytes");
    bind(library, f.mem_alloc_calls, "tj_fake_cuda_mem_alloc_calls");
    bind(library, f.set_memory_limit, "tj_fake_cuda_set_memory_limit");
    bind(library, f.stream_count, "tj_fake_cuda_stream_count");
    bind(library, f.stream_syncs, "tj_fake_cuda_stream_syncs");
    bind(library, f.ctx_set_current_calls, "tj_fake_cuda_ctx_set_current_calls");
    bind(library, f.last_jit_level, "tj_fake_cuda_last_jit_level");
    return f;
}

/// PTX the fake accepts: an entry `tj_kernel` with four 8-byte parameters (start, end and two arguments).
const std::string kernel_ptx = ".version 8.0\n.target sm_90\n.address_size 64\n\n"
                               ".visible .entry tj_kernel(\n\t.param .u64 tj_kernel_param_0,\n"
                               "\t.param .u64 tj_kernel_param_1,\n\t.param .u64 tj_kernel_param_2,\n"
                               "\t.param .u64 tj_kernel_param_3\n)\n{\n\tret;\n}\n";

/// The last launch the fake recorded.
FakeLaunch last_launch(const Fake &fake) {
    FakeLaunch l{};
    REQUIRE(fake.launch(fake.launch_count() - 1, &l));
    return l;
}

/// A thread that runs the tasks it is given, one at a time, while the caller waits: its stream stays alive
/// between tasks, so a test can interleave operations of two threads in a fixed order.
class Worker {
  public:
    Worker() : m_thread([this] { serve(); }) {}
    ~Worker() { stop(); }

    /// Runs `task` on the worker and waits for it; rethrows what it threw.
    void run(std::function<void()> task) {
        std::unique_lock lock(m_mutex);
        m_task = std::move(task);
        m_changed.notify_all();
        m_changed.wait(lock, [&] { return !m_task; });
        if (std::exception_ptr e = std::exchange(m_error, nullptr))
            std::rethrow_exception(e);
    }

    /// Ends the thread (its thread-local objects are destroyed) and waits for it.
    void stop() {
        if (!m_thread.joinable())
            return;
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_changed.notify_all();
        m_thread.join();
    }

  private:
    void serve() {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_changed.wait(lock, [&] { return m_task || m_stop; });
            if (!m_task)
                return;
            try {
                m_task();
            } catch (...) {
                m_error = std::current_exception();
            }
            m_task = nullptr;
            m_changed.notify_all();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::function<void()> m_task;
    std::exception_ptr m_error;
    bool m_stop = false;
    std::thread m_thread;
};

constexpr uint64_t MiB = uint64_t(1) << 20;

} // namespace

// ---- Hidden helpers: each runs in a child process on the fake ----

TEST_CASE("cuda device helper: round trip" * doctest::skip()) {
    const Fake fake = memory_fake();
    std::vector<uint8_t> bytes(1000);
    for (size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = uint8_t(i * 7 + 3);
    void *d = cuda::device_alloc(bytes.size());
    REQUIRE(d);
    cuda::copy_to_device(d, bytes.data(), bytes.size());
    std::vector<uint8_t> back(bytes.size(), 0);
    cuda::copy_to_host(back.data(), d, back.size());
    CHECK(back == bytes);

    cuda::device_fill(static_cast<char *>(d) + 100, 0xAB, 50);
    cuda::copy_to_host(back.data(), d, back.size());
    for (size_t i = 0; i < back.size(); ++i)
        CHECK(back[i] == (i >= 100 && i < 150 ? 0xAB : bytes[i]));

    // Zero bytes do nothing (the fake would reject the null host pointers).
    CHECK_NOTHROW(cuda::copy_to_device(d, nullptr, 0));
    CHECK_NOTHROW(cuda::copy_to_host(nullptr, d, 0));
    CHECK_NOTHROW(cuda::device_fill(d, 0, 0));
    CHECK_NOTHROW(cuda::device_synchronize());

    // A failing driver call is a tj::Error that names the call: 2000 bytes do not fit the 1024-byte block.
    std::vector<uint8_t> big(2000);
    CHECK(error_of([&] { cuda::copy_to_device(d, big.data(), big.size()); }) ==
          "CUDA driver call cuMemcpyHtoDAsync() failed: CUDA_ERROR_INVALID_VALUE (invalid argument)");
    cuda::device_free(d, bytes.size());
    CHECK(fake.live_allocations() == 1); // cached, not freed
}

TEST_CASE("cuda device helper: allocator" * doctest::skip()) {
    const Fake fake = memory_fake();
    auto stats = [] { return cuda::device_memory_stats(); };
    cuda::flush_device_cache();
    REQUIRE(stats().in_use_bytes == 0);
    REQUIRE(stats().cached_bytes == 0);
    const uint64_t driver_allocations = stats().driver_allocations, reuses = stats().reuses;

    void *a = cuda::device_alloc(1000); // size class 1024
    CHECK(stats().in_use_bytes == 1024);
    CHECK(stats().driver_allocations == driver_allocations + 1);
    CHECK(fake.live_bytes() == 1024);
    cuda::device_free(a, 1000);
    CHECK(stats().in_use_bytes == 0);
    CHECK(stats().cached_bytes == 1024);
    CHECK(fake.live_allocations() == 1);

    // Same class: the cached block comes back without a driver call.
    const long calls = fake.mem_alloc_calls();
    void *b = cuda::device_alloc(600);
    CHECK(b == a);
    CHECK(fake.mem_alloc_calls() == calls);
    CHECK(stats().reuses == reuses + 1);
    CHECK(stats().cached_bytes == 0);
    CHECK(stats().in_use_bytes == 1024);

    // Other classes: 0 bytes is the smallest (256), then powers of two up to 64 MiB, then multiples of 2 MiB.
    void *c = cuda::device_alloc(0);
    void *d = cuda::device_alloc(1025);
    void *e = cuda::device_alloc(64 * MiB);
    void *f = cuda::device_alloc(64 * MiB + 1);
    CHECK(fake.mem_alloc_calls() == calls + 4);
    CHECK(stats().driver_allocations == driver_allocations + 5);
    CHECK(stats().in_use_bytes == 1024 + 256 + 2048 + 64 * MiB + 66 * MiB);
    CHECK(fake.live_bytes() == long(stats().in_use_bytes));

    cuda::device_free(nullptr, 10); // nothing
    cuda::device_free(b, 600);
    cuda::device_free(c, 0);
    cuda::device_free(d, 1025);
    cuda::device_free(e, 64 * MiB);
    cuda::device_free(f, 64 * MiB + 1);
    CHECK(stats().in_use_bytes == 0);
    CHECK(stats().cached_bytes == 1024 + 256 + 2048 + 64 * MiB + 66 * MiB);
    CHECK(fake.live_allocations() == 5);

    cuda::flush_device_cache();
    CHECK(stats().cached_bytes == 0);
    CHECK(stats().driver_allocations == driver_allocations + 5);
    CHECK(fake.live_allocations() == 0);
    CHECK(fake.live_bytes() == 0);

    // Beyond device_cache_limit_bytes (1 GiB), a freed block goes back to the driver at once.
    void *g = cuda::device_alloc(768 * MiB);
    void *h = cuda::device_alloc(768 * MiB);
    cuda::device_free(g, 768 * MiB);
    CHECK(stats().cached_bytes == 768 * MiB);
    cuda::device_free(h, 768 * MiB);
    CHECK(stats().cached_bytes == 768 * MiB);
    CHECK(fake.live_allocations() == 1);
    cuda::flush_device_cache();
    CHECK(fake.live_allocations() == 0);
}

TEST_CASE("cuda device helper: out of memory" * doctest::skip()) {
    const Fake fake = memory_fake();
    fake.set_memory_limit(long(8 * MiB));
    void *a = cuda::device_alloc(4 * MiB);
    cuda::device_free(a, 4 * MiB);
    CHECK(cuda::device_memory_stats().cached_bytes == 4 * MiB);

    // 8 MiB do not fit beside the cached 4 MiB: the cache is flushed and the allocation tried again.
    void *b = cuda::device_alloc(8 * MiB);
    CHECK(b);
    CHECK(cuda::device_memory_stats().cached_bytes == 0);
    CHECK(fake.live_allocations() == 1);
    CHECK(fake.live_bytes() == long(8 * MiB));

    // Nothing left to flush: the error names the request.
    const long calls = fake.mem_alloc_calls();
    const std::string message = error_of([] { cuda::device_alloc(5 * MiB); });
    CHECK(contains(message, "CUDA: out of device memory: 5242880 bytes were requested (8388608 with rounding"));
    CHECK(contains(message, "8388608 bytes are in use"));
    CHECK(fake.mem_alloc_calls() == calls + 2); // tried, flushed, tried once more
    CHECK(cuda::device_memory_stats().in_use_bytes == 8 * MiB);
    cuda::device_free(b, 8 * MiB);
    fake.set_memory_limit(0);
}

TEST_CASE("cuda device helper: shapes" * doctest::skip()) {
    memory_fake();
    const cuda::DeviceInfo &dev = cuda::driver().device; // the fake: sm_90, 132 SMs, 1024 threads, warps of 32
    REQUIRE(dev.sm_count == 132);
    REQUIRE(dev.max_threads_per_block == 1024);
    REQUIRE(dev.warp_size == 32);
    auto check_shape = [](uint64_t n, unsigned grid) {
        const cuda::LaunchShape s = cuda::elementwise_shape(n);
        CHECK_MESSAGE(s.block == 256, "n = " << n);
        CHECK_MESSAGE(s.grid == grid, "n = " << n);
    };
    const unsigned grid_limit = 132 * (2048 / 256) * 4; // four waves of full occupancy
    check_shape(1, 1);
    check_shape(256, 1);
    check_shape(257, 2);
    check_shape(1000000, 3907);
    check_shape(uint64_t(grid_limit) * 256, grid_limit);
    check_shape(uint64_t(grid_limit) * 256 + 1, grid_limit); // grid-stride: the cap still covers every element
    check_shape(uint64_t(1) << 40, grid_limit);
    check_shape(UINT64_MAX, grid_limit);
}

TEST_CASE("cuda device helper: launches" * doctest::skip()) {
    const Fake fake = memory_fake();
    const cuda::CUfunction f = cuda::load_function(kernel_ptx, "tj_kernel");
    REQUIRE(f);
    CHECK(fake.launch_count() == 0);

    const uint64_t args[] = {7, 0xdeadbeefcafeULL};
    cuda::launch_elementwise(f, 1000, args, 2);
    REQUIRE(fake.launch_count() == 1);
    FakeLaunch l = last_launch(fake);
    CHECK(l.function == static_cast<const void *>(f));
    CHECK(std::string(l.entry) == "tj_kernel");
    CHECK(l.grid[0] == 4);
    CHECK(l.grid[1] == 1);
    CHECK(l.grid[2] == 1);
    CHECK(l.block[0] == 256);
    CHECK(l.block[1] == 1);
    CHECK(l.block[2] == 1);
    CHECK(l.shared_bytes == 0);
    CHECK(l.stream != nullptr);
    REQUIRE(l.param_count == 4);
    CHECK(l.params[0] == 0);    // start
    CHECK(l.params[1] == 1000); // end
    CHECK(l.params[2] == 7);
    CHECK(l.params[3] == 0xdeadbeefcafeULL);
    const void *stream = l.stream;

    cuda::launch_elementwise(f, uint64_t(1) << 40, args, 2);
    l = last_launch(fake);
    CHECK(l.grid[0] == cuda::elementwise_shape(uint64_t(1) << 40).grid);
    CHECK(l.params[1] == uint64_t(1) << 40);
    CHECK(l.stream == stream);

    const uint64_t four[] = {11, 12, 13, 14};
    cuda::launch_shape(f, {3, 128}, four, 4);
    l = last_launch(fake);
    CHECK(l.grid[0] == 3);
    CHECK(l.block[0] == 128);
    CHECK(l.params[0] == 11);
    CHECK(l.params[1] == 12);
    CHECK(l.params[2] == 13);
    CHECK(l.params[3] == 14);
    CHECK(l.stream == stream);
    CHECK(fake.launch_count() == 3);
}

TEST_CASE("cuda device helper: load errors" * doctest::skip()) {
    memory_fake();
    const std::string rejected = error_of([] { cuda::load_function("this is not PTX", "tj_kernel"); });
    CHECK(contains(rejected, "CUDA: the driver could not load the PTX of tj_kernel"));
    CHECK(contains(rejected, "CUDA_ERROR_INVALID_PTX"));
    CHECK(contains(rejected, "the PTX assembler said: fake: no .entry")); // the JIT error log
    const std::string missing = error_of([] { cuda::load_function(kernel_ptx, "tj_reduce"); });
    CHECK(contains(missing, "CUDA: the loaded PTX has no kernel tj_reduce"));
    CHECK(contains(missing, "CUDA_ERROR_NOT_FOUND"));
}

TEST_CASE("cuda device helper: jit level" * doctest::skip()) {
    const Fake fake = memory_fake();
    cuda::load_function(kernel_ptx, "tj_kernel");
    CHECK(fake.last_jit_level() == -1); // a short kernel: the driver's default level
    // A kernel of more statements than long_kernel_statements: level 1, where ptxas' time stays about linear.
    std::string body;
    for (size_t i = 0; i <= cuda::long_kernel_statements; ++i)
        body += "\tadd.f32 %f1, %f1, %f1;\n";
    std::string long_ptx = kernel_ptx;
    long_ptx.replace(long_ptx.find("\tret;"), 0, "\t.reg .f32 %f<2>;\n\tmov.f32 %f1, 0f3F800000;\n" + body);
    CHECK(cuda::jit_optimization_level(long_ptx) == 1);
    cuda::load_function(long_ptx, "tj_kernel");
    CHECK(fake.last_jit_level() == 1);
}

TEST_CASE("cuda device helper: threads" * doctest::skip()) {
    const Fake fake = memory_fake();
    const cuda::CUfunction f = cuda::load_function(kernel_ptx, "tj_kernel");
    const uint64_t args[] = {1, 2};
    auto launch = [&] { cuda::launch_elementwise(f, 100, args, 2); };

    launch();
    const void *main_stream = last_launch(fake).stream;
    Worker worker;
    const long main_syncs = fake.stream_syncs(main_stream);
    worker.run(launch);
    const void *worker_stream = last_launch(fake).stream;
    CHECK(worker_stream != main_stream);
    CHECK(fake.stream_count() == 2);
    CHECK(fake.stream_syncs(main_stream) == main_syncs + 1); // the worker waited for the main thread's launch

    launch();
    CHECK(fake.stream_syncs(worker_stream) == 1); // and the main thread for the worker's
    launch();
    CHECK(fake.stream_syncs(worker_stream) == 1); // same stream as the last operation: no wait

    // Memory moves between threads in the same order.
    std::vector<uint8_t> bytes(64, 0x5A), back(64, 0);
    void *d = cuda::device_alloc(bytes.size());
    worker.run([&] { cuda::copy_to_device(d, bytes.data(), bytes.size()); });
    cuda::copy_to_host(back.data(), d, back.size());
    CHECK(back == bytes);
    CHECK(fake.stream_syncs(worker_stream) == 2);

    worker.run([] { cuda::device_synchronize(); });
    CHECK(fake.ctx_set_current_calls() == 2); // once per thread
    CHECK(fake.stream_count() == 2);

    // The worker's stream was the last one used: its exit synchronises and destroys it, and the main thread no
    // longer waits for it (the fake would reject the destroyed handle).
    worker.stop();
    CHECK(fake.stream_count() == 1);
    CHECK_NOTHROW(launch());
    CHECK_NOTHROW(cuda::device_synchronize());
    CHECK(last_launch(fake).stream == main_stream);
    cuda::device_free(d, bytes.size());
}

// ---- Cases: each runs one helper on the fake ----

TEST_CASE("cuda device: bytes survive a round trip through device memory and fills set them") {
    run_on_memory_fake("cuda device helper: round trip");
}

TEST_CASE("cuda device: the caching allocator reuses freed blocks of a size class and flushes them") {
    run_on_memory_fake("cuda device helper: allocator");
}

TEST_CASE("cuda device: running out of memory flushes the cache and retries once before it throws") {
    run_on_memory_fake("cuda device helper: out of memory");
}

TEST_CASE("cuda device: elementwise_shape uses 256 threads and at most four waves of blocks") {
    run_on_memory_fake("cuda device helper: shapes");
}

TEST_CASE("cuda device: launches pass start 0 and end n and then the arguments in order") {
    run_on_memory_fake("cuda device helper: launches");
}

TEST_CASE("cuda device: a module the driver rejects gives its JIT log") {
    run_on_memory_fake("cuda device helper: load errors");
}

TEST_CASE("cuda device: a kernel longer than long_kernel_statements is assembled at optimisation level 1") {
    run_on_memory_fake("cuda device helper: jit level");
}

TEST_CASE("cuda device: each thread has its own stream and a switch of streams waits for the last one") {
    run_on_memory_fake("cuda device helper: threads");
}

#else

TEST_CASE("cuda device (fake driver)") {
    MESSAGE("skipped: this build of the tests was not given the folder of the `memory` fake driver "
            "(TRACEJIT_FAKE_CUDA_MEMORY_DIR), so device memory, streams and launches cannot be checked");
}

#endif
