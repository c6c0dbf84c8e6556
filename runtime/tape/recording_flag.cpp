// runtime/tape/recording_flag.cpp — defines the recording flag, writable (marked code declares it const)
//
// This file must not include include/tracejit/generated/tape_hooks.h: that header declares the same object
// `extern const unsigned`, which lets the compiler of marked code keep one read of it across calls (tape_hooks.h
// says why that is exact). The two declarations name one symbol, as a variable's mangled name does not say its type.
#include "recording_flag.h"

namespace tj::tape::detail {

/// Bit 0 set until TRACEJIT_TAPE has been read (tape_recorder.cpp), bit 1 while it records, 4 per tj::track running.
alignas(std::atomic_ref<unsigned>::required_alignment) unsigned g_recording = 1u;

std::atomic_ref<unsigned> recording_flag() noexcept { return std::atomic_ref<unsigned>(g_recording); }

} // namespace tj::tape::detail
