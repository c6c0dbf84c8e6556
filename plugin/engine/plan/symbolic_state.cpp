// plugin/engine/plan/symbolic_state.cpp — a symbolic statement's state (what it writes) and its escaping jumps
#include "engine/plan/symbolic_state.h"

#include "engine/core/type_predicates.h"
#include "engine/plan/plan_slots.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>

#include <map>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// tj::scatter, tj::scatter_add (any tj::scatter…): their target is written as a side effect, in place, masked by
/// the branch or loop (control_core.h), so it is not state: merging it with select would drop the other way's
/// writes (and its size is not the mask's).
bool is_tj_scatter(const FunctionDecl *fd) {
    return fd && fd->getDeclName().isIdentifier() && fd->getName().starts_with("scatter") && in_tj_namespace(fd);
}

/// True for a reference to a non-const type (what may be written through).
bool non_const_reference(QualType t) {
    if (t.isNull() || !t->isReferenceType())
        return false;
    return !t.getNonReferenceType().isConstQualified();
}

class StateFinder {
  public:
    StateFinder(const ASTContext &ctx, const std::vector<const Stmt *> &regions, const char *what)
        : m_sm(ctx.getSourceManager()), m_regions(regions), m_what(what) {}

    SymbolicState run() {
        for (const Stmt *r : m_regions)
            visit(r);
        return std::move(m_state);
    }

  private:
    /// True when `loc` lies inside one of the regions (a declaration there is local to the lambdas).
    bool inside(SourceLocation loc) const {
        if (loc.isInvalid())
            return false;
        loc = m_sm.getExpansionLoc(loc);
        for (const Stmt *r : m_regions) {
            if (!r)
                continue;
            SourceLocation b = m_sm.getExpansionLoc(r->getBeginLoc()), e = m_sm.getExpansionLoc(r->getEndLoc());
            if (!m_sm.isBeforeInTranslationUnit(loc, b) && !m_sm.isBeforeInTranslationUnit(e, loc))
                return true;
        }
        return false;
    }

    void problem(SourceLocation loc, std::string message) { m_state.problems.push_back({loc, std::move(message)}); }

    void add(const ValueDecl *decl, SourceLocation at) {
        if (!decl || decl->getName().empty() || inside(decl->getLocation()))
            return;
        std::string name = decl->getName().str();
        auto [it, fresh] = m_seen.emplace(name, decl);
        if (!fresh) {
            if (it->second != decl)
                problem(at, "tracejit: two variables named '" + name + "' are written inside a " + m_what +
                                " (its condition is a tj::Bool); rename one");
            return;
        }
        QualType t = decl->getType().getNonReferenceType();
        if (!t.isNull() && !t->isDependentType() && t->isScalarType()) {
            PrintingPolicy policy(decl->getASTContext().getLangOpts());
            problem(at, "tracejit: '" + name + "' is a host value (" + t.getUnqualifiedType().getAsString(policy) +
                            ") assigned inside a " + m_what +
                            " (its condition is a tj::Bool): it cannot differ per element; make it a tj array "
                            "(tj::Int32, tj::Float, ...) or declare it inside");
        }
        m_state.names.push_back(std::move(name));
    }

