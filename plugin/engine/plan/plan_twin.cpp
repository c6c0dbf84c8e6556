// plugin/engine/plan/plan_twin.cpp — the twin rewrite (plan_twin.h): which bodies may be duplicated, and the text
#include "engine/plan/plan_twin.h"

#include "engine/core/symbolic_condition.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <cctype>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// Whether the recording copy may take parameter `p` as a parameter of its own (TwinShape::passed): a value of
/// trivially copyable, non-volatile type of at most 128 bytes whose copy constructor is trivial and usable (the
/// copy runs no code and nothing can tell it from the original). A reference is captured (the closure holds the
/// address of what it refers to, as a parameter would), and so is a parameter of dependent type (what an
/// instantiation gives is not known here).
bool passed_by_value(const ASTContext &ctx, const ParmVarDecl &p) {
    if (p.getName().empty() || p.isParameterPack() || p.isExplicitObjectParameter())
        return false;
    QualType t = p.getType();
    if (t->isReferenceType() || t->isDependentType() || t->isInstantiationDependentType() ||
        t.isVolatileQualified() || t->isIncompleteType() || !t.isTriviallyCopyableType(ctx) ||
        ctx.getTypeSizeInChars(t).getQuantity() > 128)
        return false;
    if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl()) {
        if (!rd->hasDefinition() || !rd->hasTrivialCopyConstructor() || !rd->hasTrivialDestructor())
            return false;
        if (rd->needsImplicitCopyConstructor() ? rd->defaultedCopyConstructorIsDeleted() : false)
            return false;
        for (const CXXConstructorDecl *c : rd->ctors())
            if (c->isCopyConstructor() && (c->isDeleted() || c->getAccess() != AS_public))
                return false;
    }
    return true;
}

/// Whether a static local is a constant two copies of which nobody can tell apart (but by their addresses):
/// const-qualified (arrays too), constant-initialized, trivially destroyed (two copies would be destroyed twice),
/// without mutable members. Such a local is duplicated.
bool immutable_constant(const ASTContext &ctx, const VarDecl &vd) {
    QualType t = vd.getType();
    if (t->isDependentType() || t->isReferenceType() || !t.isConstant(ctx) || !vd.getInit() ||
        t.isDestructedType() != QualType::DK_none ||
        vd.getDeclContext()->isDependentContext() || !vd.hasConstantInitialization())
        return false;
    const CXXRecordDecl *rd = ctx.getBaseElementType(t)->getAsCXXRecordDecl();
    return !rd || !rd->hasMutableFields();
}

/// Whether an initializer is made only of constants and names of non-local entities, with nothing the planner edits
/// inside (no conditional, short-circuit, call or lambda): written before the branch, it means what it meant.
bool plain_constant_initializer(const Expr *e) {
    if (!e)
        return true;
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) // a local's (or parameter's) context is a function
        return !ref->getDecl()->getDeclContext()->isFunctionOrMethod();
    if (const auto *b = dyn_cast<BinaryOperator>(e); b && (b->isLogicalOp() || b->isCommaOp() || b->isAssignmentOp()))
        return false;
    if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->isIncrementDecrementOp())
        return false;
    if (!isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral, CXXBoolLiteralExpr,
             CXXNullPtrLiteralExpr, ImplicitCastExpr, ParenExpr, UnaryOperator, BinaryOperator, InitListExpr,
             ImplicitValueInitExpr, CStyleCastExpr, CXXStaticCastExpr, CXXFunctionalCastExpr, ConstantExpr,
             UnaryExprOrTypeTraitExpr, CXXConstructExpr>(e))
        return false;
    for (const Stmt *child : e->children())
        if (!plain_constant_initializer(dyn_cast_or_null<Expr>(child)))
            return false;
    return true;
}

/// What in a body keeps it from being duplicated. Walks into lambdas (a static local of a lambda would be
/// duplicated with it).
class TwinScan {
  public:
    TwinScan(const ASTContext &ctx, const FunctionDecl &fn) : m_ctx(ctx), m_fn(fn) {}

    /// Why the statement `s` cannot be in two copies, or empty.
    std::string operator()(const Stmt *s) {
        walk(s);
        return m_why;
    }
    bool has_lambda() const { return m_lambda; }
    /// The static and thread_local locals of the function itself that keep a state (shared_statics decides).
    const std::vector<std::pair<const VarDecl *, const DeclStmt *>> &statics() const { return m_statics; }
    /// Whether the body has a goto, which may jump over a static's declaration (why_no_twin then refuses).
    bool has_goto() const { return m_goto; }

