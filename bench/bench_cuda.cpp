// bench/bench_cuda.cpp — CUDA backend: fused, reduction and scan bandwidth vs the device's copy, launch overhead, frozen calls
//
// Needs a CUDA device; elsewhere it prints why it skips and exits with 0. Checks its results against the CPU
// backend first (a benchmark of wrong results is worthless), then prints GOAL lines for bench/run.sh:
//  * a fused a*b + c over 2^26 floats (16 bytes moved per element) against a device-to-device copy of 2^28 bytes;
//  * tj::sum and tj::prefix_sum of 2^26 floats (4 and 8 bytes moved per element) against the same copy;
//  * a cached kernel of 3 ops over 1024 elements, traced, launched and waited for, per iteration;
//  * a frozen function (recorded once, then replayed) against the same function unfrozen.
// BENCH_CUDA_LOG2N=k sets the large arrays to 2^k elements (default 26; a small k runs it on the fake driver's PTX
// emulator of tests/ptx_exec, to check the benchmark itself without a GPU). BENCH_RUNS scales the repetitions.
#include "bench_util.h"

#include "backend/cuda/cuda_context.h" // tj::cuda::copy_on_device: the device's own copy bandwidth

#include <tracejit/tracejit.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace {

std::vector<float> random_floats(size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-2.f, 2.f);
    std::vector<float> v(n);
    for (float &x : v)
        x = dist(rng);
    return v;
}

/// a*b + sin(a) on both backends for the same inputs; the largest relative difference.
double max_difference_to_cpu(size_t n) {
    std::vector<float> a = random_floats(n, 1), b = random_floats(n, 2);
    auto f = [](const tj::Float &x, const tj::Float &y) { return x * y + tj::sin(x); };
    tj::set_backend(tj::Backend::CPU);
    std::vector<float> cpu = tj::to_vector(f(tj::Float(a), tj::Float(b)));
    tj::set_backend(tj::Backend::CUDA);
    std::vector<float> gpu = tj::to_vector(f(tj::Float(a), tj::Float(b)));
    double worst = 0;
    for (size_t i = 0; i < n; ++i)
        worst = std::max(worst, std::fabs(double(cpu[i]) - gpu[i]) / std::max(1.0, std::fabs(double(cpu[i]))));
    return worst;
}

} // namespace

