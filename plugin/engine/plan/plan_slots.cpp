// plugin/engine/plan/plan_slots.cpp — a body's slots and the operands (reads, literals, writes) of a site
#include "engine/plan/plan_slots.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ExprConcepts.h>
#include <clang/AST/StmtCXX.h>

#include <llvm/Support/ConvertUTF.h>

#include <cctype>

namespace tracejit::plugin {

using namespace clang;

SlotTable::SlotTable(const FunctionDecl &fn, const Stmt *body) {
    for (const ParmVarDecl *p : fn.parameters()) {
        if (!p || p->getName().empty() || p->isParameterPack())
            continue;
        add(p);
        m_param_names.push_back(p->getName().str());
    }
    collect(body);
}

int SlotTable::slot_of(const ValueDecl *decl) const {
    if (!decl)
        return -1;
    auto it = m_slots.find(decl);
    return it == m_slots.end() ? -1 : static_cast<int>(it->second);
}

void SlotTable::add(const ValueDecl *decl) {
    if (m_slots.count(decl))
        return;
    m_slots.emplace(decl, static_cast<uint32_t>(m_names.size()));
    m_names.push_back(decl->getName().str());
}

void SlotTable::collect_decl(const Decl *decl) {
    if (const auto *dd = dyn_cast_or_null<DecompositionDecl>(decl)) {
        for (const BindingDecl *b : dd->bindings())
            if (b && !b->getName().empty())
                add(b);
        return;
    }
    const auto *vd = dyn_cast_or_null<VarDecl>(decl);
    if (!vd || isa<ParmVarDecl>(vd) || vd->isImplicit() || vd->hasExternalStorage() || vd->getName().empty())
        return;
    add(vd);
}

void SlotTable::collect(const Stmt *stmt) {
    if (!stmt || isa<LambdaExpr>(stmt) || isa<BlockExpr>(stmt))
        return;
    if (const auto *ds = dyn_cast<DeclStmt>(stmt))
        for (const Decl *d : ds->decls())
            collect_decl(d);
    if (const auto *c = dyn_cast<CXXCatchStmt>(stmt))
        collect_decl(c->getExceptionDecl());
    for (const Stmt *child : stmt->children())
        collect(child);
}

namespace {

/// True when the text spelled for a literal node really is a literal (not an operator the AST made up a literal
/// for, such as the dummy argument of an overloaded postfix `++`).
bool looks_like_literal(const Expr *e, const std::string &text) {
    if (text.empty())
        return false;
    unsigned char c = static_cast<unsigned char>(text[0]);
    if (isa<IntegerLiteral>(e) || isa<FloatingLiteral>(e))
        return std::isdigit(c) || c == '.';
    if (isa<CXXBoolLiteralExpr>(e))
        return text == "true" || text == "false";
    if (isa<CXXNullPtrLiteralExpr>(e))
        return text == "nullptr";
    return true; // character and string literals: quotes, possibly with an encoding prefix
}

std::string literal_text(const Expr *e, const SourceText &src) {
    SourceLocation b = e->getBeginLoc(), end = e->getEndLoc();
    if (b.isMacroID()) {
        // A literal written in a macro's definition is not part of what the user wrote at this site.
        if (src.sm().isMacroBodyExpansion(b))
            return {};
        b = src.sm().getSpellingLoc(b);
        end = src.sm().getSpellingLoc(end);
    }
    CharSourceRange r = src.file_range(SourceRange(b, end));
    return src.text(r);
}

/// The characters of a string literal as UTF-8: as stored for narrow literals, code units converted for wide ones
/// (an unpaired surrogate or an invalid code point becomes U+FFFD).
std::string string_chars(const StringLiteral &s) {
    if (s.getCharByteWidth() == 1)
        return s.getString().str();
    std::string out;
    const unsigned n = s.getLength();
    for (unsigned i = 0; i < n; ++i) {
        uint32_t cp = s.getCodeUnit(i);
        if (s.getCharByteWidth() == 2 && cp >= 0xD800 && cp < 0xDC00 && i + 1 < n) {
            uint32_t low = s.getCodeUnit(i + 1);
            if (low >= 0xDC00 && low < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                ++i;
            }
        }
        char buf[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
        char *end = buf;
        if (!llvm::ConvertCodePointToUTF8(cp, end)) {
            end = buf;
            llvm::ConvertCodePointToUTF8(0xFFFD, end);
        }
        out.append(buf, end);
    }
    return out;
}

/// The value of a literal as the compiler computed it: integers and characters in their type's signedness, floating
/// literals converted to double (a float literal's own value, widened), strings as their characters.
void set_literal_value(const Expr &e, PlannedLiteral &out) {
    if (const auto *i = dyn_cast<IntegerLiteral>(&e)) {
        out.kind = e.getType()->isUnsignedIntegerType() ? LiteralKind::Unsigned : LiteralKind::Signed;
        out.bits = i->getValue().getLimitedValue();
    } else if (const auto *f = dyn_cast<FloatingLiteral>(&e)) {
        llvm::APFloat v = f->getValue();
        bool loses_info = false;
        v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &loses_info);
        out.kind = LiteralKind::Float;
        out.bits = v.bitcastToAPInt().getZExtValue();
    } else if (const auto *c = dyn_cast<CharacterLiteral>(&e)) {
        // getValue() holds the value in 32 bits, a plain char's already sign-extended where char is signed. A plain
        // char is Signed whatever its signedness: the tape shows a Signed `char` as a character.
        bool is_signed = e.getType()->isSignedIntegerType();
        bool plain_char = e.getType()->isSpecificBuiltinType(BuiltinType::Char_S) ||
                          e.getType()->isSpecificBuiltinType(BuiltinType::Char_U);
        out.kind = is_signed || plain_char ? LiteralKind::Signed : LiteralKind::Unsigned;
        out.bits = is_signed ? static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(c->getValue())))
                             : static_cast<uint64_t>(c->getValue());
    } else if (const auto *b = dyn_cast<CXXBoolLiteralExpr>(&e)) {
        out.kind = LiteralKind::Bool;
        out.bits = b->getValue();
    } else if (isa<CXXNullPtrLiteralExpr>(&e)) {
        out.kind = LiteralKind::Pointer;
        out.bits = 0;
    } else if (const auto *s = dyn_cast<StringLiteral>(&e)) {
        out.kind = LiteralKind::String;
        out.chars = string_chars(*s);
    }
}

