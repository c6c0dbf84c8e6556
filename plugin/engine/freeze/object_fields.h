// plugin/engine/freeze/object_fields.h — the field lists of classes derived from tj::Object, written by the plugin
//
// A frozen function that reaches an object through tj::dispatch reads its array fields as inputs; without the plugin
// its class names them with TJ_OBJECT_FIELDS (include/tracejit/dispatch.h). In a plugin build every class of the
// translation unit that derives from tj::Object and declares no `tj_object_fields` of its own (the macro, or one
// written by hand: that one wins) gets one, before its closing brace, on that line (no `override` keyword, which
// would make clang warn about the class's members that lack it, and no warning about its absence): the lists of its
// bases that derive from tj::Object, then each of its named data members through tj::detail::visit_object_field, which keeps
// those holding arrays (tj arrays, tj::Ptr, std::vector or std::array of them) and leaves host values out. Private
// members and class templates are covered (the list is a member, checked per instantiation); a class whose closing
// brace comes from a macro or a system header, a union, a lambda, a local class or a class with a base that depends
// on a template parameter is left as written.
#pragma once

#include "engine/core/source_edits.h"

#include <clang/AST/ASTContext.h>

namespace tracejit::plugin {

/// Plans the field lists of the translation unit's classes derived from tj::Object into `edits`; returns how many.
unsigned plan_object_fields(clang::ASTContext &ctx, const SourceText &src, EditList &edits);

} // namespace tracejit::plugin
