// runtime/log.h — leveled logging through fmt to stderr or a user callback
#pragma once

#include <tracejit/log.h>

#include <fmt/format.h>

#include <string>

namespace tj::logging {

/// Current level (initialised once from TRACEJIT_LOG, changed by tj::set_log_level).
LogLevel level();

/// Sends one finished line to the callback or to stderr.
void emit(LogLevel lvl, const std::string &line);

/// True when a message of `lvl` would be printed: test before formatting costly text.
inline bool enabled(LogLevel lvl) { return static_cast<int>(lvl) <= static_cast<int>(level()); }

template <typename... Args> void print(LogLevel lvl, fmt::format_string<Args...> f, Args &&...args) {
    if (enabled(lvl))
        emit(lvl, fmt::format(f, std::forward<Args>(args)...));
}
template <typename... Args> void error(fmt::format_string<Args...> f, Args &&...args) {
    print(LogLevel::Error, f, std::forward<Args>(args)...);
}
template <typename... Args> void warn(fmt::format_string<Args...> f, Args &&...args) {
    print(LogLevel::Warn, f, std::forward<Args>(args)...);
}
template <typename... Args> void info(fmt::format_string<Args...> f, Args &&...args) {
    print(LogLevel::Info, f, std::forward<Args>(args)...);
}
template <typename... Args> void debug(fmt::format_string<Args...> f, Args &&...args) {
    print(LogLevel::Debug, f, std::forward<Args>(args)...);
}
template <typename... Args> void trace(fmt::format_string<Args...> f, Args &&...args) {
    print(LogLevel::Trace, f, std::forward<Args>(args)...);
}

} // namespace tj::logging
