// runtime/freeze/replay.h — running a recording again with new input buffers
#pragma once

#include "freeze/recording.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace tj::freezing {

/// The buffers and sizes of a call's inputs, per input slot.
struct BoundInputs {
    std::vector<void *> buffers;
    std::vector<uint64_t> sizes;
    std::vector<Backend> memory; ///< where each buffer lives (a literal's entry: the recording's backend)
};

/// Sets `v` to `n` copies of `x`, in place and inline (a replay's working vectors hold a few entries each and keep
/// their capacity between replays; vector::assign is a call per vector).
template <typename T, typename U> void refill(std::vector<T> &v, size_t n, const U &x) {
    v.resize(n);
    std::fill(v.begin(), v.end(), T(x));
}

/// A slot's size that depends on a compress count, before the replay has reached that count.
inline constexpr uint64_t unknown_size = UINT64_MAX;

/// Thrown by replay when a size guard (SizeGuard) fails, or a size that depends on a compress count turns out not
/// to be one the recording can run with: nothing of the replay is kept, and the function is recorded anew.
struct ReplayMismatch : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Checks that the inputs are in the recording's memory and that every size of the recording that the inputs
/// decide can be worked out for them (fractions divide); returns the reason when not (empty: fine). Fills `sizes`
/// with the size of every slot (unknown_size for those that depend on a compress count: replay works them out).
std::string dry_run(const Recording &rec, const BoundInputs &in, std::vector<uint64_t> &sizes);

/// Runs the recording's steps (under the JIT lock) and sets `out` to the output variable ids (one reference each;
/// its capacity is reused). `sizes`: the dry run's, completed on the way (those that follow a compress count).
/// Throws ReplayMismatch (having undone everything) when a guard fails on the way.
void replay(const Recording &rec, const BoundInputs &in, const std::vector<uint32_t> &input_ids,
            std::vector<uint64_t> &sizes, std::vector<uint32_t> &out);

} // namespace tj::freezing
