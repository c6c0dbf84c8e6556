// runtime/backend/cpu/cpu_codegen.cpp — kernel IR → object code for one CPU target, explicitly vectorised to its
// SIMD width
//
// The public entry (cpu_codegen.h): `compile_object` picks the path from the kernel's shape (`fast_path`: the IR
// optimiser, or none for huge kernels) and the vectors per iteration (`interleave_for`), then `build_module` makes
// the module with the kernel's functions (`Lowering::build_body`, below: the body, whose element loop the shared
// walk fills through the CPU's hooks in cpu_lowering.cpp; `build_entry`: the entry point), settles FMA contraction
// on the kernel (`settle_contraction`) and verifies it; `compile_object` optimises it and emits the object code
// (shared_llvm_pipeline.h), which cpu_jit.cpp links into the process. The kernel's functions live here, beside the
// choices that shape them, as CUDA's do in cuda_codegen.cpp.
#include "backend/cpu/cpu_codegen.h"
#include "backend/cpu/cpu_lowering.h"
#include "backend/cpu/cpu_sorted_dispatch.h"
#include "backend/llvm/shared_llvm_pipeline.h"
#include "log.h"

#include <tracejit/error.h>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tj::cpu {
namespace {

/// Kernels with more instructions than this skip the IR optimiser and use LLVM's fast code generator:
/// the kernel IR is already folded, deduplicated and vectorised, and the optimising code generator's
/// cost grows faster than linearly with the size of one loop body (measured: 10k ops took seconds).
constexpr size_t large_kernel = 1000;
/// The compute instructions of a kernel and its longest chain of dependent ones; `looped`: it has a symbolic loop
/// (whose body repeats at run time, so that neither count says how long it runs).
struct ChainShape {
    uint32_t computes = 0, longest = 0;
    bool looped = false;
    /// Mostly one dependency chain (fewer than two compute instructions per step of the longest): its speed is
    /// bound by each instruction's latency.
    bool latency_bound() const { return !looped && computes < 2 * longest; }
};
ChainShape chain_shape(const KernelIR &ir) {
    ChainShape shape;
    std::vector<uint32_t> depth(ir.instrs.size(), 0);
    for (size_t n = 0; n < ir.instrs.size(); ++n) {
        const Instr &ins = ir.instrs[n];
        if (ins.kind == InstrKind::LoopStart) {
            shape.looped = true;
            return shape;
        }
        if (ins.kind != InstrKind::Compute)
            continue;
        ++shape.computes;
        uint32_t d = 0;
        for (uint32_t k : {ins.a, ins.b, ins.c}) // an upper bound: some ops read fewer operands
            if (k < n)
                d = std::max(d, depth[k]);
        depth[n] = d + 1;
        shape.longest = std::max(shape.longest, depth[n]);
    }
    return shape;
}

/// Whether the kernel's arithmetic is a chain worth 8 vectors on the optimising path: latency-bound, at least 32
/// compute instructions and at most 500 (8 vectors of 500 still compile quickly).
bool chain_like(const KernelIR &ir) {
    ChainShape shape = chain_shape(ir);
    return shape.computes >= 32 && shape.computes <= 500 && shape.latency_bound();
}

/// Launches of at most this many elements run one vector per iteration: a few iterations of a long kernel, whose
/// cold compile (proportional to the vectors) costs more than interleaving saves. bench_compile's chains (64
/// elements): 1k ops 8 -> 1 vector, 10k ops 4 -> 1 (docs/benchmarks.md, "Cold compile").
constexpr uint64_t small_launch_elements = 2048;

/// Symbolic loops, and the most instructions in one stretch between loop boundaries (LoopStart, LoopCond, LoopEnd,
/// and a dispatch region's SwitchCase and SwitchEnd).
struct LoopShape {
    size_t loops = 0;
    size_t longest_stretch = 0;
};
LoopShape loop_shape(const KernelIR &ir) {
    LoopShape shape;
    size_t stretch = 0;
    for (const Instr &ins : ir.instrs) {
        bool boundary = ins.kind == InstrKind::LoopStart || ins.kind == InstrKind::LoopCond ||
                        ins.kind == InstrKind::LoopEnd || ins.kind == InstrKind::SwitchCase ||
                        ins.kind == InstrKind::SwitchEnd;
        shape.loops += ins.kind == InstrKind::LoopStart;
        stretch = boundary ? 0 : stretch + 1;
        shape.longest_stretch = std::max(shape.longest_stretch, stretch);
    }
    return shape;
}

/// A kernel of this many symbolic loops or more is divergent: a tj::dispatch over many instances is one loop per
/// instance, each entered by the SIMD groups that hold one of its lanes. With random ids nearly every group holds
/// a lane of every instance once a group is wide, so each loop runs once per group whatever the width: narrow groups
/// run fewer bodies per lane. Measured at K = 64 (96 loops): 1, 2, 4 vectors 20, 20, 23 ms, compiled in 230, 280,
/// 420 ms; so one (docs/vcalls.md, "Benchmark").
constexpr size_t divergent_loops = 32;
/// Divergent kernels past large_kernel whose instructions are spread over symbolic loops with at most large_kernel
/// in one stretch (a tj::dispatch over many instances) still take the optimising path up to this size, with one
/// vector per iteration. Measured at K = 64 (96 loops, 1724 instructions): compiled in 231 ms (the fast path: 207),
/// it runs 5x faster than the fast path's code at one vector, 6x at the 8 vectors the fast path took (docs/vcalls.md).
/// A kernel with a sorted dispatch region (cpu_sorted_dispatch.h; 14 cases or more) counts as divergent too.
constexpr size_t large_looped_kernel = 5000;

/// Whether a kernel takes the fast path (no IR optimiser, LLVM's fast code generator).
bool fast_path(const KernelIR &ir) {
    size_t instrs = ir.instrs.size();
    if (instrs <= large_kernel)
        return false;
    LoopShape shape = loop_shape(ir);
    bool divergent = shape.loops >= divergent_loops || has_sorted_dispatch(ir);
    return !(divergent && shape.longest_stretch <= large_kernel && instrs <= large_looped_kernel);
}

/// Whether the kernel reads a packed gather (a texture lookup): its loads wait on memory, not on a chain of
/// arithmetic, and its transposes hold `count` vectors per lane group, so interleaved vectors only spill. Measured on
/// bench_texture's lookups (commit 2ee0788, thread CPU time on a loaded 2-core machine): 1 vector 20% below 4.
bool has_packed_gather(const KernelIR &ir) {
    for (const Instr &ins : ir.instrs)
        if (ins.kind == InstrKind::Compute && ins.op == detail::Op::Gather && ins.imm != 0)
            return true;
    return false;
}

/// Whether the kernel, without symbolic loops, computes a Float32 sin or cos, which the CPU lowering writes inline
/// (cpu_math.h) as a chain of about 17 dependent instructions per vector: such a kernel is latency-bound however few
/// instructions its IR has. (A looped kernel keeps its vectors: not measured.) Only where the target has 32 vector
/// registers (AVX-512): with AVX2's 16, 8 vectors of it spill (the peer harness, PEERS_CPU=x86-64-v3, 1 thread: 4
/// vectors 43.84, 43.12 GB/s; 8 vectors 38.07, 18.96).
/// Measured on bench_fused's a*b+sin(a) (16M floats, 1 thread, this machine: znver5), best (median) GB/s of two runs
/// each: 4 vectors 50.45 (49.03), 50.65 (49.42); 8 vectors 54.35 (50.62), 54.14 (53.34); 2 vectors 37.32 (33.65).
bool has_inline_sin_cos(const KernelIR &ir) {
    bool sin_cos = false;
    for (const Instr &ins : ir.instrs) {
        if (ins.kind == InstrKind::LoopStart)
            return false;
        sin_cos |= ins.kind == InstrKind::Compute && ins.type == VarType::Float32 &&
                   (ins.op == detail::Op::Sin || ins.op == detail::Op::Cos);
    }
    return sin_cos;
}

/// How many independent SIMD vectors one loop iteration handles. Long kernels are mostly chains of dependent
/// operations (a traced loop, a backward pass through it): their speed is bound by each instruction's latency,
/// and independent vectors interleaved in one iteration hide it. More vectors cost compile time in proportion
/// (and registers). Measured with a temporary override of this function (not kept) on chains of N multiply-adds over
/// 2^20 floats against an 8-register AVX-512 loop (bench_freeze): N = 100 (O3 path) 2.85x with 1 vector, 1.33x with
/// 4, 2.06x with 8 (spills); N = 1000 (fast path) 6.6x / 1.72x / 1.08x; the 6000-op AD chain 380 ms / 140 ms with 1
/// / 4. Again on an AMD EPYC (Zen 4, AVX-512), chain kernel over 2^20 floats / the 8-register loop, thread CPU time: N
/// = 100: 1.31x with 4 vectors, 1.05x with 8, 2.2x with 16; N = 10000 (fast path): 1.46x / 1.06x / 2.1x, but its cold
/// compile took 121 / 264 ms with 4 / 8 (the goal is 250 ms); 5 or 6 vectors (not a power of two) were far slower. So
/// the optimised path takes 8 vectors where the kernel is a chain (chain_like) long enough for latency to matter, and
/// the fast path keeps its sizes. Launches of at most small_launch_elements take one vector (small_launch). On the fast
/// path a latency-bound chain of 5000 to 16000 instructions takes 8 vectors as well when its launch is not small: the
/// frozen N = 10000 chain at width 1M ran 1.46x the 8-register loop with 4 and 1.06x with 8, and bench_compile's 10k
/// chain (64 elements), which doubled its compile with 8, is a small launch.
unsigned interleave_for(const KernelIR &ir, const HostTarget &host) {
    size_t instrs = ir.instrs.size();
    if (small_launch(ir) || loop_shape(ir).loops >= divergent_loops || has_sorted_dispatch(ir) || has_packed_gather(ir))
        return 1;
    if (instrs <= large_kernel)
        return chain_like(ir) || (host.vector_bits >= 512 && has_inline_sin_cos(ir)) ? 8 : 4;
    if (instrs <= 5000)
        return 8;
    if (instrs <= 16000) // past this, compile time (linear, but times the vectors) dominates
        return chain_shape(ir).latency_bound() ? 8 : 4;
    return 1;
}

bool is_sum(const llvm::Value *v) {
    auto *op = llvm::dyn_cast<llvm::BinaryOperator>(v);
    return op && (op->getOpcode() == llvm::Instruction::FAdd || op->getOpcode() == llvm::Instruction::FSub) &&
           op->hasAllowContract();
}

/// A product that may fuse into its only use.
bool is_fusable_product(const llvm::Value *v) {
    auto *op = llvm::dyn_cast<llvm::BinaryOperator>(v);
    return op && op->getOpcode() == llvm::Instruction::FMul && op->hasAllowContract() && op->hasOneUse();
}

/// Settles FMA contraction on the module's IR, where every loop and block of a kernel sees the same rule: with
/// `fuse`, a float add or subtract of a product that has no other use becomes one llvm.fmuladd (an FMA where the
/// host has one; the first operand's product where both are); then no instruction keeps the `contract` flag. LLVM's
/// code generator contracts within a basic block only, so left to it, one kernel rounded its elements differently
/// in its loop of whole iterations and its remainder loop, or on either side of a prefetch branch.
void settle_contraction(llvm::Module &m, bool fuse) {
    std::vector<llvm::BinaryOperator *> sums;
    for (llvm::Function &f : m)
        for (llvm::Instruction &ins : llvm::instructions(f))
            if (fuse && is_sum(&ins))
                sums.push_back(llvm::cast<llvm::BinaryOperator>(&ins));
    for (llvm::BinaryOperator *sum : sums) {
        unsigned k = 0;
        while (k < 2 && !is_fusable_product(sum->getOperand(k)))
            ++k;
        if (k == 2)
            continue;
        auto *product = llvm::cast<llvm::BinaryOperator>(sum->getOperand(k));
        llvm::IRBuilder<> b(sum);
        llvm::Value *x = product->getOperand(0), *y = product->getOperand(1), *z = sum->getOperand(1 - k);
        if (sum->getOpcode() == llvm::Instruction::FSub) // x*y - z = x*y + (-z); z - x*y = (-x)*y + z: exact negations
            (k == 0 ? z : x) = b.CreateFNeg(k == 0 ? z : x);
        // x86 overwrites the register of the second factor (vfmadd213): make it the factor used here only (a
        // chain's last result rather than an input used all along), or the fast path's code generator, which does
        // not commute the operands, copies the input first (one vmovaps per FMA). The product is the same.
        if (x->hasOneUse() && !y->hasOneUse())
            std::swap(x, y);
        llvm::Value *fused = b.CreateIntrinsic(llvm::Intrinsic::fmuladd, {sum->getType()}, {x, y, z});
        fused->takeName(sum);
        sum->replaceAllUsesWith(fused);
        sum->eraseFromParent();
        product->eraseFromParent();
    }
    for (llvm::Function &f : m)
        for (llvm::Instruction &ins : llvm::instructions(f))
            if (llvm::isa<llvm::FPMathOperator>(ins))
                ins.setHasAllowContract(false);
}

/// O3 without the loop and SLP vectorisers, unrolling and interleaving: the kernel IR is already vectorised by
/// hand, and those passes would only add code.
void optimize(llvm::Module &m, llvm::TargetMachine &tm) {
    llvm::PipelineTuningOptions tuning;
    tuning.LoopVectorization = false;
    tuning.SLPVectorization = false;
    tuning.LoopUnrolling = false;
    tuning.LoopInterleaving = false;
    optimize_o3(m, tm, tuning);
}

} // namespace

