// plugin/engine/dispatch/plan_dispatch.cpp — rewrites `ptrs->method(args…)` on a pointer array into tj::dispatch
//
// DispatchPlanner::walk visits the body (and the lambdas in it); a call whose callee is a member named through a
// pointer array's `->` goes to DispatchPlanner::call, which checks the member and plans the three edits
// (plan_dispatch.h); any other use of that `->` is an error. The object and the arguments are walked too, one level
// deeper, so that the insertions of nested calls sharing an offset come in the right order (the outer call's first).
#include "engine/dispatch/plan_dispatch.h"

#include "engine/core/type_predicates.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/PrettyPrinter.h>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// Far above the depths of the statements' own insertions (the body's nesting): a call's text opens after
/// theirs and closes before theirs at a shared offset.
constexpr unsigned dispatch_depth = 1000;

/// A member named after `->` (resolved, overloaded, or in a template still unresolved).
struct ArrowMember {
    const Expr *object = nullptr;    ///< the pointer array, as written
    SourceLocation arrow;            ///< the `->`
    SourceLocation end;              ///< the member's last token (its name, or the `>` of template arguments)
    const NamedDecl *decl = nullptr; ///< the member, when resolved
    std::string name;                ///< as written, without qualifier
};

/// The object of `base->…` when it is a pointer array: the operand of the array's `operator->`, or in a template an
/// object whose type is a (dependent) pointer array, for which no operator call was made yet.
const Expr *pointer_array_object(const Expr *base, bool arrow) {
    if (!base || !arrow)
        return nullptr;
    const Expr *b = base->IgnoreImplicit();
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(b); op && op->getOperator() == OO_Arrow &&
                                                           op->getNumArgs() == 1 &&
                                                           is_tj_pointer_array_type(op->getArg(0)->getType()))
        return op->getArg(0);
    if (b->isTypeDependent() && is_tj_pointer_array_type(b->getType()))
        return b;
    return nullptr;
}

std::optional<ArrowMember> arrow_member(const Expr *e) {
    ArrowMember m;
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
        m.object = pointer_array_object(me->getBase(), me->isArrow());
        m.arrow = me->getOperatorLoc();
        m.decl = me->getMemberDecl();
        m.name = me->getMemberNameInfo().getAsString();
        m.end = me->getEndLoc();
    } else if (const auto *ume = dyn_cast<UnresolvedMemberExpr>(e)) {
        if (ume->isImplicitAccess())
            return std::nullopt;
        m.object = pointer_array_object(ume->getBase(), ume->isArrow());
        m.arrow = ume->getOperatorLoc();
        m.name = ume->getMemberNameInfo().getAsString();
        m.end = ume->getEndLoc();
    } else if (const auto *dme = dyn_cast<CXXDependentScopeMemberExpr>(e)) {
        if (dme->isImplicitAccess())
            return std::nullopt;
        m.object = pointer_array_object(dme->getBase(), dme->isArrow());
        m.arrow = dme->getOperatorLoc();
        m.name = dme->getMemberNameInfo().getAsString();
        m.end = dme->getEndLoc();
    }
    if (!m.object)
        return std::nullopt;
    return m;
}

/// `Base` of a pointer array type as written (`tj::Ptr<Shape>`, `tj::Array<T *>`), for the Call's name in a template
/// where the method is not resolved yet.
std::string base_class_name(QualType t, const PrintingPolicy &policy) {
    t = t.getNonReferenceType();
    while (const auto *tst = t->getAs<TemplateSpecializationType>()) {
        auto args = tst->template_arguments();
        if (args.size() != 1 || args[0].getKind() != TemplateArgument::Type)
            break;
        QualType arg = args[0].getAsType();
        const TemplateDecl *td = tst->getTemplateName().getAsTemplateDecl();
        bool is_array = td && td->getName() == "Array";
        if (is_array && arg->isPointerType())
            return arg->getPointeeType().getUnqualifiedType().getAsString(policy);
        if (!is_array) // tj::Ptr<Base>: its argument is Base
            return arg.getUnqualifiedType().getAsString(policy);
        break;
    }
    return {};
}

class DispatchPlanner {
  public:
    DispatchPlanner(ASTContext &ctx, const SourceText &src, FunctionPlan &plan, EditList &edits, EditList &plain,
                    std::vector<EngineDiagnostic> &diags)
        : m_src(src), m_plan(plan), m_edits(edits), m_plain(plain), m_diags(diags), m_policy(ctx.getLangOpts()) {
        m_policy.SuppressUnwrittenScope = true;
    }

