// tests/runtime/test_freeze_sizes.cpp — sizes in frozen functions: inferred as multiples and fractions of input
// sizes, baked in with a warning otherwise, and dry runs that re-record when a size no longer divides
#include "freeze_check.h"

using namespace tjtest;
using tj_test::LogCapture;

namespace {

/// Every `step`-th element of x, from the first: x.size() / step elements.
tj::Float every(const tj::Float &x, uint32_t step) {
    return tj::gather<tj::Float>(x, tj::arange<tj::UInt32>(x.size() / step) * step);
}

std::vector<float> every_expected(const tj::Float &x, size_t step) {
    std::vector<float> all = tj::to_vector(x), out;
    for (size_t i = 0; i + step <= all.size(); i += step)
        out.push_back(all[i]);
    return out;
}

} // namespace

TEST_CASE("freeze: width 1 is a layout of its own (it broadcasts) — other sizes share one recording") {
    auto body = [](const tj::Float &x, const tj::Float &y) { return x * 2.f + y; };
    auto frozen = tj::freeze(body);
    uint64_t seed = 1;
    for (size_t n : {size_t(1), size_t(7), size_t(1000), size_t(1), size_t(3)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, seed++), y = random_array<float>(n, seed++);
        check_same("x * 2 + y", frozen(x, y), body(x, y));
    }
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 3);
    // A width-1 y broadcasts against a wide x: another layout again, replayed for other wide sizes.
    for (size_t n : {size_t(10), size_t(1000)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, seed++), y = random_array<float>(1, seed++);
        check_same("x * 2 + y[0]", frozen(x, y), body(x, y));
    }
    CHECK(stats_of(frozen).recordings == 3);
    CHECK(stats_of(frozen).replays == 4);
}

// F9 (found with test_reduction.py): a call with an empty input recorded with the same key as wider ones, and the
// body takes another path through the JIT for empty arrays (no kernels; reductions of nothing folded). First call
// empty: every later call replayed it and got empty outputs and a count of 0. Empty after a wider call: the dry
// run refused the reduction of nothing, the empty recording replaced the wider one, and the same happened.
TEST_CASE("freeze: an empty input is a layout of its own — never replayed for a wider one, nor the other way") {
    auto body = [](const tj::UInt32 &x) {
        tj::Bool m = x > 500u;
        return std::make_tuple(tj::count(m), tj::any(m), tj::sum(x), x + 1u);
    };
    for (bool empty_first : {true, false}) {
        CAPTURE(empty_first);
        auto frozen = tj::freeze(body);
        std::vector<size_t> order = empty_first ? std::vector<size_t>{0, 64, 0, 3, 64}
                                                : std::vector<size_t>{5, 5, 0, 64, 0, 3};
        uint64_t seed = 1;
        for (size_t n : order) {
            CAPTURE(n);
            std::vector<uint32_t> v = small_ints<uint32_t>(n, seed++, 0, 1000);
            auto [c, a, s, y] = frozen(tj::UInt32(v));
            auto [c0, a0, s0, y0] = body(tj::UInt32(v));
            check_same("count", c, c0);
            check_same("any", a, a0);
            check_same("sum", s, s0);
            check_same("x + 1", y, y0);
        }
        CHECK(stats_of(frozen).recordings == 2);
    }
}

