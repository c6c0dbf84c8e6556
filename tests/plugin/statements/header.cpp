// tests/plugin/statements/header.cpp — a marked function defined in a header is rewritten in the header, on its lines
// RUN: %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

// REWRITE: {{^}}// tracejit-dump: {{.*}}Inputs/stats.h
// REWRITE: {{^\[\[}}jit::trace]] inline double mean {{_Pragma\([^)]*\) _Pragma\([^)]*\) }}(const std::vector<double> &xs) {if (!::tj::tape::detail::recording())
// REWRITE: {{^}}#line 6 "{{.*}}Inputs/stats.h"{{$}}
// REWRITE-NEXT: {{^}}[&]() __attribute__((noinline, cold, minsize)) -> double {{[{].*}}__tjf
// REWRITE-NEXT: {{^}}    double sum = 0; __tjf.stmt([[#]], sum);{{$}}
// REWRITE-NEXT: {{^}}    {__tjf.loop_enter([[#]]); for (double x : xs)
// REWRITE-NEXT: {{^}}    return __tjf.ret([[#]], (__tjf.cond([[#]], static_cast<bool>(xs.empty())) ? 0.0 : sum / static_cast<double>(xs.size())));{{$}}
#include "Inputs/stats.h"

#include <tracejit/tape.h>

#include <iostream>

int main() {
    std::vector<double> xs{1.0, 3.0};
    std::cout << tj::tape::printlevels(*tj::track(mean, xs), 2);
    // CHECK: mean(std::vector<double>) → 2.0 : double   [stats.h:6]
    // CHECK-NEXT: @1: [arg xs] std::vector<double> : std::vector<double>
    // CHECK-NEXT: @2: [stats.h:7] double sum = 0 → 0.0
    // CHECK-NEXT: @3: [stats.h:8] for (double x : xs) since @1 → true  (iteration 1)
    // CHECK-NEXT: @4: [stats.h:8]   double x → 1.0
    // CHECK-NEXT: @5: [stats.h:8]   sum += x reads @2,@4 → 1.0
    // CHECK-NEXT: @6: [stats.h:8] for (double x : xs) since @1 → true  (iteration 2)
    // CHECK-NEXT: @7: [stats.h:8]   double x → 3.0
    // CHECK-NEXT: @8: [stats.h:8]   sum += x reads @5,@7 → 4.0
    // CHECK-NEXT: @9: [stats.h:8] for (double x : xs) since @1 → false  (iteration 3)
    // CHECK-NEXT: @10: [stats.h:9] xs.empty() ? 0.0 : sum / static_cast<double>(xs.size()) since @1 → false  (else)
    // CHECK-NEXT: @11: [stats.h:9] return xs.empty() ? 0.0 : sum / static_cast<double>(xs.size()) reads @1,@8 → 2.0
}
