// plugin/engine/plan/plan_control.cpp — plans the recording of if, switch, while, do, for, range-for and try
//
// Each handler's comment gives its rewrite; init-statements (`if (INIT; C)`) and condition variables
// (`if (T v = e)`) are shared by if, switch and the loops, which is why they are one file.
#include "engine/core/symbolic_condition.h"
#include "engine/plan/plan_body.h"

#include <algorithm>

namespace tracejit::plugin::body {

// An init-statement `KW (INIT; …`: `KW (` becomes `{`, INIT is recorded as a statement in place, and `reopen`
// (" if (", " switch (", …) follows it; the caller closes the block with `}` at the statement's end.
bool Planner::init_statement(const Stmt *init, SourceLocation keyword, const char *reopen, unsigned n, unsigned d) {
    CharSourceRange kp = keyword_paren(keyword);
    SourceLocation init_end = end_of(init);
    if (kp.isInvalid() || init_end.isInvalid() || init->getBeginLoc().isMacroID())
        return false;
    m_edits.replace(kp, "{");
    statement(init, n, d + 1);
    m_edits.insert(init_end, Phase::Close, d, reopen);
    return true;
}

// A condition variable `T v = e` recorded as a Statement; `after` is the location after its declaration.
uint32_t Planner::condition_variable(const VarDecl *var, unsigned n, SourceLocation *after) {
    CharSourceRange r = m_src.file_range(var->getSourceRange());
    *after = r.getEnd();
    uint32_t site = new_site(SiteKind::Statement, r.getBegin(), n, m_src.text(r));
    OperandScan scan;
    scan_operands(var->getInit(), m_slots, m_src, scan, nullptr, true);
    set_operands(site, scan);
    add_write(site, var);
    add_writes_within(site, var->getInit());
    return site;
}

// if (C) A else B → if (__tjf.cond(S, static_cast<bool>(C))) {A} else {B}; an init-statement moves before the if
// inside a new block; a condition variable becomes `if (T v = e; (__tjf.stmt(Sv, v), __tjf.cond(S, …(v))))`.
// if constexpr: its ways as blocks; if consteval: left alone.
void Planner::if_statement(const IfStmt *s, unsigned n, unsigned d) {
    if (s->isConsteval())
        return;
    if (!s->isConstexpr())
        if (const Expr *mask = symbolic_condition(s->getCond()))
            return symbolic_if(s, mask, n, d);
    auto else_way = [&] {
        const Stmt *e = s->getElse();
        if (!e)
            return;
        if (isa<IfStmt>(e)) { // else if: the chain stays at this nesting
            CharSourceRange r = m_src.file_range(e->getSourceRange());
            SourceLocation end = end_of(e);
            if (r.isInvalid() || end.isInvalid()) {
                unrecorded(e->getBeginLoc(), "tracejit: this statement cannot be instrumented; it is not recorded");
                return;
            }
            m_edits.insert(r.getBegin(), Phase::Open, d + 1, "{");
            m_edits.insert(end, Phase::Close, d + 1, "}");
            statement(e, n, d + 2);
        } else {
            block(e, n + 1, d + 1);
        }
    };
    if (s->isConstexpr()) {
        block(s->getThen(), n + 1, d + 1);
        else_way();
        return;
    }
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getIfLoc(), s->getRParenLoc()));
    if (end.isInvalid() || header.isInvalid()) {
        unrecorded(s->getBeginLoc(),
                   "tracejit: this if statement cannot be instrumented; its condition is not recorded");
        block(s->getThen(), n + 1, d + 1);
        else_way();
        return;
    }
    uint32_t site = new_site(SiteKind::Branch, s->getIfLoc(), n, m_src.text(header));
    std::string S = sid(site);
    bool has_init = false;
    if (const Stmt *init = s->getInit()) {
        has_init = init_statement(init, s->getIfLoc(), " if (", n, d);
        if (!has_init)
            unrecorded(init->getBeginLoc(),
                       "tracejit: this init-statement cannot be instrumented; the if is not recorded");
    }
    bool recorded = s->getInit() == nullptr || has_init;
    if (recorded) {
        if (const VarDecl *var = s->getConditionVariable()) {
            SourceLocation after;
            uint32_t vs = condition_variable(var, n, &after);
            if (after.isValid() && !var->getName().empty()) {
                std::string v = var->getName().str();
                m_plan.sites[site].reads.push_back({1, static_cast<uint32_t>(m_slots.slot_of(var))});
                m_edits.insert(after, Phase::Close, d,
                               "; (__tjf.stmt(" + sid(vs) + ", " + v + "), __tjf.cond(" + S + ", static_cast<bool>(" +
                                   v + ")))");
            }
        } else if (const Expr *cond = s->getCond()) {
            CharSourceRange cr = m_src.file_range(cond->getSourceRange());
            condition_operands(site, cond);
            if (cr.isValid()) {
                m_edits.insert(cr.getBegin(), Phase::Open, d, "__tjf.cond(" + S + ", static_cast<bool>(");
                m_edits.insert(cr.getEnd(), Phase::Close, d, "))");
            }
        }
    }
    block(s->getThen(), n + 1, d + 1);
    else_way();
    if (has_init)
        m_edits.insert(end, Phase::Close, d, "}");
}

