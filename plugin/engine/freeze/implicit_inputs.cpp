// plugin/engine/freeze/implicit_inputs.cpp — finds the implicit inputs of a frozen function
//
// InputFinder walks the body (lambdas inside it included, unevaluated operands not) and, through calls, the bodies
// of the marked functions it calls. A use is a chain `root.m1.m2…` whose root is a global variable, a static data
// member or `this` (the frozen function's own `this`, also through member calls on it); the input chosen for it is
// the shortest prefix of a supported type (`this->cfg` when Config is supported, else `this->cfg.dt`).
#include "engine/freeze/implicit_inputs.h"

#include "engine/core/diagnostics.h"
#include "engine/core/find_marked.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ExprConcepts.h>

#include <algorithm>
#include <set>

namespace tracejit::plugin {

using namespace clang;

namespace {

class InputFinder {
  public:
    InputFinder(ASTContext &ctx, const FunctionDecl &fn, TypeSupport &types, std::vector<EngineDiagnostic> &diags)
        : m_sm(ctx.getSourceManager()), m_fn(fn), m_types(types), m_diags(diags) {
        if (const auto *method = dyn_cast<CXXMethodDecl>(&fn); method && method->isInstance()) {
            m_class = method->getParent();
            m_const_this = method->isConst();
        }
    }

    void scan_function(const FunctionDecl &f, bool own_this) {
        if (!m_scanned.insert({f.getCanonicalDecl(), own_this}).second)
            return;
        visit(f.getBody(), own_this);
    }

    std::vector<ImplicitInput> take() {
        // An input inside another (`this->cfg.dt` when `this->cfg` is one) is already flattened with it.
        std::vector<ImplicitInput> kept;
        for (const ImplicitInput &input : m_inputs) {
            bool inside = false;
            for (const ImplicitInput &other : m_inputs)
                if (other.expression.size() < input.expression.size() &&
                    input.expression.compare(0, other.expression.size(), other.expression) == 0 &&
                    input.expression[other.expression.size()] == '.')
                    inside = true;
            if (!inside)
                kept.push_back(input);
        }
        return kept;
    }

  private:
    /// One step of a chain: a field (or, at the root, a variable).
    struct Link {
        const ValueDecl *decl;
        std::string spelling; ///< the prefix up to and including this link
    };

    void visit(const Stmt *s, bool own_this) {
        if (!s)
            return;
        if (isa<UnaryExprOrTypeTraitExpr>(s) || isa<CXXTypeidExpr>(s) || isa<CXXNoexceptExpr>(s) ||
            isa<RequiresExpr>(s))
            return; // unevaluated
        if (const auto *lambda = dyn_cast<LambdaExpr>(s)) {
            visit(lambda->getBody(), own_this);
            return;
        }
        if (const auto *member = dyn_cast<MemberExpr>(s)) {
            member_chain(member, own_this);
            return;
        }
        if (const auto *ref = dyn_cast<DeclRefExpr>(s)) {
            if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()))
                global_chain(var, {}, ref->getBeginLoc());
            return;
        }
        if (const auto *call = dyn_cast<CallExpr>(s))
            callee(call, own_this);
        for (const Stmt *child : s->children())
            visit(child, own_this);
    }

    // A call of a marked function: what its body uses counts too (its `this` is ours when called on ours).
    void callee(const CallExpr *call, bool own_this) {
        const FunctionDecl *target = call->getDirectCallee();
        if (!target || !has_mark(*target))
            return;
        const FunctionDecl *definition = nullptr;
        if (!target->hasBody(definition) || !definition)
            return;
        bool same_this = false;
        if (const auto *member_call = dyn_cast<CXXMemberCallExpr>(call))
            same_this = own_this && isa<CXXThisExpr>(member_call->getImplicitObjectArgument()->IgnoreParenImpCasts());
        scan_function(*definition, same_this);
    }

    void member_chain(const MemberExpr *outer, bool own_this) {
        std::vector<const MemberExpr *> chain; // outermost first
        const Expr *base = outer;
        while (const auto *m = dyn_cast<MemberExpr>(base)) {
            chain.push_back(m);
            if (m->isArrow() && !isa<CXXThisExpr>(m->getBase()->IgnoreParenImpCasts()))
                break; // through a pointer: not followed
            base = m->getBase()->IgnoreParenImpCasts();
        }
        std::reverse(chain.begin(), chain.end()); // innermost (nearest the root) first
        const Expr *root = chain.front()->getBase()->IgnoreParenImpCasts();
        // Static data members named through an object are globals.
        for (size_t i = 0; i < chain.size(); ++i)
            if (const auto *var = dyn_cast<VarDecl>(chain[i]->getMemberDecl())) {
                global_chain(var, tail(chain, i + 1), chain[i]->getMemberLoc());
                if (i == 0)
                    visit(chain[0]->getBase(), own_this);
                return;
            }
        if (isa<CXXThisExpr>(root) && own_this && m_class) {
            std::vector<Link> links;
            std::string spelling = "this";
            for (const MemberExpr *m : chain) {
                const auto *field = dyn_cast<FieldDecl>(m->getMemberDecl());
                if (!field)
                    break;
                if (field->isAnonymousStructOrUnion())
                    continue; // its members are named as if they were the enclosing record's
                spelling += (links.empty() ? "->" : ".") + field->getName().str();
                links.push_back({field, spelling});
            }
            choose(links, m_const_this, chain.front()->getMemberLoc());
            return;
        }
        if (const auto *ref = dyn_cast<DeclRefExpr>(root))
            if (const auto *var = dyn_cast<VarDecl>(ref->getDecl())) {
                global_chain(var, chain, ref->getBeginLoc());
                return;
            }
        visit(root, own_this);
    }

