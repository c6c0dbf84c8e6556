// runtime/backend/llvm/shared_llvm_pipeline.cpp — after lowering, for CPU and CUDA: O3, trace log, code emission
#include "backend/llvm/shared_llvm_pipeline.h"

#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

namespace tj {

std::string llvm_error_message(llvm::Error err) {
    std::string msg;
    llvm::handleAllErrors(std::move(err), [&](const llvm::ErrorInfoBase &e) { msg = e.message(); });
    return msg;
}

void optimize_o3(llvm::Module &m, llvm::TargetMachine &tm, const llvm::PipelineTuningOptions &tuning) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb(&tm, tuning); // with `tm`, the target adds its own passes
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
    mpm.run(m, mam);
}

void trace_module(const llvm::Module &m, const char *title) {
    if (!logging::enabled(LogLevel::Trace))
        return;
    std::string text;
    llvm::raw_string_ostream os(text);
    m.print(os, nullptr);
    logging::trace("{}:\n{}", title, text);
}

llvm::SmallVector<char, 0> emit_code(llvm::Module &m, llvm::TargetMachine &tm, llvm::CodeGenFileType type) {
    llvm::SmallVector<char, 0> code;
    llvm::raw_svector_ostream os(code);
    llvm::legacy::PassManager cg;
    const bool cannot_emit = tm.addPassesToEmitFile(cg, os, nullptr, type);
    TJ_ASSERT(!cannot_emit,
              fmt::format("the {} target cannot emit {}", tm.getTargetTriple().str(),
                          type == llvm::CodeGenFileType::ObjectFile ? "object files" : "assembly"));
    cg.run(m);
    return code;
}

} // namespace tj
