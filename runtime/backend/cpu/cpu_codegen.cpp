// runtime/backend/cpu/cpu_codegen.cpp — kernel IR → LLVM IR, explicitly vectorised to the host's SIMD width
//
// The public entry (cpu_codegen.h): `build_module` makes the module, runs the `Lowering` (cpu_lowering.h; start at
// `Lowering::build_body` in cpu_lowering.cpp), settles FMA contraction on the kernel (`settle_contraction`) and
// verifies the result.
#include "backend/cpu/cpu_codegen.h"
#include "backend/cpu/cpu_lowering.h"

#include <tracejit/error.h>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <string>
#include <utility>
#include <vector>

namespace tj::cpu {
namespace {

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

} // namespace

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

} // namespace tj::cpu
