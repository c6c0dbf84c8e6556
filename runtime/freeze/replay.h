// runtime/freeze/replay.h — running a recording again with new input buffers
#pragma once

#include "freeze/recording.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tj::freezing {

/// The buffers and sizes of a call's inputs, per input slot.
struct BoundInputs {
    std::vector<void *> buffers;
    std::vector<uint64_t> sizes;
    std::vector<Backend> memory; ///< where each buffer lives (a literal's entry: the recording's backend)
};

/// Checks that the inputs are in the recording's memory and that every size of the recording can be worked out
/// for them (fractions divide, block sizes divide); returns the reason when not (empty: fine). Fills `sizes` with the size of every slot.
std::string dry_run(const Recording &rec, const BoundInputs &in, std::vector<uint64_t> &sizes);

/// Runs the recording's steps (under the JIT lock) and returns the output variable ids (one reference each).
std::vector<uint32_t> replay(const Recording &rec, const BoundInputs &in, const std::vector<uint32_t> &input_ids,
                             const std::vector<uint64_t> &sizes);

} // namespace tj::freezing
