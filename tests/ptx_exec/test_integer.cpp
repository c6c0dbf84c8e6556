// tests/ptx_exec/test_integer.cpp — integer instructions and cvt against the PTX ISA, with their edge values
#include "test_util.h"

#include <climits>
#include <cmath>
#include <limits>

using namespace ptx_test;

namespace {
uint64_t i32(const std::string &op, int64_t a, int64_t b = 0, int64_t c = 0) {
    return run1(op, ".b32", ".b32", {uint64_t(uint32_t(a)), uint64_t(uint32_t(b)), uint64_t(uint32_t(c))});
}
uint64_t i64(const std::string &op, int64_t a, int64_t b = 0, int64_t c = 0) {
    return run1(op, ".b64", ".b64", {uint64_t(a), uint64_t(b), uint64_t(c)});
}
} // namespace

TEST_CASE("ptx integer: wrapping add, sub, mul and mad, and the high and wide products") {
    CHECK(i32("add.s32 %d, %a, %b;", INT_MAX, 1) == 0x80000000u);
    CHECK(i32("sub.s32 %d, %a, %b;", INT_MIN, 1) == 0x7fffffffu);
    CHECK(i64("add.u64 %d, %a, %b;", -1, 2) == 1);
    CHECK(i64("sub.s64 %d, %a, %b;", 0, 1) == ~0ull);
    CHECK(i32("mul.lo.s32 %d, %a, %b;", 0x10000, 0x10000) == 0);
    CHECK(i32("mul.lo.u32 %d, %a, %b;", -1, -1) == 1);
    CHECK(i64("mul.lo.s64 %d, %a, %b;", INT64_MIN, -1) == uint64_t(INT64_MIN));
    CHECK(i32("mad.lo.s32 %d, %a, %b, %c;", 7, -3, 1) == uint32_t(-20));
    CHECK(i32("mul.hi.u32 %d, %a, %b;", -1, -1) == 0xfffffffeu);
    CHECK(i32("mul.hi.s32 %d, %a, %b;", -1, -1) == 0);
    CHECK(i32("mul.hi.s32 %d, %a, %b;", INT_MIN, 2) == 0xffffffffu);
    CHECK(i64("mul.hi.u64 %d, %a, %b;", -1, -1) == ~1ull);
    CHECK(i64("mul.hi.s64 %d, %a, %b;", INT64_MIN, 2) == ~0ull);
    CHECK(run1("mul.wide.s32 %d, %a, %b;", ".b64", ".b32", {0xffffffff, 2}) == uint64_t(-2));
    CHECK(run1("mul.wide.u32 %d, %a, %b;", ".b64", ".b32", {0xffffffff, 2}) == 0x1fffffffeull);
    CHECK(run1("mul.wide.s16 %d, %a, %b;", ".b32", ".b16", {0xffff, 2}) == 0xfffffffeull);
    CHECK(run1("mul.wide.s16 %d, %a, %b;", ".b32", ".b16", {0x8000, 0x8000}) == 0x40000000ull);
    CHECK(run1("mul.wide.u16 %d, %a, %b;", ".b32", ".b16", {0xffff, 0xffff}) == 0xfffe0001ull);
}

TEST_CASE("ptx integer: division and remainder by zero and INT_MIN / -1") {
    CHECK(i32("div.s32 %d, %a, %b;", INT_MIN, -1) == 0x80000000u);
    CHECK(i32("rem.s32 %d, %a, %b;", INT_MIN, -1) == 0);
    CHECK(i64("div.s64 %d, %a, %b;", INT64_MIN, -1) == uint64_t(INT64_MIN));
    CHECK(i64("rem.s64 %d, %a, %b;", INT64_MIN, -1) == 0);
    CHECK(i32("div.u32 %d, %a, %b;", 7, 0) == 0xffffffffu);
    CHECK(i32("div.s32 %d, %a, %b;", 7, 0) == 0xffffffffu);
    CHECK(i32("rem.u32 %d, %a, %b;", 7, 0) == 7);
    CHECK(i64("rem.u64 %d, %a, %b;", 7, 0) == 7);
    CHECK(i64("div.u64 %d, %a, %b;", 7, 0) == ~0ull);
    CHECK(i32("div.s32 %d, %a, %b;", -7, 2) == uint32_t(-3)); // truncation toward zero
    CHECK(i32("rem.s32 %d, %a, %b;", -7, 2) == uint32_t(-1));
    CHECK(i32("div.u32 %d, %a, %b;", -1, 16) == 0x0fffffffu);
}

