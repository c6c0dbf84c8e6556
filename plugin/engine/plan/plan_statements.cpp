// plugin/engine/plan/plan_statements.cpp — plans one marked function's recording: dispatch, the simple statements
//
// Read `plan_function` (at the end) first, then `Planner::statement`, which dispatches on the statement's kind;
// each handler adds the sites its statement records and the insertions that record them (the rewrite contract of
// each kind is in the comment above its handler). Control statements are in plan_control.cpp. The rest stays in
// one file because every handler is a method of the one Planner (plan_body.h) and they call each other.
#include "engine/plan/plan_statements.h"

#include "engine/plan/base_pointer.h"
#include "engine/plan/setjmp_calls.h"
#include "engine/plan/call_writes.h"
#include "engine/plan/emit_tables.h"
#include "engine/plan/plan_body.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/QualTypeNames.h>

#include <algorithm>

namespace tracejit::plugin {

using namespace clang;

namespace body {

std::string trim(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
        s.pop_back();
    size_t b = 0;
    while (b < s.size() && (s[b] == ' ' || s[b] == '\t' || s[b] == '\n' || s[b] == '\r'))
        ++b;
    return s.substr(b);
}

std::string strip_semicolon(std::string s) {
    s = trim(std::move(s));
    if (!s.empty() && s.back() == ';')
        s.pop_back();
    return trim(std::move(s));
}

bool movable(const CXXRecordDecl *rd) {
    if (!rd || !rd->hasDefinition())
        return true;
    rd = rd->getDefinition();
    if (rd->needsImplicitMoveConstructor() && !rd->defaultedMoveConstructorIsDeleted())
        return true;
    if (rd->needsImplicitCopyConstructor() && !rd->defaultedCopyConstructorIsDeleted())
        return true;
    for (const CXXConstructorDecl *c : rd->ctors())
        if ((c->isMoveConstructor() || c->isCopyConstructor()) && !c->isDeleted() && c->getAccess() != AS_private &&
            c->getAccess() != AS_protected)
            return true;
    return false;
}

// A class declared in tracejit's namespace `tj` (or one inside it): its copies and moves change reference counts
// and handles, which the program cannot see.
static bool in_tracejit(const Decl *d) {
    const NamespaceDecl *outermost = nullptr;
    for (const DeclContext *dc = d->getDeclContext(); dc && !dc->isTranslationUnit(); dc = dc->getParent())
        if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
            outermost = ns;
    return outermost && outermost->getName() == "tj";
}

bool moves_unseen(const CXXRecordDecl *rd, const SourceManager &sm) {
    if (!rd || !rd->hasDefinition())
        return true;
    rd = rd->getDefinition();
    // The standard library's and tracejit's moves print nothing; a dependent or invalid class is decided at
    // instantiation.
    if (sm.isInSystemHeader(rd->getLocation()) || in_tracejit(rd) || rd->isDependentContext() || rd->isInvalidDecl())
        return true;
    if (rd->hasTrivialMoveConstructor() && rd->hasTrivialCopyConstructor())
        return true;
    // The constructor an xvalue selects: a declared move constructor, else the implicit one, else the copy.
    const CXXConstructorDecl *chosen = nullptr;
    for (const CXXConstructorDecl *c : rd->ctors())
        if (c->isMoveConstructor() && !c->isDeleted())
            chosen = c;
    if (!chosen && !rd->needsImplicitMoveConstructor())
        for (const CXXConstructorDecl *c : rd->ctors())
            if (c->isCopyConstructor() && !c->isDeleted())
                chosen = c;
    if (chosen && chosen->isUserProvided())
        return false;
    // Implicit or defaulted: it moves each base and member in turn.
    for (const CXXBaseSpecifier &b : rd->bases())
        if (!moves_unseen(b.getType()->getAsCXXRecordDecl(), sm))
            return false;
    for (const FieldDecl *f : rd->fields()) {
        QualType t = f->getType();
        if (t->isReferenceType())
            continue;
        if (const auto *inner = t->getBaseElementTypeUnsafe()->getAsCXXRecordDecl(); inner && inner != rd)
            if (!moves_unseen(inner, sm))
                return false;
    }
    return true;
}

bool capturable(QualType t) {
    if (t.isNull())
        return false;
    t = t.getNonReferenceType();
    if (t->isArrayType() || t->isFunctionType()) // also `T a[n]`, `const T a[]` in a template
        return false;
    if (t->isDependentType())
        return true;
    return !t->isIncompleteType() && !t->isVoidType();
}

bool may_leave(const Stmt *s) {
    if (!s || isa<LambdaExpr>(s) || isa<BlockExpr>(s))
        return false;
    if (isa<ReturnStmt>(s) || isa<BreakStmt>(s) || isa<ContinueStmt>(s) || isa<GotoStmt>(s) ||
        isa<IndirectGotoStmt>(s) || isa<CXXThrowExpr>(s))
        return true;
    for (const Stmt *child : s->children())
        if (may_leave(child))
            return true;
    return false;
}

bool unbindable(const Expr *e) {
    const Expr *inner = e->IgnoreParenImpCasts();
    return inner->refersToBitField() || inner->refersToVectorElement() || inner->refersToMatrixElement();
}

bool may_be_void(const Expr *e) {
    if (!e)
        return false;
    e = e->IgnoreParens();
    if (!e->isTypeDependent())
        return e->getType().isNull() || e->getType()->isVoidType();
    if (const auto *b = dyn_cast<BinaryOperator>(e))
        return b->getOpcode() == BO_Comma;
    return isa<CallExpr>(e) || isa<CXXUnresolvedConstructExpr>(e) || isa<ExplicitCastExpr>(e) ||
           isa<ConditionalOperator>(e) || isa<CXXFoldExpr>(e);
}

uint32_t Planner::new_site(SiteKind kind, SourceLocation at, unsigned nesting, std::string text) {
    PlannedSite site;
    site.kind = kind;
    auto [line, column] = m_src.presumed(at);
    site.line = line;
    site.column = column;
    site.nesting = nesting;
    site.text = std::move(text);
    m_plan.sites.push_back(std::move(site));
    return static_cast<uint32_t>(m_plan.sites.size() - 1);
}

void Planner::set_operands(uint32_t site, const OperandScan &scan) {
    m_plan.sites[site].reads = scan.reads;
    m_plan.sites[site].literals = scan.literals;
}

void Planner::add_write(uint32_t site, const ValueDecl *decl) {
    int slot = m_slots.slot_of(decl);
    if (slot < 0)
        return;
    auto &w = m_plan.sites[site].writes;
    if (std::find(w.begin(), w.end(), static_cast<uint32_t>(slot)) == w.end())
        w.push_back(static_cast<uint32_t>(slot));
}

void Planner::add_writes_within(uint32_t site, const Stmt *s, bool whole) {
    if (!s || isa<LambdaExpr>(s) || isa<BlockExpr>(s))
        return;
    if (const auto *e = dyn_cast<Expr>(s)) {
        bool plain = false;
        if (const Expr *t = assignment_target(e, &plain))
            add_write_of(site, t);
        // A call writes what it is given by reference or pointer (docs/tape.md, "Writes through references and
        // pointers"); `whole`: the call is the statement's own expression, its result dropped.
        const Expr *inner = e->IgnoreImplicit()->IgnoreParens();
        for (const DeclRefExpr *ref : call_writes(inner, whole))
            add_write(site, ref->getDecl());
        if (whole && inner != e) // the call itself, under its implicit wrappers, is the whole statement too
            return add_writes_within(site, inner, true);
    }
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
        for (const Decl *decl : ds->decls()) {
            if (const auto *dd = dyn_cast<DecompositionDecl>(decl))
                for (const BindingDecl *b : dd->bindings())
                    add_write(site, b);
            else if (const auto *vd = dyn_cast<VarDecl>(decl))
                add_write(site, vd);
        }
    }
    for (const Stmt *child : s->children())
        add_writes_within(site, child);
}

ValueForm Planner::expression_operands(uint32_t site, const Expr *e, unsigned n, unsigned d, const Expr **target) {
    bool plain = false;
    *target = nullptr;
    ValueForm form = value_form(e, target, &plain);
    add_writes_within(site, e, true);
    OperandScan scan;
    scan_operands(e, m_slots, m_src, scan, plain ? whole_variable(*target) : nullptr);
    set_operands(site, scan);
    conditionals(scan, n, d);
    return form;
}

void Planner::condition_operands(uint32_t site, const Expr *cond) {
    OperandScan scan;
    scan_operands(cond, m_slots, m_src, scan, nullptr, true);
    set_operands(site, scan);
    add_writes_within(site, cond);
}

void Planner::add_write_of(uint32_t site, const Expr *target) {
    if (const auto *ref = dyn_cast_or_null<DeclRefExpr>(root_reference(target)))
        add_write(site, ref->getDecl());
}

SourceLocation Planner::end_of(const Stmt *s) const {
    if (!s)
        return {};
    if (const auto *c = dyn_cast<CompoundStmt>(s))
        return m_src.file_range(SourceRange(c->getRBracLoc(), c->getRBracLoc())).getEnd();
    if (!s->getBeginLoc().isMacroID()) {
        if (const auto *i = dyn_cast<IfStmt>(s))
            return end_of(i->getElse() ? i->getElse() : i->getThen());
        if (const auto *w = dyn_cast<WhileStmt>(s))
            return end_of(w->getBody());
        if (const auto *f = dyn_cast<ForStmt>(s))
            return end_of(f->getBody());
        if (const auto *f = dyn_cast<CXXForRangeStmt>(s))
            return end_of(f->getBody());
        if (const auto *sw = dyn_cast<SwitchStmt>(s))
            return end_of(sw->getBody());
        if (const auto *l = dyn_cast<LabelStmt>(s))
            return end_of(l->getSubStmt());
        if (const auto *c = dyn_cast<SwitchCase>(s))
            return end_of(c->getSubStmt());
        if (const auto *a = dyn_cast<AttributedStmt>(s))
            return end_of(a->getSubStmt());
        if (const auto *t = dyn_cast<CXXTryStmt>(s))
            return t->getNumHandlers() ? end_of(t->getHandler(t->getNumHandlers() - 1)->getHandlerBlock())
                                       : end_of(t->getTryBlock());
    }
    CharSourceRange r = m_src.statement_range(s->getSourceRange());
    if (r.isInvalid())
        return {};
    if (isa<DeclStmt>(s) || isa<NullStmt>(s))
        return r.getEnd();
    SourceLocation semi = m_src.after_semi(r.getEnd());
    return semi.isValid() ? semi : r.getEnd();
}

CharSourceRange Planner::keyword_paren(SourceLocation keyword) const {
    if (keyword.isInvalid() || keyword.isMacroID())
        return {};
    auto kw = m_src.next_token(keyword);
    if (!kw)
        return {};
    auto paren = m_src.next_token(kw->getEndLoc());
    if (!paren || paren->isNot(tok::l_paren))
        return {};
    return CharSourceRange::getCharRange(keyword, paren->getEndLoc());
}

SourceLocation Planner::opening(SourceLocation start, bool *pragma) const {
    SourceLocation pragmas = m_src.pragmas_before(start);
    if (auto first = m_src.next_token(start); // a statement with attributes from pragmas starts at the first
        first && (first->is(tok::hash) || (first->is(tok::raw_identifier) && first->getRawIdentifier() == "_Pragma")))
        pragmas = start;
    if (pragma)
        *pragma = pragmas.isValid();
    return pragmas.isValid() ? m_src.after_previous_token(pragmas) : start;
}

void Planner::children_of(const CompoundStmt *c, unsigned n, unsigned d) {
    std::vector<const Stmt *> children(c->body_begin(), c->body_end());
    for (size_t i = 0; i < children.size();) {
        if (size_t used = macro_use(children, i, n, d)) {
            i += used;
            continue;
        }
        statement(children[i++], n, d);
    }
}

// The statements of one use of a macro that expands to several statements, or to part of one (`t = a; a = b; b = t`),
// from `stmts[i]` on: no statement_range covers one of them, so they are recorded together as the macro's use, one
// Statement site named by its text, after it (before it when one of them may leave). The use is a whole statement
// of a block, so nothing needs braces. Returns how many statements it records; 0 when stmts[i] is not such a one.
size_t Planner::macro_use(const std::vector<const Stmt *> &stmts, size_t i, unsigned n, unsigned d) {
    const Stmt *first = stmts[i];
    if (!first->getBeginLoc().isMacroID() || isa<NullStmt>(first) || isa<OMPExecutableDirective>(first) ||
        (m_src.statement_range(first->getSourceRange()).isValid() && end_of(first).isValid()))
        return 0;
    SourceLocation use = m_sm.getExpansionRange(first->getBeginLoc()).getBegin();
    auto in_use = [&](SourceLocation loc) { return loc.isMacroID() && m_sm.getExpansionRange(loc).getBegin() == use; };
    // The use's first statement must be the group's: a statement before it in the use (`case n:` of a macro) would
    // take the use's start, where the hook before it goes, into its own.
    if (i > 0 && (in_use(stmts[i - 1]->getBeginLoc()) || in_use(stmts[i - 1]->getEndLoc())))
        return 0;
    size_t end = i;
    while (end < stmts.size() && in_use(stmts[end]->getBeginLoc()))
        ++end;
    for (size_t k = i; k < end; ++k) // each ends inside the use (a statement may not run on past it)
        if (!in_use(stmts[k]->getEndLoc()) || isa<SwitchCase>(stmts[k]) || isa<LabelStmt>(stmts[k]))
            return 0;
    CharSourceRange r =
        m_src.file_range(SourceRange(use, m_sm.getExpansionRange(stmts[end - 1]->getEndLoc()).getEnd()));
    if (r.isInvalid())
        return 0;
    SourceLocation after = m_src.after_semi(r.getEnd());
    if (after.isInvalid())
        after = r.getEnd();
    bool leaves = false;
    for (size_t k = i; k < end; ++k)
        leaves |= may_leave(stmts[k]);
    SourceLocation open = leaves ? opening(r.getBegin()) : SourceLocation();
    if (leaves && open.isInvalid())
        return 0;
    uint32_t site = new_site(SiteKind::Statement, r.getBegin(), n, m_src.text(r));
    OperandScan scan;
    for (size_t k = i; k < end; ++k) {
        add_writes_within(site, stmts[k], isa<Expr>(stmts[k]));
        scan_operands(stmts[k], m_slots, m_src, scan, nullptr, true);
    }
    set_operands(site, scan);
    if (leaves)
        m_edits.insert(open, Phase::Open, d, "__tjf.stmt(" + sid(site) + "); ");
    else
        m_edits.insert(after, Phase::Close, d, " __tjf.stmt(" + sid(site) + ");");
    return end - i;
}

// A body of a control statement: braced when it is not a block; its statements at nesting `n_inside`.
void Planner::block(const Stmt *body, unsigned n_inside, unsigned d) {
    if (!body)
        return;
    if (const auto *c = dyn_cast<CompoundStmt>(body)) {
        children_of(c, n_inside, d + 1);
        return;
    }
    if (const auto *a = dyn_cast<AttributedStmt>(body)) // `[[likely]] { … }`: already a block
        if (const auto *c = dyn_cast_or_null<CompoundStmt>(a->getSubStmt())) {
            children_of(c, n_inside, d + 1);
            return;
        }
    CharSourceRange r = m_src.statement_range(body->getSourceRange());
    SourceLocation end = end_of(body);
    SourceLocation open = r.isValid() ? opening(r.getBegin()) : SourceLocation();
    if (open.isInvalid() || end.isInvalid()) {
        unrecorded(body->getBeginLoc(), "tracejit: this statement cannot be instrumented; it is not recorded");
        return;
    }
    m_edits.insert(open, Phase::Open, d, "{");
    m_edits.insert(end, Phase::Close, d, "}");
    statement(body, n_inside, d + 1);
}

void Planner::conditionals(const OperandScan &scan, unsigned n, unsigned d) {
    for (const ConditionalOperator *c : scan.conditionals) {
        const Expr *cond = c->getCond();
        if (!cond || c->getBeginLoc().isMacroID() || c->getEndLoc().isMacroID() || cond->getBeginLoc().isMacroID() ||
            cond->getEndLoc().isMacroID())
            continue;
        CharSourceRange whole = m_src.file_range(c->getSourceRange());
        CharSourceRange cr = m_src.file_range(cond->getSourceRange());
        if (whole.isInvalid() || cr.isInvalid())
            continue;
        uint32_t site = new_site(SiteKind::Branch, whole.getBegin(), n, m_src.text(whole));
        OperandScan cs;
        scan_operands(cond, m_slots, m_src, cs, nullptr, true);
        set_operands(site, cs);
        unsigned depth = d + 1 + static_cast<unsigned>(&c - scan.conditionals.data());
        m_edits.insert(cr.getBegin(), Phase::Open, depth, "__tjf.cond(" + sid(site) + ", static_cast<bool>(");
        m_edits.insert(cr.getEnd(), Phase::Close, depth, "))");
    }
}

std::string Planner::target_text(const Expr *target) const {
    if (!target)
        return {};
    return m_src.text(m_src.file_range(target->getSourceRange()));
}

std::string Planner::copy_cast(const Expr *target) const {
    return "static_cast<::tj::tape::detail::Plain<decltype((" + target_text(target) + "))>>";
}

ValueForm Planner::value_form(const Expr *e, const Expr **target, bool *plain) const {
    *target = assignment_target(e, plain);
    if (*target && is_simple_lvalue(*target) && !target_text(*target).empty() &&
        ((*target)->isTypeDependent() || capturable((*target)->getType())))
        return ValueForm::Target;
    // An assignment to a bit-field or a vector or matrix element (in a template too, where its right side makes it
    // dependent, or the element's type is a template parameter: a matrix subscript is known as one there): the
    // element cannot bind to the Void form's forwarding reference, and clang-19 binds the const reference of the
    // Value form to the wrong element of a vector; a copy of the result is what is recorded.
    if (*target && unbindable(*target) && !target_text(*target).empty() &&
        (e->isTypeDependent() || !e->getType()->isVoidType()))
        return ValueForm::Copy;
    if (e->isTypeDependent())
        return ValueForm::Dependent; // valid whatever the instantiation's type, void included
    QualType t = e->getType();
    if (t.isNull() || t->isVoidType() || t->isPlaceholderType() || !t->isObjectType() || !capturable(t))
        return ValueForm::Void;
    return ValueForm::Value;
}

void Planner::statement(const Stmt *s, unsigned n, unsigned d) {
    if (!s)
        return;
    // A pragma's statement may begin at the pragma, in a _Pragma's scratch buffer: what it holds is the user's.
    if (const auto *a = dyn_cast<AttributedStmt>(s);
        a && a->getSubStmt() && !a->getSubStmt()->getBeginLoc().isMacroID())
        return statement(a->getSubStmt(), n, d + 1);
    if (const auto *omp = dyn_cast<OMPExecutableDirective>(s))
        return omp_directive(omp, n, d);
    if (s->getBeginLoc().isMacroID()) {
        macro_statement(s, n, d);
        return;
    }
    if (const auto *c = dyn_cast<CompoundStmt>(s))
        return children_of(c, n + 1, d + 1);
    if (isa<NullStmt>(s))
        return;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
        return declaration(ds, n, d);
    if (const auto *r = dyn_cast<ReturnStmt>(s))
        return return_statement(r, n, d);
    if (isa<BreakStmt>(s) || isa<ContinueStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s))
        return jump(s, n, d);
    if (const auto *i = dyn_cast<IfStmt>(s))
        return if_statement(i, n, d);
    if (const auto *sw = dyn_cast<SwitchStmt>(s))
        return switch_statement(sw, n, d);
    if (const auto *c = dyn_cast<SwitchCase>(s))
        return statement(c->getSubStmt(), n, d + 1);
    if (const auto *l = dyn_cast<LabelStmt>(s))
        return statement(l->getSubStmt(), n, d + 1);
    if (const auto *a = dyn_cast<AttributedStmt>(s))
        return statement(a->getSubStmt(), n, d + 1);
    if (const auto *w = dyn_cast<WhileStmt>(s))
        return while_statement(w, n, d);
    if (const auto *dw = dyn_cast<DoStmt>(s))
        return do_statement(dw, n, d);
    if (const auto *f = dyn_cast<ForStmt>(s))
        return for_statement(f, n, d);
    if (const auto *f = dyn_cast<CXXForRangeStmt>(s))
        return range_for(f, n, d);
    if (const auto *t = dyn_cast<CXXTryStmt>(s))
        return try_statement(t, n, d);
    if (const auto *e = dyn_cast<Expr>(s))
        return expression(e, n, d);
    if (isa<CoreturnStmt>(s) || isa<CoroutineBodyStmt>(s)) {
        warn(s->getBeginLoc(), "tracejit: coroutine statements are not recorded", WarningGroup::Unrecorded);
        return;
    }
    plain_statement(s, n, d); // asm and other statements: recorded without a value
}

