// tests/plugin/driver/syntax-error-once.cpp — a syntax error in a marked function is reported once, as without the plugin
// RUN: not %clangxx %plugin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: not %clangxx -fsyntax-only %s 2>&1 | %FileCheck %s

// CHECK-NOT: tracejit-dump
// CHECK: syntax-error-once.cpp:[[@LINE+3]]:16: error: expected expression
// CHECK-NOT: error:
[[jit::trace]] int f(int x) {
    int y = x +;
    return y;
}
// CHECK: 1 error generated.

int main() { return f(1); }
