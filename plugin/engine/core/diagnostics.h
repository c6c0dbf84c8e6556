// plugin/engine/core/diagnostics.h — what the engine reports: warnings and errors at a location in the user's source
//
// The engine never touches clang's DiagnosticsEngine: its caller (plugin.cpp, tracejit-rewrite) reports each
// EngineDiagnostic at the user's line. Locations are resolved to their expansion when the diagnostic is made, as
// the pre-pass's SourceManager does not outlive the engine.
//
// Warnings that something is not recorded belong to a group, off by default: the plugin shows them only under
// its flag -fplugin-arg-tracejit-W<group> (plugin.cpp), so that a marked build warns about nothing the plain
// build does not. clang-19 gives a plugin no way to add a -W group of its own (a custom diagnostic ignores -W,
// -w and -Werror), hence plugin arguments.
#pragma once

#include <clang/Basic/SourceManager.h>

#include <string>
#include <string_view>

namespace tracejit::plugin {

/// The groups of warnings that are off by default; None: always shown.
enum class WarningGroup {
    None,
    Unrecorded, ///< -Wunrecorded: a statement, loop or function that cannot be instrumented
    Macro,      ///< -Wmacro: statements from macros that cannot be instrumented (once per file)
    OpenMP,     ///< -Wopenmp: what the threads of an OpenMP construct run cannot be recorded under its call
};

/// The flag's name ("unrecorded"); null for WarningGroup::None.
const char *group_name(WarningGroup group);
/// The group named `name` (without "-W"); false when there is none.
bool group_named(std::string_view name, WarningGroup *group);

/// Something the engine could not do, at a location in the user's source.
struct EngineDiagnostic {
    enum class Level { Warning, Error } level = Level::Warning;
    std::string file;    ///< the file's name as the SourceManager knows it
    unsigned line = 0;   ///< 1-based, in the original text
    unsigned column = 0; ///< 1-based, in the original text
    std::string message;
    WarningGroup group = WarningGroup::None; ///< of a warning
};

/// A warning at `loc` (its expansion, in the original text); no position when `loc` is invalid.
EngineDiagnostic make_warning(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message,
                              WarningGroup group = WarningGroup::None);

/// The message as shown: a grouped warning's ends with its flag, as clang shows a -W group
/// (" [-fplugin-arg-tracejit-Wunrecorded]").
std::string shown_message(const EngineDiagnostic &diagnostic);

/// An error at `loc`, placed as make_warning places it.
EngineDiagnostic make_error(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message);

} // namespace tracejit::plugin