// The kernel's functions (members of the Lowering, cpu_lowering.h): the body with its element loop over [start,
// end), and the entry point that unpacks the argument array and calls it.

using llvm::Value;

void Lowering::set_target_attrs(llvm::Function *f) {
    f->addFnAttr("target-cpu", m_host.cpu);
    f->addFnAttr("target-features", m_host.features);
    f->addFnAttr("prefer-vector-width", std::to_string(m_host.vector_bits));
    f->addFnAttr("min-legal-vector-width", std::to_string(m_host.vector_bits));
    f->addFnAttr(llvm::Attribute::NoUnwind);
}

llvm::Function *Lowering::build_body() {
    auto *fty = llvm::FunctionType::get(m_b.getVoidTy(), param_types(first_param), false);
    auto *f = llvm::Function::Create(fty, llvm::Function::InternalLinkage, "tj_body", m_module);
    set_target_attrs(f);
    f->addFnAttr(llvm::Attribute::AlwaysInline);
    bind_params(f, first_param);
    auto *entry = llvm::BasicBlock::Create(m_ctx, "entry", f);
    auto *loop = llvm::BasicBlock::Create(m_ctx, "loop", f);
    auto *exit = llvm::BasicBlock::Create(m_ctx, "exit", f);
    m_b.SetInsertPoint(entry);
    Value *start = f->getArg(0), *end = f->getArg(1);
    m_end = end;
    auto *to_loop = m_b.CreateCondBr(m_b.CreateICmpULT(start, end), loop, exit);

    // Width-1 inputs and literals are computed once, before the loop.
    m_b.SetInsertPoint(to_loop);
    m_loop_entry = to_loop;
    m_stream_ok = streaming_allowed(f->getArg(2), start);
    if (m_stream_ok) // a launch that streams reads its inputs from memory: prefetch_stream, else 0 (the line in use)
        m_stream_ahead = m_b.CreateSelect(m_stream_ok, m_b.getInt64(stream_prefetch_bytes), m_b.getInt64(0), "ahead");
    hoist_invariants();
    if (m_plan) {
        build_sorted(start, end, loop, exit);
        return f;
    }
    element_loop(loop, exit, start, entry, end);
    return f;
}

