// plugin/engine/plan/base_pointer.cpp — finds over-aligned locals, dynamic allocations and asm operands in rbx
#include "engine/plan/base_pointer.h"

#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/Builtins.h>
#include <clang/Basic/Sanitizers.h>
#include <clang/Basic/TargetInfo.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/TargetParser/Triple.h>

namespace tracejit::plugin {

namespace {

using namespace clang;

/// The names of rbx and its parts, as register variables and clobbers spell them.
bool names_rbx(llvm::StringRef name) {
    name.consume_front("%");
    return name == "rbx" || name == "ebx" || name == "bx" || name == "bl" || name == "bh";
}

/// True when an asm constraint puts its operand in rbx: the letter `b`, or `{rbx}` and the like.
bool constraint_in_rbx(llvm::StringRef constraint) {
    for (size_t i = 0; i < constraint.size(); ++i) {
        if (constraint[i] == '{') {
            size_t close = constraint.find('}', i);
            if (close != llvm::StringRef::npos && names_rbx(constraint.slice(i + 1, close)))
                return true;
            i = close == llvm::StringRef::npos ? constraint.size() : close;
        } else if (constraint[i] == 'b') {
            return true;
        }
    }
    return false;
}

/// True for an operand naming a register variable on rbx (`register long r asm("rbx")`).
bool register_variable_on_rbx(const Expr *e) {
    const auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || var->getStorageClass() != SC_Register)
        return false;
    const auto *label = var->getAttr<AsmLabelAttr>();
    return label && names_rbx(label->getLabel());
}

class Finder : public RecursiveASTVisitor<Finder> {
  public:
    explicit Finder(const ASTContext &ctx) : m_ctx(ctx) {}

    bool TraverseLambdaExpr(LambdaExpr *) { return true; } // a function of its own
    bool VisitVarDecl(VarDecl *var) {
        QualType t = var->getType();
        if (!var->hasLocalStorage() || t->isDependentType() || t->isIncompleteType())
            return true;
        if (t->isVariablyModifiedType())
            m_dynamic = true;
        else if (m_ctx.getDeclAlign(var).getQuantity() > 16)
            m_over_aligned = true;
        return true;
    }
    bool VisitCallExpr(CallExpr *call) {
        switch (call->getBuiltinCallee()) {
        case Builtin::BI__builtin_alloca:
        case Builtin::BI__builtin_alloca_uninitialized:
        case Builtin::BI__builtin_alloca_with_align:
        case Builtin::BI__builtin_alloca_with_align_uninitialized:
        case Builtin::BIalloca:
        case Builtin::BI_alloca: m_dynamic = true; break;
        default: break;
        }
        return true;
    }
    bool VisitGCCAsmStmt(GCCAsmStmt *s) {
        for (unsigned i = 0; i < s->getNumOutputs(); ++i)
            m_rbx |= constraint_in_rbx(s->getOutputConstraint(i)) || register_variable_on_rbx(s->getOutputExpr(i));
        for (unsigned i = 0; i < s->getNumInputs(); ++i)
            m_rbx |= constraint_in_rbx(s->getInputConstraint(i)) || register_variable_on_rbx(s->getInputExpr(i));
        for (unsigned i = 0; i < s->getNumClobbers(); ++i)
            m_rbx |= names_rbx(s->getClobber(i));
        return true;
    }

    bool m_over_aligned = false;
    bool m_dynamic = false;
    bool m_rbx = false;

  private:
    const ASTContext &m_ctx;
};

} // namespace

std::string base_pointer_clash(const ASTContext &ctx, const FunctionDecl &fn) {
    if (ctx.getTargetInfo().getTriple().getArch() != llvm::Triple::x86_64 || !fn.getBody())
        return {};
    Finder finder(ctx);
    finder.TraverseStmt(fn.getBody());
    if (!finder.m_dynamic || !finder.m_rbx)
        return {};
    const char *fix = " (the recording copy would crash: LLVM loads the operand over the base pointer); move the asm "
                      "into a function of its own to record this one";
    if (finder.m_over_aligned)
        return std::string("its inline asm takes an operand in rbx, which is the base pointer of a frame with both an "
                           "over-aligned local and alloca or a variable-length array on x86-64") + fix;
    // AddressSanitizer aligns every dynamic allocation to 32 bytes, which realigns the frame without an over-aligned
    // local of the user's (the test's no_realignment crashed under -fsanitize=address).
    if (ctx.getLangOpts().Sanitize.hasOneOf(SanitizerKind::Address | SanitizerKind::KernelAddress))
        return std::string("its inline asm takes an operand in rbx, which is the base pointer of a frame with alloca "
                           "or a variable-length array under AddressSanitizer on x86-64") + fix;
    return {};
}

} // namespace tracejit::plugin
