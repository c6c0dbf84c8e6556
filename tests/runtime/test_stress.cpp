// tests/runtime/test_stress.cpp — deep graphs, many threads, reductions of every size, a one-thread pool
#include "run_self.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool under_asan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool under_asan = true;
#else
constexpr bool under_asan = false;
#endif
#else
constexpr bool under_asan = false;
#endif

/// Depth of the deep chains in operations.
constexpr size_t chain_ops = 1'000'000;
/// Depth of the chain compiled as one kernel: 10^5 under AddressSanitizer, since LLVM takes about 20 s for 10^6
/// operations and the sanitizer run adds nothing there that the Release run does not check, and on CUDA, where
/// LLVM's NVPTX pipeline and the driver's PTX assembler take minutes for 10^6 (docs/cuda.md, "Long kernels").
size_t one_kernel_depth() { return under_asan || tj::backend() == tj::Backend::CUDA ? 100'000 : chain_ops; }

size_t live() { return tj::detail::var_count(); }

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// One step of a chain that mixes float operations. Every value stays an integer below 2^17, so each operation
/// is exact (fused multiply-adds included): the kernel must match the host bit for bit.
template <typename X, typename Y> X float_step(size_t k, const X &x, const Y &y) {
    if constexpr (std::is_same_v<X, float>) {
        switch (k % 4) {
        case 0: return x * 2.f - y;                      // mul, sub
        case 1: return 32768.f - std::fabs(x - 32768.f); // sub, abs, sub
        case 2: return std::fmax(x, y * 1000.f);         // max (y * 1000 is shared)
        default: return x + y + 1.f;                     // add, add
        }
    } else {
        switch (k % 4) {
        case 0: return x * 2.f - y;
        case 1: return 32768.f - tj::abs(x - 32768.f);
        case 2: return tj::max(x, y * 1000.f);
        default: return x + y + 1.f;
        }
    }
}

/// One step of a chain that mixes integer operations (arithmetic wraps, as in the kernels).
template <typename X, typename Y> X int_step(size_t k, const X &x, const Y &y) {
    switch (k % 4) {
    case 0: return x * 1664525u + y;       // mul, add
    case 1: return x ^ (x >> 13u);         // shr, xor
    case 2: return (x << 5u) - x;          // shl, sub
    default: return x + (y ^ 0x9e3779b9u); // add (y ^ c is shared)
    }
}

/// Elements of `got` that differ from the chain on the host: element i starts at i and takes `steps` steps
/// (`step`(k, x, y[i]) for k = 0, 1, ...).
template <typename T, typename Step>
size_t chain_errors(const std::vector<T> &got, const std::vector<T> &y, size_t steps, Step step) {
    REQUIRE(got.size() == y.size());
    size_t wrong = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        T x = T(i);
        for (size_t k = 0; k < steps; ++k)
            x = step(k, x, y[i]);
        wrong += got[i] != x;
    }
    return wrong;
}

} // namespace

TEST_CASE("stress: freeing an unevaluated chain 10^6 operations deep does not recurse") {
    const size_t base = live();
    auto t0 = std::chrono::steady_clock::now();
    {
        tj::UInt32 x = tj::arange<tj::UInt32>(64);
        tj::UInt32 middle;
        for (size_t i = 0; i < chain_ops / 2; ++i) {
            x = x * 1664525u + 1013904223u; // two new operations per step; the two literals are shared
            if (i == chain_ops / 4)
                middle = x;
        }
        CHECK(live() - base >= chain_ops);
        x = tj::UInt32(); // frees the upper half of the chain: `middle` still holds the lower one
        CHECK(live() - base >= chain_ops / 2);
        CHECK(live() - base < chain_ops / 2 + 10);
    } // frees the lower half
    CHECK(live() == base);
    {
        tj::Float x = tj::linspace<tj::Float>(0.f, 1.f, 100);
        for (size_t i = 0; i < chain_ops / 2; ++i)
            x = x * 0.9999f + 0.5f;
        CHECK(live() - base >= chain_ops);
    }
    CHECK(live() == base);
    MESSAGE("traced and freed two chains of " << chain_ops << " operations in " << seconds_since(t0) << " s");
}

