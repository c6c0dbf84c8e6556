// tests/plugin/dispatch/results.cpp — `ptrs->method(args...)` in marked functions gives, lane by lane, what plain C++
// virtual calls give on random data: const methods with array and host arguments (a default one too), tuple and
// TJ_STRUCT results, a non-virtual method, a qualified call, a void method (scatters into each object's array),
// null lanes (zeros), any expression of pointer-array type as the object, a call in a lambda, in a function
// template, in a member of a class template, inside a symbolic branch (masked lanes give zeros), nested calls (a
// marked method that calls through a member pointer array), the object and the arguments evaluated once each, left
// to right, macros as the object and an argument, and `__LINE__` after a call written on two lines
// RUN: %trace_cxx -I%S %s -o %t && %t | %FileCheck %s
// RUN: %trace_cxx -I%S -fplugin-arg-tracejit-no-twin %s -o %t.notwin && %t.notwin | %FileCheck %s

#include "Inputs/hierarchy.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <vector>

using tj::Float;
using tj::Int32;
using tj::UInt32;

/// Calls through a member pointer array in a marked method: a dispatch nested in a dispatch.
struct Group final : Base {
    tj::Ptr<Base> children;
    std::vector<Base *> members;
    explicit Group(std::vector<Base *> m) : children(m), members(m) {}
    [[jit::trace]] Float eval(const Float &x, float k) const override { return children->eval(x, k) * 0.5f; }
    float eval_ref(float, float) const override { return NAN; } // its lane of `children` decides: see "nested"
    void tally(const UInt32 &) override {}
    TJ_OBJECT_FIELDS(counts, children)
};

#define THREE_HALVES 1.5f
#define SAME(p) p
[[jit::trace]] Float plain_call(const tj::Ptr<Base> &ptrs, const Float &x) { return SAME(ptrs)->eval(x, THREE_HALVES); }

[[jit::trace]] Float default_arg(const tj::Ptr<Base> &ptrs, const Float &x) { return ptrs->eval(x); }

[[jit::trace]] Float many_forms(const tj::Ptr<Base> &ptrs, const tj::Ptr<Base> &other, const Float &x, bool first) {
    Float sum = ptrs->scaled(x);                                            // not virtual
    sum += ptrs->Base::pair(x, x).sum;                                      // qualified, TJ_STRUCT
    auto [a, i] = ptrs->split(x);                                           // tuple
    sum += a + tj::cast<float>(i);
    sum += tj::select(x > 0.f, ptrs, other)->eval(x, 1.f);                  // an expression as the object
    sum += (first ? ptrs : other)->eval(x, 2.f);                            // a host ?: as the object
    auto twice = [&](const Float &y) { return ptrs->eval(y, 0.f) * 2.f; }; // inside a lambda
    return sum + twice(x);
}

[[jit::trace]] Float masked(const tj::Ptr<Base> &ptrs, const Float &x) {
    Float y = tj::zeros<Float>(x.size());
    if (x > 0.f)
        y = ptrs->eval(x, 1.f); // a symbolic branch: the other lanes do not call
    return y;
}

template <typename B> [[jit::trace]] Float generic(const tj::Ptr<B> &ptrs, const Float &x) {
    return ptrs->eval(x, 3.f) + ptrs->eval(x);
}

/// A member of a class template: its pointer array's type depends on T.
template <typename T> struct Scene {
    tj::Ptr<T> objects;
    [[jit::trace]] Float twice(const Float &x) const { return objects->eval(x, 1.f) + this->objects->eval(x, 1.f); }
};

[[jit::trace]] void count(const tj::Ptr<Base> &ptrs, const UInt32 &bin) { ptrs->tally(bin); }

[[jit::trace]] int line_after(const tj::Ptr<Base> &ptrs, const Float &x, Float &out) {
    out = ptrs->eval(
        x, 1.f);
    return __LINE__;
}

// Evaluation order: the object, then the arguments left to right, each once.
std::string order;
const tj::Ptr<Base> &log_ptrs(const tj::Ptr<Base> &p) { return order += "p", p; }
const Float &log_array(const Float &x, char name) { return order += name, x; }
float log_k(float k) { return order += "k", k; }

[[jit::trace]] Float in_order(const tj::Ptr<Base> &ptrs, const Float &x, const Float &y) {
    Float product = log_ptrs(ptrs)->pair(log_array(x, 'x'), log_array(y, 'y')).product;
    return product + log_ptrs(ptrs)->eval(log_array(x, 'z'), log_k(1.f));
}

int failures = 0;

void expect_close(const char *what, const std::vector<float> &got, const std::vector<float> &want) {
    double worst = got.size() == want.size() ? 0.0 : INFINITY;
    for (size_t i = 0; i < got.size() && i < want.size(); ++i)
        worst = std::max(worst, std::fabs(double(got[i]) - want[i]) / (1.0 + std::fabs(want[i])));
    std::printf("%s: %zu lanes, %s\n", what, got.size(), worst <= 1e-5 ? "as C++" : "DIFFERENT");
    failures += worst > 1e-5;
}

