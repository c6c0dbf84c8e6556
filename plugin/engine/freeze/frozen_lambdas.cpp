// plugin/engine/freeze/frozen_lambdas.cpp — rewrites `tj::freeze(lambda)` calls to pass the lambda's captures
//
// CallFinder walks the translation unit (not the bodies of marked functions, which the engine rewrites whole, nor
// templates, whose implicit captures are only known per instantiation) for calls of tj::freeze whose first argument
// is a lambda expression with captures. Each capture is judged (capture_problem); the ones that pass are named in
// the getter, the others are warnings. A call with no capture left keeps tj::freeze (and its run-time warning).
#include "engine/freeze/frozen_lambdas.h"

#include "engine/core/diagnostics.h"
#include "engine/core/find_marked.h"
#include "engine/core/type_predicates.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>

#include <string>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// The lambda written as the call's first argument, through the implicit nodes around it; null when it is not one.
const LambdaExpr *lambda_argument(const Expr *arg) {
    return dyn_cast<LambdaExpr>(arg->IgnoreImplicit()->IgnoreParens());
}

/// Why `capture` cannot be part of the key (empty when it can).
std::string capture_problem(const LambdaExpr &lambda, const LambdaCapture &capture, TypeSupport &types) {
    if (capture.capturesThis())
        return "'this' is not seen (pass what the body reads as arguments)";
    if (capture.capturesVLAType())
        return "a variable-length array is not seen";
    const ValueDecl *decl = capture.getCapturedVar();
    if (isa<BindingDecl>(decl))
        return "a structured binding is not seen (capture a variable)";
    const auto *var = dyn_cast<VarDecl>(decl);
    if (!var)
        return "it is not a variable";
    if (lambda.isInitCapture(&capture))
        return "an init-capture is not seen (capture the variable itself, or pass the value as an argument)";
    if (capture.getCaptureKind() == LCK_ByCopy && lambda.isMutable())
        return "a by-copy capture of a mutable lambda may change in the body, where the plugin cannot see it "
               "(capture it by reference)";
    QualType type = var->getType().getNonReferenceType();
    if (!types.supported(type.getUnqualifiedType()))
        return "its type '" + type.getAsString() +
               "' cannot be flattened (docs/freezing.md, \"Inputs and the layout key\")";
    return "";
}

class CallFinder : public RecursiveASTVisitor<CallFinder> {
  public:
    CallFinder(ASTContext &ctx, Rewriter &rewriter, TypeSupport &types, std::vector<EngineDiagnostic> &diagnostics)
        : m_sm(ctx.getSourceManager()), m_rewriter(rewriter), m_types(types), m_diags(diagnostics) {}

    bool TraverseDecl(Decl *decl) {
        if (!decl)
            return true;
        if (const auto *fn = decl->getAsFunction(); fn && has_mark(*fn))
            return true; // the engine rewrites it whole
        if (decl->isTemplated() && !isa<TranslationUnitDecl>(decl))
            return true; // its implicit captures are known per instantiation only
        if (decl->getLocation().isValid() && m_sm.isInSystemHeader(decl->getLocation()))
            return true;
        return RecursiveASTVisitor::TraverseDecl(decl);
    }

    bool VisitCallExpr(CallExpr *call) {
        const FunctionDecl *callee = call->getDirectCallee();
        if (!callee || call->getNumArgs() < 1 || !callee->getIdentifier() || callee->getName() != "freeze" ||
            !in_tj_namespace(callee))
            return true;
        const LambdaExpr *lambda = lambda_argument(call->getArg(0));
        if (!lambda || lambda->capture_size() == 0)
            return true;
        rewrite(*call, *lambda);
        return true;
    }

    unsigned rewritten() const { return m_rewritten; }

  private:
    void rewrite(const CallExpr &call, const LambdaExpr &lambda) {
        std::string captures, names;
        for (const LambdaCapture &capture : lambda.captures()) {
            if (capture.capturesVariable()) {
                const auto *record = capture.getCapturedVar()->getType().getNonReferenceType()->getAsCXXRecordDecl();
                if (record && record->hasDefinition() && record->isEmpty())
                    continue; // no state (a stateless lambda, a tag)
            }
            if (std::string why = capture_problem(lambda, capture, m_types); !why.empty()) {
                std::string what = capture.capturesThis() ? std::string("this")
                                                          : "'" + capture.getCapturedVar()->getNameAsString() + "'";
                m_diags.push_back(make_warning(m_sm, capture.getLocation(),
                                               "tracejit: the capture " + what +
                                                   " of this frozen lambda is not part of its freezing key: " + why +
                                                   "; its value at the recording is what replays reproduce"));
                continue;
            }
            const ValueDecl *var = capture.getCapturedVar();
            std::string name = var->getNameAsString();
            // A copy of a const variable is its own non-const copy (`x = x`): auto-opaque may make a literal in it
            // opaque in place (freeze.h, Frozen::visit_state), which a const object must not be.
            std::string spelled = capture.getCaptureKind() == LCK_ByRef ? "&" + name
                                  : var->getType().isConstQualified() && !var->getType()->isArrayType()
                                      ? name + " = " + name
                                      : name;
            captures += (captures.empty() ? "" : ", ") + spelled;
            names += (names.empty() ? "" : ", ") + name;
        }
        if (names.empty())
            return;
        // Only edits inside one file, outside macros: the callee's name and the lambda's end.
        SourceRange callee = call.getCallee()->IgnoreImplicit()->getSourceRange();
        SourceLocation lambda_end = lambda.getEndLoc();
        if (!callee.getBegin().isFileID() || !callee.getEnd().isFileID() || !lambda_end.isFileID() ||
            !m_sm.isWrittenInSameFile(callee.getBegin(), lambda_end))
            return;
        m_rewriter.ReplaceText(CharSourceRange::getTokenRange(callee), "::tj::detail::freeze_with_captures");
        m_rewriter.InsertTextAfterToken(lambda_end, ", [" + captures + "] { return ::std::tie(" + names + "); }");
        ++m_rewritten;
    }

    const SourceManager &m_sm;
    Rewriter &m_rewriter;
    TypeSupport &m_types;
    std::vector<EngineDiagnostic> &m_diags;
    unsigned m_rewritten = 0;
};

} // namespace

unsigned rewrite_frozen_lambdas(ASTContext &ctx, Rewriter &rewriter, TypeSupport &types,
                                std::vector<EngineDiagnostic> &diagnostics) {
    CallFinder finder(ctx, rewriter, types, diagnostics);
    finder.TraverseDecl(ctx.getTranslationUnitDecl());
    return finder.rewritten();
}

} // namespace tracejit::plugin
