// bench/dispatch_shapes.h — the polymorphic classes of bench_dispatch: K classes, each with one method traced on tj
// arrays and the same method in plain C++ (what the hand-written loop of virtual calls, dispatch_loop.cpp, calls)
#pragma once

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstddef>
#include <memory>

namespace bench {

/// The base class: eval() traced, eval_scalar() the plain virtual call.
struct Shape : tj::Object {
    virtual tj::Float eval(const tj::Float &x) const = 0;
    virtual float eval_scalar(float x) const = 0;
};

/// Class K: one of four formulas (K % 4) with two fields and its own constant (the tests' family, tests/runtime).
template <int K> struct Kind final : Shape {
    tj::Float a, b;
    float ha, hb;
    Kind(float a_, float b_) : a(tj::opaque<tj::Float>(a_)), b(tj::opaque<tj::Float>(b_)), ha(a_), hb(b_) {}
    tj::Float eval(const tj::Float &x) const override {
        constexpr float c = 0.5f * K;
        if constexpr (K % 4 == 0)
            return x * a + b + c;
        else if constexpr (K % 4 == 1)
            return tj::sin(x) * a + b + c;
        else if constexpr (K % 4 == 2)
            return tj::sqrt(tj::abs(x)) * a - b + c;
        else
            return x * x * a + b * x + c;
    }
    float eval_scalar(float x) const override;
    TJ_OBJECT_FIELDS(a, b)
};

/// A new object of class k (0 ≤ k < 64).
std::unique_ptr<Shape> make_shape(int k, float a, float b);

/// out[i] = lanes[i] ? lanes[i]->eval_scalar(x[i]) : 0 for i in [begin, end): the hand-written loop.
void virtual_calls(Shape *const *lanes, const float *x, float *out, size_t begin, size_t end);

} // namespace bench
