// tests/runtime/test_random.cpp — tj::PCG32 against a scalar PCG32 written here from O'Neill's reference, and
// tj::empty
//
// The reference below is pcg32_srandom_r / pcg32_random_r per lane; lane i of tj::PCG32(n, s, q) is seeded as
// Dr.Jit seeds it, with (s + i, q + i). Floats are made from the draws bit by bit as Dr.Jit does (mantissa
// bits of a number in [1, 2), minus 1), so the arrays must match exactly.
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "test_util.h"

#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace {

using tj::Float;
using tj::Float64;
using tj::UInt32;
using tj::UInt64;
using tj_test::contains;
using tj_test::error_of;

/// One lane of PCG32 as O'Neill's pcg_basic.c writes it.
struct ReferencePcg32 {
    uint64_t state = 0, inc = 0;
    ReferencePcg32(uint64_t initstate, uint64_t initseq) {
        inc = (initseq << 1u) | 1u;
        next();
        state += initstate;
        next();
    }
    uint32_t next() {
        uint64_t old = state;
        state = old * 0x5851f42d4c957f2dULL + inc;
        uint32_t xorshifted = uint32_t(((old >> 18u) ^ old) >> 27u);
        uint32_t rot = uint32_t(old >> 59u);
        return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
    }
    float next_float32() { return std::bit_cast<float>((next() >> 9) | 0x3f800000u) - 1.f; }
    double next_float64() {
        return std::bit_cast<double>((uint64_t(next()) << 20) | 0x3ff0000000000000ULL) - 1.0;
    }
};

/// The reference lanes of tj::PCG32(n, initstate, initseq).
std::vector<ReferencePcg32> reference_lanes(size_t n, uint64_t initstate, uint64_t initseq) {
    std::vector<ReferencePcg32> lanes;
    for (size_t i = 0; i < n; ++i)
        lanes.emplace_back(initstate + i, initseq + i);
    return lanes;
}

constexpr size_t sizes[] = {1, 7, 1000};

} // namespace

