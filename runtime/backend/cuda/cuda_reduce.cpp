// runtime/backend/cuda/cuda_reduce.cpp — the reduction kernel `tj_reduce` as LLVM IR for NVPTX, compiled to PTX
//
// Read `ReduceKernel::build` top to bottom. A CTA loops over its output blocks (grid-stride); in each block every
// thread folds its strided elements into one accumulator, each warp folds its 32 accumulators with shuffles
// (`shfl.sync.down`), lane 0 of every warp leaves the warp's value in a shared-memory slot, and after a barrier
// warp 0 folds the slots the same way and thread 0 stores the result. A second barrier keeps the next block's
// writes to the slots after warp 0's reads. Min and max start from NaN (floats), which minnum/maxnum ignore,
// so a thread without elements contributes nothing and a block of NaNs still gives NaN, as fmin/fmax do.
// Blocks of fewer than reduce_thread_per_block_below elements take the other branch at the top instead
// (`fold_one_per_thread`): each thread folds whole blocks in order, with no shuffle or barrier.
#include "backend/cuda/cuda_reduce.h"
#include "kernel/reduce_algebra.h"

#include "backend/cuda/cuda_codegen.h"
#include "backend/cuda/cuda_kernel_module.h"
#include "backend/cuda/cuda_ptx.h"
#include "backend/cuda/cuda_reduce_ops.h"
#include "kernel/kernel_ir.h"
#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <memory>

#include <llvm/Config/llvm-config.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

namespace tj::cuda {
namespace {

using detail::ReduceOp;
using elementwise::is_float;
using elementwise::is_signed;
using llvm::Value;

/// Loads each thread has in flight in the element loop, which is bound by memory latency. On the H200 with 8 CTAs
/// per SM (docs/cuda.md, "Reductions"), a Float sum read at 0.62x of the device's copy bandwidth with 4, 0.67-0.70x
/// with 8, no more with 12 or 16; the kernel keeps 32 registers a thread (full occupancy) with 8.
constexpr unsigned loads_in_flight = 8;
/// One shared-memory slot per warp of the largest CTA the kernel allows (`.maxntid reduce_block_threads`).
constexpr unsigned max_warps = reduce_block_threads / warp_size;
static_assert(reduce_block_threads % warp_size == 0 && reduce_block_threads <= 1024);

/// The type the kernel folds in: reduce_algebra::accumulator, as the CPU's (Float32 sums in Float64 and is rounded
/// once at the end). Min and max give the same either way.
VarType accumulator_type(VarType out) { return reduce_algebra::accumulator(out); }

/// The division of the final value calls no math function; reaching these is a bug.
class NoMath : public elementwise::TargetMath {
    Value *call_math(const char *name, VarType, llvm::ArrayRef<Value *>) override {
        TJ_UNREACHABLE(fmt::format("the CUDA reduction kernel called math function {}", name));
    }
    Value *fmod(Value *, Value *, VarType) override {
        TJ_UNREACHABLE("the CUDA reduction kernel called fmod");
    }
};

/// State of building one reduction kernel.
class ReduceKernel {
  public:
    ReduceKernel(VarType in, VarType out, ReduceOp op, llvm::Module &m)
        : m_in(in), m_out(out), m_acc(accumulator_type(out)), m_op(op), m_module(m), m_ctx(m.getContext()), m_b(m_ctx) {
    }

