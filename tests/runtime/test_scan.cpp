// tests/runtime/test_scan.cpp — prefix_sum, block_prefix_reduce and compress on the CPU
//
// Each operation against a plain C++ reference at sizes 0, 1, 7, 1000 and 2^20+3 (the large one crosses the
// thread pool's chunks), for every type it accepts, exclusive and inclusive, forward and reverse; the errors;
// compress results that keep their mask-sized buffer (from a quarter of the mask on) used as any array, with the
// memory whos_str() reports; gradients against finite differences (a gather through compress's indices too). Frozen
// functions with compress, count and scatter_inc are in test_scan_freeze.cpp.
#include "backend/cpu/cpu_scan.h"

#include "ad_check.h"
#include "reduce_check.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace tjtest;
using tj::ReduceOp;

namespace {

/// The reference's accumulator: double for floats.
template <typename T> using Acc = std::conditional_t<std::is_floating_point_v<T>, double, T>;

template <typename T> Acc<T> identity(ReduceOp op) {
    switch (op) {
    case ReduceOp::Add:
    case ReduceOp::Or: return Acc<T>(0);
    case ReduceOp::Mul: return Acc<T>(1);
    case ReduceOp::And:
        if constexpr (std::is_same_v<T, bool>)
            return true;
        else if constexpr (std::is_integral_v<T>)
            return Acc<T>(~T(0));
        else
            return Acc<T>(0);
    case ReduceOp::Min:
        return std::numeric_limits<T>::has_infinity ? Acc<T>(INFINITY) : Acc<T>(std::numeric_limits<T>::max());
    case ReduceOp::Max:
        return std::numeric_limits<T>::has_infinity ? Acc<T>(-INFINITY) : Acc<T>(std::numeric_limits<T>::lowest());
    }
    return {};
}

template <typename T> Acc<T> apply(ReduceOp op, Acc<T> a, Acc<T> b) {
    if constexpr (std::is_same_v<T, bool>) {
        return (op == ReduceOp::Min || op == ReduceOp::And) ? (a && b) : (a || b);
    } else if constexpr (std::is_floating_point_v<T>) {
        switch (op) {
        case ReduceOp::Add: return a + b;
        case ReduceOp::Mul: return a * b;
        case ReduceOp::Min: return std::fmin(a, b);
        case ReduceOp::Max: return std::fmax(a, b);
        default: return a;
        }
    } else {
        switch (op) {
        case ReduceOp::Add: return ref_add(a, b);
        case ReduceOp::Mul: return ref_mul(a, b);
        case ReduceOp::Min: return std::min(a, b);
        case ReduceOp::Max: return std::max(a, b);
        case ReduceOp::And: return T(a & b);
        case ReduceOp::Or: return T(a | b);
        }
        return a;
    }
}

/// The reference: a loop over each block, from its start or (reverse) its end.
template <typename T>
std::vector<T> ref_scan(ReduceOp op, const std::vector<T> &x, size_t block, bool exclusive, bool reverse) {
    size_t n = x.size();
    std::vector<T> out(n);
    for (size_t b = 0; b * block < n; ++b) {
        size_t begin = b * block, end = std::min(n, begin + block);
        Acc<T> acc = identity<T>(op);
        for (size_t j = 0; j < end - begin; ++j) {
            size_t i = reverse ? end - 1 - j : begin + j;
            Acc<T> next = apply<T>(op, acc, Acc<T>(x[i]));
            out[i] = T(exclusive ? acc : next);
            acc = next;
        }
    }
    return out;
}

/// Inputs that keep a scan meaningful: products near 1, sums of small values, random bits.
template <typename T> std::vector<T> values_for(ReduceOp op, size_t n, uint64_t seed) {
    if constexpr (std::is_same_v<T, bool>) {
        std::vector<T> v(n);
        Rng rng(seed);
        for (size_t i = 0; i < n; ++i)
            v[i] = (op == ReduceOp::And || op == ReduceOp::Min) ? rng.next() % 500 != 0 : rng.next() % 500 == 0;
        return v;
    } else if constexpr (std::is_floating_point_v<T>) {
        return op == ReduceOp::Mul ? uniform_values<T>(n, seed, 0.9999, 1.0001) : uniform_values<T>(n, seed, -10, 10);
    } else {
        if (op == ReduceOp::And || op == ReduceOp::Or) {
            std::vector<T> v(n);
            Rng rng(seed);
            for (auto &x : v) {
                uint64_t r = rng.next() | rng.next() | rng.next() | rng.next();
                x = T(op == ReduceOp::And ? r : ~r);
            }
            return v;
        }
        return small_ints<T>(n, seed, -1000, 1000);
    }
}

template <typename T> void check_scan_type() {
    for (ReduceOp op : accepted_ops<T>()) {
        uint64_t seed = 300 + uint64_t(op);
        for (size_t n : reduce_sizes) {
            std::vector<T> x = values_for<T>(op, n, seed++);
            tj::Array<T> a(x);
            for (size_t block : {size_t(1), size_t(3), size_t(1000), (size_t(1) << 16) + 1, n + 5})
                for (bool exclusive : {true, false})
                    for (bool reverse : {false, true}) {
                        if (n > 1000 && block == 1 && !exclusive) // one case less for the big size (time)
                            continue;
                        std::string what =
                            fmt::format("block_prefix_reduce({}, {}[{}], {}, {}, {})", op_name(op),
                                        tj::detail::type_name(tj::Array<T>::Type), n, block,
                                        exclusive ? "exclusive" : "inclusive", reverse ? "reverse" : "forward");
                        CAPTURE(what);
                        tj::Array<T> got = tj::block_prefix_reduce(op, a, block, exclusive, reverse);
                        std::vector<T> expect = ref_scan(op, x, block, exclusive, reverse);
                        REQUIRE(got.size() == n);
                        check_reduced(what, op, got, expect, 1e-9 * double(n));
                    }
        }
    }
}

} // namespace

