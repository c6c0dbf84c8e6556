// tests/fuzz/differential/splitmix.h — the generators' random numbers: splitmix64, so that a seed gives the same
// program everywhere
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace tjdiff {

struct Rand {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % uint64_t(n)); }
    template <typename T, size_t N> T pick(const std::array<T, N> &xs) { return xs[below(int(N))]; }
};

} // namespace tjdiff
