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

const char *group_name(WarningGroup group) {
    switch (group) {
    case WarningGroup::None: return nullptr;
    case WarningGroup::Unrecorded: return "unrecorded";
    case WarningGroup::Macro: return "macro";
    case WarningGroup::OpenMP: return "openmp";
    }
    return nullptr;
}

bool group_named(std::string_view name, WarningGroup *group) {
    for (WarningGroup g : {WarningGroup::Unrecorded, WarningGroup::Macro, WarningGroup::OpenMP})
        if (name == group_name(g)) {
            *group = g;
            return true;
        }
    return false;
}

EngineDiagnostic make_warning(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message,
                              WarningGroup group) {
    EngineDiagnostic d = make(EngineDiagnostic::Level::Warning, sm, loc, std::move(message));
    d.group = group;
    return d;
}

std::string shown_message(const EngineDiagnostic &diagnostic) {
    const char *group = group_name(diagnostic.group);
    return group ? diagnostic.message + " [-fplugin-arg-tracejit-W" + group + "]" : diagnostic.message;
}

EngineDiagnostic make_error(const clang::SourceManager &sm, clang::SourceLocation loc, std::string message) {
    return make(EngineDiagnostic::Level::Error, sm, loc, std::move(message));
}

} // namespace tracejit::plugin