TEST_CASE("block_prefix_reduce: every op and type against a C++ loop, exclusive/inclusive, forward/reverse") {
    check_scan_type<bool>();
    check_scan_type<int32_t>();
    check_scan_type<uint32_t>();
    check_scan_type<int64_t>();
    check_scan_type<uint64_t>();
    check_scan_type<float>();
    check_scan_type<double>();
}

namespace {

/// block_prefix_reduce(Min/Max) of T against ref_float_minmax_scan on `x`, every mode.
template <typename T> void check_nan_scans(const std::string &data, const std::vector<T> &x, size_t block) {
    tj::Array<T> a(x);
    for (ReduceOp op : {ReduceOp::Min, ReduceOp::Max})
        for (bool exclusive : {false, true})
            for (bool reverse : {false, true}) {
                std::string what = fmt::format("block_prefix_reduce({}, {}[{}] ({}), {}, {}, {})", op_name(op),
                                               tj::detail::type_name(tj::Array<T>::Type), x.size(), data, block,
                                               exclusive ? "exclusive" : "inclusive", reverse ? "reverse" : "forward");
                CAPTURE(what);
                check_exact(what, tj::block_prefix_reduce(op, a, block, exclusive, reverse),
                            ref_float_minmax_scan(op, x, block, exclusive, reverse));
            }
}

template <typename T> void check_nan_scan_type() {
    const size_t big = 1000003; // 16 chunks of the CPU scan, the last one short
    uint64_t seed = 900;
    for (size_t n : {size_t(1), size_t(2), size_t(9), size_t(1000), big})
        for (size_t block : {size_t(1), size_t(2), size_t(3), size_t(7), size_t(1000), size_t(65536), size_t(65537),
                             size_t(300000), n, SIZE_MAX}) {
            if (block > n && block != SIZE_MAX)
                continue;
            check_nan_scans("NaN runs", values_with_nan_runs<T>(n, block, seed++), block);
        }
    // Every element NaN: inclusive all NaN; exclusive the identity first in each block, then NaN.
    for (size_t n : {size_t(1), size_t(5), size_t(200003)})
        for (size_t block : {size_t(1), size_t(4), size_t(65537), SIZE_MAX})
            check_nan_scans("all NaN", std::vector<T>(n, std::numeric_limits<T>::quiet_NaN()), block);
}

} // namespace