    void build() {
        llvm::Function *f = create_kernel();
        auto block = [&](const char *name) { return llvm::BasicBlock::Create(m_ctx, name, f); };
        llvm::BasicBlock *entry = block("entry"), *per_cta = block("per_cta"), *per_thread = block("per_thread"),
                         *head = block("block"), *wide = block("wide"), *tail = block("tail"),
                         *element = block("element"), *folded = block("folded"), *keep = block("keep"),
                         *kept = block("kept"), *last_warp = block("last_warp"), *write = block("write"),
                         *next = block("next"), *exit = block("exit");
        llvm::Type *i64 = m_b.getInt64Ty();

        m_b.SetInsertPoint(entry);
        Value *in = m_b.CreateIntToPtr(f->getArg(0), global_ptr(), "in");
        Value *out = m_b.CreateIntToPtr(f->getArg(1), global_ptr(), "out");
        Value *n = f->getArg(2), *size = f->getArg(3), *divisor = f->getArg(4);
        Value *thread = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x);
        Value *threads = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x);
        Value *cta = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x);
        Value *ctas = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x);
        Value *lane = m_b.CreateAnd(thread, warp_size - 1, "lane");
        Value *warp = m_b.CreateLShr(thread, 5, "warp");
        // Index arithmetic does not wrap: element counts stay far below 2^64.
        Value *threads_but_one = m_b.CreateMul(threads, m_b.getInt64(loads_in_flight - 1), "ntid.but.one", true);
        Value *threads_all = m_b.CreateMul(threads, m_b.getInt64(loads_in_flight), "ntid.all", true);
        Value *warps = m_b.CreateLShr(m_b.CreateAdd(threads, m_b.getInt64(warp_size - 1)), 5, "warps");
        // n / block output blocks; none for block == 0 (no division by zero).
        Value *empty = m_b.CreateICmpEQ(size, m_b.getInt64(0));
        Value *count = m_b.CreateSelect(empty, m_b.getInt64(0),
                                        m_b.CreateUDiv(n, m_b.CreateSelect(empty, m_b.getInt64(1), size)), "count");
        // The same for every thread of the launch: blocks below a warp's size are folded one per thread.
        m_b.CreateCondBr(m_b.CreateICmpULT(size, m_b.getInt64(reduce_thread_per_block_below)), per_thread, per_cta);
        m_b.SetInsertPoint(per_thread);
        fold_one_per_thread(f, in, out, size, count, divisor, exit);
        m_b.SetInsertPoint(per_cta);
        m_b.CreateCondBr(m_b.CreateICmpULT(cta, count), head, exit);

        // Output block b of this CTA: elements [b * block, (b + 1) * block).
        m_b.SetInsertPoint(head);
        llvm::PHINode *b = m_b.CreatePHI(i64, 2, "b");
        b->addIncoming(cta, per_cta);
        Value *begin = m_b.CreateMul(b, size, "begin");
        Value *end = m_b.CreateAdd(begin, size, "end");
        Value *first = m_b.CreateAdd(begin, thread, "first");
        m_b.CreateCondBr(m_b.CreateICmpULT(m_b.CreateAdd(first, threads_but_one, "", true), end), wide, tail);

        // This thread's elements first, first + ntid, … below end, loads_in_flight at a time while that many remain:
        // the loads are independent, so they are in flight together (the loop is bound by memory latency). They are
        // combined in order, so the result is the same as one at a time.
        m_b.SetInsertPoint(wide);
        llvm::PHINode *wide_i = m_b.CreatePHI(i64, 2, "wide.i");
        llvm::PHINode *wide_acc = m_b.CreatePHI(acc_type(), 2, "wide.acc");
        wide_i->addIncoming(first, head);
        wide_acc->addIncoming(identity(), head);
        Value *loaded[loads_in_flight];
        for (unsigned k = 0; k < loads_in_flight; ++k)
            loaded[k] =
                load_element(in, k ? m_b.CreateAdd(wide_i, m_b.CreateMul(threads, m_b.getInt64(k)), "", true) : wide_i);
        Value *wide_next = wide_acc;
        for (Value *v : loaded)
            wide_next = combine(wide_next, v);
        Value *wide_i_next = m_b.CreateAdd(wide_i, threads_all, "wide.i.next", /*HasNUW=*/true);
        wide_i->addIncoming(wide_i_next, wide);
        wide_acc->addIncoming(wide_next, wide);
        Value *more = m_b.CreateICmpULT(m_b.CreateAdd(wide_i_next, threads_but_one, "", true), end);
        keep_as_written(m_b.CreateCondBr(more, wide, tail));

        // The remaining (fewer than loads_in_flight) elements one at a time.
        m_b.SetInsertPoint(tail);
        llvm::PHINode *tail_i = m_b.CreatePHI(i64, 2, "tail.i");
        llvm::PHINode *tail_acc = m_b.CreatePHI(acc_type(), 2, "tail.acc");
        tail_i->addIncoming(first, head);
        tail_i->addIncoming(wide_i_next, wide);
        tail_acc->addIncoming(identity(), head);
        tail_acc->addIncoming(wide_next, wide);
        m_b.CreateCondBr(m_b.CreateICmpULT(tail_i, end), element, folded);
        m_b.SetInsertPoint(element);
        llvm::PHINode *i = m_b.CreatePHI(i64, 2, "i");
        llvm::PHINode *acc = m_b.CreatePHI(acc_type(), 2, "acc");
        i->addIncoming(tail_i, tail);
        acc->addIncoming(tail_acc, tail);
        Value *acc_next = combine(acc, load_element(in, i));
        Value *i_next = m_b.CreateAdd(i, threads, "i.next", /*HasNUW=*/true);
        i->addIncoming(i_next, element);
        acc->addIncoming(acc_next, element);
        keep_as_written(m_b.CreateCondBr(m_b.CreateICmpULT(i_next, end), element, folded));

        // Every warp folds its lanes; lane 0 keeps the warp's value in its slot.
        m_b.SetInsertPoint(folded);
        llvm::PHINode *mine = m_b.CreatePHI(acc_type(), 2, "mine");
        mine->addIncoming(tail_acc, tail);
        mine->addIncoming(acc_next, element);
        Value *warp_value = fold_warp(mine);
        m_b.CreateCondBr(m_b.CreateICmpEQ(lane, m_b.getInt64(0)), keep, kept);
        m_b.SetInsertPoint(keep);
        m_b.CreateAlignedStore(warp_value, slot(warp), slot_align());
        m_b.CreateBr(kept);

        // After every slot is written, warp 0 folds the slots and thread 0 stores the result.
        m_b.SetInsertPoint(kept);
        barrier();
        m_b.CreateCondBr(m_b.CreateICmpEQ(warp, m_b.getInt64(0)), last_warp, next);
        m_b.SetInsertPoint(last_warp);
        Value *in_use = m_b.CreateICmpULT(lane, warps); // lanes past the CTA's warps read slot 0 and ignore it
        Value *stored = m_b.CreateAlignedLoad(acc_type(), slot(m_b.CreateSelect(in_use, lane, m_b.getInt64(0))),
                                              slot_align(), "slot");
        Value *total = fold_warp(m_b.CreateSelect(in_use, stored, identity()));
        m_b.CreateCondBr(m_b.CreateICmpEQ(thread, m_b.getInt64(0)), write, next);
        m_b.SetInsertPoint(write);
        store_result(out, b, finish(total, divisor));
        m_b.CreateBr(next);

        // No thread writes a slot for the next block before warp 0 has read this block's slots.
        m_b.SetInsertPoint(next);
        barrier();
        Value *b_next = m_b.CreateAdd(b, ctas, "b.next");
        b->addIncoming(b_next, next);
        m_b.CreateCondBr(m_b.CreateICmpULT(b_next, count), head, exit);

        m_b.SetInsertPoint(exit);
        m_b.CreateRetVoid();
    }

  private:
    /// Blocks of fewer than reduce_thread_per_block_below elements: thread g folds blocks g, g + threads in the
    /// grid, …, each element after element from the identity, and stores each result. Ends by branching to `exit`.
    void fold_one_per_thread(llvm::Function *f, Value *in, Value *out, Value *size, Value *count, Value *divisor,
                             llvm::BasicBlock *exit) {
        auto block = [&](const char *name) { return llvm::BasicBlock::Create(m_ctx, name, f); };
        llvm::BasicBlock *start = m_b.GetInsertBlock(), *head = block("thread.block"), *fold = block("thread.fold"),
                         *done = block("thread.done");
        llvm::Type *i64 = m_b.getInt64Ty();
        Value *threads = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x);
        Value *first = m_b.CreateAdd(m_b.CreateMul(sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x), threads, "", true),
                                     sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x), "thread.first", true);
        Value *stride = m_b.CreateMul(sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x), threads, "thread.stride", true);
        m_b.CreateCondBr(m_b.CreateICmpULT(first, count), head, exit);

        m_b.SetInsertPoint(head);
        llvm::PHINode *b = m_b.CreatePHI(i64, 2, "thread.b");
        b->addIncoming(first, start);
        Value *begin = m_b.CreateMul(b, size, "thread.begin", true);
        Value *end = m_b.CreateAdd(begin, size, "thread.end", true);
        m_b.CreateBr(fold);

        m_b.SetInsertPoint(fold); // size ≥ 1 here: count is 0 for an empty block
        llvm::PHINode *i = m_b.CreatePHI(i64, 2, "thread.i");
        llvm::PHINode *acc = m_b.CreatePHI(acc_type(), 2, "thread.acc");
        i->addIncoming(begin, head);
        acc->addIncoming(identity(), head);
        Value *acc_next = combine(acc, load_element(in, i));
        Value *i_next = m_b.CreateAdd(i, m_b.getInt64(1), "thread.i.next", true);
        i->addIncoming(i_next, fold);
        acc->addIncoming(acc_next, fold);
        keep_as_written(m_b.CreateCondBr(m_b.CreateICmpULT(i_next, end), fold, done));

        m_b.SetInsertPoint(done);
        store_result(out, b, finish(acc_next, divisor));
        Value *b_next = m_b.CreateAdd(b, stride, "thread.b.next", true);
        b->addIncoming(b_next, done);
        keep_as_written(m_b.CreateCondBr(m_b.CreateICmpULT(b_next, count), head, exit));
    }

    llvm::Function *create_kernel() {
        // At most reduce_block_threads threads per CTA: the slots hold one value per warp.
        llvm::Function *f = create_entry(m_module, reduce_entry, {"in_address", "out_address", "n", "block", "divisor"},
                                         reduce_block_threads);
        m_slots = shared_array(m_module, acc_type(), max_warps, "tj_reduce_warp_values");
        return f;
    }

    llvm::PointerType *global_ptr() { return llvm::PointerType::get(m_ctx, global_space); }
    Value *sreg(llvm::Intrinsic::ID id) { return special_register(m_b, id); }
    /// Tells LLVM not to vectorise or unroll the loop whose latch branch is `latch`: the element loops are already
    /// shaped for the GPU, and LLVM would otherwise version them for ntid == 1 (more code, divisions, compile time).
    void keep_as_written(llvm::BranchInst *latch) {
        llvm::Metadata *no_vectorize[] = {llvm::MDString::get(m_ctx, "llvm.loop.vectorize.enable"),
                                          llvm::ConstantAsMetadata::get(m_b.getFalse())};
        llvm::Metadata *no_unroll[] = {llvm::MDString::get(m_ctx, "llvm.loop.unroll.disable")};
        llvm::Metadata *loop[] = {nullptr, llvm::MDNode::get(m_ctx, no_vectorize), llvm::MDNode::get(m_ctx, no_unroll)};
        auto *id = llvm::MDNode::getDistinct(m_ctx, loop);
        id->replaceOperandWith(0, id); // a loop id refers to itself
        latch->setMetadata(llvm::LLVMContext::MD_loop, id);
    }
    void barrier() { cuda::barrier(m_b); }

    llvm::Type *acc_type() { return elementwise::scalar_type(m_ctx, m_acc); }
    /// In memory, Bool is one byte.
    llvm::Type *mem_type(VarType t) {
        return t == VarType::Bool ? m_b.getInt8Ty() : elementwise::scalar_type(m_ctx, t);
    }
    llvm::Align align_of(VarType t) { return llvm::Align(detail::type_size(t)); }
    Value *slot(Value *index) {
        return m_b.CreateInBoundsGEP(m_slots->getValueType(), m_slots, {m_b.getInt64(0), index});
    }
    llvm::Align slot_align() { return llvm::Align(m_acc == VarType::Bool ? 1 : detail::type_size(m_acc)); }

    /// in[i] as the accumulator type. `in` does not change during the kernel: the read-only path (ld.global.nc).
    Value *load_element(Value *in, Value *i) {
        auto *load =
            m_b.CreateAlignedLoad(mem_type(m_in), m_b.CreateInBoundsGEP(mem_type(m_in), in, i), align_of(m_in));
        load->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(m_ctx, {}));
        Value *v = m_in == VarType::Bool ? m_b.CreateICmpNE(load, m_b.getInt8(0)) : (Value *)load;
        return elementwise::convert(m_b, v, m_in, m_acc);
    }

    void store_result(Value *out, Value *b, Value *v) {
        if (m_out == VarType::Bool)
            v = m_b.CreateZExt(v, m_b.getInt8Ty());
        m_b.CreateAlignedStore(v, m_b.CreateInBoundsGEP(mem_type(m_out), out, b), align_of(m_out));
    }

    /// The value that leaves the other operand of `combine` unchanged (cuda_reduce_ops.h).
    Value *identity() { return reduce_identity(acc_type(), m_op, m_acc, FloatMinMaxIdentity::NaN); }

    /// a op b in the accumulator type (cuda_reduce_ops.h).
    Value *combine(Value *a, Value *b) { return reduce_combine(m_b, m_op, m_acc, a, b); }

    /// Folds the 32 lanes' values; lane 0 receives the warp's result (other lanes hold partial results).
    Value *fold_warp(Value *v) {
        for (unsigned offset = warp_size / 2; offset > 0; offset /= 2)
            v = combine(v, warp_shuffle(m_b, Shuffle::Down, v, m_b.getInt32(offset)));
        return v;
    }

    /// The block's result in the output type, divided by Out(divisor) when divisor != 0.
    Value *finish(Value *total, Value *divisor) {
        Value *result = elementwise::convert(m_b, total, m_acc, m_out);
        if (m_out == VarType::Bool) // Bool(divisor) is true: nothing to divide
            return result;
        Instr div;
        div.kind = InstrKind::Compute;
        div.op = detail::Op::Div;
        div.type = div.src_type = m_out;
        div.a = 0;
        div.b = 1;
        Value *operands[] = {result, elementwise::convert(m_b, divisor, VarType::UInt64, m_out)};
        NoMath no_math;
        Value *quotient = elementwise::compute(m_b, no_math, div, operands);
        return m_b.CreateSelect(m_b.CreateICmpNE(divisor, m_b.getInt64(0)), quotient, result);
    }

    VarType m_in, m_out, m_acc;
    ReduceOp m_op;
    llvm::Module &m_module;
    llvm::LLVMContext &m_ctx;
    llvm::IRBuilder<> m_b;
    llvm::GlobalVariable *m_slots = nullptr; ///< shared memory: one accumulator per warp
};

} // namespace

