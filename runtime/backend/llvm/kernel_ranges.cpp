// runtime/backend/llvm/kernel_ranges.cpp — bounds on the values of a kernel's integer instructions (kernel_ranges.h)
//
// One pass in SSA order over llvm::ConstantRange (which models wrapping arithmetic): constants are single values,
// everything read from memory or from a loop's state is the full range. The ranges become bounds at the end.
#include "backend/llvm/kernel_ranges.h"

#include "backend/llvm/shared_llvm_elementwise.h"

#include <llvm/IR/ConstantRange.h>

namespace tj {

using detail::Op;
using llvm::APInt;
using llvm::ConstantRange;

namespace {

bool is_integer(VarType t) {
    return t == VarType::Int32 || t == VarType::UInt32 || t == VarType::Int64 || t == VarType::UInt64;
}

/// The range of a Compute instruction whose operand ranges are known (`r` by instruction index).
ConstantRange compute(const Instr &ins, const std::vector<ConstantRange> &r, unsigned bits) {
    const ConstantRange full(bits, true);
    const VarType t = ins.src_type; // the operands' type
    const bool sgn = elementwise::is_signed(t);
    if (ins.op == Op::Cast) {
        if (ins.src_type == VarType::Bool)
            return ConstantRange(APInt(bits, 0), APInt(bits, 2)); // false, true → 0, 1
        if (!is_integer(ins.src_type))
            return full; // float → int saturates: the whole range can come out
        return sgn ? r[ins.a].sextOrTrunc(bits) : r[ins.a].zextOrTrunc(bits);
    }
    if (ins.op == Op::Select)
        return r[ins.b].unionWith(r[ins.c]);
    if (!is_integer(t))
        return full;
    const ConstantRange &a = r[ins.a];
    auto shift_amount = [&] { // taken modulo the width, as the lowering does
        return r[ins.b].binaryAnd(ConstantRange(APInt(bits, bits - 1)));
    };
    switch (ins.op) {
    case Op::Add: return a.add(r[ins.b]);
    case Op::Sub: return a.sub(r[ins.b]);
    case Op::Mul: return a.multiply(r[ins.b]);
    case Op::Fma: return a.multiply(r[ins.b]).add(r[ins.c]);
    case Op::Neg: return ConstantRange(APInt(bits, 0)).sub(a);
    case Op::Abs: return sgn ? a.abs() : a;
    case Op::Not: return a.binaryNot();
    case Op::And: return a.binaryAnd(r[ins.b]);
    case Op::Or: return a.binaryOr(r[ins.b]);
    case Op::Xor: return a.binaryXor(r[ins.b]);
    case Op::Shl: return a.shl(shift_amount());
    case Op::Shr: return sgn ? a.ashr(shift_amount()) : a.lshr(shift_amount());
    case Op::Min: return sgn ? a.smin(r[ins.b]) : a.umin(r[ins.b]);
    case Op::Max: return sgn ? a.smax(r[ins.b]) : a.umax(r[ins.b]);
    case Op::Div:
    case Op::Mod: {
        // The kernel defines x / 0, x % 0 and INT_MIN / -1 (int_div in shared_llvm_elementwise.cpp); LLVM's ranges
        // leave them out. Only divisors that exclude them are followed.
        const ConstantRange &d = r[ins.b];
        if (d.contains(APInt(bits, 0)) || (sgn && d.contains(APInt::getAllOnes(bits))))
            return full;
        if (ins.op == Op::Div)
            return sgn ? a.sdiv(d) : a.udiv(d);
        return sgn ? a.srem(d) : a.urem(d);
    }
    default: return full;
    }
}

} // namespace

std::vector<IndexBound> index_bounds(const KernelIR &ir) {
    std::vector<ConstantRange> r;
    r.reserve(ir.instrs.size());
    for (const Instr &ins : ir.instrs) {
        const unsigned bits = is_integer(ins.type) ? elementwise::bits_of(ins.type) : 1;
        if (!is_integer(ins.type))
            r.emplace_back(bits, true);
        else if (ins.kind == InstrKind::Const)
            r.emplace_back(APInt(bits, bits == 64 ? ins.imm : ins.imm & 0xffffffffu));
        else if (ins.kind == InstrKind::Compute && ins.op != Op::Gather)
            r.push_back(compute(ins, r, bits));
        else
            r.emplace_back(bits, true);
    }
    std::vector<IndexBound> out(r.size());
    for (size_t k = 0; k < r.size(); ++k) {
        const VarType t = ir.instrs[k].type;
        if (!is_integer(t) || r[k].isEmptySet())
            continue;
        if (!elementwise::is_signed(t))
            out[k] = {true, r[k].getUnsignedMax().getZExtValue()};
        else if (!r[k].getSignedMin().isNegative())
            out[k] = {true, r[k].getSignedMax().getZExtValue()};
    }
    return out;
}

} // namespace tj
