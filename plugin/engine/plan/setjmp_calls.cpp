// plugin/engine/plan/setjmp_calls.cpp — finds the calls of returns_twice functions in a marked body
#include "engine/plan/setjmp_calls.h"

#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace tracejit::plugin {
namespace {

using namespace clang;

class Finder : public RecursiveASTVisitor<Finder> {
  public:
    bool TraverseLambdaExpr(LambdaExpr *) { return true; } // a function of its own
    bool VisitCallExpr(CallExpr *call) {
        const FunctionDecl *callee = call->getDirectCallee();
        // (clang gives the C library's setjmp family the attribute where it declares them as builtins;
        // __builtin_setjmp is a builtin without a declaration of its own.)
        if ((callee && callee->hasAttr<ReturnsTwiceAttr>()) || call->getBuiltinCallee() == Builtin::BI__builtin_setjmp)
            found = true;
        return !found;
    }
    bool found = false;
};

} // namespace

bool calls_setjmp(const FunctionDecl &fn) {
    Finder finder;
    finder.TraverseStmt(fn.getBody());
    return finder.found;
}

} // namespace tracejit::plugin