  private:
    void walk(const Stmt *s) {
        if (!s || !m_why.empty())
            return;
        if (const auto *ds = dyn_cast<DeclStmt>(s)) {
            for (const Decl *d : ds->decls()) {
                if (const auto *vd = dyn_cast<VarDecl>(d)) {
                    if (vd->isStaticLocal() || vd->getTLSKind() != VarDecl::TLS_None) {
                        if (immutable_constant(m_ctx, *vd))
                            continue;
                        // A jump may pass a static's declaration but not the reference that replaces it: none
                        // inside a switch, none in a body with goto.
                        if (vd->getDeclContext() == &m_fn && ds->isSingleDecl() && m_switches == 0) {
                            m_statics.push_back({vd, ds});
                            continue;
                        }
                        m_why = "it has a static or thread_local variable ('" + vd->getNameAsString() +
                                "'), of which two copies would keep two states";
                        return;
                    }
                } else if (isa<CXXRecordDecl>(d)) {
                    m_why = "it declares a local class, which would be two types";
                    return;
                }
            }
        } else if (isa<AddrLabelExpr>(s)) {
            m_why = "it takes the address of a label (computed goto)";
            return;
        } else if (isa<PredefinedExpr>(s)) {
            m_why = "it uses __func__ or __PRETTY_FUNCTION__ (assert too), which would name the copy";
            return;
        } else if (const auto *a = dyn_cast<GCCAsmStmt>(s)) {
            llvm::StringRef text = a->getAsmString() ? a->getAsmString()->getString() : llvm::StringRef();
            if (text.contains(':') || text.contains('.')) {
                m_why = "it has an asm statement that may define a label or a symbol";
                return;
            }
        } else if (isa<MSAsmStmt>(s)) {
            m_why = "it has an asm statement";
            return;
        } else if (const auto *i = dyn_cast<IfStmt>(s); i && symbolic_condition(i->getCond())) {
            m_why = "it branches on a tj::Bool (the plugin turns that into a symbolic branch)";
            return;
        } else if (const auto *w = dyn_cast<WhileStmt>(s); w && symbolic_condition(w->getCond())) {
            m_why = "it loops on a tj::Bool";
            return;
        } else if (const auto *d = dyn_cast<DoStmt>(s); d && symbolic_condition(d->getCond())) {
            m_why = "it loops on a tj::Bool";
            return;
        } else if (const auto *f = dyn_cast<ForStmt>(s); f && f->getCond() && symbolic_condition(f->getCond())) {
            m_why = "it loops on a tj::Bool";
            return;
        }
        if (const auto *l = dyn_cast<LambdaExpr>(s)) {
            m_lambda = true;
            walk(l->getBody());
        }
        m_goto |= isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s);
        m_switches += isa<SwitchStmt>(s);
        for (const Stmt *child : s->children())
            walk(child);
        m_switches -= isa<SwitchStmt>(s);
    }

    const ASTContext &m_ctx;
    const FunctionDecl &m_fn;
    std::string m_why;
    bool m_lambda = false;
    std::vector<std::pair<const VarDecl *, const DeclStmt *>> m_statics;
    unsigned m_switches = 0; ///< switch statements around the statement being walked
    bool m_goto = false;
};

