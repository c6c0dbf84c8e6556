// runtime/backend/llvm_codegen.cpp — kernel IR → LLVM IR (a scalar loop that LLVM vectorizes)
//
// `build_module` emits an internal body function with one parameter per param
// slot (buffers that cannot alias are `noalias`) and a thin entry point that
// unpacks the argument array; inlining turns `noalias` into alias scopes.
// Each instruction is lowered by `Lowering::compute`; undefined behaviour of
// C++ (integer division by zero, oversized shifts, float→int overflow) is
// replaced by defined results documented in docs/semantics.md.
#include "backend/llvm_codegen.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstring>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

namespace tj::cpu {
namespace {

using detail::Op;
using llvm::Value;

bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }
bool is_signed(VarType t) { return t == VarType::Int32 || t == VarType::Int64; }
unsigned bits_of(VarType t) {
    switch (t) {
    case VarType::Bool: return 1;
    case VarType::Int32: case VarType::UInt32: case VarType::Float32: return 32;
    default: return 64;
    }
}

/// State of lowering one kernel.
class Lowering {
  public:
    Lowering(const KernelIR &ir, const HostTarget &host, llvm::Module &m)
        : m_ir(ir), m_host(host), m_module(m), m_ctx(m.getContext()), m_b(m_ctx) {}

    void build() {
        llvm::Function *body = build_body();
        build_entry(body);
    }

  private:
    llvm::Type *reg_type(VarType t) {
        switch (t) {
        case VarType::Bool: return m_b.getInt1Ty();
        case VarType::Int32: case VarType::UInt32: return m_b.getInt32Ty();
        case VarType::Int64: case VarType::UInt64: return m_b.getInt64Ty();
        case VarType::Float32: return m_b.getFloatTy();
        case VarType::Float64: return m_b.getDoubleTy();
        }
        return nullptr;
    }
    /// In memory, Bool is one byte.
    llvm::Type *mem_type(VarType t) { return t == VarType::Bool ? m_b.getInt8Ty() : reg_type(t); }

    void set_target_attrs(llvm::Function *f) {
        f->addFnAttr("target-cpu", m_host.cpu);
        f->addFnAttr("target-features", m_host.features);
        f->addFnAttr("prefer-vector-width", std::to_string(m_host.vector_bits));
        f->addFnAttr(llvm::Attribute::NoUnwind);
    }

    llvm::Function *build_body() {
        std::vector<llvm::Type *> params{m_b.getInt64Ty(), m_b.getInt64Ty()};
        for (ParamKind k : m_ir.params)
            params.push_back(k == ParamKind::Size ? (llvm::Type *)m_b.getInt64Ty() : m_b.getPtrTy());
        auto *fty = llvm::FunctionType::get(m_b.getVoidTy(), params, false);
        auto *f = llvm::Function::Create(fty, llvm::Function::InternalLinkage, "tj_body", m_module);
        set_target_attrs(f);
        f->addFnAttr(llvm::Attribute::AlwaysInline);
        for (size_t k = 0; k < m_ir.params.size(); ++k) {
            ParamKind kind = m_ir.params[k];
            if (kind == ParamKind::Input || kind == ParamKind::Output) {
                f->addParamAttr(unsigned(k + 2), llvm::Attribute::NoAlias);
                f->addParamAttr(unsigned(k + 2), llvm::Attribute::NoCapture);
            }
            if (kind == ParamKind::Input)
                f->addParamAttr(unsigned(k + 2), llvm::Attribute::ReadOnly);
        }
        auto *entry = llvm::BasicBlock::Create(m_ctx, "entry", f);
        auto *loop = llvm::BasicBlock::Create(m_ctx, "loop", f);
        auto *exit = llvm::BasicBlock::Create(m_ctx, "exit", f);
        m_b.SetInsertPoint(entry);
        Value *start = f->getArg(0), *end = f->getArg(1);
        for (size_t k = 0; k < m_ir.params.size(); ++k)
            m_params.push_back(f->getArg(unsigned(k + 2)));
        m_b.CreateCondBr(m_b.CreateICmpULT(start, end), loop, exit);

        m_b.SetInsertPoint(loop);
        llvm::PHINode *i = m_b.CreatePHI(m_b.getInt64Ty(), 2, "i");
        i->addIncoming(start, entry);
        m_index = i;
        m_values.reserve(m_ir.instrs.size());
        for (const Instr &ins : m_ir.instrs)
            m_values.push_back(lower(ins));
        Value *next = m_b.CreateAdd(i, m_b.getInt64(1), "i.next", true, true);
        i->addIncoming(next, m_b.GetInsertBlock());
        m_b.CreateCondBr(m_b.CreateICmpULT(next, end), loop, exit);
        m_b.SetInsertPoint(exit);
        m_b.CreateRetVoid();
        return f;
    }

