// tests/plugin/statements/gradients.cpp — tj::backward inside a marked function: each tape line of a
// differentiable array shows the gradient that reached it; the saved tape and tracejit-inspect show it too
// RUN: %trace_cxx %s -o %t
// RUN: rm -f %t.tjtape
// RUN: %t %t.tjtape | %FileCheck %s --implicit-check-not FAIL
// RUN: %if inspect %{ %inspect %t.tjtape | %FileCheck %s --check-prefix=INSPECT %}
// RUN: %if inspect %{ %inspect %t.tjtape --node @2 --format json | %FileCheck %s --check-prefix=JSON %}

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

[[jit::trace]] tj::Float sin_times(tj::Float x) {
    tj::Float y = tj::sin(x);
    tj::Float z = y * x;
    tj::Float plain = tj::detach(z);
    tj::backward(z);
    return z;
}

/// Whether the gradient text "[a, b, c]" holds dz/dx = cos(x)·x + sin(x) for x = 0, 1, 2.
static bool is_dz_dx(const std::string &text) {
    const char *p = text.c_str();
    if (*p++ != '[')
        return false;
    for (int x = 0; x < 3; ++x) {
        char *end = nullptr;
        double g = std::strtod(p, &end);
        if (end == p || std::fabs(g - (std::cos(x) * x + std::sin(x))) > 1e-5)
            return false;
        p = end + (x < 2 ? 2 : 0); // ", "
    }
    return std::string(p) == "]";
}

int main(int argc, char **argv) {
    if (argc != 2)
        return 2;
    tj::Float x({0.f, 1.f, 2.f});
    tj::enable_grad(x);
    tj::tape::Tape tape = tj::track(sin_times, x);
    std::fputs(tj::tape::printlevels(*tape, 2).c_str(), stdout);
    // CHECK: sin_times(tj::Float[3] evaluated r{{[0-9]+}} [0, 1, 2]) → tj::Float[3] {{.*}} : tj::Float  grad [1, 1, 1]   [gradients.cpp:16]
    // CHECK-NEXT: @1: [arg x] tj::Float[3] evaluated r{{[0-9]+}} [0, 1, 2] : tj::Float  grad [0, 1.38{{[0-9]*}}, 0.077{{[0-9]*}}]{{$}}
    // CHECK-NEXT: @2: [gradients.cpp:17] tj::Float y = tj::sin(x) reads @1 → tj::Float[3] lazy r{{[0-9]+}}  grad [0, 1, 2]{{$}}
    // CHECK-NEXT: @3: [gradients.cpp:18] tj::Float z = y * x reads @1,@2 → tj::Float[3] lazy r{{[0-9]+}}  grad [1, 1, 1]{{$}}
    // CHECK-NEXT: @4: [gradients.cpp:19] tj::Float plain = tj::detach(z) reads @3 → tj::Float[3] lazy r{{[0-9]+}}{{$}}
    // CHECK-NEXT: @5: [gradients.cpp:20] tj::backward(z) reads @3{{$}}
    // CHECK-NEXT: @6: [gradients.cpp:21] return z reads @3 → tj::Float[3] lazy r{{[0-9]+}}  grad [1, 1, 1]{{$}}
    std::printf("%s dz/dx on the argument\n", is_dz_dx((*tape)[1].grad_string()) ? "ok" : "FAIL");
    // CHECK: ok dz/dx on the argument
    tj::tape::save(*tape, argv[1]);
    std::printf("%s saved\n", is_dz_dx(tj::tape::load(argv[1])->children()[0].grad_string()) ? "ok" : "FAIL");
    // CHECK: ok saved
}

// INSPECT: sin_times(tj::Float[3] evaluated r{{[0-9]+}} [0, 1, 2]) → tj::Float[3] {{.*}} : tj::Float  grad [1, 1, 1]   [gradients.cpp:16]
// INSPECT-NEXT: @1: [arg x] {{.*}} : tj::Float  grad [0, 1.38{{[0-9]*}}, 0.077{{[0-9]*}}]{{$}}
// INSPECT-NEXT: @2: [gradients.cpp:17] tj::Float y = tj::sin(x) reads @1 → {{.*}}  grad [0, 1, 2]{{$}}
// INSPECT-NEXT: @3: [gradients.cpp:18] tj::Float z = y * x reads @1,@2 → {{.*}}  grad [1, 1, 1]{{$}}
// INSPECT-NEXT: @4: [gradients.cpp:19] tj::Float plain = tj::detach(z) reads @3 → tj::Float[3] lazy r{{[0-9]+}}{{$}}
// INSPECT-NEXT: @5: [gradients.cpp:20] tj::backward(z) reads @3{{$}}
// INSPECT-NEXT: @6: [gradients.cpp:21] return z reads @3 → {{.*}}  grad [1, 1, 1]{{$}}

// JSON: "text": "tj::Float y = tj::sin(x)", {{.*}} "grad": "[0, 1, 2]",