TEST_CASE("freeze: the width of a literal input is an input size like any other") {
    // full(2, n) is a literal of width n: the result has its width, whatever width the recording saw.
    auto frozen = tj::freeze([](const tj::Float &x) { return x * 3.f; });
    for (size_t n : {size_t(10), size_t(20), size_t(1000)}) {
        CAPTURE(n);
        tj::Float y = frozen(tj::full<tj::Float>(2.f, n));
        check_exact("full(2, n) * 3", y, std::vector<float>(n, 6.f));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: a gather of every second element has half the input's size (the seed's example)") {
    auto frozen = tj::freeze([](const tj::Float &x) { return every(x, 2); });
    for (size_t n : {size_t(8), size_t(16), size_t(32)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n);
        tj::Float y = frozen(x);
        CHECK(y.size() == n / 2);
        check_exact("every second element", y, every_expected(x, 2));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: of two inputs a size divides, the larger one gives it") {
    // Width 4 is half of x (8) and a quarter of y (16): the replay follows y, as in Dr.Jit.
    auto frozen = tj::freeze([](const tj::Float &x, const tj::Float &y) {
        tj::UInt32 index = tj::arange<tj::UInt32>(x.size() / 2);
        return tj::gather<tj::Float>(x, index) + tj::gather<tj::Float>(y, index);
    });
    tj::Float z1 = frozen(random_array<float>(8, 1), random_array<float>(16, 2));
    CHECK(z1.size() == 4);
    tj::Float x = random_array<float>(16, 3), y = random_array<float>(32, 4);
    tj::Float z2 = frozen(x, y);
    CHECK(z2.size() == 8);
    std::vector<float> xs = tj::to_vector(x), ys = tj::to_vector(y), expect;
    for (size_t i = 0; i < 8; ++i)
        expect.push_back(xs[i] + ys[i]);
    check_exact("x[i] + y[i]", z2, expect);
    CHECK(stats_of(frozen).replays == 1);
}

TEST_CASE("freeze: a result twice the input's size is inferred as a multiple") {
    auto body = [](const tj::Float &x) {
        return tj::gather<tj::Float>(x, tj::arange<tj::UInt32>(x.size() * 2) / 2u) * 3.f;
    };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(5), size_t(7), size_t(1000), size_t(100003)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n);
        tj::Float y = frozen(x);
        CHECK(y.size() == 2 * n);
        check_same("each element twice", y, body(x));
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("freeze: a size made on the host from a size the body read records anew for other sizes, with a warning") {
    LogCapture log(tj::LogLevel::Warn);
    // Dr.Jit's unsafe example: n - 1 elements is neither a multiple nor a fraction of n. Replayed with the 7 the
    // recording saw, a call with 16 elements returned 7 of them without an error.
    auto body = [](const tj::Float &x) { return tj::gather<tj::Float>(x, tj::arange<tj::UInt32>(x.size() - 1)); };
    auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "drop_last"});
    for (size_t n : {8, 16, 16, 8, 5}) {
        tj::Float x = random_array<float>(n, uint64_t(n));
        std::vector<float> all_but_last = tj::to_vector(x);
        all_but_last.pop_back();
        check_exact("frozen at " + std::to_string(n), frozen(x), all_but_last);
    }
    CHECK(log.count(tj::LogLevel::Warn, "records anew") >= 1);
    CHECK(log.count(tj::LogLevel::Warn, "drop_last") >= 1);
    CHECK(log.count(tj::LogLevel::Warn, "size 7") >= 1);
    // 8, 16 (its guard fails: records anew, in the place of 8's), 16 again (replays), 8 (records anew), 5.
    CHECK(stats_of(frozen).recordings == 4);
    CHECK(stats_of(frozen).replays == 1);
}

TEST_CASE("freeze: a size made on the host without reading one is a constant, baked in with a warning") {
    LogCapture log(tj::LogLevel::Warn);
    auto frozen = tj::freeze([](const tj::Float &x) { return tj::gather<tj::Float>(x, tj::arange<tj::UInt32>(7)); },
                             tj::FreezeOptions{.name = "first7"});
    size_t warned = 0;
    for (size_t n : {8, 16, 9}) {
        tj::Float x = random_array<float>(n, uint64_t(n) + 100);
        std::vector<float> first7 = tj::to_vector(x);
        first7.resize(7);
        check_exact("frozen at " + std::to_string(n), frozen(x), first7);
        if (n == 8)
            warned = log.count(tj::LogLevel::Warn, "baked in");
    }
    CHECK(warned >= 1);
    CHECK(log.count(tj::LogLevel::Warn) == warned); // at record time only
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: a size made from a compress count or a block reduction's size read on the host records anew") {
    auto grow = [](const tj::Float &x) {
        tj::UInt32 kept = tj::compress(x > 0.f);
        return tj::zeros<tj::Float>(kept.size() + 2) + 1.f; // a width made from the count: neither a multiple nor a fraction
    };
    auto frozen_grow = tj::freeze(grow, tj::FreezeOptions{.name = "grow"});
    auto blocks = [](const tj::Float &x) {
        tj::Float sums = tj::block_sum(x, 4);
        return tj::arange<tj::Float>(sums.size() + 3); // the same from a block reduction's result
    };
    auto frozen_blocks = tj::freeze(blocks, tj::FreezeOptions{.name = "blocks3"});
    for (size_t n : {40, 40, 64, 17}) {
        tj::Float x = random_array<float>(n, uint64_t(n) * 3);
        check_same("count + 2 at " + std::to_string(n), frozen_grow(x), grow(x));
        check_same("blocks + 3 at " + std::to_string(n), frozen_blocks(x), blocks(x));
    }
}

TEST_CASE("freeze: block_sum replays (recorded at 8, replayed at 16, 12 and at 10 with a shorter last block)") {
    int runs = 0;
    auto frozen = tj::freeze(
        [&runs](const tj::Float &x) {
            ++runs;
            return tj::block_sum(x, 4);
        },
        tj::FreezeOptions{.name = "blocks"});
    auto expected = [](const tj::Float &x) {
        std::vector<float> v = tj::to_vector(x), out((v.size() + 3) / 4, 0.f);
        for (size_t i = 0; i < v.size(); ++i)
            out[i / 4] += v[i];
        return out;
    };
    for (size_t n : {size_t(8), size_t(16), size_t(12), size_t(10), size_t(3), size_t(21)}) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, n);
        check_close("block sums", frozen(x), expected(x), 1e-6, 1e-5);
    }
    CHECK(runs == 1);
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 5);
    CHECK(stats_of(frozen).dry_run_failures == 0);
}

