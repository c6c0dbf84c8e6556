// plugin/engine/freeze/frozen_lambdas.h — `tj::freeze(lambda)` calls: the lambda's captures become state of every
// call (tj::detail::freeze_with_captures), so what it captures is part of the key or an input (docs/freezing.md)
#pragma once

#include "engine/core/diagnostics.h"
#include "engine/freeze/freeze_types.h"

#include <clang/AST/ASTContext.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <vector>

namespace tracejit::plugin {

/// Rewrites each call `tj::freeze(LAMBDA)` / `tj::freeze(LAMBDA, OPTIONS)` written in a user file, outside marked
/// functions and templates, whose lambda captures variables the traversal can flatten, into
/// `::tj::detail::freeze_with_captures(LAMBDA, GETTER, OPTIONS)` on the same lines; GETTER returns `::std::tie` of
/// the captured variables (by reference for by-reference captures, of its own copies for by-copy ones). A capture it
/// cannot name (init-capture, `this`, structured binding, by-copy in a mutable lambda, a type the traversal does not
/// support) is a warning at the capture. Returns how many calls were rewritten.
unsigned rewrite_frozen_lambdas(clang::ASTContext &ctx, clang::Rewriter &rewriter, TypeSupport &types,
                                std::vector<EngineDiagnostic> &diagnostics);

} // namespace tracejit::plugin
