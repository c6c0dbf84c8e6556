// tests/plugin/freeze/Inputs/compare.h — fresh random inputs and element-wise comparison for the freezing tests
#pragma once

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

/// An evaluated (opaque) array of `n` random values in [-1, 1).
template <typename A = tj::Float> A random_array(std::mt19937 &rng, size_t n) {
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    std::vector<typename A::Value> values(n);
    for (auto &v : values)
        v = static_cast<typename A::Value>(dist(rng));
    return A(values);
}

/// True when both arrays have the same size and elements (to a relative 1e-5).
template <typename A> bool same(const A &a, const A &b) {
    auto x = tj::to_vector(a), y = tj::to_vector(b);
    if (x.size() != y.size()) {
        std::printf("FAIL: sizes %zu and %zu\n", x.size(), y.size());
        return false;
    }
    for (size_t i = 0; i < x.size(); ++i)
        if (std::abs(double(x[i]) - double(y[i])) > 1e-5 * (1 + std::abs(double(y[i])))) {
            std::printf("FAIL: element %zu: %g vs %g\n", i, double(x[i]), double(y[i]));
            return false;
        }
    return true;
}

/// One line: `<label>: recordings R replays P`.
inline void print_stats(const char *label, const tj::FreezeStats &s) {
    std::printf("%s: recordings %llu replays %llu\n", label, static_cast<unsigned long long>(s.recordings),
                static_cast<unsigned long long>(s.replays));
}
