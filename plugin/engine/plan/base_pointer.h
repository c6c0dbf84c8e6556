// plugin/engine/plan/base_pointer.h — refuses a body whose inline asm takes an operand in x86-64's base pointer
//
// On x86-64, LLVM addresses the locals of a frame that has both a local aligned beyond the stack's 16 bytes (it
// realigns the stack) and a dynamic allocation (__builtin_alloca, a variable-length array) through rbx, the base
// pointer; under AddressSanitizer a dynamic allocation alone does, as ASan aligns it to 32 bytes. Inline asm that
// takes an operand in rbx (constraint "b", a register variable on rbx, a clobber of rbx) then overwrites it, and
// LLVM 19 says nothing: the frame's later accesses go astray. Whether a frame needs the base pointer depends on what
// the optimizer leaves of it: the plain function may escape it, the instrumented copy (its Frame stays on the stack
// across calls) does not, and crashes (tests/plugin/compile/base-pointer.cpp). Such a body is not instrumented.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <string>

namespace tracejit::plugin {

/// Why `fn`'s body cannot be instrumented on this target because of its use of the base pointer; empty when it can.
std::string base_pointer_clash(const clang::ASTContext &ctx, const clang::FunctionDecl &fn);

} // namespace tracejit::plugin
