// plugin/engine/dispatch/plan_dispatch.h — rewrites `ptrs->method(args…)` on a pointer array into tj::dispatch
//
// In a marked function, a member call through the `->` of a tj::Array<Base *> (tj::Ptr<Base>) calls the method once
// per lane, each lane on its own object: the plugin rewrites it, on the same lines, into a call of
// ::tj::detail::vcall (include/tracejit/generated/vcall_hooks.h), which runs tj::dispatch and records one Call node
// on the tape. With three edits and no text moved:
//
//     ptrs->intersect(o, d)
//     ::tj::detail::vcall(&__tj_vcall_0, [](auto *__tj_self, auto &&...__tj_a) { return
//         __tj_self->intersect(static_cast<decltype(__tj_a) &&>(__tj_a)...); }, ::tj::detail::VCallArgs{ptrs, o, d})
//
// (one line in the output). The braced list evaluates the object and the arguments once each, left to right, as
// the call as written does. Forms that cannot be dispatched are errors at the user's line (docs/tape.md, "Calls
// through pointer arrays").
#pragma once

#include "engine/core/diagnostics.h"
#include "engine/core/plan_model.h"
#include "engine/core/source_edits.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <vector>

namespace tracejit::plugin {

/// Plans the rewrite of every call through a pointer array in the body of `fn` (lambdas in it included): the
/// tables of their Call nodes into `plan.dispatches`, the edits of the recording body into `edits` and those of the
/// body as written, which a twin keeps for calls made while nothing records (plan_twin.h), into `plain_edits`.
/// Returns how many calls it planned; what it cannot rewrite is an error in `diagnostics`.
unsigned plan_dispatch(clang::ASTContext &ctx, const SourceText &src, const clang::FunctionDecl &fn, FunctionPlan &plan,
                       EditList &edits, EditList &plain_edits, std::vector<EngineDiagnostic> &diagnostics);

} // namespace tracejit::plugin
