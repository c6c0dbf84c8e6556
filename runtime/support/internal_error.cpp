// runtime/support/internal_error.cpp — reports a broken invariant of tracejit (TJ_ASSERT) and aborts
#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

namespace tj::detail {

void internal_error(const char *file, int line, const std::string &message) noexcept {
    // Straight to stderr, whatever the log level or callback: the process is about to end.
    fmt::print(stderr, "tracejit: internal error at {}:{}: {}\n(this is a bug in tracejit, not in your program)\n",
               file, line, message);
    std::fflush(stderr);
    std::abort();
}

} // namespace tj::detail
