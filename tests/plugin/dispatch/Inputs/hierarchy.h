// tests/plugin/dispatch/Inputs/hierarchy.h — the classes the dispatch tests call through pointer arrays, each
// traced method beside its plain C++ twin (`*_ref`, float per lane) for the reference results
#pragma once

#include <tracejit/tracejit.h>

#include <tuple>

/// A TJ_STRUCT result.
struct Pair {
    tj::Float sum, product;
};
TJ_STRUCT(Pair, sum, product)

struct Base : tj::Object {
    float scale = 1.f; ///< read per lane by the non-virtual method

    /// A const method with an array and a host argument, the latter defaulted.
    virtual tj::Float eval(const tj::Float &x, float k = 2.f) const = 0;
    virtual float eval_ref(float x, float k = 2.f) const = 0;
    /// A tuple result.
    virtual std::tuple<tj::Float, tj::Int32> split(const tj::Float &x) const {
        return {x * scale, tj::Int32(int(scale))};
    }
    /// A TJ_STRUCT result (not overridden: every class runs this one, on its own `scale`).
    virtual Pair pair(const tj::Float &x, const tj::Float &y) const { return {x + y * scale, x * y}; }
    /// Not virtual: each lane still calls it on its own object (its own `scale`).
    tj::Float scaled(const tj::Float &x) const { return x * scale; }
    /// A void method: counts the lanes that called it into the object's own array.
    virtual void tally(const tj::UInt32 &bin) = 0;
    tj::UInt32 counts = tj::zeros<tj::UInt32>(4);

    static int instances() { return 3; }
    TJ_OBJECT_FIELDS(counts)
};

struct Affine final : Base {
    float a, b;
    Affine(float a_, float b_) : a(a_), b(b_) { scale = a_; }
    tj::Float eval(const tj::Float &x, float k) const override { return a * x + b * k; }
    float eval_ref(float x, float k) const override { return a * x + b * k; }
    void tally(const tj::UInt32 &bin) override { tj::scatter_add(counts, tj::UInt32(1u), bin); }
};

struct Square final : Base {
    Square() { scale = 3.f; }
    tj::Float eval(const tj::Float &x, float k) const override { return x * x - k; }
    float eval_ref(float x, float k) const override { return x * x - k; }
    std::tuple<tj::Float, tj::Int32> split(const tj::Float &x) const override { return {x * x, tj::Int32(-1)}; }
    void tally(const tj::UInt32 &bin) override { tj::scatter_add(counts, tj::UInt32(10u), bin); }
};
