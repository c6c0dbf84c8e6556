// include/tracejit/error.h — the two kinds of failure: tj::Error for user mistakes, TJ_ASSERT for tracejit's bugs
//
// A user mistake throws tj::Error (or tj::FreezeError) with a message that starts with the API function's name.
// A broken invariant of tracejit itself is not the user's to handle: TJ_ASSERT reports it with the file and line
// on stderr and aborts (as Halide's internal_assert and drjit-core's jitc_fail do). The checks are cheap and stay
// on in Release builds.
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
/// Reports a bug in tracejit ("tracejit: internal error at file:line: message") on stderr and aborts.
[[noreturn]] void internal_error(const char *file, int line, const std::string &message) noexcept;
} // namespace detail

} // namespace tj

/// Aborts through tj::detail::internal_error: for a place tracejit must never reach.
#define TJ_UNREACHABLE(message) ::tj::detail::internal_error(__FILE__, __LINE__, (message))

/// Aborts through tj::detail::internal_error when `cond` is false: for invariants of tracejit, never for what a user
/// can cause (that is a tj::Error). `message` is built only when the check fails, in a separate cold function, so
/// that a check costs its hot caller one compare and branch and no code size. `cond` must have no side effects
/// (work the program needs is done before the check, its result asserted), so that a check can be compiled out.
///
/// TJ_ASSERT_HOT is the same check on a per-operation path (reference counts, the kernel assembly's operands):
/// compiled in Debug and sanitizer builds (TRACEJIT_HOT_ASSERTS), left out of Release builds, where the tracing
/// benchmark measured it at 5-10% of the cost of tracing an operation (docs/benchmarks.md).
#define TJ_ASSERT(cond, message)                                                                                       \
    do {                                                                                                               \
        if (!(cond)) [[unlikely]]                                                                                      \
            [&]() __attribute__((noinline, cold)) { ::tj::detail::internal_error(__FILE__, __LINE__, (message)); }();  \
    } while (0)

#ifdef TRACEJIT_HOT_ASSERTS
#define TJ_ASSERT_HOT(cond, message) TJ_ASSERT(cond, message)
#else
#define TJ_ASSERT_HOT(cond, message)                                                                                   \
    do {                                                                                                               \
    } while (0)
#endif
