// plugin/engine/plan/plan_symbolic.cpp — plans the rewrite of if/while/do/for on a tj::Bool condition into
// tj::if_stmt and tj::while_loop (include/tracejit/control.h)
//
// The bodies become lambdas `[&](auto &a, auto &b) {…}` taking the state (symbolic_state.h: variables declared
// outside and written inside) under the variables' own names, so the user's text stays as it is, on its lines:
// every edit replaces the statement's keywords and parentheses or inserts next to them. Each rewrite starts with
// `__tjf.symbolic(S)`, which records the Branch or Loop node (value "symbolic") once; the bodies' statements are
// recorded as they are traced (once; a do-while's body twice: its first pass and the loop). Contracts (P is the
// parameter list `auto &a, auto &b`, T is `::std::tie(a, b)`, A is `a, b`):
//
//   if (C) X else Y      → {__tjf.symbolic(S); ::tj::if_stmt((C), T, [&](P) {X}, [&](P) {Y});}
//   while (C) X          → {__tjf.symbolic(S); ::tj::while_loop(T, [&](P) -> ::tj::Bool { return (C); },
//                           [&](P) {X});}
//   do X while (C);      → {__tjf.symbolic(S); auto __tj_do_S = [&](P) {X}; __tj_do_S(A);
//                           ::tj::while_loop(T, [&](P) -> ::tj::Bool { return (C); }, __tj_do_S);}
//   for (I; C; N) X      → {I __tjf.symbolic(S); ::tj::while_loop(T, [&](P) -> ::tj::Bool { return (C); },
//                           [&, __tj_inc_S = [&](P) { N; }](P) {X __tj_inc_S(A); });}
//
// An `else if` chain nests: the inner if is planned inside the else lambda (symbolic or not, by its condition).
// `if (I; C)` keeps its init-statement before the call, as for host ifs. A statement with problems (a return
// inside, a host scalar written, …) is reported and not rewritten: its condition becomes `(void)(C), false`, so the
// compile shows the plugin's errors alone.
#include "engine/core/symbolic_condition.h"
#include "engine/plan/plan_body.h"
#include "engine/plan/symbolic_state.h"

