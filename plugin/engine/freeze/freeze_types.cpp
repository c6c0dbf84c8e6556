// plugin/engine/freeze/freeze_types.cpp — the types tj's traversal supports; generated `tj_fields` for records
#include "engine/freeze/freeze_types.h"

#include "engine/core/type_predicates.h"

#include <clang/AST/DeclFriend.h>
#include <clang/AST/DeclTemplate.h>

#include <algorithm>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// The template a record specializes, when it is one of `std`'s (inline namespaces included).
const ClassTemplateSpecializationDecl *std_specialization(const CXXRecordDecl *record, llvm::StringRef name) {
    const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(record);
    if (!spec || !spec->isInStdNamespace() || spec->getName() != name)
        return nullptr;
    return spec;
}

bool is_std_string(const ASTContext &ctx, QualType t) {
    const CXXRecordDecl *record = t.isNull() ? nullptr : t->getAsCXXRecordDecl();
    const auto *spec = record ? std_specialization(record, "basic_string") : nullptr;
    if (!spec || spec->getTemplateArgs().size() == 0)
        return false;
    const TemplateArgument &element = spec->getTemplateArgs()[0];
    return element.getKind() == TemplateArgument::Type && ctx.hasSameType(element.getAsType(), ctx.CharTy);
}

} // namespace

bool TypeSupport::supported(QualType t) {
    if (t.isNull())
        return false;
    if (t->isDependentType())
        return true;
    t = t.getNonReferenceType().getCanonicalType();
    if (t->isArithmeticType() || t->isEnumeralType())
        return true;
    if (const CXXRecordDecl *record = t->getAsCXXRecordDecl())
        return supported_record(record);
    return false;
}

bool TypeSupport::supported_record(const CXXRecordDecl *record) {
    if (is_tj_array(record) || is_std_string(m_ctx, m_ctx.getRecordType(record)))
        return true;
    if (record->isInStdNamespace()) {
        const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(record);
        if (!spec)
            return false;
        const TemplateArgumentList &args = spec->getTemplateArgs();
        auto type_arg = [&](unsigned i) {
            return i < args.size() && args[i].getKind() == TemplateArgument::Type ? args[i].getAsType() : QualType();
        };
        llvm::StringRef name = spec->getName();
        if (name == "vector" || name == "array" || name == "optional" || name == "shared_ptr" ||
            name == "reference_wrapper")
            return supported(type_arg(0));
        if (name == "pair")
            return supported(type_arg(0)) && supported(type_arg(1));
        if (name == "map")
            return is_std_string(m_ctx, type_arg(0)) && supported(type_arg(1));
        if (name == "tuple") {
            if (args.size() != 1 || args[0].getKind() != TemplateArgument::Pack)
                return false;
            for (const TemplateArgument &element : args[0].pack_elements())
                if (element.getKind() != TemplateArgument::Type || !supported(element.getAsType()))
                    return false;
            return true;
        }
        return false;
    }
    if (m_in_progress.count(record))
        return true; // a cycle (through shared_ptr): the traversal detects it at run time
    if (has_declared_fields(record))
        return true;
    return can_generate(record);
}

bool TypeSupport::has_declared_fields(const CXXRecordDecl *record) const {
    const CXXRecordDecl *def = record->getDefinition();
    if (def)
        for (const FriendDecl *friend_decl : def->friends())
            if (const NamedDecl *named = friend_decl->getFriendDecl())
                if (named->getDeclName().isIdentifier() && named->getName() == "tj_fields")
                    return true;
    const DeclContext *ns = record->getEnclosingNamespaceContext();
    CanQualType self = m_ctx.getCanonicalType(m_ctx.getRecordType(record));
    for (const NamedDecl *found : ns->lookup(&m_ctx.Idents.get("tj_fields"))) {
        const FunctionDecl *fn = found->getAsFunction();
        if (!fn || fn->getNumParams() < 2)
            continue;
        QualType param = fn->getParamDecl(1)->getType().getNonReferenceType();
        if (m_ctx.getCanonicalType(param).getUnqualifiedType() == self)
            return true;
    }
    return false;
}

bool TypeSupport::can_generate(const CXXRecordDecl *record) {
    const CXXRecordDecl *def = record->getDefinition();
    if (!def || def->isUnion() || def->isLambda() || def->isLocalClass() || !def->getIdentifier() ||
        def->getNumBases() > 0 || def->getNumVBases() > 0)
        return false;
    const CXXRecordDecl *pattern = def->getTemplateInstantiationPattern();
    if (!pattern)
        pattern = def;
    SourceLocation brace = pattern->getBraceRange().getEnd();
    const SourceManager &sm = m_src.sm();
    if (brace.isInvalid() || brace.isMacroID() || sm.isInSystemHeader(brace))
        return false;
    m_in_progress.insert(record);
    bool ok = true;
    for (const FieldDecl *field : def->fields()) {
        QualType t = field->getType();
        if (field->getName().empty() || field->isBitField() || t->isReferenceType() || t.isConstQualified() ||
            t->isArrayType() || !supported(t)) {
            ok = false;
            break;
        }
    }
    m_in_progress.erase(record);
    if (ok && !def->field_empty() &&
        std::find(m_to_generate.begin(), m_to_generate.end(), pattern) == m_to_generate.end())
        m_to_generate.push_back(pattern);
    return ok && !def->field_empty();
}

void TypeSupport::plan_generated_fields(EditList &edits) {
    for (const CXXRecordDecl *pattern : m_to_generate) {
        if (!m_generated.insert(pattern).second)
            continue;
        std::string visits;
        for (const FieldDecl *field : pattern->fields()) {
            std::string name = field->getName().str();
            visits += "__tj_v.visit_field(\"" + name + "\", __tj_x." + name + "); ";
        }
        std::string self = pattern->getName().str();
        std::string text;
        for (const char *qualifier : {"", "const "})
            text += " template <typename __tj_V> friend void tj_fields(__tj_V &__tj_v, " + std::string(qualifier) +
                    self + " &__tj_x) { " + visits + "}";
        edits.insert(pattern->getBraceRange().getEnd(), Phase::Open, 0, text + " ");
    }
}

} // namespace tracejit::plugin