TEST_CASE("block_prefix_reduce scan: float Min/Max give NaN where the whole prefix of the block is NaN, ±inf first "
          "when exclusive") {
    if (tj::thread_count() < 2)
        MESSAGE("one thread: the chunked (multi-threaded) CPU scan is not exercised");
    // The small cases by hand: inclusive NaN over a NaN prefix, the NaN then dropped; exclusive ±inf first.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    tj::Float x = {nan, nan, 3.f, nan, 1.f};
    check_exact("Min inclusive", tj::block_prefix_reduce(ReduceOp::Min, x, 5, false),
                std::vector<float>{nan, nan, 3.f, 3.f, 1.f});
    check_exact("Max exclusive", tj::block_prefix_reduce(ReduceOp::Max, x, 5, true),
                std::vector<float>{-INFINITY, nan, nan, 3.f, 3.f});
    check_exact("Min inclusive reverse", tj::block_prefix_reduce(ReduceOp::Min, x, 5, false, true),
                std::vector<float>{1.f, 1.f, 1.f, 1.f, 1.f});
    check_exact("Max inclusive reverse, blocks of 2", tj::block_prefix_reduce(ReduceOp::Max, x, 2, false, true),
                std::vector<float>{nan, nan, 3.f, nan, 1.f});
    check_exact("Min exclusive reverse, blocks of 2", tj::block_prefix_reduce(ReduceOp::Min, x, 2, true, true),
                std::vector<float>{nan, INFINITY, nan, INFINITY, INFINITY});
    check_nan_scan_type<float>();
    check_nan_scan_type<double>();
}

TEST_CASE("prefix_sum: exclusive by default, inclusive on request, every numeric type and size") {
    check_exact("prefix_sum({1, 2, 3, 4})", tj::prefix_sum(tj::Int32({1, 2, 3, 4})), std::vector<int32_t>{0, 1, 3, 6});
    check_exact("prefix_sum({1, 2, 3, 4}, false)", tj::prefix_sum(tj::Int32({1, 2, 3, 4}), false),
                std::vector<int32_t>{1, 3, 6, 10});
    check_exact("block_prefix_reduce(Max, …, 2, inclusive, reverse)",
                tj::block_prefix_reduce(ReduceOp::Max, tj::Int32({1, 5, 3, 2, 7}), 2, false, true),
                std::vector<int32_t>{5, 5, 3, 2, 7});
    check_exact("block_prefix_reduce(Min, …, 2, exclusive)",
                tj::block_prefix_reduce(ReduceOp::Min, tj::Float({1.f, 5.f, 3.f}), 2),
                std::vector<float>{INFINITY, 1.f, INFINITY});
    for (size_t n : reduce_sizes) {
        CAPTURE(n);
        std::vector<uint32_t> u = small_ints<uint32_t>(n, n + 1, 0, 1u << 30);
        check_exact("prefix_sum(UInt32)", tj::prefix_sum(tj::UInt32(u)),
                    ref_scan(ReduceOp::Add, u, n + 1, true, false));
        std::vector<int64_t> i = small_ints<int64_t>(n, n + 2, -1000000, 1000000);
        check_exact("prefix_sum(Int64, inclusive)", tj::prefix_sum(tj::Int64(i), false),
                    ref_scan(ReduceOp::Add, i, n + 1, false, false));
        std::vector<float> f = uniform_values<float>(n, n + 3, 0, 1);
        check_close("prefix_sum(Float)", tj::prefix_sum(tj::Float(f)), ref_scan(ReduceOp::Add, f, n + 1, true, false),
                    1e-6, 1e-9 * double(n));
    }
    // A literal is scanned like memory; the empty array gives the empty array.
    check_exact("prefix_sum(full(2, 4))", tj::prefix_sum(tj::full<tj::UInt32>(2, 4)),
                std::vector<uint32_t>{0, 2, 4, 6});
    CHECK(tj::prefix_sum(tj::Float(std::vector<float>{})).size() == 0);
    // Lazy inputs are evaluated first.
    tj::Int32 lazy = tj::arange<tj::Int32>(5) * 2;
    check_exact("prefix_sum(2 * arange(5))", tj::prefix_sum(lazy, false), std::vector<int32_t>{0, 2, 6, 12, 20});
}

