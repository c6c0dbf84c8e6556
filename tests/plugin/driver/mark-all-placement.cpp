// tests/plugin/driver/mark-all-placement.cpp — tracejit-rewrite --mark-all puts each mark where it marks the
// function: before the parameter list, except for conversion functions, whose name ends in a type (a mark after it
// would mark the type: "'trace' attribute cannot be applied to types", found by real/programs-marked.cpp), where
// it goes first; the marked copy compiles with the plugin and prints what the file prints
// RUN: %rewrite --mark-all %s -- -std=c++20 -I%S/../../../include > %t.marked.cpp
// RUN: %FileCheck %s < %t.marked.cpp
// RUN: %bare_clangxx -Wall -Wextra %s -o %t.plain 2>&1 | count 0
// RUN: %trace_cxx -Wall -Wextra %t.marked.cpp -o %t.marked 2>&1 | count 0
// RUN: %t.plain > %t.plain.out
// RUN: %t.marked > %t.marked.out
// RUN: diff %t.plain.out %t.marked.out
// RUN: %FileCheck --check-prefix=OUT %s < %t.plain.out
#include <cstdio>

struct Flag {
    // CHECK: {{^}}    {{\[\[}}jit::trace]] explicit operator bool() const { return on; }
    explicit operator bool() const { return on; }
    // CHECK: {{^}}    {{\[\[}}jit::trace]] operator int() const { return on ? 7 : 0; }
    operator int() const { return on ? 7 : 0; }
    // CHECK: {{^}}    template <typename T> {{\[\[}}jit::trace]] explicit operator T *() const { return nullptr; }
    template <typename T> explicit operator T *() const { return nullptr; }
    // CHECK: {{^}}    int operator() {{\[\[}}jit::trace]] (int x) const { return x + on; }
    int operator()(int x) const { return x + on; }
    bool on = true;
};

// CHECK: {{^}}int twice {{\[\[}}jit::trace]] (int x) { return 2 * x; }
int twice(int x) { return 2 * x; }

// CHECK: {{^}}int main {{\[\[}}jit::trace]] () {
int main() {
    Flag f;
    std::printf("%d %d %d %d %d\n", static_cast<bool>(f), static_cast<int>(f), static_cast<int *>(f) == nullptr,
                f(4), twice(5));
    // OUT: 1 7 1 5 10
}
