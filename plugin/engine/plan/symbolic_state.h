// plugin/engine/plan/symbolic_state.h — the state of a symbolic branch or loop, and what its lambdas cannot hold
//
// The bodies of a symbolic statement become lambdas ([&]) that take the state as `auto &name` parameters with the
// variables' own names, so the user's text is unchanged. The state is every variable declared outside the
// statement and written inside it: assigned (also compound assignment, ++/--), bound to a non-const reference
// (a non-const reference parameter; a local reference), the object of a non-const member call, or its address
// taken. The target of tj::scatter/tj::scatter_add is not state: the scatter is a side effect that the runtime
// masks and applies in place, so the target is captured by reference like everything else. What the rewrite cannot
// express is a problem, reported as a compile error at its location: jumps out of a lambda (return, break/continue of
// the symbolic loop or of a loop outside, goto), writes the parameters cannot shadow (a qualified name, `this->m`,
// through a pointer), and host scalars in the state (an `int` cannot differ per element).
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceLocation.h>

#include <string>
#include <vector>

namespace tracejit::plugin {

/// Something a symbolic statement holds that the rewrite cannot express.
struct SymbolicProblem {
    clang::SourceLocation loc;
    std::string message;
};

/// The state of one symbolic statement.
struct SymbolicState {
    std::vector<std::string> names; ///< in the order of their first write
    std::vector<SymbolicProblem> problems;
};

/// Finds the state of a symbolic statement whose lambdas hold `regions` (its bodies; for a loop also its condition
/// and increment). `what` names the statement in messages: "symbolic branch" or "symbolic loop".
SymbolicState find_symbolic_state(const clang::ASTContext &ctx, const std::vector<const clang::Stmt *> &regions,
                                  const char *what);

/// Adds to `problems` the jumps in `bodies` that would leave a lambda: `return`, `goto`, `co_return`, and a
/// `break`/`continue` whose loop (or switch) is not inside the bodies. Symbolic statements nested in the bodies
/// (`is_symbolic` tells them) are not entered: their own check covers them.
void find_escaping_jumps(const std::vector<const clang::Stmt *> &bodies, const char *what,
                         bool (*is_symbolic)(const clang::Stmt *), std::vector<SymbolicProblem> &problems);

} // namespace tracejit::plugin
