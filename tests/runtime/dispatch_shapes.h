// tests/runtime/dispatch_shapes.h — a family of up to 64 polymorphic classes for the tj::dispatch tests and for
// bench_dispatch (bench/dispatch_loop.h), each with a traced method and the same method in plain C++ (the reference a
// plain virtual call gives, and the bench's loop of virtual calls)
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

/// A scene object for the nested and structured tests: holds a table and a member pointer array.
struct Node : tj::Object {
    virtual std::pair<tj::Float, tj::UInt32> visit(const tj::Float &x, const tj::UInt32 &k) const = 0;
};

/// Looks its value up in a table (a masked gather) and calls a Shape through a member pointer array (nested).
struct Lookup final : Node {
    tj::Float table;
    tj::Ptr<Shape> inner;
    std::vector<float> htable;
    std::vector<Shape *> hinner;
    Lookup(std::vector<float> t, std::vector<Shape *> in)
        : table(t), inner(in), htable(std::move(t)), hinner(std::move(in)) {}
    std::pair<tj::Float, tj::UInt32> visit(const tj::Float &x, const tj::UInt32 &k) const override {
        tj::Float g = tj::gather<tj::Float>(table, k % uint32_t(htable.size()));
        tj::Ptr<Shape> p = tj::gather<tj::Ptr<Shape>>(inner, k % uint32_t(hinner.size()));
        tj::Float v = tj::dispatch(p, [](Shape *s, const tj::Float &y) { return s->eval(y); }, x);
        return {g + v, k + 1u};
    }
    TJ_OBJECT_FIELDS(table, inner)
};

/// Counts halvings in a symbolic loop.
struct Halver final : Node {
    tj::Float limit;
    float hlimit;
    explicit Halver(float l) : limit(tj::opaque<tj::Float>(l)), hlimit(l) {}
    std::pair<tj::Float, tj::UInt32> visit(const tj::Float &x, const tj::UInt32 &) const override {
        tj::Float v = tj::abs(x) * 100.f;
        tj::UInt32 steps = tj::zeros<tj::UInt32>(1);
        tj::while_loop(
            std::tie(v, steps), [&](const tj::Float &v, const tj::UInt32 &) { return v > limit; },
            [](tj::Float &v, tj::UInt32 &s) {
                v = v * 0.5f;
                s += 1u;
            });
        return {v, steps};
    }
    TJ_OBJECT_FIELDS(limit)
};

/// The per-lane results of a Node in plain C++: (value, count) for input x and index k.
inline std::pair<float, uint32_t> node_reference(Node *n, float x, uint32_t k) {
    if (!n)
        return {0.f, 0u};
    if (auto *l = dynamic_cast<Lookup *>(n)) {
        Shape *in = l->hinner[k % l->hinner.size()];
        return {l->htable[k % l->htable.size()] + (in ? in->eval_ref(x) : 0.f), k + 1};
    }
    auto *h = static_cast<Halver *>(n);
    float t = std::fabs(x) * 100.f;
    uint32_t c = 0;
    for (; t > h->hlimit; ++c)
        t *= 0.5f;
    return {t, c};
}

} // namespace tjtest
