// plugin/engine/plan/plan_twin.h — the twin rewrite: the body as written while nothing records, the recording copy out of line
//
// A [[jit::trace]] function that can be duplicated keeps its body as written behind one branch on the process-wide
// "recording anywhere" flag (tj::tape::detail::recording(), include/tracejit/generated/tape_hooks.h), so that with no
// tape active the optimizer sees, and inlines, the code the user wrote; the instrumented body (what plan_function
// produces) becomes a cold, never-inlined lambda optimized for size (`minsize`: optimized as the rest, the copies take a
// fifth of a marked file's compile; docs/benchmarks.md, "Where the compile time goes"), called immediately on
// the other side of the branch:
//
//     T f(args) {if (!::tj::tape::detail::recording()) [[likely]] {<body as written>} else {return
//     #line <line of the body's '{'> "<file>"
//     [&]([[maybe_unused]] decltype(a) a, …) __attribute__((noinline, cold, minsize)) -> T {<instrumented body>}(a, …);}}
//
// The lambda takes the parameters it can copy unseen as its own (TwinShape::passed) and captures the others and
// `this` by reference. The macros the body defines or undefines are saved before the body as written and restored
// after it (TwinShape::macros), so that both copies are read with the same macros. A static local that keeps a state
// is declared once before the branch and referred to by both copies (TwinShape::hoisted).
//
// The `#line` directive puts the copy on the user's lines again, so `__LINE__`, diagnostics and debug information
// of both copies point at the lines as written, and the lines after the function are numbered as in the user's file.
// Functions whose body cannot be duplicated without changing its meaning keep the instrumented body alone
// (why_no_twin says which; docs/tape.md lists them).
#pragma once

#include "engine/core/source_edits.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <string>
#include <vector>

namespace tracejit::plugin {

/// How the recording copy is called: what its lambda returns and whether it needs the function's signature.
struct TwinShape {
    std::string lambda_return; ///< the lambda's trailing return type (" -> double", " -> decltype(auto)"), or ""
    bool returns_void = false; ///< the copy is called as a statement, not returned
    bool template_signature = false; ///< the lambda captures `__tj_signature = __PRETTY_FUNCTION__` (templates)
    bool is_main = false; ///< the copy ends with `return 0;` (what falling off the end of main returns)
    /// The parameters the lambda takes as its own parameters of the same type (`decltype(p) p`), passed at the call,
    /// instead of capturing them by reference: those of trivially copyable type taken by value (a copy nobody can
    /// tell from the original). A captured parameter's address escapes into the copy, which keeps it in memory in
    /// the body as written too once the function is inlined; a passed one does not.
    std::vector<std::string> passed;
    /// The macros the body's `#define` and `#undef` name: saved before the body as written and restored after it
    /// (`_Pragma("push_macro")`, `_Pragma("pop_macro")`), so that the copy sees the macros the body saw.
    std::vector<std::string> macros;
    /// Static and thread_local locals of the function that keep a state, moved before the branch so that both copies
    /// share it: their declarations under new names (`static long __tj_static0_last = 42;`), written before the
    /// branch, and where each stood in the body, the reference both copies declare in its place
    /// (`[[maybe_unused]] auto &last = __tj_static0_last`). Only constant-initialized ones (their initialization
    /// happens before the program runs, wherever the declaration stands) of a type and initializer that name nothing
    /// local (shared_statics in plan_twin.cpp).
    std::string hoisted;
    std::vector<std::pair<clang::CharSourceRange, std::string>> static_refs;
};

/// The name under which the recording copy sees the enclosing function's __PRETTY_FUNCTION__ (emit_prologue).
inline constexpr const char *twin_signature_name = "__tj_signature";

/// Why the body of `fn` cannot be duplicated (empty when it can); fills `shape` when it can. `is_template` is the
/// plan's (the Frame then gets the function's signature).
std::string why_no_twin(clang::ASTContext &ctx, const SourceText &src, const clang::FunctionDecl &fn,
                        bool is_template, TwinShape &shape);

/// The text that replaces the body of `fn` (from its `{` to its `}`): the body as written, `plain` (braces included:
/// the user's text with only its calls through pointer arrays rewritten, plan_dispatch.h), then the recording copy
/// `instrumented` (the same range after plan_function's edits). In a template, the real compile's warnings in the
/// recording copy are silenced (the copy as written gives them). Empty when a text is not a braced body.
std::string twin_body(const SourceText &src, const clang::FunctionDecl &fn, const TwinShape &shape,
                      const std::string &plain, const std::string &instrumented);

} // namespace tracejit::plugin
