// plugin/engine/plan/plan_statements.h — plans one marked function's recording: a site per statement, insertions
#pragma once

#include "engine/core/diagnostics.h"
#include "engine/core/engine_options.h"
#include "engine/core/plan_model.h"
#include "engine/core/source_edits.h"

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

} // namespace tracejit::plugin
