// plugin/prepass.h — the plugin's pre-pass: parse the file once more, run the engine, hand its edits to the real
// compile
//
// Read in order: may_contain_marks (the cheap text scan that lets a file without `jit::` or `freeze` cost nothing),
// run_prepass (a nested CompilerInstance parses a copy of the invocation with ParseSyntaxOnly, skipping the bodies of
// unmarked functions outside files that mention `freeze`, and runs the engine on its AST), apply_prepass (overrides
// the edited files in the real compile's SourceManager and injects the runtime header through the predefines). The
// pre-pass has its own SourceManager: everything crossing over is text and file names, never SourceLocations.
#pragma once

#include "engine/engine.h"
#include "user_warnings.h"

#include <llvm/ADT/StringRef.h>

#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInstance;
class PPCallbacks;
} // namespace clang

namespace tracejit::plugin {

/// One file whose text the engine changed.
struct EditedFile {
    std::string name; ///< as the pre-pass SourceManager names it (the spelling the include path produced)
    bool is_main = false;
    std::string text;     ///< the rewritten contents
    std::string original; ///< the contents the pre-pass parsed (where the user's warnings point)
};

/// What the pre-pass produced.
struct PrepassResult {
    bool had_errors = false; ///< the user's code does not compile: nothing was rewritten
    bool crashed = false;    ///< the pre-pass crashed (and was recovered): nothing was rewritten
    unsigned rewritten_functions = 0;
    unsigned rewritten_calls = 0; ///< `tj::freeze(lambda)` calls given their captures (frozen_lambdas.h)
    bool uses_freeze = false;     ///< a function is called through tj::freeze: <tracejit/freeze.h> is included too
    bool uses_control = false;    ///< symbolic branches or loops: <tracejit/control.h> is included too
    bool uses_dispatch = false;   ///< calls through pointer arrays: <tracejit/generated/vcall_hooks.h> is included too
    bool uses_fmt = false;        ///< the file includes fmt: the tape may format values through it (TRACEJIT_TAPE_FMT)
    bool uses_tj = false;         ///< the file includes a tracejit header: <tracejit/tape.h> is included too
    unsigned split_line = 0;      ///< a split compile's (split_compile.h): the line after which it split; 0: two passes
    std::vector<EditedFile> files;
    std::vector<EngineDiagnostic> diagnostics; ///< positions in the original text of `file`
    std::vector<RewrittenSpan> rewritten;      ///< the rewritten definitions, in the original texts
    std::vector<CapturedWarning> warnings;     ///< the user's warnings inside them (user_warnings.h)
};

/// True when the main file, a file it includes (transitively, resolved like the preprocessor does: `"…"` in the
/// including file's folder, then -iquote, then -I folders; `<…>` in the -I folders; system folders never), or a
/// -include file, contains "jit::" or "freeze" (a `tj::freeze(lambda)` call the engine gives its captures).
/// Reads text only: no lexing, no parsing. False means the file cannot hold a mark.
bool may_contain_marks(clang::CompilerInstance &ci);

/// True while a pre-pass runs on this thread: the plugin, loaded into the nested compile too, then does nothing.
bool in_prepass();

/// Parses the translation unit of `ci` once more and runs the engine on it. Nothing is shown: errors stop the
/// rewrite, except those of tj::Bool conditions (symbolic_condition.h), which are what the engine rewrites; the
/// warnings inside rewritten definitions are kept for the real compile (user_warnings.h), which ignores its own
/// there: each rewritten definition is wrapped in diagnostic pragmas on its own lines. `twins`: EngineOptions::twins.
PrepassResult run_prepass(clang::CompilerInstance &ci, bool twins = true);

/// Runs the engine on the finished AST of `ctx` and fills `result`: the text of every file it edited (each
/// rewritten definition wrapped in diagnostic pragmas), the user's warnings in those definitions (from `warnings`),
/// the engine's diagnostics and what the rewritten code needs included. `other_errors`: the user's code has errors
/// other than tj::Bool conditions: nothing is rewritten (`had_errors`).
void collect_rewrite(clang::ASTContext &ctx, bool other_errors, WarningCapture &warnings, bool twins,
                     PrepassResult &result);

/// Tells `warnings` when the preprocessor has read the main file: warnings after that are late (user_warnings.h).
std::unique_ptr<clang::PPCallbacks> late_after_main_file(WarningCapture &warnings);

/// True when <tracejit/generated/tape_hooks.h> can be included: from the include path or, failing that, from the
/// include folder of this plugin's own installation, which is then added after the -I folders.
bool find_runtime_header(clang::CompilerInstance &ci);

/// The lines the real compile's predefines get for `result`: tape_hooks.h, and the headers the rewritten code needs.
std::string runtime_includes(const PrepassResult &result);

/// True when a file the main file includes (transitively, found as may_contain_marks finds them; system headers
/// never) contains one of `needles`.
bool includes_mention(clang::CompilerInstance &ci, std::vector<llvm::StringRef> needles);

/// Makes the real compile of `ci` read the rewritten files and include <tracejit/generated/tape_hooks.h> (and, with
/// frozen functions, <tracejit/freeze.h>) first (from the include path, else from the include folder installed with
/// the plugin, which is then added to the path). Reports an error (and changes nothing) when the header is in neither.
/// Returns false when nothing was applied.
bool apply_prepass(clang::CompilerInstance &ci, const PrepassResult &result);

} // namespace tracejit::plugin
