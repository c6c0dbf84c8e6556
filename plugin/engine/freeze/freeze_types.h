// plugin/engine/freeze/freeze_types.h — which types a frozen function's inputs and outputs may have (what tj's
// traversal, include/tracejit/detail/freeze_traverse.h, supports), and the traversal the plugin generates for plain
// records
//
// Supported: tj arrays, arithmetic types and enums, std::string, the standard containers the traversal knows
// (vector, array, tuple, pair, optional, map with string keys, shared_ptr, reference_wrapper) of supported types,
// and records with a `tj_fields` overload (TJ_STRUCT). A record defined in a user file with named, non-const,
// non-reference, non-bit-field members of supported types and no bases is supported too: the plugin adds
// `tj_fields` friends to it (before its closing brace, on that line), as TJ_STRUCT would.
#pragma once

#include "engine/core/source_edits.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Type.h>

#include <set>
#include <vector>

namespace tracejit::plugin {

/// Decides for one translation unit which types can be flattened, and plans the generated traversals.
class TypeSupport {
  public:
    TypeSupport(clang::ASTContext &ctx, const SourceText &src) : m_ctx(ctx), m_src(src) {}

    /// True when a value of type `t` can be a frozen function's input or output. Dependent types are assumed
    /// supported (the traversal's static_assert names what is not, per instantiation). A record the plugin can
    /// generate a traversal for counts, and is remembered for plan_generated_fields.
    bool supported(clang::QualType t);

    /// Plans the `tj_fields` friends of every record accepted so far that has none yet (each record once per
    /// translation unit) into `edits`.
    void plan_generated_fields(EditList &edits);

  private:
    bool supported_record(const clang::CXXRecordDecl *record);
    bool has_declared_fields(const clang::CXXRecordDecl *record) const;
    bool can_generate(const clang::CXXRecordDecl *record);

    clang::ASTContext &m_ctx;
    const SourceText &m_src;
    std::set<const clang::CXXRecordDecl *> m_in_progress;    ///< records being checked (a cycle counts as supported)
    std::vector<const clang::CXXRecordDecl *> m_to_generate; ///< definitions (patterns) to give tj_fields
    std::set<const clang::CXXRecordDecl *> m_generated;
};

} // namespace tracejit::plugin
