// plugin/engine/freeze/freeze_checks.h — compile-time errors for what a frozen function's replay cannot reproduce
#pragma once

#include "engine/core/diagnostics.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <vector>

namespace tracejit::plugin {

/// Reports an error at each read of a tj array's contents on the host in the body of the frozen definition `fn`
/// (lambdas inside it included): `.read(…)`, `tj::to_vector(…)`, a conversion of an array to `bool`. A replay runs
/// no C++, so the value read at the recording would be used on every call. Template bodies are checked in each
/// instantiation (one error per place). Returns the number of errors added.
unsigned check_frozen_body(clang::ASTContext &ctx, const clang::FunctionDecl &fn,
                           std::vector<EngineDiagnostic> &diagnostics);

} // namespace tracejit::plugin
