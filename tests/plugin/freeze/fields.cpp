// tests/plugin/freeze/fields.cpp — records without TJ_STRUCT as a frozen function's parameters and result: the plugin
// generates their traversal from the fields it sees
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/compare.h"

#include <string>

struct Body {
    tj::Float pos;
    tj::Float vel;
    float mass = 1;
};

struct StepResult {
    Body next;
    tj::Float energy;
};

[[jit::freeze]] StepResult advance(Body b, float dt) {
    StepResult r;
    r.next.vel = b.vel - b.pos * dt / b.mass;
    r.next.pos = b.pos + r.next.vel * dt;
    r.next.mass = b.mass;
    r.energy = 0.5f * b.mass * r.next.vel * r.next.vel;
    return r;
}

// A class template's member, with private fields.
template <typename A> class Spring {
  public:
    explicit Spring(A k) : m_k(k) {}
    [[jit::freeze]] A force(A x) const { return -m_k * x; }

  private:
    A m_k;
};

int main() {
    std::mt19937 rng(3);
    bool ok = true;
    Body b{random_array(rng, 300), random_array(rng, 300), 2.f};
    for (int i = 0; i < 5; ++i) {
        Body start = b;
        StepResult r = advance(b, 0.05f);
        tj::Float vel = start.vel - start.pos * 0.05f / 2.f;
        tj::Float pos = start.pos + vel * 0.05f;
        ok &= same(r.next.vel, vel) && same(r.next.pos, pos) && same(r.energy, 0.5f * 2.f * vel * vel) &&
              r.next.mass == 2.f;
        b = r.next;
        b.pos = b.pos + random_array(rng, 300) * 0.01f; // a fresh input each call
    }
    std::printf("%s advance\n", ok ? "ok" : "FAIL");
    // CHECK: ok advance
    print_stats("advance", tj::freeze_stats(&advance));
    // CHECK-NEXT: advance: recordings 1 replays 4

    ok = true;
    for (int i = 0; i < 4; ++i) {
        tj::Float k = random_array(rng, 64), x = random_array(rng, 64);
        ok &= same(Spring<tj::Float>(k).force(x), -k * x);
    }
    std::printf("%s spring\n", ok ? "ok" : "FAIL");
    // CHECK: ok spring
}
