// plugin/engine/freeze/implicit_inputs.h — the implicit inputs of a frozen function: the globals, static data
// members and fields of `this` that its body (and the marked functions it calls) read, passed to tj::Frozen::call
#pragma once

#include "engine/core/diagnostics.h"
#include "engine/freeze/freeze_types.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <string>
#include <vector>

namespace tracejit::plugin {

/// One implicit input: an lvalue the wrapper can name, flattened as an input and written back after a replay.
struct ImplicitInput {
    std::string expression;        ///< as the wrapper spells it: "::ns::g", "this->pos", "this->cfg.dt"
    bool needs_const_cast = false; ///< a field read through the `this` of a const member function
};

/// The implicit inputs of the frozen definition `fn`, in order of first use. Constants (constexpr, const) are left
/// out; a variable of a type the traversal does not support is left out with a warning at its first use (its value
/// at the recording would be replayed).
std::vector<ImplicitInput> find_implicit_inputs(clang::ASTContext &ctx, const clang::FunctionDecl &fn,
                                                TypeSupport &types, std::vector<EngineDiagnostic> &diagnostics);

} // namespace tracejit::plugin
