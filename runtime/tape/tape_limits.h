// runtime/tape/tape_limits.h — what a TRACEJIT_TAPE recording may record: the limits users set in the environment
//
// Read once per process, with TRACEJIT_TAPE (docs/tape.md, "Limits"). A value that does not parse is reported
// on stderr in one line and recording is off for the process: a tape never grows past a limit its user meant
// to set.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tj::tape::detail {

struct TapeLimits {
    uint64_t bytes = 0;                 ///< TRACEJIT_TAPE_LIMIT: the file's size (0: none)
    uint64_t statements = 0;            ///< TRACEJIT_TAPE_STATEMENTS: nodes in the file (0: none)
    std::vector<std::string> functions; ///< TRACEJIT_TAPE_FUNCTIONS: glob patterns, comma-separated (empty: all)
    uint64_t calls = 0;                 ///< TRACEJIT_TAPE_CALLS: calls recorded per function (0: all)
    int depth = 0;                      ///< TRACEJIT_TAPE_DEPTH: levels of calls expanded (0: all)
    uint32_t loop = 0;                  ///< TRACEJIT_TAPE_LOOP: iterations recorded per loop run (0: all)
    std::string error;                  ///< why a value did not parse (recording is then off)
};

/// The limits of this process (read once).
const TapeLimits &tape_limits();
/// Reads the limits from `get` (getenv for the process; tests pass their own).
TapeLimits read_tape_limits(const char *(*get)(const char *));
/// Whether `name` matches a glob `pattern` (`*` any text, `?` one character).
bool glob_match(std::string_view pattern, std::string_view name);
/// Whether a function of this display name is recorded under `limits` (TRACEJIT_TAPE_FUNCTIONS).
bool function_selected(const TapeLimits &limits, std::string_view name);

} // namespace tj::tape::detail
