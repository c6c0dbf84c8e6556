// plugin/engine/engine.cpp — the rewrite engine's driver: find the marked functions, plan each one, apply the edits
//
// The passes, in order: find_marked_functions (core/find_marked.cpp), then per function plan_dispatch
// (dispatch/plan_dispatch.cpp: calls through pointer arrays into tj::dispatch), plan_function
// (plan/plan_statements.cpp: slots from plan/plan_slots.cpp, one site per statement, insertions ordered by
// core/source_edits.cpp, tables written by plan/emit_tables.cpp); for a [[jit::freeze]] function then
// check_frozen_body (freeze/freeze_checks.cpp), find_implicit_inputs (freeze/implicit_inputs.cpp) and plan_freeze
// (freeze/plan_freeze.cpp: the hidden body and the wrapper); then EditList::apply into the Rewriter. Statements
// whose condition is a tj::Bool are planned by plan/plan_symbolic.cpp (their state by plan/symbolic_state.cpp).
// A function is applied whole or not at all (its freezing likewise). Then the `tj::freeze(lambda)` calls elsewhere
// (freeze/frozen_lambdas.cpp). Last, the traversal of the records that frozen functions take or return, or lambdas
// capture (freeze/freeze_types.cpp), and the field lists of the classes derived from tj::Object
// (freeze/object_fields.cpp). A C++ file compiled before C++20 gets one error and no rewrite.
//
// The engine's layers, each including only from those below it (tools/layering/check_layering.py): core/ the
// vocabulary every part shares (marks, options, diagnostics, type predicates, source edits, the plan's model);
// plan/ the Planner of a function body (statements, slots, control, symbolic statements, twin, tables); the passes
// dispatch/ and freeze/, which include neither each other nor engine.h; this driver on top, the only file that
// includes the passes. engine.h is the driver's API for the plugin's glue and tracejit-rewrite.
#include "engine/engine.h"

#include "engine/core/find_marked.h"
#include "engine/core/source_edits.h"
#include "engine/dispatch/plan_dispatch.h"
#include "engine/freeze/freeze_checks.h"
#include "engine/freeze/freeze_types.h"
#include "engine/freeze/frozen_lambdas.h"
#include "engine/freeze/implicit_inputs.h"
#include "engine/freeze/object_fields.h"
#include "engine/freeze/plan_freeze.h"
#include "engine/plan/plan_statements.h"
#include "engine/plan/plan_twin.h"

#include <clang/AST/Stmt.h>
#include <clang/Lex/Lexer.h>

#include <stdexcept>

