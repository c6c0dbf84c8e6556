// plugin/engine/plan/call_writes.cpp — the variables a call may write through its reference and pointer arguments
#include "engine/plan/call_writes.h"

#include "engine/plan/plan_slots.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// A non-const lvalue reference (`T &`, not `const T &`, not `T &&`).
bool writable_reference(QualType t) {
    if (t.isNull())
        return false;
    const auto *r = t.getCanonicalType()->getAs<LValueReferenceType>();
    return r && !r->getPointeeType().isConstQualified();
}

/// A pointer to non-const data (`T *`, `void *`; not `const T *`, not a function pointer).
bool writable_pointer(QualType t) {
    if (t.isNull())
        return false;
    const auto *p = t.getCanonicalType()->getAs<PointerType>();
    return p && !p->getPointeeType().isConstQualified() && !p->getPointeeType()->isFunctionType();
}

/// True for a function whose `...` arguments are only read: printf-like (`format(printf, …)`, which clang also
/// gives the C library's printf family).
bool reads_variadic_arguments(const FunctionDecl *fn) {
    if (!fn)
        return false;
    for (const FormatAttr *f : fn->specific_attrs<FormatAttr>()) {
        StringRef kind = f->getType() ? f->getType()->getName() : StringRef();
        if (kind != "scanf" && kind != "gnu_scanf" && kind != "freebsd_kscanf")
            return true;
    }
    return false;
}

const DeclRefExpr *variable_of(const Expr *lvalue) { return dyn_cast_or_null<DeclRefExpr>(root_reference(lvalue)); }

/// The variables that `args` may write, bound to `params` (then the `...` of a `variadic` function).
void argument_writes(llvm::ArrayRef<const Expr *> args, llvm::ArrayRef<QualType> params, bool variadic,
                     bool variadic_read_only, std::vector<const DeclRefExpr *> &out) {
    for (size_t i = 0; i < args.size(); ++i) {
        const Expr *arg = args[i];
        if (!arg || isa<CXXDefaultArgExpr>(arg))
            continue;
        const DeclRefExpr *written = nullptr;
        if (i < params.size()) {
            if (writable_reference(params[i]))
                written = variable_of(arg);
            else if (writable_pointer(params[i]))
                written = pointee_variable(arg);
        } else if (variadic && !variadic_read_only && writable_pointer(arg->getType())) {
            written = pointee_variable(arg);
        }
        if (written)
            out.push_back(written);
    }
}

} // namespace

const DeclRefExpr *pointee_variable(const Expr *e) {
    while (e) {
        e = e->IgnoreParens();
        if (const auto *c = dyn_cast<CastExpr>(e)) { // array decay, conversions, (char *)buf, static_cast
            e = c->getSubExpr();
        } else if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
            QualType t = ref->getType().getNonReferenceType();
            return t->isPointerType() || t->isArrayType() ? ref : nullptr;
        } else if (const auto *u = dyn_cast<UnaryOperator>(e)) {
            if (u->getOpcode() == UO_AddrOf)
                return variable_of(u->getSubExpr());
            if (!u->isIncrementDecrementOp())
                return nullptr;
            e = u->getSubExpr();
        } else if (const auto *b = dyn_cast<BinaryOperator>(e)) {
            if (b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub)
                e = b->getLHS()->getType()->isIntegralOrEnumerationType() ? b->getRHS() : b->getLHS();
            else if (b->getOpcode() == BO_Comma)
                e = b->getRHS();
            else
                return nullptr;
        } else if (const auto *m = dyn_cast<CXXMemberCallExpr>(e)) { // v.data(), v.begin()
            const CXXMethodDecl *method = m->getMethodDecl();
            if (!method || method->isStatic() || method->isConst())
                return nullptr;
            return variable_of(m->getImplicitObjectArgument());
        } else {
            return nullptr;
        }
    }
    return nullptr;
}

std::vector<const DeclRefExpr *> call_writes(const Expr *e, bool whole) {
    std::vector<const DeclRefExpr *> out;
    if (!e || e->isTypeDependent())
        return out;
    if (const auto *construct = dyn_cast<CXXConstructExpr>(e)) {
        const CXXConstructorDecl *ctor = construct->getConstructor();
        if (!ctor)
            return out;
        std::vector<QualType> params;
        for (const ParmVarDecl *p : ctor->parameters())
            params.push_back(p->getType());
        std::vector<const Expr *> args(construct->arg_begin(), construct->arg_end());
        argument_writes(args, params, ctor->isVariadic(), reads_variadic_arguments(ctor), out);
        return out;
    }
    const auto *call = dyn_cast<CallExpr>(e);
    if (!call)
        return out;
    std::vector<const Expr *> args(call->arg_begin(), call->arg_end());
    const FunctionDecl *fn = call->getDirectCallee();
    if (const auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
        // The object of a non-const member function that returns nothing, or whose result the statement drops.
        const CXXMethodDecl *method = member->getMethodDecl();
        if (method && !method->isStatic() && !method->isConst() && (whole || method->getReturnType()->isVoidType()))
            if (const DeclRefExpr *object = variable_of(member->getImplicitObjectArgument()))
                out.push_back(object);
    } else if (isa<CXXOperatorCallExpr>(call)) {
        // A member operator's first argument is its object: operators that assign are assignments (plan_slots.h);
        // any other (`v[i]`, `*it`) does not count as writing it.
        if (const auto *method = dyn_cast_or_null<CXXMethodDecl>(fn); method && !method->isStatic() && !args.empty())
            args.erase(args.begin());
    }
    std::vector<QualType> params;
    bool variadic = false;
    if (fn) {
        for (const ParmVarDecl *p : fn->parameters())
            params.push_back(p->getType());
        variadic = fn->isVariadic();
    } else if (const Expr *callee = call->getCallee()) { // through a function pointer or reference
        QualType t = callee->getType();
        if (const auto *p = t->getAs<PointerType>())
            t = p->getPointeeType();
        if (const auto *proto = t->getAs<FunctionProtoType>()) {
            params.assign(proto->param_type_begin(), proto->param_type_end());
            variadic = proto->isVariadic();
        } else {
            return out; // no prototype: nothing known
        }
    }
    argument_writes(args, params, variadic, reads_variadic_arguments(fn), out);
    return out;
}

} // namespace tracejit::plugin