void scan(const Stmt *s, const SlotTable &slots, const SourceText &src, OperandScan &out, const Expr *written,
          bool constant) {
    if (!s)
        return;
    if (const auto *lambda = dyn_cast<LambdaExpr>(s)) {
        // Only what an explicit capture evaluates where the lambda is made; the body runs elsewhere.
        auto init = lambda->capture_init_begin();
        for (const LambdaCapture &c : lambda->captures()) {
            if (c.isExplicit() && init != lambda->capture_init_end() && *init)
                scan(*init, slots, src, out, written, constant);
            if (init != lambda->capture_init_end())
                ++init;
        }
        return;
    }
    if (isa<UnaryExprOrTypeTraitExpr>(s) || isa<CXXNoexceptExpr>(s) || isa<RequiresExpr>(s) ||
        isa<ConceptSpecializationExpr>(s) || isa<CXXDefaultArgExpr>(s) || isa<CXXDefaultInitExpr>(s) ||
        isa<PredefinedExpr>(s) || isa<StmtExpr>(s) || isa<BlockExpr>(s) || isa<TypoExpr>(s))
        return;
    if (const auto *t = dyn_cast<CXXTypeidExpr>(s))
        if (!t->isPotentiallyEvaluated())
            return;
    if (const auto *ref = dyn_cast<DeclRefExpr>(s)) {
        int slot = slots.slot_of(ref->getDecl());
        if (slot >= 0 && s != written)
            out.reads.push_back({out.next_position++, static_cast<uint32_t>(slot)});
        return;
    }
    if (isa<IntegerLiteral>(s) || isa<FloatingLiteral>(s) || isa<CharacterLiteral>(s) || isa<StringLiteral>(s) ||
        isa<CXXBoolLiteralExpr>(s) || isa<CXXNullPtrLiteralExpr>(s)) {
        const auto *e = cast<Expr>(s);
        std::string text = literal_text(e, src);
        if (!looks_like_literal(e, text))
            return;
        PrintingPolicy policy(src.lang());
        policy.SuppressTagKeyword = true;
        PlannedLiteral literal;
        literal.position = out.next_position++;
        literal.text = text;
        literal.type = e->getType().getAsString(policy);
        set_literal_value(*e, literal);
        out.literals.push_back(std::move(literal));
        return;
    }
    if (isa<ConstantExpr>(s))
        constant = true;
    if (const auto *c = dyn_cast<ConditionalOperator>(s))
        if (!constant)
            out.conditionals.push_back(c);
    for (const Stmt *child : s->children())
        scan(child, slots, src, out, written, constant);
}

} // namespace