const char *reduce_op_name(ReduceOp op) {
    switch (op) {
    case ReduceOp::Sum: return "Sum";
    case ReduceOp::Prod: return "Prod";
    case ReduceOp::Min: return "Min";
    case ReduceOp::Max: return "Max";
    case ReduceOp::Mean: return "Mean";
    case ReduceOp::And: return "And";
    case ReduceOp::Or: return "Or";
    }
    return "?";
}

std::string reduce_ptx(VarType in, VarType out, ReduceOp op, const std::string &arch) {
    TJ_ASSERT(op != ReduceOp::Mean, "the CUDA reduction kernel takes no Mean (a mean is a Sum with a divisor)");
    VarType acc = accumulator_type(out);
    TJ_ASSERT(acc != VarType::Bool || (op != ReduceOp::Sum && op != ReduceOp::Prod),
              fmt::format("no CUDA {} reduction into Bool", reduce_op_name(op)));
    TJ_ASSERT(!is_float(acc) || (op != ReduceOp::And && op != ReduceOp::Or),
              fmt::format("no CUDA {} reduction of floats", reduce_op_name(op)));
    std::unique_ptr<llvm::TargetMachine> tm = nvptx_target_machine(arch);

    llvm::LLVMContext ctx;
    auto m = std::make_unique<llvm::Module>(reduce_entry, ctx);
    m->setTargetTriple(nvptx_triple);
    m->setDataLayout(tm->createDataLayout());
    ReduceKernel(in, out, op, *m).build();
    return module_to_ptx(*m, *tm, "CUDA reduction kernel");
}

} // namespace tj::cuda
