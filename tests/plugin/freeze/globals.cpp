// tests/plugin/freeze/globals.cpp — implicit inputs: globals (read and written), output parameters, fields of
// `this` and what marked callees use follow their new values between calls, which replay
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL
// Members have no tj::freeze_stats (no function address): the log shows that they replay.
// RUN: env TRACEJIT_LOG=info %t 2>&1 >/dev/null | %FileCheck --check-prefix=LOG %s

#include "Inputs/compare.h"

tj::Float g_offset;
float g_gain = 2;

[[jit::freeze]] tj::Float shifted(tj::Float x) { return x * g_gain + g_offset; }

// Written by the body: replays write the new value back.
tj::Float g_total;
[[jit::freeze]] void accumulate(tj::Float x) { g_total = g_total + x * x; }

// An output parameter.
[[jit::freeze]] void axpy(tj::Float &y, const tj::Float &x, float a) { y = y + x * a; }

// Used by a marked function the frozen one calls.
namespace lens {
tj::Float bias;
[[jit::trace]] tj::Float biased(tj::Float x) { return x + bias; }
} // namespace lens
[[jit::freeze]] tj::Float through_callee(tj::Float x) { return lens::biased(x) * 3.f; }

// Fields of `this`, read and written, and a static data member.
struct Particles {
    tj::Float pos, vel;
    static tj::Float wind;
    [[jit::freeze]] void step(float dt) {
        vel = vel * 0.5f + wind;
        pos = pos + vel * dt;
    }
    // LOG: freeze: Particles::step (globals.cpp:[[# @LINE - 4]]): recording (first call)
    // LOG-NOT: Particles::step {{.*}}recording
    // LOG-COUNT-5: freeze: Particles::step (globals.cpp:[[# @LINE - 6]]): replay
    // LOG-NOT: Particles::step {{.*}}recording
};
tj::Float Particles::wind;

int main() {
    std::mt19937 rng(11);
    const size_t n = 500;
    bool ok = true;
    g_total = random_array(rng, n); // in memory from the start (a literal would be a different key)
    tj::Float total_ref = g_total;
    tj::Float y = random_array(rng, n), y_ref = y;
    for (int i = 0; i < 5; ++i) {
        g_offset = random_array(rng, n);
        tj::Float x = random_array(rng, n);
        ok &= same(shifted(x), x * g_gain + g_offset);
        accumulate(x);
        total_ref = total_ref + x * x;
        ok &= same(g_total, total_ref);
        axpy(y, x, 0.5f);
        y_ref = y_ref + x * 0.5f;
        ok &= same(y, y_ref);
    }
    std::printf("%s globals\n", ok ? "ok" : "FAIL");
    // CHECK: ok globals
    print_stats("shifted", tj::freeze_stats(&shifted));
    print_stats("accumulate", tj::freeze_stats(&accumulate));
    print_stats("axpy", tj::freeze_stats(&axpy));
    // CHECK-NEXT: shifted: recordings 1 replays 4
    // CHECK-NEXT: accumulate: recordings 1 replays 4
    // CHECK-NEXT: axpy: recordings 1 replays 4

    // A host value is part of the key by value: a new gain records once more, and the result follows it.
    g_gain = 3;
    tj::Float x = random_array(rng, n);
    std::printf("%s new gain\n", same(shifted(x), x * 3.f + g_offset) ? "ok" : "FAIL");
    // CHECK: ok new gain
    print_stats("shifted", tj::freeze_stats(&shifted));
    // CHECK-NEXT: shifted: recordings 2 replays 4

    ok = true;
    for (int i = 0; i < 4; ++i) {
        lens::bias = random_array(rng, n);
        tj::Float x = random_array(rng, n);
        ok &= same(through_callee(x), (x + lens::bias) * 3.f);
    }
    std::printf("%s callee\n", ok ? "ok" : "FAIL");
    // CHECK: ok callee
    print_stats("through_callee", tj::freeze_stats(&through_callee));
    // CHECK-NEXT: through_callee: recordings 1 replays 3

    ok = true;
    Particles p{random_array(rng, n), random_array(rng, n)};
    tj::Float pos = p.pos, vel = p.vel;
    for (int i = 0; i < 5; ++i) {
        Particles::wind = random_array(rng, n);
        p.step(0.1f);
        vel = vel * 0.5f + Particles::wind;
        pos = pos + vel * 0.1f;
        ok &= same(p.pos, pos) && same(p.vel, vel);
    }
    // Another object: the same Frozen, its own fields.
    Particles q{random_array(rng, n), random_array(rng, n)};
    tj::Float q_vel = q.vel * 0.5f + Particles::wind;
    tj::Float q_pos = q.pos + q_vel * 0.1f;
    q.step(0.1f);
    ok &= same(q.pos, q_pos) && same(q.vel, q_vel) && same(p.pos, pos);
    std::printf("%s members\n", ok ? "ok" : "FAIL");
    // CHECK: ok members
}
