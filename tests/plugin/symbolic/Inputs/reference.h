// tests/plugin/symbolic/Inputs/reference.h — random inputs and comparison with plain C++ for the symbolic tests
#pragma once

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

/// `n` random values in [lo, hi), on the host.
template <typename T = float> std::vector<T> random_values(std::mt19937 &rng, size_t n, double lo, double hi) {
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<T> values(n);
    for (auto &v : values)
        v = static_cast<T>(dist(rng));
    return values;
}

/// `n` random integers in [lo, hi], on the host.
inline std::vector<int32_t> random_ints(std::mt19937 &rng, size_t n, int32_t lo, int32_t hi) {
    std::uniform_int_distribution<int32_t> dist(lo, hi);
    std::vector<int32_t> values(n);
    for (auto &v : values)
        v = dist(rng);
    return values;
}

/// True when the array holds `expected` (to a relative `tolerance`); prints the first difference.
template <typename T>
bool same(const char *what, const tj::Array<T> &a, const std::vector<T> &expected, double tolerance = 1e-5) {
    std::vector<T> got = tj::to_vector(a);
    if (got.size() != expected.size()) {
        std::printf("FAIL %s: sizes %zu and %zu\n", what, got.size(), expected.size());
        return false;
    }
    for (size_t i = 0; i < got.size(); ++i)
        if (std::abs(double(got[i]) - double(expected[i])) > tolerance * (1 + std::abs(double(expected[i])))) {
            std::printf("FAIL %s: element %zu: %g, expected %g\n", what, i, double(got[i]), double(expected[i]));
            return false;
        }
    return true;
}

/// Prints "ok <what>" or "FAIL <what>".
inline void report(const char *what, bool ok) { std::printf("%s %s\n", ok ? "ok" : "FAIL", what); }