TEST_CASE("stress: a chain of 10^6 mixed operations traces, evaluates in one kernel and frees") {
    const size_t one_kernel_ops = one_kernel_depth();
    if (one_kernel_ops != chain_ops)
        MESSAGE((under_asan ? "AddressSanitizer build" : "on CUDA") << ": this chain is " << one_kernel_ops
                                                                    << " operations deep instead of " << chain_ops);
    constexpr size_t n = 257; // not a multiple of the vector width
    std::vector<float> y_host(n);
    for (size_t i = 0; i < n; ++i)
        y_host[i] = float(i * 7 % 8);
    const size_t base = live();
    tj::reset_kernel_stats();
    auto t0 = std::chrono::steady_clock::now();
    std::vector<float> got;
    size_t steps = 0;
    {
        const tj::Float y(y_host);
        tj::Float x = tj::arange<tj::Float>(n);
        // Every step depends on the one before and has a non-literal operand: nothing folds or merges.
        while (live() - base < one_kernel_ops)
            x = float_step(steps++, x, y);
        const size_t vars = live() - base;
        const double trace_s = seconds_since(t0);
        t0 = std::chrono::steady_clock::now();
        tj::eval(x);
        const double eval_s = seconds_since(t0);
        const tj::KernelStats st = tj::kernel_stats();
        CHECK(st.launches == 1);
        const std::string source = st.misses ? "compiled" : st.disk_hits ? "loaded from the disk cache" : "memory hit";
        MESSAGE("chain of " << vars << " variables (" << steps << " steps): traced in " << trace_s
                            << " s, evaluated in one kernel in " << eval_s << " s (" << source << ": "
                            << st.compile_ms / 1000 << " s)");
        got = tj::to_vector(x);
    }
    CHECK(live() == base); // the evaluated chain and its inputs are gone
    CHECK(chain_errors(got, y_host, steps, float_step<float, float>) == 0);
}

TEST_CASE("stress: a chain 10^6 operations deep evaluated every 10^4 operations reuses one kernel") {
    constexpr size_t n = 1001, steps_per_eval = 5'000; // two operations per step
    constexpr size_t steps = chain_ops / 2;
    std::vector<uint32_t> y_host(n);
    std::mt19937 rng(7);
    for (uint32_t &v : y_host)
        v = rng();
    const size_t base = live();
    tj::reset_kernel_stats();
    std::vector<uint32_t> got;
    {
        const tj::UInt32 y(y_host);
        tj::UInt32 x = tj::arange<tj::UInt32>(n);
        for (size_t k = 0; k < steps; ++k) {
            x = int_step(k, x, y);
            if ((k + 1) % steps_per_eval == 0)
                tj::eval(x);
        }
        got = tj::to_vector(x);
    }
    CHECK(live() == base);
    const tj::KernelStats st = tj::kernel_stats();
    CHECK(st.launches == steps / steps_per_eval);
    // The first kernel starts from arange, all later ones from the buffer before: the same text each time.
    CHECK(st.misses + st.disk_hits <= 2);
    CHECK(st.memory_hits >= st.launches - 2);
    CHECK(chain_errors(got, y_host, steps, int_step<uint32_t, uint32_t>) == 0);
}

TEST_CASE("stress: 8 threads create, combine, evaluate and read arrays of different sizes at once") {
    const size_t base = live();
    const std::vector<size_t> sizes = {1, 7, 1000, 65537, (size_t(1) << 20) + 3};
    std::vector<float> shared_host(sizes.back());
    for (size_t i = 0; i < shared_host.size(); ++i)
        shared_host[i] = float(i % 97) * 0.25f;
    const tj::Float shared(shared_host); // read by every thread at once
    std::atomic<size_t> wrong{0}, done{0};
    std::atomic<bool> threw{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            try {
                for (int round = 0; round < 3; ++round) {
                    for (size_t k = 0; k < sizes.size(); ++k) {
                        const size_t n = sizes[(k + size_t(t)) % sizes.size()]; // threads start at other sizes
                        const float scale = float(t + 1);                       // a kernel of this thread's own
                        tj::Float a = tj::arange<tj::Float>(n) * scale + float(round);
                        tj::Int32 b = tj::arange<tj::Int32>(n) % (t + 3);
                        tj::Float s = tj::gather<tj::Float>(shared, tj::arange<tj::UInt32>(n));
                        tj::Float c = a * 2.f + tj::cast<float>(b) - s;
                        tj::UInt64 d = tj::cast<uint64_t>(b) * uint64_t(round + 1);
                        tj::eval(c, d);
                        const std::vector<float> cv = tj::to_vector(c);
                        const std::vector<uint64_t> dv = tj::to_vector(d);
                        const uint64_t dsum = tj::sum(d).read(0);
                        uint64_t dsum_host = 0;
                        size_t bad = cv.size() != n || dv.size() != n;
                        for (size_t i = 0; i < n && !bad; ++i) {
                            const float a_i = float(i) * scale + float(round);
                            const int b_i = int(i % size_t(t + 3));
                            const float want = a_i * 2.f + float(b_i) - shared_host[i];
                            bad += std::fabs(cv[i] - want) > 1e-6f * std::max(1.f, std::fabs(want)) * 4;
                            bad += dv[i] != uint64_t(b_i) * uint64_t(round + 1);
                            dsum_host += uint64_t(b_i) * uint64_t(round + 1);
                        }
                        bad += dsum != dsum_host;
                        wrong += bad;
                        ++done;
                    }
                }
            } catch (const std::exception &e) {
                threw = true;
                std::fprintf(stderr, "thread %d: %s\n", t, e.what());
            }
        });
    }
    for (std::thread &th : threads)
        th.join();
    CHECK_FALSE(threw);
    CHECK(done == 8 * 3 * sizes.size());
    CHECK(wrong == 0);
    CHECK(live() == base + 1); // only `shared` is left
}

