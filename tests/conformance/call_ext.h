// tests/conformance/call_ext.h — Dr.Jit's tests/call_ext.cpp classes (Base, A, B) as tj::Object classes, for the
// ported dispatch and freezing cases (written anew after Dr.Jit's, BSD-3-Clause: tests/conformance/LICENSE.drjit)
#pragma once

#include <tracejit/tracejit.h>

#include <array>
#include <utility>
#include <vector>

namespace conf {

struct Base : tj::Object {
    virtual std::pair<tj::Float, tj::Float> f(const tj::Float &x, const tj::Float &y) = 0;
    virtual tj::Float g(const tj::Float &x) = 0;
    virtual tj::Float h(const tj::Float &x) = 0;
    /// A nested dispatch in B (through the pointers whose ids are `s`, Dr.Jit's reinterpret_array), a gather in A.
    virtual tj::Float nested(const tj::Float &x, const tj::UInt32 &s) = 0;
    /// A nested dispatch in B through its member pointer array `s`.
    virtual tj::Float nested_self(const tj::Float &x) = 0;
    virtual tj::Float opaque_getter() = 0;
    virtual tj::Float constant_getter() = 0;
    virtual std::pair<tj::Float, tj::UInt32> complex_getter() = 0;
    virtual void dummy() = 0;
    /// Dr.Jit's Array4f packets: elements 4 i .. 4 i + 3 of A's `value` (B: zeros, nothing written).
    virtual std::array<tj::Float, 4> gather_packet(const tj::UInt32 &i) = 0;
    virtual void scatter_packet(const tj::UInt32 &i, const std::array<tj::Float, 4> &v) = 0;
    virtual void scatter_add_packet(const tj::UInt32 &i, const std::array<tj::Float, 4> &v) = 0;
    /// Dr.Jit's sample(Sampler *): the sampler (a PCG32) comes back, advanced by A, unchanged by B; A returns the
    /// number drawn, B 0.
    virtual std::pair<tj::PCG32, tj::Float> sample(const tj::PCG32 &rng) = 0;
};

struct A : Base {
    tj::Float value, opaque = tj::opaque<tj::Float>(1.f);
    std::pair<tj::Float, tj::Float> f(const tj::Float &x, const tj::Float &y) override { return {2.f * y, -x}; }
    tj::Float g(const tj::Float &) override { return value; }
    tj::Float h(const tj::Float &x) override { return value + x; }
    tj::Float nested(const tj::Float &x, const tj::UInt32 &) override {
        return x + tj::gather<tj::Float>(value, tj::UInt32(0u));
    }
    tj::Float nested_self(const tj::Float &x) override { return x + tj::gather<tj::Float>(value, tj::UInt32(0u)); }
    tj::Float opaque_getter() override { return opaque; }
    tj::Float constant_getter() override { return tj::Float(123.f); }
    std::pair<tj::Float, tj::UInt32> complex_getter() override { return {opaque, tj::UInt32(5u)}; }
    void dummy() override {}
    std::array<tj::Float, 4> gather_packet(const tj::UInt32 &i) override {
        std::array<tj::Float, 4> r;
        for (uint32_t k = 0; k < 4; ++k)
            r[k] = tj::gather<tj::Float>(value, i * 4u + k);
        return r;
    }
    void scatter_packet(const tj::UInt32 &i, const std::array<tj::Float, 4> &v) override {
        for (uint32_t k = 0; k < 4; ++k)
            tj::scatter(value, v[k], i * 4u + k);
    }
    void scatter_add_packet(const tj::UInt32 &i, const std::array<tj::Float, 4> &v) override {
        for (uint32_t k = 0; k < 4; ++k)
            tj::scatter_add(value, v[k], i * 4u + k);
    }
    std::pair<tj::PCG32, tj::Float> sample(const tj::PCG32 &rng) override {
        tj::PCG32 r = rng;
        tj::Float x = r.next_float32();
        return {r, x};
    }
    TJ_OBJECT_FIELDS(value, opaque)
};

struct B : Base {
    tj::Float value, opaque = tj::opaque<tj::Float>(1.f);
    tj::Ptr<Base> s;
    std::pair<tj::Float, tj::Float> f(const tj::Float &x, const tj::Float &y) override { return {3.f * y, x}; }
    tj::Float g(const tj::Float &x) override { return value * x; }
    tj::Float h(const tj::Float &x) override { return value - x; }
    tj::Float nested(const tj::Float &x, const tj::UInt32 &sp) override {
        return tj::dispatch(from_ids(sp), [](Base *self, const tj::Float &x, const tj::UInt32 &sp) {
            return self->nested(x, sp);
        }, x, sp);
    }
    tj::Float nested_self(const tj::Float &x) override {
        return tj::dispatch(s, [](Base *self, const tj::Float &x, const tj::UInt32 &sp) {
            return self->nested(x, sp);
        }, x, s.ids());
    }
    /// Dr.Jit's reinterpret_array(BasePtr, UInt32).
    static tj::Ptr<Base> from_ids(const tj::UInt32 &ids) { return tj::Ptr<Base>(tj::detail::FromIds{}, ids); }
    tj::Float opaque_getter() override { return opaque; }
    tj::Float constant_getter() override { return tj::Float(123.f); }
    std::pair<tj::Float, tj::UInt32> complex_getter() override { return {2.f * opaque, tj::UInt32(3u)}; }
    void dummy() override {}
    std::array<tj::Float, 4> gather_packet(const tj::UInt32 &) override {
        return {tj::Float(0.f), tj::Float(0.f), tj::Float(0.f), tj::Float(0.f)};
    }
    void scatter_packet(const tj::UInt32 &, const std::array<tj::Float, 4> &) override {}
    void scatter_add_packet(const tj::UInt32 &, const std::array<tj::Float, 4> &) override {}
    std::pair<tj::PCG32, tj::Float> sample(const tj::PCG32 &rng) override { return {rng, tj::Float(0.f)}; }
    TJ_OBJECT_FIELDS(value, opaque, s)
};

/// A pointer array of the given objects (nullptr allowed).
inline tj::Ptr<Base> ptrs(std::vector<Base *> v) { return tj::Ptr<Base>(v); }

} // namespace conf
