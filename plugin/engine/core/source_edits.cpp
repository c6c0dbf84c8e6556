// plugin/engine/core/source_edits.cpp — source ranges, texts and ordered insertions for the rewrite planners
#include "engine/core/source_edits.h"

#include <clang/Basic/CharInfo.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <tuple>

namespace tracejit::plugin {

using namespace clang;

CharSourceRange SourceText::file_range(SourceRange range) const {
    if (range.isInvalid())
        return {};
    CharSourceRange r = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(range), m_sm, m_lang);
    if (r.isInvalid() || r.getBegin().isMacroID() || r.getEnd().isMacroID())
        return {};
    if (m_sm.getFileID(r.getBegin()) != m_sm.getFileID(r.getEnd()))
        return {};
    if (m_sm.getFileOffset(r.getBegin()) > m_sm.getFileOffset(r.getEnd()))
        return {};
    return r;
}

CharSourceRange SourceText::statement_range(SourceRange range) const {
    CharSourceRange r = file_range(range);
    if (r.isValid() || range.isInvalid() || !range.getEnd().isMacroID())
        return r;
    // The `;` written right after the statement's last token in the macro's definition, at the macro location the
    // same distance on (tokens of one definition are laid out as written).
    SourceLocation last = range.getEnd();
    SourceLocation spelled = m_sm.getSpellingLoc(last);
    auto semi = next_token(spelled.getLocWithOffset(Lexer::MeasureTokenLength(spelled, m_sm, m_lang)));
    if (!semi || semi->isNot(tok::semi) || m_sm.getFileID(semi->getLocation()) != m_sm.getFileID(spelled))
        return r;
    SourceLocation semi_loc =
        last.getLocWithOffset(m_sm.getFileOffset(semi->getLocation()) - m_sm.getFileOffset(spelled));
    if (m_sm.getFileID(semi_loc) != m_sm.getFileID(last) || m_sm.getSpellingLoc(semi_loc) != semi->getLocation())
        return r;
    return file_range(SourceRange(range.getBegin(), semi_loc));
}

std::string SourceText::text(CharSourceRange range) const {
    if (range.isInvalid())
        return {};
    bool invalid = false;
    StringRef t = Lexer::getSourceText(range, m_sm, m_lang, &invalid);
    if (invalid)
        return {};
    return t.str();
}

bool SourceText::follows_identifier(SourceLocation loc) const {
    if (loc.isInvalid() || loc.isMacroID())
        return false;
    auto [fid, offset] = m_sm.getDecomposedLoc(loc);
    bool invalid = false;
    StringRef buffer = m_sm.getBufferData(fid, &invalid);
    if (invalid || offset == 0 || offset > buffer.size())
        return false;
    return isAsciiIdentifierContinue(buffer[offset - 1]);
}

std::optional<Token> SourceText::next_token(SourceLocation loc) const {
    if (loc.isInvalid() || loc.isMacroID())
        return std::nullopt;
    auto [fid, offset] = m_sm.getDecomposedLoc(loc);
    bool invalid = false;
    StringRef buffer = m_sm.getBufferData(fid, &invalid);
    if (invalid || offset > buffer.size())
        return std::nullopt;
    Lexer lexer(m_sm.getLocForStartOfFile(fid), m_lang, buffer.begin(), buffer.begin() + offset, buffer.end());
    lexer.SetCommentRetentionState(false);
    Token tok;
    lexer.LexFromRawLexer(tok);
    if (tok.is(tok::eof))
        return std::nullopt;
    // A raw lexer does not know keywords; identifiers are enough for the planner.
    return tok;
}

