// plugin/prepass_wire.h — a PrepassResult through a pipe: what the split compile's child sends its parent
//
// Both ends are the same process image (a fork), so numbers go as their bytes. A diagnostic id the child made after
// the fork (a custom one) is unknown to the parent: it goes as its text and level, and the parent makes it again.
#pragma once

#include "prepass.h"

#include <string>

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace tracejit::plugin {

/// `result` and `problem` (why the split cannot use it; empty when it can) as bytes.
std::string encode_result(const PrepassResult &result, const std::string &problem,
                          const clang::DiagnosticsEngine &diags);

/// Reads what encode_result wrote into `result` and `problem`; false when the bytes are cut short.
bool decode_result(const std::string &bytes, PrepassResult &result, std::string &problem,
                   clang::DiagnosticsEngine &diags);

} // namespace tracejit::plugin