// switch (C) → switch (__tjf.sw(S, (C))), with the site's case values; init-statement and condition variable as
// for if.
void Planner::switch_statement(const SwitchStmt *s, unsigned n, unsigned d) {
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getSwitchLoc(), s->getRParenLoc()));
    auto body = [&] {
        if (const auto *c = dyn_cast_or_null<CompoundStmt>(s->getBody()))
            children_of(c, n + 1, d + 2);
        else
            statement(s->getBody(), n + 1, d + 2);
    };
    if (end.isInvalid() || header.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this switch cannot be instrumented; its condition is not recorded");
        body();
        return;
    }
    uint32_t site = new_site(SiteKind::Branch, s->getSwitchLoc(), n, m_src.text(header));
    std::string S = sid(site);
    // The case labels, in source order.
    std::vector<const SwitchCase *> labels;
    for (const SwitchCase *c = s->getSwitchCaseList(); c; c = c->getNextSwitchCase())
        labels.push_back(c);
    std::sort(labels.begin(), labels.end(), [&](const SwitchCase *a, const SwitchCase *b) {
        return m_sm.isBeforeInTranslationUnit(a->getBeginLoc(), b->getBeginLoc());
    });
    for (const SwitchCase *c : labels) {
        if (isa<DefaultStmt>(c)) {
            m_plan.sites[site].has_default = true;
            continue;
        }
        const auto *cs = cast<CaseStmt>(c);
        auto value = [&](const Expr *e, int64_t *out) {
            if (!e || e->isValueDependent())
                return false;
            Expr::EvalResult r;
            if (!e->EvaluateAsInt(r, m_ctx))
                return false;
            llvm::APSInt v = r.Val.getInt();
            *out =
                v.isSigned() ? v.extOrTrunc(64).getSExtValue() : static_cast<int64_t>(v.extOrTrunc(64).getZExtValue());
            return true;
        };
        int64_t low = 0, high = 0;
        if (!value(cs->getLHS(), &low))
            continue; // a value depending on a template parameter: the runtime cannot name that case
        high = low;
        if (cs->caseStmtIsGNURange() && !value(cs->getRHS(), &high))
            continue;
        const Expr *last = cs->caseStmtIsGNURange() ? cs->getRHS() : cs->getLHS();
        std::string text = m_src.text(m_src.file_range(SourceRange(cs->getCaseLoc(), last->getEndLoc())));
        if (text.empty())
            text = "case " + std::to_string(low);
        m_plan.sites[site].cases.push_back({low, high, text});
    }
    bool has_init = false;
    if (const Stmt *init = s->getInit()) {
        has_init = init_statement(init, s->getSwitchLoc(), " switch (", n, d);
        if (!has_init)
            unrecorded(init->getBeginLoc(), "tracejit: this init-statement cannot be instrumented; the switch is not "
                                            "recorded");
    }
    if (s->getInit() == nullptr || has_init) {
        if (const VarDecl *var = s->getConditionVariable()) {
            SourceLocation after;
            uint32_t vs = condition_variable(var, n, &after);
            if (after.isValid() && !var->getName().empty()) {
                std::string v = var->getName().str();
                m_plan.sites[site].reads.push_back({1, static_cast<uint32_t>(m_slots.slot_of(var))});
                m_edits.insert(after, Phase::Close, d,
                               "; __tjf.sw(" + S + ", (__tjf.stmt(" + sid(vs) + ", " + v + "), " + v + "))");
            }
        } else if (const Expr *cond = s->getCond()) {
            CharSourceRange cr = m_src.file_range(cond->getSourceRange());
            condition_operands(site, cond);
            if (cr.isValid()) {
                if (!cond->isTypeDependent() && unbindable(cond)) {
                    std::string c = m_src.text(cr);
                    m_edits.insert(cr.getBegin(), Phase::Open, d,
                                   "__tjf.sw(" + S + ", static_cast<::tj::tape::detail::Plain<decltype((" + c + "))>>((");
                    m_edits.insert(cr.getEnd(), Phase::Close, d, ")))");
                } else {
                    m_edits.insert(cr.getBegin(), Phase::Open, d, "__tjf.sw(" + S + ", (");
                    m_edits.insert(cr.getEnd(), Phase::Close, d, "))");
                }
            }
        }
    }
    body();
    if (has_init)
        m_edits.insert(end, Phase::Close, d, "}");
}