TEST_CASE_TEMPLATE("stress: sum, hmin and hmax are right for every size", T, float, int32_t, uint64_t) {
    using A = tj::Array<T>;
    const size_t sizes[] = {1, 2, 3, 63, 64, 65, 1000, (size_t(1) << 20) + 3};
    std::mt19937_64 rng(11);
    for (size_t n : sizes) {
        // Where the extremes lie: random, at the ends (the vector remainder), in the middle.
        for (int layout = 0; layout < 3; ++layout) {
            CAPTURE(n);
            CAPTURE(layout);
            std::vector<T> v(n);
            for (T &x : v) {
                if constexpr (std::is_floating_point_v<T>)
                    x = T(std::uniform_real_distribution<double>(-1000, 1000)(rng));
                else
                    x = T(rng()); // integer sums wrap, as unsigned arithmetic does
            }
            const T lo = std::is_floating_point_v<T> ? T(-5000) : std::numeric_limits<T>::min();
            const T hi = std::is_floating_point_v<T> ? T(5000) : std::numeric_limits<T>::max();
            if (layout == 1) {
                v.back() = lo;
                v.front() = n > 1 ? hi : lo;
            } else if (layout == 2) {
                v[n / 3] = hi;
                if (n > 1)
                    v[2 * n / 3] = lo;
            }
            const A a(v);
            const T got_min = tj::hmin(a).read(0), got_max = tj::hmax(a).read(0), got_sum = tj::sum(a).read(0);
            CHECK(got_min == *std::min_element(v.begin(), v.end()));
            CHECK(got_max == *std::max_element(v.begin(), v.end()));
            if constexpr (std::is_floating_point_v<T>) {
                // Accumulated in double, so within one float ulp of the exact sum (float accumulation is not).
                double sum = 0;
                for (T x : v)
                    sum += double(x);
                const float rounded = std::fabs(float(sum));
                const double ulp = double(std::nextafter(rounded, INFINITY)) - double(rounded);
                CHECK(std::fabs(double(got_sum) - sum) <= ulp);
            } else {
                using U = std::make_unsigned_t<T>;
                U sum = 0;
                for (T x : v)
                    sum = U(sum + U(x));
                CHECK(got_sum == T(sum));
            }
            if (layout == 0) // a lazy input is evaluated first; the result is the same
                CHECK(tj::hmax(tj::max(a, A(lo))).read(0) == got_max);
        }
    }
}

TEST_CASE("stress helper: launches on a pool of TRACEJIT_THREADS threads" * doctest::skip()) {
    // Run by the case below in a child process; checks the pool size it was given and that launches,
    // reductions and atomic scatters are right with it.
    const char *out = std::getenv("TJ_TEST_HELPER_OUT");
    const char *expect = std::getenv("TJ_TEST_EXPECT_THREADS");
    REQUIRE(out);
    REQUIRE(expect);
    CHECK(tj::thread_count() == size_t(std::atoi(expect)));
    const size_t n = (size_t(1) << 20) + 3;
    tj::Float x = tj::sin(tj::arange<tj::Float>(n) * 0.001f) * 2.f + 1.f;
    const std::vector<float> xv = tj::to_vector(x);
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i)
        wrong += std::fabs(xv[i] - (std::sin(float(i) * 0.001f) * 2.f + 1.f)) > 1e-5f;
    CHECK(wrong == 0);
    CHECK(tj::sum(tj::arange<tj::Int64>(n)).read(0) == int64_t(n) * int64_t(n - 1) / 2);
    tj::UInt32 hist = tj::zeros<tj::UInt32>(16);
    tj::scatter_add(hist, tj::full<tj::UInt32>(1, n), tj::arange<tj::UInt32>(n) % 16u);
    const std::vector<uint32_t> hv = tj::to_vector(hist);
    for (size_t k = 0; k < 16; ++k)
        CHECK(hv[k] == n / 16 + (k < n % 16 ? 1 : 0));
    std::ofstream(out) << tj::thread_count() << "\n";
}

TEST_CASE("stress: TRACEJIT_THREADS sets the pool size, and launches are right with 1 thread") {
    tj_test::TempDir tmp("tj_stress");
    const std::string &dir = tmp.path;
    for (const char *threads : {"1", "3"}) {
        CAPTURE(threads);
        const std::string out = dir + "/threads-" + threads;
        const int status = tj_test::run_self(
            "stress helper: launches on a pool of TRACEJIT_THREADS threads",
            {{"TRACEJIT_THREADS", threads}, {"TJ_TEST_EXPECT_THREADS", threads}, {"TJ_TEST_HELPER_OUT", out}});
        CHECK(status == 0);
        size_t reported = 0;
        std::ifstream(out) >> reported;
        CHECK(reported == size_t(std::atoi(threads))); // the helper ran to its end
    }
}
