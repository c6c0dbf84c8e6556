// tests/plugin/threads/openmp_twin.cpp — a twin whose body has an OpenMP loop: the body as written runs the loop
// without a tape; under tj::track the instrumented copy (a lambda) records the region and its threads' calls
// REQUIRES: openmp
// RUN: %trace_cxx -O2 -fopenmp %s -o %t
// RUN: env OMP_NUM_THREADS=4 %t | %FileCheck %s
// RUN: %rewrite %s -- -std=c++20 -fopenmp -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s

#include <tracejit/tape.h>

#include <iostream>

[[jit::trace]] double work(int i) { return 0.5 * i; }

// REWRITE: {{^\[\[}}jit::trace]] double total(int n) {if (!::tj::tape::detail::recording())
// REWRITE: {{^}}#pragma omp parallel for reduction(+ : s) schedule(static)
// REWRITE: {{^}}[&]({{\[\[}}maybe_unused]] decltype(n) n) __attribute__((noinline, cold, minsize)) -> double {
// REWRITE: {{^}}#pragma omp parallel for reduction(+ : s) schedule(static)
[[jit::trace]] double total(int n) {
    double s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
    for (int i = 0; i < n; ++i)
        s += work(i);
    return s;
}

int main() {
    std::cout << total(8) << "\n";
    // CHECK: 14
    auto tape = tj::track(total, 8);
    int calls = 0;
    for (const tj::tape::Node &n : (*tape)[3].children())
        calls += n.kind() == tj::tape::Kind::Call && n.text() == "work";
    std::cout << tape->value<double>() << " " << calls << " calls under the loop\n";
    // CHECK-NEXT: 14 8 calls under the loop
    std::cout << total(8) << "\n";
    // CHECK-NEXT: 14
}