// A statement whose first token comes from a macro: recorded as the macro's use, without a value, after it (or
// before it when it may leave: return, break, continue, goto, throw inside).
void Planner::macro_statement(const Stmt *s, unsigned n, unsigned d) {
    CharSourceRange r = m_src.statement_range(s->getSourceRange());
    SourceLocation end = end_of(s);
    if (r.isInvalid() || end.isInvalid()) {
        warn(s->getBeginLoc(),
             "tracejit: this statement comes from a macro in a way that cannot be instrumented; it is not recorded "
             "(the use of a macro that expands to whole statements of a block is recorded as one)",
             WarningGroup::Macro);
        return;
    }
    if (isa<NullStmt>(s))
        return;
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
        bool any = false;
        for (const Decl *decl : ds->decls())
            any |= isa<VarDecl>(decl) && !cast<VarDecl>(decl)->hasExternalStorage();
        if (!any)
            return;
    }
    bool is_return = isa<ReturnStmt>(s);
    uint32_t site =
        new_site(is_return ? SiteKind::Return : SiteKind::Statement, r.getBegin(), n, strip_semicolon(m_src.text(r)));
    OperandScan scan;
    const Expr *written = nullptr;
    if (const auto *e = dyn_cast<Expr>(s)) {
        bool plain = false;
        if (const Expr *t = assignment_target(e, &plain); t && plain)
            written = whole_variable(t);
    }
    add_writes_within(site, s, isa<Expr>(s));
    scan_operands(s, m_slots, m_src, scan, written, true);
    set_operands(site, scan);
    if (is_return) {
        m_edits.insert(r.getBegin(), Phase::Open, d, "{__tjf.ret(" + sid(site) + "); ");
        m_edits.insert(end, Phase::Close, d, "}");
    } else if (may_leave(s)) {
        m_edits.insert(r.getBegin(), Phase::Open, d, "{__tjf.stmt(" + sid(site) + "); ");
        m_edits.insert(end, Phase::Close, d, "}");
    } else {
        m_edits.insert(end, Phase::Close, d, " __tjf.stmt(" + sid(site) + ");");
    }
}

