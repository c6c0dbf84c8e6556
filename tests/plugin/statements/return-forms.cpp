// tests/plugin/statements/return-forms.cpp — every return form of C and old-style C++, and C-style bodies (goto,
// fall-through, statement expressions, a VLA, restrict, asm, whole-statement macros), keep their meaning
// RUN: %rewrite %s -- -std=c++20 -Wno-vla-cxx-extension -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx -Wno-vla-cxx-extension %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not error:

#include <tracejit/tape.h>

#include <memory>
#include <stddef.h>
#include <stdio.h>
#include <utility>

#define RET(x) return (x)
#define RETURN_ZERO return 0;
#define INCR(v) (v)++;
#define SWAP(a, b)                                                                                                     \
    do {                                                                                                               \
        int t_ = (a);                                                                                                  \
        (a) = (b);                                                                                                     \
        (b) = t_;                                                                                                      \
    } while (0)

struct Point {
    int x, y;
};

// clang-format off
[[jit::trace]] int paren(int x) { if (x > 2) return(0); return-1; }
// REWRITE: {{^}}{{.*}}if (__tjf.cond([[#]], static_cast<bool>(x > 2))) {return __tjf.ret([[#]], ((0)));} return __tjf.ret([[#]], (-1));
[[jit::trace]] int paren_local(int x) { return(x); }
// clang-format on
[[jit::trace]] int *null_int(int x) {
    if (x)
        return 0;
    // REWRITE: return __tjf.ret_as<int *>([[#]], 0);
    return NULL;
    // REWRITE: return __tjf.ret_as<int *>([[#]], NULL);
}
[[jit::trace]] int *null_ptr(int x) {
    if (x)
        return nullptr;
    return (0);
}
[[jit::trace]] std::unique_ptr<int> unique(int x) {
    if (x == 1)
        return nullptr;
    if (x == 2)
        return 0;
    // REWRITE: return __tjf.ret_as<::std::unique_ptr<int>>([[#]], 0);
    if (x == 3)
        return NULL;
    return std::make_unique<int>(x);
}
[[jit::trace]] std::shared_ptr<int> shared(int x) {
    if (x == 1)
        return nullptr;
    if (x == 2)
        return 0;
    return NULL;
}
[[jit::trace]] Point point(int x) {
    if (x)
        return {};
    // REWRITE: return __tjf.ret_as<::Point>([[#]], {});
    return {1, 2};
}
[[jit::trace]] std::pair<int, int> pair(int x) {
    if (x)
        return {};
    return {1, 2};
}
[[jit::trace]] void set(int *o) {
    *o = 3;
    return;
}
[[jit::trace]] int &ref(int &x) { return x; }
[[jit::trace]] std::unique_ptr<int> moved() {
    auto p = std::make_unique<int>(1);
    return p;
    // REWRITE: {__tjf.ret([[#]], p); return p;}
}
[[jit::trace]] int in_macro(int x) {
    if (x)
        RET(x + 1);
    RETURN_ZERO
    // REWRITE: {{^}}    {__tjf.ret([[#]]); RETURN_ZERO}{{$}}
}
[[jit::trace]] int *null_macro(int x) { RET(0); }
[[jit::trace]] long widened(int x) {
    return x + 1;
    // REWRITE: return __tjf.ret_as<long>([[#]], x + 1);
}
[[jit::trace]] double widened_local(int x) {
    return x;
    // REWRITE: return __tjf.ret_as<double>([[#]], x);
}
template <typename T> [[jit::trace]] T *null_template(T x) {
    if (x)
        return 0;
    // REWRITE: return __tjf.ret_as<T *>([[#]], 0);
    return NULL;
}
template <typename T> struct Box {
    T *p;
    [[jit::trace]] T *get(int x) {
        if (x)
            return 0;
        return p;
    }
    [[jit::trace]] Box empty() {
        return {};
        // REWRITE: {{^}}        {__tjf.ret([[#]]); return {};}{{$}}
    }
};

[[jit::trace]] int sum_to(int n) {
    int i = 0, s = 0;
again:
    s += i;
    if (++i < n)
        goto again;
    return s;
}
[[jit::trace]] int fall(int k) {
    int r = 0;
    switch (k) {
    case 0: r += 1;
    case 1: r += 10; break;
    default: r = -1;
    }
    return r;
}
[[jit::trace]] int statement_expressions(int x) {
    int y = ({
        int t = x * 2;
        t + 1;
    });
    return ({
        int u = y;
        u * 3;
    });
}
[[jit::trace]] int squares(int n) {
    int a[n];
    for (int i = 0; i < n; ++i)
        a[i] = i * i;
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += a[i];
    return s;
}
[[jit::trace]] void add(int *__restrict__ out, const int *__restrict__ in, int n) {
    for (int i = 0; i < n; ++i)
        out[i] += in[i];
}
[[jit::trace]] int fenced(int x) {
    asm volatile("" ::: "memory");
    return x + 1;
}
[[jit::trace]] int whole_macros(int x) {
    INCR(x)
    // REWRITE: {{^}}    INCR(x) __tjf.stmt([[#]]);{{$}}
    int a = x, b = 2;
    SWAP(a, b);
    if (a > 100)
        RETURN_ZERO
    return a * 100 + b;
}