// while (C) B → {__tjf.loop_enter(S); while (__tjf.loop(S, static_cast<bool>(C))) {B}}; with a condition variable:
// {__tjf.loop_enter(S); while (true) { T v = e; __tjf.stmt(Sv, v); if (!__tjf.loop(S, …(v))) break; B }}.
void Planner::while_statement(const WhileStmt *s, unsigned n, unsigned d) {
    if (symbolic_condition(s->getCond()))
        return symbolic_while(s, n, d);
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getWhileLoc(), s->getRParenLoc()));
    if (end.isInvalid() || header.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this loop cannot be instrumented; its iterations are not recorded");
        block(s->getBody(), n + 1, d + 1);
        return;
    }
    uint32_t site = new_site(SiteKind::Loop, s->getWhileLoc(), n, m_src.text(header));
    std::string S = sid(site);
    if (const VarDecl *var = s->getConditionVariable()) {
        CharSourceRange kp = keyword_paren(s->getWhileLoc());
        if (m_src.pragmas_before(header.getBegin()).isValid())
            kp = CharSourceRange(); // `while (` becomes `{… while (true) {`: the pragma would lose its loop
        CharSourceRange rparen = m_src.file_range(SourceRange(s->getRParenLoc(), s->getRParenLoc()));
        SourceLocation after;
        if (kp.isInvalid() || rparen.isInvalid() || var->getName().empty()) {
            unrecorded(s->getBeginLoc(), "tracejit: this loop cannot be instrumented; its iterations are not recorded");
            m_plan.sites.pop_back();
            block(s->getBody(), n + 1, d + 1);
            return;
        }
        uint32_t vs = condition_variable(var, n + 1, &after);
        std::string v = var->getName().str();
        m_plan.sites[site].reads.push_back({1, static_cast<uint32_t>(m_slots.slot_of(var))});
        m_edits.replace(kp, "{__tjf.loop_enter(" + S + "); while (true) {");
        m_edits.replace(rparen, "; __tjf.stmt(" + sid(vs) + ", " + v + "); if (!__tjf.loop(" + S +
                                    ", static_cast<bool>(" + v + "))) break;");
        if (const auto *c = dyn_cast_or_null<CompoundStmt>(s->getBody()))
            children_of(c, n + 1, d + 2);
        else
            statement(s->getBody(), n + 1, d + 2);
        m_edits.insert(end, Phase::Close, d, "}}");
        return;
    }
    const Expr *cond = s->getCond();
    CharSourceRange cr = cond ? m_src.file_range(cond->getSourceRange()) : CharSourceRange();
    if (cr.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this loop's condition cannot be instrumented; it is not recorded");
        m_plan.sites.pop_back();
        block(s->getBody(), n + 1, d + 1);
        return;
    }
    SourceLocation open = opening(header.getBegin());
    if (open.isInvalid()) {
        unrecorded(s->getBeginLoc(),
                   "tracejit: this loop cannot be instrumented after its pragma; its iterations are not "
                   "recorded");
        m_plan.sites.pop_back();
        block(s->getBody(), n + 1, d + 1);
        return;
    }
    condition_operands(site, cond);
    m_edits.insert(open, Phase::Open, d, "{__tjf.loop_enter(" + S + "); ");
    m_edits.insert(cr.getBegin(), Phase::Open, d, "__tjf.loop(" + S + ", static_cast<bool>(");
    m_edits.insert(cr.getEnd(), Phase::Close, d, "))");
    block(s->getBody(), n + 1, d + 1);
    m_edits.insert(end, Phase::Close, d, "}");
}

