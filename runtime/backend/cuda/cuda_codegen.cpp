// runtime/backend/cuda/cuda_codegen.cpp — kernel IR → LLVM IR for NVPTX: scalar code, one GPU thread per element
//
// The CPU lowering (cpu_lowering.cpp) vectorises by hand; here every thread runs the kernel's instructions on
// one element, in a grid-stride loop over [start, end). Element-wise ops are lowered by shared_llvm_elementwise.cpp, the
// same code as the CPU's, on scalar registers: the same defined results where C++ has undefined behaviour
// (docs/semantics.md). Where NVPTX has no correctly rounded instruction (exp, log, sin, …, fmod) that code calls
// back into `call_math` and `fmod` here, which call libdevice's `__nv_*` functions; sqrt, division, floor, ceil,
// round, min, max, fma and abs select native instructions that are exact. `Lowering::compute` adds gathers and
// scatters (Bool as one byte in memory, masked and out-of-range indices skipped). A symbolic loop is a plain loop
// per thread: the thread leaves it when its own condition is false.
#include "backend/cuda/cuda_codegen.h"
#include "backend/llvm/shared_llvm_atomic.h"

#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace tj::cuda {
namespace {

using detail::Op;
using llvm::Value;

/// Global memory on NVPTX.
constexpr unsigned global_space = 1;

using elementwise::convert;
using elementwise::is_float;
using elementwise::is_signed;

/// State of lowering one kernel.
class Lowering : elementwise::TargetMath {
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

    llvm::Type *scalar_type(VarType t) { return elementwise::scalar_type(m_ctx, t); }
    /// In memory, Bool is one byte.
    llvm::Type *mem_type(VarType t) { return t == VarType::Bool ? m_b.getInt8Ty() : scalar_type(t); }
    llvm::Align align_of(VarType t) { return llvm::Align(detail::type_size(t)); }

    Value *from_mem(VarType t, Value *v) { return t == VarType::Bool ? m_b.CreateICmpNE(v, m_b.getInt8(0)) : v; }
    Value *to_mem(VarType t, Value *v) { return t == VarType::Bool ? m_b.CreateZExt(v, m_b.getInt8Ty()) : v; }
    /// Element `index` of the buffer in param `param`.
    Value *element(uint32_t param, VarType t, Value *index) {
        return m_b.CreateInBoundsGEP(mem_type(t), m_params[param], index);
    }

    Value *lower(const Instr &ins) {
        switch (ins.kind) {
        case InstrKind::Const: return elementwise::scalar_constant(m_ctx, ins.type, ins.imm);
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
        case InstrKind::Index: return convert(m_b, m_index, VarType::UInt64, ins.type);
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
        // A dispatch region runs its cases one after the other (each thread tests each case's id): a SwitchPhi is
        // its initial value, each case's SwitchUpdate rebinds it.
        case InstrKind::SwitchPhi: return m_values[ins.a];
        case InstrKind::SwitchUpdate: m_values[ins.a] = m_values[ins.b]; return nullptr;
        case InstrKind::SwitchStart:
        case InstrKind::SwitchCase:
        case InstrKind::SwitchEnd: return nullptr;
        }
        return nullptr;
    }

    // A symbolic loop (kernel_ir.h) is an ordinary loop of each thread: the state lives in phi nodes of the
    // header, the condition's instructions follow them, and the thread leaves when its condition is false.
    // After the loop, a Phi's value (the header's phi, which dominates the exit) is the state's final value.
    struct SymbolicLoop {
        llvm::BasicBlock *pre, *header, *exit;
        uint32_t outer_scope; ///< the packed gathers' scope around the loop (its header dominates the exit)
        std::vector<std::pair<llvm::PHINode *, Value *>> next; ///< each state phi and its value after the body
    };

    Value *loop_start() {
        SymbolicLoop l;
        l.pre = m_b.GetInsertBlock();
        l.header = llvm::BasicBlock::Create(m_ctx, "sym.head", m_function);
        l.exit = llvm::BasicBlock::Create(m_ctx, "sym.exit", m_function);
        m_b.CreateBr(l.header);
        m_b.SetInsertPoint(l.header);
        l.outer_scope = m_scope;
        m_scope = ++m_scopes;
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
        m_scope = ++m_scopes;
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
        m_scope = l.outer_scope;
        return nullptr;
    }

