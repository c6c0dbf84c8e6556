// tests/runtime/dispatch_shapes.h — a family of up to 64 polymorphic classes for the tj::dispatch tests, each with
// a traced method and the same method in plain C++ (the reference a plain virtual call gives)
#pragma once

#include <tracejit/tracejit.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace tjtest {

/// The base class: eval() traced on arrays, eval_ref() the same in plain C++.
struct Shape : tj::Object {
    virtual tj::Float eval(const tj::Float &x) const = 0;
    virtual float eval_ref(float x) const = 0;
};

/// Class number K of the family: one of four formulas (K % 4) with two array fields and the class's own constant.
template <int K> struct Kind final : Shape {
    tj::Float a, b; ///< width-1 fields (read through `self`: kernel inputs)
    float ha, hb;   ///< their values on the host, for the reference
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
    float eval_ref(float x) const override {
        constexpr float c = 0.5f * K;
        if constexpr (K % 4 == 0)
            return x * ha + hb + c;
        else if constexpr (K % 4 == 1)
            return std::sin(x) * ha + hb + c;
        else if constexpr (K % 4 == 2)
            return std::sqrt(std::fabs(x)) * ha - hb + c;
        else
            return x * x * ha + hb * x + c;
    }
    TJ_OBJECT_FIELDS(a, b)
};

/// A new object of class `k` (0 ≤ k < 64) with fields a, b.
inline std::unique_ptr<Shape> make_kind(int k, float a, float b) {
    using Maker = std::unique_ptr<Shape> (*)(float, float);
    static const auto makers = []<int... Ks>(std::integer_sequence<int, Ks...>) {
        return std::vector<Maker>{[](float a, float b) -> std::unique_ptr<Shape> {
            return std::make_unique<Kind<Ks>>(a, b);
        }...};
    }(std::make_integer_sequence<int, 64>{});
    return makers.at(size_t(k))(a, b);
}

} // namespace tjtest
