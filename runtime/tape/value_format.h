// runtime/tape/value_format.h — how the tape writes values for people (shared by nodes and the printer)
#pragma once

#include <tracejit/tape.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace tj::tape::detail {

/// Shortest round-trip digits, always with a '.' or an exponent: "2.0", "0.1", "1e+100", "nan", "-inf".
std::string format_double(double d);
/// The same for a float's own shortest digits ("0.1" for 0.1f).
std::string format_float(float f);
/// `s` in double quotes with C escapes.
std::string quote_string(std::string_view s);
/// A recorded value as value_string() shows it.
std::string format_value(ValueKind kind, uint64_t bits, const std::string &type, const std::string &text);

} // namespace tj::tape::detail
