// tools/rewrite/mark_all.cpp — tracejit-rewrite --mark-all: the main file with every function definition marked
#include "mark_all.h"

#include "engine/core/find_marked.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <set>

namespace tracejit::rewrite {

using namespace clang;

namespace {

class Marker : public RecursiveASTVisitor<Marker> {
  public:
    Marker(ASTContext &ctx, Rewriter &rewriter) : m_sm(ctx.getSourceManager()), m_rewriter(rewriter) {}

    bool shouldVisitTemplateInstantiations() const { return false; }
    bool shouldVisitImplicitCode() const { return false; }

    bool VisitFunctionDecl(FunctionDecl *fn) {
        if (!markable(*fn))
            return true;
        FunctionTypeLoc type = fn->getFunctionTypeLoc();
        SourceLocation paren = type ? type.getLParenLoc() : SourceLocation();
        if (paren.isInvalid() || paren.isMacroID() || !m_sm.isInMainFile(paren) ||
            fn->getLocation().isMacroID())
            return true;
        if (!m_done.insert(paren.getRawEncoding()).second)
            return true;
        if (isa<CXXConversionDecl>(fn)) {
            // `operator bool [[jit::trace]] ()` would mark the type bool (a conversion function's name ends in
            // a type, whose attributes appertain to it): the mark goes first, before `explicit` and the like
            // (after a template's parameter lists).
            SourceLocation start = fn->getInnerLocStart();
            if (start.isInvalid() || start.isMacroID() || !m_sm.isInMainFile(start))
                return true;
            m_rewriter.InsertTextBefore(start, "[[jit::trace]] ");
            return true;
        }
        bool invalid = false;
        const char *at = m_sm.getCharacterData(paren, &invalid);
        bool spaced = !invalid && (at[-1] == ' ' || at[-1] == '\t' || at[-1] == '\n');
        m_rewriter.InsertTextBefore(paren, spaced ? "[[jit::trace]] " : " [[jit::trace]] ");
        return true;
    }

  private:
    static bool markable(const FunctionDecl &fn) {
        if (fn.isInvalidDecl() || fn.isImplicit() || !fn.doesThisDeclarationHaveABody() || !fn.getBody())
            return false;
        if (fn.isTemplateInstantiation() || fn.isDefaulted() || fn.isDeleted() || fn.isConstexpr())
            return false;
        if (isa<CoroutineBodyStmt>(fn.getBody()) || isa<CXXTryStmt>(fn.getBody()))
            return false;
        if (const auto *m = dyn_cast<CXXMethodDecl>(&fn); m && m->getParent() && m->getParent()->isLambda())
            return false;
        return !plugin::has_mark(fn);
    }

    const SourceManager &m_sm;
    Rewriter &m_rewriter;
    std::set<unsigned> m_done;
};

} // namespace

std::string mark_all_functions(ASTContext &ctx) {
    SourceManager &sm = ctx.getSourceManager();
    Rewriter rewriter(sm, ctx.getLangOpts());
    Marker marker(ctx, rewriter);
    marker.TraverseDecl(ctx.getTranslationUnitDecl());
    FileID main = sm.getMainFileID();
    if (const RewriteBuffer *buffer = rewriter.getRewriteBufferFor(main))
        return std::string(buffer->begin(), buffer->end());
    return sm.getBufferData(main).str();
}

} // namespace tracejit::rewrite
