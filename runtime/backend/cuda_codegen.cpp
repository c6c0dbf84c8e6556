// runtime/backend/cuda_codegen.cpp — kernel IR → LLVM IR for NVPTX: scalar code, one GPU thread per element
//
// The CPU lowering (llvm_codegen.cpp) vectorises by hand; here every thread runs the kernel's instructions on
// one element, in a grid-stride loop over [start, end). `Lowering::compute` mirrors the CPU's operation by
// operation, with the same defined results where C++ has undefined behaviour (docs/semantics.md): integer
// division by zero and INT_MIN / -1, shift amounts taken modulo the width, saturating float → int, Bool as one
// byte in memory, gathers and scatters that skip masked and out-of-range indices. Where NVPTX has no correctly
// rounded instruction (exp, log, sin, …, fmod) the code calls libdevice's `__nv_*` functions; sqrt, division,
// floor, ceil, round, min, max, fma and abs select native instructions that are exact. A symbolic loop is a
// plain loop per thread: the thread leaves it when its own condition is false.
#include "backend/cuda_codegen.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstring>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

namespace tj::cuda {
namespace {

using detail::Op;
using llvm::Value;

/// Global memory on NVPTX.
constexpr unsigned global_space = 1;

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

/// State of lowering one kernel.
class Lowering {
  public:
    Lowering(const KernelIR &ir, llvm::Module &m) : m_ir(ir), m_module(m), m_ctx(m.getContext()), m_b(m_ctx) {}