namespace tracejit::plugin::body {

namespace {

std::string joined(const std::vector<std::string> &names, const char *before) {
    std::string out;
    for (const std::string &name : names)
        out += (out.empty() ? "" : ", ") + std::string(before) + name;
    return out;
}
std::string params(const std::vector<std::string> &names) { return joined(names, "auto &"); }
std::string state_tie(const std::vector<std::string> &names) { return "::std::tie(" + joined(names, "") + ")"; }
std::string args(const std::vector<std::string> &names) { return joined(names, ""); }

/// A statement the planner rewrites symbolically (its own checks cover what is inside it).
bool is_symbolic_statement(const Stmt *s) {
    if (const auto *i = dyn_cast<IfStmt>(s))
        return !i->isConstexpr() && !i->isConsteval() && symbolic_condition(i->getCond());
    if (const auto *w = dyn_cast<WhileStmt>(s))
        return symbolic_condition(w->getCond());
    if (const auto *d = dyn_cast<DoStmt>(s))
        return symbolic_condition(d->getCond());
    if (const auto *f = dyn_cast<ForStmt>(s))
        return symbolic_condition(f->getCond());
    return false;
}

} // namespace

void Planner::error(SourceLocation loc, std::string message) {
    m_diags.push_back(make_error(m_sm, loc, std::move(message)));
}

void Planner::unrewritable(const Stmt *s, const char *why, const std::vector<const Stmt *> &bodies, unsigned n,
                           unsigned d) {
    error(s->getBeginLoc(), std::string("tracejit: this statement's condition is a tj::Bool (a symbolic branch or "
                                        "loop), but ") +
                                why);
    for (const Stmt *b : bodies)
        block(b, n + 1, d + 1);
}

void Planner::disabled(const Expr *cond, const std::vector<const Stmt *> &bodies, unsigned n, unsigned d) {
    CharSourceRange cr = m_src.file_range(cond->getSourceRange());
    if (cr.isValid()) {
        m_edits.insert(cr.getBegin(), Phase::Open, d, "(static_cast<void>(");
        m_edits.insert(cr.getEnd(), Phase::Close, d, "), false)");
    }
    for (const Stmt *b : bodies) {
        if (!b)
            continue;
        if (isa<IfStmt>(b) && b != bodies.front()) // an else if
            statement(b, n, d + 1);
        else
            block(b, n + 1, d + 1);
    }
}

bool Planner::symbolic_state(const std::vector<const Stmt *> &regions, const std::vector<const Stmt *> &bodies,
                             const char *what, std::vector<std::string> &names) {
    std::vector<const Stmt *> present;
    for (const Stmt *r : regions)
        if (r)
            present.push_back(r);
    SymbolicState state = find_symbolic_state(m_ctx, present, what);
    std::vector<const Stmt *> jumps_in;
    for (const Stmt *b : bodies)
        if (b)
            jumps_in.push_back(b);
    find_escaping_jumps(jumps_in, what, &is_symbolic_statement, state.problems);
    for (SymbolicProblem &p : state.problems)
        error(p.loc, std::move(p.message));
    names = std::move(state.names);
    ++m_plan.symbolic;
    return state.problems.empty();
}

void Planner::symbolic_if(const IfStmt *s, const Expr *mask, unsigned n, unsigned d) {
    (void)mask;
    const Stmt *then = s->getThen(), *els = s->getElse();
    SourceLocation end = end_of(s), then_end = end_of(then);
    CharSourceRange header = m_src.file_range(SourceRange(s->getIfLoc(), s->getRParenLoc()));
    CharSourceRange kp = keyword_paren(s->getIfLoc());
    CharSourceRange rparen = m_src.file_range(SourceRange(s->getRParenLoc(), s->getRParenLoc()));
    CharSourceRange else_kw = els ? m_src.file_range(SourceRange(s->getElseLoc(), s->getElseLoc())) : CharSourceRange();
    if (s->getConditionVariable())
        return unrewritable(s, "a condition variable is not supported there; declare the mask before the if",
                            {then, els}, n, d);
    if (end.isInvalid() || then_end.isInvalid() || header.isInvalid() || kp.isInvalid() || rparen.isInvalid() ||
        (els && else_kw.isInvalid()) || (s->getInit() && s->getInit()->getBeginLoc().isMacroID()))
        return unrewritable(s, "it comes from a macro and cannot be rewritten", {then, els}, n, d);
    std::vector<std::string> names;
    if (!symbolic_state({then, els}, {then, els}, "symbolic branch", names))
        return disabled(s->getCond(), {then, els}, n, d);
    uint32_t site = new_site(SiteKind::Branch, s->getIfLoc(), n, m_src.text(header));
    condition_operands(site, s->getCond());
    std::string S = sid(site), P = params(names);
    std::string open = "__tjf.symbolic(" + S + "); ::tj::if_stmt((";
    if (const Stmt *init = s->getInit())
        init_statement(init, s->getIfLoc(), (" " + open).c_str(), n, d);
    else
        m_edits.replace(kp, "{" + open);
    m_edits.replace(rparen, "), " + state_tie(names) + ", [&](" + P + ") {");
    block(then, n + 1, d + 1);
    if (!els) {
        m_edits.insert(then_end, Phase::Close, d, "}, [&](" + P + ") {});}");
        return;
    }
    m_edits.insert(then_end, Phase::Close, d, "}, [&](" + P + ") {");
    m_edits.replace(else_kw, "");
    if (isa<IfStmt>(els)) // else if: the chain stays at this nesting
        statement(els, n, d + 1);
    else
        block(els, n + 1, d + 1);
    m_edits.insert(end, Phase::Close, d, "});}");
}

void Planner::symbolic_while(const WhileStmt *s, unsigned n, unsigned d) {
    const Stmt *body = s->getBody();
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getWhileLoc(), s->getRParenLoc()));
    CharSourceRange kp = keyword_paren(s->getWhileLoc());
    CharSourceRange rparen = m_src.file_range(SourceRange(s->getRParenLoc(), s->getRParenLoc()));
    if (s->getConditionVariable())
        return unrewritable(s, "a condition variable is not supported there", {body}, n, d);
    if (end.isInvalid() || header.isInvalid() || kp.isInvalid() || rparen.isInvalid())
        return unrewritable(s, "it comes from a macro and cannot be rewritten", {body}, n, d);
    std::vector<std::string> names;
    if (!symbolic_state({s->getCond(), body}, {body}, "symbolic loop", names))
        return disabled(s->getCond(), {body}, n, d);
    uint32_t site = new_site(SiteKind::Loop, s->getWhileLoc(), n, m_src.text(header));
    condition_operands(site, s->getCond());
    std::string S = sid(site), P = params(names);
    m_edits.replace(kp, "{__tjf.symbolic(" + S + "); ::tj::while_loop(" + state_tie(names) + ", [&](" + P +
                            ") -> ::tj::Bool { return (");
    m_edits.replace(rparen, "); }, [&](" + P + ") {");
    block(body, n + 1, d + 1);
    m_edits.insert(end, Phase::Close, d, "});}");
}

