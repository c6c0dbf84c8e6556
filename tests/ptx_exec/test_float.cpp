// tests/ptx_exec/test_float.cpp — float instructions against the PTX ISA: rounding modes, NaN, ±0, ±inf, .ftz
#include "test_util.h"

#include <cmath>
#include <limits>

using namespace ptx_test;

namespace {
float f2(const std::string &op, float a, float b, float c = 0) {
    return as_f32(run1(op, ".f32", ".f32", {f32(a), f32(b), f32(c)}));
}
double d2(const std::string &op, double a, double b, double c = 0) {
    return as_f64(run1(op, ".f64", ".f64", {f64(a), f64(b), f64(c)}));
}
bool same_bits(float a, float b) { return std::bit_cast<uint32_t>(a) == std::bit_cast<uint32_t>(b); }
bool same_bits(double a, double b) { return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b); }
constexpr float inf = std::numeric_limits<float>::infinity();
const float qnan = std::numeric_limits<float>::quiet_NaN();
} // namespace

TEST_CASE("ptx float: add, sub, mul, fma and div round as their modifier says") {
    const float tiny = 0x1p-30f;
    CHECK(f2("add.rn.f32 %d, %a, %b;", 1.f, tiny) == 1.f);
    CHECK(f2("add.rz.f32 %d, %a, %b;", 1.f, tiny) == 1.f);
    CHECK(f2("add.rm.f32 %d, %a, %b;", 1.f, tiny) == 1.f);
    CHECK(f2("add.rp.f32 %d, %a, %b;", 1.f, tiny) == std::nextafter(1.f, 2.f));
    CHECK(f2("sub.rn.f32 %d, %a, %b;", 1.f, tiny) == 1.f);
    CHECK(f2("mul.rn.f32 %d, %a, %b;", 3.f, 1.f / 3.f) == 1.f);
    // fma rounds once: (1 + 2^-23)^2 - 1 keeps the 2^-46 term that a*b then +c would lose.
    const float e = 1.f + 0x1p-23f;
    CHECK(f2("fma.rn.f32 %d, %a, %b, %c;", e, e, -1.f) == 0x1p-22f + 0x1p-46f);
    CHECK(f2("fma.rm.f32 %d, %a, %b, %c;", 1.f, -1.f, -tiny) == std::nextafter(-1.f, -2.f));
    CHECK(f2("fma.rz.f32 %d, %a, %b, %c;", 1.f, -1.f, -tiny) == -1.f);
    CHECK(d2("fma.rn.f64 %d, %a, %b, %c;", 2.0, 3.0, 1.0) == 7.0);
    CHECK(d2("add.rn.f64 %d, %a, %b;", 0.1, 0.2) == 0.1 + 0.2);
    CHECK(d2("sub.rn.f64 %d, %a, %b;", 0.0, 0.0) == 0.0);
    CHECK(d2("mul.rn.f64 %d, %a, %b;", 1e308, 10.0) == INFINITY);
    // Division: .rn is IEEE, x/0 is ±inf, 0/0 NaN.
    CHECK(f2("div.rn.f32 %d, %a, %b;", 1.f, 3.f) == 1.f / 3.f);
    CHECK(f2("div.rn.f32 %d, %a, %b;", -1.f, 0.f) == -inf);
    CHECK(std::isnan(f2("div.rn.f32 %d, %a, %b;", 0.f, 0.f)));
    CHECK(d2("div.rn.f64 %d, %a, %b;", 1.0, 3.0) == 1.0 / 3.0);
    CHECK(std::isnan(d2("sub.rn.f64 %d, %a, %b;", INFINITY, INFINITY)));
    // Denormals are kept without .ftz.
    CHECK(f2("mul.rn.f32 %d, %a, %b;", 0x1p-126f, 0.5f) == 0x1p-127f);
}

TEST_CASE("ptx float: div.approx.f32 is within 2 ulp and 0 or NaN for divisors above 2^126") {
    CHECK(std::fabs(f2("div.approx.f32 %d, %a, %b;", 1.f, 3.f) - 1.f / 3.f) <= 2 * 0x1p-25f);
    CHECK(f2("div.approx.f32 %d, %a, %b;", 1.f, 0x1p127f) == 0.f);
    CHECK(std::isnan(f2("div.approx.f32 %d, %a, %b;", inf, 0x1p127f)));
}

TEST_CASE("ptx float: min and max ignore one NaN, give the canonical NaN for two, and order -0 below +0") {
    CHECK(f2("min.f32 %d, %a, %b;", qnan, 2.f) == 2.f);
    CHECK(f2("max.f32 %d, %a, %b;", 2.f, qnan) == 2.f);
    CHECK(run1("min.f32 %d, %a, %b;", ".f32", ".f32", {f32(qnan), f32(qnan)}) == 0x7fffffff);
    CHECK(same_bits(f2("min.f32 %d, %a, %b;", 0.f, -0.f), -0.f));
    CHECK(same_bits(f2("max.f32 %d, %a, %b;", -0.f, 0.f), 0.f));
    CHECK(d2("min.f64 %d, %a, %b;", -INFINITY, 1.0) == -INFINITY);
    CHECK(d2("max.f64 %d, %a, %b;", std::nan(""), 1.0) == 1.0);
}