namespace {

/// The raw tokens of `buffer[begin, end)`, lexed from `begin` (comments skipped).
std::vector<Token> raw_tokens(const SourceManager &sm, const LangOptions &lang, FileID fid, StringRef buffer,
                              size_t begin, size_t end) {
    Lexer lexer(sm.getLocForStartOfFile(fid), lang, buffer.begin(), buffer.begin() + begin, buffer.end());
    lexer.SetCommentRetentionState(false);
    std::vector<Token> tokens;
    Token tok;
    while (true) {
        lexer.LexFromRawLexer(tok);
        if (tok.is(tok::eof) || sm.getFileOffset(tok.getLocation()) >= end)
            break;
        tokens.push_back(tok);
    }
    return tokens;
}

/// True when `line` (its leading blanks trimmed) is the preprocessor directive `#name`.
bool directive_named(StringRef line, StringRef name) {
    if (!line.consume_front("#"))
        return false;
    line = line.ltrim(" \t");
    if (!line.consume_front(name))
        return false;
    return line.empty() || !isAsciiIdentifierContinue(line.front());
}

size_t line_start(StringRef buffer, size_t offset) {
    size_t nl = buffer.substr(0, offset).find_last_of("\n\r");
    return nl == StringRef::npos ? 0 : nl + 1;
}

/// The file of a location written in a file (not in a macro), its offset there and the file's text.
std::optional<std::tuple<FileID, unsigned, StringRef>> file_text(const SourceManager &sm, SourceLocation loc) {
    if (loc.isInvalid() || loc.isMacroID())
        return std::nullopt;
    auto [fid, offset] = sm.getDecomposedLoc(loc);
    bool invalid = false;
    StringRef buffer = sm.getBufferData(fid, &invalid);
    if (invalid || offset > buffer.size())
        return std::nullopt;
    return std::tuple{fid, offset, buffer};
}

} // namespace

SourceLocation SourceText::pragmas_before(SourceLocation loc) const {
    auto found_file = file_text(m_sm, loc);
    if (!found_file)
        return {};
    auto [fid, offset, buffer] = *found_file;
    size_t pos = offset;
    bool found = false;
    // `_Pragma("…")` operators on the statement's line, directly before it.
    size_t begin = line_start(buffer, pos);
    std::vector<Token> line = raw_tokens(m_sm, m_lang, fid, buffer, begin, pos);
    size_t i = line.size();
    while (i >= 4 && line[i - 1].is(tok::r_paren) && tok::isStringLiteral(line[i - 2].getKind()) &&
           line[i - 3].is(tok::l_paren) && line[i - 4].is(tok::raw_identifier) &&
           line[i - 4].getRawIdentifier() == "_Pragma") {
        i -= 4;
        pos = m_sm.getFileOffset(line[i].getLocation());
        found = true;
    }
    // `#pragma` lines directly above (lines holding only a `//` comment or an `#endif` between them skipped: the
    // pragma of `#ifdef _OPENMP` / `#pragma omp …` / `#endif` applies to the statement after the `#endif`).
    if (!StringRef(buffer.data() + begin, pos - begin).trim().empty())
        begin = 0; // code before it on its line
    while (begin > 0) {
        size_t above = line_start(buffer, begin - 1);
        StringRef text = StringRef(buffer.data() + above, begin - above).ltrim();
        begin = above;
        if (text.starts_with("//") || directive_named(text, "endif"))
            continue;
        if (!text.consume_front("#") || !text.ltrim().starts_with("pragma"))
            break;
        pos = above + (buffer.substr(above).find('#'));
        found = true;
    }
    return found ? loc.getLocWithOffset(static_cast<int>(pos) - static_cast<int>(offset)) : SourceLocation();
}

SourceLocation SourceText::after_previous_token(SourceLocation loc) const {
    auto found_file = file_text(m_sm, loc);
    if (!found_file)
        return {};
    auto [fid, offset, buffer] = *found_file;
    size_t end = offset;
    while (true) {
        size_t begin = line_start(buffer, end);
        std::vector<Token> line = raw_tokens(m_sm, m_lang, fid, buffer, begin, end);
        if (begin >= 2 && buffer[begin - 2] == '\\')
            return {}; // the line continues the one above: perhaps a directive's
        if (!line.empty()) {
            bool directive = line.front().is(tok::hash) && m_sm.getFileOffset(line.front().getLocation()) ==
                                                               begin + (buffer.substr(begin).find_first_not_of(" \t"));
            // Text cannot follow a directive (it would join it). An `#if` that opens the region of what follows is
            // stepped over: the code before it is in the same active region as the `#if` line itself.
            StringRef text = StringRef(buffer.data() + begin, end - begin).ltrim();
            if (directive &&
                (directive_named(text, "if") || directive_named(text, "ifdef") || directive_named(text, "ifndef"))) {
                if (begin == 0)
                    return {};
                end = begin - 1;
                continue;
            }
            if (directive)
                return {};
            return line.back().getEndLoc();
        }
        if (begin == 0)
            return {};
        end = begin - 1;
    }
}

