// plugin/engine/core/symbolic_condition.h — which conditions are tj::Bool masks; their errors before the rewrite
//
// A condition of type tj::Bool (`if (x > 0)` on arrays) does not compile as written: Bool has no conversion to
// bool. clang reports "value of type 'Bool' is not contextually convertible to 'bool'" and keeps the statement, its
// condition wrapped in a RecoveryExpr. The pre-pass (and tracejit-rewrite) tolerate exactly that error through
// SymbolicErrorFilter; the engine rewrites such statements into tj::if_stmt / tj::while_loop (plan_symbolic.cpp),
// and the real compile, which sees the rewritten text, reports any it left as they were.
#pragma once

#include <clang/AST/Expr.h>
#include <clang/AST/Type.h>
#include <clang/Basic/Diagnostic.h>

namespace tracejit::plugin {

/// Defined in the pre-pass (and by tracejit-rewrite): include/tracejit/array.h then declares, never defines, an
/// explicit conversion of tj::Bool to bool, so that every statement on a mask parses (clang drops a do-while whose
/// condition does not convert) and appears in the AST as a conversion call on the mask.
inline constexpr const char *prepass_macro = "TRACEJIT_PLUGIN_PREPASS";

/// The mask of a symbolic condition: the tj::Bool expression that a statement's condition `cond` holds (under the
/// RecoveryExpr of the conversion error, or under an explicit conversion to bool should Bool ever get one). Null
/// for host conditions and for conditions whose type depends on a template parameter.
const clang::Expr *symbolic_condition(const clang::Expr *cond);

/// True for the error a tj::Bool condition causes before the rewrite (err_typecheck_bool_condition on tj::Bool).
bool is_symbolic_condition_error(const clang::Diagnostic &info);

/// Forwards diagnostics to `next` (when given) except the errors of tj::Bool conditions, and counts the other
/// errors: a parse is usable by the engine when other_errors() is 0.
class SymbolicErrorFilter : public clang::DiagnosticConsumer {
  public:
    explicit SymbolicErrorFilter(clang::DiagnosticConsumer *next = nullptr) : m_next(next) {}

    void BeginSourceFile(const clang::LangOptions &lang, const clang::Preprocessor *pp) override;
    void EndSourceFile() override;
    void finish() override;
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override;

    unsigned other_errors() const { return m_other_errors; }

  private:
    clang::DiagnosticConsumer *m_next;
    unsigned m_other_errors = 0;
    bool m_dropping_notes = false;
};

} // namespace tracejit::plugin
