// plugin/engine/freeze/freeze_checks.cpp — errors for host reads of array contents in a frozen body
#include "engine/freeze/freeze_checks.h"

#include "engine/core/type_predicates.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

#include <set>

namespace tracejit::plugin {

using namespace clang;

namespace {

bool is_tj_function(const FunctionDecl *f, llvm::StringRef name) {
    return f && f->getDeclName().isIdentifier() && f->getName() == name && in_tj_namespace(f);
}

class ReadFinder {
  public:
    ReadFinder(const SourceManager &sm, const FunctionDecl &fn, std::vector<EngineDiagnostic> &diagnostics)
        : m_sm(sm), m_fn(fn), m_diagnostics(diagnostics) {}

    void visit(const Stmt *s) {
        if (!s)
            return;
        if (isa<UnaryExprOrTypeTraitExpr>(s) || isa<CXXTypeidExpr>(s) || isa<CXXNoexceptExpr>(s))
            return; // unevaluated: reads nothing
        if (const auto *lambda = dyn_cast<LambdaExpr>(s)) {
            visit(lambda->getBody());
            return;
        }
        if (const auto *call = dyn_cast<CXXMemberCallExpr>(s)) {
            const CXXMethodDecl *method = call->getMethodDecl();
            if (method && is_tj_array(method->getParent())) {
                // The conversion of a tj::Bool to bool exists in the pre-pass only, for symbolic conditions (the
                // plugin rewrites them; the real compile rejects any other use).
                if (isa<CXXConversionDecl>(method) && !is_tj_bool(call->getImplicitObjectArgument()->getType()))
                    report(call->getExprLoc(), "a conversion of a tj array to a host value");
                else if (method->getDeclName().isIdentifier() && method->getName() == "read")
                    report(call->getExprLoc(), "'read'");
            }
        } else if (const auto *call = dyn_cast<CallExpr>(s)) {
            if (is_tj_function(call->getDirectCallee(), "to_vector") || is_unresolved_to_vector(call->getCallee()))
                report(call->getExprLoc(), "'tj::to_vector'");
        } else if (const auto *member = dyn_cast<CXXDependentScopeMemberExpr>(s)) {
            // In a template: `value.read(i)` on an object whose type is tj::Array<T>. On a template parameter's
            // type (`A x`) nothing is known here: the run time reports such a read (tj::FreezeError).
            QualType base = member->getBaseType();
            if (member->isArrow() && !base.isNull() && base->isPointerType())
                base = base->getPointeeType();
            if (member->getMember().isIdentifier() && member->getMember().getAsString() == "read" &&
                is_tj_array_type(base))
                report(member->getMemberLoc(), "'read'");
        }
        for (const Stmt *child : s->children())
            visit(child);
    }

    unsigned errors() const { return m_errors; }

    /// `tj::to_vector(x)` with a dependent argument: a call not resolved yet, of a name that finds tj's.
    static bool is_unresolved_to_vector(const Expr *callee) {
        const auto *lookup = dyn_cast_or_null<UnresolvedLookupExpr>(callee ? callee->IgnoreParenImpCasts() : nullptr);
        if (!lookup || !lookup->getName().isIdentifier() || lookup->getName().getAsString() != "to_vector")
            return false;
        for (const NamedDecl *d : lookup->decls())
            if (in_tj_namespace(d->getUnderlyingDecl()))
                return true;
        return false;
    }

  private:
    void report(SourceLocation loc, const std::string &what) {
        SourceLocation at = m_sm.getExpansionLoc(loc);
        if (!m_seen.insert(at.getRawEncoding()).second)
            return;
        m_diagnostics.push_back(make_error(
            m_sm, at,
            "tracejit: reading the contents of a tj array in a frozen function cannot be replayed (" + what + " in '" +
                m_fn.getNameAsString() + "'): keep the computation in arrays, or read the result after the call"));
        ++m_errors;
    }

    const SourceManager &m_sm;
    const FunctionDecl &m_fn;
    std::vector<EngineDiagnostic> &m_diagnostics;
    std::set<unsigned> m_seen;
    unsigned m_errors = 0;
};

/// The instantiations of a template pattern that have a body (a function template's, a class template member's).
std::vector<const FunctionDecl *> instantiations(const FunctionDecl &fn) {
    std::vector<const FunctionDecl *> found;
    if (const FunctionTemplateDecl *t = fn.getDescribedFunctionTemplate())
        for (const FunctionDecl *spec : t->specializations())
            if (spec->getBody())
                found.push_back(spec);
    if (const auto *record = dyn_cast<CXXRecordDecl>(fn.getDeclContext()))
        if (const ClassTemplateDecl *ct = record->getDescribedClassTemplate())
            for (const ClassTemplateSpecializationDecl *spec : ct->specializations())
                for (const Decl *member : spec->decls())
                    if (const auto *method = dyn_cast<CXXMethodDecl>(member))
                        if (const FunctionDecl *from = method->getInstantiatedFromMemberFunction();
                            from && from->getCanonicalDecl() == fn.getCanonicalDecl() && method->getBody())
                            found.push_back(method);
    return found;
}

} // namespace

unsigned check_frozen_body(ASTContext &ctx, const FunctionDecl &fn, std::vector<EngineDiagnostic> &diagnostics) {
    ReadFinder finder(ctx.getSourceManager(), fn, diagnostics);
    finder.visit(fn.getBody());
    for (const FunctionDecl *instance : instantiations(fn))
        finder.visit(instance->getBody());
    return finder.errors();
}

} // namespace tracejit::plugin
