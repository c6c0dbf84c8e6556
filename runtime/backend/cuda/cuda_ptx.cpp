// runtime/backend/cuda/cuda_ptx.cpp — the NVPTX pipeline: build the module, link libdevice, O3, emit PTX text
//
// `compile_ptx` runs, in order: `build_module` (cuda_codegen.cpp), `link_libdevice` (only the `__nv_*` functions
// the kernel calls, with `nvvm-reflect-ftz` = 0: no flush of subnormals to zero), internalisation of everything
// but the kernel, the O3 pipeline (whose NVPTX callbacks resolve libdevice's `__nvvm_reflect` queries), and the
// NVPTX code generator writing PTX assembly.
#include "backend/cuda/cuda_ptx.h"

#include "backend/cuda/cuda_codegen.h"
#include "backend/llvm/shared_llvm_pipeline.h"
#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstdlib>
#include <memory>
#include <mutex>

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/IPO/Internalize.h>

namespace tj::cuda {
namespace {

/// The NVPTX target of the shared libLLVM, registered once per process, and the architectures it knows.
struct Nvptx {
    const llvm::Target *target = nullptr;
    std::unique_ptr<llvm::MCSubtargetInfo> generic; ///< answers which processor names are valid
};

const Nvptx &nvptx() {
    static const Nvptx *n = [] {
        LLVMInitializeNVPTXTargetInfo();
        LLVMInitializeNVPTXTarget();
        LLVMInitializeNVPTXTargetMC();
        LLVMInitializeNVPTXAsmPrinter();
        std::string err;
        auto *t = new Nvptx();
        t->target = llvm::TargetRegistry::lookupTarget(nvptx_triple, err);
        if (!t->target)
            throw Error("tracejit: the CUDA backend needs LLVM's NVPTX target, which this LLVM lacks: " + err);
        t->generic.reset(t->target->createMCSubtargetInfo(nvptx_triple, "", ""));
        return t;
    }();
    return *n;
}

/// libdevice's bitcode, read once per process (a failure is kept as well: the path does not change).
struct Libdevice {
    std::string path;
    std::unique_ptr<llvm::MemoryBuffer> bitcode;
    std::string error;
};

const Libdevice &libdevice() {
    static const Libdevice *lib = [] {
        auto *l = new Libdevice();
        l->path = libdevice_path();
        auto buffer = llvm::MemoryBuffer::getFile(l->path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
        if (buffer) {
            l->bitcode = std::move(*buffer);
            logging::debug("cuda backend: libdevice from {} ({} bytes)", l->path, l->bitcode->getBufferSize());
        } else {
            l->error = buffer.getError().message();
        }
        return l;
    }();
    return *lib;
}

/// Whether the module calls functions of libdevice (declared, not yet defined).
bool calls_libdevice(const llvm::Module &m) {
    for (const llvm::Function &f : m)
        if (f.isDeclaration() && f.getName().starts_with("__nv_"))
            return true;
    return false;
}

/// Links the libdevice functions that `m` calls (and what they call) into `m`.
void link_libdevice(llvm::Module &m) {
    const Libdevice &lib = libdevice();
    if (!lib.bitcode)
        throw Error(fmt::format("tracejit: the CUDA backend cannot read libdevice (math functions) at {}: {}; install "
                                "the CUDA toolkit there or set CUDA_HOME to its folder",
                                lib.path, lib.error));
    // Lazily: only the bodies the linker pulls in are read from the bitcode.
    auto lazy = llvm::getLazyBitcodeModule(lib.bitcode->getMemBufferRef(), m.getContext());
    if (!lazy)
        throw Error(fmt::format("tracejit: the CUDA backend cannot parse libdevice at {}: {}", lib.path,
                                llvm_error_message(lazy.takeError())));
    std::unique_ptr<llvm::Module> dev = std::move(*lazy);
    // libdevice says "nvptx64-nvidia-gpulibs" and a shorter data layout: adopt the kernel's (no mismatch warnings).
    dev->setTargetTriple(m.getTargetTriple());
    dev->setDataLayout(m.getDataLayout());
    if (llvm::Linker::linkModules(m, std::move(dev), llvm::Linker::Flags::LinkOnlyNeeded))
        throw Error(fmt::format("tracejit: cannot link libdevice from {} into a CUDA kernel (a libdevice that LLVM {} "
                                "cannot read? set CUDA_HOME to another CUDA toolkit)",
                                lib.path, LLVM_VERSION_STRING));
}

/// Calls of one libdevice function beyond which it stays a function: inlining each call whole made large kernels
/// slow to compile (100 sines took 0.43 s, most of it optimising and emitting 100 copies of sinf's body).
constexpr unsigned max_inlined_calls = 4;

/// Marks the libdevice functions that `m` calls more than `max_inlined_calls` times noinline.
void keep_frequent_math_calls(llvm::Module &m) {
    for (llvm::Function &f : m) {
        if (f.isDeclaration() || !f.getName().starts_with("__nv_"))
            continue;
        unsigned calls = 0;
        for (const llvm::User *u : f.users())
            calls += llvm::isa<llvm::CallBase>(u);
        if (calls > max_inlined_calls) {
            f.removeFnAttr(llvm::Attribute::AlwaysInline);
            f.addFnAttr(llvm::Attribute::NoInline);
        }
    }
}

} // namespace

std::string libdevice_path() {
    const char *home = std::getenv("CUDA_HOME");
    std::string root = home && *home ? home : "/usr/local/cuda";
    return root + "/nvvm/libdevice/libdevice.10.bc";
}

std::unique_ptr<llvm::TargetMachine> nvptx_target_machine(const std::string &arch) {
    const Nvptx &target = nvptx();
    // Checked first: LLVM would only print a warning and generate code for its default architecture.
    if (!target.generic || !target.generic->isCPUStringValid(arch))
        throw Error(fmt::format("tracejit: the CUDA backend cannot generate code for GPU architecture '{}' (LLVM {} "
                                "knows names such as sm_90)",
                                arch, LLVM_VERSION_STRING));
    llvm::TargetOptions options; // defaults: IEEE results, no unsafe or approximate math
    std::unique_ptr<llvm::TargetMachine> tm(target.target->createTargetMachine(
        nvptx_triple, arch, "", options, std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
    if (!tm)
        throw Error(fmt::format("tracejit: LLVM {}'s NVPTX backend cannot generate code for '{}'", LLVM_VERSION_STRING,
                                arch));
    return tm;
}

std::string compile_ptx(const KernelIR &ir, const std::string &arch) {
    std::unique_ptr<llvm::TargetMachine> tm = nvptx_target_machine(arch);
    llvm::LLVMContext ctx;
    std::unique_ptr<llvm::Module> m = build_module(ir, ctx, tm->createDataLayout().getStringRepresentation());
    m->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(0));
    if (calls_libdevice(*m)) {
        link_libdevice(*m);
        keep_frequent_math_calls(*m);
    }
    llvm::internalizeModule(*m, [](const llvm::GlobalValue &gv) { return gv.getName() == kernel_entry; });
    optimize_o3(*m, *tm, llvm::PipelineTuningOptions()); // NVPTX's passes: NVVMReflect resolves __nvvm_reflect
    trace_module(*m, "optimised CUDA kernel");
    llvm::SmallVector<char, 0> ptx = emit_code(*m, *tm, llvm::CodeGenFileType::AssemblyFile);
    return std::string(ptx.begin(), ptx.end());
}

} // namespace tj::cuda