/// Whether this run may write its outputs with non-temporal stores: the launch asked for it (`stream` != 0, for
/// outputs too large to stay in the caches) and every output's first vector is 64-byte aligned. Null when the
/// kernel has no output.
Value *Lowering::streaming_allowed(Value *stream, Value *start) {
    // The element size of each output: the type its Store writes (one pass: kernels may have many outputs).
    std::vector<uint64_t> sizes(m_ir.params.size(), 0);
    for (const Instr &ins : m_ir.instrs)
        if (ins.kind == InstrKind::Store)
            sizes[ins.a] = ins.type == VarType::Bool ? 1 : detail::type_size(ins.type);
    Value *ok = nullptr;
    for (size_t k = 0; k < m_ir.params.size(); ++k) {
        if (m_ir.params[k] != ParamKind::Output)
            continue;
        if (!ok)
            ok = m_b.CreateICmpNE(stream, m_b.getInt64(0));
        uint64_t size = sizes[k];
        if (!size)
            continue;
        Value *first =
            m_b.CreateAdd(m_b.CreatePtrToInt(m_params[k], m_b.getInt64Ty()), m_b.CreateMul(start, m_b.getInt64(size)));
        ok = m_b.CreateAnd(ok, m_b.CreateICmpEQ(m_b.CreateAnd(first, m_b.getInt64(63)), m_b.getInt64(0)));
    }
    return ok;
}

