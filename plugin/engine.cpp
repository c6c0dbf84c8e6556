// plugin/engine.cpp — the rewrite engine's driver: find the marked functions, plan each one, apply the edits
//
// The passes, in order: find_marked_functions (find_marked.cpp), then per function plan_function
// (plan_statements.cpp: slots from plan_slots.cpp, one site per statement, insertions ordered by plan_source.cpp,
// tables written by emit_tables.cpp), then EditList::apply into the Rewriter. A function is applied whole or not
// at all.
#include "engine.h"

#include "find_marked.h"
#include "plan_source.h"
#include "plan_statements.h"

namespace tracejit::plugin {

EngineResult rewrite_marked_functions(clang::ASTContext &ctx, clang::Rewriter &rewriter, const EngineOptions &options) {
    EngineResult result;
    SourceText src(ctx.getSourceManager(), ctx.getLangOpts());
    for (const clang::FunctionDecl *fn : find_marked_functions(ctx)) {
        if (!ctx.getLangOpts().CPlusPlus) { // the recording code is C++
            result.diagnostics.push_back(
                make_warning(ctx.getSourceManager(), fn->getLocation(),
                             "tracejit: '" + fn->getNameAsString() + "' is not instrumented: only C++ is supported"));
            continue;
        }
        FunctionPlan plan;
        EditList edits(ctx.getSourceManager());
        if (!plan_function(ctx, src, *fn, options, plan, edits, result.diagnostics))
            continue;
        edits.apply(rewriter);
        ++result.rewritten_functions;
    }
    return result;
}

} // namespace tracejit::plugin