    /// Calls libdevice's correctly rounded or few-ulp `__nv_<name>f` (Float32) or `__nv_<name>` (Float64).
    Value *call_math(const char *name, VarType t, llvm::ArrayRef<Value *> args) override {
        std::string fn = fmt::format("__nv_{}{}", name, t == VarType::Float32 ? "f" : "");
        llvm::Type *ty = scalar_type(t);
        std::vector<llvm::Type *> arg_types(args.size(), ty);
        llvm::FunctionCallee callee =
            elementwise::declare_pure_function(m_module, fn, llvm::FunctionType::get(ty, arg_types, false));
        return elementwise::call_pure_function(m_b, callee, args);
    }

    /// NVPTX expands frem to a - trunc(a/b)*b, which is not exact: libdevice's fmod is.
    Value *fmod(Value *a, Value *b, VarType t) override { return call_math("fmod", t, {a, b}); }

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

    /// A packed gather's channel (kernel_ir.h): the group's values are loaded by its first channel and kept for the
    /// others of the same scope (a symbolic loop's condition and body are scopes of their own).
    Value *packed_channel(const Instr &ins) {
        uint32_t count = uint32_t(ins.imm >> 32), channel = uint32_t(ins.imm);
        TJ_ASSERT(channel < count, "packed gather channel past its count");
        PackedKey key{ins.a, ins.b, ins.c, count, m_scope};
        auto it = m_packed.find(key);
        if (it == m_packed.end())
            it = m_packed.emplace(key, load_packed(ins, count)).first;
        return it->second[channel];
    }

    /// The `count` elements source[index + k], each read where the mask is set and index + k is inside the source
    /// (as a plain Gather of index + k): in pieces of 4, 2 or 1 elements of at most 16 bytes, each piece one vector
    /// load (ld.global.v4/v2) where all its elements are read and its address is aligned to its size, else one
    /// guarded scalar load per element.
    std::vector<Value *> load_packed(const Instr &ins, uint32_t count) {
        Value *index = m_values[ins.a];
        Value *index64 = is_signed(ins.src_type) ? m_b.CreateSExtOrTrunc(index, m_b.getInt64Ty())
                                                 : m_b.CreateZExtOrTrunc(index, m_b.getInt64Ty());
        Value *mask = m_values[ins.b];
        Value *size = m_params[ins.d];
        llvm::Type *mt = mem_type(ins.type);
        uint64_t esize = ins.type == VarType::Bool ? 1 : detail::type_size(ins.type);
        uint32_t widest = uint32_t(std::min<uint64_t>(4, std::max<uint64_t>(1, 16 / esize)));
        // Element k is read where the mask holds and index + k (wrapping around for negative indices) < size.
        auto element_valid = [&](uint32_t k) {
            return m_b.CreateAnd(mask, m_b.CreateICmpULT(m_b.CreateAdd(index64, m_b.getInt64(k)), size));
        };
        std::vector<Value *> out(count);
        for (uint32_t first = 0; first < count;) {
            uint32_t n = widest;
            while (n > count - first)
                n /= 2;
            Value *start = m_b.CreateAdd(index64, m_b.getInt64(first));
            Value *p = element(ins.c, ins.type, start);
            if (n == 1) {
                out[first] = from_mem(ins.type, guarded_load(element_valid(first), mt, p, align_of(ins.type)));
                first += 1;
                continue;
            }
            uint64_t bytes = n * esize;
            Value *aligned = m_b.CreateICmpEQ(
                m_b.CreateAnd(m_b.CreatePtrToInt(p, m_b.getInt64Ty()), m_b.getInt64(bytes - 1)), m_b.getInt64(0));
            Value *whole = m_b.CreateAnd(
                m_b.CreateAnd(mask, m_b.CreateICmpULT(start, size)),
                m_b.CreateAnd(m_b.CreateICmpUGE(m_b.CreateSub(size, start), m_b.getInt64(n)), aligned));
            auto *vec_block = llvm::BasicBlock::Create(m_ctx, "packed.vec", m_function);
            auto *scalar_block = llvm::BasicBlock::Create(m_ctx, "packed.scalar", m_function);
            auto *done = llvm::BasicBlock::Create(m_ctx, "packed.done", m_function);
            m_b.CreateCondBr(whole, vec_block, scalar_block);
            // One vector phi: elements extracted in each branch would let LLVM split the vector load.
            auto *piece_ty = llvm::FixedVectorType::get(mt, n);
            m_b.SetInsertPoint(vec_block);
            Value *from_vec = m_b.CreateAlignedLoad(piece_ty, p, llvm::Align(bytes));
            m_b.CreateBr(done);
            m_b.SetInsertPoint(scalar_block);
            Value *from_scalar = llvm::PoisonValue::get(piece_ty);
            for (uint32_t j = 0; j < n; ++j)
                from_scalar = m_b.CreateInsertElement(
                    from_scalar,
                    guarded_load(element_valid(first + j), mt, m_b.CreateConstGEP1_64(mt, p, j), align_of(ins.type)),
                    j);
            llvm::BasicBlock *scalar_end = m_b.GetInsertBlock();
            m_b.CreateBr(done);
            m_b.SetInsertPoint(done);
            llvm::PHINode *piece = m_b.CreatePHI(piece_ty, 2);
            piece->addIncoming(from_vec, vec_block);
            piece->addIncoming(from_scalar, scalar_end);
            for (uint32_t j = 0; j < n; ++j)
                out[first + j] = from_mem(ins.type, m_b.CreateExtractElement(piece, j));
            first += n;
        }
        return out;
    }

