// tests/plugin/fastpath/params.cpp — the recording copy takes the parameters it can copy unseen (trivially copyable
// values) as its own, so their addresses do not escape and the body as written keeps them in registers once
// inlined; references and values whose copy runs code are captured by reference (docs/tape.md, "Twins")
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %clangxx %plugin -O2 -S -emit-llvm %s -o - | %FileCheck --check-prefix=IR %s
// RUN: %tape_cxx -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: env TRACEJIT_TAPE=%t.dir %t | %FileCheck %s

#include <cstdio>

struct State {
    unsigned a, b;
};

// REWRITE: {{^}}[&]({{\[\[}}maybe_unused]] decltype(s) s, {{\[\[}}maybe_unused]] decltype(k) k) __attribute__((noinline, cold, minsize)) -> ::State {
// REWRITE: {{^ .*}} }(s, k);}}{{$}}
[[jit::trace]] State mix(State s, unsigned k, unsigned &out) {
    s.a = (s.a ^ k) * 2654435761u;
    s.b += s.a >> 7;
    out += s.b;
    return s;
}

// With nothing recording, run's loop holds the state in registers: no stack slot is left in it.
// IR-LABEL: define {{.*}}@_Z3runjl(
// IR-NOT: alloca
// IR: {{^}}}
[[jit::trace]] unsigned run(unsigned seed, long n) {
    State s{seed, 1};
    unsigned sum = 0;
    for (long i = 0; i < n; ++i)
        s = mix(s, static_cast<unsigned>(i), sum);
    return s.a ^ s.b ^ sum;
}

// A parameter whose copy runs code is captured, not copied, in the recording copy too.
struct Counted {
    static inline int copies = 0;
    int v;
    explicit Counted(int x) : v(x) {}
    Counted(const Counted &o) : v(o.v) { ++copies; }
};

// REWRITE: {{^}}[&]() __attribute__((noinline, cold, minsize)) -> int {
[[jit::trace]] int value(Counted c) { return c.v; }

int main() {
    std::printf("%u\n", run(7, 1000));
    Counted c(5);
    int copies_before = Counted::copies;
    int v = value(c);
    std::printf("value %d, copies %d\n", v, Counted::copies - copies_before);
}
// CHECK: 3461911093
// CHECK-NEXT: value 5, copies 1