void Planner::plain_statement(const Stmt *s, unsigned n, unsigned d) {
    CharSourceRange r = m_src.file_range(s->getSourceRange());
    SourceLocation end = end_of(s);
    if (r.isInvalid() || end.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this statement cannot be instrumented; it is not recorded");
        return;
    }
    uint32_t site = new_site(SiteKind::Statement, r.getBegin(), n, strip_semicolon(m_src.text(r)));
    OperandScan scan;
    scan_operands(s, m_slots, m_src, scan, nullptr, true);
    set_operands(site, scan);
    m_edits.insert(end, Phase::Close, d, " __tjf.stmt(" + sid(site) + ");");
}

// Expression statement. Simple target: `EXPR; __tjf.stmt(S, TARGET);`; other values: `__tjf.stmt(S, (EXPR));`;
// void: `EXPR; __tjf.stmt(S);`; of a template-dependent type: `__tjf.stmt(S, (EXPR, ::tj::tape::detail::Void{}));`
// (its value unless the instantiation's type is void); throw: `{__tjf.stmt(S); throw …;}`.
void Planner::expression(const Expr *e, unsigned n, unsigned d) {
    CharSourceRange r = m_src.file_range(e->getSourceRange());
    SourceLocation end = r.isValid() ? m_src.after_semi(r.getEnd()) : SourceLocation();
    if (r.isInvalid() || end.isInvalid()) {
        unrecorded(e->getBeginLoc(), "tracejit: this expression statement cannot be instrumented; it is not recorded");
        return;
    }
    uint32_t site = new_site(SiteKind::Statement, r.getBegin(), n, m_src.text(r));
    const Expr *target = nullptr;
    ValueForm form = expression_operands(site, e, n, d, &target);
    if (isa<CXXThrowExpr>(e->IgnoreImplicit()->IgnoreParens())) {
        m_edits.insert(r.getBegin(), Phase::Open, d, "{__tjf.stmt(" + sid(site) + "); ");
        m_edits.insert(end, Phase::Close, d, "}");
        return;
    }
    switch (form) {
    case ValueForm::Target:
        m_edits.insert(end, Phase::Close, d, " __tjf.stmt(" + sid(site) + ", " + target_text(target) + ");");
        break;
    case ValueForm::Value:
        m_edits.insert(r.getBegin(), Phase::Open, d, "__tjf.stmt(" + sid(site) + ", (");
        m_edits.insert(r.getEnd(), Phase::Close, d, "))");
        break;
    case ValueForm::Dependent:
        m_edits.insert(r.getBegin(), Phase::Open, d, "__tjf.stmt(" + sid(site) + ", (");
        m_edits.insert(r.getEnd(), Phase::Close, d, ", ::tj::tape::detail::Void{}))");
        break;
    case ValueForm::Copy:
        m_edits.insert(r.getBegin(), Phase::Open, d, "__tjf.stmt(" + sid(site) + ", " + copy_cast(target) + "(");
        m_edits.insert(r.getEnd(), Phase::Close, d, "))");
        break;
    case ValueForm::Void: m_edits.insert(end, Phase::Close, d, " __tjf.stmt(" + sid(site) + ");"); break;
    }
}

