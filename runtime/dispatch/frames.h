// runtime/dispatch/frames.h — queries on this thread's dispatch frames (runtime/dispatch/frames.cpp) and on what a
// pointer array's ids can hold (runtime/dispatch/possible_ids.cpp), for dispatch_targets
#pragma once

#include <cstdint>
#include <vector>

namespace tj::detail {

/// Whether this thread is tracing the code of instance `id` of `domain` for `function` (a dispatch frame).
bool dispatch_frame_active(uint32_t domain, uint32_t id, const char *function);

/// The ids that the UInt32 variable `ids` can hold, where the graph shows them without reading anything a frozen
/// function's replay could change: a literal; an evaluated array (not inside a recording); a symbolic dispatch case's
/// argument (a LoopPhi of a case loop: the value it was passed); a gather from such an array (and 0, for masked
/// lanes); a select of two such. Sets present[min(id, bound)] for each and returns true; false when the graph does
/// not show it (the caller then assumes every live object).
bool possible_ids(uint32_t ids, uint32_t bound, std::vector<uint8_t> &present);

} // namespace tj::detail
