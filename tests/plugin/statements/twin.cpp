// tests/plugin/statements/twin.cpp — the twin rewrite: the body as written runs while nothing records, the
// instrumented copy while a tape records; functions whose body cannot be duplicated keep the instrumented body alone
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: %clangxx %plugin -fplugin-arg-tracejit-no-twin -fplugin-arg-tracejit-dump -fsyntax-only %s 2>&1 \
// RUN:   | %FileCheck --check-prefix=NOTWIN %s
// NOTWIN: // tracejit-dump: {{.*}}twin.cpp
// NOTWIN-NOT: {{^ *[^/ ].*}}::tj::tape::detail::recording()

#include <tracejit/tape.h>

#include <cstdarg>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

// REWRITE: {{^\[\[}}jit::trace]] double scale(double x, double k) {if (!::tj::tape::detail::recording()) {{\[\[likely\]\]}} {{{$}}
[[jit::trace]] double scale(double x, double k) {
    double y = x * k;
    return y;
}

// A static local would be two variables in two copies: it is declared once before the branch, and both copies
// refer to it (tests/plugin/fastpath/statics.cpp).
// REWRITE: {{^\[\[}}jit::trace]] int counter() {static ::tj::tape::detail::Identity<int>::type __tj_static0_calls = 0; if (!::tj::tape::detail::recording())
[[jit::trace]] int counter() {
    static int calls = 0;
    return ++calls;
}

// __func__ would name the lambda in the copy.
// REWRITE: {{^\[\[}}jit::trace]] std::string who() {static constexpr
[[jit::trace]] std::string who() { return __func__; }

// REWRITE: {{^\[\[}}jit::trace]] int sum_ints(int n, ...) {static constexpr
[[jit::trace]] int sum_ints(int n, ...) {
    va_list args;
    va_start(args, n);
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += va_arg(args, int);
    va_end(args);
    return s;
}

// A parameter returned by name is moved; in the copy it is a captured reference, so the move is written out.
// REWRITE: {{^\[\[}}jit::trace]] std::unique_ptr<int> pass(std::unique_ptr<int> p) {if (!::tj::tape::detail::recording()) {{\[\[}}likely]] { return p; } else {return
// REWRITE: {__tjf.ret(0, p); return static_cast<decltype(p) &&>(p);}
[[jit::trace]] std::unique_ptr<int> pass(std::unique_ptr<int> p) { return p; }

// A #define read twice would give the first copy's macros to the second: the macros the body names are saved
// before the body as written and restored after it (tests/plugin/fastpath/macros.cpp).
// REWRITE: {{^\[\[}}jit::trace]] int with_macro(int x) {_Pragma("push_macro(\"TWICE\")") if (!::tj::tape::detail::recording())
[[jit::trace]] int with_macro(int x) {
#define TWICE(v) ((v) * 2)
    return TWICE(x);
#undef TWICE
}

// REWRITE: {{^\[\[}}jit::trace]] int local_class(int x) {static constexpr
[[jit::trace]] int local_class(int x) {
    struct Box {
        int v;
    };
    Box b{x};
    return b.v + 1;
}

// A deduced return type (auto) and recursion: the body as written comes first, so the function's type is known
// when the copy calls it; the lambda deduces its own the same way.
// REWRITE: {{^\[\[}}jit::trace]] auto fact(int n) {if (!::tj::tape::detail::recording())
// REWRITE: {{^}}[&]({{\[\[}}maybe_unused]] decltype(n) n) __attribute__((noinline, cold, minsize)) {static constexpr
[[jit::trace]] auto fact(int n) {
    if (n <= 1)
        return 1L;
    return n * fact(n - 1);
}

