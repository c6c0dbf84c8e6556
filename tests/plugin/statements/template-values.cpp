// tests/plugin/statements/template-values.cpp — in a template, an expression statement or a return whose type
// depends on a template parameter records its value in each instantiation, and none where it is void
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx -Wall -Wextra %s -o %t 2>&1 | %FileCheck --allow-empty --check-prefix=WARN %s
// RUN: %t | %FileCheck %s
// WARN-NOT: warning:

#include <tracejit/tape.h>

#include <iostream>
#include <string>

template <typename T> T twice(T x) { return x + x; }
inline void nothing(int) {}
struct Opaque {
    int n;
};
inline Opaque make(int n) { return {n}; }

template <typename T, typename F> [[jit::trace]] auto call_with(T x, F f) {
    twice(x);
    // REWRITE: __tjf.stmt([[#]], (twice(x), ::tj::tape::detail::Void{}));
    f(1);
    return f(2);
    // REWRITE: return __tjf.ret([[#]], (f(2), ::tj::tape::detail::Void{}));
}

template <typename T> [[jit::trace]] T sum3(T a) {
    T s = a + a + a;
    return twice(s);
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track([] {
        call_with(1.5, twice<int>);
        call_with(std::string("ab"), nothing);
        call_with(2, make);
        return sum3(std::string("x"));
    }), 3);
    // CHECK: @1: [template-values.cpp:20] call_with<double, int (*)(int)>(1.5, {{0x[0-9a-f]+}}) → 4 : int
    // CHECK-NEXT: @1: [arg x] 1.5 : double
    // CHECK-NEXT: @2: [arg f] {{0x[0-9a-f]+}} : int (*)(int)
    // CHECK-NEXT: @3: [template-values.cpp:21] twice(x) reads @1 → 3.0
    // CHECK-NEXT: @4: [template-values.cpp:23] f(1) reads @2 → 2
    // CHECK-NEXT: @5: [template-values.cpp:24] return f(2) reads @2 → 4
    // A void instantiation: the statement and the return without a value.
    // CHECK-NEXT: @2: [template-values.cpp:20] call_with<std::basic_string<char>, void (*)(int)>("ab", {{0x[0-9a-f]+}})
    // CHECK-NEXT: @1: [arg x] "ab" : std::string
    // CHECK-NEXT: @2: [arg f] {{0x[0-9a-f]+}} : void (*)(int)
    // CHECK-NEXT: @3: [template-values.cpp:21] twice(x) reads @1 → "abab"
    // CHECK-NEXT: @4: [template-values.cpp:23] f(1) reads @2{{$}}
    // CHECK-NEXT: @5: [template-values.cpp:24] return f(2) reads @2{{$}}
    // A type with no printed form shows its name.
    // CHECK-NEXT: @3: [template-values.cpp:20] call_with<int, Opaque (*)(int)>(2, {{0x[0-9a-f]+}}) → Opaque : Opaque
    // CHECK-NEXT: @1: [arg x] 2 : int
    // CHECK-NEXT: @2: [arg f] {{0x[0-9a-f]+}} : Opaque (*)(int)
    // CHECK-NEXT: @3: [template-values.cpp:21] twice(x) reads @1 → 4
    // CHECK-NEXT: @4: [template-values.cpp:23] f(1) reads @2 → Opaque
    // CHECK-NEXT: @5: [template-values.cpp:24] return f(2) reads @2 → Opaque
    // CHECK-NEXT: @4: [template-values.cpp:28] sum3<std::basic_string<char>>("x") → "xxxxxx" : std::string
    // CHECK-NEXT: @1: [arg a] "x" : std::string
    // CHECK-NEXT: @2: [template-values.cpp:29] T s = a + a + a reads @1 → "xxx"
    // CHECK-NEXT: @3: [template-values.cpp:30] return twice(s) reads @2 → "xxxxxx"
}