// Declaration: after the `;`, one hook per declarator: `__tjf.stmt(Sa, a);`, or `__tjf.stmt(S);` for a variable
// without initializer (a scalar would be read uninitialized) and for structured bindings.
void Planner::declaration(const DeclStmt *s, unsigned n, unsigned d) {
    CharSourceRange whole = m_src.file_range(s->getSourceRange());
    if (whole.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this declaration cannot be instrumented; it is not recorded");
        return;
    }
    SourceLocation end = whole.getEnd();
    std::string hooks;
    std::string spec;        // "int" in `int a = 1, b = 2;`, for the texts of the later declarators
    SourceLocation previous; // the end of the previous declarator
    bool first = true;
    for (const Decl *decl : s->decls()) {
        const auto *vd = dyn_cast<VarDecl>(decl);
        if (!vd) {
            if (isa<DeclaratorDecl>(decl) || isa<TypeDecl>(decl))
                previous = m_src.file_range(decl->getSourceRange()).getEnd();
            continue;
        }
        CharSourceRange vr = m_src.file_range(vd->getSourceRange());
        std::string text;
        if (first || vr.isInvalid() || previous.isInvalid()) {
            text = vr.isValid() ? m_src.text(CharSourceRange::getCharRange(whole.getBegin(), vr.getEnd()))
                                : strip_semicolon(m_src.text(whole));
            // The declaration's specifiers: what precedes the first declarator's name, less its `*`/`&`.
            CharSourceRange name = m_src.file_range(SourceRange(vd->getLocation(), vd->getLocation()));
            if (name.isValid() && !isa<DecompositionDecl>(vd)) {
                spec = m_src.text(CharSourceRange::getCharRange(whole.getBegin(), name.getBegin()));
                while (!spec.empty() && (spec.back() == '*' || spec.back() == '&' || spec.back() == ' ' ||
                                         spec.back() == '\t' || spec.back() == '\n' || spec.back() == '('))
                    spec.pop_back();
            }
        } else {
            auto comma = m_src.next_token(previous);
            SourceLocation from = comma && comma->is(tok::comma) ? comma->getEndLoc() : previous;
            text = spec + " " + trim(m_src.text(CharSourceRange::getCharRange(from, vr.getEnd())));
        }
        first = false;
        if (vr.isValid())
            previous = vr.getEnd();
        if (vd->hasExternalStorage())
            continue;
        uint32_t site = new_site(SiteKind::Statement, whole.getBegin(), n, strip_semicolon(text));
        OperandScan scan;
        bool constant = vd->isConstexpr() || vd->isStaticLocal() || vd->getTLSKind() != VarDecl::TLS_None;
        scan_operands(vd->getInit(), m_slots, m_src, scan, nullptr, constant);
        set_operands(site, scan);
        conditionals(scan, n, d);
        if (const auto *dd = dyn_cast<DecompositionDecl>(vd)) {
            for (const BindingDecl *b : dd->bindings())
                add_write(site, b);
            hooks += " __tjf.stmt(" + sid(site) + ");";
            continue;
        }
        add_write(site, vd);
        add_writes_within(site, vd->getInit());
        if (vd->getName().empty() || m_slots.slot_of(vd) < 0)
            continue;
        if (vd->getInit() && capturable(vd->getType()))
            hooks += " __tjf.stmt(" + sid(site) + ", " + vd->getName().str() + ");";
        else
            hooks += " __tjf.stmt(" + sid(site) + ");";
    }
    if (!hooks.empty())
        m_edits.insert(end, Phase::Close, d, hooks);
}