TEST_CASE("ptx integer: shifts by counts at and above the width, bfe, bfi, clz, min, max, abs, neg, logic") {
    CHECK(i32("shl.b32 %d, %a, %b;", 1, 31) == 0x80000000u);
    CHECK(i32("shl.b32 %d, %a, %b;", 1, 32) == 0);
    CHECK(i32("shl.b32 %d, %a, %b;", 1, 1000) == 0);
    CHECK(i32("shr.u32 %d, %a, %b;", -1, 32) == 0);
    CHECK(i32("shr.s32 %d, %a, %b;", -8, 40) == 0xffffffffu);
    CHECK(i32("shr.s32 %d, %a, %b;", 8, 40) == 0);
    CHECK(i32("shr.s32 %d, %a, %b;", -8, 1) == uint32_t(-4));
    CHECK(i64("shl.b64 %d, %a, %b;", 1, 64) == 0);
    CHECK(i64("shr.u64 %d, %a, %b;", -1, 63) == 1);
    CHECK(i64("shr.s64 %d, %a, %b;", INT64_MIN, 100) == ~0ull);
    // bfe: position and length from the low 8 bits; signed fields are sign-filled, length 0 gives 0.
    CHECK(i32("bfe.u32 %d, %a, %b, %c;", 0xabcd1234, 8, 8) == 0x12);
    CHECK(i32("bfe.u32 %d, %a, %b, %c;", 0xabcd1234, 40, 8) == 0);
    CHECK(i32("bfe.u32 %d, %a, %b, %c;", 0xabcd1234, 28, 8) == 0xa);
    CHECK(i32("bfe.s32 %d, %a, %b, %c;", 0xabcd1234, 28, 4) == 0xfffffffau);
    CHECK(i32("bfe.s32 %d, %a, %b, %c;", 0xabcd1234, 40, 8) == 0xffffffffu); // beyond msb: the sign bit
    CHECK(i32("bfe.s32 %d, %a, %b, %c;", 0xabcd1234, 4, 0) == 0);
    CHECK(i32("bfe.u32 %d, %a, %b, %c;", 0xabcd1234, 0x104, 4) == 3); // pos 0x104 & 0xff = 4
    CHECK(i64("bfe.u64 %d, %a, %b, %c;", int64_t(0xf000000000000000ull), 60, 8) == 0xf);
    CHECK(run1("bfi.b32 %d, %a, %b, %c, %flag;", ".b32", ".b32", {0xff, 0, 4}) == 0); // len 0 (flag = 0)
    CHECK(run1("mov.u32 %flag, 8;\nbfi.b32 %d, %a, %b, %c, %flag;", ".b32", ".b32", {0xff, 0x12345678, 4}) ==
          0x12345ff8u);
    CHECK(run1("mov.u32 %flag, 8;\nbfi.b32 %d, %a, %b, %c, %flag;", ".b32", ".b32", {0xff, 0, 28}) == 0xf0000000u);
    CHECK(run1("clz.b64 %d, %a;", ".b32", ".b64", {0}) == 64);
    CHECK(run1("clz.b64 %d, %a;", ".b32", ".b64", {1}) == 63);
    CHECK(i32("min.s32 %d, %a, %b;", -1, 1) == 0xffffffffu);
    CHECK(i32("min.u32 %d, %a, %b;", -1, 1) == 1);
    CHECK(i64("max.s64 %d, %a, %b;", -1, 1) == 1);
    CHECK(i64("max.u64 %d, %a, %b;", -1, 1) == ~0ull);
    CHECK(i32("abs.s32 %d, %a;", INT_MIN) == 0x80000000u);
    CHECK(i32("neg.s32 %d, %a;", INT_MIN) == 0x80000000u);
    CHECK(i64("abs.s64 %d, %a;", -5) == 5);
    CHECK(i32("not.b32 %d, %a;", 0) == 0xffffffffu);
    // Funnel shifts: {b, a} as 64 bits, the amount modulo 32 (.wrap); a rotation when a == b.
    CHECK(i32("shf.l.wrap.b32 %d, %a, %b, %c;", 0x80000001, 0x80000001, 1) == 0x00000003u);
    CHECK(i32("shf.l.wrap.b32 %d, %a, %b, %c;", 0xf0000000, 0x1, 36) == 0x1fu);
    CHECK(i32("shf.l.wrap.b32 %d, %a, %b, %c;", 0xf0000000, 0x1, 32) == 0x1u);
    CHECK(i32("shf.r.wrap.b32 %d, %a, %b, %c;", 0x80000001, 0x80000001, 1) == 0xc0000000u);
    CHECK(i64("mad.lo.s64 %d, %a, %b, %c;", INT64_MAX, 2, 3) == 1);
    CHECK(run1("add.s16 %d, %a, %b;", ".b16", ".b16", {0x7fff, 1}) == 0x8000);
    CHECK(i32("xor.b32 %d, %a, %b;", 0xff00, 0x0ff0) == 0xf0f0);
    CHECK(run1("and.b16 %d, %a, %b;", ".b16", ".b16", {0xff0f, 0x0ff0}) == 0x0f00);
    CHECK(i64("or.b64 %d, %a, %b;", 1ll << 40, 1) == (1ull << 40 | 1));
    CHECK(run1("setp.lt.s32 %d, %a, %b;", ".pred", ".b32", {0xffffffff, 1}) == 1);
    CHECK(run1("setp.lt.u32 %d, %a, %b;", ".pred", ".b32", {0xffffffff, 1}) == 0);
    CHECK(run1("setp.ge.u64 %d, %a, %b;", ".pred", ".b64", {~0ull, 1}) == 1);
    CHECK(run1("setp.ne.s16 %d, %a, %b;", ".pred", ".b16", {0x10000, 0}) == 0); // only 16 bits compared
    CHECK(run1("setp.lt.s32 %d, %a, %b;\nnot.pred %d, %d;", ".pred", ".b32", {5, 6}) == 0);
    CHECK(run1("setp.lt.s32 %d, %a, %b;\nxor.pred %d, %d, %d;", ".pred", ".b32", {5, 6}) == 0);
    CHECK(i32("setp.lt.s32 %p, %a, %b;\nselp.b32 %d, %a, %b, %p;", 5, 6) == 5);
    // selp of every integer type of the ISA (the signed ones too: the differential tester's kernels select Int64)
    CHECK(i32("setp.gt.s32 %p, %a, %b;\nselp.s32 %d, %a, %b, %p;", -5, 6) == 6);
    CHECK(i64("setp.lt.s64 %p, %a, %b;\nselp.s64 %d, %a, %b, %p;", -5, 6) == uint64_t(-5));
}

