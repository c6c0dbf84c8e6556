// plugin/engine/freeze/plan_freeze.h — plans the freezing of one [[jit::freeze]] definition: its body becomes a
// hidden function and the function itself a wrapper that calls the body through tj::freeze
//
// `float f(float x) { BODY }` becomes, with every line where it was,
//   `float __tj_body_f(float x) { BODY } float f(float x) { static auto __tj_frozen = ::tj::freeze(…); … }`
// The hidden function keeps the tape instrumentation planned for the body (a recording call still records a
// tape); the wrapper is appended after the body's `}`. An out-of-line member (or a qualified definition) gets a
// declaration of the hidden function after its first declaration, in the class or namespace.
#pragma once

#include "engine/core/diagnostics.h"
#include "engine/core/plan_model.h"
#include "engine/core/source_edits.h"
#include "engine/freeze/implicit_inputs.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>

#include <string>
#include <vector>

namespace tracejit::plugin {

/// Why the definition `fn` cannot be frozen ("" when it can): operators, constructors, references returned,
/// unnamed parameters, … (what depends only on the declaration, not on its text).
std::string why_not_freezable(const clang::FunctionDecl &fn);

/// Plans the wrapper of the frozen definition `fn` into `edits` (its own list: the engine applies it after the
/// tape's edits, planned in `plan`, whose name and line it reuses); `mark` is its [[jit::freeze]] attribute (its
/// options are read from the text there) and `implicit_inputs` what the wrapper passes as state besides the output
/// parameters (implicit_inputs.h). Returns false, with a warning in `diagnostics`, when `fn` cannot be frozen: `edits`
/// is then dropped and the function runs unfrozen (recorded on the tape all the same).
bool plan_freeze(clang::ASTContext &ctx, const SourceText &src, const clang::FunctionDecl &fn,
                 const clang::AnnotateAttr &mark, const FunctionPlan &plan,
                 const std::vector<ImplicitInput> &implicit_inputs, EditList &edits,
                 std::vector<EngineDiagnostic> &diagnostics);

} // namespace tracejit::plugin