void Planner::symbolic_do(const DoStmt *s, unsigned n, unsigned d) {
    const Stmt *body = s->getBody();
    SourceLocation end = end_of(s), body_end = end_of(body);
    CharSourceRange header = m_src.file_range(SourceRange(s->getWhileLoc(), s->getRParenLoc()));
    CharSourceRange do_kw = m_src.file_range(SourceRange(s->getDoLoc(), s->getDoLoc()));
    CharSourceRange kp = keyword_paren(s->getWhileLoc());
    CharSourceRange rparen = m_src.file_range(SourceRange(s->getRParenLoc(), s->getRParenLoc()));
    if (end.isInvalid() || body_end.isInvalid() || header.isInvalid() || do_kw.isInvalid() || kp.isInvalid() ||
        rparen.isInvalid())
        return unrewritable(s, "it comes from a macro and cannot be rewritten", {body}, n, d);
    std::vector<std::string> names;
    if (!symbolic_state({body, s->getCond()}, {body}, "symbolic loop", names))
        return disabled(s->getCond(), {body}, n, d);
    uint32_t site = new_site(SiteKind::Loop, s->getWhileLoc(), n, m_src.text(header));
    condition_operands(site, s->getCond());
    std::string S = sid(site), P = params(names), F = "__tj_do_" + S;
    m_edits.replace(do_kw, "{__tjf.symbolic(" + S + "); auto " + F + " = [&](" + P + ") {");
    block(body, n + 1, d + 1);
    m_edits.insert(body_end, Phase::Close, d, "};");
    m_edits.replace(kp, F + "(" + args(names) + "); ::tj::while_loop(" + state_tie(names) + ", [&](" + P +
                            ") -> ::tj::Bool { return (");
    m_edits.replace(rparen, "); }, " + F + ")");
    m_edits.insert(end, Phase::Close, d, "}");
}

void Planner::symbolic_for(const ForStmt *s, unsigned n, unsigned d) {
    const Stmt *body = s->getBody(), *init = s->getInit();
    const Expr *cond = s->getCond(), *inc = s->getInc();
    SourceLocation end = end_of(s);
    CharSourceRange header = m_src.file_range(SourceRange(s->getForLoc(), s->getRParenLoc()));
    CharSourceRange kp = keyword_paren(s->getForLoc());
    CharSourceRange rparen = m_src.file_range(SourceRange(s->getRParenLoc(), s->getRParenLoc()));
    CharSourceRange cr = m_src.file_range(cond->getSourceRange());
    CharSourceRange ir = inc ? m_src.file_range(inc->getSourceRange()) : CharSourceRange();
    if (s->getConditionVariable())
        return unrewritable(s, "a condition variable is not supported there", {body}, n, d);
    // The `;` after the condition, and without an init-statement the one before it.
    auto semi_after = [&](SourceLocation loc) {
        auto t = loc.isValid() ? m_src.next_token(loc) : std::nullopt;
        return t && t->is(tok::semi) ? CharSourceRange::getCharRange(t->getLocation(), t->getEndLoc())
                                     : CharSourceRange();
    };
    CharSourceRange semi2 = cr.isValid() ? semi_after(cr.getEnd()) : CharSourceRange();
    CharSourceRange semi1 = !init && kp.isValid() ? semi_after(kp.getEnd()) : CharSourceRange();
    if (end.isInvalid() || header.isInvalid() || kp.isInvalid() || rparen.isInvalid() || cr.isInvalid() ||
        semi2.isInvalid() || (inc && ir.isInvalid()) || (!init && semi1.isInvalid()) ||
        (init && init->getBeginLoc().isMacroID()))
        return unrewritable(s, "it comes from a macro and cannot be rewritten", {body}, n, d);
    std::vector<std::string> names;
    if (!symbolic_state({cond, inc, body}, {body}, "symbolic loop", names))
        return disabled(cond, {body}, n, d);
    uint32_t site = new_site(SiteKind::Loop, s->getForLoc(), n, m_src.text(header));
    condition_operands(site, cond);
    std::string S = sid(site), P = params(names), I = "__tj_inc_" + S;
    std::string open =
        "__tjf.symbolic(" + S + "); ::tj::while_loop(" + state_tie(names) + ", [&](" + P + ") -> ::tj::Bool { return (";
    if (init)
        init_statement(init, s->getForLoc(), (" " + open).c_str(), n, d);
    else
        m_edits.replace(CharSourceRange::getCharRange(kp.getBegin(), semi1.getEnd()), "{" + open);
    if (inc) {
        m_edits.replace(semi2, "); }, [&, " + I + " = [&](" + P + ") { ");
        increment(inc, ir, n, d);
        m_edits.replace(rparen, "; }](" + P + ") {");
    } else {
        m_edits.replace(semi2, "); }, [&](" + P + ") {");
        m_edits.replace(rparen, "");
    }
    block(body, n + 1, d + 1);
    m_edits.insert(end, Phase::Close, d, inc ? " " + I + "(" + args(names) + "); });}" : std::string("});}"));
}

} // namespace tracejit::plugin::body
