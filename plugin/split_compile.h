// plugin/split_compile.h — headers parsed once: the real compile forks where the marked code starts, the child rewrites
//
// The pre-pass (prepass.h) parses the whole translation unit a second time, headers and all: for a small program that
// is most of a plain compile. Where the marks are in the main file only and come after a top-level #include, the real
// compile parses the headers once. Read in order: `split_point` (the end of the line of the last such #include, from
// the text alone), `start_split` (the main file's buffer gets room for the rewritten rest; the predefines include
// tape_hooks.h), `SplitCompile::at_split` (when the preprocessor comes back from that #include, the compile forks:
// the child parses the rest as written and, at the end of the translation unit, runs the engine and sends the rewrite
// back through a pipe, `finish_in_child`; the parent writes the rewritten rest into its buffer after the split point,
// where its lexer has not read yet, and goes on as if the pre-pass had rewritten the file). What the child finds that
// this cannot carry (an edit before the split point, another file edited, a header the rewritten code needs besides
// tape_hooks.h, the split point inside a declaration) starts the compile again in two passes
// (`-fplugin-arg-tracejit-no-split`, which also turns the split off).
#pragma once

#include "prepass.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace tracejit::plugin {

class SymbolicErrorFilter;

/// A place to split the main file: just past the line of an #include.
struct SplitPoint {
    unsigned offset = 0;       ///< the first byte after that line
    unsigned include_line = 0; ///< where that line starts
};

/// Where the main file of `ci` can be split: after the line of the last #include before the first "jit::" that is
/// outside any brace, parenthesis or #if. None when the split does not apply: no such #include, a file the main file
/// includes (not a system header) mentions a mark, "freeze", "tracejit/" or "fmt/", there is a -include file, or the
/// main file mentions "freeze", "tj::", "tracejit/" or "fmt/" (their rewrite needs more than tape_hooks.h).
std::optional<SplitPoint> split_point(clang::CompilerInstance &ci);

/// One compile split at a point of its main file (see the file comment).
class SplitCompile {
  public:
    /// Called in the parent with what the child found; `applied`: the rewritten rest is in the main file's buffer.
    using Ready = std::function<void(PrepassResult result, bool applied)>;

    SplitCompile(clang::CompilerInstance &ci, SplitPoint point, std::string original, char *buffer, size_t capacity,
                 bool twins, Ready ready);

    /// True in the child process.
    bool in_child() const { return m_child; }
    /// Whether the main file's lexer, now at `position` (an offset into the buffer), is back from the #include whose
    /// line ends at the split point (past that directive's '#': at a file's first byte it has read nothing yet, as
    /// when the predefines end), and the split has not happened yet.
    bool due(size_t position) const;
    /// Forks at `position` (due): the child goes on parsing the text as written; the parent waits for its rewrite,
    /// writes it after the split point and calls `ready` (or starts the compile again in two passes, see
    /// restart_in_two_passes).
    void at_split(size_t position);
    /// In the child, at the end of the translation unit: runs the engine, sends the result, exits.
    [[noreturn]] void finish_in_child(clang::ASTContext &ctx);
    /// In the parent, at the end of the translation unit: a split point never reached (and no error to explain it)
    /// starts the compile again in two passes rather than leave the marked functions unrecorded.
    void check_reached();

  private:
    void become_child(int fd);
    void take_result(const std::string &wire);
    /// Why the child's result cannot be used in this compile; empty when it can.
    std::string unusable(const PrepassResult &result) const;
    /// Runs the compile again from its command line with -fplugin-arg-tracejit-no-split; returns only if it cannot
    /// (then reports an error naming `why`).
    void restart_in_two_passes(const std::string &why);

    clang::CompilerInstance &m_ci;
    SplitPoint m_point;     ///< offset: the first byte the parent may rewrite
    std::string m_original; ///< the main file as written
    char *m_buffer;         ///< the main file's buffer in the SourceManager: the text, then spaces
    size_t m_capacity;      ///< its size
    bool m_twins;
    Ready m_ready;
    bool m_done = false;
    size_t m_forked_at = 0; ///< where the main file's lexer was at the fork (the dump's line: split_line)
    bool m_child = false;
    int m_fd = -1;                           ///< the child's end of the pipe
    WarningCapture *m_warnings = nullptr;    ///< the child's capture of the user's warnings
    SymbolicErrorFilter *m_errors = nullptr; ///< the child's diagnostic client
};

/// Sets the compile of `ci` up to split at `point` (from split_point): the main file's buffer, the predefines, the
/// callback that forks. Null (nothing changed) when tape_hooks.h cannot be found: the two-pass path reports it.
std::shared_ptr<SplitCompile> start_split(clang::CompilerInstance &ci, SplitPoint point, bool twins,
                                          SplitCompile::Ready ready);

} // namespace tracejit::plugin