TEST_CASE("ptx float: abs and neg change only the sign bit, NaN and zeros included") {
    CHECK(run1("neg.f32 %d, %a;", ".f32", ".f32", {0x7fc00001}) == 0xffc00001);
    CHECK(run1("abs.f32 %d, %a;", ".f32", ".f32", {0xffc00001}) == 0x7fc00001);
    CHECK(same_bits(f2("neg.f32 %d, %a;", 0.f, 0), -0.f));
    CHECK(same_bits(d2("abs.f64 %d, %a;", -0.0, 0), 0.0));
    CHECK(d2("neg.f64 %d, %a;", INFINITY, 0) == -INFINITY);
}

TEST_CASE("ptx float: setp's ordered and unordered comparisons with NaN") {
    auto p = [](const char *cmp, float a, float b) {
        return run1(std::string("setp.") + cmp + ".f32 %d, %a, %b;", ".pred", ".f32", {f32(a), f32(b)});
    };
    CHECK(p("eq", qnan, qnan) == 0);
    CHECK(p("ne", qnan, 1.f) == 0);
    CHECK(p("neu", qnan, 1.f) == 1);
    CHECK(p("equ", qnan, 1.f) == 1);
    CHECK(p("ltu", qnan, 1.f) == 1);
    CHECK(p("lt", qnan, 1.f) == 0);
    CHECK(p("geu", 1.f, 2.f) == 0);
    CHECK(p("gtu", 3.f, 2.f) == 1);
    CHECK(p("leu", 3.f, 2.f) == 0);
    CHECK(p("nan", 1.f, qnan) == 1);
    CHECK(p("num", 1.f, qnan) == 0);
    CHECK(p("num", 1.f, 2.f) == 1);
    CHECK(p("eq", 0.f, -0.f) == 1);
    CHECK(p("ge", -inf, -inf) == 1);
}

TEST_CASE("ptx float: rcp, sqrt and ex2, with .ftz flushing subnormal inputs and results") {
    CHECK(f2("rcp.rn.f32 %d, %a;", 3.f, 0) == 1.f / 3.f);
    CHECK(d2("rcp.rn.f64 %d, %a;", -0.0, 0) == -INFINITY);
    CHECK(f2("sqrt.rn.f32 %d, %a;", 2.f, 0) == std::sqrt(2.f));
    CHECK(std::isnan(d2("sqrt.rn.f64 %d, %a;", -1.0, 0)));
    CHECK(same_bits(d2("sqrt.rn.f64 %d, %a;", -0.0, 0), -0.0));
    // rcp.approx.ftz: a subnormal input is a zero (so ±inf comes out), a result below 2^-126 is flushed.
    CHECK(f2("rcp.approx.ftz.f32 %d, %a;", 0x1p-140f, 0) == inf);
    CHECK(f2("rcp.approx.ftz.f32 %d, %a;", -0x1p-140f, 0) == -inf);
    CHECK(same_bits(f2("rcp.approx.ftz.f32 %d, %a;", 0x1p127f, 0), 0.f));
    CHECK(std::fabs(f2("rcp.approx.ftz.f32 %d, %a;", 3.f, 0) - 1.f / 3.f) <= 0x1p-24f);
    CHECK(d2("rcp.approx.ftz.f64 %d, %a;", 0x1p-1030, 0) == INFINITY);
    CHECK(std::fabs(d2("rcp.approx.ftz.f64 %d, %a;", 3.0, 0) - 1.0 / 3.0) <= 1e-9);
    // ex2.approx.ftz.f32: exact powers of two, ±inf, NaN; a subnormal result is flushed to +0.
    CHECK(f2("ex2.approx.ftz.f32 %d, %a;", 10.f, 0) == 1024.f);
    CHECK(f2("ex2.approx.ftz.f32 %d, %a;", -inf, 0) == 0.f);
    CHECK(f2("ex2.approx.ftz.f32 %d, %a;", inf, 0) == inf);
    CHECK(f2("ex2.approx.ftz.f32 %d, %a;", 200.f, 0) == inf);
    CHECK(std::isnan(f2("ex2.approx.ftz.f32 %d, %a;", qnan, 0)));
    CHECK(same_bits(f2("ex2.approx.ftz.f32 %d, %a;", -130.f, 0), 0.f));
    CHECK(f2("ex2.approx.ftz.f32 %d, %a;", 0x1p-140f, 0) == 1.f); // the subnormal input is 0
    const float e = f2("ex2.approx.ftz.f32 %d, %a;", 0.5f, 0);
    CHECK(std::fabs(e - std::sqrt(2.f)) <= 2 * 0x1p-23f); // the ISA's bound: 2 ulp
}