    /// The `t` at `p` where `valid` holds, else 0.
    Value *guarded_load(Value *valid, llvm::Type *t, Value *p, llvm::Align align) {
        llvm::BasicBlock *before = m_b.GetInsertBlock();
        Value *loaded = nullptr;
        llvm::BasicBlock *load_block = nullptr;
        guarded(valid, "gather", [&] {
            loaded = m_b.CreateAlignedLoad(t, p, align);
            load_block = m_b.GetInsertBlock();
        });
        llvm::PHINode *v = m_b.CreatePHI(t, 2);
        v->addIncoming(llvm::Constant::getNullValue(t), before);
        v->addIncoming(loaded, load_block);
        return v;
    }

    /// A packed gather's group: index, mask and source instructions/params, count, and the scope it was read in.
    struct PackedKey {
        uint32_t index, mask, source, count, scope;
        bool operator<(const PackedKey &o) const {
            return std::tie(index, mask, source, count, scope) < std::tie(o.index, o.mask, o.source, o.count, o.scope);
        }
    };

    void scatter(const Instr &ins) {
        Value *index64;
        Value *valid = valid_index(ins.src_type, m_values[ins.b], m_values[ins.c], uint32_t(ins.imm), index64);
        Value *value = m_values[ins.a];
        const char *name = ins.op == Op::Scatter ? "scatter" : ins.op == Op::ScatterAdd ? "scatter_add" : "scatter_reduce";
        guarded(valid, name, [&] {
            Value *p = element(ins.d, ins.type, index64);
            if (ins.op == Op::Scatter)
                m_b.CreateAlignedStore(to_mem(ins.type, value), p, align_of(ins.type));
            else // every duplicate index takes part: an atomic on global memory (red.global.* when the result is unused)
                atomic::reduce(m_b, ins.op == Op::ScatterAdd ? detail::ReduceOp::Sum : detail::ReduceOp(ins.imm >> 32),
                               ins.type, p, to_mem(ins.type, value));
        });
    }

    /// The old value of target[index] after an atomic increment; 0 where nothing is written.
    Value *scatter_inc(const Instr &ins) {
        Value *index64;
        Value *valid = valid_index(ins.src_type, m_values[ins.a], m_values[ins.b], uint32_t(ins.imm), index64);
        llvm::BasicBlock *before = m_b.GetInsertBlock();
        Value *old = nullptr;
        llvm::BasicBlock *inc_block = nullptr;
        guarded(valid, "scatter_inc", [&] {
            old = atomic::increment(m_b, element(ins.d, VarType::UInt32, index64));
            inc_block = m_b.GetInsertBlock();
        });
        llvm::PHINode *v = m_b.CreatePHI(m_b.getInt32Ty(), 2);
        v->addIncoming(m_b.getInt32(0), before);
        v->addIncoming(old, inc_block);
        return v;
    }

    Value *compute(const Instr &ins) {
        switch (ins.op) {
        case Op::Gather: return ins.imm ? packed_channel(ins) : gather(ins);
        case Op::Scatter:
        case Op::ScatterAdd:
        case Op::ScatterReduce: scatter(ins); return nullptr;
        case Op::ScatterInc: return scatter_inc(ins);
        default: return elementwise::compute(m_b, *this, ins, m_values);
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
    uint32_t m_scope = 0, m_scopes = 0; ///< the current scope of packed gathers, and scopes opened so far
    std::map<PackedKey, std::vector<Value *>> m_packed; ///< packed gathers loaded so far, per channel
};

} // namespace

std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, llvm::LLVMContext &ctx, const std::string &data_layout) {
    auto m = std::make_unique<llvm::Module>("tj_kernel", ctx);
    m->setTargetTriple(nvptx_triple);
    m->setDataLayout(data_layout);
    Lowering(ir, *m).build();
    std::string err;
    llvm::raw_string_ostream os(err);
    const bool broken = llvm::verifyModule(*m, &os);
    TJ_ASSERT(!broken, "invalid CUDA kernel IR: " + err);
    return m;
}

} // namespace tj::cuda
