// plugin/engine/core/freeze_options.cpp — lexes and checks the option list of [[jit::freeze(…)]]
#include "engine/core/freeze_options.h"

#include <clang/Lex/Lexer.h>

#include <limits>

namespace tracejit::plugin {

using namespace clang;

namespace {

/// Raw tokens of one file from a starting location on (comments skipped).
class TokenCursor {
  public:
    TokenCursor(const SourceManager &sm, const LangOptions &lang, SourceLocation at) : m_sm(sm), m_lang(lang) {
        auto [fid, offset] = sm.getDecomposedLoc(at);
        bool invalid = false;
        StringRef buffer = sm.getBufferData(fid, &invalid);
        if (invalid || offset > buffer.size())
            return;
        m_lexer.emplace(sm.getLocForStartOfFile(fid), lang, buffer.begin(), buffer.begin() + offset, buffer.end());
        m_lexer->SetCommentRetentionState(false);
    }

    /// The next token (eof once the file ends or could not be read).
    Token next() {
        Token tok;
        tok.startToken();
        tok.setKind(tok::eof);
        if (m_lexer)
            m_lexer->LexFromRawLexer(tok);
        return tok;
    }

    std::string spelling(const Token &tok) const {
        bool invalid = false;
        std::string text = Lexer::getSpelling(tok, m_sm, m_lang, &invalid);
        return invalid ? std::string() : text;
    }

  private:
    const SourceManager &m_sm;
    const LangOptions &m_lang;
    std::optional<Lexer> m_lexer;
};

bool is_word(const Token &tok, const TokenCursor &cursor, const char *word) {
    return tok.is(tok::raw_identifier) && cursor.spelling(tok) == word;
}

} // namespace

bool parse_freeze_options(const SourceManager &sm, const LangOptions &lang, SourceLocation attr,
                          FreezeOptionValues &values, std::vector<FreezeOptionError> &errors) {
    if (attr.isInvalid())
        return true;
    TokenCursor cursor(sm, lang, sm.getSpellingLoc(attr));
    auto fail = [&](const Token &tok, std::string message) {
        errors.push_back({tok.getLocation(), std::move(message)});
        return false;
    };
    Token tok = cursor.next();
    if (is_word(tok, cursor, "jit")) { // `jit :: freeze`
        tok = cursor.next();
        if (tok.isNot(tok::coloncolon))
            return true; // not the spelling this parser knows: nothing to read
        tok = cursor.next();
    }
    if (!is_word(tok, cursor, "freeze"))
        return true;
    tok = cursor.next();
    if (tok.isNot(tok::l_paren))
        return true; // [[jit::freeze]]: no options
    tok = cursor.next();
    if (tok.is(tok::r_paren))
        return true; // [[jit::freeze()]]
    const char *known = "(known: auto_opaque, warn_after, limit)";
    for (;;) {
        if (tok.isNot(tok::raw_identifier))
            return fail(tok, std::string("expected a [[jit::freeze]] option name ") + known);
        std::string name = cursor.spelling(tok);
        if (name != "auto_opaque" && name != "warn_after" && name != "limit")
            return fail(tok, "unknown [[jit::freeze]] option '" + name + "' " + known);
        std::optional<uint32_t> &number = name == "limit" ? values.limit : values.warn_after;
        if ((name == "auto_opaque" && values.auto_opaque) || (name != "auto_opaque" && number))
            return fail(tok, "[[jit::freeze]] option '" + name + "' is given twice");
        tok = cursor.next();
        if (tok.isNot(tok::equal))
            return fail(tok, "expected '=' after [[jit::freeze]] option '" + name + "'");
        Token value = cursor.next();
        std::string text = cursor.spelling(value);
        if (name == "auto_opaque") {
            if (!value.is(tok::raw_identifier) || (text != "true" && text != "false"))
                return fail(value, "[[jit::freeze]] option 'auto_opaque' takes true or false");
            values.auto_opaque = text == "true";
        } else {
            bool digits = value.is(tok::numeric_constant) && !text.empty() && text.size() <= 10;
            for (char c : text)
                digits = digits && c >= '0' && c <= '9';
            unsigned long long n = digits ? std::stoull(text) : 0;
            if (!digits || n > std::numeric_limits<uint32_t>::max())
                return fail(value, "[[jit::freeze]] option '" + name + "' takes a whole number from 0 to 4294967295");
            number = static_cast<uint32_t>(n);
        }
        tok = cursor.next();
        if (tok.is(tok::r_paren))
            return true;
        if (tok.isNot(tok::comma))
            return fail(tok, "expected ',' or ')' after the value of [[jit::freeze]] option '" + name + "'");
        tok = cursor.next();
    }
}

} // namespace tracejit::plugin