/// Whether the body has preprocessor directives other than conditionals, pragmas, `#define` and `#undef`; collects
/// the names that `#define` and `#undef` name into `macros` (twin_body saves and restores them around the first
/// copy, so that the second starts from the macros the first started from).
bool has_other_directives(llvm::StringRef body, std::vector<std::string> &macros) {
    auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    while (!body.empty()) {
        auto [line, rest] = body.split('\n');
        body = rest;
        line = line.ltrim();
        if (!line.consume_front("#"))
            continue;
        line = line.ltrim();
        llvm::StringRef name = line.take_while([](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
        if (name == "define" || name == "undef") {
            llvm::StringRef macro = line.drop_front(name.size()).ltrim().take_while(is_ident);
            if (macro.empty())
                return true;
            if (std::find(macros.begin(), macros.end(), macro) == macros.end())
                macros.push_back(macro.str());
            continue;
        }
        if (name != "pragma" && name != "if" && name != "ifdef" && name != "ifndef" && name != "elif" &&
            name != "elifdef" && name != "elifndef" && name != "else" && name != "endif")
            return true;
    }
    return false;
}

/// The lambda's trailing return type for a function returning `declared` (not deduced), or empty when the type
/// cannot be spelled in the body.
std::string spelled_type(const ASTContext &ctx, QualType declared) {
    PrintingPolicy policy(ctx.getLangOpts());
    policy.SuppressUnwrittenScope = true;
    std::string text = declared->isInstantiationDependentType()
                           ? declared.getAsString(policy)
                           : TypeName::getFullyQualifiedName(declared, ctx, policy, /*WithGlobalNsPrefix=*/true);
    for (const char *bad : {"(lambda", "(unnamed", "(anonymous", "type-parameter-", "<dependent"})
        if (text.find(bad) != std::string::npos)
            return {};
    return text;
}

/// Moves the static locals that keep a state before the branch, so that both copies share them
/// (TwinShape::hoisted): why one cannot be moved, or empty. Each must be constant-initialized (its initialization
/// then happens before the program runs, wherever it is declared) and trivially destroyed, of a type spelled the
/// same at the top of the body, initialized by constants and names of non-local entities only, without attributes,
/// outside templates.
std::string shared_statics(const ASTContext &ctx, const SourceText &src, const FunctionDecl &fn,
                           const std::vector<std::pair<const VarDecl *, const DeclStmt *>> &statics,
                           TwinShape &shape) {
    unsigned k = 0;
    for (auto [vd, ds] : statics) {
        std::string why = "it has a static or thread_local variable ('" + vd->getNameAsString() +
                          "') whose state the two copies cannot share";
        QualType t = vd->getType();
        // A destructor is registered when the declaration is first reached: moved up, it could be registered
        // where the program as written never reaches the declaration.
        if (fn.isTemplated() || t->isDependentType() || t->isReferenceType() || vd->hasAttrs() ||
            !shape.macros.empty() || t.isDestructedType() != QualType::DK_none)
            return why;
        const Expr *init = vd->getInit();
        const auto *construct = dyn_cast_or_null<CXXConstructExpr>(init);
        bool implicit = construct && construct->getParenOrBraceRange().isInvalid(); // `static T x;`
        if ((init && !vd->hasConstantInitialization()) || !plain_constant_initializer(init) ||
            (init && !implicit && vd->getInitStyle() == VarDecl::CallInit))
            return why;
        std::string type = spelled_type(ctx, t);
        if (type.empty())
            return why;
        std::string init_text;
        if (init && !implicit) {
            CharSourceRange ir = src.file_range(init->getSourceRange());
            if (ir.isInvalid())
                return why;
            init_text = (vd->getInitStyle() == VarDecl::ListInit ? " " : " = ") + src.text(ir);
        }
        CharSourceRange declared = src.file_range(SourceRange(ds->getBeginLoc(), vd->getEndLoc()));
        if (declared.isInvalid())
            return why;
        std::string name = "__tj_static" + std::to_string(k++) + "_" + vd->getNameAsString();
        std::string storage = "static ";
        switch (vd->getTSCSpec()) {
        case TSCS___thread: storage += "__thread "; break;
        case TSCS_thread_local: storage += "thread_local "; break;
        case TSCS__Thread_local: storage += "_Thread_local "; break;
        case TSCS_unspecified: break;
        }
        shape.hoisted += storage + "::tj::tape::detail::Identity<" + type + ">::type " + name + init_text + "; ";
        shape.static_refs.push_back({declared, "[[maybe_unused]] auto &" + vd->getNameAsString() + " = " + name});
    }
    return {};
}

} // namespace

std::string why_no_twin(ASTContext &ctx, const SourceText &src, const FunctionDecl &fn, bool is_template,
                        TwinShape &shape) {
    const auto *body = dyn_cast_or_null<CompoundStmt>(fn.getBody());
    if (!body)
        return "its body has an unexpected form";
    if (fn.isVariadic())
        return "it is variadic (va_start needs the function itself)";
    TwinScan scan(ctx, fn);
    if (std::string why = scan(body); !why.empty())
        return why;
    CharSourceRange range = src.file_range(SourceRange(body->getLBracLoc(), body->getRBracLoc()));
    if (range.isInvalid())
        return "its body comes from a macro";
    std::string text = src.text(range);
    std::vector<std::string> macros;
    if (has_other_directives(text, macros))
        return "its body has preprocessor directives other than #if, #define, #undef and #pragma";
    if (text.find("__COUNTER__") != std::string::npos)
        return "it uses __COUNTER__, which would count twice";

    shape = TwinShape{};
    shape.template_signature = is_template;
    shape.is_main = fn.isMain();
    shape.macros = std::move(macros);
    if (!scan.statics().empty() && scan.has_goto())
        return "it has a static or thread_local variable ('" + scan.statics().front().first->getNameAsString() +
               "') and a goto, which may jump over the reference that would replace its declaration";
    if (std::string why = shared_statics(ctx, src, fn, scan.statics(), shape); !why.empty())
        return why;
    for (const ParmVarDecl *p : fn.parameters())
        if (passed_by_value(ctx, *p))
            shape.passed.push_back(p->getNameAsString());
    QualType declared = fn.getDeclaredReturnType();
    if (isa<CXXConstructorDecl>(fn) || isa<CXXDestructorDecl>(fn) || (!declared.isNull() && declared->isVoidType())) {
        shape.returns_void = true;
        shape.lambda_return = " -> void";
        return {};
    }
    if (declared.isNull())
        return "its return type is unknown";
    if (declared->getContainedDeducedType()) {
        const auto *placeholder = dyn_cast<AutoType>(declared.getTypePtr());
        if (!placeholder || declared.hasLocalQualifiers())
            return "its return type is deduced from a placeholder other than auto or decltype(auto)";
        if (scan.has_lambda()) // a lambda's type would differ between the copies, and with it the deduced type
            return "its return type is deduced and it has a lambda";
        shape.lambda_return = placeholder->isDecltypeAuto() ? " -> decltype(auto)" : "";
        return {};
    }
    std::string spelled = spelled_type(ctx, declared);
    if (spelled.empty())
        return "its return type cannot be spelled in its body";
    shape.lambda_return = " -> " + spelled;
    return {};
}

std::string twin_body(const SourceText &src, const FunctionDecl &fn, const TwinShape &shape, const std::string &plain,
                      const std::string &instrumented) {
    const auto *body = cast<CompoundStmt>(fn.getBody());
    if (plain.size() < 2 || plain.front() != '{' || plain.back() != '}' || instrumented.size() < 2 ||
        instrumented.front() != '{' || instrumented.back() != '}')
        return {};
    auto [line, column] = src.presumed(body->getLBracLoc());
    (void)column;
    std::string lambda = "[&";
    if (shape.template_signature)
        lambda += std::string(", ") + twin_signature_name + " = __PRETTY_FUNCTION__";
    std::string params, args;
    for (const std::string &name : shape.passed) {
        params += (params.empty() ? "" : ", ") + std::string("[[maybe_unused]] decltype(") + name + ") " + name;
        args += (args.empty() ? "" : ", ") + name;
    }
    lambda += "](" + params + ") __attribute__((noinline, cold, minsize))" + shape.lambda_return + " ";
    // Falling off the end of main returns 0; falling off the end of the copy, a lambda, would not.
    lambda += shape.is_main ? "{" + instrumented + " return 0;}" : instrumented;
    lambda += "(" + args + ")";
    // The macros the body defines or undefines are as before the body again when the copy is read (on the lines
    // of the body as written, so _Pragma: a directive would need lines of its own).
    std::string push, pop;
    for (const std::string &m : shape.macros) {
        push += "_Pragma(\"push_macro(\\\"" + m + "\\\")\") ";
        pop += " _Pragma(\"pop_macro(\\\"" + m + "\\\")\")";
    }
    std::string out = "{" + push + shape.hoisted + "if (!::tj::tape::detail::recording()) [[likely]] " + plain + pop +
                      " else {";
    out += shape.returns_void ? "" : "return ";
    out += "\n#line " + std::to_string(line) + " " + cxx_string_literal(src.presumed_file(body->getLBracLoc())) +
           "\n";
    // A template's warnings come from the real compile (user_warnings.h), which sees the body twice: the copy as
    // written gives them at the user's columns, so the recording copy's are silenced (each warning is shown once).
    const bool silence = fn.isTemplated();
    if (silence)
        out += R"(_Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Weverything\"") )";
    out += lambda + ";";
    if (silence)
        out += R"( _Pragma("clang diagnostic pop"))";
    out += "}}";
    return out;
}

} // namespace tracejit::plugin