int main() {
    std::mt19937 rng(19);
    std::uniform_real_distribution<float> uniform(-2.f, 2.f);
    Affine f1(2.f, -1.f), f2(-0.5f, 3.f);
    Square sq;
    Base *objects[] = {&f1, &f2, &sq, nullptr};
    const size_t n = 1000;
    std::vector<Base *> lanes(n), others(n);
    std::vector<float> xs(n), ys(n);
    std::vector<uint32_t> bins(n);
    for (size_t i = 0; i < n; ++i) {
        lanes[i] = objects[rng() % 4];
        others[i] = objects[rng() % 3];
        xs[i] = uniform(rng);
        ys[i] = uniform(rng);
        bins[i] = rng() % 4;
    }
    tj::Ptr<Base> ptrs(lanes), other(others);
    Float x(xs), y(ys);
    auto reference = [&](auto per_lane) {
        std::vector<float> out(n);
        for (size_t i = 0; i < n; ++i)
            out[i] = per_lane(i);
        return out;
    };
    auto ev = [&](Base *b, float v, float k) { return b ? b->eval_ref(v, k) : 0.f; };

    expect_close("plain call", tj::to_vector(plain_call(ptrs, x)), reference([&](size_t i) {
                     return ev(lanes[i], xs[i], 1.5f);
                 }));
    // CHECK: plain call: 1000 lanes, as C++
    expect_close("default argument", tj::to_vector(default_arg(ptrs, x)), reference([&](size_t i) {
                     return ev(lanes[i], xs[i], 2.f);
                 }));
    // CHECK-NEXT: default argument: 1000 lanes, as C++
    for (bool first : {true, false})
        expect_close(first ? "many forms (first)" : "many forms (other)", tj::to_vector(many_forms(ptrs, other, x, first)),
                     reference([&](size_t i) {
                         Base *b = lanes[i];
                         float v = xs[i];
                         float s = b ? v * b->scale : 0.f;
                         s += b ? v + v * b->scale : 0.f;
                         s += !b ? 0.f : b == &sq ? v * v - 1.f : v * b->scale + float(int(b->scale));
                         s += ev(v > 0.f ? b : others[i], v, 1.f);
                         s += ev(first ? b : others[i], v, 2.f);
                         return s + ev(b, v, 0.f) * 2.f;
                     }));
    // CHECK-NEXT: many forms (first): 1000 lanes, as C++
    // CHECK-NEXT: many forms (other): 1000 lanes, as C++
    expect_close("symbolic branch", tj::to_vector(masked(ptrs, x)), reference([&](size_t i) {
                     return xs[i] > 0.f ? ev(lanes[i], xs[i], 1.f) : 0.f;
                 }));
    // CHECK-NEXT: symbolic branch: 1000 lanes, as C++
    expect_close("template", tj::to_vector(generic(ptrs, x)), reference([&](size_t i) {
                     return ev(lanes[i], xs[i], 3.f) + ev(lanes[i], xs[i], 2.f);
                 }));
    // CHECK-NEXT: template: 1000 lanes, as C++
    expect_close("class template", tj::to_vector(Scene<Base>{ptrs}.twice(x)), reference([&](size_t i) {
                     return 2.f * ev(lanes[i], xs[i], 1.f);
                 }));
    // CHECK-NEXT: class template: 1000 lanes, as C++

    // Nested: lanes whose object is a Group call through the group's own pointer array (one child per lane).
    Group g1({&f2, &sq, nullptr}), g2({&sq, &f1, &f2});
    std::vector<Base *> nested = {&g1, &g2, nullptr};
    std::vector<float> three(xs.begin(), xs.begin() + 3);
    expect_close("nested", tj::to_vector(plain_call(tj::Ptr<Base>(nested), Float(three))), {
                     0.5f * ev(g1.members[0], three[0], 1.5f), // lane 0 holds g1, whose children lane 0 is f2
                     0.5f * ev(g2.members[1], three[1], 1.5f), // lane 1 holds g2: children lane 1 is f1
                     0.f,                                      // lane 2 is null
                 });
    // CHECK-NEXT: nested: 3 lanes, as C++

    count(ptrs, UInt32(bins));
    std::vector<float> counts, expect_counts;
    for (Base *b : {(Base *)&f1, (Base *)&f2, (Base *)&sq}) {
        for (uint32_t c : tj::to_vector(b->counts))
            counts.push_back(float(c));
        for (uint32_t bin = 0; bin < 4; ++bin) {
            float c = 0.f;
            for (size_t i = 0; i < n; ++i)
                c += lanes[i] == b && bins[i] == bin ? (b == &sq ? 10.f : 1.f) : 0.f;
            expect_counts.push_back(c);
        }
    }
    expect_close("void method", counts, expect_counts);
    // CHECK-NEXT: void method: 12 lanes, as C++

    Float out;
    int line = line_after(ptrs, x, out);
    std::printf("line %d\n", line);
    // CHECK-NEXT: line 74
    expect_close("two lines", tj::to_vector(out), reference([&](size_t i) { return ev(lanes[i], xs[i], 1.f); }));
    // CHECK-NEXT: two lines: 1000 lanes, as C++

    expect_close("in order", tj::to_vector(in_order(ptrs, x, y)), reference([&](size_t i) {
                     Base *b = lanes[i];
                     return (b ? xs[i] * ys[i] : 0.f) + ev(b, xs[i], 1.f);
                 }));
    std::printf("evaluated: %s\n", order.c_str());
    // CHECK-NEXT: in order: 1000 lanes, as C++
    // CHECK-NEXT: evaluated: pxypzk
    return failures;
}
