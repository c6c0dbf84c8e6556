// plugin/engine/core/diagnostics.cpp — places the engine's warnings and errors at the user's source location
#include "engine/core/diagnostics.h"

namespace tracejit::plugin {

namespace {

EngineDiagnostic make(EngineDiagnostic::Level level, const clang::SourceManager &sm, clang::SourceLocation loc,
                      std::string message) {
    EngineDiagnostic d;
    d.level = level;
    d.message = std::move(message);
    if (loc.isValid()) {
        clang::SourceLocation e = sm.getExpansionLoc(loc);
        d.file = sm.getFilename(e).str();
        d.line = sm.getExpansionLineNumber(e);
        d.column = sm.getExpansionColumnNumber(e);
    }
    return d;
}

} // namespace

EngineDiagnostic make_warning(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message) {
    return make(EngineDiagnostic::Level::Warning, sm, loc, std::move(message));
}

EngineDiagnostic make_error(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message) {
    return make(EngineDiagnostic::Level::Error, sm, loc, std::move(message));
}

} // namespace tracejit::plugin
