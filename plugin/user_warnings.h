// plugin/user_warnings.h — the user's own warnings in rewritten functions: kept from the pre-pass, shown by the real compile
//
// The rewrite hides warnings (a variable the recording reads is no longer unused) and moves columns, so the real
// compile must not judge a rewritten function's text. The pre-pass parses the user's text with the user's warning
// flags: WarningCapture keeps each warning located in a function the engine rewrote, with its notes, ranges and
// fix-its, as file offsets. The real compile ignores every warning inside a rewritten function (the pre-pass wraps
// each one in `_Pragma("clang diagnostic push/ignored -Weverything/pop")`, on the same lines; for a traced
// function, from just past its name, which the rewrite leaves as written: the real compile judges the name and
// what precedes it itself, and RewriteErrorFilter shows those warnings on the line as written) and WarningReplay
// reports the kept ones, with their own diagnostic ids, at the user's line and column of the original text, as
// soon as the real compile's lexer has left the function (late ones, from template instantiations at the end of
// the translation unit, at its end). -Werror applies as in the real compile: the pre-pass counts no warning as an
// error, the replay asks the real compile's DiagnosticsEngine what each warning's level is.
//
// Templates (and members of class templates) are left to the real compile: most of their warnings come with an
// instantiation, and the pre-pass, which skips the bodies of unmarked functions, does not make the instantiations
// the program makes. Their warnings come from the real compile: from a twin's body as written (plan_twin.h silences
// the recording copy), else from the rewritten text (docs/tape.md says which the recording hides).
#pragma once

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceLocation.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class SourceManager;
} // namespace clang

namespace tracejit::plugin {

/// A range or fix-it of a captured diagnostic, as offsets into the diagnostic's own file.
struct CapturedRange {
    unsigned begin = 0, end = 0;
    bool token_range = false;
    std::string code; ///< fix-its: the text that replaces the range
};

/// One diagnostic of the pre-pass, its location as a file name and an offset into that file's original text.
struct CapturedDiagnostic {
    unsigned id = 0;
    clang::DiagnosticsEngine::Level level = clang::DiagnosticsEngine::Warning;
    std::string message;
    std::string file; ///< empty: no location
    unsigned offset = 0;
    std::vector<CapturedRange> ranges;
    std::vector<CapturedRange> fixits;
};

/// A warning and the notes that followed it.
struct CapturedWarning {
    CapturedDiagnostic warning;
    std::vector<CapturedDiagnostic> notes;
    bool late = false; ///< reported after the main file was parsed (a template instantiated at its end)
};

/// A function the engine rewrote, as offsets into its file's original text: [begin, end).
struct RewrittenSpan {
    std::string file;
    unsigned begin = 0, end = 0;
    /// The presumed line of `end` (`#line` keeps it in the rewritten text, which may have more lines: a twin)
    unsigned end_line = 0;
};

/// Collects the warnings (and their notes) of the pre-pass. Forwards nothing.
class WarningCapture : public clang::DiagnosticConsumer {
  public:
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override;
    /// From now on, warnings are late (the pre-pass's preprocessor has reached the end of the main file).
    void mark_late() { m_late = true; }
    /// The warnings located in one of `spans`, in the order they were reported.
    std::vector<CapturedWarning> take_in(const std::vector<RewrittenSpan> &spans);

  private:
    std::vector<CapturedWarning> m_warnings;
    bool m_in_warning = false; ///< notes belong to the last warning
    bool m_late = false;
};

/// Turns -Werror and -Werror=… off in the pre-pass's warning options: there a warning must never stop the rewrite
/// (bodies the pre-pass skips make some warnings spurious there); the replay applies the user's -Werror.
void drop_warnings_as_errors(std::vector<std::string> &warning_options);

/// Reports the pre-pass's warnings in the real compile (see replay_warnings).
class WarningReplay {
  public:
    WarningReplay(clang::CompilerInstance &ci, std::vector<CapturedWarning> warnings,
                  std::vector<RewrittenSpan> spans, std::map<std::string, std::string> originals);

    bool pending() const { return m_next < m_warnings.size(); }
    /// Reports the warnings of functions the lexer has left (called for every token while any is pending).
    void on_token(clang::SourceLocation loc);
    /// Reports every warning of `file` still pending (its end was reached).
    void on_file_exit(clang::FileID file);
    /// Reports everything still pending (the end of the translation unit).
    void finish();

    /// Where a position of the pre-pass is in the real compile: in a copy of the original text for an edited file
    /// (so the user's line is shown, not the rewritten one), else the same offset in the file the real compile
    /// read. Invalid when the file is not part of the real compile.
    clang::SourceLocation locate(const std::string &file, unsigned offset);
    /// locate() of a 1-based line and column.
    clang::SourceLocation locate(const std::string &file, unsigned line, unsigned column);

  private:
    void report(const CapturedDiagnostic &d, bool is_warning);
    void report_front();
    /// True when a token at `loc` lies past the function of the first pending warning.
    bool front_done(clang::SourceLocation loc);

    clang::CompilerInstance &m_ci;
    std::vector<CapturedWarning> m_warnings;
    std::vector<unsigned> m_span_of; ///< per warning: the index of its span
    std::vector<RewrittenSpan> m_spans;
    std::map<std::string, std::string> m_originals;
    std::map<std::string, clang::FileID> m_original_ids; ///< copies of original texts made so far
    size_t m_next = 0;                                    ///< the first warning not reported yet
};

/// Installs the replay of `warnings` in the real compile `ci` (before anything is lexed): each is reported once the
/// lexer has left its function. `originals` holds the original text of each edited file, by name: warnings point
/// into it. The caller calls finish() at the end of the translation unit (late warnings, and any left).
std::shared_ptr<WarningReplay> replay_warnings(clang::CompilerInstance &ci, std::vector<CapturedWarning> warnings,
                                               std::vector<RewrittenSpan> spans,
                                               std::map<std::string, std::string> originals);

} // namespace tracejit::plugin