// return EXPR; → return __tjf.ret(S, (EXPR)); a local's name: {__tjf.ret(S, v); return v;} (NRVO, implicit move);
// an EXPR (or braced list) not of the declared type R: return __tjf.ret_as<R>(S, EXPR); (the hook's parameter is
// initialized from EXPR as the return would be: a null pointer constant stays one); return; → {__tjf.ret(S);
// return;}; a void EXPR: {EXPR; __tjf.ret(S); return;}; a prvalue that cannot be moved, decltype(auto), a braced
// list into a type that cannot be spelled or moved, a prvalue whose move would run a constructor the user wrote
// (moves_unseen; the program would see the copy that guaranteed elision leaves out): {__tjf.ret(S); return …;};
// a template-dependent EXPR that may be
// void in an instantiation: return __tjf.ret(S, (EXPR, ::tj::tape::detail::Void{})); (tape_hooks.h).
void Planner::return_statement(const ReturnStmt *s, unsigned n, unsigned d) {
    CharSourceRange r = m_src.file_range(s->getSourceRange());
    SourceLocation end = end_of(s);
    if (r.isInvalid() || end.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this return statement cannot be instrumented; it is not recorded");
        return;
    }
    uint32_t site = new_site(SiteKind::Return, r.getBegin(), n, m_src.text(r));
    const Expr *rv = s->getRetValue();
    std::string S = sid(site);
    auto no_value = [&] {
        m_edits.insert(r.getBegin(), Phase::Open, d, "{__tjf.ret(" + S + "); ");
        m_edits.insert(end, Phase::Close, d, "}");
    };
    if (!rv) {
        no_value();
        return;
    }
    OperandScan scan;
    scan_operands(rv, m_slots, m_src, scan);
    set_operands(site, scan);
    add_writes_within(site, rv);
    CharSourceRange vr = m_src.file_range(rv->getSourceRange());
    if (vr.isInvalid()) {
        no_value();
        return;
    }
    conditionals(scan, n, d);
    QualType declared = m_fn.getDeclaredReturnType();
    std::string value_text = m_src.text(vr);
    bool braced = !value_text.empty() && value_text[0] == '{';
    // A braced list in a template has type void until instantiated; it is never a void expression.
    bool void_return = (!declared.isNull() && declared->isVoidType()) ||
                       (!braced && !rv->isTypeDependent() && rv->getType()->isVoidType());
    if (void_return) {
        m_edits.replace(CharSourceRange::getCharRange(s->getReturnLoc(), s->getReturnLoc().getLocWithOffset(6)), "{");
        m_edits.insert(end, Phase::Close, d, " __tjf.ret(" + S + "); return;}");
        return;
    }
    // `return(x);`, `return-1;`: the hook must not join the keyword into one identifier.
    std::string lead = m_src.follows_identifier(vr.getBegin()) ? " " : "";
    std::string as = spelled_return_type();
    const Expr *spelled = rv->IgnoreUnlessSpelledInSource();
    while (const auto *p = dyn_cast<ParenExpr>(spelled))
        spelled = p->getSubExpr()->IgnoreUnlessSpelledInSource();
    QualType result = m_fn.getReturnType();
    auto same_type = [&](QualType a) {
        return !a.isNull() && !result.isNull() &&
               a.getNonReferenceType().getCanonicalType().getUnqualifiedType() ==
                   result.getCanonicalType().getUnqualifiedType();
    };
    // A local's name stays the operand of `return` (NRVO, implicit move) unless it is a scalar converted to
    // another scalar type (then ret_as below records what the caller gets).
    if (const auto *ref = dyn_cast<DeclRefExpr>(spelled); ref && !braced) {
        const auto *vd = dyn_cast<VarDecl>(ref->getDecl());
        bool scalar_conversion = vd && !as.empty() && !result->isRecordType() && !vd->getType()->isRecordType() &&
                                 !vd->getType()->isDependentType() && !same_type(vd->getType());
        if (vd && vd->hasLocalStorage() && !vd->getName().empty() && capturable(vd->getType()) && !scalar_conversion) {
            std::string name = vd->getName().str();
            m_edits.insert(r.getBegin(), Phase::Open, d, "{__tjf.ret(" + S + ", " + name + "); ");
            m_edits.insert(end, Phase::Close, d, "}");
            // `return p;` moves from a parameter p of class type; the recording copy of a twin (plan_twin.h) has p
            // as a captured reference, which `return p;` would copy, so the move is written out (the same move).
            const auto *param = dyn_cast<ParmVarDecl>(vd);
            if (param && param->getDeclContext() == &m_fn &&
                (vd->getType()->isRecordType() || vd->getType()->isDependentType())) {
                CharSourceRange nr = m_src.file_range(spelled->getSourceRange());
                if (nr.isValid())
                    m_edits.replace(nr, "static_cast<decltype(" + name + ") &&>(" + name + ")");
            }
            return;
        }
    }
    // Converted to the declared type at the user's expression, then recorded: the value the caller gets.
    bool converts = braced || rv->isTypeDependent() || unbindable(rv) || !same_type(spelled->getType());
    if (!as.empty() && converts) {
        m_edits.insert(vr.getBegin(), Phase::Open, d, lead + "__tjf.ret_as<" + as + ">(" + S + ", ");
        m_edits.insert(vr.getEnd(), Phase::Close, d, ")");
        return;
    }
    bool decltype_auto = false;
    if (!declared.isNull())
        if (const auto *at = dyn_cast_or_null<AutoType>(declared->getContainedDeducedType()))
            decltype_auto = at->isDecltypeAuto();
    bool stuck = false;
    if (!rv->isTypeDependent() && rv->isPRValue())
        if (const CXXRecordDecl *rd = rv->getType()->getAsCXXRecordDecl())
            stuck = !movable(rd) || !moves_unseen(rd, m_ctx.getSourceManager());
    // A template returning `auto` or a dependent type may return a void expression (`return f(x);`).
    bool maybe_void = rv->isTypeDependent() && !declared.isNull() &&
                      (declared->isDependentType() || declared->getContainedDeducedType()) && may_be_void(rv);
    // `0` or NULL through the hook's reference would lose its meaning as a null pointer constant (which matters
    // unless the function returns a number).
    Expr::NullPointerConstantKind null = spelled->isNullPointerConstant(m_ctx, Expr::NPC_ValueDependentIsNotNull);
    bool integer_null = null != Expr::NPCK_NotNull && null != Expr::NPCK_CXX11_nullptr &&
                        !(!result.isNull() && !result->isDependentType() && result->isArithmeticType());
    if (maybe_void && !braced && !decltype_auto && !integer_null) { // recorded with its value unless it is void
        m_edits.insert(vr.getBegin(), Phase::Open, d, lead + "__tjf.ret(" + S + ", (");
        m_edits.insert(vr.getEnd(), Phase::Close, d, ", ::tj::tape::detail::Void{}))");
        return;
    }
    if (braced || decltype_auto || stuck || maybe_void || integer_null ||
        (!rv->isTypeDependent() && !capturable(rv->getType()))) {
        no_value();
        return;
    }
    if (!rv->isTypeDependent() && unbindable(rv)) {
        m_edits.insert(vr.getBegin(), Phase::Open, d,
                       lead + "__tjf.ret(" + S + ", static_cast<::tj::tape::detail::Plain<decltype((" + value_text +
                           "))>>((");
        m_edits.insert(vr.getEnd(), Phase::Close, d, ")))");
        return;
    }
    m_edits.insert(vr.getBegin(), Phase::Open, d, lead + "__tjf.ret(" + S + ", (");
    m_edits.insert(vr.getEnd(), Phase::Close, d, "))");
}