// do B while (C); → {__tjf.loop_enter(S); do {B} while (__tjf.loop(S, static_cast<bool>(C)));}
void Planner::do_statement(const DoStmt *s, unsigned n, unsigned d) {
    if (symbolic_condition(s->getCond()))
        return symbolic_do(s, n, d);
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getWhileLoc(), s->getRParenLoc()));
    CharSourceRange start = m_src.file_range(SourceRange(s->getDoLoc(), s->getDoLoc()));
    const Expr *cond = s->getCond();
    CharSourceRange cr = cond ? m_src.file_range(cond->getSourceRange()) : CharSourceRange();
    SourceLocation open = start.isValid() ? opening(start.getBegin()) : SourceLocation();
    if (end.isInvalid() || header.isInvalid() || open.isInvalid() || cr.isInvalid()) {
        unrecorded(s->getBeginLoc(), "tracejit: this loop cannot be instrumented; its iterations are not recorded");
        block(s->getBody(), n + 1, d + 1);
        return;
    }
    uint32_t site = new_site(SiteKind::Loop, s->getWhileLoc(), n, m_src.text(header));
    std::string S = sid(site);
    condition_operands(site, cond);
    m_edits.insert(open, Phase::Open, d, "{__tjf.loop_enter(" + S + "); ");
    block(s->getBody(), n + 1, d + 1);
    m_edits.insert(cr.getBegin(), Phase::Open, d, "__tjf.loop(" + S + ", static_cast<bool>(");
    m_edits.insert(cr.getEnd(), Phase::Close, d, "))");
    m_edits.insert(end, Phase::Close, d, "}");
}

// for (INIT; C; INC) B → {INIT; <INIT recorded>; __tjf.loop_enter(S); for (; __tjf.loop(S, static_cast<bool>(C));
// (void)(INC), __tjf.stmt(Sinc, TARGET)) {B}} (INIT stays where it is: `for (` becomes `{`).
void Planner::for_statement(const ForStmt *s, unsigned n, unsigned d) {
    if (symbolic_condition(s->getCond()))
        return symbolic_for(s, n, d);
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getForLoc(), s->getRParenLoc()));
    if (end.isInvalid() || header.isInvalid() || s->getConditionVariable()) {
        unrecorded(s->getBeginLoc(), "tracejit: this loop cannot be instrumented; its iterations are not recorded");
        block(s->getBody(), n + 1, d + 1);
        return;
    }
    const Expr *cond = s->getCond();
    CharSourceRange cr = cond ? m_src.file_range(cond->getSourceRange()) : CharSourceRange();
    const Expr *inc = s->getInc();
    CharSourceRange ir = inc ? m_src.file_range(inc->getSourceRange()) : CharSourceRange();
    // After a pragma the header keeps its init-statement (the pragma applies to the `for`); INIT is not recorded.
    bool pragma = false;
    SourceLocation open = opening(header.getBegin(), &pragma);
    if (open.isInvalid() || (cond && cr.isInvalid()) || (inc && ir.isInvalid()) ||
        (!pragma && s->getInit() &&
         (s->getInit()->getBeginLoc().isMacroID() || keyword_paren(s->getForLoc()).isInvalid()))) {
        unrecorded(s->getBeginLoc(),
                   "tracejit: this loop's header cannot be instrumented; its iterations are not recorded");
        block(s->getBody(), n + 1, d + 1);
        return;
    }
    // Where the condition would be: the `;` between condition and increment.
    SourceLocation separator;
    if (!cond) {
        SourceLocation from;
        if (s->getInit()) {
            from = end_of(s->getInit());
        } else {
            auto first = m_src.next_token(keyword_paren(s->getForLoc()).getEnd());
            from = first && first->is(tok::semi) ? first->getEndLoc() : SourceLocation();
        }
        auto semi = m_src.next_token(from);
        separator = semi && semi->is(tok::semi) ? semi->getLocation() : SourceLocation();
        if (separator.isInvalid()) {
            unrecorded(s->getBeginLoc(), "tracejit: this loop's header cannot be instrumented; its iterations are not "
                                         "recorded");
            block(s->getBody(), n + 1, d + 1);
            return;
        }
    }
    uint32_t site = new_site(SiteKind::Loop, s->getForLoc(), n, m_src.text(header));
    std::string S = sid(site);
    bool has_init = false;
    if (const Stmt *init = s->getInit(); init && !pragma)
        has_init = init_statement(init, s->getForLoc(), (" __tjf.loop_enter(" + S + "); for (;").c_str(), n, d);
    if (!has_init)
        m_edits.insert(open, Phase::Open, d, "{__tjf.loop_enter(" + S + "); ");
    if (cond) {
        condition_operands(site, cond);
        m_edits.insert(cr.getBegin(), Phase::Open, d, "__tjf.loop(" + S + ", static_cast<bool>(");
        m_edits.insert(cr.getEnd(), Phase::Close, d, "))");
    } else {
        m_edits.insert(separator, Phase::Close, d, "__tjf.loop(" + S + ", true)");
    }
    if (inc)
        increment(inc, ir, n, d);
    block(s->getBody(), n + 1, d + 1);
    m_edits.insert(end, Phase::Close, d, "}");
}

