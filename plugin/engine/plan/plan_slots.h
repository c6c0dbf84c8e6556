// plugin/engine/plan/plan_slots.h — a body's slots (parameters, then locals) and what a site reads and writes
#pragma once

#include "engine/core/plan_model.h"
#include "engine/core/source_edits.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <map>
#include <string>
#include <vector>

namespace tracejit::plugin {

/// The variables of one function that the tape follows, numbered: named parameters first (in order), then every
/// local variable and structured binding in source order (not those of lambda bodies or local classes).
class SlotTable {
  public:
    /// Builds the table of `fn`, whose body is `body`.
    SlotTable(const clang::FunctionDecl &fn, const clang::Stmt *body);

    /// The slot of a variable, or -1 when it is not one of this function's slots.
    int slot_of(const clang::ValueDecl *decl) const;
    const std::vector<std::string> &names() const { return m_names; }
    const std::vector<std::string> &param_names() const { return m_param_names; }

  private:
    void add(const clang::ValueDecl *decl);
    void collect(const clang::Stmt *stmt);
    void collect_decl(const clang::Decl *decl);

    std::map<const clang::ValueDecl *, uint32_t> m_slots;
    std::vector<std::string> m_names;
    std::vector<std::string> m_param_names;
};

/// The operands of a site, numbered in source order as they are found.
struct OperandScan {
    std::vector<PlannedOperand> reads;
    std::vector<PlannedLiteral> literals;
    std::vector<const clang::ConditionalOperator *> conditionals; ///< `?:` that run when the site runs
    uint32_t next_position = 1;
};

/// Collects the slot variables and literals of `stmt` (an expression or a declaration's initializer) into `scan`.
/// Unevaluated operands and lambda bodies are skipped; `written` (the root of a plain `=` target) is not a read.
/// `?:` are listed unless `constant` (a constant-evaluated context).
void scan_operands(const clang::Stmt *stmt, const SlotTable &slots, const SourceText &src, OperandScan &scan,
                   const clang::Expr *written = nullptr, bool constant = false);

/// An assignment, compound assignment, `++` or `--` (built-in or overloaded): its target, and whether it is a
/// plain `=`. Null when `expr` is none of these.
const clang::Expr *assignment_target(const clang::Expr *expr, bool *plain);

/// The variable an lvalue expression stores into: through `.`/`->` bases, subscripts and `*`. Null if none.
const clang::Expr *root_reference(const clang::Expr *target);

/// The target of a plain `=` when it is a whole variable (`x = …`, not `a[i] = …`, `s.x = …`, `*p = …`): that
/// variable is written and not read. A part is written through its variable, which is then read too (the rest of it
/// stays, and a pointer's value is read). Null otherwise.
const clang::Expr *whole_variable(const clang::Expr *target);

/// True for a variable or a member chain (`a.b.c`, `p->m`, `this->m`, `m`) with no calls or subscripts.
bool is_simple_lvalue(const clang::Expr *target);

} // namespace tracejit::plugin
