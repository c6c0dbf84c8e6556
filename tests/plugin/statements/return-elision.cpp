// tests/plugin/statements/return-elision.cpp — a returned prvalue whose copy or move constructor the user wrote is
// returned as written (by guaranteed elision, with no copy the program could count), also while a tape records; a
// prvalue of a class whose moves nobody wrote is still recorded with its value
// (llvm-test-suite's Regression/C++/EH/ConditionalExpr.cpp printed an extra "Copy Construct" with TRACEJIT_TAPE)
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %tape_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not=copy
// RUN: rm -rf %t.tapes && mkdir -p %t.tapes && env TRACEJIT_TAPE=%t.tapes %t | %FileCheck %s --implicit-check-not=copy

#include <stdio.h>
#include <string>

static int constructed = 0;

struct Counted {
    int v;
    Counted() : v(++constructed) {}
    Counted(const Counted &) : v(++constructed) { printf("copy\n"); }
    ~Counted() {}
};

struct Moved {
    int v;
    Moved() : v(++constructed) {}
    Moved(const Moved &) : v(++constructed) { printf("copy\n"); }
    Moved(Moved &&o) noexcept : v(o.v) { printf("copy by move\n"); }
};

struct Holder { // implicit moves that run Moved's
    Moved m;
    int k = 0;
};

struct Plain { // moves nobody wrote: recorded with its value
    std::string s;
    int k;
};

// clang-format off
[[jit::trace]] Counted make(const Counted &) { return Counted(); }
// REWRITE: {__tjf.ret([[#]]); return Counted();}
[[jit::trace]] Counted choose(bool c) { return c ? Counted() : make(Counted()); }
// REWRITE: {__tjf.ret([[#]]); return __tjf.cond([[#]], static_cast<bool>(c)) ? Counted() : make(Counted());}
[[jit::trace]] Moved moved() { return Moved(); }
// REWRITE: {__tjf.ret([[#]]); return Moved();}
[[jit::trace]] Holder held() { return Holder{}; }
// REWRITE: {__tjf.ret([[#]]); return Holder{};}
[[jit::trace]] Plain plain(int k) { return Plain{"x", k}; }
// REWRITE: return __tjf.ret([[#]], (Plain{"x", k}));
[[jit::trace]] std::string text(int k) { return std::string(k, 'a'); }
// REWRITE: return __tjf.ret([[#]], (std::string(k, 'a')));
// clang-format on

int main() {
    Counted x = choose(true);
    Counted y = make(x);
    Moved m = moved();
    Holder h = held();
    printf("%d %d %d %d %d %zu %d\n", x.v, y.v, m.v, h.m.v, plain(7).k, text(3).size(), constructed);
    // CHECK: 1 2 3 4 7 3 4
    return 0;
}
