// plugin/engine/core/source_edits.h — source ranges, texts and ordered insertions: how the engine reads and edits files
//
// Every edit is an insertion at a file offset or a replacement of a few tokens (which keeps the newlines it
// removes), so the user's lines never move. Insertions at one offset are ordered by EditList: text that closes a
// statement comes before text that opens the next one; among closing texts the innermost statement's comes first,
// among opening texts the outermost's.
#pragma once

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <optional>
#include <string>
#include <vector>

namespace tracejit::plugin {

/// Reads the user's source through a SourceManager: file ranges of AST ranges (macro uses resolved to the use),
/// their text, positions, the tokens that follow.
class SourceText {
  public:
    SourceText(const clang::SourceManager &sm, const clang::LangOptions &lang) : m_sm(sm), m_lang(lang) {}

    const clang::SourceManager &sm() const { return m_sm; }
    const clang::LangOptions &lang() const { return m_lang; }

    /// The characters of a token range in one file (a macro use stands for its expansion); invalid when the range
    /// cannot be edited (it starts or ends inside a macro definition, or spans files).
    clang::CharSourceRange file_range(clang::SourceRange range) const;
    /// The characters of a statement: as file_range, and also when the statement ends inside a macro whose
    /// expansion ends with the `;` after it (`#define DONE return 0;` used as `DONE`): then the macro's use.
    clang::CharSourceRange statement_range(clang::SourceRange range) const;
    /// The text of a character range, as written.
    std::string text(clang::CharSourceRange range) const;
    /// The location just after the `;` that follows `after` (a file location), or invalid when none follows.
    clang::SourceLocation after_semi(clang::SourceLocation after) const;
    /// True when the character just before `loc` (a file location) may end an identifier or number, so text
    /// inserted at `loc` that starts with one would join it (`return(x)`).
    bool follows_identifier(clang::SourceLocation loc) const;
    /// The raw token starting at or after `loc` (a file location), skipping whitespace and comments.
    std::optional<clang::Token> next_token(clang::SourceLocation loc) const;
    /// The start of the pragmas (`#pragma` lines, `_Pragma(...)` operators) written directly before the statement
    /// starting at `loc` (a file location), or invalid when none precedes it. A pragma applies to the statement that
    /// follows it, so nothing may be inserted between them (nor between it and an `#endif` after it).
    clang::SourceLocation pragmas_before(clang::SourceLocation loc) const;
    /// The location just after the last token before `loc` (comments, blank lines and `#if`, `#ifdef`, `#ifndef`
    /// lines skipped), where text that must precede a pragma can go; invalid when that token ends another
    /// preprocessor directive or none is found.
    clang::SourceLocation after_previous_token(clang::SourceLocation loc) const;
    /// Presumed line and column of a location (its expansion for macro locations).
    std::pair<uint32_t, uint32_t> presumed(clang::SourceLocation loc) const;
    /// Presumed file name, as __FILE__ spells it.
    std::string presumed_file(clang::SourceLocation loc) const;

  private:
    const clang::SourceManager &m_sm;
    const clang::LangOptions &m_lang;
};

/// Where an insertion stands among the others at the same offset: a function's prologue first, then what closes
/// statements, then what opens them, and a function's epilogue last.
enum class Phase { Prologue, Close, Open, Epilogue };

/// The edits planned for one function, applied to the Rewriter only when the whole function was planned.
class EditList {
  public:
    explicit EditList(const clang::SourceManager &sm) : m_sm(sm) {}

    /// Inserts `text` at a file location. `depth` is the statement's depth in the body's tree.
    bool insert(clang::SourceLocation loc, Phase phase, unsigned depth, std::string text);
    /// Replaces a character range (a few tokens, never holding other edits) by `text`, adding the newlines it
    /// removed after `text`.
    bool replace(clang::CharSourceRange range, std::string text);
    /// Applies everything to `rewriter`.
    void apply(clang::Rewriter &rewriter) const;

  private:
    struct Insertion {
        clang::SourceLocation loc;
        clang::FileID file;
        unsigned offset;
        Phase phase;
        unsigned depth;
        unsigned seq;
        std::string text;
    };
    struct Replacement {
        clang::CharSourceRange range;
        std::string text;
    };
    const clang::SourceManager &m_sm;
    std::vector<Insertion> m_insertions;
    std::vector<Replacement> m_replacements;
};

/// `text` as a C++ string literal on one line: quotes, backslashes and control characters escaped (and bytes from
/// 0x80 when `escape_non_ascii`), `??` split so no trigraph can form.
std::string cxx_string_literal(const std::string &text, bool escape_non_ascii = false);

} // namespace tracejit::plugin
