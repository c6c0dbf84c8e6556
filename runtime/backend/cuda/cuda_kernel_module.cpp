// runtime/backend/cuda/cuda_kernel_module.cpp — the frame of the hand-written CUDA kernels (reduce, scan) in LLVM IR
#include "backend/cuda/cuda_kernel_module.h"

#include "backend/llvm/shared_llvm_pipeline.h"

#include <tracejit/error.h>

#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <string>
#include <vector>

namespace tj::cuda {

llvm::Function *create_entry(llvm::Module &m, const char *name, llvm::ArrayRef<const char *> params,
                             uint32_t max_threads) {
    llvm::LLVMContext &ctx = m.getContext();
    llvm::Type *i64 = llvm::Type::getInt64Ty(ctx);
    std::vector<llvm::Type *> types(params.size(), i64);
    auto *fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), types, false);
    auto *f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, name, m);
    f->addFnAttr(llvm::Attribute::NoUnwind);
    for (unsigned k = 0; k < params.size(); ++k)
        f->getArg(k)->setName(params[k]);
    auto annotate = [&](const char *key, uint32_t value) {
        llvm::Metadata *annotation[] = {
            llvm::ValueAsMetadata::get(f), llvm::MDString::get(ctx, key),
            llvm::ValueAsMetadata::get(llvm::ConstantInt::get(ctx, llvm::APInt(32, value)))};
        m.getOrInsertNamedMetadata("nvvm.annotations")->addOperand(llvm::MDNode::get(ctx, annotation));
    };
    annotate("kernel", 1);
    annotate("maxntidx", max_threads);
    return f;
}

llvm::GlobalVariable *shared_array(llvm::Module &m, llvm::Type *element, uint64_t count, const char *name) {
    auto *type = llvm::ArrayType::get(element, count);
    auto *g = new llvm::GlobalVariable(m, type, false, llvm::GlobalValue::InternalLinkage, llvm::UndefValue::get(type),
                                       name, nullptr, llvm::GlobalValue::NotThreadLocal, shared_space);
    g->setAlignment(llvm::Align(8));
    return g;
}

llvm::Value *special_register(llvm::IRBuilder<> &b, llvm::Intrinsic::ID id) {
    return b.CreateZExt(b.CreateIntrinsic(id, {}, {}), b.getInt64Ty());
}

void barrier(llvm::IRBuilder<> &b) { b.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier0, {}, {}); }

llvm::Value *warp_shuffle(llvm::IRBuilder<> &b, Shuffle mode, llvm::Value *v, llvm::Value *delta) {
    const llvm::Intrinsic::ID id = mode == Shuffle::Down ? llvm::Intrinsic::nvvm_shfl_sync_down_i32
                                   : mode == Shuffle::Up ? llvm::Intrinsic::nvvm_shfl_sync_up_i32
                                                         : llvm::Intrinsic::nvvm_shfl_sync_idx_i32;
    // c: the clamp (the last lane for Down and Idx, the first for Up), with no sub-warp segments
    llvm::Value *clamp = b.getInt32(mode == Shuffle::Up ? 0 : warp_size - 1);
    auto shuffle_i32 = [&](llvm::Value *x) { return b.CreateIntrinsic(id, {}, {b.getInt32(~0u), x, delta, clamp}); };
    llvm::Type *t = v->getType();
    llvm::Type *i32 = b.getInt32Ty();
    if (t->isIntegerTy(1))
        return b.CreateTrunc(shuffle_i32(b.CreateZExt(v, i32)), t);
    const unsigned bits = t->getPrimitiveSizeInBits();
    TJ_ASSERT(bits == 32 || bits == 64, "warp_shuffle of a value of neither 1, 32 nor 64 bits");
    llvm::Value *x = b.CreateBitCast(v, b.getIntNTy(bits));
    if (bits == 32)
        return b.CreateBitCast(shuffle_i32(x), t);
    llvm::Type *i64 = b.getInt64Ty();
    llvm::Value *lo = shuffle_i32(b.CreateTrunc(x, i32));
    llvm::Value *hi = shuffle_i32(b.CreateTrunc(b.CreateLShr(x, 32), i32));
    llvm::Value *joined = b.CreateOr(b.CreateZExt(lo, i64), b.CreateShl(b.CreateZExt(hi, i64), 32));
    return b.CreateBitCast(joined, t);
}

std::string module_to_ptx(llvm::Module &m, llvm::TargetMachine &tm, const char *what) {
    std::string err;
    llvm::raw_string_ostream os(err);
    const bool broken = llvm::verifyModule(m, &os);
    TJ_ASSERT(!broken, std::string("invalid ") + what + " IR: " + err);
    optimize_o3(m, tm, llvm::PipelineTuningOptions());
    trace_module(m, (std::string("optimised ") + what).c_str());
    llvm::SmallVector<char, 0> ptx = emit_code(m, tm, llvm::CodeGenFileType::AssemblyFile);
    return std::string(ptx.begin(), ptx.end());
}

} // namespace tj::cuda