// INC → (void)(INC), __tjf.stmt(Sinc, TARGET) (or the other value forms), a Statement at nesting n + 1.
void Planner::increment(const Expr *inc, CharSourceRange ir, unsigned n, unsigned d) {
    uint32_t is = new_site(SiteKind::Statement, ir.getBegin(), n + 1, m_src.text(ir));
    const Expr *target = nullptr;
    ValueForm form = expression_operands(is, inc, n + 1, d, &target);
    std::string I = sid(is);
    switch (form) {
    case ValueForm::Target:
        m_edits.insert(ir.getBegin(), Phase::Open, d, "(void)(");
        m_edits.insert(ir.getEnd(), Phase::Close, d, "), __tjf.stmt(" + I + ", " + target_text(target) + ")");
        break;
    case ValueForm::Value:
        m_edits.insert(ir.getBegin(), Phase::Open, d, "__tjf.stmt(" + I + ", (");
        m_edits.insert(ir.getEnd(), Phase::Close, d, "))");
        break;
    case ValueForm::Copy:
        m_edits.insert(ir.getBegin(), Phase::Open, d, "__tjf.stmt(" + I + ", " + copy_cast(target) + "(");
        m_edits.insert(ir.getEnd(), Phase::Close, d, "))");
        break;
    case ValueForm::Dependent: // `(void)(INC)` whatever its type
    case ValueForm::Void:
        m_edits.insert(ir.getBegin(), Phase::Open, d, "(void)(");
        m_edits.insert(ir.getEnd(), Phase::Close, d, "), __tjf.stmt(" + I + ")");
        break;
    }
}