// The declared return type as the body can spell it, for `ret_as<R>`; empty when the hook cannot take it: a
// deduced type, a reference (bound as it is, through `ret`), void, an array or function, a class that cannot be
// moved (a prvalue of it is returned by guaranteed elision only) or whose move runs a constructor the user wrote
// (the program would see that move), an unnamed or local type, a dependent type
// other than a pointer (`T *` is spelled as written in the template; `T` might be a class that cannot be moved).
std::string Planner::spelled_return_type() const {
    QualType t = m_fn.getReturnType();
    if (t.isNull() || t->getContainedDeducedType() || t->isReferenceType() || !capturable(t))
        return {};
    PrintingPolicy policy(m_ctx.getLangOpts());
    policy.SuppressUnwrittenScope = true;
    if (t->isInstantiationDependentType()) {
        if (!t->isDependentType() || (!t->isPointerType() && !t->isMemberPointerType()))
            return {};
        return t.getUnqualifiedType().getAsString(policy);
    }
    if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl()) {
        if (!movable(rd) || !moves_unseen(rd, m_ctx.getSourceManager()) || !rd->getIdentifier() || rd->isLocalClass())
            return {};
    }
    std::string text = TypeName::getFullyQualifiedName(t.getUnqualifiedType(), m_ctx, policy, true);
    if (text.find("(lambda") != std::string::npos || text.find("(unnamed") != std::string::npos ||
        text.find("(anonymous") != std::string::npos)
        return {};
    return text;
}

