// plugin/engine/plan/plan_body.h — the Planner of one function body, shared by plan_statements.cpp,
// plan_control.cpp and plan_symbolic.cpp
//
// Internal to the planner (this folder): plan_statements.cpp holds the Planner's dispatch and the simple statements
// (expressions, declarations, returns, jumps, macro uses), plan_control.cpp the control statements (if, switch,
// loops, try), plan_symbolic.cpp the ones whose condition is a tj::Bool (rewritten into
// tj::if_stmt/while_loop). Depths: a statement at depth d inserts at depth d, braces it adds around a body at d + 1,
// and the body's statements sit at d + 2; EditList orders insertions sharing an offset by that depth.
#pragma once

#include "engine/core/diagnostics.h"
#include "engine/core/plan_model.h"
#include "engine/core/source_edits.h"
#include "engine/plan/plan_slots.h"
#include "engine/plan/plan_statements.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <clang/AST/StmtOpenMP.h>

#include <string>
#include <vector>

namespace tracejit::plugin::body {

using namespace clang;

/// How an expression's result reaches the hook.
enum class ValueForm {
    Target,    ///< `EXPR; __tjf.stmt(S, TARGET);`
    Value,     ///< `__tjf.stmt(S, (EXPR));`
    Void,      ///< `EXPR; __tjf.stmt(S);`
    Dependent, ///< `__tjf.stmt(S, (EXPR, ::tj::tape::detail::Void{}));`: its type depends on a template parameter
    Copy       ///< `__tjf.stmt(S, static_cast<TYPE>(EXPR));`, TYPE the target's: an assignment to an unbindable element
};

/// `s` without leading and trailing whitespace.
std::string trim(std::string s);
/// `s` trimmed, without a trailing `;`.
std::string strip_semicolon(std::string s);
/// True when a class prvalue of this type can be moved or copied (so `ret(S, EXPR)` may pass it through).
bool movable(const clang::CXXRecordDecl *rd);
/// True when moving an object of this class (constructing one from an xvalue of it: what `ret(S, EXPR)` and
/// `ret_as<R>` add where a prvalue was returned by guaranteed elision) runs no constructor written outside a system
/// header and tracejit's namespace `tj`, in the class, its bases or its members: such a move cannot be seen by the
/// program.
bool moves_unseen(const clang::CXXRecordDecl *rd, const clang::SourceManager &sm);
/// True when the runtime can capture a value of this type: complete and not an array or function (dependent types
/// other than arrays are assumed capturable: the hook is instantiated with the template).
bool capturable(clang::QualType t);
/// True when a statement may leave the enclosing code (return, break, continue, goto, throw): a statement
/// recorded as a whole is then recorded before it runs, where the hook still runs.
bool may_leave(const clang::Stmt *s);
/// True when an expression is a bit-field or a vector or matrix element: a non-const reference cannot bind to it, so
/// the hooks take a copy of it (`static_cast<…>(E)`).
bool unbindable(const clang::Expr *e);
/// True when a type-dependent expression may turn out `void` in some instantiation (a call, a cast, a `?:`, a
/// comma, a fold): `ret(S, EXPR)` would then not compile, so such a return is recorded without its value.
bool may_be_void(const clang::Expr *e);

/// Plans the sites and insertions of one function body, statement by statement.
class Planner {
  public:
    Planner(ASTContext &ctx, const SourceText &src, const SlotTable &slots, FunctionPlan &plan, EditList &edits,
            std::vector<EngineDiagnostic> &diags, const FunctionDecl &fn)
        : m_ctx(ctx), m_src(src), m_sm(src.sm()), m_slots(slots), m_plan(plan), m_edits(edits), m_diags(diags),
          m_fn(fn) {}

    /// Plans statement `s` at nesting `n` and depth `d` (and everything inside it).
    void statement(const Stmt *s, unsigned n, unsigned d);
    /// The file location just after a statement, its `;` included.
    SourceLocation end_of(const Stmt *s) const;
    /// Plans the statements of a block at nesting `n` and depth `d` (a macro's use that expands to several of them
    /// as one: macro_use).
    void children_of(const CompoundStmt *c, unsigned n, unsigned d);

  private:
    // Sites.
    uint32_t new_site(SiteKind kind, SourceLocation at, unsigned nesting, std::string text);
    void set_operands(uint32_t site, const OperandScan &scan);
    void add_write(uint32_t site, const ValueDecl *decl);
    void add_write_of(uint32_t site, const Expr *target);
    /// Every variable a statement defines or assigns anywhere inside it, directly or through a call's reference and
    /// pointer arguments; `whole`: `s` is an expression statement's expression (a call's result is dropped).
    void add_writes_within(uint32_t site, const Stmt *s, bool whole = false);
    /// The operands and writes of a branch's or loop's condition.
    void condition_operands(uint32_t site, const Expr *cond);
    /// The operands, writes and `?:` branches of an expression recorded as a statement (an expression statement,
    /// a for's increment); returns how its value is taken and sets `target` for ValueForm::Target.
    ValueForm expression_operands(uint32_t site, const Expr *e, unsigned n, unsigned d, const Expr **target);
    std::string sid(uint32_t site) const { return std::to_string(site); }

