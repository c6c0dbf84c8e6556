// runtime/log.cpp — log level from TRACEJIT_LOG, output to stderr or a callback
#include "log.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace tj {
namespace {

LogLevel level_from_env() {
    const char *s = std::getenv("TRACEJIT_LOG");
    if (!s || !*s)
        return LogLevel::Warn;
    struct Name { const char *name; LogLevel level; };
    static const Name names[] = {{"off", LogLevel::Off},     {"error", LogLevel::Error}, {"warn", LogLevel::Warn},
                                 {"info", LogLevel::Info},   {"debug", LogLevel::Debug}, {"trace", LogLevel::Trace}};
    for (const Name &n : names)
        if (std::strcmp(s, n.name) == 0)
            return n.level;
    std::fprintf(stderr, "tracejit: TRACEJIT_LOG=%s is not one of off|error|warn|info|debug|trace; using warn\n", s);
    return LogLevel::Warn;
}

std::atomic<LogLevel> &current_level() {
    static std::atomic<LogLevel> lvl{level_from_env()};
    return lvl;
}

struct Sink {
    std::mutex mutex;
    std::function<void(LogLevel, const std::string &)> callback;
};
Sink &sink() {
    static Sink s;
    return s;
}

} // namespace

void set_log_level(LogLevel level) { current_level().store(level); }
LogLevel log_level() { return current_level().load(); }

void set_log_callback(std::function<void(LogLevel, const std::string &)> callback) {
    std::lock_guard<std::mutex> guard(sink().mutex);
    sink().callback = std::move(callback);
}

namespace logging {

LogLevel level() { return current_level().load(std::memory_order_relaxed); }

void emit(LogLevel lvl, const std::string &line) {
    std::lock_guard<std::mutex> guard(sink().mutex);
    if (sink().callback) {
        sink().callback(lvl, line);
        return;
    }
    std::fprintf(stderr, "tracejit: %s\n", line.c_str());
}

} // namespace logging
} // namespace tj
