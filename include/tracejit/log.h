// include/tracejit/log.h — log levels and where log lines go
#pragma once

#include <functional>
#include <string>

namespace tj {

/// Severity of a log line; TRACEJIT_LOG=error|warn|info|debug|trace sets the initial level.
enum class LogLevel { Off = -1, Error = 0, Warn = 1, Info = 2, Debug = 3, Trace = 4 };

/// Prints lines of `level` and more severe ones (default: warn, or TRACEJIT_LOG).
void set_log_level(LogLevel level);

/// The level now in force.
LogLevel log_level();

/// Sends each log line to `callback` instead of stderr; an empty function restores stderr.
void set_log_callback(std::function<void(LogLevel, const std::string &)> callback);

} // namespace tj
