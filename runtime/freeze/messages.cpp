// runtime/freeze/messages.cpp — log lines of frozen functions through the runtime's logger
#include "freeze/messages.h"

#include "log.h"

namespace tj::freezing {

void info(const std::string &line) { log::info("{}", line); }
void warn(const std::string &line) { log::warn("{}", line); }
bool info_enabled() { return log::enabled(LogLevel::Info); }

} // namespace tj::freezing
