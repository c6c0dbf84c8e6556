// tests/runtime/test_freeze_memory.cpp — memory operations in frozen functions: scatter and scatter_add into
// arrays made inside or into copies of inputs, gathers, reductions, literal outputs and inputs returned as is
#include "freeze_check_calls.h"

#include <algorithm>

using namespace tjtest;

TEST_CASE("freeze: a scatter into an array created inside the body (swapping neighbours)") {
    check_frozen_matches_plain(
        "swap",
        [](tj::Float x) {
            tj::Float out = tj::zeros<tj::Float>(x.size());
            // i ^ 1 swaps pairs; for an odd size the last index lands past the end and is skipped.
            tj::scatter(out, x * 2.f, tj::arange<tj::UInt32>(x.size()) ^ 1u);
            return out;
        },
        [](size_t n, uint64_t seed) { return std::make_tuple(random_array<float>(n, seed)); });
}

TEST_CASE("freeze: scatter_add into an array created inside the body (sums of blocks of 4)") {
    auto body = [](const tj::Int32 &x) {
        tj::Int32 sums = tj::zeros<tj::Int32>(x.size() / 4);
        tj::scatter_add(sums, x, tj::arange<tj::UInt32>(x.size()) / 4u); // integers: any order gives one result
        return sums;
    };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(8), size_t(1000), size_t(100000), size_t(4)}) {
        CAPTURE(n);
        tj::Int32 x = random_array<int32_t>(n, n);
        tj::Int32 got = frozen(x);
        std::vector<int32_t> xs = tj::to_vector(x), expect(n / 4, 0);
        for (size_t i = 0; i < n; ++i)
            expect[i / 4] += xs[i];
        check_exact("block sums", got, expect);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("freeze: scatter and scatter_add into a copy of an input leave the caller's array alone") {
    auto body = [](tj::Float x, const tj::UInt32 &index, const tj::Float &values) {
        tj::Float y = x;
        tj::scatter(y, values, index);
        tj::scatter_add(x, values * 0.5f, index % 3u);
        return std::make_pair(y, x);
    };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(10), size_t(1000), size_t(100003), size_t(50)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n);
        std::vector<float> before = tj::to_vector(x);
        // Distinct indices (a permutation of every fifth element), so that the scatter has one result.
        std::vector<uint32_t> idx;
        for (size_t i = 0; i < n; i += 5)
            idx.push_back(uint32_t((i * 7) % n));
        std::sort(idx.begin(), idx.end());
        idx.erase(std::unique(idx.begin(), idx.end()), idx.end());
        tj::UInt32 index(idx);
        tj::Float values = random_array<float>(idx.size(), n + 1);
        auto got = frozen(x, index, values);
        CHECK(tj::to_vector(x) == before); // the caller's input is unchanged
        auto expect = body(x, index, values);
        check_same("scatter into a copy", got.first, expect.first);
        check_close("scatter_add into the parameter", got.second, tj::to_vector(expect.second), 1e-6, 1e-5);
        CHECK(tj::to_vector(x) == before);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("freeze: a gather from an input with indices from another input") {
    check_frozen_matches_plain(
        "gather",
        [](tj::Float source, tj::Int32 index) { return tj::gather<tj::Float>(source, index, index % 3 != 0) * 2.f; },
        [](size_t n, uint64_t seed) {
            // Indices within the source mostly, some past its end (gathered as 0).
            return std::make_tuple(random_array<float>(n, seed),
                                   tj::Int32(small_ints<int32_t>(n, seed + 1, 0, int64_t(n) + 2)));
        });
}

TEST_CASE("freeze: reductions inside (sum, hmax, dot) feed element-wise work") {
    auto body = [](tj::Float x, tj::Float y) {
        tj::Float total = tj::sum(x), largest = tj::hmax(y), d = tj::dot(x, y);
        return std::make_tuple(total, largest, d, x * largest - y / (tj::abs(total) + 1.f));
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 1;
    for (size_t n : freeze_sizes)
        for (int repeat = 0; repeat < 2; ++repeat) {
            CAPTURE(n);
            tj::Float x = random_array<float>(n, seed++), y = random_array<float>(n, seed++);
            auto got = frozen(x, y);
            auto expect = body(x, y);
            check_close("sum", std::get<0>(got), tj::to_vector(std::get<0>(expect)), 1e-5, 1e-4);
            check_same("hmax", std::get<1>(got), std::get<1>(expect));
            check_close("dot", std::get<2>(got), tj::to_vector(std::get<2>(expect)), 1e-5, 1e-3);
            check_close("x * hmax - y / sum", std::get<3>(got), tj::to_vector(std::get<3>(expect)), 1e-5, 1e-5);
        }
    CHECK(stats_of(frozen).recordings == 2); // width 1, then the wider sizes
    CHECK(stats_of(frozen).replays == 6);
}

TEST_CASE("freeze: outputs that are literals") {
    auto frozen = tj::freeze([](const tj::Float &x) {
        return std::make_tuple(tj::Float(1.5f), tj::full<tj::Float>(2.f, x.size()), tj::zeros<tj::Int32>(x.size()),
                               x + 1.f);
    });
    for (size_t n : {size_t(7), size_t(1000), size_t(13)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n);
        auto [scalar, twos, zeros, plus_one] = frozen(x);
        check_exact("Float(1.5)", scalar, std::vector<float>{1.5f});
        check_exact("full(2, n)", twos, std::vector<float>(n, 2.f));
        check_exact("zeros(n)", zeros, std::vector<int32_t>(n, 0));
        check_same("x + 1", plus_one, x + 1.f);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: an input returned unchanged") {
    auto frozen = tj::freeze([](const tj::Float &x, const tj::Float &y) { return std::make_tuple(y, x * y, x); });
    for (size_t n : {size_t(7), size_t(1000), size_t(5)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n), y = random_array<float>(n, n + 1);
        auto [y_out, product, x_out] = frozen(x, y);
        check_same("y", y_out, y);
        check_same("x * y", product, x * y);
        check_same("x", x_out, x);
        CHECK(x_out.index() == x.index()); // the same array, not a copy
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: work left pending outside a frozen function is not recorded into it") {
    auto frozen = tj::freeze([](const tj::Float &x) { return x * 3.f; });
    tj::Float outside = random_array<float>(100, 1);
    tj::Float lazy = outside * outside + 2.f; // not evaluated yet
    tj::Float target = tj::opaque<tj::Float>(0.f, 100);
    tj::scatter(target, outside, tj::arange<tj::UInt32>(100)); // a pending side effect
    tj::Float x = random_array<float>(1000, 2);
    check_same("recorded", frozen(x), x * 3.f);
    check_same("pending work", lazy, outside * outside + 2.f);
    check_same("pending scatter", target, outside);
    check_same("replayed", frozen(x + 1.f), (x + 1.f) * 3.f);
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 1);
}