TEST_CASE("compress: the indices of the true entries in order, at every size and density") {
    for (size_t n : reduce_sizes)
        for (int density : {0, 1, 10, 50, 100}) {
            CAPTURE(n);
            CAPTURE(density);
            Rng rng(n * 13 + uint64_t(density));
            std::vector<bool> bits(n);
            std::vector<uint32_t> expect;
            for (size_t i = 0; i < n; ++i) {
                bits[i] = rng.next() % 100 < uint64_t(density);
                if (bits[i])
                    expect.push_back(uint32_t(i));
            }
            tj::UInt32 got = tj::compress(tj::Bool(bits));
            check_exact("compress(mask)", got, expect);
            CHECK(got.size() == tj::count(tj::Bool(bits)).read(0));
        }
    // Lazy masks and literal masks.
    tj::Int32 x = {3, -1, 4, -1, 5, -9, 2, 6};
    check_exact("compress(x > 0)", tj::compress(x > 0), std::vector<uint32_t>{0, 2, 4, 6, 7});
    check_exact("compress(full(true, 3))", tj::compress(tj::full<tj::Bool>(true, 3)), std::vector<uint32_t>{0, 1, 2});
    CHECK(tj::compress(tj::full<tj::Bool>(false, 3)).size() == 0);
    CHECK(tj::compress(tj::Bool(std::vector<bool>{})).size() == 0);
    // Stream compaction: the values of the kept entries.
    tj::Int32 kept = tj::gather<tj::Int32>(x, tj::compress(x > 0));
    check_exact("gather(x, compress(x > 0))", kept, std::vector<int32_t>{3, 4, 5, 2, 6});
}

TEST_CASE("compress: the portable and the AVX-512 one-thread passes, at every start, length and density") {
    // tj::compress takes the AVX-512 pass where the host has it: the portable one is checked here directly, and
    // both store nothing past what they may (the portable pass one index past the hits, the AVX-512 pass none).
    const uint32_t untouched = 0xdeadbeef;
    for (size_t n : {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 1000, 4099})
        for (size_t first : {0, 1, 7, 33})
            for (int density : {0, 1, 10, 50, 90, 100}) {
                if (first > n)
                    continue;
                CAPTURE(n);
                CAPTURE(first);
                CAPTURE(density);
                Rng rng(n * 31 + first * 7 + uint64_t(density));
                std::vector<uint8_t> mask(n);
                std::vector<uint32_t> expect;
                for (size_t i = 0; i < n; ++i) {
                    mask[i] = rng.next() % 100 < uint64_t(density);
                    if (i >= first && mask[i])
                        expect.push_back(uint32_t(i));
                }
                std::vector<uint32_t> out(n + 2, untouched);
                uint64_t count = tj::cpu::compress_range(mask.data(), first, n, out.data());
                REQUIRE(count == expect.size());
                CHECK(std::equal(expect.begin(), expect.end(), out.begin()));
                CHECK(out[count + 1] == untouched);
#if defined(__x86_64__)
                if (!tj::cpu::host_has_avx512())
                    continue;
                std::fill(out.begin(), out.end(), untouched);
                count = tj::cpu::compress_range_avx512(mask.data(), first, n, out.data());
                REQUIRE(count == expect.size());
                CHECK(std::equal(expect.begin(), expect.end(), out.begin()));
                CHECK(out[count] == untouched);
#endif
            }
#if defined(__x86_64__)
    if (!tj::cpu::host_has_avx512())
        MESSAGE("this host has no AVX-512: only the portable compress pass was checked");
#endif
}

TEST_CASE("compress: chunks without hits, and chunks whose only hit is their first or last entry") {
    // The CPU compacts in chunks of 65536 entries on the thread pool, each chunk from the first index it owns; a chunk
    // stores only up to its last hit, since the slot after its hits is the next chunk's first.
    const size_t c = 65536, n = 5 * c + 11;
    std::vector<bool> bits(n, false);
    bits[0] = true;         // chunk 0: its first entry only; chunk 1: none
    bits[3 * c - 1] = true; // chunk 2: its last entry only
    for (size_t i = 3 * c; i < 4 * c; i += 2)
        bits[i] = true; // chunk 3: every other entry, the last one not
    bits[n - 1] = true; // chunk 4: none; chunk 5 (11 entries): its last entry
    std::vector<uint32_t> expect;
    for (size_t i = 0; i < n; ++i)
        if (bits[i])
            expect.push_back(uint32_t(i));
    check_exact("compress(mask)", tj::compress(tj::Bool(bits)), expect);
}

