// runtime/tape/recording_flag.h — the runtime's writable view of the flag that marked functions test
#pragma once

#include <atomic>

namespace tj::tape::detail {

/// tj::tape::detail::g_recording (include/tracejit/generated/tape_hooks.h) as the runtime changes it: by atomic
/// read-modify-writes. Marked code sees the flag as `extern const` and reads it with plain loads; the object itself
/// is writable, defined in recording_flag.cpp, which alone does not see that declaration.
std::atomic_ref<unsigned> recording_flag() noexcept;

} // namespace tj::tape::detail
