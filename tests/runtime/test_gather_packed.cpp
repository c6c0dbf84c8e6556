// tests/runtime/test_gather_packed.cpp — tj::detail::gather_packed (a packed gather: `count` consecutive elements
// per index, loaded together) against plain C++, with masks, indices past either end and partial packets, and its
// gradient (scatter_adds at index + channel)
#include <tracejit/detail/gather_packed.h> // tj::detail::gather_packed, internal
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

/// Evaluates all `channels` in one call (so that one kernel reads them together).
template <typename A> void eval_all(const std::vector<A> &channels) {
    std::vector<uint32_t> ids;
    for (const A &c : channels)
        ids.push_back(c.index());
    tj::detail::var_eval(ids.data(), ids.size());
}

/// Checks channel k of `got` against source[index + k] where the mask holds and the element exists, else 0.
template <typename T, typename I>
void check_channels(const std::vector<tj::Array<T>> &got, const std::vector<T> &src, const std::vector<I> &index,
                    const std::vector<bool> &mask, size_t count) {
    REQUIRE(got.size() == count);
    for (size_t k = 0; k < count; ++k) {
        std::vector<T> g = tj::to_vector(got[k]);
        REQUIRE(g.size() == index.size());
        for (size_t i = 0; i < index.size(); ++i) {
            long long at = (long long)index[i] + (long long)k;
            T want = mask[i] && at >= 0 && at < (long long)src.size() ? src[size_t(at)] : T(0);
            INFO("channel " << k << " of " << count << ", element " << i << ", index " << (long long)index[i]);
            CHECK(g[i] == want);
        }
    }
}

template <typename T, typename I> void check_type(size_t count) {
    using A = tj::Array<T>;
    std::mt19937 rng(unsigned(count * 7 + sizeof(T) + sizeof(I)));
    const size_t n = 1001; // not a multiple of any vector width: a partial last vector
    std::vector<T> src(53);
    for (T &v : src)
        v = T(std::uniform_real_distribution<double>(-10, 10)(rng));
    std::vector<I> index(n);
    std::vector<bool> mask(n);
    // Indices inside, just before the end (a partial packet), past the end and (signed) negative.
    long long lo = std::is_signed_v<I> ? -(long long)count - 2 : 0;
    for (size_t i = 0; i < n; ++i) {
        index[i] = I(std::uniform_int_distribution<long long>(lo, (long long)src.size() + 2)(rng));
        mask[i] = rng() % 5 != 0;
    }
    A source(src);
    tj::Array<I> idx(index);
    tj::Bool m{std::vector<bool>(mask)};
    SUBCASE("evaluated indices, masked, all channels in one kernel") {
        auto got = tj::detail::gather_packed(source, idx, count, m);
        eval_all(got);
        check_channels(got, src, index, mask, count);
    }
    SUBCASE("each channel evaluated alone") {
        auto got = tj::detail::gather_packed(source, idx, count, m);
        for (size_t k = count; k-- > 0;)
            tj::eval(got[k]);
        check_channels(got, src, index, mask, count);
    }
    SUBCASE("lazy indices computed in the kernel, no mask") {
        // index = (i * 7) % (size + 4) - 2 for signed types (some negative), (i * 7) % (size + 4) otherwise.
        tj::Array<I> i = tj::arange<tj::Array<I>>(n);
        I shift = std::is_signed_v<I> ? I(2) : I(0);
        tj::Array<I> lazy = (i * I(7)) % I(src.size() + 4) - shift;
        std::vector<I> ref(n);
        for (size_t e = 0; e < n; ++e)
            ref[e] = I(I(e * 7) % I(src.size() + 4) - shift);
        auto got = tj::detail::gather_packed(source, lazy, count);
        eval_all(got);
        check_channels(got, src, ref, std::vector<bool>(n, true), count);
    }
}

} // namespace

TEST_CASE("gather_packed: every channel count 1..8, float and double, Int32/UInt32/Int64 indices, against C++") {
    for (size_t count = 1; count <= 8; ++count) {
        INFO("count " << count);
        check_type<float, int32_t>(count);
        check_type<double, int32_t>(count);
        check_type<float, uint32_t>(count);
        check_type<double, int64_t>(count);
    }
}