    void build_entry(llvm::Function *body) {
        auto *fty = llvm::FunctionType::get(m_b.getVoidTy(), {m_b.getInt64Ty(), m_b.getInt64Ty(), m_b.getPtrTy()}, false);
        auto *f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, kernel_entry, m_module);
        set_target_attrs(f);
        m_b.SetInsertPoint(llvm::BasicBlock::Create(m_ctx, "entry", f));
        std::vector<Value *> args{f->getArg(0), f->getArg(1)};
        for (size_t k = 0; k < m_ir.params.size(); ++k) {
            Value *slot = m_b.CreateConstInBoundsGEP1_64(m_b.getPtrTy(), f->getArg(2), k);
            llvm::Type *t = m_ir.params[k] == ParamKind::Size ? (llvm::Type *)m_b.getInt64Ty() : m_b.getPtrTy();
            args.push_back(m_b.CreateLoad(t, slot));
        }
        m_b.CreateCall(body, args);
        m_b.CreateRetVoid();
    }

    Value *constant(VarType t, uint64_t bits) {
        switch (t) {
        case VarType::Float32: {
            uint32_t b32 = uint32_t(bits);
            float f;
            std::memcpy(&f, &b32, 4);
            return llvm::ConstantFP::get(m_b.getFloatTy(), f);
        }
        case VarType::Float64: {
            double d;
            std::memcpy(&d, &bits, 8);
            return llvm::ConstantFP::get(m_b.getDoubleTy(), d);
        }
        default:
            return llvm::ConstantInt::get(reg_type(t), bits & (bits_of(t) == 64 ? ~0ull : ((1ull << bits_of(t)) - 1)));
        }
    }

    Value *load(VarType t, Value *ptr, Value *index) {
        Value *p = m_b.CreateInBoundsGEP(mem_type(t), ptr, index);
        Value *v = m_b.CreateLoad(mem_type(t), p);
        return t == VarType::Bool ? m_b.CreateICmpNE(v, m_b.getInt8(0)) : v;
    }
    Value *to_mem(VarType t, Value *v) { return t == VarType::Bool ? m_b.CreateZExt(v, m_b.getInt8Ty()) : v; }

