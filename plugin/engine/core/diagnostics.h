// plugin/engine/core/diagnostics.h — what the engine reports: warnings and errors at a location in the user's source
//
// The engine never touches clang's DiagnosticsEngine: its caller (plugin.cpp, tracejit-rewrite) reports each
// EngineDiagnostic at the user's line. Locations are resolved to their expansion when the diagnostic is made, as
// the pre-pass's SourceManager does not outlive the engine.
#pragma once

#include <clang/Basic/SourceManager.h>

#include <string>

namespace tracejit::plugin {

/// Something the engine could not do, at a location in the user's source.
struct EngineDiagnostic {
    enum class Level { Warning, Error } level = Level::Warning;
    std::string file;    ///< the file's name as the SourceManager knows it
    unsigned line = 0;   ///< 1-based, in the original text
    unsigned column = 0; ///< 1-based, in the original text
    std::string message;
};

/// A warning at `loc` (its expansion, in the original text); no position when `loc` is invalid.
EngineDiagnostic make_warning(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message);

/// An error at `loc`, placed as make_warning places it.
EngineDiagnostic make_error(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message);

} // namespace tracejit::plugin
