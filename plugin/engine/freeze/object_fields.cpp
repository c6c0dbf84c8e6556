// plugin/engine/freeze/object_fields.cpp — the field lists of classes derived from tj::Object (object_fields.h)
#include "engine/freeze/object_fields.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>

#include <string>

namespace tracejit::plugin {

using namespace clang;

namespace {

bool is_tj_object(const CXXRecordDecl *record) {
    if (!record || record->getName() != "Object")
        return false;
    const auto *ns = dyn_cast<NamespaceDecl>(record->getDeclContext());
    return ns && ns->getName() == "tj" && ns->getParent()->getRedeclContext()->isTranslationUnit();
}

/// Whether `record` derives from tj::Object (not through a base that depends on a template parameter).
bool derives_from_object(const CXXRecordDecl *record) {
    for (const CXXBaseSpecifier &base : record->bases()) {
        const CXXRecordDecl *b = base.getType()->getAsCXXRecordDecl();
        if (!b || !b->hasDefinition())
            continue;
        if (is_tj_object(b) || derives_from_object(b->getDefinition()))
            return true;
    }
    return false;
}

bool has_dependent_base(const CXXRecordDecl *record) {
    for (const CXXBaseSpecifier &base : record->bases())
        if (base.getType()->isDependentType())
            return true;
    return false;
}

class ObjectClassFinder : public RecursiveASTVisitor<ObjectClassFinder> {
  public:
    ObjectClassFinder(ASTContext &ctx, const SourceText &src, EditList &edits) : m_ctx(ctx), m_src(src), m_edits(edits) {}

    bool VisitCXXRecordDecl(CXXRecordDecl *record) {
        if (!record->isThisDeclarationADefinition() || record->isUnion() || record->isLambda() || record->isLocalClass() ||
            isa<ClassTemplateSpecializationDecl>(record) || has_dependent_base(record) ||
            !derives_from_object(record))
            return true;
        SourceLocation brace = record->getBraceRange().getEnd();
        const SourceManager &sm = m_src.sm();
        if (brace.isInvalid() || brace.isMacroID() || sm.isInSystemHeader(brace))
            return true;
        if (!record->lookup(&m_ctx.Idents.get("tj_object_fields")).empty())
            return true; // TJ_OBJECT_FIELDS, TJ_OBJECT_NO_FIELDS or the user's own: it wins
        std::string visits;
        for (const CXXBaseSpecifier &base : record->bases()) {
            const CXXRecordDecl *b = base.getType()->getAsCXXRecordDecl();
            if (!b || is_tj_object(b) || !b->hasDefinition() || !derives_from_object(b->getDefinition()))
                continue;
            // The base as written: it names the same class in the class body.
            CharSourceRange range = CharSourceRange::getTokenRange(base.getTypeSourceInfo()->getTypeLoc().getSourceRange());
            std::string spelled = Lexer::getSourceText(range, sm, m_ctx.getLangOpts()).str();
            if (spelled.empty())
                return true;
            visits += spelled + "::tj_object_fields(__tj_v); ";
        }
        for (const FieldDecl *field : record->fields()) {
            if (field->getName().empty() || field->isBitField())
                continue;
            std::string name = field->getName().str();
            visits += "::tj::detail::visit_object_field(__tj_v, \"" + name + "\", this->" + name + "); ";
        }
        // Without `override`, and with the warnings about that silenced on it alone: with the keyword, the class's
        // own overriding members that lack it would be warned about (-Winconsistent-missing-override).
        m_edits.insert(brace, Phase::Open, 0,
                       " _Pragma(\"clang diagnostic push\") _Pragma(\"clang diagnostic ignored \\\"-Winconsistent-missing-"
                       "override\\\"\") _Pragma(\"clang diagnostic ignored \\\"-Wsuggest-override\\\"\") void "
                       "tj_object_fields(::tj::detail::ObjectFields &" +
                           std::string(visits.empty() ? "" : "__tj_v") + ") const { " + visits +
                           "} _Pragma(\"clang diagnostic pop\") ");
        ++m_count;
        return true;
    }

    unsigned count() const { return m_count; }

  private:
    ASTContext &m_ctx;
    const SourceText &m_src;
    EditList &m_edits;
    unsigned m_count = 0;
};

} // namespace

unsigned plan_object_fields(ASTContext &ctx, const SourceText &src, EditList &edits) {
    ObjectClassFinder finder(ctx, src, edits);
    finder.TraverseDecl(ctx.getTranslationUnitDecl());
    return finder.count();
}

} // namespace tracejit::plugin