// for (D : R) B → {__tjf.loop_enter(S); for (D : R) {__tjf.loop(S, true); __tjf.stmt(Sv, v); B}
// __tjf.loop(S, false);}
void Planner::range_for(const CXXForRangeStmt *s, unsigned n, unsigned d) {
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getForLoc(), s->getRParenLoc()));
    const VarDecl *var = s->getLoopVariable();
    // The loop variable's declaration, up to the `:` (its own range may run into the `:`).
    CharSourceRange vr =
        var ? m_src.file_range(SourceRange(var->getBeginLoc(), var->getBeginLoc())) : CharSourceRange();
    CharSourceRange colon = m_src.file_range(SourceRange(s->getColonLoc(), s->getColonLoc()));
    if (vr.isValid() && colon.isValid())
        vr = CharSourceRange::getCharRange(vr.getBegin(), colon.getBegin());
    else
        vr = CharSourceRange();
    const Stmt *body = s->getBody();
    if (end.isInvalid() || header.isInvalid() || vr.isInvalid() || !body) {
        unrecorded(s->getBeginLoc(), "tracejit: this loop cannot be instrumented; its iterations are not recorded");
        block(body, n + 1, d + 1);
        return;
    }
    uint32_t site = new_site(SiteKind::Loop, s->getForLoc(), n, m_src.text(header));
    std::string S = sid(site);
    OperandScan scan;
    scan_operands(s->getRangeInit(), m_slots, m_src, scan, nullptr, true);
    set_operands(site, scan);
    bool has_init = false;
    if (const Stmt *init = s->getInit(); init && m_src.pragmas_before(header.getBegin()).isInvalid())
        has_init = init_statement(init, s->getForLoc(), (" __tjf.loop_enter(" + S + "); for (").c_str(), n, d);
    if (!has_init && s->getInit()) {
        unrecorded(s->getBeginLoc(), "tracejit: this loop's init-statement cannot be instrumented; it is not recorded");
        m_plan.sites.pop_back();
        block(body, n + 1, d + 1);
        return;
    }
    SourceLocation open = opening(header.getBegin());
    if (!has_init && open.isInvalid()) {
        unrecorded(s->getBeginLoc(),
                   "tracejit: this loop cannot be instrumented after its pragma; its iterations are not "
                   "recorded");
        m_plan.sites.pop_back();
        block(body, n + 1, d + 1);
        return;
    }
    if (!has_init)
        m_edits.insert(open, Phase::Open, d, "{__tjf.loop_enter(" + S + "); ");
    uint32_t vs = new_site(SiteKind::Statement, vr.getBegin(), n + 1, trim(m_src.text(vr)));
    std::string pre = "__tjf.loop(" + S + ", true); ";
    if (const auto *dd = dyn_cast<DecompositionDecl>(var)) {
        for (const BindingDecl *b : dd->bindings())
            add_write(vs, b);
        pre += "__tjf.stmt(" + sid(vs) + "); ";
    } else {
        add_write(vs, var);
        pre += capturable(var->getType()) ? "__tjf.stmt(" + sid(vs) + ", " + var->getName().str() + "); "
                                          : "__tjf.stmt(" + sid(vs) + "); ";
    }
    if (const auto *c = dyn_cast<CompoundStmt>(body)) {
        CharSourceRange lb = m_src.file_range(SourceRange(c->getLBracLoc(), c->getLBracLoc()));
        m_edits.insert(lb.getEnd(), Phase::Open, d + 1, pre);
        children_of(c, n + 1, d + 2);
    } else {
        CharSourceRange br = m_src.file_range(body->getSourceRange());
        SourceLocation bend = end_of(body);
        if (br.isInvalid() || bend.isInvalid()) {
            unrecorded(body->getBeginLoc(), "tracejit: this loop body cannot be instrumented; it is not recorded");
        } else {
            m_edits.insert(br.getBegin(), Phase::Open, d + 1, "{" + pre);
            m_edits.insert(bend, Phase::Close, d + 1, "}");
            statement(body, n + 1, d + 2);
        }
    }
    m_edits.insert(end, Phase::Close, d, " __tjf.loop(" + S + ", false);}");
}

// try {…} catch (E &e) {…}: the statements inside are recorded; each handler starts with __tjf.stmt(Sc, e);.
void Planner::try_statement(const CXXTryStmt *s, unsigned n, unsigned d) {
    if (const CompoundStmt *t = s->getTryBlock())
        children_of(t, n + 1, d + 2);
    for (unsigned i = 0; i < s->getNumHandlers(); ++i) {
        const CXXCatchStmt *h = s->getHandler(i);
        const auto *hb = dyn_cast_or_null<CompoundStmt>(h ? h->getHandlerBlock() : nullptr);
        if (!hb)
            continue;
        CharSourceRange lb = m_src.file_range(SourceRange(hb->getLBracLoc(), hb->getLBracLoc()));
        CharSourceRange head = m_src.file_range(SourceRange(h->getCatchLoc(), h->getCatchLoc()));
        if (lb.isValid() && head.isValid()) {
            std::string text = trim(m_src.text(CharSourceRange::getCharRange(head.getBegin(), lb.getBegin())));
            uint32_t site = new_site(SiteKind::Statement, head.getBegin(), n + 1, text);
            const VarDecl *e = h->getExceptionDecl();
            if (e && !e->getName().empty() && capturable(e->getType())) {
                add_write(site, e);
                m_edits.insert(lb.getEnd(), Phase::Open, d + 1,
                               "__tjf.stmt(" + sid(site) + ", " + e->getName().str() + "); ");
            } else {
                m_edits.insert(lb.getEnd(), Phase::Open, d + 1, "__tjf.stmt(" + sid(site) + "); ");
            }
        }
        children_of(hb, n + 1, d + 2);
    }
}

} // namespace tracejit::plugin::body

