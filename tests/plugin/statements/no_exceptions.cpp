// tests/plugin/statements/no_exceptions.cpp — without -fexceptions the body gets no try/catch (the rest is the same)
// RUN: %rewrite %s -- -std=c++20 -fno-exceptions | %FileCheck %s
// RUN: %rewrite %s -- -std=c++20 | %FileCheck --check-prefix=EXCEPTIONS %s

[[jit::trace]] int twice(int x) {
    // CHECK: ::tj::tape::detail::Frame __tjf(__tj_fn); __tjf.args(x);{{ *$}}
    // EXCEPTIONS: ::tj::tape::detail::Frame __tjf(__tj_fn); __tjf.args(x); try {{[{]}}{{ *$}}
    int y = 2 * x;
    return y;
}
// CHECK-NOT: {{^ *}}} catch (...)
// EXCEPTIONS: {{^ *}}} catch (...) { __tjf.thrown(::std::current_exception()); throw; } }
