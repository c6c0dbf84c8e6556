// plugin/rewrite_errors.cpp — errors of the real compile on rewritten lines: reported at the user's line, as written
#include "rewrite_errors.h"

#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/Lexer.h>
#include <llvm/ADT/SmallString.h>

#include <algorithm>

namespace tracejit::plugin {

namespace {

/// Line `line` (1-based) of `text`, without its end of line; empty past the end.
llvm::StringRef line_of(llvm::StringRef text, unsigned line) {
    size_t offset = 0;
    for (unsigned l = 1; l < line; ++l) {
        offset = text.find('\n', offset);
        if (offset == llvm::StringRef::npos)
            return {};
        ++offset;
    }
    llvm::StringRef rest = text.substr(offset);
    return rest.substr(0, rest.find('\n'));
}

} // namespace

RewriteErrorFilter::RewriteErrorFilter(clang::CompilerInstance &ci, std::map<std::string, std::string> originals)
    : m_ci(ci), m_originals(std::move(originals)) {
    clang::DiagnosticsEngine &diags = ci.getDiagnostics();
    m_next = diags.getClient();
    if (diags.ownsClient())
        m_owned = diags.takeClient();
}

void RewriteErrorFilter::BeginSourceFile(const clang::LangOptions &lang, const clang::Preprocessor *pp) {
    if (m_next)
        m_next->BeginSourceFile(lang, pp);
}

void RewriteErrorFilter::EndSourceFile() {
    if (!m_held.empty()) { // the end of the translation unit was not reached: at least say what happened where
        clang::DiagnosticsEngine &diags = m_ci.getDiagnostics();
        unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "tracejit: %0:%1: %2 (in the "
                                                                             "rewritten text of this line)");
        std::vector<Held> held = std::move(m_held);
        m_held.clear();
        for (const Held &h : held)
            diags.Report(id) << h.file << h.line << h.message;
    }
    if (m_next)
        m_next->EndSourceFile();
    sync_counts();
}

void RewriteErrorFilter::finish() {
    if (m_next)
        m_next->finish();
    sync_counts();
}

void RewriteErrorFilter::sync_counts() {
    if (!m_next)
        return;
    NumErrors = m_next->getNumErrors();
    NumWarnings = m_next->getNumWarnings();
}

bool RewriteErrorFilter::IncludeInDiagnosticCounts() const {
    return m_next ? m_next->IncludeInDiagnosticCounts() : true;
}

const std::string *RewriteErrorFilter::edited_file(clang::FileID fid) const {
    clang::SourceManager &sm = m_ci.getSourceManager();
    clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(fid);
    if (!entry)
        return nullptr;
    for (const auto &[name, text] : m_originals)
        if (auto e = m_ci.getFileManager().getOptionalFileRef(name); e && e->getUniqueID() == entry->getUniqueID())
            return &name;
    return nullptr;
}

bool RewriteErrorFilter::pass_relocated(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) {
    // Warnings, also those -Werror makes errors, and their notes; the other errors are the rewrite's (held back).
    const bool warning = level == clang::DiagnosticsEngine::Warning ||
                         (level == clang::DiagnosticsEngine::Error &&
                          clang::DiagnosticIDs::isBuiltinWarningOrExtension(info.getID()));
    if ((!warning && level != clang::DiagnosticsEngine::Note) || !m_replay || !m_next ||
        !info.getLocation().isValid() || !info.hasSourceManager())
        return false;
    clang::SourceManager &sm = info.getSourceManager();
    clang::SourceLocation at = sm.getFileLoc(info.getLocation());
    auto [fid, offset] = sm.getDecomposedLoc(at);
    const std::string *name = edited_file(fid);
    if (!name)
        return false;
    bool invalid = false;
    llvm::StringRef rewritten = sm.getBufferData(fid, &invalid);
    clang::PresumedLoc presumed = sm.getPresumedLoc(at);
    if (invalid || presumed.isInvalid())
        return false;
    const unsigned line = sm.getLineNumber(fid, offset);
    llvm::StringRef now = line_of(rewritten, line);
    llvm::StringRef was = line_of(m_originals.at(*name), presumed.getLine());
    if (now == was) // a line as written: the real compile shows it as it is
        return false;
    // How far the line is as written: a place (or a range's last token) within that part is the user's own.
    size_t same = 0;
    while (same < now.size() && same < was.size() && now[same] == was[same])
        ++same;
    auto original = [&](clang::SourceLocation loc, bool whole_token) -> clang::SourceLocation {
        loc = sm.getFileLoc(loc);
        auto [f, o] = sm.getDecomposedLoc(loc);
        if (f != fid || sm.getLineNumber(f, o) != line)
            return {};
        unsigned column = sm.getColumnNumber(f, o);
        unsigned length = whole_token ? clang::Lexer::MeasureTokenLength(loc, sm, m_ci.getLangOpts()) : 0;
        if (column == 0 || column - 1 + length > same)
            return {};
        return m_replay->locate(*name, presumed.getLine(), column);
    };
    clang::SourceLocation loc = original(at, false);
    if (loc.isInvalid())
        return false;
    std::vector<clang::CharSourceRange> ranges;
    for (const clang::CharSourceRange &r : info.getRanges()) {
        clang::SourceLocation b = original(r.getBegin(), false), e = original(r.getEnd(), r.isTokenRange());
        if (b.isValid() && e.isValid())
            ranges.push_back(clang::CharSourceRange(clang::SourceRange(b, e), r.isTokenRange()));
    }
    std::vector<clang::FixItHint> fixits;
    for (const clang::FixItHint &hint : info.getFixItHints()) {
        clang::SourceLocation b = original(hint.RemoveRange.getBegin(), false),
                              e = original(hint.RemoveRange.getEnd(), hint.RemoveRange.isTokenRange());
        if (b.isInvalid() || e.isInvalid()) { // a fix-it is shown whole or not at all
            fixits.clear();
            break;
        }
        fixits.push_back(clang::FixItHint::CreateReplacement(
            clang::CharSourceRange(clang::SourceRange(b, e), hint.RemoveRange.isTokenRange()), hint.CodeToInsert));
    }
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    if (!m_relocated) {
        clang::DiagnosticsEngine &diags = m_ci.getDiagnostics();
        m_relocated = std::make_unique<clang::DiagnosticsEngine>(diags.getDiagnosticIDs(), &diags.getDiagnosticOptions(),
                                                                 m_next, /*ShouldOwnClient=*/false);
        m_relocated->setSourceManager(&sm);
    }
    m_relocated->Report(
        clang::StoredDiagnostic(level, info.getID(), message, clang::FullSourceLoc(loc, sm), ranges, fixits));
    sync_counts();
    return true;
}

