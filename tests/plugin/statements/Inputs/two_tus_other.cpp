// tests/plugin/statements/Inputs/two_tus_other.cpp — the second translation unit of two_tus.cpp
#include "stats.h"

[[jit::trace]] double spread(const std::vector<double> &xs) {
    double m = mean(xs);
    double worst = 0;
    for (double x : xs) {
        double d = x > m ? x - m : m - x;
        if (d > worst) worst = d;
    }
    return worst;
}
