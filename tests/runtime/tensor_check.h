// tests/runtime/tensor_check.h — helpers of the tensor and texture tests: shapes, uniform random values and tensors
#pragma once

#include <tracejit/tracejit.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace tensor_check {

using Shape = std::vector<size_t>;

/// `n` values drawn uniformly from [lo, hi) (seeded: failures reproduce).
template <typename T> std::vector<T> uniform_values(size_t n, uint32_t seed, double lo = -1, double hi = 1) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> d(lo, hi);
    std::vector<T> v(n);
    for (T &x : v)
        x = T(d(rng));
    return v;
}

/// The number of elements of a shape.
inline size_t product(const Shape &s) {
    size_t n = 1;
    for (size_t d : s)
        n *= d;
    return n;
}

/// A Float tensor of `shape` with uniform values in [-1, 1).
inline tj::TensorXf random_tensor(const Shape &shape, uint32_t seed) {
    return tj::TensorXf(tj::Float(uniform_values<float>(product(shape), seed)), shape);
}

} // namespace tensor_check
