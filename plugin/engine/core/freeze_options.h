// plugin/engine/core/freeze_options.h — the options of [[jit::freeze(name = value, …)]], read from the source
//
// Clang 19 hands a plugin attribute no arguments (it skips the parenthesised tokens), so the options are read by
// lexing the text that follows the attribute's name. The attribute handler (attributes.cpp) parses them to report
// mistakes at their location; the engine (plan_freeze.cpp) parses the same text again for the values.
#pragma once

#include <clang/Basic/LangOptions.h>
#include <clang/Basic/SourceLocation.h>
#include <clang/Basic/SourceManager.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracejit::plugin {

/// The options written in one [[jit::freeze(…)]]; unset when not written (tj::FreezeOptions' default applies).
struct FreezeOptionValues {
    std::optional<bool> auto_opaque;
    std::optional<uint32_t> warn_after;
    std::optional<uint32_t> limit;
};

/// A mistake in the option list, at the token it concerns.
struct FreezeOptionError {
    clang::SourceLocation loc;
    std::string message;
};

/// Reads the options after the attribute at `attr` (the location of its `jit` scope or of `freeze`; a macro
/// location is read where it is spelled). Returns false, with at least one entry in `errors`, when the list is not
/// valid; `values` then holds the options read before the first mistake.
bool parse_freeze_options(const clang::SourceManager &sm, const clang::LangOptions &lang, clang::SourceLocation attr,
                          FreezeOptionValues &values, std::vector<FreezeOptionError> &errors);

} // namespace tracejit::plugin
