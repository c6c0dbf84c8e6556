// runtime/freeze/messages.h — log lines of frozen functions, for files that cannot include runtime/log.h
// (tj::log the namespace and tj::log the array function meet in files that include the array headers)
#pragma once

#include <string>

namespace tj::freezing {

void info(const std::string &line);
void warn(const std::string &line);
bool info_enabled();

} // namespace tj::freezing