void Lowering::build_entry(llvm::Function *body, llvm::Function *tail) {
    auto *fty = llvm::FunctionType::get(m_b.getVoidTy(),
                                        {m_b.getInt64Ty(), m_b.getInt64Ty(), m_b.getPtrTy(), m_b.getInt64Ty()}, false);
    auto *f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, kernel_entry, m_module);
    set_target_attrs(f);
    m_b.SetInsertPoint(llvm::BasicBlock::Create(m_ctx, "entry", f));
    Value *start = f->getArg(0), *end = f->getArg(1);
    std::vector<Value *> args{start, end, f->getArg(3)};
    for (size_t k = 0; k < m_ir.params.size(); ++k) {
        Value *slot = m_b.CreateConstInBoundsGEP1_64(m_b.getPtrTy(), f->getArg(2), k);
        llvm::Type *t = m_ir.params[k] == ParamKind::Size ? (llvm::Type *)m_b.getInt64Ty() : m_b.getPtrTy();
        args.push_back(m_b.CreateLoad(t, slot));
    }
    if (tail) { // body on [start, split), whole iterations of m_width; tail on [split, end)
        Value *n = m_b.CreateSub(end, start);
        Value *split = m_b.CreateAdd(start, m_b.CreateSub(n, m_b.CreateURem(n, m_b.getInt64(m_width))), "split");
        args[1] = split;
        m_b.CreateCall(body, args);
        args[0] = split, args[1] = end;
        m_b.CreateCall(tail, args);
    } else {
        m_b.CreateCall(body, args);
    }
    m_b.CreateRetVoid();
}

