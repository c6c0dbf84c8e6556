// tests/consumer/main.cpp — uses the installed tracejit: computes on arrays and checks the results
#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
    const size_t n = 100000;
    tj::Float x = tj::linspace<tj::Float>(0.f, 1.f, n);
    tj::Float y = tj::fma(x, x, tj::Float(1.f)) * 2.f; // 2 (x² + 1): one fused kernel with the line above
    tj::Int32 i = tj::arange<tj::Int32>(n);
    tj::Int32 odd = tj::select(i % 2 == 1, i, 0);

    double total = tj::sum(y).read(0);
    long long odd_total = tj::sum(tj::cast<tj::Int64>(odd)).read(0);
    std::vector<float> v = tj::to_vector(y);

    // ∫₀¹ 2 (x² + 1) dx = 8/3; the mean of n evenly spaced samples differs from it by about 1/n.
    double expected_mean = 8.0 / 3.0;
    long long expected_odd = (long long)(n / 2) * (long long)(n / 2); // 1 + 3 + … + (n-1)
    bool ok = v.size() == n && std::fabs(v[n - 1] - 4.f) < 1e-5f && std::fabs(total / n - expected_mean) < 1e-3 &&
              odd_total == expected_odd && tj::kernel_stats().launches >= 2;
    std::printf("consumer: mean %.6f (expected %.6f), odd sum %lld (expected %lld), %llu launches: %s\n", total / n,
                expected_mean, odd_total, expected_odd, (unsigned long long)tj::kernel_stats().launches,
                ok ? "ok" : "MISMATCH");
    return ok ? 0 : 1;
}
