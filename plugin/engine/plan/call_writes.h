// plugin/engine/plan/call_writes.h — the variables a call may write through its reference and pointer arguments
#pragma once

#include <clang/AST/Expr.h>

#include <vector>

namespace tracejit::plugin {

/// The variables (DeclRefExprs) that the call or construction `e` may write through its arguments (docs/tape.md,
/// "Writes through references and pointers"): an argument bound to a non-const lvalue reference parameter (its
/// variable: `f(v)`, `f(v[i])`, `f(s.x)`, `f(*p)`), a pointer to non-const passed to a pointer parameter (what it
/// points into: `f(&v)`, `f(a)` for an array, `f(p)`, `f(p + i)`, `f(&v[i])`, `f(v.data())`) or to the `...` of a
/// function that is not printf-like, and the object of a non-const member function (`v.push_back(x)`) when the
/// call returns void or is `whole` (the statement's own expression). Empty for anything else, also for a call
/// whose callee depends on a template parameter (the pattern cannot tell).
std::vector<const clang::DeclRefExpr *> call_writes(const clang::Expr *e, bool whole);

/// The variable whose storage a pointer expression points into (`&v`, `a`, `p + i`, `&v[i]`, `(char *)buf`, `p++`,
/// `v.data()`), or null.
const clang::DeclRefExpr *pointee_variable(const clang::Expr *pointer);

} // namespace tracejit::plugin
