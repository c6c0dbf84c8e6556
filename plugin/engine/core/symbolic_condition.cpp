// plugin/engine/core/symbolic_condition.cpp — tj::Bool conditions in the AST, and tolerating their parse error
#include "engine/core/symbolic_condition.h"

#include "engine/core/type_predicates.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/DiagnosticSema.h>

namespace tracejit::plugin {

using namespace clang;

const Expr *symbolic_condition(const Expr *cond) {
    if (!cond)
        return nullptr;
    const Expr *e = cond;
    if (const auto *cleanups = dyn_cast<ExprWithCleanups>(e))
        e = cleanups->getSubExpr();
    if (const auto *recovery = dyn_cast<RecoveryExpr>(e)) {
        ArrayRef<Expr *> subs = const_cast<RecoveryExpr *>(recovery)->subExpressions();
        if (subs.size() == 1 && subs[0] && is_tj_bool(subs[0]->getType()))
            return subs[0];
        return nullptr;
    }
    // A (future) explicit operator bool: the condition is a conversion call on a Bool.
    e = e->IgnoreParens();
    if (const auto *cast = dyn_cast<ImplicitCastExpr>(e))
        if (cast->getCastKind() == CK_UserDefinedConversion)
            if (const auto *call = dyn_cast<CXXMemberCallExpr>(cast->getSubExpr()->IgnoreParens()))
                if (isa_and_nonnull<CXXConversionDecl>(call->getMethodDecl()) &&
                    is_tj_bool(call->getImplicitObjectArgument()->getType()))
                    return call->getImplicitObjectArgument();
    return nullptr;
}

bool is_symbolic_condition_error(const Diagnostic &info) {
    if (info.getID() != diag::err_typecheck_bool_condition || info.getNumArgs() < 1 ||
        info.getArgKind(0) != DiagnosticsEngine::ak_qualtype)
        return false;
    return is_tj_bool(QualType::getFromOpaquePtr(reinterpret_cast<void *>(info.getRawArg(0))));
}

void SymbolicErrorFilter::BeginSourceFile(const LangOptions &lang, const Preprocessor *pp) {
    if (m_next)
        m_next->BeginSourceFile(lang, pp);
}

void SymbolicErrorFilter::EndSourceFile() {
    if (m_next)
        m_next->EndSourceFile();
}

void SymbolicErrorFilter::finish() {
    if (m_next)
        m_next->finish();
}

void SymbolicErrorFilter::HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) {
    if (level >= DiagnosticsEngine::Error && is_symbolic_condition_error(info)) {
        m_dropping_notes = true; // its notes go with it
        return;
    }
    if (level == DiagnosticsEngine::Note && m_dropping_notes)
        return;
    m_dropping_notes = false;
    if (level >= DiagnosticsEngine::Error)
        ++m_other_errors;
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (m_next)
        m_next->HandleDiagnostic(level, info);
}

} // namespace tracejit::plugin
