// tests/plugin/driver/split-error.cpp — an error after the split point is reported once, as without the plugin
// The child that rewrites the rest counts the error and rewrites nothing; the compile reads the text as written.
// RUN: not %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: not %clangxx -fsyntax-only %s 2>&1 | %FileCheck %s

#include <cstdio>

// CHECK-NOT: tracejit-dump
// CHECK: split-error.cpp:[[@LINE+3]]:16: error: expected expression
// CHECK-NOT: error:
[[jit::trace]] int f(int x) {
    int y = x +;
    return y;
}
// CHECK: 1 error generated.

int main() { std::printf("%d\n", f(1)); }
