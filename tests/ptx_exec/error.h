// tests/ptx_exec/error.h — the one exception type of the PTX execution engine
#pragma once

#include <stdexcept>
#include <string>

namespace ptx_exec {

/// A module the engine cannot parse, or a launch it stops (unsupported instruction, bad access, deadlock).
struct ExecError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

} // namespace ptx_exec
