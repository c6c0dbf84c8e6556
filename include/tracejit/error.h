// include/tracejit/error.h — the exception type for user errors
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace tj {

/// Thrown for every misuse of the API; the message starts with the API function's name.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Thrown for what cannot be frozen (tj::freeze); the message names the function, the argument path and (with
/// the plugin) the source line.
class FreezeError : public Error {
  public:
    using Error::Error;
};

namespace detail {
/// Throws tj::Error(message): out of line, so that the public headers compile with -fno-exceptions too.
[[noreturn]] void raise(const std::string &message);
/// Throws tj::FreezeError(message).
[[noreturn]] void raise_freeze(const std::string &message);
/// Throws the tj::Error of tj::Array::read() for an index past the end.
[[noreturn]] void raise_read_past_end(size_t index, size_t size);
} // namespace detail

} // namespace tj