TEST_CASE("ptx integer: the carry chain of add.cc, addc, sub.cc, subc, mad.lo.cc and madc") {
    // (2^32 - 1) + 1 carries into the high word; 0 - 1 borrows from it.
    const std::string add = "add.cc.u32 %d, %a, %b;\naddc.u32 %d, %c, 0;";
    CHECK(run1(add, ".b32", ".b32", {0xffffffff, 1, 5}) == 6);
    CHECK(run1(add, ".b32", ".b32", {0xfffffffe, 1, 5}) == 5);
    CHECK(run1("add.cc.u32 %d, %a, %b;\naddc.cc.u32 %d, %c, 0;\naddc.u32 %d, 0, 0;", ".b32", ".b32",
               {0xffffffff, 1, 0xffffffff}) == 1);
    const std::string sub = "sub.cc.u32 %d, %a, %b;\nsubc.u32 %d, %c, 0;";
    CHECK(run1(sub, ".b32", ".b32", {0, 1, 5}) == 4);
    CHECK(run1(sub, ".b32", ".b32", {1, 1, 5}) == 5);
    CHECK(run1("sub.cc.u32 %d, %a, %b;\nsubc.cc.u32 %d, %c, 0;\nsubc.u32 %d, 0, 0;", ".b32", ".b32", {0, 1, 0}) ==
          0xffffffffu);
    // 0xffffffff * 0xffffffff = 0xfffffffe_00000001; + 0xffffffff carries into the high word.
    CHECK(run1("mad.lo.cc.u32 %d, %a, %b, %c;\nmadc.hi.u32 %d, %a, %b, 0;", ".b32", ".b32",
               {0xffffffff, 0xffffffff, 0xffffffff}) == 0xffffffffu);
    // lo = 1 + 0xffffffff carries; hi = 0xfffffffe + 1 + 1 carries again.
    CHECK(run1("mad.lo.cc.u32 %d, %a, %b, %c;\nmadc.hi.cc.u32 %d, %a, %b, 1;\naddc.u32 %d, 0, 0;", ".b32", ".b32",
               {0xffffffff, 0xffffffff, 0xffffffff}) == 1);
    CHECK(run1("add.cc.u32 %d, %a, %a;\nmadc.lo.cc.u32 %d, %b, %b, %c;\naddc.u32 %d, 0, 0;", ".b32", ".b32",
               {0x80000000, 0x10000, 0xffffffff}) == 1);
}

