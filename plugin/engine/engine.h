// plugin/engine/engine.h — the rewrite engine: finds a parsed translation unit's marked functions, plans their rewrite
//
// Shared by the clang plugin (plugin.cpp, which runs it on a pre-pass parse and hands the edited buffers to the
// real compile) and by tracejit-rewrite (tools/rewrite). It never touches clang's diagnostics itself: what it
// cannot rewrite comes back as EngineDiagnostic entries, which the caller reports at the user's location.
#pragma once

#include "engine/core/diagnostics.h"
#include "engine/core/engine_options.h"

#include <clang/AST/ASTContext.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <string>
#include <vector>

namespace tracejit::plugin {

struct EngineResult {
    unsigned rewritten_functions = 0;
    unsigned frozen_functions = 0;    ///< of those, the ones called through tj::freeze (the file needs freeze.h)
    unsigned frozen_lambdas = 0;      ///< `tj::freeze(lambda)` calls given their captures (frozen_lambdas.h)
    unsigned symbolic_statements = 0; ///< branches and loops on tj::Bool rewritten (the file needs control.h)
    unsigned dispatch_calls = 0;      ///< `ptrs->method(args…)` rewritten into tj::dispatch (needs vcall_hooks.h)
    std::vector<EngineDiagnostic> diagnostics;
    /// The rewritten text of each rewritten definition, in file locations of the parse's SourceManager: from just
    /// past its name (a traced function: the rewrite leaves the name and what precedes it as written) or from its
    /// first token (a frozen function: its name is rewritten) to just past its closing brace. Invalid for a template
    /// or a member of one (its warnings come with instantiations) and where the definition comes from a macro.
    std::vector<clang::SourceRange> rewritten_definitions;
};

/// Plans the rewrite of every definition of a function marked [[jit::trace]] or [[jit::freeze]] (on any of its
/// declarations) in `ctx` into `rewriter`, whose SourceManager is `ctx`'s: the tape's recording, and for frozen
/// functions the wrapper through tj::freeze. Edited files are the rewriter's modified buffers.
EngineResult rewrite_marked_functions(clang::ASTContext &ctx, clang::Rewriter &rewriter, const EngineOptions &options);

} // namespace tracejit::plugin
