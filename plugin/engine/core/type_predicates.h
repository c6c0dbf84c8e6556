// plugin/engine/core/type_predicates.h — what in the user's AST is tracejit's own: the namespace tj, tj::Array,
// tj::Bool, pointer arrays
//
// The planner (plan/) and the dispatch and freezing passes all ask these questions; they answer them by name (namespace `tj` directly
// in the translation unit), as the runtime headers may be included in any way.
#pragma once

#include <clang/AST/DeclCXX.h>
#include <clang/AST/Type.h>

namespace tracejit::plugin {

/// True when `decl` is declared directly in namespace ::tj (inline namespaces and linkage specs looked through).
bool in_tj_namespace(const clang::Decl *decl);

/// True for tj::Array<T> (any T, also the template's pattern).
bool is_tj_array(const clang::CXXRecordDecl *record);

/// True for a type that is tj::Array<…> through references, whatever its (possibly dependent) arguments.
bool is_tj_array_type(clang::QualType t);

/// True for a pointer array, tj::Array<Base *> (alias tj::Ptr<Base>), through references, cv-qualifiers and sugar;
/// also in a template's pattern, where Base may depend on a template parameter (`tj::Ptr<T>`).
bool is_tj_pointer_array_type(clang::QualType t);

/// True for tj::Array<bool> (tj::Bool), through references, cv-qualifiers and sugar; false for dependent types.
bool is_tj_bool(clang::QualType t);

} // namespace tracejit::plugin