namespace tracejit::plugin {

namespace {

/// The passes of a [[jit::freeze]] function (none for a [[jit::trace]] one): its read errors, the records its
/// parameters and result need a traversal for, its implicit inputs, the wrapper. False when it is not frozen.
bool plan_frozen_function(clang::ASTContext &ctx, const SourceText &src, const clang::FunctionDecl &fn,
                          const FunctionPlan &plan, TypeSupport &types, EditList &edits,
                          std::vector<EngineDiagnostic> &diagnostics) {
    const clang::AnnotateAttr *mark = freeze_mark(fn);
    if (!mark)
        return false;
    if (std::string why = why_not_freezable(fn); !why.empty()) { // it runs unfrozen, recorded on the tape
        diagnostics.push_back(
            make_warning(ctx.getSourceManager(), fn.getLocation(),
                         "tracejit: '" + fn.getNameAsString() + "' is not frozen: " + why + "; it runs unfrozen"));
        return false;
    }
    check_frozen_body(ctx, fn, diagnostics);
    for (const clang::ParmVarDecl *p : fn.parameters())
        types.supported(p->getType());
    if (!fn.getReturnType()->isVoidType())
        types.supported(fn.getReturnType());
    std::vector<ImplicitInput> implicit_inputs = find_implicit_inputs(ctx, fn, types, diagnostics);
    return plan_freeze(ctx, src, fn, *mark, plan, implicit_inputs, edits, diagnostics);
}

/// Writes the twin of `fn` (plan_twin.h) into `rewriter`: its body as written (with `plain_edits`: its calls through
/// pointer arrays rewritten without recording), then the body with `edits` applied.
void apply_twin(clang::ASTContext &ctx, const SourceText &src, const clang::FunctionDecl &fn, const TwinShape &shape,
                const EditList &edits, const EditList &plain_edits, clang::Rewriter &rewriter) {
    clang::Rewriter scratch(ctx.getSourceManager(), ctx.getLangOpts());
    edits.apply(scratch);
    clang::Rewriter plain(ctx.getSourceManager(), ctx.getLangOpts());
    plain_edits.apply(plain);
    const auto *body = clang::cast<clang::CompoundStmt>(fn.getBody());
    clang::CharSourceRange range = src.file_range(clang::SourceRange(body->getLBracLoc(), body->getRBracLoc()));
    std::string text = twin_body(src, fn, shape, plain.getRewrittenText(range), scratch.getRewrittenText(range));
    if (text.empty())
        throw std::logic_error("the twin of '" + fn.getNameAsString() + "' could not be written");
    rewriter.ReplaceText(range, text);
}

/// Where the rewritten text of the definition of `fn` is: see EngineResult::rewritten_definitions. The real compile
/// judges what comes before with the user's flags: the warnings on the function as a whole (-Wunused-function
/// and its kin, at the name) are only known there, since the pre-pass skips the bodies of unmarked functions.
clang::SourceRange definition_range(const clang::ASTContext &ctx, const clang::FunctionDecl &fn, bool name_rewritten) {
    if (fn.isTemplated())
        return {};
    const clang::SourceManager &sm = ctx.getSourceManager();
    clang::SourceLocation begin = fn.getOuterLocStart();
    clang::SourceLocation last = fn.getEndLoc();
    if (!begin.isFileID() || !last.isFileID() || !sm.isWrittenInSameFile(begin, last))
        return {};
    clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(last, 0, sm, ctx.getLangOpts());
    clang::SourceLocation name = fn.getNameInfo().getEndLoc();
    if (!name_rewritten && name.isFileID() && sm.isWrittenInSameFile(name, begin) &&
        sm.isBeforeInTranslationUnit(begin, name) && sm.isBeforeInTranslationUnit(name, last))
        begin = clang::Lexer::getLocForEndOfToken(name, 0, sm, ctx.getLangOpts());
    return {begin, end};
}

} // namespace

EngineResult rewrite_marked_functions(clang::ASTContext &ctx, clang::Rewriter &rewriter, const EngineOptions &options) {
    EngineResult result;
    SourceText src(ctx.getSourceManager(), ctx.getLangOpts());
    TypeSupport types(ctx, src);
    const clang::LangOptions &lang = ctx.getLangOpts();
    for (const clang::FunctionDecl *fn : find_marked_functions(ctx)) {
        if (lang.CPlusPlus && !lang.CPlusPlus20) { // the recording code and the runtime's headers are C++20
            const char *standard = lang.CPlusPlus17   ? "C++17"
                                   : lang.CPlusPlus14 ? "C++14"
                                   : lang.CPlusPlus11 ? "C++11"
                                                      : "C++98";
            result.diagnostics.push_back(make_error(ctx.getSourceManager(), fn->getLocation(),
                                                    std::string("tracejit: the tracejit plugin needs C++20 "
                                                                "(-std=c++20 or later); this file is compiled as ") +
                                                        standard));
            return result; // once, and nothing rewritten: the runtime's headers would fail by the dozen
        }
        if (!lang.CPlusPlus) { // the recording code is C++
            result.diagnostics.push_back(
                make_warning(ctx.getSourceManager(), fn->getLocation(),
                             "tracejit: '" + fn->getNameAsString() + "' is not instrumented: only C++ is supported",
                             WarningGroup::Unrecorded));
            continue;
        }
        FunctionPlan plan;
        EditList edits(ctx.getSourceManager());
        // The twin (plan_twin.h) for traced functions whose body can be duplicated; a frozen function's calls
        // go through tj::freeze, which costs more than the recording's hooks, and keep the instrumented body.
        TwinShape twin;
        bool is_template = fn->isDependentContext() || fn->getTemplatedKind() != clang::FunctionDecl::TK_NonTemplate;
        bool twinned = options.twins && !freeze_mark(*fn) && why_no_twin(ctx, src, *fn, is_template, twin).empty();
        EditList plain_edits(ctx.getSourceManager()); // the twin's body as written needs its dispatches too
        if (twinned) {
            plan.signature = twin_signature_name;
            for (const auto &[range, text] : twin.static_refs) { // both copies refer to the statics moved up
                edits.replace(range, text);
                plain_edits.replace(range, text);
            }
        }
        unsigned dispatches = plan_dispatch(ctx, src, *fn, plan, edits, plain_edits, result.diagnostics);
        if (!plan_function(ctx, src, *fn, options, plan, edits, result.diagnostics))
            continue;
        EditList freeze_edits(ctx.getSourceManager());
        bool frozen = plan_frozen_function(ctx, src, *fn, plan, types, freeze_edits, result.diagnostics);
        if (twinned && (frozen || plan.symbolic))
            throw std::logic_error("a twin was planned for a frozen or symbolic function");
        if (twinned)
            apply_twin(ctx, src, *fn, twin, edits, plain_edits, rewriter);
        else
            edits.apply(rewriter);
        ++result.rewritten_functions;
        result.rewritten_definitions.push_back(definition_range(ctx, *fn, frozen));
        result.symbolic_statements += plan.symbolic;
        result.dispatch_calls += dispatches;
        if (frozen) {
            freeze_edits.apply(rewriter);
            ++result.frozen_functions;
        }
    }
    if (lang.CPlusPlus20) // tj::freeze(lambda) calls outside marked functions: their captures become state
        result.frozen_lambdas = rewrite_frozen_lambdas(ctx, rewriter, types, result.diagnostics);
    EditList traversals(ctx.getSourceManager());
    types.plan_generated_fields(traversals);
    if (lang.CPlusPlus20) // what frozen functions read of the objects they dispatch to
        plan_object_fields(ctx, src, traversals);
    traversals.apply(rewriter);
    return result;
}

} // namespace tracejit::plugin
