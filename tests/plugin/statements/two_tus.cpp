// tests/plugin/statements/two_tus.cpp — two translation units with marked functions (and a marked inline function
// from a header in both) link into one program; calls across them nest
// RUN: %trace_cxx %s %S/Inputs/two_tus_other.cpp -o %t
// RUN: %t | %FileCheck %s

#include "Inputs/stats.h"

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] double normalized_spread(std::vector<double> xs) {
    double s = spread(xs);
    double m = mean(xs);
    return s / m;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(normalized_spread, std::vector<double>{1.0, 2.0, 6.0}), 3);
    // CHECK: normalized_spread(std::vector<double>) → 1.0 : double   [two_tus.cpp:12]
    // CHECK-NEXT: @1: [arg xs] std::vector<double> : std::vector<double>
    // CHECK-NEXT: @2: [two_tus_other.cpp:4] spread(std::vector<double>) → 3.0 : double
    // CHECK-NEXT: @1: [arg xs] std::vector<double> : std::vector<double>
    // CHECK-NEXT: @2: [stats.h:6] mean(std::vector<double>) → 3.0 : double
    // CHECK-NEXT: @3: [two_tus_other.cpp:5] double m = mean(xs) reads @1,@2 → 3.0
    // CHECK-NEXT: @4: [two_tus_other.cpp:6] double worst = 0 → 0.0
    // CHECK-NEXT: @5: [two_tus_other.cpp:7] for (double x : xs) since @1 → true  (iteration 1)
    // CHECK-NEXT: @6: [two_tus_other.cpp:7]   double x → 1.0
    // CHECK-NEXT: @7: [two_tus_other.cpp:8]   x > m ? x - m : m - x since @3,@6 → false  (else)
    // CHECK-NEXT: @8: [two_tus_other.cpp:8]   double d = x > m ? x - m : m - x reads @3,@6 → 2.0
    // CHECK-NEXT: @9: [two_tus_other.cpp:9]   if (d > worst) since @4,@8 → true  (then)
    // CHECK-NEXT: @10: [two_tus_other.cpp:9]     worst = d reads @8 → 2.0
    // CHECK-NEXT: @11: [two_tus_other.cpp:7] for (double x : xs) since @1 → true  (iteration 2)
    // CHECK-NEXT: @12: [two_tus_other.cpp:7]   double x → 2.0
    // CHECK-NEXT: @13: [two_tus_other.cpp:8]   x > m ? x - m : m - x since @3,@12 → false  (else)
    // CHECK-NEXT: @14: [two_tus_other.cpp:8]   double d = x > m ? x - m : m - x reads @3,@12 → 1.0
    // CHECK-NEXT: @15: [two_tus_other.cpp:9]   if (d > worst) since @10,@14 → false  (else)
    // CHECK-NEXT: @16: [two_tus_other.cpp:7] for (double x : xs) since @1 → true  (iteration 3)
    // CHECK-NEXT: @17: [two_tus_other.cpp:7]   double x → 6.0
    // CHECK-NEXT: @18: [two_tus_other.cpp:8]   x > m ? x - m : m - x since @3,@17 → true  (then)
    // CHECK-NEXT: @19: [two_tus_other.cpp:8]   double d = x > m ? x - m : m - x reads @3,@17 → 3.0
    // CHECK-NEXT: @20: [two_tus_other.cpp:9]   if (d > worst) since @10,@19 → true  (then)
    // CHECK-NEXT: @21: [two_tus_other.cpp:9]     worst = d reads @19 → 3.0
    // CHECK-NEXT: @22: [two_tus_other.cpp:7] for (double x : xs) since @1 → false  (iteration 4)
    // CHECK-NEXT: @23: [two_tus_other.cpp:11] return worst reads @21 → 3.0
    // CHECK-NEXT: @3: [two_tus.cpp:13] double s = spread(xs) reads @1,@2 → 3.0
    // CHECK-NEXT: @4: [stats.h:6] mean(std::vector<double>) → 3.0 : double
    // CHECK-NEXT: @1: [arg xs] std::vector<double> : std::vector<double>
    // CHECK-NEXT: @2: [stats.h:7] double sum = 0 → 0.0
    // CHECK-NEXT: @3: [stats.h:8] for (double x : xs) since @1 → true  (iteration 1)
    // CHECK-NEXT: @4: [stats.h:8]   double x → 1.0
    // CHECK-NEXT: @5: [stats.h:8]   sum += x reads @2,@4 → 1.0
    // CHECK-NEXT: @6: [stats.h:8] for (double x : xs) since @1 → true  (iteration 2)
    // CHECK-NEXT: @7: [stats.h:8]   double x → 2.0
    // CHECK-NEXT: @8: [stats.h:8]   sum += x reads @5,@7 → 3.0
    // CHECK-NEXT: @9: [stats.h:8] for (double x : xs) since @1 → true  (iteration 3)
    // CHECK-NEXT: @10: [stats.h:8]   double x → 6.0
    // CHECK-NEXT: @11: [stats.h:8]   sum += x reads @8,@10 → 9.0
    // CHECK-NEXT: @12: [stats.h:8] for (double x : xs) since @1 → false  (iteration 4)
    // CHECK-NEXT: @13: [stats.h:9] xs.empty() ? 0.0 : sum / static_cast<double>(xs.size()) since @1 → false  (else)
    // CHECK-NEXT: @14: [stats.h:9] return xs.empty() ? 0.0 : sum / static_cast<double>(xs.size()) reads @1,@11 → 3.0
    // CHECK-NEXT: @5: [two_tus.cpp:14] double m = mean(xs) reads @1,@4 → 3.0
    // CHECK-NEXT: @6: [two_tus.cpp:15] return s / m reads @3,@5 → 1.0
}