SourceLocation SourceText::after_semi(SourceLocation after) const {
    auto tok = next_token(after);
    if (!tok || tok->isNot(tok::semi))
        return {};
    return tok->getLocation().getLocWithOffset(1);
}

std::pair<uint32_t, uint32_t> SourceText::presumed(SourceLocation loc) const {
    PresumedLoc p = m_sm.getPresumedLoc(m_sm.getExpansionLoc(loc));
    if (p.isInvalid())
        return {0, 0};
    return {p.getLine(), p.getColumn()};
}

std::string SourceText::presumed_file(SourceLocation loc) const {
    PresumedLoc p = m_sm.getPresumedLoc(m_sm.getExpansionLoc(loc));
    if (p.isInvalid())
        return {};
    return p.getFilename();
}

bool EditList::insert(SourceLocation loc, Phase phase, unsigned depth, std::string text) {
    if (loc.isInvalid() || loc.isMacroID())
        return false;
    auto [fid, offset] = m_sm.getDecomposedLoc(loc);
    if (fid.isInvalid())
        return false;
    m_insertions.push_back(
        {loc, fid, offset, phase, depth, static_cast<unsigned>(m_insertions.size()), std::move(text)});
    return true;
}

bool EditList::replace(CharSourceRange range, std::string text) {
    if (range.isInvalid() || !range.isCharRange() || range.getBegin().isMacroID() || range.getEnd().isMacroID())
        return false;
    bool invalid = false;
    StringRef old = Lexer::getSourceText(range, m_sm, LangOptions(), &invalid);
    if (invalid)
        return false;
    text.append(static_cast<size_t>(std::count(old.begin(), old.end(), '\n')), '\n');
    m_replacements.push_back({range, std::move(text)});
    return true;
}

void EditList::apply(Rewriter &rewriter) const {
    // Replacements first: an insertion at the start of a replaced range then lands before the new text.
    for (const Replacement &r : m_replacements)
        rewriter.ReplaceText(r.range, r.text);
    std::vector<const Insertion *> order;
    order.reserve(m_insertions.size());
    for (const Insertion &i : m_insertions)
        order.push_back(&i);
    std::sort(order.begin(), order.end(), [](const Insertion *a, const Insertion *b) {
        if (a->file != b->file)
            return a->file < b->file;
        if (a->offset != b->offset)
            return a->offset < b->offset;
        if (a->phase != b->phase)
            return a->phase < b->phase;
        if (a->depth != b->depth)
            return a->phase == Phase::Close ? a->depth > b->depth : a->depth < b->depth;
        return a->seq < b->seq;
    });
    for (size_t i = 0; i < order.size();) {
        std::string text;
        size_t j = i;
        for (; j < order.size() && order[j]->file == order[i]->file && order[j]->offset == order[i]->offset; ++j)
            text += order[j]->text;
        rewriter.InsertText(order[i]->loc, text, /*InsertAfter=*/true);
        i = j;
    }
}

std::string cxx_string_literal(const std::string &text, bool escape_non_ascii) {
    std::string out = "\"";
    for (size_t i = 0; i < text.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        case '?': out += (i + 1 < text.size() && text[i + 1] == '?') ? "?\\" : "?"; break;
        default:
            if (c < 0x20 || c == 0x7f || (escape_non_ascii && c >= 0x80)) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\%03o", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
    return out;
}

} // namespace tracejit::plugin
