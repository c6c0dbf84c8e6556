// runtime/backend/cpu_codegen.cpp — kernel IR → LLVM IR, explicitly vectorised to the host's SIMD width
//
// The public entry (cpu_codegen.h): `build_module` makes the module, runs the `Lowering` (cpu_lowering.h; start at
// `Lowering::build` in cpu_lowering.cpp) and verifies the result.
#include "backend/cpu_codegen.h"
#include "backend/cpu_lowering.h"

#include <tracejit/error.h>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <string>

namespace tj::cpu {

std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, const HostTarget &host, llvm::LLVMContext &ctx,
                                           unsigned interleave) {
    auto m = std::make_unique<llvm::Module>("tj_kernel", ctx);
    m->setTargetTriple(host.triple);
    m->setDataLayout(host.data_layout);
    Lowering(ir, host, *m, interleave).build();
    std::string err;
    llvm::raw_string_ostream os(err);
    const bool broken = llvm::verifyModule(*m, &os);
    TJ_ASSERT(!broken, "invalid kernel IR: " + err);
    return m;
}

} // namespace tj::cpu