    Value *lower(const Instr &ins) {
        switch (ins.kind) {
        case InstrKind::Const: return constant(ins.type, ins.imm);
        case InstrKind::Load: return load(ins.type, m_params[ins.a], m_index);
        case InstrKind::Bcast: return load(ins.type, m_params[ins.a], m_b.getInt64(0));
        case InstrKind::Index: return convert(m_index, VarType::UInt64, ins.type);
        case InstrKind::Store: {
            Value *p = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.a], m_index);
            m_b.CreateStore(to_mem(ins.type, m_values[ins.b]), p);
            return nullptr;
        }
        case InstrKind::Compute: return compute(ins);
        }
        return nullptr;
    }

    /// The fast-math flags allowed without changing C++ results beyond FMA contraction.
    llvm::FastMathFlags contract() {
        llvm::FastMathFlags fmf;
        fmf.setAllowContract(true);
        return fmf;
    }

    Value *call_intrinsic(llvm::Intrinsic::ID id, llvm::Type *t, std::initializer_list<Value *> args) {
        return m_b.CreateIntrinsic(id, {t}, args);
    }

    /// A call to libm's `name` with its libmvec vector variants attached, so the loop vectorizer can use them.
    Value *vector_math(const char *name32, const char *name64, VarType t, std::initializer_list<Value *> args) {
        bool f32 = t == VarType::Float32;
        std::string name = f32 ? name32 : name64;
        llvm::Type *ty = reg_type(t);
        std::vector<llvm::Type *> arg_types(args.size(), ty);
        llvm::FunctionCallee callee = m_module.getOrInsertFunction(name, llvm::FunctionType::get(ty, arg_types, false));
        auto *fn = llvm::cast<llvm::Function>(callee.getCallee());
        fn->setDoesNotAccessMemory();
        fn->setDoesNotThrow();
        fn->setWillReturn();
        std::string params(args.size(), 'v');
        std::string variants;
        std::vector<llvm::GlobalValue *> used;
        struct Isa { char code; int bits; };
        const Isa isas[] = {{'b', 128}, {'d', 256}, {'e', 512}};
        for (const Isa &isa : isas) {
            if (isa.bits > m_host.vector_bits)
                break;
            int lanes = isa.bits / (f32 ? 32 : 64);
            std::string vname = fmt::format("_ZGV{}N{}{}_{}", isa.code, lanes, params, name);
            auto *vty = llvm::FixedVectorType::get(ty, lanes);
            std::vector<llvm::Type *> vargs(args.size(), vty);
            llvm::FunctionCallee vc = m_module.getOrInsertFunction(vname, llvm::FunctionType::get(vty, vargs, false));
            auto *vfn = llvm::cast<llvm::Function>(vc.getCallee());
            vfn->setDoesNotAccessMemory();
            vfn->setDoesNotThrow();
            used.push_back(vfn);
            if (!variants.empty())
                variants += ",";
            variants += fmt::format("_ZGV_LLVM_N{}{}_{}({})", lanes, params, name, vname);
        }
        llvm::appendToCompilerUsed(m_module, used);
        llvm::CallInst *call = m_b.CreateCall(callee, std::vector<Value *>(args));
        call->addFnAttr(llvm::Attribute::get(m_ctx, "vector-function-abi-variant", variants));
        call->setDoesNotAccessMemory();
        return call;
    }

    Value *convert(Value *v, VarType from, VarType to) {
        if (from == to)
            return v;
        llvm::Type *dt = reg_type(to);
        if (to == VarType::Bool)
            return is_float(from) ? m_b.CreateFCmpUNE(v, llvm::ConstantFP::get(v->getType(), 0.0))
                                  : m_b.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
        if (is_float(from) && is_float(to))
            return bits_of(to) > bits_of(from) ? m_b.CreateFPExt(v, dt) : m_b.CreateFPTrunc(v, dt);
        if (is_float(from)) // saturating, NaN → 0: C++ leaves out-of-range conversions undefined
            return m_b.CreateIntrinsic(is_signed(to) ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat,
                                       {dt, v->getType()}, {v});
        if (is_float(to))
            return is_signed(from) ? m_b.CreateSIToFP(v, dt) : m_b.CreateUIToFP(v, dt);
        return is_signed(from) ? m_b.CreateSExtOrTrunc(v, dt) : m_b.CreateZExtOrTrunc(v, dt);
    }

    Value *int_div(Value *a, Value *b, VarType t, bool rem) {
        llvm::Type *ty = a->getType();
        Value *zero = llvm::ConstantInt::get(ty, 0), *one = llvm::ConstantInt::get(ty, 1);
        Value *by_zero = m_b.CreateICmpEQ(b, zero);
        if (!is_signed(t)) {
            Value *d = m_b.CreateSelect(by_zero, one, b);
            Value *r = rem ? m_b.CreateURem(a, d) : m_b.CreateUDiv(a, d);
            return m_b.CreateSelect(by_zero, rem ? a : zero, r);
        }
        // -1 would overflow for the smallest value: handle it without dividing.
        Value *minus_one = m_b.CreateICmpEQ(b, llvm::ConstantInt::getSigned(ty, -1));
        Value *d = m_b.CreateSelect(m_b.CreateOr(by_zero, minus_one), one, b);
        Value *r = rem ? m_b.CreateSRem(a, d) : m_b.CreateSDiv(a, d);
        r = m_b.CreateSelect(minus_one, rem ? zero : m_b.CreateSub(zero, a), r);
        return m_b.CreateSelect(by_zero, rem ? a : zero, r);
    }

    Value *index_in_range(const Instr &ins, Value *index, Value *mask, Value *size, Value *&index64) {
        index64 = is_signed(ins.src_type) ? m_b.CreateSExtOrTrunc(index, m_b.getInt64Ty())
                                          : m_b.CreateZExtOrTrunc(index, m_b.getInt64Ty());
        return m_b.CreateAnd(mask, m_b.CreateICmpULT(index64, size));
    }

    Value *compute(const Instr &ins) {
        VarType t = ins.src_type;
        bool fp = is_float(t);
        Value *a = ins.op == Op::Gather || ins.op == Op::Scatter || ins.op == Op::ScatterAdd ? nullptr : m_values[ins.a];
        auto arg = [&](uint32_t k) { return m_values[k]; };
        llvm::Type *ty = reg_type(t);
        llvm::IRBuilder<>::FastMathFlagGuard guard(m_b);
        if (fp)
            m_b.setFastMathFlags(contract());
        switch (ins.op) {
        case Op::Add: return fp ? m_b.CreateFAdd(a, arg(ins.b)) : m_b.CreateAdd(a, arg(ins.b));
        case Op::Sub: return fp ? m_b.CreateFSub(a, arg(ins.b)) : m_b.CreateSub(a, arg(ins.b));
        case Op::Mul: return fp ? m_b.CreateFMul(a, arg(ins.b)) : m_b.CreateMul(a, arg(ins.b));
        case Op::Div: return fp ? m_b.CreateFDiv(a, arg(ins.b)) : int_div(a, arg(ins.b), t, false);
        case Op::Mod: return fp ? m_b.CreateFRem(a, arg(ins.b)) : int_div(a, arg(ins.b), t, true);
        case Op::Neg: return fp ? m_b.CreateFNeg(a) : m_b.CreateSub(llvm::ConstantInt::get(ty, 0), a);
        case Op::Not: return m_b.CreateNot(a);
        case Op::And: return m_b.CreateAnd(a, arg(ins.b));
        case Op::Or: return m_b.CreateOr(a, arg(ins.b));
        case Op::Xor: return m_b.CreateXor(a, arg(ins.b));
        case Op::Shl:
        case Op::Shr: {
            Value *amount = m_b.CreateAnd(arg(ins.b), llvm::ConstantInt::get(ty, bits_of(t) - 1));
            if (ins.op == Op::Shl)
                return m_b.CreateShl(a, amount);
            return is_signed(t) ? m_b.CreateAShr(a, amount) : m_b.CreateLShr(a, amount);
        }
        case Op::Eq: return fp ? m_b.CreateFCmpOEQ(a, arg(ins.b)) : m_b.CreateICmpEQ(a, arg(ins.b));
        case Op::Ne: return fp ? m_b.CreateFCmpUNE(a, arg(ins.b)) : m_b.CreateICmpNE(a, arg(ins.b));
        case Op::Lt:
            return fp ? m_b.CreateFCmpOLT(a, arg(ins.b))
                      : (is_signed(t) ? m_b.CreateICmpSLT(a, arg(ins.b)) : m_b.CreateICmpULT(a, arg(ins.b)));
        case Op::Le:
            return fp ? m_b.CreateFCmpOLE(a, arg(ins.b))
                      : (is_signed(t) ? m_b.CreateICmpSLE(a, arg(ins.b)) : m_b.CreateICmpULE(a, arg(ins.b)));
        case Op::Gt:
            return fp ? m_b.CreateFCmpOGT(a, arg(ins.b))
                      : (is_signed(t) ? m_b.CreateICmpSGT(a, arg(ins.b)) : m_b.CreateICmpUGT(a, arg(ins.b)));
        case Op::Ge:
            return fp ? m_b.CreateFCmpOGE(a, arg(ins.b))
                      : (is_signed(t) ? m_b.CreateICmpSGE(a, arg(ins.b)) : m_b.CreateICmpUGE(a, arg(ins.b)));
        case Op::Abs:
            if (fp)
                return call_intrinsic(llvm::Intrinsic::fabs, ty, {a});
            if (!is_signed(t))
                return a;
            return m_b.CreateIntrinsic(llvm::Intrinsic::abs, {ty}, {a, m_b.getFalse()});
        case Op::Sqrt: return call_intrinsic(llvm::Intrinsic::sqrt, ty, {a});
        case Op::Rsqrt:
            return m_b.CreateFDiv(llvm::ConstantFP::get(ty, 1.0), call_intrinsic(llvm::Intrinsic::sqrt, ty, {a}));
        case Op::Exp: return vector_math("expf", "exp", t, {a});
        case Op::Log: return vector_math("logf", "log", t, {a});
        case Op::Sin: return vector_math("sinf", "sin", t, {a});
        case Op::Cos: return vector_math("cosf", "cos", t, {a});
        case Op::Tan: return vector_math("tanf", "tan", t, {a});
        case Op::Tanh: return vector_math("tanhf", "tanh", t, {a});
        case Op::Erf: return vector_math("erff", "erf", t, {a});
        case Op::Pow: return vector_math("powf", "pow", t, {a, arg(ins.b)});
        case Op::Atan2: return vector_math("atan2f", "atan2", t, {a, arg(ins.b)});
        case Op::Floor: return call_intrinsic(llvm::Intrinsic::floor, ty, {a});
        case Op::Ceil: return call_intrinsic(llvm::Intrinsic::ceil, ty, {a});
        case Op::Round: return call_intrinsic(llvm::Intrinsic::round, ty, {a});
        case Op::Min:
            return call_intrinsic(fp ? llvm::Intrinsic::minnum
                                     : (is_signed(t) ? llvm::Intrinsic::smin : llvm::Intrinsic::umin),
                                  ty, {a, arg(ins.b)});
        case Op::Max:
            return call_intrinsic(fp ? llvm::Intrinsic::maxnum
                                     : (is_signed(t) ? llvm::Intrinsic::smax : llvm::Intrinsic::umax),
                                  ty, {a, arg(ins.b)});
        case Op::Fma:
            if (fp)
                return call_intrinsic(llvm::Intrinsic::fma, ty, {a, arg(ins.b), arg(ins.c)});
            return m_b.CreateAdd(m_b.CreateMul(a, arg(ins.b)), arg(ins.c));
        case Op::Select: return m_b.CreateSelect(a, arg(ins.b), arg(ins.c));
        case Op::Cast: return convert(a, ins.src_type, ins.type);
        case Op::Gather: {
            Value *index64;
            Value *valid = index_in_range(ins, arg(ins.a), arg(ins.b), m_params[ins.d], index64);
            Value *safe = m_b.CreateSelect(valid, index64, m_b.getInt64(0));
            Value *v = load(ins.type, m_params[ins.c], safe);
            Value *zero = ins.type == VarType::Bool ? (Value *)m_b.getFalse() : constant(ins.type, 0);
            return m_b.CreateSelect(valid, v, zero);
        }
        case Op::Scatter:
        case Op::ScatterAdd: {
            Value *index64;
            Value *valid = index_in_range(ins, arg(ins.b), arg(ins.c), m_params[uint32_t(ins.imm)], index64);
            llvm::Function *f = m_b.GetInsertBlock()->getParent();
            auto *then = llvm::BasicBlock::Create(m_ctx, "scatter", f);
            auto *cont = llvm::BasicBlock::Create(m_ctx, "scatter.done", f);
            m_b.CreateCondBr(valid, then, cont);
            m_b.SetInsertPoint(then);
            Value *p = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.d], index64);
            Value *v = arg(ins.a);
            if (ins.op == Op::Scatter)
                m_b.CreateStore(to_mem(ins.type, v), p);
            else
                m_b.CreateAtomicRMW(is_float(ins.type) ? llvm::AtomicRMWInst::FAdd : llvm::AtomicRMWInst::Add, p, v,
                                    llvm::MaybeAlign(), llvm::AtomicOrdering::Monotonic);
            m_b.CreateBr(cont);
            m_b.SetInsertPoint(cont);
            return nullptr;
        }
        default:
            throw Error(fmt::format("tracejit: internal error: no CPU lowering for op {}", int(ins.op)));
        }
    }

    const KernelIR &m_ir;
    const HostTarget &m_host;
    llvm::Module &m_module;
    llvm::LLVMContext &m_ctx;
    llvm::IRBuilder<> m_b;
    std::vector<Value *> m_params;
    std::vector<Value *> m_values;
    Value *m_index = nullptr;
};

} // namespace

std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, const HostTarget &host, llvm::LLVMContext &ctx) {
    auto m = std::make_unique<llvm::Module>("tj_kernel", ctx);
    m->setTargetTriple(host.triple);
    m->setDataLayout(host.data_layout);
    Lowering(ir, host, *m).build();
    std::string err;
    llvm::raw_string_ostream os(err);
    if (llvm::verifyModule(*m, &os))
        throw Error("tracejit: internal error: invalid kernel IR: " + err);
    return m;
}

} // namespace tj::cpu
