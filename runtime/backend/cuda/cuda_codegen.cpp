// runtime/backend/cuda/cuda_codegen.cpp — kernel IR → LLVM IR for NVPTX: scalar code, one GPU thread per element
//
// The CPU lowering (cpu/cpu_lowering.h) vectorises by hand; here every thread runs the kernel's instructions on
// one element, in a grid-stride loop over [start, end). The walk over the instructions, the element loop, the frames
// of symbolic loops and the bounds checks of gathers and scatters are the shared lowering's
// (backend/llvm/shared_llvm_lowering.cpp); this `Lowering` implements its hooks for scalar registers. Element-wise
// ops are lowered by shared_llvm_elementwise.cpp, the same code as the CPU's, on scalar registers: the same defined
// results where C++ has undefined behaviour (docs/semantics.md). Where NVPTX has no correctly rounded instruction
// (exp, log, sin, …, fmod) that code calls back into `call_math` and `fmod` here, which call libdevice's `__nv_*`
// functions; sqrt, division, floor, ceil, round, min, max, fma and abs select native instructions that are exact.
// Gathers and scatters run their memory access in a branch that threads with a masked or out-of-range index skip
// (Bool as one byte in memory). A symbolic loop is a plain loop per thread: the thread leaves it when its own
// condition is false.
#include "backend/cuda/cuda_codegen.h"
#include "backend/llvm/shared_llvm_atomic.h"
#include "backend/llvm/shared_llvm_lowering.h"

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

namespace tj::cuda {
namespace {

using llvm::Value;

/// Global memory on NVPTX.
constexpr unsigned global_space = 1;

using elementwise::is_signed;

/// State of lowering one kernel for NVPTX.
class Lowering final : public llvm_lowering::Lowering {
  public:
    /// Basic blocks are not split: block_limit 0.
    Lowering(const KernelIR &ir, llvm::Module &m) : llvm_lowering::Lowering(ir, m, 0) {}

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
        m_stride = m_b.CreateMul(blocks, threads, "stride");
        m_b.CreateCondBr(m_b.CreateICmpULT(first, end), pre, exit);

        // Width-1 inputs and embedded literals: once per thread, before the loop.
        m_b.SetInsertPoint(pre);
        hoist_invariants();
        m_b.CreateBr(loop);
        element_loop(loop, exit, first, pre, end); // each thread its elements, a grid's width apart
    }

  private:
    /// `tj_kernel(i64 start, i64 end, params…)`, a kernel (an `.entry`), with its params bound.
    llvm::Function *create_kernel() {
        auto *fty = llvm::FunctionType::get(m_b.getVoidTy(), param_types(2), false);
        auto *f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, kernel_entry, m_module);
        f->addFnAttr(llvm::Attribute::NoUnwind);
        // Inputs and outputs never alias (one param per buffer): read-only inputs may use the non-coherent cache.
        bind_params(f, 2);
        // A kernel (an `.entry`), not a device function.
        llvm::Metadata *annotation[] = {llvm::ValueAsMetadata::get(f), llvm::MDString::get(m_ctx, "kernel"),
                                        llvm::ValueAsMetadata::get(m_b.getInt32(1))};
        m_module.getOrInsertNamedMetadata("nvvm.annotations")->addOperand(llvm::MDNode::get(m_ctx, annotation));
        return f;
    }

    /// A special register, zero-extended to 64 bits.
    Value *sreg(llvm::Intrinsic::ID id) { return m_b.CreateZExt(m_b.CreateIntrinsic(id, {}, {}), m_b.getInt64Ty()); }

    // Hooks of the shared lowering: a register is one scalar of this thread's element.
    llvm::Type *shaped(llvm::Type *scalar) override { return scalar; }
    Value *broadcast(Value *v) override { return v; }
    llvm::PointerType *pointer_type() override { return llvm::PointerType::get(m_ctx, global_space); }
    /// A thread that does not run a lane has branched away: every mask is its own.
    Value *active_lanes(Value *mask) override { return mask; }
    uintptr_t packed_scope() override { return m_scope; }

    void begin_iteration(llvm::PHINode *i) override { m_index = i; }
    Value *next_element(Value *i) override { return m_b.CreateAdd(i, m_stride, "i.next"); }

    Value *load(const Instr &ins) override {
        return from_mem(ins.type, m_b.CreateAlignedLoad(mem_type(ins.type), element(ins.a, ins.type, m_index),
                                                        align_of(ins.type)));
    }
    void store(const Instr &ins) override {
        m_b.CreateAlignedStore(to_mem(ins.type, m_values[ins.b]), element(ins.a, ins.type, m_index),
                               align_of(ins.type));
    }
    /// The table never changes: its loads are invariant.
    Value *load_table_slot(VarType t, Value *p) override {
        auto *load = m_b.CreateAlignedLoad(mem_type(t), p, llvm::Align(8));
        load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(m_ctx, {}));
        return load;
    }

    // A symbolic loop (kernel_ir.h) is an ordinary loop of each thread: the thread leaves when its condition is
    // false. Its condition and its body are scopes of packed gathers of their own.
    bool loop_body_with_header() override { return false; }
    void loop_enter(SymbolicLoop &l) override {
        l.outer_scope = m_scope;
        m_scope = ++m_scopes;
    }
    Value *loop_iterates(SymbolicLoop &, Value *cond) override { return cond; }
    void loop_body_entered(SymbolicLoop &) override { m_scope = ++m_scopes; }
    Value *loop_state_next(SymbolicLoop &, llvm::PHINode *, Value *value) override { return value; }
    void loop_left(SymbolicLoop &l, llvm::BasicBlock *) override { m_scope = uint32_t(l.outer_scope); }

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

    Value *load_where(const Instr &ins, Value *valid, Value *index64) override {
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
        return v;
    }

    void store_where(const Instr &ins, Value *valid, Value *index64, Value *value) override {
        guarded(valid, "scatter", [&] {
            Value *p = element(ins.d, ins.type, index64);
            m_b.CreateAlignedStore(to_mem(ins.type, value), p, align_of(ins.type));
        });
    }

    /// Every duplicate index takes part: an atomic on global memory (red.global.* when the result is unused).
    void atomic_where(const Instr &ins, detail::ReduceOp op, Value *valid, Value *index64, Value *value) override {
        guarded(valid, ins.op == detail::Op::ScatterAdd ? "scatter_add" : "scatter_reduce", [&] {
            Value *p = element(ins.d, ins.type, index64);
            atomic::reduce(m_b, op, ins.type, p, to_mem(ins.type, value));
        });
    }

    Value *increment_where(const Instr &ins, Value *valid, Value *index64) override {
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

    /// The `count` elements source[index + k], each read where the mask is set and index + k is inside the source
    /// (as a plain Gather of index + k): in pieces of 4, 2 or 1 elements of at most 16 bytes, each piece one vector
    /// load (ld.global.v4/v2) where all its elements are read and its address is aligned to its size, else one
    /// guarded scalar load per element.
    std::vector<Value *> load_packed(const Instr &ins, uint32_t count) override {
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

    Value *m_stride = nullptr;          ///< elements between a thread's iterations: the grid's threads
    uint32_t m_scope = 0, m_scopes = 0; ///< the current scope of packed gathers, and scopes opened so far
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