// break; continue; goto L; → {__tjf.stmt(S); break;} (recorded before it leaves).
void Planner::jump(const Stmt *s, unsigned n, unsigned d) {
    CharSourceRange r = m_src.file_range(s->getSourceRange());
    SourceLocation end = end_of(s);
    if (r.isInvalid() || end.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this jump cannot be instrumented; it is not recorded");
        return;
    }
    uint32_t site = new_site(SiteKind::Statement, r.getBegin(), n, strip_semicolon(m_src.text(r)));
    if (const auto *ig = dyn_cast<IndirectGotoStmt>(s)) {
        OperandScan scan;
        scan_operands(ig->getTarget(), m_slots, m_src, scan);
        set_operands(site, scan);
    }
    m_edits.insert(r.getBegin(), Phase::Open, d, "{__tjf.stmt(" + sid(site) + "); ");
    m_edits.insert(end, Phase::Close, d, "}");
}

} // namespace body

namespace {

/// The name the tape shows: qualified, with the template parameters of a function template.
std::string function_name(const FunctionDecl &fn) {
    std::string name = fn.getQualifiedNameAsString();
    if (const FunctionTemplateDecl *t = fn.getDescribedFunctionTemplate()) {
        name += "<";
        bool first = true;
        for (const NamedDecl *p : *t->getTemplateParameters()) {
            name += (first ? "" : ", ") + p->getNameAsString();
            first = false;
        }
        name += ">";
    }
    return name;
}

} // namespace