TEST_CASE("ptx cvt: float to integer rounds, saturates and maps NaN to 0") {
    auto c = [](const char *form, float x) { return run1(std::string("cvt.") + form + " %d, %a;", ".b64", ".f32", {f32(x)}); };
    auto cd = [](const char *form, double x) { return run1(std::string("cvt.") + form + " %d, %a;", ".b64", ".f64", {f64(x)}); };
    CHECK(uint32_t(c("rzi.s32.f32", NAN)) == 0);
    CHECK(uint32_t(c("rzi.s32.f32", 3e9f)) == uint32_t(INT_MAX));
    CHECK(uint32_t(c("rzi.s32.f32", -3e9f)) == uint32_t(INT_MIN));
    CHECK(uint32_t(c("rzi.s32.f32", -2.7f)) == uint32_t(-2));
    CHECK(uint32_t(c("rni.s32.f32", 2.5f)) == 2);
    CHECK(uint32_t(c("rni.s32.f32", 3.5f)) == 4);
    CHECK(uint32_t(cd("rni.s32.f64", -2.5)) == uint32_t(-2));
    CHECK(uint32_t(c("rzi.u32.f32", -1.f)) == 0);
    CHECK(uint32_t(c("rzi.u32.f32", INFINITY)) == 0xffffffffu);
    CHECK(uint32_t(cd("rzi.u32.f64", 4294967295.5)) == 0xffffffffu);
    CHECK(c("rzi.u64.f32", 1e30f) == ~0ull);
    CHECK(cd("rzi.s64.f64", -1e30) == uint64_t(INT64_MIN));
    CHECK(c("rzi.s64.f32", -INFINITY) == uint64_t(INT64_MIN));
    CHECK(cd("rzi.u64.f64", NAN) == 0);
    CHECK(uint32_t(cd("rzi.s32.f64", 2147483647.9)) == uint32_t(INT_MAX));
}

