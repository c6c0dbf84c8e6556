// runtime/backend/llvm/shared_llvm_elementwise.cpp — element-wise kernel IR ops as LLVM IR, on vector or scalar registers
//
// Read `compute` first: one case per op. Types of results come from the operands (`Type::getWithNewType` keeps a
// vector's lane count), so nothing here knows how wide a register is.
#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cmath>
#include <cstring>

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

namespace tj::elementwise {

using detail::Op;
using llvm::Value;

bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }
bool is_signed(VarType t) { return t == VarType::Int32 || t == VarType::Int64; }
unsigned bits_of(VarType t) {
    switch (t) {
    case VarType::Bool: return 1;
    case VarType::Int32:
    case VarType::UInt32:
    case VarType::Float32: return 32;
    default: return 64;
    }
}

llvm::Type *scalar_type(llvm::LLVMContext &ctx, VarType t) {
    switch (t) {
    case VarType::Bool: return llvm::Type::getInt1Ty(ctx);
    case VarType::Int32:
    case VarType::UInt32: return llvm::Type::getInt32Ty(ctx);
    case VarType::Int64:
    case VarType::UInt64: return llvm::Type::getInt64Ty(ctx);
    case VarType::Float32: return llvm::Type::getFloatTy(ctx);
    case VarType::Float64: return llvm::Type::getDoubleTy(ctx);
    }
    return nullptr;
}

llvm::Constant *scalar_constant(llvm::LLVMContext &ctx, VarType t, uint64_t bits) {
    switch (t) {
    case VarType::Float32: {
        uint32_t b32 = uint32_t(bits);
        float f;
        std::memcpy(&f, &b32, 4);
        return llvm::ConstantFP::get(llvm::Type::getFloatTy(ctx), f);
    }
    case VarType::Float64: {
        double d;
        std::memcpy(&d, &bits, 8);
        return llvm::ConstantFP::get(llvm::Type::getDoubleTy(ctx), d);
    }
    default:
        return llvm::ConstantInt::get(scalar_type(ctx, t),
                                      bits & (bits_of(t) == 64 ? ~0ull : ((1ull << bits_of(t)) - 1)));
    }
}

llvm::FunctionCallee declare_pure_function(llvm::Module &m, llvm::StringRef name, llvm::FunctionType *type) {
    llvm::FunctionCallee callee = m.getOrInsertFunction(name, type);
    if (auto *f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
        f->setDoesNotAccessMemory();
        f->setDoesNotThrow();
        f->setWillReturn();
    }
    return callee;
}

llvm::CallInst *call_pure_function(llvm::IRBuilder<> &b, llvm::FunctionCallee f, llvm::ArrayRef<Value *> args) {
    llvm::CallInst *call = b.CreateCall(f, args);
    call->setDoesNotAccessMemory();
    return call;
}

namespace {
/// Float → integer on a vector, saturating, NaN → 0, as llvm.fpto[su]i.sat; x86 scalarises that intrinsic (a
/// compare-and-branch pair per lane). The same result from a clamp into range, a plain conversion and two selects.
Value *saturating_vector_convert(llvm::IRBuilder<> &b, Value *v, llvm::Type *dt, VarType from, VarType to) {
    llvm::Type *ft = v->getType();
    const bool sgn = is_signed(to);
    const unsigned bits = bits_of(to);
    const double limit = std::ldexp(1.0, int(sgn ? bits - 1 : bits)); // the first value past the range
    const double below = limit * (1.0 - std::ldexp(1.0, from == VarType::Float32 ? -24 : -53)); // the float before it
    Value *clamped = b.CreateMinNum(b.CreateMaxNum(v, llvm::ConstantFP::get(ft, sgn ? -limit : 0.0)),
                                    llvm::ConstantFP::get(ft, below)); // maxnum(NaN, lo) == lo
    Value *r = sgn ? b.CreateFPToSI(clamped, dt) : b.CreateFPToUI(clamped, dt);
    llvm::APInt max = sgn ? llvm::APInt::getSignedMaxValue(bits) : llvm::APInt::getMaxValue(bits);
    r = b.CreateSelect(b.CreateFCmpOGE(v, llvm::ConstantFP::get(ft, limit)), llvm::ConstantInt::get(dt, max), r);
    return b.CreateSelect(b.CreateFCmpUNO(v, v), llvm::Constant::getNullValue(dt), r);
}
} // namespace

