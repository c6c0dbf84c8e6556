// tests/runtime/test_kernel_ranges.cpp — bounds on kernel IR integer instructions (backend/llvm/kernel_ranges.h), which
// let the CPU drop a packed gather's per-lane checks: clamps, arithmetic, wrapping, and what stays unknown
#include "backend/llvm/kernel_ranges.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>
#include <string>

namespace {

using tj::Instr;
using tj::InstrKind;
using tj::VarType;
using tj::detail::Op;

/// Builds a kernel one instruction at a time; each call returns the instruction's number.
struct Builder {
    tj::KernelIR ir;
    uint32_t add(Instr ins) {
        ir.instrs.push_back(ins);
        return uint32_t(ir.instrs.size() - 1);
    }
    uint32_t load(VarType t) { return add({InstrKind::Load, Op::Count, t, t, 0, 0, 0, 0, 0}); }
    uint32_t literal(VarType t, uint64_t bits) { return add({InstrKind::Const, Op::Count, t, t, 0, 0, 0, 0, bits}); }
    uint32_t op(Op o, VarType t, uint32_t a, uint32_t b = 0, uint32_t c = 0) {
        return add({InstrKind::Compute, o, t, t, a, b, c, 0, 0});
    }
    uint32_t cast(VarType to, VarType from, uint32_t a) {
        return add({InstrKind::Compute, Op::Cast, to, from, a, 0, 0, 0, 0});
    }
};

/// "[0, hi]" or "unbounded".
std::string show(const tj::IndexBound &b) { return b.bounded ? "[0, " + std::to_string(b.hi) + "]" : "unbounded"; }

/// The bound one instruction should have, as show() writes it.
struct Expected {
    uint32_t instr;
    const char *bound;
};

/// Checks tj::index_bounds of `ir`: one bound per instruction, and those of `expected` as given.
void check_bounds(const tj::KernelIR &ir, std::initializer_list<Expected> expected) {
    const auto r = tj::index_bounds(ir);
    REQUIRE(r.size() == ir.instrs.size());
    for (const Expected &e : expected) {
        INFO("instruction " << e.instr);
        CHECK(show(r[e.instr]) == e.bound);
    }
}

} // namespace

TEST_CASE("kernel ranges: a texture's clamped texel index is bounded, what is read from memory is not") {
    Builder b;
    const VarType i32 = VarType::Int32;
    uint32_t x = b.load(VarType::Float32);
    uint32_t c = b.cast(i32, VarType::Float32, x); // float → int saturates: any value
    uint32_t lo = b.op(Op::Max, i32, c, b.literal(i32, 0));
    uint32_t in = b.op(Op::Min, i32, lo, b.literal(i32, 1023));
    uint32_t row = b.op(Op::Mul, i32, in, b.literal(i32, 4096));
    uint32_t col = b.op(Op::Shl, i32, in, b.literal(i32, 2));
    uint32_t index = b.op(Op::Add, i32, row, col);
    uint32_t loaded = b.load(i32);
    uint32_t sum = b.op(Op::Add, i32, index, loaded);
    check_bounds(b.ir, {{x, "unbounded"},
                        {c, "unbounded"},
                        {lo, "[0, 2147483647]"},
                        {in, "[0, 1023]"},
                        {row, "[0, 4190208]"},
                        {col, "[0, 4092]"},
                        {index, "[0, 4194300]"},
                        {loaded, "unbounded"},
                        {sum, "unbounded"}});
}

TEST_CASE("kernel ranges: wrapping, shifts modulo the width, x / 0, remainders, selects, casts, unsigned values") {
    Builder b;
    const VarType i32 = VarType::Int32, u32 = VarType::UInt32, i64 = VarType::Int64;
    uint32_t v = b.load(i32);
    uint32_t small = b.op(Op::Min, i32, b.op(Op::Max, i32, v, b.literal(i32, uint32_t(-5))), b.literal(i32, 5));
    uint32_t pos = b.op(Op::Max, i32, small, b.literal(i32, 0));
    // [0, 5] * 2^28 fits; [0, 5] * 2^30 wraps past INT32_MAX, so its values may be negative.
    uint32_t fits = b.op(Op::Mul, i32, pos, b.literal(i32, 1u << 28));
    uint32_t wraps = b.op(Op::Mul, i32, pos, b.literal(i32, 1u << 30));
    // The shift amount 33 is taken modulo 32: a shift by 1.
    uint32_t shifted = b.op(Op::Shl, i32, pos, b.literal(i32, 33));
    // A divisor that may be 0 (x / 0 == 0 and x % 0 == x in kernels) is not followed; a literal one is.
    uint32_t div0 = b.op(Op::Div, i32, pos, pos);
    uint32_t mod7 = b.op(Op::Mod, i32, v, b.literal(i32, 7)); // (-7, 7): negative values
    uint32_t wrapped = b.op(Op::Min, i32, b.op(Op::Max, i32, mod7, b.literal(i32, 0)), b.literal(i32, 6));
    uint32_t pick = b.op(Op::Select, i32, b.load(VarType::Bool), wrapped, b.literal(i32, 100));
    uint32_t wide = b.cast(i64, i32, pos); // sign-extended
    uint32_t as_u = b.cast(u32, i32, small); // the same bits: -5 is 2^32 - 5
    uint32_t umin = b.op(Op::Min, u32, as_u, b.literal(u32, 10));
    check_bounds(b.ir, {{small, "unbounded"}, // [-5, 5]
                        {pos, "[0, 5]"},
                        {fits, "[0, 1342177280]"}, // 5 · 2^28
                        {wraps, "unbounded"},
                        {shifted, "[0, 10]"},
                        {div0, "unbounded"},
                        {mod7, "unbounded"},
                        {wrapped, "[0, 6]"},
                        {pick, "[0, 100]"},
                        {wide, "[0, 5]"},
                        {as_u, "[0, 4294967295]"}, // unsigned: always at least 0
                        {umin, "[0, 10]"}});
}