TEST_CASE("ptx cvt: integer to float and float to float round as their modifier says") {
    auto i2f = [](const char *form, uint64_t x) { return as_f32(run1(std::string("cvt.") + form + " %d, %a;", ".f32", ".b64", {x})); };
    CHECK(i2f("rn.f32.u64", ~0ull) == 0x1p64f);
    CHECK(i2f("rn.f32.s64", uint64_t(-1)) == -1.f);
    CHECK(as_f64(run1("cvt.rn.f64.u64 %d, %a;", ".f64", ".b64", {~0ull})) == 0x1p64);
    CHECK(as_f64(run1("cvt.rn.f64.s64 %d, %a;", ".f64", ".b64", {uint64_t(INT64_MIN)})) == -0x1p63);
    CHECK(as_f32(run1("cvt.rn.f32.s32 %d, %a;", ".f32", ".b32", {0x80000000})) == -0x1p31f);
    CHECK(as_f32(run1("cvt.rn.f32.u32 %d, %a;", ".f32", ".b32", {0xffffffff})) == 0x1p32f);
    CHECK(as_f64(run1("cvt.rn.f64.s32 %d, %a;", ".f64", ".b32", {0xffffffff})) == -1.0);
    CHECK(as_f64(run1("cvt.rn.f64.u32 %d, %a;", ".f64", ".b32", {0xffffffff})) == 4294967295.0);
    // 16777217 is between two floats: .rn ties to even (down), .rp goes up.
    CHECK(as_f32(run1("cvt.rn.f32.s32 %d, %a;", ".f32", ".b32", {16777217})) == 16777216.f);
    CHECK(as_f32(run1("cvt.rp.f32.s32 %d, %a;", ".f32", ".b32", {16777217})) == 16777218.f);
    auto d2f = [](const char *form, double x) { return as_f32(run1(std::string("cvt.") + form + " %d, %a;", ".f32", ".f64", {f64(x)})); };
    CHECK(d2f("rn.f32.f64", 1.0 + 0x1p-30) == 1.f);
    CHECK(d2f("rn.f32.f64", 1e300) == INFINITY);
    CHECK(d2f("rn.f32.f64", 0x1p-140) == 0x1p-140f); // a subnormal float, kept
    CHECK(as_f64(run1("cvt.f64.f32 %d, %a;", ".f64", ".f32", {f32(0.1f)})) == double(0.1f));
    auto f2f = [](const char *form, float x) { return as_f32(run1(std::string("cvt.") + form + " %d, %a;", ".f32", ".f32", {f32(x)})); };
    CHECK(f2f("rni.f32.f32", 2.5f) == 2.f);
    CHECK(f2f("rni.f32.f32", -0.5f) == 0.f);
    CHECK(std::signbit(f2f("rni.f32.f32", -0.5f)));
    CHECK(f2f("rzi.f32.f32", -2.7f) == -2.f);
    CHECK(f2f("rmi.f32.f32", -0.5f) == -1.f);
    CHECK(f2f("rpi.f32.f32", 0.2f) == 1.f);
    CHECK(std::isnan(f2f("rmi.f32.f32", NAN)));
    auto g = [](const char *form, double x) { return as_f64(run1(std::string("cvt.") + form + " %d, %a;", ".f64", ".f64", {f64(x)})); };
    CHECK(g("rmi.f64.f64", -1.5) == -2.0);
    CHECK(g("rpi.f64.f64", -1.5) == -1.0);
    CHECK(g("rzi.f64.f64", 1e300) == 1e300);
    // cvt.sat.f32.f32 clamps to [0, 1], NaN to 0.
    CHECK(f2f("sat.f32.f32", 2.f) == 1.f);
    CHECK(f2f("sat.f32.f32", -1.f) == 0.f);
    CHECK(f2f("sat.f32.f32", NAN) == 0.f);
    CHECK(f2f("sat.f32.f32", 0.25f) == 0.25f);
}

TEST_CASE("ptx cvt: integer widths truncate and extend by the source's signedness") {
    CHECK(run1("cvt.u32.u64 %d, %a;", ".b32", ".b64", {0x123456789ull}) == 0x23456789u);
    CHECK(run1("cvt.s64.s32 %d, %a;", ".b64", ".b32", {0x80000000}) == 0xffffffff80000000ull);
    CHECK(run1("cvt.u64.u32 %d, %a;", ".b64", ".b32", {0x80000000}) == 0x80000000ull);
    CHECK(run1("cvt.u16.u32 %d, %a;", ".b16", ".b32", {0x12345678}) == 0x5678);
    CHECK(run1("cvt.u32.u16 %d, %a;", ".b32", ".b16", {0xfffe}) == 0xfffe);
    CHECK(run1("cvt.u16.u8 %d, %a;", ".b16", ".b16", {0x1ff}) == 0xff);
}