llvm::Value *convert(llvm::IRBuilder<> &b, Value *v, VarType from, VarType to) {
    if (from == to)
        return v;
    llvm::Type *dt = v->getType()->getWithNewType(scalar_type(b.getContext(), to));
    if (to == VarType::Bool)
        return is_float(from) ? b.CreateFCmpUNE(v, llvm::Constant::getNullValue(v->getType()))
                              : b.CreateICmpNE(v, llvm::Constant::getNullValue(v->getType()));
    if (is_float(from) && is_float(to))
        return bits_of(to) > bits_of(from) ? b.CreateFPExt(v, dt) : b.CreateFPTrunc(v, dt);
    if (is_float(from) && v->getType()->isVectorTy()) // the CPU's vectors
        return saturating_vector_convert(b, v, dt, from, to);
    if (is_float(from)) // saturating, NaN → 0: C++ leaves out-of-range conversions undefined
        return b.CreateIntrinsic(is_signed(to) ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat,
                                 {dt, v->getType()}, {v});
    if (is_float(to))
        return is_signed(from) ? b.CreateSIToFP(v, dt) : b.CreateUIToFP(v, dt);
    return is_signed(from) ? b.CreateSExtOrTrunc(v, dt) : b.CreateZExtOrTrunc(v, dt);
}

namespace {

/// a / b (or a % b with `rem`) with defined results: x / 0 == 0, x % 0 == x, INT_MIN / -1 == INT_MIN,
/// INT_MIN % -1 == 0.
Value *int_div(llvm::IRBuilder<> &b, Value *x, Value *y, VarType t, bool rem) {
    llvm::Type *ty = x->getType();
    Value *zero = llvm::Constant::getNullValue(ty), *one = llvm::ConstantInt::get(ty, 1);
    Value *by_zero = b.CreateICmpEQ(y, zero);
    if (!is_signed(t)) {
        Value *d = b.CreateSelect(by_zero, one, y);
        Value *r = rem ? b.CreateURem(x, d) : b.CreateUDiv(x, d);
        return b.CreateSelect(by_zero, rem ? x : zero, r);
    }
    // -1 would overflow for the smallest value: handle it without dividing.
    Value *minus_one = b.CreateICmpEQ(y, llvm::ConstantInt::getSigned(ty, -1));
    Value *d = b.CreateSelect(b.CreateOr(by_zero, minus_one), one, y);
    Value *r = rem ? b.CreateSRem(x, d) : b.CreateSDiv(x, d);
    r = b.CreateSelect(minus_one, rem ? zero : b.CreateSub(zero, x), r);
    return b.CreateSelect(by_zero, rem ? x : zero, r);
}

Value *call_intrinsic(llvm::IRBuilder<> &b, llvm::Intrinsic::ID id, llvm::Type *t,
                      std::initializer_list<Value *> args) {
    return b.CreateIntrinsic(id, {t}, args);
}

} // namespace