namespace tracejit::plugin::body {

// An OpenMP directive (-fopenmp): its statement runs on a team of threads, whose hooks would race on the one frame,
// and an OpenMP loop must keep its canonical header. The directive and its statement stay as written, recorded as
// one Statement after it; one that starts a team is bracketed by parallel_begin/parallel_end, which record the
// marked calls of its threads under that Statement.
void Planner::omp_directive(const OMPExecutableDirective *s, unsigned n, unsigned d) {
    const Stmt *inner = s->hasAssociatedStmt() ? s->getAssociatedStmt() : nullptr;
    while (const auto *captured = dyn_cast_or_null<CapturedStmt>(inner))
        inner = captured->getCapturedStmt();
    if (!inner)
        return; // a standalone directive (barrier, flush, …): nothing of the user's runs
    CharSourceRange r = m_src.file_range(inner->getSourceRange());
    SourceLocation end = end_of(inner);
    if (r.isInvalid() || end.isInvalid()) {
        unrecorded(inner->getBeginLoc(), "tracejit: this OpenMP statement cannot be instrumented; it is not recorded");
        return;
    }
    // Named by its loop's header (`for (…)`), or else by the directive (`#pragma omp parallel`).
    CharSourceRange header;
    if (const auto *f = dyn_cast<ForStmt>(inner))
        header = m_src.file_range(SourceRange(f->getForLoc(), f->getRParenLoc()));
    else if (const auto *rf = dyn_cast<CXXForRangeStmt>(inner))
        header = m_src.file_range(SourceRange(rf->getForLoc(), rf->getRParenLoc()));
    std::string text = header.isValid()
                           ? m_src.text(header)
                           : "#pragma omp " + llvm::omp::getOpenMPDirectiveName(s->getDirectiveKind()).str();
    uint32_t site = new_site(SiteKind::Statement, r.getBegin(), n, text);
    OperandScan scan;
    scan_operands(inner, m_slots, m_src, scan, nullptr, true);
    set_operands(site, scan);
    add_writes_within(site, inner);
    // An unbraced loop body gets braces: the hook after it would look like a part of the loop
    // (-Wmisleading-indentation). A loop body stays bare (collapse(N) needs perfectly nested loops).
    const Stmt *body = nullptr;
    if (const auto *f = dyn_cast<ForStmt>(inner))
        body = f->getBody();
    else if (const auto *rf = dyn_cast<CXXForRangeStmt>(inner))
        body = rf->getBody();
    if (body && !isa<CompoundStmt>(body) && !isa<ForStmt>(body) && !isa<CXXForRangeStmt>(body))
        if (CharSourceRange br = m_src.file_range(body->getSourceRange()); br.isValid() && end_of(body).isValid()) {
            m_edits.insert(br.getBegin(), Phase::Open, d + 1, "{");
            m_edits.insert(end_of(body), Phase::Close, d + 1, "}");
        }
    // A construct that starts a team of threads is bracketed: the calls its threads make are recorded under this
    // call (as the Statement's children), not as calls of their own. The opening call goes before the pragmas.
    const OpenMPDirectiveKind kind = s->getDirectiveKind();
    if (isOpenMPParallelDirective(kind) || isOpenMPTeamsDirective(kind)) {
        SourceLocation open = opening(r.getBegin());
        if (open.isValid()) {
            m_edits.insert(open, Phase::Open, d, "__tjf.parallel_begin(" + sid(site) + "); ");
            m_edits.insert(end, Phase::Close, d, " __tjf.parallel_end(" + sid(site) + ");");
            return;
        }
        warn(inner->getBeginLoc(),
             "tracejit: the calls made by the threads of this OpenMP construct cannot be recorded under its call; "
             "they are recorded as calls of their own (a preprocessor directive right before its pragma leaves no "
             "place for the hook: move the directive to record them under it)",
             WarningGroup::OpenMP);
    }
    m_edits.insert(end, Phase::Close, d, " __tjf.stmt(" + sid(site) + ");");
}

} // namespace tracejit::plugin::body
