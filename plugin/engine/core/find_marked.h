// plugin/engine/core/find_marked.h — finds the definitions of functions marked [[jit::trace]] / [[jit::freeze]]
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>

#include <vector>

namespace tracejit::plugin {

/// True when any declaration of `fn` (or of the template it is the pattern of) carries the trace or freeze mark.
bool has_mark(const clang::FunctionDecl &fn);

/// The [[jit::freeze]] mark of `fn`, looked for where has_mark looks (the first declaration that has one), or null
/// when the function is not frozen. Its location is the attribute's, where its options are written.
const clang::AnnotateAttr *freeze_mark(const clang::FunctionDecl &fn);

/// The marked function definitions written in user files (not system headers), in translation-unit order:
/// templates by their pattern only (instantiations share its rewritten body), never implicit code.
std::vector<const clang::FunctionDecl *> find_marked_functions(clang::ASTContext &ctx);

} // namespace tracejit::plugin
