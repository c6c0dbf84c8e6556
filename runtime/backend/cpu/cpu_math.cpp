// runtime/backend/cpu/cpu_math.cpp — math functions in CPU kernels: float32 sin and cos inline, the rest libmvec's
//
// A call to a vector math library costs more than the function itself in a fused kernel: every SIMD register is
// caller-saved across it, so the loop spills around each call. The common range of float32 sin and cos is computed
// inline here (`sin_cos_f32`); the rare vector with a huge, infinite or NaN lane also calls the library and takes its
// lanes from it (a branch that is not taken in the common case). The Lowering's math hooks (cpu_lowering.h:
// `call_math`, `fmod`), which shared_llvm_elementwise.cpp calls for every math op, are at the end.
#include "backend/cpu/cpu_math.h"
#include "backend/cpu/cpu_lowering.h"

#include <fmt/format.h>

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include <string>
#include <string_view>
#include <vector>

namespace tj::cpu {
namespace {

using llvm::Value;

/// |x| up to this takes the inline path. Below it the first reduction step is exact for sin, and for cos from |x| >= 1
/// (k·C1 and |x| are multiples of 2^-23 and their difference, below 2, is a float), and every float below it is
/// within 1.8 ulp of sin and cos (all of them checked against double in a scalar model of these operations whose
/// results the kernels match bit for bit; docs/benchmarks.md).
constexpr float inline_limit = 131072.0f; // 2^17
/// pi = C1 + C2 + C3 to 72 bits (each the float nearest to what is left).
constexpr float pi_1 = 0x1.921fb6p+1f, pi_2 = -0x1.777a5cp-24f, pi_3 = -0x1.ee59dap-49f;
constexpr float one_over_pi = 0x1.45f306p-2f;
/// 1.5 · 2^23: y + round_bias is y rounded to an integer (to even on ties) in the low mantissa bits, for |y| < 2^22;
/// subtracting it again gives that integer as a float, and the lowest bit of the sum is its parity.
constexpr float round_bias = 0x1.8p23f;
/// sin(r) = r + r^3 (s1 + r^2 (s2 + r^2 (s3 + r^2 s4))) for |r| <= 1.6 (pi/2 and the rounding of |x|/pi): minimax
/// coefficients for the relative error (8.4e-9 with these float values), fitted by a Remez exchange.
constexpr float sin_coeffs[] = {-0x1.55554ap-3f, 0x1.110e84p-7f, -0x1.9f615ep-13f, 0x1.5cf00ep-19f};

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
    auto bits = [&](Value *v) { return b.CreateBitCast(v, it); };
    auto int_splat = [&](uint32_t v) { return llvm::ConstantInt::get(it, v); };

    // Lanes beyond the inline range compute garbage here (no poison: only float operations and bit casts) and take
    // the fallback's result below.
    Value *ax = b.CreateIntrinsic(llvm::Intrinsic::fabs, {ft}, {x});
    Value *big = b.CreateFCmpUGT(ax, splat(b, ft, inline_limit), "trig.big"); // NaN too
    Value *bias = splat(b, ft, round_bias);
    // One polynomial for both, on r in [-pi/2, pi/2] (a little more where |x|/pi rounds across a half):
    // sin: |x| = k·pi + r, sin(x) = ±(-1)^k sin(r) with the sign of x;
    // cos: |x| = (k + 1/2)·pi - r, cos(x) = (-1)^k sin(r); h = 2k + 1 is exact, and the constants halved are too.
    Value *kk, *r;
    if (!cosine) {
        kk = fma(b, ax, splat(b, ft, one_over_pi), bias);
        Value *nk = b.CreateFNeg(b.CreateFSub(kk, bias));
        r = fma(b, nk, splat(b, ft, pi_1), ax);
        r = fma(b, nk, splat(b, ft, pi_2), r);
        r = fma(b, nk, splat(b, ft, pi_3), r);
    } else {
        kk = b.CreateFAdd(fma(b, ax, splat(b, ft, one_over_pi), splat(b, ft, -0.5f)), bias);
        Value *h = fma(b, b.CreateFSub(kk, bias), splat(b, ft, 2.0f), splat(b, ft, 1.0f));
        r = fma(b, h, splat(b, ft, pi_1 * 0.5f), b.CreateFNeg(ax));
        r = fma(b, h, splat(b, ft, pi_2 * 0.5f), r);
        r = fma(b, h, splat(b, ft, pi_3 * 0.5f), r);
    }
    Value *r2 = b.CreateFMul(r, r);
    Value *s = fma(b, b.CreateFMul(r, r2), horner(b, r2, sin_coeffs), r);

    // The parity of k is the lowest bit of kk; sin is odd in x (x ^ |x| is the sign bit of x).
    Value *sign = b.CreateShl(bits(kk), int_splat(31));
    if (!cosine)
        sign = b.CreateXor(sign, b.CreateXor(bits(x), bits(ax)));
    Value *fast = b.CreateBitCast(b.CreateXor(bits(s), sign), ft, cosine ? "cos.inline" : "sin.inline");

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

/// Float32 sin and cos inline (cpu_math.h), everything else from glibc's libmvec.
Value *Lowering::call_math(const char *name, VarType t, llvm::ArrayRef<Value *> args) {
    std::string_view fn = name;
    if (t == VarType::Float32 && (fn == "sin" || fn == "cos"))
        return sin_cos_f32(m_b, args[0], fn == "cos", [&](Value *x) { return call_libmvec(name, t, {x}); });
    return call_libmvec(name, t, args);
}

/// Calls glibc's libmvec for `name` (`…f` for Float32), in pieces of the widest vector the host runs.
Value *Lowering::call_libmvec(const char *name, VarType t, llvm::ArrayRef<Value *> args) {
    bool f32 = t == VarType::Float32;
    unsigned lanes = unsigned(m_host.vector_bits / (f32 ? 32 : 64));
    std::string vname =
        fmt::format("_ZGV{}N{}{}_{}{}", m_host.vector_isa, lanes, std::string(args.size(), 'v'), name, f32 ? "f" : "");
    auto *piece_ty = llvm::FixedVectorType::get(scalar_type(t), lanes);
    std::vector<llvm::Type *> arg_types(args.size(), piece_ty);
    llvm::FunctionCallee callee =
        elementwise::declare_pure_function(m_module, vname, llvm::FunctionType::get(piece_ty, arg_types, false));
    std::vector<Value *> pieces;
    for (unsigned first = 0; first < m_width; first += lanes) {
        std::vector<Value *> piece_args;
        for (Value *a : args)
            piece_args.push_back(lanes == m_width ? a : slice(a, first, lanes));
        pieces.push_back(elementwise::call_pure_function(m_b, callee, piece_args));
    }
    return pieces.size() == 1 ? pieces[0] : concat(pieces);
}

Value *Lowering::slice(Value *v, unsigned first, unsigned count) {
    std::vector<int> idx;
    for (unsigned k = 0; k < count; ++k)
        idx.push_back(int(first + k));
    return m_b.CreateShuffleVector(v, idx);
}

/// LLVM's frem is exact (C's fmod) on the CPU.
Value *Lowering::fmod(Value *a, Value *b, VarType) { return m_b.CreateFRem(a, b); }

} // namespace tj::cpu