int main() {
    if (!tj::has_backend(tj::Backend::CUDA)) {
        std::printf("GOAL bench_cuda SKIPPED: no usable CUDA device (%s)\n", tj::cuda::driver().failure.c_str());
        return 0;
    }
    int scale = bench::env_int("BENCH_RUNS", 10);
    const int log2n = bench::env_int("BENCH_CUDA_LOG2N", 26);
    std::printf("device: %s\n", tj::cuda::describe(tj::cuda::driver()).c_str());

    double diff = max_difference_to_cpu(size_t(1) << std::min(log2n, 20));
    std::printf("a*b + sin(a), 2^%d floats: largest relative difference CUDA vs CPU %.3g\n", std::min(log2n, 20), diff);
    if (!(diff < 1e-5)) {
        std::printf("FAILED: CUDA and CPU results differ\n");
        return 1;
    }
    tj::Float check = tj::sum(tj::Float(std::vector<float>(1000, 0.5f)));
    if (check.read(0) != 500.f) {
        std::printf("FAILED: sum of 1000 halves on CUDA is %g, not 500\n", double(check.read(0)));
        return 1;
    }

    // The device's copy bandwidth: a device-to-device copy, read + write.
    const size_t copy_bytes = size_t(4) << log2n;
    void *src = tj::cuda::device_alloc(copy_bytes), *dst = tj::cuda::device_alloc(copy_bytes);
    tj::cuda::copy_on_device(dst, src, copy_bytes);
    tj::cuda::device_synchronize();
    bench::Samples copy = bench::measure(5 * scale, [&] {
        tj::cuda::copy_on_device(dst, src, copy_bytes);
        tj::cuda::device_synchronize();
    });
    tj::cuda::device_free(src, copy_bytes);
    tj::cuda::device_free(dst, copy_bytes);
    double copy_gbs = 2.0 * copy_bytes / copy.best() / 1e9;

    // A fused element-wise kernel: 3 loads and 1 store of float per element.
    const size_t n = size_t(1) << log2n;
    tj::Float a = tj::Float(random_floats(n, 3)), b = tj::Float(random_floats(n, 4)), c = tj::Float(random_floats(n, 5));
    auto fused = [&] {
        tj::Float r = a * b + c;
        tj::eval(r);
        tj::sync();
    };
    fused();
    bench::Samples fused_time = bench::measure(5 * scale, fused);
    double fused_gbs = 16.0 * n / fused_time.best() / 1e9;
    std::printf("copy %.1f GB/s (best of %zu), fused a*b+c %.1f GB/s (best %.3f ms, median %.3f ms)\n", copy_gbs,
                copy.s.size(), fused_gbs, fused_time.best() * 1e3, fused_time.median() * 1e3);
    bench::print_goal("CUDA fused a*b+c / device copy bandwidth", fused_gbs / copy_gbs, 0.8, "x",
                      bench::Better::Higher);

    // A reduction and a prefix sum over the same n floats, checked against the CPU first (sums of uniform values in
    // [-2, 2): compared relative to the sum of magnitudes, as the order of additions differs).
    {
        std::vector<float> host = random_floats(n, 6);
        double exact = 0, magnitude = 0;
        for (float x : host) {
            exact += x;
            magnitude += std::fabs(x);
        }
        tj::Float x = tj::Float(host);
        double got = tj::sum(x).read(0);
        std::vector<float> prefix = tj::to_vector(tj::prefix_sum(x));
        double last = double(prefix.back()) + host.back(); // prefix_sum is exclusive
        std::printf("sum of 2^%d floats: CUDA %.9g, exact %.9g; last exclusive prefix + last element %.9g\n", log2n,
                    got, exact, last);
        if (!(std::fabs(got - exact) <= 1e-6 * magnitude && std::fabs(last - exact) <= 1e-5 * magnitude)) {
            std::printf("FAILED: the CUDA sum or prefix sum is off\n");
            return 1;
        }
    }
    auto reduce = [&] {
        tj::Float r = tj::sum(a);
        tj::eval(r);
        tj::sync();
    };
    auto scan = [&] {
        tj::Float r = tj::prefix_sum(a);
        tj::eval(r);
        tj::sync();
    };
    reduce();
    scan();
    bench::Samples reduce_time = bench::measure(5 * scale, reduce), scan_time = bench::measure(5 * scale, scan);
    double reduce_gbs = 4.0 * n / reduce_time.best() / 1e9, scan_gbs = 8.0 * n / scan_time.best() / 1e9;
    std::printf("sum %.1f GB/s (best %.3f ms), prefix_sum %.1f GB/s (best %.3f ms; 3 passes, 8 bytes counted per "
                "element)\n",
                reduce_gbs, reduce_time.best() * 1e3, scan_gbs, scan_time.best() * 1e3);
    bench::print_goal("CUDA sum / device copy bandwidth", reduce_gbs / copy_gbs, 0.7, "x", bench::Better::Higher);
    bench::print_goal("CUDA prefix_sum / device copy bandwidth", scan_gbs / copy_gbs, 0.4, "x", bench::Better::Higher);

    // Launch overhead of a cached kernel: trace 3 ops, launch, wait, per iteration.
    tj::Float sa = tj::opaque<tj::Float>(1.5f, 1024), sb = tj::opaque<tj::Float>(2.f, 1024);
    auto step = [&] {
        tj::Float r = (sa * sb + sb) * sa;
        tj::eval(r);
        tj::sync();
    };
    step();
    constexpr int iters = 1000;
    bench::Samples launch = bench::measure(scale, [&] {
        for (int i = 0; i < iters; ++i)
            step();
    });
    bench::print_goal("CUDA launch overhead, cached kernel (trace+launch+wait)", launch.best() / iters * 1e6, 10.0,
                      "us", bench::Better::Lower);

    // A frozen function against the plain one: the first call records, the others replay the launches.
    auto body = [](const tj::Float &x) { return tj::exp(x * 0.5f) * x + 1.f; };
    auto frozen = tj::freeze(body);
    auto call = [&](auto &fn) {
        tj::Float r = fn(sa);
        tj::eval(r);
        tj::sync();
    };
    call(body);
    call(frozen);
    bench::Samples plain_t = bench::measure(scale, [&] {
        for (int i = 0; i < iters; ++i)
            call(body);
    });
    bench::Samples frozen_t = bench::measure(scale, [&] {
        for (int i = 0; i < iters; ++i)
            call(frozen);
    });
    tj::FreezeStats stats = frozen.stats();
    std::printf("frozen call %.2f us, plain call %.2f us (%zu recording, %zu replays)\n", frozen_t.best() / iters * 1e6,
                plain_t.best() / iters * 1e6, size_t(stats.recordings), size_t(stats.replays));
    if (stats.recordings != 1) {
        std::printf("FAILED: the frozen function recorded %zu times, not once\n", size_t(stats.recordings));
        return 1;
    }
    bench::print_goal("CUDA frozen replay / plain call time", frozen_t.best() / plain_t.best(), 1.0, "x",
                      bench::Better::Lower);
    return 0;
}
