// tests/plugin/freeze/gradients.cpp — a [[jit::freeze]] loss whose parameters have gradients enabled outside, in a
// loop of gradient descent: backward(loss(p, d)) gives the unfrozen gradients on every iteration, one recording
// RUN: %trace_cxx %s -o %t
// RUN: %t | %FileCheck %s --implicit-check-not FAIL

#include "Inputs/compare.h"

struct Params {
    tj::Float w, b;
};

/// The unfrozen loss (the reference).
tj::Float plain_loss(const Params &p, const tj::Float &data) {
    tj::Float y = tj::tanh(p.w * data + p.b) - data * data;
    return tj::mean(y * y) + tj::sum(p.w * p.w) * 0.01f;
}

[[jit::freeze]] tj::Float loss(const Params &p, const tj::Float &data) {
    tj::Float y = tj::tanh(p.w * data + p.b) - data * data;
    return tj::mean(y * y) + tj::sum(p.w * p.w) * 0.01f;
}

int main() {
    std::mt19937 rng(3);
    const size_t n = 200;
    bool ok = true;
    Params p{random_array(rng, n), random_array(rng, n)}, q = p;
    for (int it = 0; it < 8; ++it) {
        tj::Float data = random_array(rng, n);
        tj::enable_grad(p.w, p.b);
        tj::enable_grad(q.w, q.b);
        tj::Float l = loss(p, data), expect = plain_loss(q, data);
        tj::backward(l);
        tj::backward(expect);
        ok &= same(tj::detach(l), tj::detach(expect));
        ok &= same(tj::grad(p.w), tj::grad(q.w));
        ok &= same(tj::grad(p.b), tj::grad(q.b));
        p = {tj::detach(p.w - tj::grad(p.w) * 0.5f), tj::detach(p.b - tj::grad(p.b) * 0.5f)};
        q = {tj::detach(q.w - tj::grad(q.w) * 0.5f), tj::detach(q.b - tj::grad(q.b) * 0.5f)};
    }
    print_stats("loss", tj::freeze_stats(&loss));
    // CHECK: loss: recordings 1 replays 7
    std::printf("%s\n", ok ? "gradients match" : "FAIL: gradients differ");
    // CHECK: gradients match
    return ok ? 0 : 1;
}
