// plugin/engine/core/type_predicates.cpp — recognising tj's namespace, tj::Array, tj::Bool and pointer arrays
#include "engine/core/type_predicates.h"

#include <clang/AST/DeclTemplate.h>

namespace tracejit::plugin {

using namespace clang;

bool in_tj_namespace(const Decl *decl) {
    const auto *ns = dyn_cast<NamespaceDecl>(decl->getDeclContext()->getRedeclContext());
    return ns && ns->getName() == "tj" && ns->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool is_tj_array(const CXXRecordDecl *record) {
    return record && record->getName() == "Array" && in_tj_namespace(record);
}

bool is_tj_array_type(QualType t) {
    if (t.isNull())
        return false;
    t = t.getNonReferenceType();
    if (const auto *tst = t->getAs<TemplateSpecializationType>())
        if (const TemplateDecl *td = tst->getTemplateName().getAsTemplateDecl())
            return td->getName() == "Array" && in_tj_namespace(td);
    return is_tj_array(t->getAsCXXRecordDecl());
}

bool is_tj_pointer_array_type(QualType t) {
    if (t.isNull())
        return false;
    QualType canonical = t.getNonReferenceType().getCanonicalType();
    if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(canonical->getAsCXXRecordDecl())) {
        const TemplateArgumentList &args = spec->getTemplateArgs();
        return is_tj_array(spec) && args.size() == 1 && args[0].getKind() == TemplateArgument::Type &&
               args[0].getAsType()->isPointerType();
    }
    // In a template's pattern: tj::Array<T *> (what tj::Ptr<T> stands for) is a dependent specialization.
    if (const auto *tst = canonical->getAs<TemplateSpecializationType>())
        if (const TemplateDecl *td = tst->getTemplateName().getAsTemplateDecl()) {
            auto args = tst->template_arguments();
            return td->getName() == "Array" && in_tj_namespace(td) && args.size() == 1 &&
                   args[0].getKind() == TemplateArgument::Type && args[0].getAsType()->isPointerType();
        }
    return false;
}

bool is_tj_bool(QualType t) {
    if (t.isNull() || t->isDependentType())
        return false;
    t = t.getNonReferenceType().getCanonicalType();
    const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
    if (!spec || !is_tj_array(spec))
        return false;
    const TemplateArgumentList &args = spec->getTemplateArgs();
    return args.size() == 1 && args[0].getKind() == TemplateArgument::Type && args[0].getAsType()->isBooleanType();
}

} // namespace tracejit::plugin
