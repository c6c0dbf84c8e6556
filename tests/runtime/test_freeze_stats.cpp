// tests/runtime/test_freeze_stats.cpp — tj::freeze_stats of a frozen object and of a registered function: the
// counters and times of recordings and replays
#include "freeze_check.h"

using namespace tjtest;

namespace {

tj::Float twice_plus_one(const tj::Float &x) { return x * 2.f + 1.f; }
tj::Float never_frozen(const tj::Float &x) { return x; }

} // namespace

TEST_CASE("freeze_stats: counters and times of a frozen function object") {
    auto frozen = tj::freeze(twice_plus_one);
    tj::FreezeStats st = tj::freeze_stats(&frozen);
    CHECK(st.recordings == 0);
    CHECK(st.replays == 0);
    CHECK(st.record_ms == 0);
    CHECK(st.replay_ms == 0);
    for (size_t n : {size_t(100), size_t(200), size_t(300), size_t(400)})
        check_same("2x + 1", frozen(random_array<float>(n, n)), twice_plus_one(random_array<float>(n, n)));
    st = tj::freeze_stats(&frozen);
    CHECK(st.recordings == 1);
    CHECK(st.replays == 3);
    CHECK(st.retraces == 0);
    CHECK(st.dry_run_failures == 0);
    CHECK(st.record_ms > 0);
    CHECK(st.replay_ms > 0);
    CHECK(frozen.stats().replays == st.replays); // the member gives the same
}

TEST_CASE("freeze_stats: a function registered under its address (as the plugin's wrapper does)") {
    auto frozen = tj::freeze(twice_plus_one);
    tj::detail::freeze_register(reinterpret_cast<const void *>(&twice_plus_one), frozen.function());
    tj::Float x = random_array<float>(50, 1);
    frozen(x);
    frozen(x + 1.f);
    tj::FreezeStats st = tj::freeze_stats(&twice_plus_one);
    CHECK(st.recordings == 1);
    CHECK(st.replays == 1);
    CHECK_THROWS_AS(tj::freeze_stats(&never_frozen), tj::Error);
}

TEST_CASE("freeze_stats: a function's registration ends with its frozen object") {
    {
        auto frozen = tj::freeze(twice_plus_one);
        tj::detail::freeze_register(reinterpret_cast<const void *>(&twice_plus_one), frozen.function());
        frozen(random_array<float>(10, 1));
        CHECK(tj::freeze_stats(&twice_plus_one).recordings == 1);
    }
    CHECK_THROWS_AS(tj::freeze_stats(&twice_plus_one), tj::Error);
}
