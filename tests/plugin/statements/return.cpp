// tests/plugin/statements/return.cpp — return forms: a value, a local's name (NRVO kept), void, a braced list,
// a type that cannot be moved, a bit-field
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>
#include <string>
#include <utility>

struct Pinned {
    int v;
    explicit Pinned(int x) : v(x) {}
    Pinned(const Pinned &) = delete;
    Pinned(Pinned &&) = delete;
};
struct Flags {
    unsigned low : 3;
};

[[jit::trace]] std::string name(int n) {
    std::string s = "n";
    s += std::to_string(n);
    return s;
    // REWRITE: {__tjf.ret([[#]], s); return s;}
}
[[jit::trace]] int plus(int a, int b) {
    return a + b;
    // REWRITE: return __tjf.ret([[#]], (a + b));
}
[[jit::trace]] void store(int &out, int v) {
    if (v < 0)
        return;
    // REWRITE: {{[{][{]}}__tjf.ret([[#]]); return;}}
    out = v;
    return store(out, -1);
    // REWRITE: { store(out, -1); __tjf.ret([[#]]); return;}
}
[[jit::trace]] std::pair<int, int> both(int v) {
    return {v, -v};
    // REWRITE: return __tjf.ret_as<::std::pair<int, int>>([[#]], {v, -v});
}
[[jit::trace]] Pinned pinned(int v) {
    return Pinned(v);
    // REWRITE: {__tjf.ret([[#]]); return Pinned(v);}
}
[[jit::trace]] unsigned low_bits(Flags f) {
    return f.low;
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(name, 7), 2);
    std::cout << tj::tape::printlevels(*tj::track(plus, 2, 3), 2);
    int out = 0;
    std::cout << tj::tape::printlevels(*tj::track(store, out, 5), 3);
    std::cout << "out = " << out << "\n";
    std::cout << tj::tape::printlevels(*tj::track(both, 1), 2);
    std::cout << pinned(9).v << "\n";
    std::cout << tj::tape::printlevels(*tj::track(low_bits, Flags{5}), 2);
    // CHECK: name(7) → "n7" : std::string   [return.cpp:23]
    // CHECK-NEXT: @1: [arg n] 7 : int
    // CHECK-NEXT: @2: [return.cpp:24] std::string s = "n" → "n"
    // CHECK-NEXT: @3: [return.cpp:25] s += std::to_string(n) reads @1,@2 → "n7"
    // CHECK-NEXT: @4: [return.cpp:26] return s reads @3 → "n7"
    // CHECK-NEXT: plus(2, 3) → 5 : int   [return.cpp:29]
    // CHECK-NEXT: @1: [arg a] 2 : int
    // CHECK-NEXT: @2: [arg b] 3 : int
    // CHECK-NEXT: @3: [return.cpp:30] return a + b reads @1,@2 → 5
    // CHECK-NEXT: store(0, 5)   [return.cpp:33]
    // CHECK-NEXT: @1: [arg out] 0 : int
    // CHECK-NEXT: @2: [arg v] 5 : int
    // CHECK-NEXT: @3: [return.cpp:34] if (v < 0) since @2 → false  (else)
    // CHECK-NEXT: @4: [return.cpp:37] out = v reads @2 → 5
    // CHECK-NEXT: @5: [return.cpp:33] store(5, -1)
    // CHECK-NEXT: @1: [arg out] 5 : int
    // CHECK-NEXT: @2: [arg v] -1 : int
    // CHECK-NEXT: @3: [return.cpp:34] if (v < 0) since @2 → true  (then)
    // CHECK-NEXT: @4: [return.cpp:35]   return
    // CHECK-NEXT: @6: [return.cpp:38] return store(out, -1) reads @4,@5
    // CHECK-NEXT: out = 5
    // CHECK-NEXT: both(1) → std::pair<int, int> : std::pair<int, int>   [return.cpp:41]
    // CHECK-NEXT: @1: [arg v] 1 : int
    // CHECK-NEXT: @2: [return.cpp:42] return {v, -v} reads @1 → std::pair<int, int>
    // CHECK-NEXT: 9
    // CHECK-NEXT: low_bits(Flags) → 5 : unsigned int   [return.cpp:49]
    // CHECK-NEXT: @1: [arg f] Flags : Flags
    // CHECK-NEXT: @2: [return.cpp:50] return f.low reads @1 → 5
}