    void walk(const Stmt *s, unsigned depth) {
        if (!s)
            return;
        // Unevaluated, or nothing inside.
        if (isa<UnaryExprOrTypeTraitExpr>(s) || isa<CXXTypeidExpr>(s) || isa<CXXNoexceptExpr>(s) || isa<DeclRefExpr>(s))
            return;
        if (const auto *lambda = dyn_cast<LambdaExpr>(s)) { // its captures' initializers, then its body
            for (const Expr *init : lambda->capture_inits())
                walk(init, depth);
            walk(lambda->getBody(), depth);
            return;
        }
        if (const auto *c = dyn_cast<CallExpr>(s); c && !isa<CXXOperatorCallExpr>(c))
            if (const auto *callee = dyn_cast_or_null<Expr>(c->getCallee()))
                if (auto member = arrow_member(callee->IgnoreParenImpCasts())) {
                    call(c, *member, depth);
                    return;
                }
        if (const auto *e = dyn_cast<Expr>(s)) {
            if (auto member = arrow_member(e)) {
                stray_member(*member);
                return walk(member->object, depth);
            }
            if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) { // `ptrs.operator->()`, spelled out
                const CXXMethodDecl *method = mc->getMethodDecl();
                if (method && method->getOverloadedOperator() == OO_Arrow &&
                    is_tj_pointer_array_type(mc->getImplicitObjectArgument()->getType()))
                    error(mc->getExprLoc(), "'operator->' of a pointer array only names a method to call on every "
                                            "lane (`ptrs->method(args...)`); it gives no pointer");
            }
        }
        for (const Stmt *child : s->children())
            walk(child, depth);
    }

    unsigned planned() const { return m_planned; }

  private:
    void error(SourceLocation loc, const std::string &message) {
        m_diags.push_back(make_error(m_src.sm(), loc, "tracejit: " + message));
    }

    /// `ptrs->member` that is not a call of it.
    void stray_member(const ArrowMember &m) {
        if (m.decl && isa<FieldDecl>(m.decl))
            error(m.arrow, "'ptrs->" + m.name +
                               "' reads a field through a pointer array, which is not supported: "
                               "read it in a method and call that method (`ptrs->method()`, one call per lane)");
        else
            error(m.arrow, "a member of a pointer array's objects ('->" + m.name +
                               "') can only be called (`ptrs->method(args...)`)");
    }

    void call(const CallExpr *c, const ArrowMember &m, unsigned depth) {
        const auto *method = dyn_cast_or_null<CXXMethodDecl>(m.decl);
        if (m.decl && !method) {
            stray_member(m);
            return;
        }
        if (method && method->isStatic()) {
            error(m.arrow, "'" + method->getQualifiedNameAsString() +
                               "' is a static member function, which no lane's object calls: call it as '" +
                               method->getQualifiedNameAsString() + "(...)'");
            return walk_operands(c, m, depth);
        }
        if (method && isa<CXXDestructorDecl>(method)) {
            error(m.arrow, "objects cannot be destroyed through a pointer array");
            return walk_operands(c, m, depth);
        }
        if (method && !signature_dispatches(*method, m.arrow))
            return walk_operands(c, m, depth);
        // The arguments as written (default arguments are the method's own, in each lane's call).
        std::vector<const Expr *> args;
        for (const Expr *a : c->arguments())
            if (!isa<CXXDefaultArgExpr>(a))
                args.push_back(a);
        CharSourceRange object = m_src.file_range(m.object->getSourceRange());
        CharSourceRange arrow = m_src.file_range(SourceRange(m.arrow, m.arrow));
        CharSourceRange name_end = m_src.file_range(SourceRange(m.end, m.end));
        CharSourceRange rparen = m_src.file_range(SourceRange(c->getRParenLoc(), c->getRParenLoc()));
        auto lparen = name_end.isValid() ? m_src.next_token(name_end.getEnd()) : std::nullopt;
        // The edited tokens (`->name(` and `)`) must be the user's; the object and the arguments may be macro uses
        // (`SCENE->f(x, M_PI)`): the text goes around them.
        if (m.arrow.isMacroID() || m.end.isMacroID() || c->getRParenLoc().isMacroID()) {
            error(m.arrow, "this call through a pointer array is written in a macro and cannot be rewritten into "
                           "tj::dispatch; write it outside the macro");
            return walk_operands(c, m, depth);
        }
        if (object.isInvalid() || arrow.isInvalid() || rparen.isInvalid() || !lparen || lparen->isNot(tok::l_paren)) {
            error(m.arrow, "this call through a pointer array cannot be rewritten into tj::dispatch: its text "
                           "cannot be read (call tj::dispatch yourself)");
            return walk_operands(c, m, depth);
        }
        std::string member =
            StringRef(m_src.text(CharSourceRange::getCharRange(arrow.getEnd(), lparen->getLocation()))).trim().str();

        PlannedDispatch d;
        if (method) {
            d.callee = method->getQualifiedNameAsString();
        } else {
            std::string base = base_class_name(m.object->getType(), m_policy);
            d.callee = (base.empty() ? "" : base + "::") + m.name;
        }
        auto [line, column] = m_src.presumed(object.getBegin());
        d.line = line;
        d.column = column;
        d.params.push_back("this");
        for (size_t i = 0; i < args.size(); ++i) {
            std::string name;
            if (method && i < method->getNumParams())
                name = method->getParamDecl(static_cast<unsigned>(i))->getName().str();
            if (isa<PackExpansionExpr>(args[i]))
                name = m_src.text(m_src.file_range(args[i]->getSourceRange()));
            d.params.push_back(name.empty() ? "arg" + std::to_string(i + 1) : name);
        }
        std::string k = std::to_string(m_plan.dispatches.size());
        m_plan.dispatches.push_back(std::move(d));

        std::string lambda = "[](auto *__tj_self, auto &&...__tj_a) { return __tj_self->" + member +
                             "(static_cast<decltype(__tj_a) &&>(__tj_a)...); }";
        std::string rest = ", " + lambda + ", ::tj::detail::VCallArgs{";
        CharSourceRange selector = CharSourceRange::getCharRange(arrow.getBegin(), lparen->getEndLoc());
        unsigned at = dispatch_depth + depth;
        m_edits.insert(object.getBegin(), Phase::Open, at, "::tj::detail::vcall(&__tj_vcall_" + k + rest);
        m_plain.insert(object.getBegin(), Phase::Open, at, "::tj::detail::vcall(nullptr" + rest);
        for (EditList *edits : {&m_edits, &m_plain}) {
            edits->replace(selector, args.empty() ? "" : ", ");
            edits->insert(rparen.getBegin(), Phase::Close, at, "}");
        }
        ++m_planned;
        walk_operands(c, m, depth + 1);
    }

    /// False, after reporting why, when tj::dispatch cannot call `method`: it passes every argument to every
    /// instance's call as a const reference. (A host value returned is the runtime's to judge: the same from every
    /// instance is fine, differing ones are a tj::Error, docs/vcalls.md.)
    bool signature_dispatches(const CXXMethodDecl &method, SourceLocation at) {
        for (const ParmVarDecl *p : method.parameters()) {
            QualType t = p->getType();
            if (t->isDependentType() || !t->isReferenceType() || t.getNonReferenceType().isConstQualified())
                continue;
            error(at, "'" + method.getQualifiedNameAsString() + "' takes '" + p->getName().str() +
                          "' by non-const reference, which a call through a pointer array cannot give it "
                          "(tj::dispatch passes each argument to every lane's call as const); return the result "
                          "instead");
            return false;
        }
        return true;
    }

    void walk_operands(const CallExpr *c, const ArrowMember &m, unsigned depth) {
        walk(m.object, depth);
        for (const Expr *a : c->arguments())
            walk(a, depth);
    }

    const SourceText &m_src;
    FunctionPlan &m_plan;
    EditList &m_edits;
    EditList &m_plain;
    std::vector<EngineDiagnostic> &m_diags;
    PrintingPolicy m_policy;
    unsigned m_planned = 0;
};

} // namespace

unsigned plan_dispatch(ASTContext &ctx, const SourceText &src, const FunctionDecl &fn, FunctionPlan &plan,
                       EditList &edits, EditList &plain_edits, std::vector<EngineDiagnostic> &diagnostics) {
    DispatchPlanner planner(ctx, src, plan, edits, plain_edits, diagnostics);
    planner.walk(fn.getBody(), 0);
    return planner.planned();
}

} // namespace tracejit::plugin
