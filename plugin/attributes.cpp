// plugin/attributes.cpp — registers [[jit::trace]] and [[jit::freeze]] with clang and marks functions with them
//
// The registration is static: linking this object file is enough (the plugin and tracejit-rewrite both do). On a
// function declaration or definition an attribute attaches a clang::AnnotateAttr carrying trace_annotation or
// freeze_annotation (engine/core/annotations.h), which later passes find on any redeclaration (find_marked.h:
// has_mark). Anywhere else it warns and is ignored. [[jit::freeze]]'s options are checked here (freeze_options.h,
// which the freezing pass reads too), errors at the option.
// With the plugin's `off` argument (attributes.h) the attributes are accepted and do nothing.
#include "attributes.h"
#include "engine/core/annotations.h"
#include "engine/core/freeze_options.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/ParsedAttrInfo.h>
#include <clang/Sema/ParsedAttr.h>
#include <clang/Sema/Sema.h>

namespace tracejit::plugin {
namespace {

using clang::ParsedAttrInfo;

thread_local bool t_off = false;

/// One jit:: attribute. Clang 19 does not parse the arguments of a plugin's [[ns::name(...)]] attribute: it skips
/// the balanced parentheses and hands over no arguments, so [[jit::freeze(auto_opaque = false)]] reaches here
/// with none and without a diagnostic. freeze's options are read from the source text after the attribute's name
/// (freeze_options.h).
class JitAttrInfo : public ParsedAttrInfo {
  public:
    JitAttrInfo(const char *full_name, const char *annotation) : m_annotation(annotation) {
        m_spellings[0] = {clang::AttributeCommonInfo::AS_CXX11, full_name};
        Spellings = m_spellings;
        OptArgs = 15; // the most the bit-field holds: no argument-count diagnostic, should clang ever pass some
    }

    bool diagAppertainsToDecl(clang::Sema &sema, const clang::ParsedAttr &attr,
                              const clang::Decl *decl) const override {
        if (decl->getAsFunction() != nullptr || t_off)
            return true;
        warn_ignored(sema, attr);
        return false;
    }

    bool diagAppertainsToStmt(clang::Sema &sema, const clang::ParsedAttr &attr, const clang::Stmt *) const override {
        if (!t_off)
            warn_ignored(sema, attr);
        return false;
    }

    AttrHandling handleDeclAttribute(clang::Sema &sema, clang::Decl *decl,
                                     const clang::ParsedAttr &attr) const override {
        if (t_off) // as if the plugin were absent (but without clang's unknown-attribute warning)
            return AttributeApplied;
        clang::FunctionDecl *function = decl->getAsFunction();
        if (function == nullptr) {
            warn_ignored(sema, attr);
            return AttributeNotApplied;
        }
        if (!has_annotation(function, m_annotation))
            function->addAttr(clang::AnnotateAttr::Create(sema.Context, m_annotation, nullptr, 0, attr.getRange()));
        check_options(sema, attr);
        return AttributeApplied;
    }

  protected:
    /// Reports mistakes in the attribute's arguments (none for [[jit::trace]]).
    virtual void check_options(clang::Sema &, const clang::ParsedAttr &) const {}

  private:
    void warn_ignored(clang::Sema &sema, const clang::ParsedAttr &attr) const {
        clang::DiagnosticsEngine &diags = sema.getDiagnostics();
        unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Warning,
                                            "'%0' only applies to function definitions; ignored");
        diags.Report(attr.getLoc(), id) << m_spellings[0].NormalizedFullName;
    }

    static bool has_annotation(const clang::Decl *decl, llvm::StringRef annotation) {
        for (const auto *annotate : decl->specific_attrs<clang::AnnotateAttr>())
            if (annotate->getAnnotation() == annotation)
                return true;
        return false;
    }

    Spelling m_spellings[1];
    const char *m_annotation;
};

struct TraceAttrInfo : JitAttrInfo {
    TraceAttrInfo() : JitAttrInfo("jit::trace", trace_annotation) {}
};
struct FreezeAttrInfo : JitAttrInfo {
    FreezeAttrInfo() : JitAttrInfo("jit::freeze", freeze_annotation) {}

  protected:
    void check_options(clang::Sema &sema, const clang::ParsedAttr &attr) const override {
        FreezeOptionValues values;
        std::vector<FreezeOptionError> errors;
        parse_freeze_options(sema.getSourceManager(), sema.getLangOpts(), attr.getLoc(), values, errors);
        clang::DiagnosticsEngine &diags = sema.getDiagnostics();
        for (const FreezeOptionError &error : errors)
            diags.Report(error.loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")) << error.message;
    }
};

clang::ParsedAttrInfoRegistry::Add<TraceAttrInfo> trace_registration("jit-trace", "[[jit::trace]]: record calls");
clang::ParsedAttrInfoRegistry::Add<FreezeAttrInfo> freeze_registration("jit-freeze", "[[jit::freeze]]: freeze");

} // namespace

void set_attributes_off(bool off) { t_off = off; }

} // namespace tracejit::plugin