/// The bytes of memory that tj::whos_str() reports for array `a`'s variable.
uint64_t whos_bytes(const tj::UInt32 &a) {
    std::istringstream table(tj::whos_str());
    std::string line;
    while (std::getline(table, line)) {
        std::istringstream fields(line);
        std::string id, type;
        uint64_t size = 0, refs = 0, bytes = 0;
        if (fields >> id >> type >> size >> refs >> bytes && id == std::to_string(a.index()))
            return bytes;
    }
    FAIL("no whos_str() line for variable " << a.index());
    return 0;
}

TEST_CASE("compress: a result that keeps the mask-sized buffer (count >= n/4) is an array like any other") {
    const size_t n = 1001; // the threshold is ceil(n / 4) = 251
    for (size_t count : {size_t(250), size_t(251), size_t(600), size_t(1000), n}) {
        CAPTURE(count);
        std::vector<bool> bits(n);
        std::vector<uint32_t> expect;
        for (size_t i = 0; i < count; ++i) { // spread over the mask
            size_t at = i * n / count;
            bits[at] = true;
            expect.push_back(uint32_t(at));
        }
        tj::UInt32 got = tj::compress(tj::Bool(bits));
        check_exact("compress(mask)", got, expect);
        // Memory: the buffer of n indices is kept from a quarter of the mask on (all true: it is the exact size).
        CHECK(whos_bytes(got) == 4 * (count >= 251 ? n : count));
        // Used by kernels, gathers, reductions and copies, it reads only its `count` elements.
        std::vector<uint32_t> doubled(expect), firsts(expect.begin(), expect.begin() + 3);
        for (uint32_t &v : doubled)
            v *= 2;
        check_exact("compress(mask) * 2", got * 2u, doubled);
        check_exact("gather(compress(mask), arange(3))", tj::gather<tj::UInt32>(got, tj::arange<tj::UInt32>(3)),
                    firsts);
        uint32_t sum = 0;
        for (uint32_t v : expect)
            sum += v;
        CHECK(tj::sum(got).read(0) == sum); // below 2^32
        CHECK(tj::prefix_sum(got).size() == count);
        // Scattered into: copied on write while shared, then in place.
        const std::vector<uint32_t> original = expect;
        tj::UInt32 alias = got;
        tj::scatter(got, tj::UInt32(7u), tj::UInt32(0u));
        expect[0] = 7;
        check_exact("after a scatter", got, expect);
        check_exact("the array it shared its buffer with", alias, original);
        alias = tj::UInt32();
        tj::scatter(got, tj::UInt32(9u), tj::UInt32(1u));
        expect[1] = 9;
        check_exact("after a scatter in place", got, expect);
        got = tj::UInt32(); // freed with its capacity; the buffer comes back from the allocator's cache
        check_exact("compress(mask) again", tj::compress(tj::Bool(bits)), original);
    }
}

TEST_CASE("prefix reductions and compress: errors name the function and what is wrong") {
    tj::Float f = {1.f, 2.f, 3.f};
    tj::Bool m = {true, false};
    check_error([&] { tj::block_prefix_reduce(ReduceOp::Add, f, 0); },
                {"tj::block_prefix_reduce()", "block_size must be at least 1"});
    check_error([&] { tj::block_prefix_reduce(ReduceOp::And, f, 2); },
                {"tj::block_prefix_reduce()", "And and Or", "f32"});
    check_error([&] { tj::block_prefix_reduce(ReduceOp::Add, m, 2); }, {"tj::block_prefix_reduce()", "Bool"});
    check_error([&] { tj::prefix_sum(m); }, {"tj::prefix_sum()", "Bool"});
    check_error([&] { tj::prefix_sum(tj::Float()); }, {"tj::prefix_sum()", "uninitialized"});
    check_error([&] { tj::compress(tj::Bool()); }, {"tj::compress()", "uninitialized"});
    // A default-constructed array: every reduction throws naming itself (docs/semantics.md), before other checks.
    check_error([&] { tj::block_prefix_reduce(ReduceOp::Min, tj::Float(), 0); },
                {"tj::block_prefix_reduce()", "uninitialized"});
    check_error([&] { tj::block_reduce(ReduceOp::Max, tj::Float(), 2); }, {"tj::block_reduce()", "uninitialized"});
    check_error([&] { tj::block_sum(tj::Float(), 2); }, {"tj::block_sum()", "uninitialized"});
    check_error([&] { tj::sum(tj::Float()); }, {"tj::sum()", "uninitialized"});
    check_error([&] { tj::hmin(tj::Float()); }, {"tj::hmin()", "uninitialized"});
    check_error([&] { tj::hmax(tj::Int32()); }, {"tj::hmax()", "uninitialized"});
    check_error([&] { tj::mean(tj::Float()); }, {"tj::mean()", "uninitialized"});
    check_error([&] { tj::all(tj::Bool()); }, {"tj::all()", "uninitialized"});
}

