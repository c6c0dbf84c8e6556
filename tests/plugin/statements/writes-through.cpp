// tests/plugin/statements/writes-through.cpp — data dependencies of writes through references and pointers: in the
// callee a write through a parameter writes that parameter; in the caller a call that is given a variable by
// non-const reference or pointer writes that variable (marked callee or not), a const one only reads it; a write to
// a part (`a[i] = …`, `s.x = …`, `*p = …`) also reads its variable
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <utility>
#include <vector>

struct P {
    double x, y;
};

[[jit::trace]] void set_out(double &out, double v) { out = v * 2; }
[[jit::trace]] void fill(double *a, int n) {
    for (int i = 0; i < n; ++i)
        a[i] = i;
}
[[jit::trace]] void deref(int *p) { *p = 7; }
[[jit::trace]] void member(P *p) { p->x = 1.5; }
[[jit::trace]] double read_only(const double &r, const double *a) { return r + a[0]; }
void unmarked(int &k) { k = 42; }

[[jit::trace]] double caller() {
    double r = 0;
    set_out(r, 3);
    double a[4];
    fill(a, 4);
    int k = 0;
    deref(&k);
    P p{0, 0};
    member(&p);
    unmarked(k);
    double s = read_only(r, a);
    std::vector<double> v;
    v.push_back(s);
    double t = v[0] + r + a[1] + k + p.x;
    std::swap(r, t);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%d", k);
    std::printf("%s\n", buf);
    double *q = a;
    std::memset(q + 1, 0, sizeof(double));
    return r + t + q[1] + a[1];
}

int main() {
    std::cout << tj::tape::printlevels(*tj::track(caller), 3);
    // CHECK: 42
    // CHECK-NEXT: caller() → 62.5 : double
    // CHECK-NEXT: @1: [writes-through.cpp:31] double r = 0 → 0.0
    // CHECK-NEXT: @2: [writes-through.cpp:20] set_out(0.0, 3.0)
    // The callee's write through `out` writes `out`:
    // CHECK-NEXT: @1: [arg out] 0.0 : double
    // CHECK-NEXT: @2: [arg v] 3.0 : double
    // CHECK-NEXT: @3: [writes-through.cpp:20] out = v * 2 reads @2 → 6.0
    // The call given `r` by reference writes `r`:
    // CHECK-NEXT: @3: [writes-through.cpp:32] set_out(r, 3) reads @1,@2
    // CHECK-NEXT: @4: [writes-through.cpp:33] double a[4]
    // CHECK-NEXT: @5: [writes-through.cpp:21] fill({{0x[0-9a-f]+}}, 4)
    // CHECK: [writes-through.cpp:23] a[i] = i reads @1,@3 → 0.0
    // A write to an element reads the pointer (and the elements written before):
    // CHECK: [writes-through.cpp:23] a[i] = i reads @5,@6 → 1.0
    // CHECK: @6: [writes-through.cpp:34] fill(a, 4) reads @4,@5
    // CHECK-NEXT: @7: [writes-through.cpp:35] int k = 0 → 0
    // CHECK-NEXT: @8: [writes-through.cpp:25] deref({{0x[0-9a-f]+}})
    // CHECK-NEXT: @1: [arg p] {{0x[0-9a-f]+}} : int *
    // CHECK-NEXT: @2: [writes-through.cpp:25] *p = 7 reads @1 → 7
    // CHECK-NEXT: @9: [writes-through.cpp:36] deref(&k) reads @7,@8
    // CHECK-NEXT: @10: [writes-through.cpp:37] P p{0, 0} → P
    // CHECK-NEXT: @11: [writes-through.cpp:26] member({{0x[0-9a-f]+}})
    // CHECK-NEXT: @1: [arg p] {{0x[0-9a-f]+}} : P *
    // CHECK-NEXT: @2: [writes-through.cpp:26] p->x = 1.5 reads @1 → 1.5
    // CHECK-NEXT: @12: [writes-through.cpp:38] member(&p) reads @10,@11
    // An unmarked callee given `k` by reference: the statement writes `k` all the same.
    // CHECK-NEXT: @13: [writes-through.cpp:39] unmarked(k) reads @9
    // Given by const reference and pointer to const: read, not written.
    // CHECK-NEXT: @14: [writes-through.cpp:27] read_only(6.0, {{0x[0-9a-f]+}}) → 6.0 : double
    // CHECK-NEXT: @1: [arg r] 6.0 : double
    // CHECK-NEXT: @2: [arg a] {{0x[0-9a-f]+}} : const double *
    // CHECK-NEXT: @3: [writes-through.cpp:27] return r + a[0] reads @1,@2 → 6.0
    // CHECK-NEXT: @15: [writes-through.cpp:40] double s = read_only(r, a) reads @3,@6,@14 → 6.0
    // CHECK-NEXT: @16: [writes-through.cpp:41] std::vector<double> v → std::vector<double>
    // A non-const member function whose result is dropped writes its object:
    // CHECK-NEXT: @17: [writes-through.cpp:42] v.push_back(s) reads @15,@16
    // CHECK-NEXT: @18: [writes-through.cpp:43] double t = v[0] + r + a[1] + k + p.x reads @3,@6,@12,@13,@17 → 56.5
    // CHECK-NEXT: @19: [writes-through.cpp:44] std::swap(r, t) reads @3,@18
    // CHECK-NEXT: @20: [writes-through.cpp:45] char buf[16]
    // snprintf writes its buffer; printf's `...` are only read:
    // CHECK-NEXT: @21: [writes-through.cpp:46] std::snprintf(buf, sizeof buf, "%d", k) reads @13,@20 → 2
    // CHECK-NEXT: @22: [writes-through.cpp:47] std::printf("%s\n", buf) reads @21 → 3
    // CHECK-NEXT: @23: [writes-through.cpp:48] double *q = a reads @6 → {{0x[0-9a-f]+}}
    // Through a stored pointer: `q` is written, not `a` (aliasing is not followed).
    // CHECK-NEXT: @24: [writes-through.cpp:49] std::memset(q + 1, 0, sizeof(double)) reads @23 → {{0x[0-9a-f]+}}
    // CHECK-NEXT: @25: [writes-through.cpp:50] return r + t + q[1] + a[1] reads @6,@19,@24 → 62.5
}