TEST_CASE("freeze: a kernel size that is a fraction re-records when it no longer divides") {
    auto frozen = tj::freeze([](const tj::Float &x) { return every(x, 3); });
    auto call = [&](size_t n, uint64_t seed) {
        CAPTURE(n);
        tj::Float x = random_array<float>(n, seed);
        tj::Float y = frozen(x);
        CHECK(y.size() == n / 3);
        check_exact("every third element", y, every_expected(x, 3));
    };
    call(9, 1);  // records: 3 is a third of 9
    call(12, 2); // replays: 4
    CHECK(stats_of(frozen).replays == 1);
    call(8, 3); // a third of 8 is no whole number: the dry run fails and 8 records (2 is a quarter of 8)
    CHECK(stats_of(frozen).dry_run_failures == 1);
    CHECK(stats_of(frozen).recordings == 2);
    call(8, 4);
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: a width made on the host follows an input's size only when the body read that size") {
    // arange(3) next to an input of 3 elements: the size 3 is explained by the input and by the constant. The body
    // never read the input's size, so the replay may not assume that it follows the input: a call where the input has
    // another size records anew (docs/freezing.md "Sizes"), and every result equals the unfrozen function's.
    using tj::Float, tj::UInt32;
    auto check_calls = [](auto body, std::string what) {
        CAPTURE(what);
        auto frozen = tj::freeze(body);
        uint64_t seed = 11;
        size_t widths[] = {3, 5, 3, 8, 5};
        for (size_t n : widths) {
            CAPTURE(n);
            Float x = random_array<float>(n, seed++);
            check_same("result", frozen(x), body(x));
        }
        // 3 records; 5 cannot replay it (records anew, the 3 it holds is no longer the input's size: a constant);
        // then every width replays that recording.
        CHECK(stats_of(frozen).recordings == 2);
        CHECK(stats_of(frozen).replays == 3);
    };
    check_calls(
        [](Float x) {
            tj::scatter(x, Float(0.f), tj::arange<UInt32>(3));
            return x;
        },
        "scatter(x, 0, arange(3))");
    check_calls([](const Float &x) { return tj::gather<Float>(x, tj::arange<UInt32>(3)); }, "gather(x, arange(3))");
    check_calls([](const Float &x) { return std::make_tuple(x * 2.f, tj::arange<UInt32>(3)); }, "arange(3) beside x");
    check_calls([](const Float &) { return tj::arange<UInt32>(3); }, "arange(3) alone");
    check_calls([](const Float &) { return tj::full<Float>(1.5f, 3); }, "full(1.5, 3)");
    check_calls([](const Float &) { return tj::zeros<Float>(3); }, "zeros(3)");
    check_calls([](const Float &) { return tj::opaque<Float>(2.5f, 3); }, "opaque(2.5, 3)");
    check_calls([](const Float &x) { return std::make_tuple(x + 1.f, tj::linspace<Float>(0.f, 1.f, 3) * 2.f); },
                "linspace(0, 1, 3) * 2 beside x + 1");
    // The same made from x.size(): it follows x, one recording for every size.
    auto check_follows = [](auto body, std::string what) {
        CAPTURE(what);
        auto frozen = tj::freeze(body);
        uint64_t seed = 21;
        for (size_t n : {size_t(3), size_t(5), size_t(1000), size_t(4)}) {
            CAPTURE(n);
            Float x = random_array<float>(n, seed++);
            check_same("result", frozen(x), body(x));
        }
        CHECK(stats_of(frozen).recordings == 1);
        CHECK(stats_of(frozen).replays == 3);
    };
    check_follows([](Float x) { tj::scatter(x, Float(0.f), tj::arange<UInt32>(x.size())); return x; },
                  "scatter(x, 0, arange(x.size()))");
    check_follows([](const Float &x) { return tj::gather<Float>(x, tj::arange<UInt32>(x.size())); },
                  "gather(x, arange(x.size()))");
    check_follows([](const Float &x) { return tj::arange<UInt32>(x.size()); }, "arange(x.size())");
    check_follows([](const Float &x) { return tj::full<Float>(1.5f, x.size()); }, "full(1.5, x.size())");
    check_follows([](const Float &x) { return tj::zeros<Float>(x.size()) + x; }, "zeros(x.size()) + x");
}

TEST_CASE("freeze: a constant width in a kernel that also reads an input per element records anew when they differ") {
    // Unfrozen, x + arange(3) with an x of 5 elements is a size mismatch: so is the call of the frozen function (it
    // records anew, and the body throws), never a result over 5 elements.
    using tj::Float, tj::UInt32;
    auto body = [](const Float &x) { return x + tj::cast<float>(tj::arange<UInt32>(3)); };
    auto frozen = tj::freeze(body);
    Float x3 = random_array<float>(3, 31);
    check_same("recorded", frozen(x3), body(x3));
    Float x5 = random_array<float>(5, 32);
    check_error([&] { (void)body(x5); }, {"size mismatch"});
    check_error([&] { (void)frozen(x5); }, {"size mismatch"});
    CHECK(stats_of(frozen).recordings == 2); // (the attempt that threw)
    CHECK(stats_of(frozen).replays == 0);
    Float x3b = random_array<float>(3, 33);
    check_same("replayed", frozen(x3b), body(x3b));
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 1);
}