void RewriteErrorFilter::HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) {
    if (level == clang::DiagnosticsEngine::Note && m_holding)
        return;
    m_holding = false;
    if (pass_relocated(level, info))
        return;
    if (level >= clang::DiagnosticsEngine::Error && info.getLocation().isValid() && info.hasSourceManager()) {
        clang::SourceManager &sm = info.getSourceManager();
        auto [fid, offset] = sm.getDecomposedLoc(sm.getFileLoc(info.getLocation()));
        if (const std::string *name = edited_file(fid)) {
            bool invalid = false;
            llvm::StringRef rewritten = sm.getBufferData(fid, &invalid);
            unsigned line = sm.getLineNumber(fid, offset);
            unsigned column = sm.getColumnNumber(fid, offset);
            // The user's line: a twin's recording copy follows a `#line` that numbers it as written
            // (engine/plan/plan_twin.h), so the rewritten text's own line numbers run ahead of the original's there.
            clang::PresumedLoc presumed = sm.getPresumedLoc(sm.getFileLoc(info.getLocation()));
            unsigned user_line = presumed.isValid() ? presumed.getLine() : line;
            llvm::StringRef now = invalid ? llvm::StringRef() : line_of(rewritten, line);
            llvm::StringRef was = line_of(m_originals.at(*name), user_line);
            if (!invalid && now != was) {
                // The column where the line is as written up to it, else the line's first character.
                if (column == 0 || column > was.size() + 1 || now.substr(0, column - 1) != was.substr(0, column - 1))
                    column = static_cast<unsigned>(std::min(was.find_first_not_of(" \t"), was.size())) + 1;
                llvm::SmallString<256> message;
                info.FormatDiagnostic(message);
                m_held.push_back({*name, user_line, column, message.str().str()});
                m_holding = true;
                return;
            }
        }
    }
    // This client's counts are the wrapped one's (`-verify` counts only what it did not expect): a held error is
    // counted when it is reported.
    if (m_next)
        m_next->HandleDiagnostic(level, info);
    else
        DiagnosticConsumer::HandleDiagnostic(level, info);
    sync_counts();
}

void RewriteErrorFilter::report(WarningReplay &replay) {
    clang::DiagnosticsEngine &diags = m_ci.getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                        "tracejit: %0 (in the rewritten text of this line: -fplugin-arg-tracejit-dump "
                                        "shows it; -fplugin-arg-tracejit-off compiles the file without recording)");
    std::vector<Held> held = std::move(m_held);
    m_held.clear();
    for (const Held &h : held) {
        clang::SourceLocation loc = replay.locate(h.file, h.line, h.column);
        diags.Report(loc, id) << h.message;
    }
}

RewriteErrorFilter *filter_rewrite_errors(clang::CompilerInstance &ci, std::map<std::string, std::string> originals) {
    if (originals.empty())
        return nullptr;
    auto *filter = new RewriteErrorFilter(ci, std::move(originals));
    ci.getDiagnostics().setClient(filter, /*ShouldOwnClient=*/true);
    return filter;
}

} // namespace tracejit::plugin