TEST_CASE("gather_packed: one kernel reads a packet with the channels' arithmetic fused") {
    tj::Float src(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    tj::UInt32 idx(std::vector<uint32_t>{0, 4, 8, 10});
    tj::eval(src, idx);
    tj::reset_kernel_stats();
    auto c = tj::detail::gather_packed(src, idx, 4);
    tj::Float sum = c[0] + c[1] * 10.f + c[2] * 100.f + c[3] * 1000.f;
    std::vector<float> got = tj::to_vector(sum);
    CHECK(tj::kernel_stats().launches == 1);
    CHECK(got == std::vector<float>{4321.f, 8765.f, 13209.f, 131.f}); // index 10: elements 12, 13 past the end
}

TEST_CASE("gather_packed: a packet of 0, a float index and mismatched sizes are errors") {
    tj::Float src(std::vector<float>{1, 2, 3, 4});
    tj::UInt32 idx(std::vector<uint32_t>{0, 1});
    CHECK_THROWS_AS(tj::detail::gather_packed(src, idx, 0), tj::Error);
    CHECK_THROWS_AS(tj::detail::gather_packed(src, tj::Float(std::vector<float>{0, 1}), 2), tj::Error);
    CHECK_THROWS_AS(tj::detail::gather_packed(src, idx, 2, tj::Bool(std::vector<bool>{true, false, true})), tj::Error);
}

TEST_CASE("gather_packed: the gradient is a scatter_add of each channel's weight at index + channel") {
    for (size_t count : {2, 3, 4, 5}) {
        INFO("count " << count);
        std::vector<double> src(17);
        for (size_t k = 0; k < src.size(); ++k)
            src[k] = double(k) * 0.5;
        std::vector<int32_t> index{0, 3, 3, 14, 16, -1, 7};
        std::vector<bool> mask{true, true, true, true, true, true, false};
        tj::Float64 s(src);
        tj::enable_grad(s);
        auto c = tj::detail::gather_packed(s, tj::Int32(index), count, tj::Bool(std::vector<bool>(mask)));
        tj::Float64 loss = tj::zeros<tj::Float64>(index.size());
        for (size_t k = 0; k < count; ++k)
            loss = loss + c[k] * double(k + 1);
        tj::backward(tj::sum(loss));
        std::vector<double> got = tj::to_vector(tj::grad(s)), want(src.size(), 0.0);
        for (size_t i = 0; i < index.size(); ++i)
            for (size_t k = 0; k < count; ++k) {
                long at = long(index[i]) + long(k);
                if (mask[i] && at >= 0 && at < long(src.size()))
                    want[size_t(at)] += double(k + 1);
            }
        CHECK(got == want);
    }
}

TEST_CASE("gather_packed: inside a symbolic loop, next to the same packet read before and after it") {
    std::vector<float> src(40);
    for (size_t k = 0; k < src.size(); ++k)
        src[k] = float(k);
    std::vector<int32_t> start{0, 5, 30, 37};
    tj::Float s(src);
    tj::Int32 first(start);
    auto before = tj::detail::gather_packed(s, first, 3);
    tj::Float acc = before[0];
    tj::Int32 i = first;
    tj::while_loop(
        std::tie(acc, i), [](const tj::Float &, const tj::Int32 &i) { return i < 36; },
        [&](tj::Float &acc, tj::Int32 &i) {
            auto c = tj::detail::gather_packed(s, i, 3);
            acc = acc + c[0] + c[1] * 2.f + c[2] * 3.f;
            i += 4;
        });
    auto after = tj::detail::gather_packed(s, first, 3);
    tj::Float result = acc + after[2] * 100.f;
    std::vector<float> got = tj::to_vector(result);
    for (size_t e = 0; e < start.size(); ++e) {
        auto at = [&](long k) { return k < long(src.size()) ? src[size_t(k)] : 0.f; };
        float a = at(start[e]);
        for (long j = start[e]; j < 36; j += 4)
            a += at(j) + at(j + 1) * 2.f + at(j + 2) * 3.f;
        a += at(start[e] + 2) * 100.f;
        CHECK(got[e] == a);
    }
}

namespace {

/// Packed gathers at an index clamped in the kernel to [0, hi] (a texture's texel index): where hi + count fits the
/// source, the CPU reads every lane's packet without checking it (kernel_ranges.h); where it does not, it checks.
/// Both against C++, masked, with evaluated indices that run past both ends before the clamp.
template <typename T, typename I> void check_clamped(size_t count, long long hi) {
    std::mt19937 rng(unsigned(count * 31 + size_t(hi) + sizeof(I)));
    const size_t n = 777;
    std::vector<T> src(53);
    for (T &v : src)
        v = T(std::uniform_real_distribution<double>(-10, 10)(rng));
    std::vector<I> raw(n), clamped(n);
    std::vector<bool> mask(n);
    long long lo = std::is_signed_v<I> ? -7 : 0;
    for (size_t i = 0; i < n; ++i) {
        raw[i] = I(std::uniform_int_distribution<long long>(lo, (long long)src.size() + 7)(rng));
        clamped[i] = I(std::min<long long>(std::max<long long>((long long)raw[i], 0), hi));
        mask[i] = rng() % 7 != 0;
    }
    tj::Array<T> source(src);
    tj::Array<I> idx(raw);
    tj::Bool m{std::vector<bool>(mask)};
    tj::Array<I> in_kernel = std::is_signed_v<I> ? tj::min(tj::max(idx, I(0)), I(hi)) : tj::min(idx, I(hi));
    auto got = tj::detail::gather_packed(source, in_kernel, count, m);
    eval_all(got);
    check_channels(got, src, clamped, mask, count);
}

} // namespace

TEST_CASE("gather_packed: an index clamped in the kernel reads unchecked where the clamp fits the source") {
    for (size_t count : {1, 2, 3, 4, 6, 8}) {
        INFO("count " << count);
        const long long fits = 53 - (long long)count; // the last packet ends at the source's last element
        for (long long hi : {fits, fits - 5, fits + 1, 60LL}) { // unchecked, unchecked, checked, checked
            INFO("clamped to [0, " << hi << "]");
            check_clamped<float, int32_t>(count, hi);
            check_clamped<float, uint32_t>(count, hi);
            check_clamped<double, int64_t>(count, hi);
        }
    }
}

TEST_CASE("gather / gather_packed from a literal match the same gathers from memory, and from a literal 0 are a literal 0") {
    std::vector<int32_t> index{-3, -1, 0, 1, 5, 8, 9, 10, 12, 2};
    std::vector<bool> mask{true, true, true, true, true, true, true, true, true, false};
    tj::Int32 idx(index);
    tj::Bool m{std::vector<bool>(mask)};
    for (float value : {2.5f, 0.f}) {
        INFO("literal " << value);
        tj::Float lit = tj::full<tj::Float>(value, 10);
        tj::Float mem = tj::opaque<tj::Float>(value, 10);
        REQUIRE(tj::detail::var_is_literal(lit.index()));
        CHECK(tj::to_vector(tj::gather(lit, idx, m)) == tj::to_vector(tj::gather(mem, idx, m)));
        CHECK(tj::to_vector(tj::gather(lit, tj::UInt32(std::vector<uint32_t>{0, 9, 10, 4000000000u}))) ==
              tj::to_vector(tj::gather(mem, tj::UInt32(std::vector<uint32_t>{0, 9, 10, 4000000000u}))));
        for (size_t count : {2, 3, 4, 12}) {
            INFO("count " << count);
            auto a = tj::detail::gather_packed(lit, idx, count, m);
            auto b = tj::detail::gather_packed(mem, idx, count, m);
            for (size_t k = 0; k < count; ++k)
                CHECK(tj::to_vector(a[k]) == tj::to_vector(b[k]));
        }
        if (value == 0.f) // a literal 0 gives a literal 0: nothing to compute
            CHECK(tj::detail::var_is_literal(tj::gather(lit, idx, m).index()));
    }
}