TEST_CASE("compress: a mask that is not Bool does not compile — a Bool from another type is fine") {
    static_assert(!std::is_invocable_v<decltype(static_cast<tj::UInt32 (*)(const tj::Bool &)>(&tj::compress)),
                                       const tj::Int32 &>);
    check_exact("compress(cast<Bool>(…))", tj::compress(tj::Int32({0, 7, 0, 1}) != 0), std::vector<uint32_t>{1, 3});
}

// ---- gradients ----

TEST_CASE("prefix_sum and block_prefix_reduce(Add): gradients against finite differences, both modes") {
    for (size_t n : {size_t(1), size_t(7), size_t(40)})
        for (bool exclusive : {true, false}) {
            std::vector<double> x = random_vector<double>(n, uint32_t(n * 7 + exclusive), 0.5, 2.0);
            std::string what = fmt::format("prefix_sum(x*x)[{}] {}", n, exclusive ? "exclusive" : "inclusive");
            CAPTURE(what);
            auto f = [exclusive](const std::vector<tj::Float64> &in) {
                return tj::prefix_sum(in[0] * in[0], exclusive);
            };
            check_derivatives<double>(what, f, {x});
            for (size_t block : {size_t(1), size_t(3), size_t(8)})
                for (bool reverse : {false, true}) {
                    std::string w = fmt::format("block_prefix_reduce(Add, sin(x)[{}], {}, {}, {})", n, block,
                                                exclusive ? "exclusive" : "inclusive", reverse ? "reverse" : "forward");
                    CAPTURE(w);
                    auto g = [=](const std::vector<tj::Float64> &in) {
                        return tj::block_prefix_reduce(ReduceOp::Add, tj::sin(in[0]), block, exclusive, reverse) *
                               in[0];
                    };
                    check_derivatives<double>(w, g, {x});
                }
        }
    tj::Float64 z = {1.0, 2.0};
    tj::enable_grad(z);
    check_error([&] { tj::block_prefix_reduce(ReduceOp::Max, z, 2); },
                {"tj::block_prefix_reduce()", "only Add is differentiable"});
}

TEST_CASE("compress: the indices carry no gradient, a gather through them does") {
    std::vector<double> x = random_vector<double>(40, 5, -1.0, 1.0, [](double v) { return std::fabs(v) > 0.05; });
    auto f = [](const std::vector<tj::Float64> &in) {
        tj::UInt32 idx = tj::compress(tj::detach(in[0]) > 0.0);
        return tj::gather<tj::Float64>(in[0] * 3.0, idx) * tj::gather<tj::Float64>(in[0], idx);
    };
    check_derivatives<double>("gather(3x, compress(x > 0)) · gather(x, …)", f, {x});
    tj::Float64 y = {1.0, -2.0, 3.0};
    tj::enable_grad(y);
    tj::UInt32 idx = tj::compress(y > 0.0);
    CHECK(!tj::grad_enabled(idx));
    tj::Float64 picked = tj::gather<tj::Float64>(y, idx);
    tj::backward(picked);
    check_exact("d gather(y, compress(y > 0)) / dy", tj::grad(y), std::vector<double>{1.0, 0.0, 1.0});
}