    /// The variable that writing `target` changes; reports what cannot be a lambda parameter.
    void write(const Expr *target, SourceLocation at) {
        const Expr *e = target;
        while (e) {
            e = e->IgnoreParenImpCasts();
            if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
                const ValueDecl *decl = ref->getDecl();
                if (isa<FunctionDecl>(decl) || isa<EnumConstantDecl>(decl))
                    return;
                if (ref->hasQualifier() && !inside(decl->getLocation())) {
                    problem(at, "tracejit: '" + decl->getNameAsString() + "' is written by a qualified name inside a " +
                                    m_what + " (its condition is a tj::Bool); write it by its plain name");
                    return;
                }
                add(decl, at);
                return;
            }
            if (const auto *m = dyn_cast<MemberExpr>(e)) {
                const Expr *base = m->getBase()->IgnoreParenImpCasts();
                if (isa<CXXThisExpr>(base)) {
                    if (!m->isImplicitAccess()) {
                        problem(at, "tracejit: 'this->" + m->getMemberDecl()->getNameAsString() +
                                        "' is written inside a " + m_what +
                                        " (its condition is a tj::Bool); write the member by its plain name");
                        return;
                    }
                    if (isa<FieldDecl>(m->getMemberDecl()) || isa<VarDecl>(m->getMemberDecl()))
                        add(m->getMemberDecl(), at);
                    return;
                }
                if (m->isArrow()) {
                    through_pointer(at);
                    return;
                }
                e = m->getBase();
                continue;
            }
            if (const auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
                if (const auto *decay = dyn_cast<ImplicitCastExpr>(a->getBase()->IgnoreParens());
                    decay && decay->getCastKind() == CK_ArrayToPointerDecay) {
                    e = decay->getSubExpr();
                    continue;
                }
                through_pointer(at);
                return;
            }
            if (const auto *u = dyn_cast<UnaryOperator>(e)) {
                if (u->getOpcode() == UO_Deref) {
                    through_pointer(at);
                    return;
                }
                return; // a prvalue: nothing is written
            }
            if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
                OverloadedOperatorKind k = op->getOperator();
                if ((k == OO_Subscript || k == OO_Star || k == OO_Arrow || k == OO_Call) && op->getNumArgs() > 0) {
                    e = op->getArg(0);
                    continue;
                }
                if (op->isAssignmentOp() && op->getNumArgs() > 0) { // (a = b) = c
                    e = op->getArg(0);
                    continue;
                }
                if (!op->isGLValue())
                    return;
                unknown(at);
                return;
            }
            if (const auto *call = dyn_cast<CXXMemberCallExpr>(e)) {
                if (!call->isGLValue())
                    return;
                e = call->getImplicitObjectArgument();
                continue;
            }
            if (const auto *call = dyn_cast<CallExpr>(e)) {
                if (!call->isGLValue())
                    return;
                // std::get(t), a getter taking its object by reference: the first argument is what is written.
                const FunctionDecl *fd = call->getDirectCallee();
                if (fd && fd->getNumParams() > 0 && call->getNumArgs() > 0 &&
                    non_const_reference(fd->getParamDecl(0)->getType())) {
                    e = call->getArg(0);
                    continue;
                }
                unknown(at);
                return;
            }
            if (const auto *b = dyn_cast<BinaryOperator>(e)) {
                if (b->isAssignmentOp() || b->getOpcode() == BO_Comma) {
                    e = b->isAssignmentOp() ? b->getLHS() : b->getRHS();
                    continue;
                }
                return;
            }
            if (const auto *c = dyn_cast<AbstractConditionalOperator>(e)) {
                write(c->getTrueExpr(), at);
                e = c->getFalseExpr();
                continue;
            }
            if (isa<MaterializeTemporaryExpr>(e) || isa<CXXBindTemporaryExpr>(e) || isa<CXXTemporaryObjectExpr>(e) ||
                isa<CXXConstructExpr>(e) || isa<CXXFunctionalCastExpr>(e) || !e->isGLValue())
                return; // a temporary
            if (const auto *cast = dyn_cast<ExplicitCastExpr>(e)) {
                e = cast->getSubExpr();
                continue;
            }
            unknown(at);
            return;
        }
    }

    void through_pointer(SourceLocation at) {
        problem(at, std::string("tracejit: a write through a pointer inside a ") + m_what +
                        " (its condition is a tj::Bool) is not supported: it would not be masked; write a "
                        "variable (or a reference to one)");
    }
    void unknown(SourceLocation at) {
        problem(at, std::string("tracejit: cannot tell which variable this writes inside a ") + m_what +
                        " (its condition is a tj::Bool); assign a variable instead");
    }

    /// The arguments of a call bound to non-const reference parameters are written.
    void call_arguments(const FunctionDecl *fd, const Expr *const *args, unsigned nargs, unsigned first_param) {
        if (!fd)
            return;
        for (unsigned i = 0; i < nargs; ++i) {
            unsigned p = first_param + i;
            if (p >= fd->getNumParams())
                break;
            if (non_const_reference(fd->getParamDecl(p)->getType()) && args[i])
                write(args[i], args[i]->getExprLoc());
        }
    }

    void visit(const Stmt *s) {
        if (!s)
            return;
        if (isa<UnaryExprOrTypeTraitExpr>(s) || isa<CXXNoexceptExpr>(s))
            return; // unevaluated
        if (const auto *t = dyn_cast<CXXTypeidExpr>(s); t && !t->isPotentiallyEvaluated())
            return;
        if (const auto *lambda = dyn_cast<LambdaExpr>(s)) {
            for (const Expr *init : lambda->capture_inits())
                visit(init);
            visit(lambda->getBody()); // called there, perhaps: what it writes by reference counts
            return;
        }
        if (const auto *e = dyn_cast<Expr>(s)) {
            bool plain = false;
            if (const Expr *t = assignment_target(e, &plain))
                write(t, e->getExprLoc());
        }
        if (const auto *u = dyn_cast<UnaryOperator>(s)) {
            if (u->getOpcode() == UO_AddrOf && !u->getSubExpr()->getType().isConstQualified())
                write(u->getSubExpr(), u->getExprLoc());
        } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s)) {
            const auto *method = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee());
            if (method && op->getNumArgs() > 0) {
                if (!method->isConst() && !method->isStatic())
                    write(op->getArg(0), op->getExprLoc());
                call_arguments(method, op->getArgs() + 1, op->getNumArgs() - 1, 0);
            } else {
                call_arguments(op->getDirectCallee(), op->getArgs(), op->getNumArgs(), 0);
            }
        } else if (const auto *call = dyn_cast<CXXMemberCallExpr>(s)) {
            const CXXMethodDecl *method = call->getMethodDecl();
            if (method && !method->isConst() && !method->isStatic() && call->getImplicitObjectArgument())
                write(call->getImplicitObjectArgument(), call->getExprLoc());
            call_arguments(method, call->getArgs(), call->getNumArgs(), 0);
        } else if (const auto *call = dyn_cast<CallExpr>(s)) {
            if (!is_tj_scatter(call->getDirectCallee())) // a scatter's target is captured by reference
                call_arguments(call->getDirectCallee(), call->getArgs(), call->getNumArgs(), 0);
        } else if (const auto *construct = dyn_cast<CXXConstructExpr>(s)) {
            call_arguments(construct->getConstructor(), construct->getArgs(), construct->getNumArgs(), 0);
        } else if (const auto *ds = dyn_cast<DeclStmt>(s)) {
            for (const Decl *d : ds->decls())
                if (const auto *vd = dyn_cast<VarDecl>(d); vd && vd->getInit() && non_const_reference(vd->getType()))
                    write(vd->getInit(), vd->getLocation()); // a reference that may write what it is bound to
        }
        for (const Stmt *child : s->children())
            visit(child);
    }

    const SourceManager &m_sm;
    const std::vector<const Stmt *> &m_regions;
    const char *m_what;
    SymbolicState m_state;
    std::map<std::string, const ValueDecl *> m_seen;
};

