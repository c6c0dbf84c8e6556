// tests/plugin/statements/range_for.cpp — range-for: a Loop node per element and a last false one, the loop variable
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>
#include <map>
#include <vector>

[[jit::trace]] double total(std::vector<double> xs) {
    double t = 0;
    for (double &x : xs) x *= 2;
    // REWRITE: {__tjf.loop_enter([[L:[0-9]+]]); for (double &x : xs) {__tjf.loop([[L]], true); __tjf.stmt([[#]], x); x *= 2; __tjf.stmt([[#]], x);} __tjf.loop([[L]], false);}
    for (const double x : xs) {
        t += x;
    }
    std::map<int, double> weights{{1, 0.5}};
    for (auto [k, w] : weights) t += k * w;
    // REWRITE: for (auto [k, w] : weights) {__tjf.loop([[#]], true); __tjf.stmt([[#]]); t += k * w;
    for (int scale = 10; double x : xs) t += scale * x;
    // REWRITE: {int scale = 10; __tjf.stmt([[#]], scale); __tjf.loop_enter([[S:[0-9]+]]); for ( double x : xs) {__tjf.loop([[S]], true);
    return t;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(total, std::vector<double>{1.0, 2.5}), 2);
    // CHECK: total(std::vector<double>) → 77.5 : double   [range_for.cpp:12]
    // CHECK-NEXT: @1: [arg xs] std::vector<double> : std::vector<double>
    // CHECK-NEXT: @2: [range_for.cpp:13] double t = 0 → 0.0
    // CHECK-NEXT: @3: [range_for.cpp:14] for (double &x : xs) since @1 → true  (iteration 1)
    // CHECK-NEXT: @4: [range_for.cpp:14]   double &x → 1.0
    // CHECK-NEXT: @5: [range_for.cpp:14]   x *= 2 reads @4 → 2.0
    // CHECK-NEXT: @6: [range_for.cpp:14] for (double &x : xs) since @1 → true  (iteration 2)
    // CHECK-NEXT: @7: [range_for.cpp:14]   double &x → 2.5
    // CHECK-NEXT: @8: [range_for.cpp:14]   x *= 2 reads @7 → 5.0
    // CHECK-NEXT: @9: [range_for.cpp:14] for (double &x : xs) since @1 → false  (iteration 3)
    // CHECK-NEXT: @10: [range_for.cpp:16] for (const double x : xs) since @1 → true  (iteration 1)
    // CHECK-NEXT: @11: [range_for.cpp:16]   const double x → 2.0
    // CHECK-NEXT: @12: [range_for.cpp:17]   t += x reads @2,@11 → 2.0
    // CHECK-NEXT: @13: [range_for.cpp:16] for (const double x : xs) since @1 → true  (iteration 2)
    // CHECK-NEXT: @14: [range_for.cpp:16]   const double x → 5.0
    // CHECK-NEXT: @15: [range_for.cpp:17]   t += x reads @12,@14 → 7.0
    // CHECK-NEXT: @16: [range_for.cpp:16] for (const double x : xs) since @1 → false  (iteration 3)
    // CHECK-NEXT: @17: [range_for.cpp:19] std::map<int, double> weights{{.*}} → std::map<int, double>
    // CHECK-NEXT: @18: [range_for.cpp:20] for (auto [k, w] : weights) since @17 → true  (iteration 1)
    // CHECK-NEXT: @19: [range_for.cpp:20]   auto [k, w]
    // CHECK-NEXT: @20: [range_for.cpp:20]   t += k * w reads @15,@19 → 7.5
    // CHECK-NEXT: @21: [range_for.cpp:20] for (auto [k, w] : weights) since @17 → false  (iteration 2)
    // CHECK-NEXT: @22: [range_for.cpp:22] int scale = 10 → 10
    // CHECK-NEXT: @23: [range_for.cpp:22] for (int scale = 10; double x : xs) since @1 → true  (iteration 1)
    // CHECK-NEXT: @24: [range_for.cpp:22]   double x → 2.0
    // CHECK-NEXT: @25: [range_for.cpp:22]   t += scale * x reads @20,@22,@24 → 27.5
    // CHECK-NEXT: @26: [range_for.cpp:22] for (int scale = 10; double x : xs) since @1 → true  (iteration 2)
    // CHECK-NEXT: @27: [range_for.cpp:22]   double x → 5.0
    // CHECK-NEXT: @28: [range_for.cpp:22]   t += scale * x reads @22,@25,@27 → 77.5
    // CHECK-NEXT: @29: [range_for.cpp:22] for (int scale = 10; double x : xs) since @1 → false  (iteration 3)
    // CHECK-NEXT: @30: [range_for.cpp:24] return t reads @28 → 77.5
}
