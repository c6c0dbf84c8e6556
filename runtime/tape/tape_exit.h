// runtime/tape/tape_exit.h — TRACEJIT_TAPE tapes saved when the program ends inside a recorded call
//
// exit(), quick_exit(), std::terminate (an uncaught exception) and a fatal signal (SIGSEGV, SIGABRT, SIGBUS,
// SIGFPE, SIGILL) do not return through the recorded frames, so their tapes would be lost. The handlers are
// installed when the first TRACEJIT_TAPE recording starts; each saves every recording in progress with its open
// calls marked unfinished (Node::unfinished()), then lets the program end as it would have. See docs/tape.md.
#pragma once

#include "tape_recorder.h"

namespace tj::tape::detail {

/// A TRACEJIT_TAPE recording started: installs the handlers (once) and tracks it until exit_guard_finished.
void exit_guard_started(TapeRecorder *r);
/// The recording finished (saved normally or abandoned).
void exit_guard_finished(TapeRecorder *r) noexcept;

} // namespace tj::tape::detail