TEST_CASE("PCG32: the scalar reference gives pcg32's published numbers for state 42, stream 54") {
    ReferencePcg32 r(42, 54);
    const uint32_t expected[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    for (uint32_t e : expected)
        CHECK(r.next() == e);
}

TEST_CASE("PCG32: lane 0 seeded with 42 and 54 gives the published numbers, every lane its reference's") {
    for (size_t n : sizes) {
        CAPTURE(n);
        tj::PCG32 rng(n, 42, 54);
        CHECK(rng.state.size() == n);
        CHECK(rng.inc.size() == n);
        std::vector<ReferencePcg32> ref = reference_lanes(n, 42, 54);
        const uint32_t published[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
        for (uint32_t draw = 0; draw < 6; ++draw) {
            std::vector<uint32_t> got = tj::to_vector(rng.next_uint32());
            REQUIRE(got.size() == n);
            CHECK(got[0] == published[draw]);
            size_t mismatches = 0;
            for (size_t i = 0; i < n; ++i)
                mismatches += got[i] != ref[i].next();
            CHECK(mismatches == 0);
        }
    }
}

TEST_CASE("PCG32: default seeds, float32, float64 and uint64 draws match the reference exactly") {
    const size_t n = 1000;
    tj::PCG32 rng(n);
    std::vector<ReferencePcg32> ref =
        reference_lanes(n, tj::PCG32::PCG32_DEFAULT_STATE, tj::PCG32::PCG32_DEFAULT_STREAM);
    for (int round = 0; round < 3; ++round) {
        Float f = rng.next_float32();
        Float64 d = rng.next_float64();
        UInt64 u = rng.next_uint64();
        tj::eval(f, d, u, rng.state);
        std::vector<float> fv = tj::to_vector(f);
        std::vector<double> dv = tj::to_vector(d);
        std::vector<uint64_t> uv = tj::to_vector(u);
        size_t bad = 0;
        for (size_t i = 0; i < n; ++i) {
            bad += fv[i] != ref[i].next_float32();
            bad += dv[i] != ref[i].next_float64();
            uint64_t lo = ref[i].next(), hi = ref[i].next();
            bad += uv[i] != (lo | hi << 32);
            bad += !(fv[i] >= 0.f && fv[i] < 1.f) + !(dv[i] >= 0.0 && dv[i] < 1.0);
        }
        CHECK(bad == 0);
    }
    // The numbers are not all alike (a constant generator would pass the checks above only by accident).
    std::vector<float> f = tj::to_vector(rng.next_float32());
    CHECK(f[0] != f[1]);
}

TEST_CASE("PCG32: per-lane seeds from arrays, and re-seeding") {
    const size_t n = 7;
    std::vector<uint64_t> states = {1, 2, 3, 5, 8, 13, 21}, streams = {100, 0, 7, 7, 99, 1, 1ull << 40};
    tj::PCG32 rng(n, UInt64(states), UInt64(streams));
    std::vector<uint32_t> got = tj::to_vector(rng.next_uint32());
    for (size_t i = 0; i < n; ++i)
        CHECK(got[i] == ReferencePcg32(states[i] + i, streams[i] + i).next());
    rng.seed(42, 54); // width-1 seeds: one generator, as pcg32_srandom_r(42, 54)
    CHECK(rng.next_uint32().read(0) == 0xa15c02b7);
}

TEST_CASE("PCG32: a masked draw advances only the lanes of the mask") {
    const size_t n = 8;
    tj::PCG32 rng(n, 3, 4);
    std::vector<ReferencePcg32> ref = reference_lanes(n, 3, 4);
    tj::Bool odd = (tj::arange<UInt32>(n) & 1u) == 1u;
    std::vector<uint32_t> first = tj::to_vector(rng.next_uint32(odd));
    std::vector<uint32_t> second = tj::to_vector(rng.next_uint32());
    for (size_t i = 0; i < n; ++i) {
        uint32_t a = ref[i].next();
        CHECK(first[i] == a);
        // even lanes did not advance: they draw the same number again
        CHECK(second[i] == (i % 2 ? ref[i].next() : a));
    }
}

TEST_CASE("PCG32: as the state of a symbolic loop, drawing a lane-dependent number of times") {
    const size_t n = 100;
    tj::PCG32 rng(n, 11, 12);
    UInt32 count = tj::arange<UInt32>(n) % 5u; // lane i draws i % 5 numbers
    Float total = tj::zeros<Float>(n);
    UInt32 i = tj::zeros<UInt32>(n);
    tj::while_loop(
        std::tie(rng, total, i), [&](const tj::PCG32 &, const Float &, const UInt32 &i) { return i < count; },
        [](tj::PCG32 &r, Float &t, UInt32 &i) {
            t += r.next_float32();
            i += 1u;
        });
    std::vector<float> got = tj::to_vector(total);
    std::vector<uint32_t> after = tj::to_vector(rng.next_uint32());
    std::vector<ReferencePcg32> ref = reference_lanes(n, 11, 12);
    for (size_t k = 0; k < n; ++k) {
        float t = 0.f;
        for (size_t d = 0; d < k % 5; ++d)
            t += ref[k].next_float32();
        CHECK(got[k] == t);
        CHECK(after[k] == ref[k].next());
    }
}

TEST_CASE("PCG32: in and out of a frozen function, replayed on other generators") {
    auto step = tj::freeze([](const tj::PCG32 &in) {
        tj::PCG32 rng = in;
        Float x = rng.next_float32();
        return std::make_pair(rng, x);
    });
    for (uint64_t seed : {1u, 2u, 3u}) {
        CAPTURE(seed);
        const size_t n = 50 + seed;
        auto [rng, x] = step(tj::PCG32(n, seed, seed * 10));
        std::vector<ReferencePcg32> ref = reference_lanes(n, seed, seed * 10);
        std::vector<float> xv = tj::to_vector(x);
        std::vector<uint32_t> next = tj::to_vector(rng.next_uint32());
        REQUIRE(xv.size() == n);
        for (size_t i = 0; i < n; ++i) {
            CHECK(xv[i] == ref[i].next_float32());
            CHECK(next[i] == ref[i].next());
        }
    }
    CHECK(step.stats().recordings == 1);
    CHECK(step.stats().replays == 2);
}

TEST_CASE("PCG32: prev_* steps back over the last draws, masked or not, and repeats them") {
    for (size_t n : sizes) {
        CAPTURE(n);
        tj::PCG32 rng(n, 3u, 9u);
        std::vector<uint32_t> drawn = tj::to_vector(rng.next_uint32());
        std::vector<uint64_t> wide = tj::to_vector(rng.next_uint64());
        CHECK(tj::to_vector(rng.prev_uint64()) == wide);
        CHECK(tj::to_vector(rng.prev_uint32()) == drawn);
        CHECK(tj::to_vector(rng.next_uint32()) == drawn); // stepped back to where it was before the first draw
        std::vector<float> f = tj::to_vector(rng.next_float32());
        CHECK(tj::to_vector(rng.prev_float32()) == f);
        std::vector<double> d = tj::to_vector(rng.next_float64());
        CHECK(tj::to_vector(rng.prev_float64()) == d);
        tj::Bool mask = tj::arange<UInt32>(n) % 3u == 0u;
        std::vector<uint32_t> masked = tj::to_vector(rng.next_uint32(mask));
        CHECK(tj::to_vector(rng.prev_uint32(mask)) == masked);
        tj::PCG32 fresh(n, 3u, 9u);
        fresh.next_uint32();
        CHECK(tj::to_vector(rng.state) == tj::to_vector(fresh.state));
    }
}

TEST_CASE("PCG32: advance (+=, -=) equals that many draws, and a - b counts the draws between them") {
    for (size_t n : sizes) {
        CAPTURE(n);
        std::vector<ReferencePcg32> ref = reference_lanes(n, tj::PCG32::PCG32_DEFAULT_STATE,
                                                          tj::PCG32::PCG32_DEFAULT_STREAM);
        for (int k = 0; k < 1000; ++k)
            for (ReferencePcg32 &r : ref)
                r.next();
        tj::PCG32 a(n), b(n);
        a += 1000;
        std::vector<uint32_t> got = tj::to_vector(a.next_uint32());
        for (size_t i = 0; i < n; ++i)
            CHECK(got[i] == ref[i].next());
        CHECK(tj::to_vector(a - b) == std::vector<int64_t>(n, 1001));
        CHECK(tj::to_vector(b - a) == std::vector<int64_t>(n, -1001));
        a -= 1001;
        CHECK(tj::to_vector(a.state) == tj::to_vector(b.state));
        b.advance(-(int64_t(1) << 40)); // far behind, in 41 traced steps
        CHECK(tj::to_vector(a - b) == std::vector<int64_t>(n, int64_t(1) << 40));
    }
}

TEST_CASE("empty: an evaluated buffer of the requested size that a scatter fills") {
    Float e = tj::empty<Float>(1000);
    CHECK(e.size() == 1000);
    CHECK_FALSE(tj::detail::var_is_literal(e.index()));
    CHECK(e.data() != nullptr);
    tj::scatter(e, tj::arange<Float>(1000) * 2.f, tj::arange<UInt32>(1000));
    std::vector<float> v = tj::to_vector(e);
    for (size_t i = 0; i < v.size(); ++i)
        CHECK(v[i] == 2.f * float(i));
    CHECK(tj::empty<tj::Int64>(0).size() == 0);
}

TEST_CASE("empty: inside a frozen function (zeros there, so that the replay can make it)") {
    auto f = tj::freeze([](const Float &x) {
        Float out = tj::empty<Float>(x.size());
        tj::scatter(out, x * 3.f, tj::arange<UInt32>(x.size()));
        return out;
    });
    for (int call = 0; call < 3; ++call) {
        std::vector<float> in(10 + call);
        for (size_t i = 0; i < in.size(); ++i)
            in[i] = float(i + call);
        std::vector<float> out = tj::to_vector(f(Float(in)));
        REQUIRE(out.size() == in.size());
        for (size_t i = 0; i < in.size(); ++i)
            CHECK(out[i] == 3.f * in[i]);
    }
    CHECK(f.stats().recordings == 1);
}
