// tests/runtime/test_scan_freeze.cpp — frozen functions with compress, count, scatter_inc and prefix sums
//
// A compress count is a run-time value of the replay: the functions here are recorded once and replayed with
// inputs whose number of true entries changes, and each result is compared with the unfrozen function's. Sizes that
// could come from a count or from something else at record time (a tie) are checked on replay, and a call on which
// they part records anew; counts of 0 and 1 at record time hold for that count only.
#include "freeze_check.h"
#include "reduce_check.h"

#include <algorithm>

using namespace tjtest;
using tj::ReduceOp;

namespace {

/// `n` floats in [-10, 10) of which about `percent` % are positive.
tj::Float with_positive(size_t n, int percent, uint64_t seed) {
    std::vector<float> v = uniform_values<float>(n, seed, 0, 10);
    Rng rng(seed + 1);
    for (float &x : v)
        if (rng.next() % 100 >= uint64_t(percent))
            x = -x - 0.5f;
    return tj::Float(v);
}

} // namespace

TEST_CASE_FIXTURE(FreezingOn, "freeze: the freezing guide's compress example is recorded once while the count changes") {
    // Keep the positive entries, scale them, and sum them.
    auto body = [](const tj::Float &x) {
        tj::UInt32 idx = tj::compress(x > 0.f);
        tj::Float kept = tj::gather<tj::Float>(x, idx) * 2.f + 1.f;
        return std::make_tuple(kept, idx, tj::sum(kept));
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 10;
    for (auto [n, percent] :
         {std::pair{1000, 30}, {1000, 70}, {1000, 5}, {77, 50}, {100003, 10}, {100003, 90}, {5, 60}}) {
        CAPTURE(n);
        CAPTURE(percent);
        tj::Float x = with_positive(size_t(n), percent, seed++);
        auto got = frozen(x);
        auto expect = body(x);
        check_same("compress example", got, expect);
        CHECK(std::get<0>(got).size() == tj::count(x > 0.f).read(0));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 6);
    CHECK(stats_of(frozen).dry_run_failures == 0);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: replays with no true entries, or one, give what the unfrozen function gives") {
    auto body = [](const tj::Float &x) {
        tj::Float kept = tj::gather<tj::Float>(x, tj::compress(x > 0.f));
        return std::make_pair(kept * 3.f, tj::sum(kept));
    };
    auto frozen = tj::freeze(body);
    tj::Float first = {1.f, -2.f, 3.f, 4.f, -5.f};
    check_same("3 kept", frozen(first), body(first));
    tj::Float none = {-1.f, -2.f, -3.f, -4.f}, one = {-1.f, 2.f, -3.f};
    auto got_none = frozen(none);
    check_same("none kept", got_none, body(none));
    CHECK(got_none.first.size() == 0);
    check_same("one kept", frozen(one), body(one));
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
    // hmax of nothing is an error, frozen or not.
    auto worst =
        tj::freeze([](const tj::Float &x) { return tj::hmax(tj::gather<tj::Float>(x, tj::compress(x > 0.f))); });
    tj::Float some = {1.f, 2.f, -1.f};
    check_same("hmax of the kept", worst(some), tj::Float(2.f));
    check_error([&] { worst(none); }, {"tj::hmax()", "empty"});
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: a recording made with 0 or 1 true entries holds for that count only") {
    auto body = [](const tj::Float &x) { return tj::gather<tj::Float>(x, tj::compress(x > 0.f)) + 1.f; };
    for (int first_count : {0, 1}) {
        CAPTURE(first_count);
        auto frozen = tj::freeze(body);
        tj::Float a = first_count ? tj::Float({-1.f, 4.f, -2.f}) : tj::Float({-1.f, -4.f, -2.f});
        check_same("first call", frozen(a), body(a));
        tj::Float b = {5.f, -1.f, 6.f, 7.f}, c = {-5.f, -1.f, first_count ? 2.f : -2.f};
        check_same("more entries", frozen(b), body(b)); // recorded anew
        check_same("as many as the first", frozen(c), body(c));
        CHECK(stats_of(frozen).recordings == 2);
        CHECK(stats_of(frozen).dry_run_failures == 1);
    }
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: a count equal to an input's size at record time is a tie checked on replay") {
    // y has x's size; the kept values of x are added to the first `count` entries of y. When every entry is kept,
    // the count equals y's size, and the sum's kernel could follow either.
    auto body = [](const tj::Float &x, const tj::Float &y) {
        tj::UInt32 idx = tj::compress(x > 0.f);
        tj::Float kept = tj::gather<tj::Float>(x, idx);
        return kept + tj::gather<tj::Float>(y, tj::arange<tj::UInt32>(kept.size()));
    };
    auto frozen = tj::freeze(body);
    tj::Float x1 = {1.f, 2.f, 3.f, 4.f}, y1 = {10.f, 20.f, 30.f, 40.f};
    check_same("all kept", frozen(x1, y1), body(x1, y1));
    tj::Float x2 = {1.f, -2.f, 3.f, 4.f}, y2 = {10.f, 20.f, 30.f, 40.f};
    check_same("three kept", frozen(x2, y2), body(x2, y2));
    CHECK(stats_of(frozen).recordings == 2); // the tie parted: recorded anew, never a wrong size
    CHECK(stats_of(frozen).dry_run_failures == 1);
    tj::Float x3 = {-1.f, -2.f, 3.f, 4.f, 5.f, 6.f}, y3 = {1.f, 2.f, 3.f, 4.f, 5.f, 6.f};
    check_same("four kept of six", frozen(x3, y3), body(x3, y3));
    CHECK(stats_of(frozen).recordings == 2);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: count, scatter_inc compaction and prefix sums are recorded once") {
    // Stream compaction with scatter_inc into a buffer as large as the input, with its count.
    auto body = [](const tj::Float &x) {
        tj::Bool alive = x > 0.f;
        tj::UInt32 counter = tj::zeros<tj::UInt32>(1);
        tj::UInt32 slot = tj::scatter_inc(counter, tj::UInt32(0u), alive);
        tj::Float packed = tj::zeros<tj::Float>(x.size());
        tj::scatter(packed, x, slot, alive);
        return std::make_tuple(tj::count(alive), counter, tj::sum(packed), tj::prefix_sum(x), tj::any(alive));
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 70;
    for (auto [n, percent] : {std::pair{1000, 30}, {1000, 80}, {513, 1}, {100003, 50}}) {
        CAPTURE(n);
        tj::Float x = with_positive(size_t(n), percent, seed++);
        auto got = frozen(x);
        auto expect = body(x);
        check_same("count", std::get<0>(got), std::get<0>(expect));
        check_same("counter", std::get<1>(got), std::get<1>(expect));
        check_close("sum of the packed", std::get<2>(got), tj::to_vector(std::get<2>(expect)), 1e-5);
        check_same("prefix_sum", std::get<3>(got), std::get<3>(expect));
        check_same("any", std::get<4>(got), std::get<4>(expect));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: a scan's float Min/Max is NaN over an all-NaN prefix on record and on replay") {
    // Inclusive and exclusive, forward and reverse, blocks and the whole array: the documented values (NaN where the
    // prefix of the block is all NaN, the identity first when exclusive) on the recording call and on replays of
    // other sizes, some crossing the CPU scan's chunks.
    auto body = [](const tj::Float &x, const tj::Float64 &y) {
        return std::make_tuple(tj::block_prefix_reduce(ReduceOp::Min, x, 70000, false, false),
                               tj::block_prefix_reduce(ReduceOp::Max, x, 70000, true, true),
                               tj::block_prefix_reduce(ReduceOp::Max, y, SIZE_MAX, false, true),
                               tj::block_prefix_reduce(ReduceOp::Min, y, 3, true, false));
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 500;
    for (size_t n : {size_t(200003), size_t(1000), size_t(1000003), size_t(9)}) {
        CAPTURE(n);
        std::vector<float> x = values_with_nan_runs<float>(n, 70000, seed++);
        std::vector<double> y = values_with_nan_runs<double>(n, 3, seed++);
        auto got = frozen(tj::Float(x), tj::Float64(y));
        check_exact("Min, blocks of 70000, inclusive", std::get<0>(got),
                    ref_float_minmax_scan(ReduceOp::Min, x, 70000, false, false));
        check_exact("Max, blocks of 70000, exclusive reverse", std::get<1>(got),
                    ref_float_minmax_scan(ReduceOp::Max, x, 70000, true, true));
        check_exact("Float64 Max, whole array, inclusive reverse", std::get<2>(got),
                    ref_float_minmax_scan(ReduceOp::Max, y, SIZE_MAX, false, true));
        check_exact("Float64 Min, blocks of 3, exclusive", std::get<3>(got),
                    ref_float_minmax_scan(ReduceOp::Min, y, 3, true, false));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: sizes that follow a count feed block reductions and prefix sums of their own") {
    auto body = [](const tj::Int32 &x) {
        tj::Int32 kept = tj::gather<tj::Int32>(x, tj::compress(x % 3 == 0));
        tj::Int32 blocks = tj::block_reduce(ReduceOp::Max, kept, 4);
        tj::Int32 running = tj::block_prefix_reduce(ReduceOp::Add, kept, 5, false, true);
        return std::make_tuple(blocks + 1, running * 2, tj::compress(running > 0));
    };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(1000), size_t(300), size_t(1001), size_t(100003), size_t(40)}) {
        CAPTURE(n);
        tj::Int32 x = random_array<int32_t>(n, n);
        check_same("compress, block_reduce, block_prefix_reduce", frozen(x), body(x));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 4);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: a constant size that equals the count at record time stays a constant (never the count)") {
    // 40 positive entries at record time, and an unrelated constant of 40: on replay the constant must stay 40.
    auto body = [](const tj::Float &x) {
        tj::Float kept = tj::gather<tj::Float>(x, tj::compress(x > 0.f));
        tj::Float ramp = tj::cast<float>(tj::arange<tj::UInt32>(40)) * 0.5f;
        // 40 values read from the kept ones through a constant index: a size of 40 too, not the count's.
        tj::Float picked = tj::gather<tj::Float>(kept, tj::arange<tj::UInt32>(40) % 3u);
        return std::make_tuple(kept * 2.f, ramp + 1.f, picked);
    };
    auto frozen = tj::freeze(body);
    auto make = [](size_t positives, uint64_t seed) {
        std::vector<float> v = uniform_values<float>(100, seed, 0.5, 10);
        for (size_t i = positives; i < v.size(); ++i)
            v[i] = -v[i];
        return tj::Float(v);
    };
    for (auto [positives, seed] : {std::pair<size_t, uint64_t>{40, 1}, {40, 2}, {25, 3}, {25, 4}}) {
        CAPTURE(positives);
        tj::Float x = make(positives, seed);
        auto got = frozen(x);
        check_same("constant and count", got, body(x));
        CHECK(std::get<0>(got).size() == positives);
        CHECK(std::get<1>(got).size() == 40);
        CHECK(std::get<2>(got).size() == 40);
    }
    // The count moved away from the constant once: that call recorded anew (a guard), never a wrong size.
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: a compress result that keeps its mask-sized buffer is an input like any other") {
    // The indices come from outside (at 70 % they keep the buffer of n indices); the body gathers through them,
    // scatters into a copy of them, and returns them as they are.
    auto body = [](const tj::Float &x, const tj::UInt32 &idx) {
        tj::Float kept = tj::gather<tj::Float>(x, idx) + 1.f;
        tj::UInt32 marked = idx + 0u;
        tj::scatter(marked, tj::UInt32(0u), tj::UInt32(0u));
        return std::make_tuple(kept, marked, idx);
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 40;
    for (auto [n, percent] : {std::pair{1000, 70}, {1000, 40}, {5003, 90}, {5003, 30}}) {
        CAPTURE(n);
        CAPTURE(percent);
        tj::Float x = with_positive(size_t(n), percent, seed++);
        tj::UInt32 idx = tj::compress(x > 0.f);
        auto got = frozen(x, idx);
        check_same("gather through outside indices", got, body(x, idx));
        CHECK(std::get<2>(got).index() == idx.index());
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}