class JumpFinder {
  public:
    JumpFinder(const char *what, bool (*is_symbolic)(const Stmt *), std::vector<SymbolicProblem> &problems)
        : m_what(what), m_is_symbolic(is_symbolic), m_problems(problems) {}

    void visit(const Stmt *s, unsigned loops, unsigned breakables) {
        if (!s || isa<LambdaExpr>(s) || isa<BlockExpr>(s) || isa<CapturedStmt>(s))
            return;
        std::string why = std::string(" inside a ") + m_what + " (its condition is a tj::Bool) is not supported";
        if (isa<ReturnStmt>(s) || isa<CoreturnStmt>(s)) {
            report(s, std::string("tracejit: '") + (isa<ReturnStmt>(s) ? "return" : "co_return") + "'" + why +
                          "; assign a result variable instead");
            return;
        }
        if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) {
            report(s, "tracejit: 'goto'" + why);
            return;
        }
        if (isa<BreakStmt>(s) && breakables == 0) {
            report(s, "tracejit: 'break'" + why + "; " + fix());
            return;
        }
        if (isa<ContinueStmt>(s) && loops == 0) {
            report(s, "tracejit: 'continue'" + why + "; " + fix());
            return;
        }
        if (m_is_symbolic(s))
            return; // checked on its own
        bool loop = isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<ForStmt>(s) || isa<CXXForRangeStmt>(s);
        bool breakable = loop || isa<SwitchStmt>(s);
        for (const Stmt *child : s->children())
            visit(child, loops + (loop ? 1 : 0), breakables + (breakable ? 1 : 0));
    }

  private:
    std::string fix() const {
        return std::string(m_what) == "symbolic loop"
                   ? "fold the exit into the loop's condition (a tj::Bool that turns false for the lanes that stop)"
                   : "use a flag (a tj::Bool) in the loop's condition instead";
    }
    void report(const Stmt *s, std::string message) { m_problems.push_back({s->getBeginLoc(), std::move(message)}); }

    const char *m_what;
    bool (*m_is_symbolic)(const Stmt *);
    std::vector<SymbolicProblem> &m_problems;
};

} // namespace

SymbolicState find_symbolic_state(const ASTContext &ctx, const std::vector<const Stmt *> &regions, const char *what) {
    return StateFinder(ctx, regions, what).run();
}

void find_escaping_jumps(const std::vector<const Stmt *> &bodies, const char *what, bool (*is_symbolic)(const Stmt *),
                         std::vector<SymbolicProblem> &problems) {
    JumpFinder finder(what, is_symbolic, problems);
    for (const Stmt *b : bodies)
        finder.visit(b, 0, 0);
}

} // namespace tracejit::plugin
