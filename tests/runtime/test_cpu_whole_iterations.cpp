// tests/runtime/test_cpu_whole_iterations.cpp — CPU kernels of several vectors per iteration, and their remainders
//
// Launches past 2048 elements run 4 or 8 SIMD vectors per loop iteration (cpu_jit.cpp, interleave_for). Such a
// kernel's loop runs only whole iterations, without masks, and a loop of one masked vector the rest of each range
// (cpu_codegen.cpp, build_module). Every remainder from none to one element short of an iteration is checked
// against scalar results, for kernels of 4 vectors (a fused kernel of every element size, one with a symbolic loop,
// one with a gather and a scatter) and of 8 (a latency-bound chain).
#include "backend/cpu/cpu_jit.h"

#include "fused_check.h"

#include <cmath>
#include <string>

using namespace tjtest;

namespace {

/// Sizes past the one-vector launches (2048 elements): whole iterations of 8 vectors of up to 16 lanes (128
/// elements) and every kind of remainder.
const size_t sizes[] = {2049, 2048 + 64 + 5, 4096, 4096 + 1, 4096 + 63, 4096 + 127, 4096 + 129, 10007};

/// x → (x + b) * a, `steps` times: one long dependency chain (a kernel of 8 vectors per iteration). Each product but
/// the last has one use, the next add: where the host has FMA the kernel fuses the two, everywhere alike.
float chain(float x, float a, float b, int steps, bool fma) {
    float s = x + b;
    for (int k = 1; k < steps; ++k) {
        volatile float product = s * a; // volatile: the test's own compiler must not contract it
        s = fma ? std::fma(s, a, b) : product + b;
    }
    return s * a;
}

} // namespace

TEST_CASE("whole iterations: fused float32, float64, int32 and bool results equal the scalar ones, any remainder") {
    const bool fma = tj::cpu::host_target().features.find("+fma") != std::string::npos;
    CAPTURE(fma);
    for (size_t n : sizes) {
        CAPTURE(n);
        FusedInputs in(n);
        FusedResults fused(in);
        tj::UInt32 index = tj::arange<tj::UInt32>(n) * 3u;
        // A product whose only use is an add: one FMA in every element where the host has FMA, none where not
        // (the loads of the operands come between the multiply and the add).
        tj::Float muladd = in.A * in.B + in.C;
        tj::Float64 muladd64 = tj::cast<double>(in.A) * 1e-3 + in.D;
        tj::eval(fused.sum_prod, fused.shifted, fused.smaller, fused.greater, index, muladd, muladd64);

        check_fused(in, fused);
        std::vector<uint32_t> expect_index(n);
        for (size_t i = 0; i < n; ++i)
            expect_index[i] = uint32_t(i) * 3u;
        check_exact("arange * 3", index, expect_index);
        std::vector<float> expect(n);
        for (size_t i = 0; i < n; ++i) {
            volatile float product = in.a[i] * in.b[i]; // volatile: the test's own compiler must not contract it
            expect[i] = fma ? std::fma(in.a[i], in.b[i], in.c[i]) : product + in.c[i];
        }
        check_exact("a * b + c", muladd, expect);
        std::vector<double> expect64(n);
        for (size_t i = 0; i < n; ++i) {
            volatile double product = double(in.a[i]) * 1e-3;
            expect64[i] = fma ? std::fma(double(in.a[i]), 1e-3, in.d[i]) : product + in.d[i];
        }
        check_exact("double(a) * 1e-3 + d", muladd64, expect64);
    }
}

TEST_CASE("whole iterations: a latency-bound chain of 48 operations (8 vectors per iteration), any remainder") {
    const bool fma = tj::cpu::host_target().features.find("+fma") != std::string::npos;
    CAPTURE(fma);
    for (size_t n : sizes) {
        CAPTURE(n);
        std::vector<float> x = uniform_values<float>(n, 7, -1, 1), a = uniform_values<float>(n, 8, 0.5, 0.95),
                           b = uniform_values<float>(n, 9, -0.5, 0.5);
        tj::Float X(x), A(a), B(b);
        tj::Float r = X;
        for (int s = 0; s < 24; ++s)
            r = (r + B) * A;
        std::vector<float> expect(n);
        for (size_t i = 0; i < n; ++i)
            expect[i] = chain(x[i], a[i], b[i], 24, fma);
        check_exact("the chain", r, expect);
    }
}

TEST_CASE("whole iterations: a symbolic loop, a gather and a scatter in kernels of several vectors, any remainder") {
    for (size_t n : sizes) {
        CAPTURE(n);
        std::vector<float> v = uniform_values<float>(n, 10, 0.5, 4000);
        std::vector<uint32_t> perm(n);
        for (size_t i = 0; i < n; ++i)
            perm[i] = uint32_t((i * 7919) % n); // n is not a multiple of 7919: a permutation
        tj::Float V(v), halved(v);
        tj::Int32 steps = tj::zeros<tj::Int32>(n);
        tj::while_loop(
            std::tie(halved, steps), [](const tj::Float &h, const tj::Int32 &) { return h > 1.f; },
            [](tj::Float &h, tj::Int32 &s) {
                h = h / 2.f;
                s += 1;
            });
        tj::UInt32 P(perm);
        tj::Float gathered = tj::gather(V, P) * 2.f;
        tj::Float scattered = tj::zeros<tj::Float>(n);
        tj::scatter(scattered, V + 1.f, P);
        tj::eval(halved, steps, gathered, scattered);

        std::vector<float> expect_halved(n), expect_gathered(n), expect_scattered(n);
        std::vector<int32_t> expect_steps(n);
        for (size_t i = 0; i < n; ++i) {
            float h = v[i];
            int32_t s = 0;
            for (; h > 1.f; ++s)
                h = h / 2.f;
            expect_halved[i] = h, expect_steps[i] = s;
            expect_gathered[i] = v[perm[i]] * 2.f;
            expect_scattered[perm[i]] = v[i] + 1.f;
        }
        check_exact("halved", halved, expect_halved);
        check_exact("steps", steps, expect_steps);
        check_exact("gather(v, perm) * 2", gathered, expect_gathered);
        check_exact("scatter(v + 1, perm)", scattered, expect_scattered);
    }
}
