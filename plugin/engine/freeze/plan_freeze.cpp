// plugin/engine/freeze/plan_freeze.cpp — the wrapper of a frozen function (plan_freeze.h shows the rewrite's shape)
//
// Read plan_freeze (at the end) first: it checks that the function can be frozen, renames the definition in place
// (rename_definition), declares the hidden function where a qualified definition needs it (declare_hidden), and
// appends the wrapper (wrapper_body). Heads are copied token by token from the user's text (comments dropped, one
// line), without the [[jit::…]] attributes, so the wrapper's head is the definition's own. The three edits are
// one file because they must agree on the hidden name and the copied heads.
#include "engine/freeze/plan_freeze.h"

#include "engine/core/diagnostics.h"
#include "engine/core/freeze_options.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/Path.h>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// The name of the hidden function that holds the body of the frozen function `name`.
std::string hidden_body_name(llvm::StringRef name) { return "__tj_body_" + name.str(); }

struct RawToken {
    tok::TokenKind kind;
    SourceLocation loc;
    unsigned length;
    std::string text;
};

/// The raw tokens from `begin` on, up to `end` (exclusive) or, when `end` is invalid, up to the first `;` outside
/// brackets (exclusive; `*semi` is set to it). False when the text holds a preprocessor directive or ends first.
bool raw_tokens(const SourceText &src, SourceLocation begin, SourceLocation end, std::vector<RawToken> &out,
                SourceLocation *semi = nullptr) {
    const SourceManager &sm = src.sm();
    if (begin.isInvalid() || begin.isMacroID() || (end.isValid() && end.isMacroID()))
        return false;
    auto [fid, from] = sm.getDecomposedLoc(begin);
    unsigned to = ~0u;
    if (end.isValid()) {
        auto [end_fid, end_offset] = sm.getDecomposedLoc(end);
        if (end_fid != fid || end_offset < from)
            return false;
        to = end_offset;
    }
    bool invalid = false;
    StringRef buffer = sm.getBufferData(fid, &invalid);
    if (invalid)
        return false;
    Lexer lexer(sm.getLocForStartOfFile(fid), src.lang(), buffer.begin(), buffer.begin() + from, buffer.end());
    lexer.SetCommentRetentionState(false);
    int depth = 0;
    for (;;) {
        Token tok;
        lexer.LexFromRawLexer(tok);
        if (tok.is(tok::eof))
            return false;
        unsigned offset = sm.getFileOffset(tok.getLocation());
        if (offset >= to)
            return true;
        if (tok.is(tok::hash) && tok.isAtStartOfLine())
            return false;
        if (tok.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
            ++depth;
        else if (tok.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
            --depth;
        else if (tok.is(tok::semi) && depth == 0 && end.isInvalid()) {
            if (semi)
                *semi = tok.getLocation();
            return true;
        }
        out.push_back(
            {tok.getKind(), tok.getLocation(), tok.getLength(), buffer.substr(offset, tok.getLength()).str()});
    }
}

/// Index past the `[[jit::…]]` attribute starting at `i`, or `i` when none starts there.
size_t skip_jit_attribute(const std::vector<RawToken> &tokens, size_t i) {
    if (i + 2 >= tokens.size() || tokens[i].kind != tok::l_square || tokens[i + 1].kind != tok::l_square ||
        tokens[i + 2].text != "jit")
        return i;
    int depth = 0;
    for (size_t j = i; j < tokens.size(); ++j) {
        if (tokens[j].kind == tok::l_square)
            ++depth;
        else if (tokens[j].kind == tok::r_square && --depth == 0)
            return j + 1;
    }
    return i;
}

/// `virtual`, `override` and `final` outside parentheses: what a hidden function must not say.
bool is_virt_specifier(const RawToken &token, int paren_depth) {
    return paren_depth == 0 && token.kind == tok::raw_identifier &&
           (token.text == "virtual" || token.text == "override" || token.text == "final");
}

/// The tokens joined on one line, without [[jit::…]] attributes; the token at `name` becomes `new_name`, and
/// virt-specifiers are dropped when `strip_virtual`.
std::string join_head(const std::vector<RawToken> &tokens, SourceLocation name, const std::string &new_name,
                      bool strip_virtual) {
    std::string out;
    int paren = 0;
    for (size_t i = 0; i < tokens.size();) {
        size_t next = skip_jit_attribute(tokens, i);
        if (next != i) {
            i = next;
            continue;
        }
        const RawToken &t = tokens[i++];
        if (t.kind == tok::l_paren)
            ++paren;
        else if (t.kind == tok::r_paren)
            --paren;
        if (strip_virtual && is_virt_specifier(t, paren))
            continue;
        if (!out.empty())
            out += ' ';
        out += t.loc == name ? new_name : t.text;
    }
    return out;
}

/// Where a declaration's text starts: its template header(s) included, its leading attributes not. A macro there
/// (`INLINE float f(…)`) is copied as its use.
SourceLocation head_begin(const FunctionDecl &fn, const SourceManager &sm) {
    SourceLocation begin = fn.getOuterLocStart();
    if (const FunctionTemplateDecl *t = fn.getDescribedFunctionTemplate())
        if (t->getBeginLoc().isValid() && (begin.isInvalid() || sm.isBeforeInTranslationUnit(t->getBeginLoc(), begin)))
            begin = t->getBeginLoc();
    return begin.isMacroID() ? sm.getExpansionLoc(begin) : begin;
}

/// What the body's function returns, as far as the wrapper must know.
enum class Returns { Void, Value, Unknown /* dependent: decided per instantiation */ };

/// The template arguments that name the pattern's own parameters (`<T, N, Ts...>`), or "" when one of them has no
/// name (abbreviated templates: the arguments are deduced).
std::string own_template_arguments(const FunctionDecl &fn, bool *spelled) {
    *spelled = true;
    const FunctionTemplateDecl *t = fn.getDescribedFunctionTemplate();
    if (!t)
        return {};
    std::string out = "<";
    bool first = true;
    for (const NamedDecl *p : *t->getTemplateParameters()) {
        if (p->getName().empty() || p->isImplicit()) {
            *spelled = false;
            return {};
        }
        out += (first ? "" : ", ") + p->getName().str() + (p->isParameterPack() ? "..." : "");
        first = false;
    }
    return out + ">";
}

/// True when the function's name in its scope also names another function (`&f` alone would be ambiguous).
bool overloaded(const FunctionDecl &fn) {
    const Decl *self = fn.getDescribedFunctionTemplate() ? static_cast<const Decl *>(fn.getDescribedFunctionTemplate())
                                                         : static_cast<const Decl *>(&fn);
    for (const NamedDecl *found : fn.getDeclContext()->getRedeclContext()->lookup(fn.getDeclName()))
        if (found->getCanonicalDecl() != self->getCanonicalDecl())
            return true;
    return false;
}

class FreezePlanner {
  public:
    FreezePlanner(ASTContext &ctx, const SourceText &src, const FunctionDecl &fn, EditList &edits,
                  std::vector<EngineDiagnostic> &diagnostics)
        : m_ctx(ctx), m_src(src), m_sm(src.sm()), m_fn(fn), m_edits(edits), m_diagnostics(diagnostics) {}

    bool plan(const AnnotateAttr &mark, const FunctionPlan &plan, const std::vector<ImplicitInput> &implicit_inputs);

  private:
    bool refuse(const std::string &why) {
        m_diagnostics.push_back(
            make_warning(m_sm, m_fn.getLocation(),
                         "tracejit: '" + m_fn.getNameAsString() + "' is not frozen: " + why + "; it runs unfrozen"));
        return false;
    }
    bool rename_definition(const std::vector<RawToken> &head);
    bool declare_hidden();
    std::string options_text(const AnnotateAttr &mark, const FunctionPlan &plan) const;
    std::string registration_text() const;
    std::string wrapper_body(const AnnotateAttr &mark, const FunctionPlan &plan,
                             const std::vector<ImplicitInput> &implicit_inputs) const;

    ASTContext &m_ctx;
    const SourceText &m_src;
    const SourceManager &m_sm;
    const FunctionDecl &m_fn;
    EditList &m_edits;
    std::vector<EngineDiagnostic> &m_diagnostics;
    const CXXMethodDecl *m_method = nullptr; ///< an instance member function
    Returns m_returns = Returns::Value;
    std::string m_name;   ///< the function's name
    std::string m_hidden; ///< the hidden function's name
};

} // namespace

std::string why_not_freezable(const FunctionDecl &fn) {
    if (!fn.getDeclName().isIdentifier() || fn.getName().empty())
        return "only named functions can be frozen (not constructors, destructors, operators or conversions)";
    if (fn.isMain())
        return "'main' cannot be frozen";
    if (fn.isVariadic())
        return "C variadic functions cannot be frozen";
    if (fn.getFriendObjectKind() != Decl::FOK_None)
        return "friend functions cannot be frozen";
    if (fn.getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
        return "explicit specializations cannot be frozen (freeze the template)";
    if (const auto *method = dyn_cast<CXXMethodDecl>(&fn)) {
        if (method->isExplicitObjectMemberFunction())
            return "functions with an explicit object parameter cannot be frozen";
        if (method->getRefQualifier() == RQ_RValue)
            return "'&&'-qualified member functions cannot be frozen";
        if (method->isPureVirtual())
            return "pure virtual functions cannot be frozen";
    }
    unsigned index = 0;
    for (const ParmVarDecl *p : fn.parameters()) {
        if (p->getName().empty())
            return "every parameter of a frozen function needs a name";
        if (p->isParameterPack() && index + 1 != fn.getNumParams())
            return "a parameter pack must be the last parameter of a frozen function";
        ++index;
    }
    QualType r = fn.getReturnType();
    if (r.isNull())
        return "its return type is unknown";
    if (!r->isDependentType() && !r->isUndeducedType() && r->isReferenceType())
        return "a frozen function returns values, not references";
    return {};
}

namespace {

// The definition's name becomes the hidden function's; virt-specifiers go (the wrapper keeps them).
bool FreezePlanner::rename_definition(const std::vector<RawToken> &head) {
    bool renamed = false;
    int paren = 0;
    for (size_t i = 0; i < head.size();) {
        size_t next = skip_jit_attribute(head, i);
        if (next != i) {
            i = next;
            continue;
        }
        const RawToken &t = head[i++];
        if (t.kind == tok::l_paren)
            ++paren;
        else if (t.kind == tok::r_paren)
            --paren;
        CharSourceRange range = CharSourceRange::getCharRange(t.loc, t.loc.getLocWithOffset(t.length));
        if (t.loc == m_fn.getLocation()) {
            if (t.text != m_name || !m_edits.replace(range, m_hidden))
                return false;
            renamed = true;
        } else if (is_virt_specifier(t, paren) && !m_edits.replace(range, "")) {
            return false;
        }
    }
    return renamed;
}

// A qualified definition (`float S::f(…) {…}`, `float ns::f(…) {…}`) defines what its first declaration declared:
// the hidden function gets a declaration of its own right after that one, on its line.
bool FreezePlanner::declare_hidden() {
    if (!m_fn.getQualifier())
        return true;
    const FunctionDecl *first = m_fn.getCanonicalDecl();
    if (first == &m_fn)
        return refuse("its first declaration is not found");
    SourceLocation begin = head_begin(*first, m_sm);
    if (begin.isInvalid() || begin.isMacroID() || m_sm.isInSystemHeader(begin) || first->getLocation().isMacroID())
        return refuse("its first declaration cannot be rewritten (a macro or a system header)");
    std::vector<RawToken> tokens;
    SourceLocation semi;
    if (!raw_tokens(m_src, begin, SourceLocation(), tokens, &semi) || semi.isInvalid())
        return refuse("its first declaration cannot be read");
    std::string text = join_head(tokens, first->getLocation(), m_hidden, true);
    return m_edits.insert(semi.getLocWithOffset(1), Phase::Close, 0, " " + text + ";") ||
           refuse("its first declaration cannot be rewritten");
}

std::string FreezePlanner::options_text(const AnnotateAttr &mark, const FunctionPlan &plan) const {
    FreezeOptionValues values;
    std::vector<FreezeOptionError> errors; // reported by the attribute's handler (attributes.cpp)
    parse_freeze_options(m_sm, m_ctx.getLangOpts(), mark.getLocation(), values, errors);
    std::string name =
        plan.name + " (" + llvm::sys::path::filename(plan.file).str() + ":" + std::to_string(plan.line) + ")";
    std::string out = "[] { ::tj::FreezeOptions __tj_o; __tj_o.name = " + cxx_string_literal(name) + "; ";
    if (values.auto_opaque)
        out += std::string("__tj_o.auto_opaque = ") + (*values.auto_opaque ? "true" : "false") + "; ";
    if (values.warn_after)
        out += "__tj_o.warn_after = " + std::to_string(*values.warn_after) + "u; ";
    if (values.limit)
        out += "__tj_o.limit = " + std::to_string(*values.limit) + "u; ";
    return out + "return __tj_o; }()";
}

// tj::freeze_stats(&f) finds the wrapper's Frozen by f's address. Instance members have no such address, and an
// overloaded name is cast to the function's type (not possible with a deduced return type: not registered).
std::string FreezePlanner::registration_text() const {
    if (m_method)
        return {};
    bool spelled = true;
    std::string address = "&" + m_name + own_template_arguments(m_fn, &spelled);
    if (!spelled)
        return {};
    if (overloaded(m_fn)) {
        if (m_fn.getReturnType()->getContainedDeducedType())
            return {};
        PrintingPolicy policy(m_ctx.getLangOpts());
        std::string type = TypeName::getFullyQualifiedName(m_fn.getType(), m_ctx, policy, true);
        address = "static_cast<::std::add_pointer_t<" + type + ">>(" + address + ")";
    }
    return "static const bool __tj_registered = (::tj::detail::freeze_register(reinterpret_cast<const void *>(" +
           address + "), __tj_frozen.function()), true); (void)__tj_registered; ";
}

std::string FreezePlanner::wrapper_body(const AnnotateAttr &mark, const FunctionPlan &plan,
                                        const std::vector<ImplicitInput> &implicit_inputs) const {
    std::string statics, lambda_params, body_args, call_args, state_list, sets;
    if (m_method) {
        statics += "static thread_local decltype(this) __tj_self = nullptr; ";
        sets += "__tj_self = this; ";
    }
    auto comma = [](const std::string &list) { return std::string(list.empty() ? "" : ", "); };
    unsigned index = 0;
    for (const ParmVarDecl *p : m_fn.parameters()) {
        std::string name = p->getName().str();
        std::string i = std::to_string(index++);
        QualType t = p->getType();
        bool by_state =
            !p->isParameterPack() && t->isLValueReferenceType() && !t.getNonReferenceType().isConstQualified();
        if (by_state) { // an output parameter: the object itself, flattened as state and written back
            statics +=
                "static thread_local ::std::remove_reference_t<decltype(" + name + ")> *__tj_ref" + i + " = nullptr; ";
            sets += "__tj_ref" + i + " = ::std::addressof(" + name + "); ";
            body_args += comma(body_args) + "*__tj_ref" + i;
            state_list += comma(state_list) + name;
            continue;
        }
        if (p->isParameterPack()) {
            lambda_params += comma(lambda_params) + "auto &...__tj_a" + i;
            body_args += comma(body_args) + "static_cast<decltype(" + name + ") &&>(__tj_a" + i + ")...";
            call_args += ", " + name + "...";
        } else {
            lambda_params += comma(lambda_params) + "auto &__tj_a" + i;
            body_args += comma(body_args) + "static_cast<decltype(" + name + ") &&>(__tj_a" + i + ")";
            call_args += ", " + name;
        }
    }
    for (const ImplicitInput &input : implicit_inputs) {
        std::string e = input.expression;
        if (input.needs_const_cast)
            e = "const_cast<::std::remove_cvref_t<decltype((" + e + "))> &>(" + e + ")";
        state_list += comma(state_list) + e;
    }

    bool spelled = true;
    std::string targs = own_template_arguments(m_fn, &spelled);
    std::string callee =
        m_method ? "__tj_self->" + std::string(targs.empty() ? "" : "template ") + m_hidden + targs : m_hidden + targs;
    std::string call = callee + "(" + body_args + ")";
    std::string lambda_body;
    switch (m_returns) {
    case Returns::Value: lambda_body = "return " + call + "; "; break;
    case Returns::Void: lambda_body = call + "; return ::std::tuple<>(); "; break;
    case Returns::Unknown:
        lambda_body = "if constexpr (::std::is_void_v<decltype(" + call + ")>) { " + call +
                      "; return ::std::tuple<>(); } else { return " + call + "; } ";
        break;
    }
    // The lambda is a template, so that the branch of `if constexpr` not taken is never instantiated.
    std::string lambda = "[]<typename = void>(" + lambda_params + ") -> decltype(auto) { " + lambda_body + "}";

    std::string frozen_call = state_list.empty() ? "__tj_frozen(" + (call_args.empty() ? "" : call_args.substr(2)) + ")"
                                                 : "__tj_frozen.call(::std::tie(" + state_list + ")" + call_args + ")";
    // With a deduced return type, `&f` (the registration) needs a return statement before it: `if (false) return …;`.
    std::string registration = registration_text();
    bool prime = !registration.empty() && m_fn.getDeclaredReturnType()->getContainedDeducedType();
    std::string value_result = (prime ? "if (false) return " + frozen_call + "; " : std::string()) + registration +
                               "return " + frozen_call + "; ";
    std::string void_result =
        (prime ? std::string("if (false) return; ") : std::string()) + registration + frozen_call + "; ";
    std::string result;
    switch (m_returns) {
    case Returns::Value: result = value_result; break;
    case Returns::Void: result = void_result; break;
    case Returns::Unknown:
        result = "if constexpr (::std::is_same_v<decltype(" + frozen_call + "), ::std::tuple<>>) { " + void_result +
                 "return; } else { " + value_result + "} ";
        break;
    }
    return statics + "static auto __tj_frozen = ::tj::freeze(" + lambda + ", " + options_text(mark, plan) + "); " +
           sets + result;
}

bool FreezePlanner::plan(const AnnotateAttr &mark, const FunctionPlan &plan,
                         const std::vector<ImplicitInput> &implicit_inputs) {
    if (std::string why = why_not_freezable(m_fn); !why.empty())
        return refuse(why);
    const auto *method = dyn_cast<CXXMethodDecl>(&m_fn);
    m_method = method && method->isInstance() ? method : nullptr;
    QualType r = m_fn.getReturnType();
    m_returns = r->isDependentType() || r->isUndeducedType() ? Returns::Unknown
                : r->isVoidType()                            ? Returns::Void
                                                             : Returns::Value;
    m_name = m_fn.getName().str();
    m_hidden = hidden_body_name(m_name);
    const auto *body = dyn_cast_or_null<CompoundStmt>(m_fn.getBody());
    if (!body)
        return refuse("its body has an unexpected form");
    SourceLocation begin = head_begin(m_fn, m_sm);
    CharSourceRange lbrace = m_src.file_range(SourceRange(body->getLBracLoc(), body->getLBracLoc()));
    CharSourceRange rbrace = m_src.file_range(SourceRange(body->getRBracLoc(), body->getRBracLoc()));
    if (begin.isInvalid() || begin.isMacroID() || m_fn.getLocation().isMacroID() || lbrace.isInvalid() ||
        rbrace.isInvalid())
        return refuse("its declaration comes from a macro");
    std::vector<RawToken> head;
    if (!raw_tokens(m_src, begin, lbrace.getBegin(), head))
        return refuse("its declaration cannot be read (a preprocessor directive inside it?)");
    if (!declare_hidden())
        return false;
    if (!rename_definition(head))
        return refuse("its name cannot be rewritten");
    std::string wrapper =
        " " + join_head(head, SourceLocation(), "", false) + " { " + wrapper_body(mark, plan, implicit_inputs) + "}";
    m_edits.insert(rbrace.getEnd(), Phase::Epilogue, 0, wrapper);
    return true;
}

} // namespace

bool plan_freeze(ASTContext &ctx, const SourceText &src, const FunctionDecl &fn, const AnnotateAttr &mark,
                 const FunctionPlan &plan, const std::vector<ImplicitInput> &implicit_inputs, EditList &edits,
                 std::vector<EngineDiagnostic> &diagnostics) {
    FreezePlanner planner(ctx, src, fn, edits, diagnostics);
    return planner.plan(mark, plan, implicit_inputs);
}

} // namespace tracejit::plugin