int main() {
    printf("paren %d %d %d\n", paren(3), paren(1), paren_local(5));
    // CHECK: paren 0 -1 5
    printf("null %d %d %d %d\n", null_int(1) == NULL, null_int(0) == NULL, null_ptr(1) == NULL, null_ptr(0) == NULL);
    // CHECK-NEXT: null 1 1 1 1
    printf("unique %d %d %d %d\n", !unique(1), !unique(2), !unique(3), *unique(4));
    // CHECK-NEXT: unique 1 1 1 4
    printf("shared %d %d %d\n", !shared(1), !shared(2), !shared(3));
    // CHECK-NEXT: shared 1 1 1
    printf("braced %d %d %d %d %d %d\n", point(1).x, point(1).y, point(0).x, point(0).y, pair(1).first, pair(0).second);
    // CHECK-NEXT: braced 0 0 1 2 0 2
    int o = 0, y = 4;
    set(&o);
    ref(y) = 7;
    printf("set %d ref %d moved %d\n", o, y, *moved());
    // CHECK-NEXT: set 3 ref 7 moved 1
    printf("macro %d %d %d widened %ld template %d %d\n", in_macro(1), in_macro(0), null_macro(0) == NULL, widened(3),
           null_template(1.5) == NULL, null_template(0) == NULL);
    // CHECK-NEXT: macro 2 0 1 widened 4 template 1 1
    int boxed = 8;
    Box<int> box{&boxed};
    printf("box %d %d %d\n", box.get(1) == NULL, *box.get(0), box.empty().p == NULL);
    // CHECK-NEXT: box 1 8 1
    int out[2] = {1, 2}, in[2] = {10, 20};
    add(out, in, 2);
    printf("goto %d switch %d %d %d stmt-expr %d vla %d restrict %d %d asm %d macros %d\n", sum_to(4), fall(0), fall(1),
           fall(5), statement_expressions(2), squares(3), out[0], out[1], fenced(1), whole_macros(4));
    // CHECK-NEXT: goto 6 switch 11 10 -1 stmt-expr 15 vla 5 restrict 11 22 asm 2 macros 205

    printf("%s", tj::tape::printlevels(*tj::track(paren, 1), 2).c_str());
    // CHECK-NEXT: paren(1) → -1 : int   [return-forms.cpp:[[#]]]
    // CHECK-NEXT: @1: [arg x] 1 : int
    // CHECK-NEXT: @2: [return-forms.cpp:[[#]]] if (x > 2) since @1 → false  (else)
    // CHECK-NEXT: @3: [return-forms.cpp:[[#]]] return-1 → -1
    printf("%s", tj::tape::printlevels(*tj::track(null_int, 1), 2).c_str());
    // CHECK-NEXT: null_int(1) → 0x0 : int *   [return-forms.cpp:[[#]]]
    // CHECK-NEXT: @1: [arg x] 1 : int
    // CHECK-NEXT: @2: [return-forms.cpp:[[#]]] if (x) since @1 → true  (then)
    // CHECK-NEXT: @3: [return-forms.cpp:[[#]]]   return 0 → 0x0
    printf("%s", tj::tape::printlevels(*tj::track(point, 0), 2).c_str());
    // CHECK-NEXT: point(0) → Point : Point   [return-forms.cpp:[[#]]]
    // CHECK-NEXT: @1: [arg x] 0 : int
    // CHECK-NEXT: @2: [return-forms.cpp:[[#]]] if (x) since @1 → false  (else)
    // CHECK-NEXT: @3: [return-forms.cpp:[[#]]] return {1, 2} → Point
    printf("%s", tj::tape::printlevels(*tj::track(widened, 3), 2).c_str());
    // CHECK-NEXT: widened(3) → 4 : long   [return-forms.cpp:[[#]]]
    // CHECK-NEXT: @1: [arg x] 3 : int
    // CHECK-NEXT: @2: [return-forms.cpp:[[#]]] return x + 1 reads @1 → 4
    printf("%s", tj::tape::printlevels(*tj::track(widened_local, 3), 2).c_str());
    // CHECK-NEXT: widened_local(3) → 3.0 : double   [return-forms.cpp:[[#]]]
    // CHECK-NEXT: @1: [arg x] 3 : int
    // CHECK-NEXT: @2: [return-forms.cpp:[[#]]] return x reads @1 → 3.0
    printf("%s", tj::tape::printlevels(*tj::track(in_macro, 0), 2).c_str());
    // CHECK-NEXT: in_macro(0) → 0 : int   [return-forms.cpp:[[#]]]
    // CHECK-NEXT: @1: [arg x] 0 : int
    // CHECK-NEXT: @2: [return-forms.cpp:[[#]]] if (x) since @1 → false  (else)
    // CHECK-NEXT: @3: [return-forms.cpp:[[#]]] RETURN_ZERO
    printf("%s", tj::tape::printlevels(*tj::track(whole_macros, 4), 2).c_str());
    // CHECK-NEXT: whole_macros(4) → 205 : int   [return-forms.cpp:[[#]]]
    // CHECK-NEXT: @1: [arg x] 4 : int
    // CHECK-NEXT: @2: [return-forms.cpp:[[#]]] INCR(x) reads @1
    // CHECK-NEXT: @3: [return-forms.cpp:[[#]]] int a = x reads @2 → 5
    // CHECK-NEXT: @4: [return-forms.cpp:[[#]]] int b = 2 → 2
    // CHECK-NEXT: @5: [return-forms.cpp:[[#]]] SWAP(a, b) reads @3,@4
    // CHECK-NEXT: @6: [return-forms.cpp:[[#]]] if (a > 100) since @5 → false  (else)
    // CHECK-NEXT: @7: [return-forms.cpp:[[#]]] return a * 100 + b reads @5 → 205
}
