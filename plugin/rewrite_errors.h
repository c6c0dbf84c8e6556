// plugin/rewrite_errors.h — errors of the real compile on rewritten lines: reported at the user's line, as written
//
// The real compile reads the rewritten text. An error located on a line the rewrite changed (the recording's code
// does not compile, or a marked template fails in an instantiation the pre-pass did not make) would show that
// line, hooks and all. RewriteErrorFilter, installed as the real compile's diagnostic client in front of the
// original one, holds such an error back with its notes and, at the end of the translation unit, reports it as a
// `tracejit:` error at the same line of the original text (its column where the line is unchanged up to it, else
// the line's first character). Errors on lines as written, and everything else, go through unchanged.
//
// A warning of the real compile (also one -Werror makes an error) on a rewritten line, where the line is unchanged
// up to it, is the user's own: the real compile judges a traced function's name and what precedes it
// (-Wunused-function and its kin, which only the whole translation unit decides; prepass.cpp). It is passed on at
// once, with the same text, at the same line and column of the original text, so that it shows the line as
// written (through a second DiagnosticsEngine: clang's own has this warning in flight).
#pragma once

#include "user_warnings.h"

#include <clang/Basic/Diagnostic.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace tracejit::plugin {

class RewriteErrorFilter : public clang::DiagnosticConsumer {
  public:
    /// Wraps `ci`'s current client; `originals` are the original texts of the edited files, by name.
    RewriteErrorFilter(clang::CompilerInstance &ci, std::map<std::string, std::string> originals);

    void BeginSourceFile(const clang::LangOptions &lang, const clang::Preprocessor *pp) override;
    void EndSourceFile() override;
    void finish() override;
    bool IncludeInDiagnosticCounts() const override;
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override;

    /// Reports the errors held back, at the user's lines (`replay` locates them in copies of the original texts).
    void report(WarningReplay &replay);

    /// Where warnings on rewritten lines are moved to (copies of the original texts); until it is set, they pass
    /// unchanged.
    void set_replay(std::shared_ptr<WarningReplay> replay) { m_replay = std::move(replay); }

  private:
    struct Held {
        std::string file;
        unsigned line = 0, column = 0;
        std::string message;
    };
    /// The original text's name for the file of `loc` when it is an edited file, else null.
    const std::string *edited_file(clang::FileID fid) const;
    /// The counts of errors and warnings are the wrapped client's (the compile's exit status and summary read them).
    void sync_counts();
    /// Passes a warning or note located on a rewritten line, where the line is as written up to it, to the wrapped
    /// client at the same place in the original text; false (nothing done) for any other diagnostic.
    bool pass_relocated(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info);

    clang::CompilerInstance &m_ci;
    clang::DiagnosticConsumer *m_next;
    std::unique_ptr<clang::DiagnosticConsumer> m_owned; ///< m_next, when the engine owned it
    std::map<std::string, std::string> m_originals;
    std::vector<Held> m_held;
    bool m_holding = false; ///< the notes that follow belong to a held error
    std::shared_ptr<WarningReplay> m_replay;
    std::unique_ptr<clang::DiagnosticsEngine> m_relocated; ///< reports the relocated warnings to m_next
};

/// Installs a RewriteErrorFilter as `ci`'s diagnostic client (before anything is parsed) and returns it (owned by
/// the DiagnosticsEngine). Null when no file was edited.
RewriteErrorFilter *filter_rewrite_errors(clang::CompilerInstance &ci, std::map<std::string, std::string> originals);

} // namespace tracejit::plugin
