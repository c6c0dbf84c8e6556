// tests/plugin/statements/Inputs/stats.h — marked functions defined in a header (used by header.cpp, two_tus.cpp)
#pragma once

#include <vector>

[[jit::trace]] inline double mean(const std::vector<double> &xs) {
    double sum = 0;
    for (double x : xs) sum += x;
    return xs.empty() ? 0.0 : sum / static_cast<double>(xs.size());
}

/// Defined in two_tus_other.cpp.
double spread(const std::vector<double> &xs);
