// tests/runtime/freeze_check_calls.h — the freezing tests' main check: a frozen function called on fresh random
// inputs of every size equals the plain function, records once and replays as many launches as it recorded
#pragma once

#include "freeze_check.h"

namespace tjtest {

/// Freezes `body` and calls it twice per size of freeze_sizes on fresh inputs `make_inputs(n, seed)` (a tuple
/// of the arguments). Each result must equal the plain body's on the same inputs. Width 1 is a layout of its
/// own (a width-1 array broadcasts), so the first call of width 1 and the first wider one record; every other
/// call replays, launching as many kernels as the recording of its layout did.
template <typename Body, typename MakeInputs>
void check_frozen_matches_plain(const std::string &what, Body body, MakeInputs make_inputs) {
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = what});
    uint64_t calls = 0, seed = 11, recorded_launches = 0;
    for (size_t n : freeze_sizes)
        for (int repeat = 0; repeat < 2; ++repeat) {
            bool records = repeat == 0 && (n == 1 || n == freeze_sizes[1]); // width 1, then the first wider
            CAPTURE(n);
            CAPTURE(repeat);
            auto inputs = make_inputs(n, seed++);
            using R = decltype(std::apply(body, inputs));
            R got{};
            uint64_t launches = launches_during([&] { got = std::apply(frozen, inputs); });
            // The plain call after the frozen one, so that its pending work cannot leak into a recording.
            R expect = std::apply(body, inputs);
            ++calls;
            if (records)
                recorded_launches = launches;
            else
                CHECK_MESSAGE(launches == recorded_launches, what << ": a replay launched " << launches
                                                                  << " kernels, the recording " << recorded_launches);
            check_same(what, got, expect);
        }
    tj::FreezeStats st = stats_of(frozen);
    CHECK(st.recordings == 2);
    CHECK(st.replays == calls - 2);
    CHECK(st.retraces == 1);
    CHECK(st.dry_run_failures == 0);
}

} // namespace tjtest
