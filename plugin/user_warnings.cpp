// plugin/user_warnings.cpp — the pre-pass's warnings in rewritten functions, captured there and replayed in the real compile
#include "user_warnings.h"

#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>

namespace tracejit::plugin {
namespace {

/// The file and offset of `loc` (its expansion for a macro), or false when it is in no file.
bool file_position(const clang::SourceManager &sm, clang::SourceLocation loc, clang::FileID &fid, unsigned &offset) {
    if (loc.isInvalid())
        return false;
    auto [id, off] = sm.getDecomposedLoc(sm.getFileLoc(loc));
    if (!sm.getFileEntryRefForID(id))
        return false;
    fid = id;
    offset = off;
    return true;
}

/// `range` as offsets into `fid`; false when it lies elsewhere.
bool captured_range(const clang::SourceManager &sm, clang::CharSourceRange range, clang::FileID fid,
                    CapturedRange &out) {
    clang::FileID begin_file, end_file;
    if (!file_position(sm, range.getBegin(), begin_file, out.begin) ||
        !file_position(sm, range.getEnd(), end_file, out.end) || begin_file != fid || end_file != fid)
        return false;
    out.token_range = range.isTokenRange();
    return true;
}

CapturedDiagnostic capture(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) {
    CapturedDiagnostic d;
    d.id = info.getID();
    d.level = level;
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    d.message = message.str().str();
    clang::FileID fid;
    if (!info.hasSourceManager() || !file_position(info.getSourceManager(), info.getLocation(), fid, d.offset))
        return d;
    const clang::SourceManager &sm = info.getSourceManager();
    d.file = sm.getFileEntryRefForID(fid)->getName().str();
    for (const clang::CharSourceRange &range : info.getRanges()) {
        CapturedRange r;
        if (captured_range(sm, range, fid, r))
            d.ranges.push_back(std::move(r));
    }
    for (const clang::FixItHint &hint : info.getFixItHints()) {
        CapturedRange r;
        if (!captured_range(sm, hint.RemoveRange, fid, r))
            return d.fixits.clear(), d; // a fix-it is applied whole or not shown
        r.code = hint.CodeToInsert;
        d.fixits.push_back(std::move(r));
    }
    return d;
}

/// True for the warnings on whether a declaration is used anywhere in the translation unit (-Wunused-function,
/// -Wunneeded-internal-declaration, -Wunused-member-function, -Wunused-template): the pre-pass skips the bodies of
/// unmarked functions, so it does not see every use, and a marked function called only from an unmarked one would
/// be reported unused. The real compile reports them: they are located at the function's name, which it judges
/// itself (prepass.cpp silences only what follows the name).
bool judged_on_whole_unit(unsigned id) {
    llvm::StringRef option = clang::DiagnosticIDs::getWarningOptionForDiag(id);
    return option == "unused-function" || option == "unneeded-internal-declaration" ||
           option == "unused-member-function" || option == "unneeded-member-function" ||
           option == "unused-template";
}

/// Reports the pending warnings of the spans the lexer leaves.
class ReplayCallbacks : public clang::PPCallbacks {
  public:
    explicit ReplayCallbacks(std::shared_ptr<WarningReplay> replay) : m_replay(std::move(replay)) {}

    void FileChanged(clang::SourceLocation, FileChangeReason reason, clang::SrcMgr::CharacteristicKind,
                     clang::FileID prev) override {
        if (reason == ExitFile && prev.isValid())
            m_replay->on_file_exit(prev);
    }

  private:
    std::shared_ptr<WarningReplay> m_replay;
};

} // namespace

void WarningCapture::HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == clang::DiagnosticsEngine::Note) {
        if (m_in_warning)
            m_warnings.back().notes.push_back(capture(level, info));
        return;
    }
    m_in_warning = level == clang::DiagnosticsEngine::Warning && !judged_on_whole_unit(info.getID());
    if (m_in_warning)
        m_warnings.push_back({capture(level, info), {}, m_late});
}

std::vector<CapturedWarning> WarningCapture::take_in(const std::vector<RewrittenSpan> &spans) {
    std::vector<CapturedWarning> kept;
    for (CapturedWarning &w : m_warnings) {
        const CapturedDiagnostic &d = w.warning;
        bool inside = std::any_of(spans.begin(), spans.end(), [&](const RewrittenSpan &s) {
            return s.file == d.file && d.offset >= s.begin && d.offset < s.end;
        });
        if (inside)
            kept.push_back(std::move(w));
    }
    m_warnings.clear();
    return kept;
}

void drop_warnings_as_errors(std::vector<std::string> &warning_options) {
    std::erase_if(warning_options, [](const std::string &option) {
        return option == "error" || llvm::StringRef(option).starts_with("error=");
    });
}

WarningReplay::WarningReplay(clang::CompilerInstance &ci, std::vector<CapturedWarning> warnings,
                             std::vector<RewrittenSpan> spans, std::map<std::string, std::string> originals)
    : m_ci(ci), m_warnings(std::move(warnings)), m_spans(std::move(spans)), m_originals(std::move(originals)) {
    for (const CapturedWarning &w : m_warnings) {
        const CapturedDiagnostic &d = w.warning;
        auto span = std::find_if(m_spans.begin(), m_spans.end(), [&](const RewrittenSpan &s) {
            return s.file == d.file && d.offset >= s.begin && d.offset < s.end;
        });
        m_span_of.push_back(static_cast<unsigned>(span - m_spans.begin())); // take_in kept only those inside one
    }
}

