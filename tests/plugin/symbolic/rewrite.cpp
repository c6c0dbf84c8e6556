// tests/plugin/symbolic/rewrite.cpp — the shapes of the rewrite (tracejit-rewrite shows them): the state found for
// each statement (written inside, declared outside: for-init variables included, scatter targets and variables
// declared inside not), the lambdas' parameters named like the variables, every edit on the statement's own lines
// (__LINE__ inside the bodies is unchanged)
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include > %t.rewritten.cpp
// RUN: %FileCheck %s < %t.rewritten.cpp
// RUN: wc -l < %s > %t.lines && wc -l < %t.rewritten.cpp > %t.rewritten.lines
// RUN: diff %t.lines %t.rewritten.lines
// RUN: %trace_cxx %s -o %t && %t | %FileCheck --check-prefix=LINES %s

#include <tracejit/tracejit.h>

#include <cstdio>

using tj::Float;
using tj::Int32;
using tj::UInt32;

[[jit::trace]] Float shapes(Float x, Float y, Int32 n, UInt32 index) {
    Float hits = tj::zeros<Float>(4);
    Int32 line = 0;
    if (x > 0.f) {
        Float t = x * 2.f;
        y = t + 1.f;
        tj::scatter_add(hits, t, index);
        line = __LINE__;
    }
    // CHECK: {__tjf.symbolic({{[0-9]+}}); ::tj::if_stmt((x > 0.f), ::std::tie(y, line), [&](auto &y, auto &line) { {
    // CHECK-NEXT: {{^}}        Float t = x * 2.f;
    // CHECK: }}, [&](auto &y, auto &line) {});}
    while (x < 1.f && n > 0) {
        x = x + 1.f;
        n -= 1;
    }
    // CHECK: {__tjf.symbolic({{[0-9]+}}); ::tj::while_loop(::std::tie(x, n), [&](auto &x, auto &n) -> ::tj::Bool { return (x < 1.f && n > 0); }, [&](auto &x, auto &n) { {
    for (Int32 i = 0; i < n; i += 1)
        y = y * 0.5f;
    // CHECK: {Int32 i = 0; __tjf.stmt({{[0-9]+}}, i); __tjf.symbolic({{[0-9]+}}); ::tj::while_loop(::std::tie(i, y), [&](auto &i, auto &y) -> ::tj::Bool { return ( i < n); }, [&, __tj_inc_{{[0-9]+}} = [&](auto &i, auto &y) {  (void)(i += 1), __tjf.stmt({{[0-9]+}}, i); }](auto &i, auto &y) {
    // CHECK-NEXT: {{^}}        {y = y * 0.5f; __tjf.stmt({{[0-9]+}}, y);} __tj_inc_{{[0-9]+}}(i, y); });}
    std::printf("line %d\n", tj::to_vector(line)[0] == 26 && __LINE__ == 40 ? 1 : 0);
    // LINES: line 1
    return x + y + tj::gather(hits, index);
}

int main() {
    (void)shapes(Float({1.f, -1.f}), Float({2.f, 3.f}), Int32({2, 3}), UInt32({0u, 1u}));
}
