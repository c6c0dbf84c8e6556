// include/tracejit/error.h — the exception type for user errors
#pragma once

#include <stdexcept>
#include <string>

namespace tj {

/// Thrown for every misuse of the API; the message starts with the API function's name.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace tj
