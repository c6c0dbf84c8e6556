// runtime/backend/cpu_math.cpp — float32 sin and cos emitted inline into CPU kernels
//
// A call to a vector math library costs more than the function itself in a fused kernel: every SIMD register is
// caller-saved across it, so the loop spills around each call. The common range is computed inline here; the rare
// vector with a huge, infinite or NaN lane also calls the library and takes its lanes from it (a branch that is
// not taken in the common case).
#include "backend/cpu_math.h"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

namespace tj::cpu {
namespace {

using llvm::Value;

/// |x| up to this takes the inline path. Below it the first reduction step is exact (j·C1 and x are multiples of
/// 2^-23 and their difference is below 1), which keeps the error at 1.5 ulp (checked on every float below it).
constexpr float inline_limit = 131072.0f; // 2^17
/// pi/2 = C1 + C2 + C3 to 72 bits (each the float nearest to what is left).
constexpr float pio2_1 = 0x1.921fb6p+0f, pio2_2 = -0x1.777a5cp-25f, pio2_3 = -0x1.ee59dap-50f;
constexpr float two_over_pi = 0x1.45f306p-1f;
/// sin(r) = r + r^3 (s1 + r^2 (s2 + r^2 (s3 + r^2 s4))) and cos(r) = 1 + r^2 (c1 + r^2 (c2 + …)) for |r| <= pi/4:
/// Taylor coefficients, enough terms that truncation stays far below half an ulp.
constexpr float sin_coeffs[] = {-1.66666667e-1f, 8.33333333e-3f, -1.98412698e-4f, 2.75573192e-6f};
constexpr float cos_coeffs[] = {-0.5f, 4.16666667e-2f, -1.38888889e-3f, 2.48015873e-5f, -2.75573192e-7f};

Value *splat(llvm::IRBuilder<> &b, llvm::Type *t, float v) { return llvm::ConstantFP::get(t, double(v)); }

Value *fma(llvm::IRBuilder<> &b, Value *x, Value *y, Value *z) {
    return b.CreateIntrinsic(llvm::Intrinsic::fma, {x->getType()}, {x, y, z});
}

/// c[0] + r2 (c[1] + r2 (…)) by Horner's rule.
template <size_t N> Value *horner(llvm::IRBuilder<> &b, Value *r2, const float (&c)[N]) {
    llvm::Type *t = r2->getType();
    Value *p = splat(b, t, c[N - 1]);
    for (size_t k = N - 1; k-- > 0;)
        p = fma(b, r2, p, splat(b, t, c[k]));
    return p;
}

} // namespace

Value *sin_cos_f32(llvm::IRBuilder<> &b, Value *x, bool cosine, const MathFallback &fallback) {
    llvm::IRBuilder<>::FastMathFlagGuard guard(b);
    b.clearFastMathFlags(); // exactly the operations below: the error bound depends on them
    llvm::Type *ft = x->getType();
    llvm::Type *it = ft->getWithNewType(b.getInt32Ty());

    Value *ax = b.CreateIntrinsic(llvm::Intrinsic::fabs, {ft}, {x});
    Value *big = b.CreateFCmpUGT(ax, splat(b, ft, inline_limit), "trig.big"); // NaN too
    Value *xs = b.CreateSelect(big, llvm::Constant::getNullValue(ft), ax);   // big lanes: any value in range
    // x = j·pi/2 + r, |r| <= pi/4 (a little more where x·2/pi rounds across a half).
    Value *j = b.CreateIntrinsic(llvm::Intrinsic::rint, {ft}, {b.CreateFMul(xs, splat(b, ft, two_over_pi))});
    Value *nj = b.CreateFNeg(j);
    Value *r = fma(b, nj, splat(b, ft, pio2_1), xs);
    r = fma(b, nj, splat(b, ft, pio2_2), r);
    r = fma(b, nj, splat(b, ft, pio2_3), r);
    Value *r2 = b.CreateFMul(r, r);
    Value *s = fma(b, b.CreateFMul(r, r2), horner(b, r2, sin_coeffs), r);
    Value *c = fma(b, r2, horner(b, r2, cos_coeffs), splat(b, ft, 1.0f));

    // Quadrant q (cos: q + 1): odd ones take the other polynomial, q & 2 flips the sign; sin is odd in x.
    Value *q = b.CreateFPToSI(j, it);
    if (cosine)
        q = b.CreateAdd(q, llvm::ConstantInt::get(it, 1));
    Value *odd = b.CreateICmpNE(b.CreateAnd(q, llvm::ConstantInt::get(it, 1)), llvm::Constant::getNullValue(it));
    Value *v = b.CreateBitCast(b.CreateSelect(odd, c, s), it);
    Value *sign = b.CreateAnd(b.CreateShl(q, llvm::ConstantInt::get(it, 30)), llvm::ConstantInt::get(it, 0x80000000u));
    if (!cosine)
        sign = b.CreateXor(sign, b.CreateAnd(b.CreateBitCast(x, it), llvm::ConstantInt::get(it, 0x80000000u)));
    Value *fast = b.CreateBitCast(b.CreateXor(v, sign), ft, cosine ? "cos.inline" : "sin.inline");

    // The rare vector with a lane beyond the inline range.
    llvm::BasicBlock *before = b.GetInsertBlock();
    llvm::Function *f = before->getParent();
    auto *slow = llvm::BasicBlock::Create(b.getContext(), "trig.slow", f);
    auto *done = llvm::BasicBlock::Create(b.getContext(), "trig.done", f);
    Value *any_big = llvm::isa<llvm::VectorType>(ft) ? b.CreateOrReduce(big) : big;
    b.CreateCondBr(any_big, slow, done, llvm::MDBuilder(b.getContext()).createBranchWeights(1, 1000));
    b.SetInsertPoint(slow);
    Value *mixed = b.CreateSelect(big, fallback(x), fast);
    llvm::BasicBlock *slow_end = b.GetInsertBlock();
    b.CreateBr(done);
    b.SetInsertPoint(done);
    llvm::PHINode *result = b.CreatePHI(ft, 2, cosine ? "cos" : "sin");
    result->addIncoming(fast, before);
    result->addIncoming(mixed, slow_end);
    return result;
}

} // namespace tj::cpu