bool plan_function(ASTContext &ctx, const SourceText &src, const FunctionDecl &fn, const EngineOptions &options,
                   FunctionPlan &plan, EditList &edits, std::vector<EngineDiagnostic> &diagnostics) {
    const SourceManager &sm = src.sm();
    const Stmt *raw = fn.getBody();
    if (!raw)
        return false;
    auto refuse = [&](SourceLocation loc, const std::string &why) {
        diagnostics.push_back(make_warning(
            sm, loc, "tracejit: '" + fn.getNameAsString() + "' is not instrumented: " + why, WarningGroup::Unrecorded));
        return false;
    };
    if (isa<CoroutineBodyStmt>(raw))
        return refuse(fn.getLocation(), "coroutines are not supported");
    if (isa<CXXTryStmt>(raw))
        return refuse(fn.getLocation(), "function-try-blocks are not supported");
    if (fn.isConstexpr())
        return refuse(fn.getLocation(), std::string(fn.isConsteval() ? "consteval" : "constexpr") +
                                            " functions run at compile time and are not recorded");
    const auto *body = dyn_cast<CompoundStmt>(raw);
    if (!body)
        return refuse(fn.getLocation(), "its body has an unexpected form");
    CharSourceRange lb = src.file_range(SourceRange(body->getLBracLoc(), body->getLBracLoc()));
    CharSourceRange rb = src.file_range(SourceRange(body->getRBracLoc(), body->getRBracLoc()));
    if (lb.isInvalid() || rb.isInvalid() || body->getLBracLoc().isMacroID() || body->getRBracLoc().isMacroID())
        return refuse(fn.getLocation(), "its body comes from a macro");
    if (src.text(lb) != "{" || src.text(rb) != "}")
        return refuse(fn.getLocation(), "its body has an unexpected form");
    if (std::string why = base_pointer_clash(ctx, fn); !why.empty())
        return refuse(fn.getLocation(), why);

    SlotTable slots(fn, body);
    plan.name = function_name(fn);
    plan.file = src.presumed_file(fn.getLocation());
    auto [line, column] = src.presumed(fn.getLocation());
    plan.line = line;
    plan.column = column;
    plan.is_template = fn.isDependentContext() || fn.getTemplatedKind() != FunctionDecl::TK_NonTemplate;
    plan.slot_names = slots.names();
    plan.param_names = slots.param_names();
    plan.calls_setjmp = calls_setjmp(fn);

    body::Planner planner(ctx, src, slots, plan, edits, diagnostics, fn);
    planner.children_of(body, 0, 1);
    edits.insert(lb.getEnd(), Phase::Prologue, 0, emit_prologue(plan, options.exceptions));
    std::string epilogue = emit_epilogue(options.exceptions);
    if (!epilogue.empty())
        edits.insert(rb.getBegin(), Phase::Epilogue, 0, epilogue);
    return true;
}

} // namespace tracejit::plugin
