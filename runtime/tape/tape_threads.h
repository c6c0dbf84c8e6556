// runtime/tape/tape_threads.h — calls made on the threads of an OpenMP parallel region, recorded under the call that started it
//
// The plugin brackets an OpenMP construct that starts a team of threads with Frame::parallel_begin / parallel_end.
// parallel_begin registers the region; a thread that enters a marked function with no recording of its own while
// regions are open looks its region up (adopt_for_region) and records into a recorder of its own for that region;
// parallel_end, on the thread that started the region, after the team joined, attaches every thread's calls to the
// region's Statement node. See docs/tape.md, "Threads".
#pragma once

#include "tape_recorder.h"

#include <atomic>
#include <cstdint>

namespace tj::tape::detail {

/// How many parallel regions of recorded calls are open in the process (read without a lock by frame_enter).
extern std::atomic<int> g_open_regions;

/// For a thread with no recording that enters a marked function while regions are open: the recorder of the
/// region it works for (made on first use), or null when it works for none. `*suppress` is set when it works for
/// a region whose call records no body (a leaf): its calls are not recorded either.
TapeRecorder *adopt_for_region(bool *suppress);
/// A region's worker recorder has no open call any more (its thread's call returned).
void worker_idle(TapeRecorder *worker) noexcept;
/// The call `fs` starts a parallel region at `site` (on this thread).
void parallel_begin(FrameState &fs, uint32_t site);
/// The region `fs` started ended: records the site's Statement with the threads' calls under it.
void parallel_end(FrameState &fs, uint32_t site);
/// The call `fs` leaves while its region is still registered (an exception before the team started): forgets it.
void parallel_abandon(FrameState &fs) noexcept;

} // namespace tj::tape::detail
