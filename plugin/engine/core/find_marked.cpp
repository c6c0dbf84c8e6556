// plugin/engine/core/find_marked.cpp — finds the marked function definitions of a translation unit
#include "engine/core/find_marked.h"

#include "engine/core/annotations.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <set>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// The first mark of `d` whose annotation `accepts`.
template <typename Accept> const AnnotateAttr *mark_of(const Decl *d, Accept accepts) {
    if (!d)
        return nullptr;
    for (const auto *a : d->specific_attrs<AnnotateAttr>())
        if (accepts(a->getAnnotation()))
            return a;
    return nullptr;
}

/// The first mark `accepts` on any declaration of `fn`, of its template, or of the pattern it was instantiated from.
template <typename Accept> const AnnotateAttr *find_mark(const FunctionDecl &fn, Accept accepts) {
    for (const FunctionDecl *r : fn.redecls())
        if (const AnnotateAttr *a = mark_of(r, accepts))
            return a;
    if (const FunctionTemplateDecl *t = fn.getDescribedFunctionTemplate())
        for (const RedeclarableTemplateDecl *r : t->redecls()) {
            if (const AnnotateAttr *a = mark_of(r, accepts))
                return a;
            if (const AnnotateAttr *a = mark_of(r->getTemplatedDecl(), accepts))
                return a;
        }
    if (const FunctionDecl *pattern = fn.getTemplateInstantiationPattern())
        if (pattern != &fn)
            for (const FunctionDecl *r : pattern->redecls())
                if (const AnnotateAttr *a = mark_of(r, accepts))
                    return a;
    if (const FunctionDecl *member = fn.getInstantiatedFromMemberFunction())
        for (const FunctionDecl *r : member->redecls())
            if (const AnnotateAttr *a = mark_of(r, accepts))
                return a;
    return nullptr;
}

class Finder : public RecursiveASTVisitor<Finder> {
  public:
    explicit Finder(ASTContext &ctx) : m_sm(ctx.getSourceManager()) {}

    bool shouldVisitTemplateInstantiations() const { return false; }
    bool shouldVisitImplicitCode() const { return false; }

    bool VisitFunctionDecl(FunctionDecl *fn) {
        if (!fn || fn->isInvalidDecl() || fn->isImplicit() || !fn->doesThisDeclarationHaveABody() || !fn->getBody())
            return true;
        if (fn->isTemplateInstantiation() || fn->isDefaulted() || fn->isDeleted())
            return true;
        if (const auto *m = dyn_cast<CXXMethodDecl>(fn))
            if (m->getParent() && m->getParent()->isLambda())
                return true;
        SourceLocation loc = fn->getLocation();
        if (loc.isInvalid() || m_sm.isInSystemHeader(m_sm.getExpansionLoc(loc)))
            return true;
        if (!has_mark(*fn))
            return true;
        if (m_seen.insert(fn->getBody()).second)
            m_found.push_back(fn);
        return true;
    }

    std::vector<const FunctionDecl *> take() { return std::move(m_found); }

  private:
    const SourceManager &m_sm;
    std::set<const Stmt *> m_seen;
    std::vector<const FunctionDecl *> m_found;
};

} // namespace

bool has_mark(const FunctionDecl &fn) {
    return find_mark(fn, [](StringRef a) { return a == trace_annotation || a == freeze_annotation; }) != nullptr;
}

const AnnotateAttr *freeze_mark(const FunctionDecl &fn) {
    return find_mark(fn, [](StringRef a) { return a == freeze_annotation; });
}

std::vector<const FunctionDecl *> find_marked_functions(ASTContext &ctx) {
    Finder finder(ctx);
    finder.TraverseDecl(ctx.getTranslationUnitDecl());
    return finder.take();
}

} // namespace tracejit::plugin