llvm::Value *compute(llvm::IRBuilder<> &b, TargetMath &math, const Instr &ins, llvm::ArrayRef<Value *> values) {
    VarType t = ins.src_type;
    bool fp = is_float(t);
    Value *a = values[ins.a];
    auto arg = [&](uint32_t k) { return values[k]; };
    llvm::Type *ty = a->getType(); // a register of the operand type `t`
    llvm::IRBuilder<>::FastMathFlagGuard guard(b);
    if (fp) { // FMA contraction only: C++ results otherwise. Without other flags NVPTX selects div.rn and sqrt.rn.
        llvm::FastMathFlags contract;
        contract.setAllowContract(true);
        b.setFastMathFlags(contract);
    }
    switch (ins.op) {
    case Op::Add: return fp ? b.CreateFAdd(a, arg(ins.b)) : b.CreateAdd(a, arg(ins.b));
    case Op::Sub: return fp ? b.CreateFSub(a, arg(ins.b)) : b.CreateSub(a, arg(ins.b));
    case Op::Mul: return fp ? b.CreateFMul(a, arg(ins.b)) : b.CreateMul(a, arg(ins.b));
    case Op::Div: return fp ? b.CreateFDiv(a, arg(ins.b)) : int_div(b, a, arg(ins.b), t, false);
    case Op::Mod: return fp ? math.fmod(a, arg(ins.b), t) : int_div(b, a, arg(ins.b), t, true);
    case Op::Neg: return fp ? b.CreateFNeg(a) : b.CreateSub(llvm::Constant::getNullValue(ty), a);
    case Op::Not: return b.CreateNot(a);
    case Op::And: return b.CreateAnd(a, arg(ins.b));
    case Op::Or: return b.CreateOr(a, arg(ins.b));
    case Op::Xor: return b.CreateXor(a, arg(ins.b));
    case Op::Shl:
    case Op::Shr: { // the amount is taken modulo the width
        Value *amount = b.CreateAnd(arg(ins.b), llvm::ConstantInt::get(ty, bits_of(t) - 1));
        if (ins.op == Op::Shl)
            return b.CreateShl(a, amount);
        return is_signed(t) ? b.CreateAShr(a, amount) : b.CreateLShr(a, amount);
    }
    case Op::Eq: return fp ? b.CreateFCmpOEQ(a, arg(ins.b)) : b.CreateICmpEQ(a, arg(ins.b));
    case Op::Ne: return fp ? b.CreateFCmpUNE(a, arg(ins.b)) : b.CreateICmpNE(a, arg(ins.b));
    case Op::Lt:
        return fp ? b.CreateFCmpOLT(a, arg(ins.b))
                  : (is_signed(t) ? b.CreateICmpSLT(a, arg(ins.b)) : b.CreateICmpULT(a, arg(ins.b)));
    case Op::Le:
        return fp ? b.CreateFCmpOLE(a, arg(ins.b))
                  : (is_signed(t) ? b.CreateICmpSLE(a, arg(ins.b)) : b.CreateICmpULE(a, arg(ins.b)));
    case Op::Gt:
        return fp ? b.CreateFCmpOGT(a, arg(ins.b))
                  : (is_signed(t) ? b.CreateICmpSGT(a, arg(ins.b)) : b.CreateICmpUGT(a, arg(ins.b)));
    case Op::Ge:
        return fp ? b.CreateFCmpOGE(a, arg(ins.b))
                  : (is_signed(t) ? b.CreateICmpSGE(a, arg(ins.b)) : b.CreateICmpUGE(a, arg(ins.b)));
    case Op::Abs:
        if (fp)
            return call_intrinsic(b, llvm::Intrinsic::fabs, ty, {a});
        if (!is_signed(t))
            return a;
        return b.CreateIntrinsic(llvm::Intrinsic::abs, {ty}, {a, b.getFalse()}); // abs(INT_MIN) == INT_MIN
    case Op::Sqrt: return call_intrinsic(b, llvm::Intrinsic::sqrt, ty, {a});
    case Op::Rsqrt:
        return b.CreateFDiv(llvm::ConstantFP::get(ty, 1.0), call_intrinsic(b, llvm::Intrinsic::sqrt, ty, {a}));
    case Op::Exp: return math.call_math("exp", t, {a});
    case Op::Log: return math.call_math("log", t, {a});
    case Op::Sin: return math.call_math("sin", t, {a});
    case Op::Cos: return math.call_math("cos", t, {a});
    case Op::Tan: return math.call_math("tan", t, {a});
    case Op::Tanh: return math.call_math("tanh", t, {a});
    case Op::Erf: return math.call_math("erf", t, {a});
    case Op::Pow: return math.call_math("pow", t, {a, arg(ins.b)});
    case Op::Atan2: return math.call_math("atan2", t, {a, arg(ins.b)});
    case Op::Floor: return call_intrinsic(b, llvm::Intrinsic::floor, ty, {a});
    case Op::Ceil: return call_intrinsic(b, llvm::Intrinsic::ceil, ty, {a});
    case Op::Round: return call_intrinsic(b, llvm::Intrinsic::round, ty, {a}); // halfway cases away from zero
    case Op::Min: // minnum: a NaN operand is ignored
    case Op::Max: {
        bool is_min = ins.op == Op::Min;
        Value *rhs = arg(ins.b);
        if (!fp) {
            llvm::Intrinsic::ID id = is_min ? (is_signed(t) ? llvm::Intrinsic::smin : llvm::Intrinsic::umin)
                                            : (is_signed(t) ? llvm::Intrinsic::smax : llvm::Intrinsic::umax);
            return call_intrinsic(b, id, ty, {a, rhs});
        }
        Value *r = call_intrinsic(b, is_min ? llvm::Intrinsic::minnum : llvm::Intrinsic::maxnum, ty, {a, rhs});
        // minnum/maxnum may return either of two equal operands, and which one LLVM picks depends on the operand
        // order it settles on (a literal operand is moved, a vector minps returns its second operand): for -0 and
        // +0 the sign of the result would depend on whether an operand is a literal. Equal operands are combined
        // bitwise instead: min(-0, +0) is -0 and max(-0, +0) is +0 (IEEE 754-2019 minimumNumber/maximumNumber),
        // as fold.cpp computes it. Equal non-zero operands have the same bits, so only the zeros change.
        llvm::Type *ity = ty->getWithNewType(b.getIntNTy(ty->getScalarSizeInBits()));
        Value *ai = b.CreateBitCast(a, ity), *bi = b.CreateBitCast(rhs, ity);
        Value *both = b.CreateBitCast(is_min ? b.CreateOr(ai, bi) : b.CreateAnd(ai, bi), ty);
        return b.CreateSelect(b.CreateFCmpOEQ(a, rhs), both, r);
    }
    case Op::Fma:
        if (fp)
            return call_intrinsic(b, llvm::Intrinsic::fma, ty, {a, arg(ins.b), arg(ins.c)});
        return b.CreateAdd(b.CreateMul(a, arg(ins.b)), arg(ins.c));
    case Op::Select: return b.CreateSelect(a, arg(ins.b), arg(ins.c));
    case Op::Cast: return convert(b, a, ins.src_type, ins.type);
    default: TJ_UNREACHABLE(fmt::format("no element-wise lowering for op {}", int(ins.op)));
    }
}

} // namespace tj::elementwise