    // Helpers.
    /// A warning that something is not recorded, under its group's flag (core/diagnostics.h).
    void warn(SourceLocation loc, std::string message, WarningGroup group) {
        m_diags.push_back(make_warning(m_sm, loc, std::move(message), group));
    }
    /// A statement that cannot be instrumented (-Wunrecorded), with what the user can do about it.
    void unrecorded(SourceLocation loc, const std::string &message) {
        warn(loc,
             message + " (write it outside macros, with no preprocessor directive right before its pragmas, to "
                       "record it)",
             WarningGroup::Unrecorded);
    }
    void conditionals(const OperandScan &scan, unsigned n, unsigned d);
    void block(const Stmt *body, unsigned n_inside, unsigned d);
    CharSourceRange keyword_paren(SourceLocation keyword) const;
    /// Where text opening the statement that starts at `start` goes: `start` itself, or, when pragmas precede it,
    /// after the token before them (the pragmas must stay directly before their statement); invalid when there is
    /// no such place. Sets `*pragma` when pragmas precede it.
    SourceLocation opening(SourceLocation start, bool *pragma = nullptr) const;
    ValueForm value_form(const Expr *e, const Expr **target, bool *plain) const;
    std::string target_text(const Expr *target) const;
    /// `static_cast<T>` to the unqualified type of `target`, spelled through decltype (ValueForm::Copy).
    std::string copy_cast(const Expr *target) const;

    // Statement kinds.
    void macro_statement(const Stmt *s, unsigned n, unsigned d);
    size_t macro_use(const std::vector<const Stmt *> &stmts, size_t i, unsigned n, unsigned d);
    void plain_statement(const Stmt *s, unsigned n, unsigned d);
    void expression(const Expr *e, unsigned n, unsigned d);
    void declaration(const DeclStmt *s, unsigned n, unsigned d);
    void return_statement(const ReturnStmt *s, unsigned n, unsigned d);
    std::string spelled_return_type() const;
    void jump(const Stmt *s, unsigned n, unsigned d);
    void if_statement(const IfStmt *s, unsigned n, unsigned d);
    void switch_statement(const SwitchStmt *s, unsigned n, unsigned d);
    void while_statement(const WhileStmt *s, unsigned n, unsigned d);
    void do_statement(const DoStmt *s, unsigned n, unsigned d);
    void for_statement(const ForStmt *s, unsigned n, unsigned d);
    void range_for(const CXXForRangeStmt *s, unsigned n, unsigned d);
    void try_statement(const CXXTryStmt *s, unsigned n, unsigned d);
    void omp_directive(const OMPExecutableDirective *s, unsigned n, unsigned d);
    bool init_statement(const Stmt *init, SourceLocation keyword, const char *reopen, unsigned n, unsigned d);
    uint32_t condition_variable(const VarDecl *var, unsigned n, SourceLocation *after);
    /// A for's increment: recorded as a Statement site after it runs.
    void increment(const Expr *inc, CharSourceRange ir, unsigned n, unsigned d);

    // Symbolic statements (plan_symbolic.cpp): a condition of type tj::Bool (`mask`, from symbolic_condition).
    void symbolic_if(const IfStmt *s, const Expr *mask, unsigned n, unsigned d);
    void symbolic_while(const WhileStmt *s, unsigned n, unsigned d);
    void symbolic_do(const DoStmt *s, unsigned n, unsigned d);
    void symbolic_for(const ForStmt *s, unsigned n, unsigned d);
    /// The state of a symbolic statement (its problems and escaping jumps reported as errors); false when it has
    /// problems.
    bool symbolic_state(const std::vector<const Stmt *> &regions, const std::vector<const Stmt *> &bodies,
                        const char *what, std::vector<std::string> &names);
    void error(SourceLocation loc, std::string message);
    /// Plans the bodies of a symbolic statement that cannot be rewritten (after reporting why), as a host one.
    void unrewritable(const Stmt *s, const char *why, const std::vector<const Stmt *> &bodies, unsigned n, unsigned d);
    /// A symbolic statement with problems (reported as errors): its condition becomes `(static_cast<void>(C),
    /// false)` so that the compile shows the plugin's errors alone, and its bodies are planned as host ones.
    void disabled(const Expr *cond, const std::vector<const Stmt *> &bodies, unsigned n, unsigned d);

    ASTContext &m_ctx;
    const SourceText &m_src;
    const SourceManager &m_sm;
    const SlotTable &m_slots;
    FunctionPlan &m_plan;
    EditList &m_edits;
    std::vector<EngineDiagnostic> &m_diags;
    const FunctionDecl &m_fn;
};

} // namespace tracejit::plugin::body