    void build() {
        llvm::Function *f = create_kernel();
        auto *entry = llvm::BasicBlock::Create(m_ctx, "entry", f);
        auto *pre = llvm::BasicBlock::Create(m_ctx, "pre", f);
        auto *loop = llvm::BasicBlock::Create(m_ctx, "loop", f);
        auto *exit = llvm::BasicBlock::Create(m_ctx, "exit", f);
        m_b.SetInsertPoint(entry);
        Value *start = f->getArg(0), *end = f->getArg(1);
        // Products in 64 bits: a grid of 2^31 blocks of 1024 threads overflows 32.
        Value *block = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x);
        Value *threads = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x);
        Value *thread = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x);
        Value *blocks = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x);
        Value *first = m_b.CreateAdd(start, m_b.CreateAdd(m_b.CreateMul(block, threads), thread), "first");
        Value *stride = m_b.CreateMul(blocks, threads, "stride");
        m_b.CreateCondBr(m_b.CreateICmpULT(first, end), pre, exit);

        // Width-1 inputs and embedded literals: once per thread, before the loop.
        m_b.SetInsertPoint(pre);
        m_values.assign(m_ir.instrs.size(), nullptr);
        for (size_t n = 0; n < m_ir.instrs.size(); ++n) {
            const Instr &ins = m_ir.instrs[n];
            if (ins.kind == InstrKind::Const || ins.kind == InstrKind::Bcast)
                m_values[n] = lower(ins);
        }
        m_b.CreateBr(loop);

        m_b.SetInsertPoint(loop);
        llvm::PHINode *i = m_b.CreatePHI(m_b.getInt64Ty(), 2, "i");
        i->addIncoming(first, pre);
        m_index = i;
        for (size_t n = 0; n < m_ir.instrs.size(); ++n)
            if (!m_values[n])
                m_values[n] = lower(m_ir.instrs[n]);
        Value *next = m_b.CreateAdd(i, stride, "i.next");
        i->addIncoming(next, m_b.GetInsertBlock());
        // `next < end` alone would wrap for an `end` near 2^64; element counts never get there.
        m_b.CreateCondBr(m_b.CreateICmpULT(next, end), loop, exit);
        m_b.SetInsertPoint(exit);
        m_b.CreateRetVoid();
    }

  private:
    llvm::Function *create_kernel() {
        std::vector<llvm::Type *> params{m_b.getInt64Ty(), m_b.getInt64Ty()};
        for (ParamKind k : m_ir.params)
            params.push_back(k == ParamKind::Size ? (llvm::Type *)m_b.getInt64Ty() : global_ptr());
        auto *fty = llvm::FunctionType::get(m_b.getVoidTy(), params, false);
        auto *f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, kernel_entry, m_module);
        f->addFnAttr(llvm::Attribute::NoUnwind);
        // Inputs and outputs never alias (one param per buffer): read-only inputs may use the non-coherent cache.
        for (size_t k = 0; k < m_ir.params.size(); ++k) {
            ParamKind kind = m_ir.params[k];
            if (kind == ParamKind::Input || kind == ParamKind::Output) {
                f->addParamAttr(unsigned(k + 2), llvm::Attribute::NoAlias);
                f->addParamAttr(unsigned(k + 2), llvm::Attribute::NoCapture);
            }
            if (kind == ParamKind::Input)
                f->addParamAttr(unsigned(k + 2), llvm::Attribute::ReadOnly);
        }
        // A kernel (an `.entry`), not a device function.
        llvm::Metadata *annotation[] = {llvm::ValueAsMetadata::get(f), llvm::MDString::get(m_ctx, "kernel"),
                                        llvm::ValueAsMetadata::get(m_b.getInt32(1))};
        m_module.getOrInsertNamedMetadata("nvvm.annotations")->addOperand(llvm::MDNode::get(m_ctx, annotation));
        for (size_t k = 0; k < m_ir.params.size(); ++k)
            m_params.push_back(f->getArg(unsigned(k + 2)));
        m_function = f;
        return f;
    }

    llvm::PointerType *global_ptr() { return llvm::PointerType::get(m_ctx, global_space); }
    /// A special register, zero-extended to 64 bits.
    Value *sreg(llvm::Intrinsic::ID id) { return m_b.CreateZExt(m_b.CreateIntrinsic(id, {}, {}), m_b.getInt64Ty()); }

    llvm::Type *scalar_type(VarType t) {
        switch (t) {
        case VarType::Bool: return m_b.getInt1Ty();
        case VarType::Int32:
        case VarType::UInt32: return m_b.getInt32Ty();
        case VarType::Int64:
        case VarType::UInt64: return m_b.getInt64Ty();
        case VarType::Float32: return m_b.getFloatTy();
        case VarType::Float64: return m_b.getDoubleTy();
        }
        return nullptr;
    }
    /// In memory, Bool is one byte.
    llvm::Type *mem_type(VarType t) { return t == VarType::Bool ? m_b.getInt8Ty() : scalar_type(t); }
    llvm::Align align_of(VarType t) { return llvm::Align(detail::type_size(t)); }

    llvm::Constant *constant(VarType t, uint64_t bits) {
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
            return llvm::ConstantInt::get(scalar_type(t),
                                          bits & (bits_of(t) == 64 ? ~0ull : ((1ull << bits_of(t)) - 1)));
        }
    }

    Value *from_mem(VarType t, Value *v) { return t == VarType::Bool ? m_b.CreateICmpNE(v, m_b.getInt8(0)) : v; }
    Value *to_mem(VarType t, Value *v) { return t == VarType::Bool ? m_b.CreateZExt(v, m_b.getInt8Ty()) : v; }
    /// Element `index` of the buffer in param `param`.
    Value *element(uint32_t param, VarType t, Value *index) {
        return m_b.CreateInBoundsGEP(mem_type(t), m_params[param], index);
    }

    Value *lower(const Instr &ins) {
        switch (ins.kind) {
        case InstrKind::Const: return constant(ins.type, ins.imm);
        case InstrKind::Bcast:
            return from_mem(ins.type, m_b.CreateAlignedLoad(mem_type(ins.type), m_params[ins.a], align_of(ins.type)));
        case InstrKind::Load:
            return from_mem(ins.type, m_b.CreateAlignedLoad(mem_type(ins.type), element(ins.a, ins.type, m_index),
                                                            align_of(ins.type)));
        case InstrKind::ConstTable: {
            // Slot `imm` holds the literal's bits in its low bytes (little-endian); the table never changes.
            Value *p = m_b.CreateConstInBoundsGEP1_64(m_b.getInt64Ty(), m_params[ins.a], ins.imm);
            auto *load = m_b.CreateAlignedLoad(mem_type(ins.type), p, llvm::Align(8));
            load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(m_ctx, {}));
            return from_mem(ins.type, load);
        }
        case InstrKind::Index: return convert(m_index, VarType::UInt64, ins.type);
        case InstrKind::Store:
            m_b.CreateAlignedStore(to_mem(ins.type, m_values[ins.b]), element(ins.a, ins.type, m_index),
                                   align_of(ins.type));
            return nullptr;
        case InstrKind::Compute: return compute(ins);
        case InstrKind::LoopStart: return loop_start();
        case InstrKind::Phi: return loop_phi(ins);
        case InstrKind::LoopCond: return loop_cond(ins);
        case InstrKind::PhiUpdate: return phi_update(ins);
        case InstrKind::LoopEnd: return loop_end();
        }
        return nullptr;
    }

    // A symbolic loop (kernel_ir.h) is an ordinary loop of each thread: the state lives in phi nodes of the
    // header, the condition's instructions follow them, and the thread leaves when its condition is false.
    // After the loop, a Phi's value (the header's phi, which dominates the exit) is the state's final value.
    struct SymbolicLoop {
        llvm::BasicBlock *pre, *header, *exit;
        std::vector<std::pair<llvm::PHINode *, Value *>> next; ///< each state phi and its value after the body
    };

    Value *loop_start() {
        SymbolicLoop l;
        l.pre = m_b.GetInsertBlock();
        l.header = llvm::BasicBlock::Create(m_ctx, "sym.head", m_function);
        l.exit = llvm::BasicBlock::Create(m_ctx, "sym.exit", m_function);
        m_b.CreateBr(l.header);
        m_b.SetInsertPoint(l.header);
        m_loops.push_back(l);
        return nullptr;
    }
    Value *loop_phi(const Instr &ins) {
        SymbolicLoop &l = m_loops.back();
        llvm::IRBuilder<> at_top(l.header, l.header->getFirstNonPHIIt()); // phis first, whatever follows
        llvm::PHINode *phi = at_top.CreatePHI(scalar_type(ins.type), 2, "state");
        phi->addIncoming(m_values[ins.a], l.pre);
        return phi;
    }
    Value *loop_cond(const Instr &ins) {
        SymbolicLoop &l = m_loops.back();
        auto *body = llvm::BasicBlock::Create(m_ctx, "sym.body", m_function);
        m_b.CreateCondBr(m_values[ins.a], body, l.exit);
        m_b.SetInsertPoint(body);
        return nullptr;
    }
    Value *phi_update(const Instr &ins) {
        m_loops.back().next.push_back({llvm::cast<llvm::PHINode>(m_values[ins.a]), m_values[ins.b]});
        return nullptr;
    }
    Value *loop_end() {
        SymbolicLoop l = m_loops.back();
        m_loops.pop_back();
        llvm::BasicBlock *latch = m_b.GetInsertBlock();
        for (auto &[phi, value] : l.next)
            phi->addIncoming(value, latch);
        m_b.CreateBr(l.header);
        m_b.SetInsertPoint(l.exit);
        return nullptr;
    }

    /// The fast-math flags allowed without changing C++ results beyond FMA contraction (as on the CPU).
    llvm::FastMathFlags contract() {
        llvm::FastMathFlags fmf;
        fmf.setAllowContract(true);
        return fmf;
    }

    Value *call_intrinsic(llvm::Intrinsic::ID id, llvm::Type *t, std::initializer_list<Value *> args) {
        return m_b.CreateIntrinsic(id, {t}, args);
    }

    /// Calls libdevice's correctly rounded or few-ulp `__nv_<name>f` (Float32) or `__nv_<name>` (Float64).
    Value *libdevice(const char *name, VarType t, std::initializer_list<Value *> args) {
        std::string fn = fmt::format("__nv_{}{}", name, t == VarType::Float32 ? "f" : "");
        llvm::Type *ty = scalar_type(t);
        std::vector<llvm::Type *> arg_types(args.size(), ty);
        llvm::FunctionCallee callee = m_module.getOrInsertFunction(fn, llvm::FunctionType::get(ty, arg_types, false));
        if (auto *f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
            f->setDoesNotAccessMemory();
            f->setDoesNotThrow();
            f->setWillReturn();
        }
        auto *call = m_b.CreateCall(callee, args);
        call->setDoesNotAccessMemory();
        return call;
    }

    Value *convert(Value *v, VarType from, VarType to) {
        if (from == to)
            return v;
        llvm::Type *dt = scalar_type(to);
        if (to == VarType::Bool)
            return is_float(from) ? m_b.CreateFCmpUNE(v, llvm::Constant::getNullValue(v->getType()))
                                  : m_b.CreateICmpNE(v, llvm::Constant::getNullValue(v->getType()));
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
        Value *zero = llvm::Constant::getNullValue(ty), *one = llvm::ConstantInt::get(ty, 1);
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

    /// Whether the element `index` (of integer type `index_type`) is selected by `mask` and inside the buffer
    /// whose element count is in Size param `size_param`; `index64` receives the index as i64.
    Value *valid_index(VarType index_type, Value *index, Value *mask, uint32_t size_param, Value *&index64) {
        index64 = is_signed(index_type) ? m_b.CreateSExtOrTrunc(index, m_b.getInt64Ty())
                                        : m_b.CreateZExtOrTrunc(index, m_b.getInt64Ty());
        // A negative index becomes a huge unsigned one: out of range as well.
        return m_b.CreateAnd(mask, m_b.CreateICmpULT(index64, m_params[size_param]));
    }

    /// Runs what `emit_access` emits only where `valid` holds, then continues after it.
    template <class F> void guarded(Value *valid, const char *name, F emit_access) {
        auto *access = llvm::BasicBlock::Create(m_ctx, name, m_function);
        auto *done = llvm::BasicBlock::Create(m_ctx, std::string(name) + ".done", m_function);
        m_b.CreateCondBr(valid, access, done);
        m_b.SetInsertPoint(access);
        emit_access();
        m_b.CreateBr(done);
        m_b.SetInsertPoint(done);
    }

    Value *gather(const Instr &ins) {
        Value *index64;
        Value *valid = valid_index(ins.src_type, m_values[ins.a], m_values[ins.b], ins.d, index64);
        llvm::Type *mt = mem_type(ins.type);
        llvm::BasicBlock *before = m_b.GetInsertBlock();
        Value *loaded = nullptr;
        llvm::BasicBlock *load_block = nullptr;
        guarded(valid, "gather", [&] {
            loaded = m_b.CreateAlignedLoad(mt, element(ins.c, ins.type, index64), align_of(ins.type));
            load_block = m_b.GetInsertBlock();
        });
        llvm::PHINode *v = m_b.CreatePHI(mt, 2);
        v->addIncoming(llvm::Constant::getNullValue(mt), before);
        v->addIncoming(loaded, load_block);
        return from_mem(ins.type, v);
    }

    void scatter(const Instr &ins) {
        Value *index64;
        Value *valid = valid_index(ins.src_type, m_values[ins.b], m_values[ins.c], uint32_t(ins.imm), index64);
        Value *value = m_values[ins.a];
        guarded(valid, ins.op == Op::Scatter ? "scatter" : "scatter_add", [&] {
            Value *p = element(ins.d, ins.type, index64);
            if (ins.op == Op::Scatter)
                m_b.CreateAlignedStore(to_mem(ins.type, value), p, align_of(ins.type));
            else // every duplicate index adds: an atomic on global memory (red.global.add when the result is unused)
                m_b.CreateAtomicRMW(is_float(ins.type) ? llvm::AtomicRMWInst::FAdd : llvm::AtomicRMWInst::Add, p, value,
                                    align_of(ins.type), llvm::AtomicOrdering::Monotonic);
        });
    }

    Value *compute(const Instr &ins) {
        VarType t = ins.src_type;
        bool fp = is_float(t);
        if (ins.op == Op::Gather)
            return gather(ins);
        if (ins.op == Op::Scatter || ins.op == Op::ScatterAdd) {
            scatter(ins);
            return nullptr;
        }
        Value *a = m_values[ins.a];
        auto arg = [&](uint32_t k) { return m_values[k]; };
        llvm::Type *ty = scalar_type(t);
        llvm::IRBuilder<>::FastMathFlagGuard guard(m_b);
        if (fp)
            m_b.setFastMathFlags(contract());
        switch (ins.op) {
        case Op::Add: return fp ? m_b.CreateFAdd(a, arg(ins.b)) : m_b.CreateAdd(a, arg(ins.b));
        case Op::Sub: return fp ? m_b.CreateFSub(a, arg(ins.b)) : m_b.CreateSub(a, arg(ins.b));
        case Op::Mul: return fp ? m_b.CreateFMul(a, arg(ins.b)) : m_b.CreateMul(a, arg(ins.b));
        case Op::Div: return fp ? m_b.CreateFDiv(a, arg(ins.b)) : int_div(a, arg(ins.b), t, false);
        // NVPTX expands frem to a - trunc(a/b)*b, which is not exact: libdevice's fmod is.
        case Op::Mod: return fp ? libdevice("fmod", t, {a, arg(ins.b)}) : int_div(a, arg(ins.b), t, true);
        case Op::Neg: return fp ? m_b.CreateFNeg(a) : m_b.CreateSub(llvm::Constant::getNullValue(ty), a);
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
            return m_b.CreateIntrinsic(llvm::Intrinsic::abs, {ty}, {a, m_b.getFalse()}); // abs(INT_MIN) == INT_MIN
        // Without fast-math flags NVPTX selects the correctly rounded sqrt.rn and div.rn.
        case Op::Sqrt: return call_intrinsic(llvm::Intrinsic::sqrt, ty, {a});
        case Op::Rsqrt:
            return m_b.CreateFDiv(llvm::ConstantFP::get(ty, 1.0), call_intrinsic(llvm::Intrinsic::sqrt, ty, {a}));
        case Op::Exp: return libdevice("exp", t, {a});
        case Op::Log: return libdevice("log", t, {a});
        case Op::Sin: return libdevice("sin", t, {a});
        case Op::Cos: return libdevice("cos", t, {a});
        case Op::Tan: return libdevice("tan", t, {a});
        case Op::Tanh: return libdevice("tanh", t, {a});
        case Op::Erf: return libdevice("erf", t, {a});
        case Op::Pow: return libdevice("pow", t, {a, arg(ins.b)});
        case Op::Atan2: return libdevice("atan2", t, {a, arg(ins.b)});
        case Op::Floor: return call_intrinsic(llvm::Intrinsic::floor, ty, {a});
        case Op::Ceil: return call_intrinsic(llvm::Intrinsic::ceil, ty, {a});
        case Op::Round: return call_intrinsic(llvm::Intrinsic::round, ty, {a}); // halfway cases away from zero
        case Op::Min: // minnum: a NaN operand is ignored (PTX min.f32/f64 does the same)
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
        default: throw Error(fmt::format("tracejit: internal error: no CUDA lowering for op {}", int(ins.op)));
        }
    }

    const KernelIR &m_ir;
    llvm::Module &m_module;
    llvm::LLVMContext &m_ctx;
    llvm::IRBuilder<> m_b;
    llvm::Function *m_function = nullptr;
    std::vector<Value *> m_params;
    std::vector<Value *> m_values;
    Value *m_index = nullptr;          ///< this thread's element index (i64)
    std::vector<SymbolicLoop> m_loops; ///< symbolic loops being lowered, innermost last
};

} // namespace

std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, llvm::LLVMContext &ctx, const std::string &data_layout) {
    auto m = std::make_unique<llvm::Module>("tj_kernel", ctx);
    m->setTargetTriple(nvptx_triple);
    m->setDataLayout(data_layout);
    Lowering(ir, *m).build();
    std::string err;
    llvm::raw_string_ostream os(err);
    if (llvm::verifyModule(*m, &os))
        throw Error("tracejit: internal error: invalid CUDA kernel IR: " + err);
    return m;
}

} // namespace tj::cuda