void scan_operands(const Stmt *stmt, const SlotTable &slots, const SourceText &src, OperandScan &out,
                   const Expr *written, bool constant) {
    scan(stmt, slots, src, out, written, constant);
}

const Expr *assignment_target(const Expr *expr, bool *plain) {
    if (!expr)
        return nullptr;
    expr = expr->IgnoreImplicit()->IgnoreParens();
    *plain = false;
    if (const auto *b = dyn_cast<BinaryOperator>(expr)) {
        if (!b->isAssignmentOp())
            return nullptr;
        *plain = b->getOpcode() == BO_Assign;
        return b->getLHS();
    }
    if (const auto *u = dyn_cast<UnaryOperator>(expr))
        return u->isIncrementDecrementOp() ? u->getSubExpr() : nullptr;
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(expr)) {
        switch (op->getOperator()) {
        case OO_Equal: *plain = true; [[fallthrough]];
        case OO_PlusEqual:
        case OO_MinusEqual:
        case OO_StarEqual:
        case OO_SlashEqual:
        case OO_PercentEqual:
        case OO_CaretEqual:
        case OO_AmpEqual:
        case OO_PipeEqual:
        case OO_LessLessEqual:
        case OO_GreaterGreaterEqual:
        case OO_PlusPlus:
        case OO_MinusMinus: return op->getNumArgs() > 0 ? op->getArg(0) : nullptr;
        default: return nullptr;
        }
    }
    return nullptr;
}

const Expr *root_reference(const Expr *target) {
    const Expr *e = target;
    while (e) {
        e = e->IgnoreParenImpCasts();
        if (isa<DeclRefExpr>(e))
            return e;
        if (const auto *m = dyn_cast<MemberExpr>(e)) {
            e = m->getBase();
        } else if (const auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
            e = a->getBase();
        } else if (const auto *u = dyn_cast<UnaryOperator>(e)) {
            if (u->getOpcode() != UO_Deref)
                return nullptr;
            e = u->getSubExpr();
        } else if (const auto *d = dyn_cast<CXXDependentScopeMemberExpr>(e)) {
            if (d->isImplicitAccess())
                return nullptr;
            e = d->getBase();
        } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
            if ((op->getOperator() != OO_Subscript && op->getOperator() != OO_Star && op->getOperator() != OO_Arrow) ||
                op->getNumArgs() == 0)
                return nullptr;
            e = op->getArg(0);
        } else {
            return nullptr;
        }
    }
    return nullptr;
}

const Expr *whole_variable(const Expr *target) {
    if (!target)
        return nullptr;
    const Expr *e = target->IgnoreParenImpCasts();
    return isa<DeclRefExpr>(e) ? e : nullptr;
}

bool is_simple_lvalue(const Expr *target) {
    const Expr *e = target ? target->IgnoreParens() : nullptr;
    while (e) {
        if (isa<DeclRefExpr>(e) || isa<CXXThisExpr>(e))
            return true;
        if (const auto *m = dyn_cast<MemberExpr>(e)) {
            if (m->isImplicitAccess())
                return true;
            e = m->getBase()->IgnoreParenImpCasts();
        } else if (const auto *d = dyn_cast<CXXDependentScopeMemberExpr>(e)) {
            if (d->isImplicitAccess())
                return true;
            e = d->getBase()->IgnoreParenImpCasts();
        } else {
            return false;
        }
    }
    return false;
}

} // namespace tracejit::plugin
