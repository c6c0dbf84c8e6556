// runtime/backend/llvm/shared_llvm_pipeline.h — after lowering, for CPU and CUDA: O3, trace log, code emission
#pragma once

#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/CodeGen.h>

#include <string>

namespace llvm {
class Error;
class Module;
class TargetMachine;
class PipelineTuningOptions;
} // namespace llvm

namespace tj {

/// The text of an LLVM error (which this consumes), for a tj::Error.
std::string llvm_error_message(llvm::Error err);

/// Runs LLVM's default O3 module pipeline with `tm`'s target-specific passes (for NVPTX: NVVMReflect).
void optimize_o3(llvm::Module &m, llvm::TargetMachine &tm, const llvm::PipelineTuningOptions &tuning);

/// Logs the module's text at trace level under `title` (nothing is printed below that level).
void trace_module(const llvm::Module &m, const char *title);

/// Object code or assembly text of `m` from `tm`'s code generator; `m` is consumed by code generation.
llvm::SmallVector<char, 0> emit_code(llvm::Module &m, llvm::TargetMachine &tm, llvm::CodeGenFileType type);

} // namespace tj
