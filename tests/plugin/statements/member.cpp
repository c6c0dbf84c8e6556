// tests/plugin/statements/member.cpp — member functions defined in and out of the class, static members,
// members in a namespace; assignments to members record the member's value
// RUN: %rewrite %s -- -std=c++20 -I%S/../../../include | %FileCheck --check-prefix=REWRITE %s
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s

#include <tracejit/tape.h>

#include <iostream>

namespace sim {
struct Body {
    double pos = 0, vel = 1;
    [[jit::trace]] void push(double dv) {
        vel += dv;
        // REWRITE: {{^}}        vel += dv; __tjf.stmt([[#]], vel);{{$}}
        this->pos += vel;
        // REWRITE: {{^}}        this->pos += vel; __tjf.stmt([[#]], this->pos);{{$}}
    }
    [[jit::trace]] double step(double dt);
    [[jit::trace]] static double energy(double v) { return 0.5 * v * v; }
};

double Body::step(double dt) {
    // REWRITE: {{^}}[&]({{\[\[}}maybe_unused]] decltype(dt) dt) __attribute__((noinline, cold, minsize)) -> double {{[{].*}}"sim::Body::step"
    pos += vel * dt;
    push(dt);
    return energy(vel);
}
} // namespace sim

int main() {
    sim::Body b;
    std::cout << tj::tape::printlevels(*tj::track([&] { return b.step(0.5); }), 4);
    // CHECK: (lambda at {{.*}}member.cpp:34:51)() → 1.125 : double
    // CHECK-NEXT: @1: [member.cpp:24] sim::Body::step(0.5) → 1.125 : double
    // CHECK-NEXT: @1: [arg dt] 0.5 : double
    // CHECK-NEXT: @2: [member.cpp:26] pos += vel * dt reads @1 → 0.5
    // CHECK-NEXT: @3: [member.cpp:14] sim::Body::push(0.5)
    // CHECK-NEXT: @1: [arg dv] 0.5 : double
    // CHECK-NEXT: @2: [member.cpp:15] vel += dv reads @1 → 1.5
    // CHECK-NEXT: @3: [member.cpp:17] this->pos += vel → 2.0
    // CHECK-NEXT: @4: [member.cpp:27] push(dt) reads @1,@3
    // CHECK-NEXT: @5: [member.cpp:21] sim::Body::energy(1.5) → 1.125 : double
    // CHECK-NEXT: @1: [arg v] 1.5 : double
    // CHECK-NEXT: @2: [member.cpp:21] return 0.5 * v * v reads @1 → 1.125
    // CHECK-NEXT: @6: [member.cpp:28] return energy(vel) reads @5 → 1.125
}
