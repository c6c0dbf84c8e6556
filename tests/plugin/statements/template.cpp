// tests/plugin/statements/template.cpp — a function template is rewritten once (its pattern); each instantiation
// records under its own name (from __PRETTY_FUNCTION__, captured by the twin's lambda); a member of a class template
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>
#include <string>

template <typename T> [[jit::trace]] T square(T x) {
    // REWRITE: [&, __tj_signature = __PRETTY_{{FUNCTION}}__]() __attribute__((noinline, cold, minsize)) -> T {{[{].*}}::tj::tape::detail::Frame __tjf(__tj_fn, __tj_signature); __tjf.args(x);
    T y = x * x;
    return y;
}

template <typename T> struct Accumulator {
    T total{};
    [[jit::trace]] T add(T v) {
        // REWRITE: [&, __tj_signature = __PRETTY_{{FUNCTION}}__]() __attribute__((noinline, cold, minsize)) -> T {{[{].*}}::tj::tape::detail::Frame __tjf(__tj_fn, __tj_signature); __tjf.args(v);
        total += v;
        return total;
    }
};

// Each pattern is rewritten once, whatever its instantiations; a plain function has no signature.
// REWRITE-NOT: __PRETTY_{{FUNCTION}}__
[[jit::trace]] double both(double a, int b) {
    // REWRITE: ::tj::tape::detail::Frame __tjf(__tj_fn); __tjf.args(a, b);
    double s = square(a);
    int t = square(b);
    Accumulator<std::string> acc;
    acc.add("x");
    return s + t + static_cast<double>(acc.add("y").size());
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(both, 1.5, 3), 3);
    // CHECK: both(1.5, 3) → 13.25 : double   [template.cpp:29]
    // CHECK-NEXT: @1: [arg a] 1.5 : double
    // CHECK-NEXT: @2: [arg b] 3 : int
    // CHECK-NEXT: @3: [template.cpp:12] square<double>(1.5) → 2.25 : double
    // CHECK-NEXT: @1: [arg x] 1.5 : double
    // CHECK-NEXT: @2: [template.cpp:14] T y = x * x reads @1 → 2.25
    // CHECK-NEXT: @3: [template.cpp:15] return y reads @2 → 2.25
    // CHECK-NEXT: @4: [template.cpp:31] double s = square(a) reads @1,@3 → 2.25
    // CHECK-NEXT: @5: [template.cpp:12] square<int>(3) → 9 : int
    // CHECK-NEXT: @1: [arg x] 3 : int
    // CHECK-NEXT: @2: [template.cpp:14] T y = x * x reads @1 → 9
    // CHECK-NEXT: @3: [template.cpp:15] return y reads @2 → 9
    // CHECK-NEXT: @6: [template.cpp:32] int t = square(b) reads @2,@5 → 9
    // CHECK-NEXT: @7: [template.cpp:33] Accumulator<std::string> acc → Accumulator<std::basic_string<char>>
    // CHECK-NEXT: @8: [template.cpp:20] Accumulator::add<std::basic_string<char> >("x") → "x" : std::string
    // CHECK-NEXT: @1: [arg v] "x" : std::string
    // CHECK-NEXT: @2: [template.cpp:22] total += v reads @1 → "x"
    // CHECK-NEXT: @3: [template.cpp:23] return total → "x"
    // CHECK-NEXT: @9: [template.cpp:34] acc.add("x") reads @7,@8 → "x"
    // CHECK-NEXT: @10: [template.cpp:20] Accumulator::add<std::basic_string<char> >("y") → "xy" : std::string
    // CHECK-NEXT: @1: [arg v] "y" : std::string
    // CHECK-NEXT: @2: [template.cpp:22] total += v reads @1 → "xy"
    // CHECK-NEXT: @3: [template.cpp:23] return total → "xy"
    // CHECK-NEXT: @11: [template.cpp:35] return s + t + static_cast<double>(acc.add("y").size()) reads @4,@6,@9,@10 → 13.25
}
