// tests/plugin/driver/cxx17.cpp — a marked file compiled before C++20 gets one error saying why, and no rewrite
// RUN: not %clangxx %plugin -std=c++17 -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not error: --implicit-check-not warning:
// RUN: not %clangxx %plugin -std=gnu++14 -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=CXX14 %s
// RUN: not %rewrite %s -- -std=c++17 2>/dev/null | %FileCheck --check-prefix=REWRITE %s
// RUN: %clangxx %plugin -fsyntax-only %s

// CHECK: cxx17.cpp:[[@LINE+3]]:20: error: tracejit: the tracejit plugin needs C++20 (-std=c++20 or later); this file is compiled as C++17
// CHECK: 1 error generated.
// CXX14: error: tracejit: the tracejit plugin needs C++20 (-std=c++20 or later); this file is compiled as C++14
[[jit::trace]] int twice(int x) {
    int y = 2 * x;
    return y;
}

[[jit::trace]] int thrice(int x) { return 3 * x; }
// REWRITE-NOT: {{__tj[f_]}}
// REWRITE: {{^}}{{\[\[}}jit::trace{{\]\]}} int twice(int x) {{[{]$}}
// REWRITE-NOT: {{__tj[f_]}}

int main() { return twice(1) + thrice(1) == 5 ? 0 : 1; }
