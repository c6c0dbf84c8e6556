// plugin/plan_statements.h — plans the recording of one marked function: a site per statement and the insertions
#pragma once

#include "engine.h"
#include "plan_model.h"
#include "plan_source.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <vector>

namespace tracejit::plugin {

/// Plans the rewrite of the definition `fn`: fills `plan` (slots, sites) and `edits` (every insertion, the
/// prologue and the handler included). Returns false, with a warning in `diagnostics`, when the function is not
/// rewritten at all (constexpr, coroutine, function-try-block, a body inside a macro); statements it cannot
/// record are left as they are with a warning each.
bool plan_function(clang::ASTContext &ctx, const SourceText &src, const clang::FunctionDecl &fn,
                   const EngineOptions &options, FunctionPlan &plan, EditList &edits,
                   std::vector<EngineDiagnostic> &diagnostics);

/// A warning at `loc` (its expansion, in the original text).
EngineDiagnostic make_warning(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message);

} // namespace tracejit::plugin