std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, const HostTarget &host, llvm::LLVMContext &ctx,
                                           unsigned interleave, bool fuse_products) {
    auto m = std::make_unique<llvm::Module>("tj_kernel", ctx);
    m->setTargetTriple(host.triple);
    m->setDataLayout(host.data_layout);
    if (interleave == 1) {
        Lowering lowering(ir, host, *m, 1, Lowering::Lanes::Masked);
        lowering.build_entry(lowering.build_body(), nullptr);
    } else {
        // Several vectors per iteration: with masks, each vector's mask takes a mask register through the whole
        // iteration (AVX-512 has seven; the rest spill), and the loop's speed depended on where its inputs lay in
        // their pages (on an AMD EPYC, Zen 4: the 100-op chain of bench_freeze at 8 vectors, 1.05-1.43x a
        // hand-written loop by page offset; without masks or spills 1.05-1.10x at every offset; with the loads
        // also in ascending order, load_in_order, 1.00-1.01x). So the loop of several vectors runs only whole
        // iterations, without masks, and a loop of one masked vector the rest: at most interleave - 1
        // iterations, for 1/interleave more code.
        llvm::Function *tail = Lowering(ir, host, *m, 1, Lowering::Lanes::Masked).build_body();
        Lowering whole(ir, host, *m, interleave, Lowering::Lanes::Whole);
        whole.build_entry(whole.build_body(), tail);
    }
    settle_contraction(*m, fuse_products);
    std::string err;
    llvm::raw_string_ostream os(err);
    const bool broken = llvm::verifyModule(*m, &os);
    TJ_ASSERT(!broken, "invalid kernel IR: " + err);
    return m;
}

bool small_launch(const KernelIR &ir) { return ir.launch_size != 0 && ir.launch_size <= small_launch_elements; }

std::vector<char> compile_object(const KernelIR &ir, const HostTarget &host, llvm::TargetMachine &tm) {
    llvm::LLVMContext ctx;
    bool large = fast_path(ir);
    // Products fuse with their adds except on the fast path at one vector per iteration: there the instruction
    // selector (FastISel) takes the float ops one by one but does not select llvm.fmuladd itself (bench_compile's
    // cold 10k-op chain: 12 ms unfused, 31 ms fused). Wider vectors are not types FastISel selects: their blocks go
    // through the instruction DAG anyway (the frozen 10000-op chain's kernel: 239-253 ms fused, 264-275 unfused).
    unsigned interleave = interleave_for(ir, host);
    std::unique_ptr<llvm::Module> m = build_module(ir, host, ctx, interleave, !large || interleave > 1);
    if (!large)
        optimize(*m, tm);
    trace_module(*m, "optimised kernel");
    tm.setOptLevel(large ? llvm::CodeGenOptLevel::None : llvm::CodeGenOptLevel::Aggressive);
    // Set for every kernel: LLVM's code generator setup turns FastISel on in the (shared) TargetMachine for an
    // unoptimised compile and never off again, so after the first fast-path kernel every later kernel had its
    // instructions selected one by one: no FMA contraction (results a last bit off those of the same kernel
    // compiled earlier, or by another process) and slower code.
    tm.setFastISel(large);
    if (logging::enabled(LogLevel::Trace)) { // the machine code as well (of a copy: code generation changes the IR)
        std::unique_ptr<llvm::Module> copy = llvm::CloneModule(*m);
        llvm::SmallVector<char, 0> text = emit_code(*copy, tm, llvm::CodeGenFileType::AssemblyFile);
        logging::trace("kernel assembly ({}):\n{}", host.cpu, std::string_view(text.data(), text.size()));
    }
    llvm::SmallVector<char, 0> object = emit_code(*m, tm, llvm::CodeGenFileType::ObjectFile);
    return std::vector<char>(object.begin(), object.end());
}

} // namespace tj::cpu
