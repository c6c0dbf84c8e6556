// plugin/engine/plan/emit_tables.h — writes a planned function's static tables, Frame and try/catch as one C++ line
#pragma once

#include "engine/core/plan_model.h"

#include <string>

namespace tracejit::plugin {

/// What goes right after the body's `{`: the static Site/Operand/Literal/write/Case/slot-name tables, the
/// FunctionInfo, the Frame `__tjf`, the `args(...)` call and, with exceptions, `try {`. One line.
std::string emit_prologue(const FunctionPlan &plan, bool exceptions);

/// What goes right before the body's `}`: the handler that records an exception leaving the function.
std::string emit_epilogue(bool exceptions);

} // namespace tracejit::plugin