    static std::vector<const MemberExpr *> tail(const std::vector<const MemberExpr *> &chain, size_t from) {
        return std::vector<const MemberExpr *>(chain.begin() + static_cast<long>(std::min(from, chain.size())),
                                               chain.end());
    }

    // A global (or static data member) `var`, used through the `.`-members `chain`.
    void global_chain(const VarDecl *var, const std::vector<const MemberExpr *> &chain, SourceLocation at) {
        if (!var->hasGlobalStorage() || var->isStaticLocal() || var->isConstexpr() ||
            var->getType().isConstQualified() || isa<ParmVarDecl>(var))
            return;
        if (m_sm.isInSystemHeader(m_sm.getExpansionLoc(var->getLocation())) || inside_tj(var))
            return;
        std::string spelling = global_spelling(var);
        if (spelling.empty()) {
            warn_once(var, at, "'" + var->getNameAsString() + "' cannot be named from the wrapper");
            return;
        }
        std::vector<Link> links{{var, spelling}};
        for (const MemberExpr *m : chain) {
            const auto *field = dyn_cast<FieldDecl>(m->getMemberDecl());
            if (!field || m->isArrow())
                break;
            if (field->isAnonymousStructOrUnion())
                continue;
            spelling += "." + field->getName().str();
            links.push_back({field, spelling});
        }
        choose(links, false, at);
    }

    void choose(const std::vector<Link> &links, bool const_this, SourceLocation at) {
        if (links.empty())
            return;
        for (const Link &link : links) {
            QualType t = link.decl->getType();
            if (t.isConstQualified() && !const_this)
                return; // a constant: it is the same on every call
            if (const auto *field = dyn_cast<FieldDecl>(link.decl); field && field->isBitField())
                break; // no reference can bind to it
            if (m_types.supported(t)) {
                add({link.spelling, const_this});
                return;
            }
        }
        const Link &first = links.front();
        const auto *field = dyn_cast<FieldDecl>(first.decl);
        std::string what =
            field && field->isBitField() ? "a bit-field" : "of type '" + first.decl->getType().getAsString() + "'";
        warn_once(first.decl, at,
                  "'" + first.spelling + "' (" + what +
                      ") cannot be an input of a frozen function; the value it had when the function was recorded "
                      "is replayed");
    }

    void add(ImplicitInput input) {
        for (const ImplicitInput &existing : m_inputs)
            if (existing.expression == input.expression)
                return;
        m_inputs.push_back(std::move(input));
    }

    void warn_once(const Decl *decl, SourceLocation at, const std::string &why) {
        if (!m_warned.insert(decl).second)
            return;
        m_diags.push_back(
            make_warning(m_sm, at, "tracejit: in frozen function '" + m_fn.getNameAsString() + "': " + why));
    }

    /// True for what tracejit itself declares: anywhere inside namespace ::tj (tj::detail included).
    static bool inside_tj(const Decl *decl) {
        for (const DeclContext *dc = decl->getDeclContext(); dc; dc = dc->getParent())
            if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
                if (ns->getName() == "tj" && ns->getParent()->getRedeclContext()->isTranslationUnit())
                    return true;
        return false;
    }

    /// How the wrapper names a global: `::ns::g` (anonymous and inline namespaces left out), a static data member
    /// of the frozen function's own class by the class's injected name (`Sim::count`, also in a template), of
    /// another class by its qualified name when no template is on the way; "" otherwise.
    std::string global_spelling(const VarDecl *var) const {
        std::string name = var->getName().str();
        const DeclContext *dc = var->getDeclContext();
        if (const auto *record = dyn_cast<CXXRecordDecl>(dc)) {
            if (m_class && (record == m_class || m_class->isDerivedFrom(record)))
                return record->getName().str() + "::" + name;
            if (const auto *fn_class = dyn_cast<CXXRecordDecl>(m_fn.getDeclContext()))
                if (fn_class == record)
                    return record->getName().str() + "::" + name;
        }
        std::string prefix;
        for (; dc && !dc->isTranslationUnit(); dc = dc->getParent()) {
            if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
                if (ns->isAnonymousNamespace() || ns->isInline())
                    continue;
                prefix = ns->getName().str() + "::" + prefix;
            } else if (const auto *record = dyn_cast<CXXRecordDecl>(dc)) {
                if (record->getDescribedClassTemplate() || isa<ClassTemplateSpecializationDecl>(record) ||
                    !record->getIdentifier())
                    return {};
                prefix = record->getName().str() + "::" + prefix;
            } else if (!isa<LinkageSpecDecl>(dc) && !isa<ExportDecl>(dc)) {
                return {}; // a function's extern declaration and the like
            }
        }
        return "::" + prefix + name;
    }

    const SourceManager &m_sm;
    const FunctionDecl &m_fn;
    TypeSupport &m_types;
    std::vector<EngineDiagnostic> &m_diags;
    const CXXRecordDecl *m_class = nullptr; ///< the class of an instance member function
    bool m_const_this = false;
    std::set<std::pair<const FunctionDecl *, bool>> m_scanned;
    std::set<const Decl *> m_warned;
    std::vector<ImplicitInput> m_inputs;
};

} // namespace

std::vector<ImplicitInput> find_implicit_inputs(ASTContext &ctx, const FunctionDecl &fn, TypeSupport &types,
                                                std::vector<EngineDiagnostic> &diagnostics) {
    InputFinder finder(ctx, fn, types, diagnostics);
    finder.scan_function(fn, true);
    return finder.take();
}

} // namespace tracejit::plugin