// const auto & is a placeholder the lambda cannot copy: instrumented body alone.
struct Holder {
    std::string name = "holder";
    // REWRITE: {{^}}    {{\[\[}}jit::trace]] const auto &get() const {static constexpr
    [[jit::trace]] const auto &get() const { return name; }
    // REWRITE: {{^}}    {{\[\[}}jit::trace]] Holder(int n) {if (!::tj::tape::detail::recording())
    // REWRITE: {{^}}[&]({{\[\[}}maybe_unused]] decltype(n) n) __attribute__((noinline, cold, minsize)) -> void {
    [[jit::trace]] Holder(int n) {
        for (int i = 0; i < n; ++i)
            name += "!";
    }
};

// void: the copy is called as a statement.
// REWRITE: {{^}}} else {{{$}}
// REWRITE-NEXT: {{^}}#line [[#@LINE+2]] "{{.*}}twin.cpp"
// REWRITE-NEXT: {{^}}[&]({{\[\[}}maybe_unused]] decltype(x) x) __attribute__((noinline, cold, minsize)) -> void {
[[jit::trace]] void check_positive(double x) {
    if (x < 0)
        throw std::domain_error("negative");
}

[[jit::trace]] double checked(double x) {
    check_positive(x);
    return scale(x, 0.5);
}

template <typename T> [[jit::trace]] T twice(T x) {
    T r = x + x;
    return r;
}

int main() {
    // Without a tape: the bodies as written, the same results.
    std::cout << scale(3, 2) << " " << fact(5) << " " << twice(21) << " " << who() << " " << sum_ints(3, 1, 2, 3)
              << " " << *pass(std::make_unique<int>(7)) << " " << with_macro(4) << " " << local_class(1) << " "
              << Holder(2).get() << "\n";
    // CHECK: 6 120 42 who 6 7 8 2 holder!!

    // The static local is one variable whichever copy runs: calls with and without a tape count on.
    std::cout << counter() << counter() << " " << tj::track(counter)->value<int>() << " " << counter() << "\n";
    // CHECK-NEXT: 12 3 4

    // Recording: the instrumented copy, nested calls, the same values.
    auto tape = tj::track(fact, 3);
    std::cout << tj::tape::printlevels(*tape, 2);
    // CHECK-NEXT: fact(3) → 6 : long   [twin.cpp:[[#FACT:]]]
    // CHECK-NEXT: @1: [arg n] 3 : int
    // CHECK-NEXT: @2: [twin.cpp:[[#FACT+1]]] if (n <= 1) since @1 → false  (else)
    // CHECK-NEXT: @3: [twin.cpp:[[#FACT]]] fact(2) → 2 : long
    // CHECK-NEXT: @4: [twin.cpp:[[#FACT+3]]] return n * fact(n - 1) reads @1,@3 → 6
    std::cout << tj::tape::printlevels(*tj::track(twice<double>, 1.25), 1);
    // CHECK-NEXT: twice<double>(1.25) → 2.5 : double
    std::cout << tj::tape::printlevels(*tj::track([] { return Holder(1).get().size(); }), 2);
    // CHECK-NEXT: (lambda at {{.*}}) → 7 : unsigned long
    // CHECK-NEXT: @1: [twin.cpp:[[#]]] Holder::Holder(1)
    // CHECK-NEXT: @2: [twin.cpp:[[#]]] Holder::get() →

    // Exceptions, through the body as written and through the copy.
    try {
        checked(-1);
    } catch (const std::domain_error &e) {
        std::cout << "untracked: " << e.what() << "\n";
    }
    // CHECK-NEXT: untracked: negative
    try {
        tj::track(checked, -1.0);
    } catch (const std::domain_error &e) {
        tj::tape::Tape last = tj::tape::take_last();
        std::cout << "tracked: " << e.what() << "; " << last->text() << " threw "
                  << (*last)[2].exception() << "\n";
    }
    // CHECK-NEXT: tracked: negative; checked threw std::domain_error: negative
    std::cout << tj::track(checked, 4.0)->value<double>() << " " << checked(4.0) << "\n";
    // CHECK-NEXT: 2 2
}