std::shared_ptr<WarningReplay> replay_warnings(clang::CompilerInstance &ci, std::vector<CapturedWarning> warnings,
                                               std::vector<RewrittenSpan> spans,
                                               std::map<std::string, std::string> originals) {
    auto replay = std::make_shared<WarningReplay>(ci, std::move(warnings), std::move(spans), std::move(originals));
    if (replay->pending()) {
        clang::Preprocessor &pp = ci.getPreprocessor();
        pp.addPPCallbacks(std::make_unique<ReplayCallbacks>(replay));
        pp.setTokenWatcher([replay](const clang::Token &token) { replay->on_token(token.getLocation()); });
    }
    return replay;
}

clang::SourceLocation WarningReplay::locate(const std::string &file, unsigned offset) {
    clang::SourceManager &sm = m_ci.getSourceManager();
    clang::OptionalFileEntryRef entry = m_ci.getFileManager().getOptionalFileRef(file);
    if (!entry)
        return {};
    clang::FileID real = sm.translateFile(*entry);
    auto original = m_originals.find(file);
    if (original == m_originals.end()) // not edited: the real compile read the same text
        return real.isValid() ? sm.getComposedLoc(real, offset) : clang::SourceLocation();
    auto [copy, made] = m_original_ids.try_emplace(file);
    if (made) { // "In file included from" as for the file itself
        clang::SourceLocation included_at = real.isValid() ? sm.getIncludeLoc(real) : clang::SourceLocation();
        copy->second = sm.createFileID(llvm::MemoryBuffer::getMemBuffer(original->second, file),
                                       clang::SrcMgr::C_User, 0, 0, included_at);
    }
    if (offset > original->second.size())
        return {};
    return sm.getComposedLoc(copy->second, offset);
}

clang::SourceLocation WarningReplay::locate(const std::string &file, unsigned line, unsigned column) {
    auto original = m_originals.find(file);
    if (original == m_originals.end()) {
        clang::OptionalFileEntryRef entry = m_ci.getFileManager().getOptionalFileRef(file);
        return entry ? m_ci.getSourceManager().translateFileLineCol(*entry, line, column) : clang::SourceLocation();
    }
    if (line == 0 || column == 0)
        return {};
    llvm::StringRef text = original->second;
    size_t offset = 0;
    for (unsigned l = 1; l < line; ++l) {
        offset = text.find('\n', offset);
        if (offset == llvm::StringRef::npos)
            return {};
        ++offset;
    }
    return locate(file, static_cast<unsigned>(offset + column - 1));
}

void WarningReplay::report(const CapturedDiagnostic &d, bool is_warning) {
    clang::DiagnosticsEngine &diags = m_ci.getDiagnostics();
    clang::SourceManager &sm = m_ci.getSourceManager();
    clang::SourceLocation loc = d.file.empty() ? clang::SourceLocation() : locate(d.file, d.offset);
    clang::DiagnosticsEngine::Level level = d.level;
    if (is_warning) { // -Werror, -Werror=…, -Wno-error=… as the real compile sees them at this point
        clang::DiagnosticsEngine::Level real = diags.getDiagnosticLevel(d.id, clang::SourceLocation());
        if (real == clang::DiagnosticsEngine::Error || real == clang::DiagnosticsEngine::Fatal)
            level = real;
    }
    std::vector<clang::CharSourceRange> ranges;
    std::vector<clang::FixItHint> fixits;
    auto to_range = [&](const CapturedRange &r) {
        clang::SourceLocation b = locate(d.file, r.begin), e = locate(d.file, r.end);
        return b.isValid() && e.isValid() ? clang::CharSourceRange(clang::SourceRange(b, e), r.token_range)
                                          : clang::CharSourceRange();
    };
    if (loc.isValid()) {
        for (const CapturedRange &r : d.ranges)
            if (clang::CharSourceRange range = to_range(r); range.isValid())
                ranges.push_back(range);
        for (const CapturedRange &r : d.fixits)
            if (clang::CharSourceRange range = to_range(r); range.isValid())
                fixits.push_back(clang::FixItHint::CreateReplacement(range, r.code));
    }
    diags.Report(clang::StoredDiagnostic(level, d.id, d.message, clang::FullSourceLoc(loc, sm), ranges, fixits));
}

void WarningReplay::report_front() {
    const CapturedWarning &w = m_warnings[m_next++];
    report(w.warning, true);
    for (const CapturedDiagnostic &note : w.notes)
        report(note, false);
}

bool WarningReplay::front_done(clang::SourceLocation loc) {
    const CapturedWarning &w = m_warnings[m_next];
    if (w.late)
        return false;
    clang::SourceManager &sm = m_ci.getSourceManager();
    clang::FileID fid;
    unsigned offset = 0;
    if (!file_position(sm, loc, fid, offset))
        return false;
    const RewrittenSpan &span = m_spans[m_span_of[m_next]];
    if (sm.getFileEntryRefForID(fid)->getName() != span.file)
        return false;
    // Presumed lines: a twin (engine/plan/plan_twin.h) adds lines, and `#line` numbers them as the user's again.
    return sm.getPresumedLineNumber(sm.getComposedLoc(fid, offset)) > span.end_line;
}

void WarningReplay::on_token(clang::SourceLocation loc) {
    if (m_next == m_warnings.size() || m_ci.getDiagnostics().isDiagnosticInFlight())
        return;
    while (m_next < m_warnings.size() && front_done(loc))
        report_front();
}

void WarningReplay::on_file_exit(clang::FileID file) {
    clang::OptionalFileEntryRef entry = m_ci.getSourceManager().getFileEntryRefForID(file);
    if (!entry || m_ci.getDiagnostics().isDiagnosticInFlight())
        return;
    while (m_next < m_warnings.size() && !m_warnings[m_next].late &&
           m_spans[m_span_of[m_next]].file == entry->getName())
        report_front();
}

void WarningReplay::finish() {
    while (m_next < m_warnings.size())
        report_front();
}

} // namespace tracejit::plugin
