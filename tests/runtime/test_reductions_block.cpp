// tests/runtime/test_reductions_block.cpp — block_reduce, scatter_reduce, scatter_inc and the mask reductions
//
// Each operation against a plain C++ reference at sizes 0, 1, 7, 1000 and 2^20+3, for every type it accepts; the
// errors; gradients against finite differences; frozen functions against plain calls on inputs of changed sizes.
#include "ad_check.h"
#include "freeze_check.h"
#include "reduce_check.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace tjtest;
using tj::ReduceOp;

namespace {

/// a op b as the reference computes it: integers wrap, floats min/max as fmin/fmax, Bool min/max as and/or.
template <typename T> T apply(ReduceOp op, T a, T b) {
    if constexpr (std::is_same_v<T, bool>) {
        return (op == ReduceOp::Min || op == ReduceOp::And) ? (a && b) : (a || b);
    } else {
        switch (op) {
        case ReduceOp::Add: return ref_add(a, b);
        case ReduceOp::Mul: return ref_mul(a, b);
        case ReduceOp::Min:
            if constexpr (std::is_floating_point_v<T>)
                return std::fmin(a, b);
            else
                return std::min(a, b);
        case ReduceOp::Max:
            if constexpr (std::is_floating_point_v<T>)
                return std::fmax(a, b);
            else
                return std::max(a, b);
        case ReduceOp::And:
            if constexpr (std::is_integral_v<T>)
                return T(a & b);
            break;
        case ReduceOp::Or:
            if constexpr (std::is_integral_v<T>)
                return T(a | b);
            break;
        }
        return a;
    }
}

/// Inputs that keep a reduction meaningful: products of floats near 1, sums and min/max of wide values,
/// bitwise ops of random bits.
template <typename T> std::vector<T> values_for(ReduceOp op, size_t n, uint64_t seed) {
    if constexpr (std::is_same_v<T, bool>) {
        std::vector<T> v(n);
        Rng rng(seed);
        for (size_t i = 0; i < n; ++i) // mostly true for And, mostly false for Or, so both results occur
            v[i] = (op == ReduceOp::And || op == ReduceOp::Min) ? rng.next() % 50 != 0 : rng.next() % 50 == 0;
        return v;
    } else if constexpr (std::is_floating_point_v<T>) {
        return op == ReduceOp::Mul ? uniform_values<T>(n, seed, 0.999, 1.001) : uniform_values<T>(n, seed, -10, 10);
    } else {
        if (op == ReduceOp::And || op == ReduceOp::Or) {
            std::vector<T> v(n);
            Rng rng(seed);
            for (auto &x : v) { // a few bits cleared (And) or set (Or) each
                uint64_t r = rng.next() | rng.next() | rng.next();
                x = T(op == ReduceOp::And ? r : ~r);
            }
            return v;
        }
        return small_ints<T>(n, seed, -1000, 1000);
    }
}

/// The reference block reduction (the last block may be shorter); float sums and products in double.
template <typename T> std::vector<T> ref_block_reduce(ReduceOp op, const std::vector<T> &x, size_t block) {
    std::vector<T> out;
    for (size_t b = 0; b * block < x.size(); ++b) {
        size_t end = std::min(x.size(), (b + 1) * block);
        if constexpr (std::is_floating_point_v<T>) {
            if (op == ReduceOp::Add || op == ReduceOp::Mul) {
                double acc = op == ReduceOp::Add ? 0 : 1;
                for (size_t i = b * block; i < end; ++i)
                    acc = op == ReduceOp::Add ? acc + double(x[i]) : acc * double(x[i]);
                out.push_back(T(acc));
                continue;
            }
        }
        T acc = x[b * block];
        for (size_t i = b * block + 1; i < end; ++i)
            acc = apply<T>(op, acc, x[i]);
        out.push_back(acc);
    }
    return out;
}

template <typename T> void check_block_reduce_type() {
    for (ReduceOp op : accepted_ops<T>()) {
        uint64_t seed = 100 + uint64_t(op);
        for (size_t n : reduce_sizes) {
            std::vector<T> x = values_for<T>(op, n, seed++);
            tj::Array<T> a(x);
            for (size_t block : {size_t(1), size_t(3), size_t(256), n ? n : 1, n + 5}) {
                std::string what = fmt::format("block_reduce({}, {}[{}], {})", op_name(op),
                                               tj::detail::type_name(tj::Array<T>::Type), n, block);
                CAPTURE(what);
                tj::Array<T> got = tj::block_reduce(op, a, block);
                std::vector<T> expect = ref_block_reduce(op, x, block);
                CHECK(got.size() == (n + block - 1) / block);
                check_reduced(what, op, got, expect, 1e-9 * double(block));
            }
        }
    }
}

} // namespace

TEST_CASE("block_reduce: every op and type against a C++ loop, partial last blocks included") {
    check_block_reduce_type<bool>();
    check_block_reduce_type<int32_t>();
    check_block_reduce_type<uint32_t>();
    check_block_reduce_type<int64_t>();
    check_block_reduce_type<uint64_t>();
    check_block_reduce_type<float>();
    check_block_reduce_type<double>();
}

TEST_CASE("block_sum: a shorter last block is summed too — block_sum is block_reduce(Add)") {
    tj::Float x = {1.f, 2.f, 3.f, 4.f, 5.f};
    check_exact("block_sum(x, 2)", tj::block_sum(x, 2), std::vector<float>{3.f, 7.f, 5.f});
    check_exact("block_reduce(Add, x, 2)", tj::block_reduce(ReduceOp::Add, x, 2), std::vector<float>{3.f, 7.f, 5.f});
    check_exact("block_sum(x, 10)", tj::block_sum(x, 10), std::vector<float>{15.f});
    CHECK(tj::block_sum(tj::Float(std::vector<float>{}), 4).size() == 0);
    // A literal input is reduced like memory.
    check_exact("block_reduce(Max, full(2, 5), 2)", tj::block_reduce(ReduceOp::Max, tj::full<tj::Int32>(2, 5), 2),
                std::vector<int32_t>{2, 2, 2});
}

// F11 (found with test_reduction.py): block_reduce and block_sum of an empty array returned the uninitialised array
// (its size reads 0, but every later operation threw "an operand is an empty, uninitialized array"), as did a
// tensor's reduction along an axis when another axis is empty; with gradients too. Now an array of size 0, as
// prefix_sum and compress give.
TEST_CASE("block_reduce: an empty input gives an array of size 0 that later operations take") {
    tj::Float e(std::vector<float>{});
    for (ReduceOp op : {ReduceOp::Add, ReduceOp::Mul, ReduceOp::Min, ReduceOp::Max}) {
        CAPTURE(int(op));
        tj::Float r = tj::block_reduce(op, e, 3);
        CHECK(r.index() != 0);
        CHECK((r + 1.f).size() == 0);
        CHECK(tj::sum(r).read(0) == 0.f);
    }
    CHECK(tj::block_sum(e, 4).index() != 0);
    CHECK(tj::block_reduce(ReduceOp::Or, tj::UInt32(std::vector<uint32_t>{}), 2).index() != 0);
    tj::Float x(std::vector<float>{});
    tj::enable_grad(x);
    tj::Float r = tj::block_reduce(ReduceOp::Max, x, 3);
    tj::backward(tj::sum(r) + 1.f);
    CHECK(tj::grad(x).size() == 0);
    tj::TensorXf t(tj::Float(std::vector<float>{}), {0, 3});
    tj::TensorXf s = tj::sum(t, 1);
    CHECK(s.shape() == std::vector<size_t>{0});
    CHECK((s + s).array().size() == 0);
    CHECK(tj::hmax(tj::TensorXf(tj::Float(std::vector<float>{}), {2, 0, 3}), 2).array().index() != 0);
}

TEST_CASE("block_reduce: errors name the function and what is wrong") {
    tj::Float f = {1.f, 2.f, 3.f};
    tj::Bool m = {true, false};
    check_error([&] { tj::block_reduce(ReduceOp::Max, f, 0); },
                {"tj::block_reduce()", "block_size must be at least 1"});
    check_error([&] { tj::block_sum(f, 0); }, {"tj::block_sum()", "block_size must be at least 1"});
    check_error([&] { tj::block_reduce(ReduceOp::And, f, 2); }, {"tj::block_reduce()", "And and Or", "f32"});
    check_error([&] { tj::block_reduce(ReduceOp::Or, tj::Float64(1.0), 1); }, {"tj::block_reduce()", "f64"});
    check_error([&] { tj::block_reduce(ReduceOp::Add, m, 1); }, {"tj::block_reduce()", "Bool"});
    check_error([&] { tj::block_reduce(ReduceOp::Mul, m, 1); }, {"tj::block_reduce()", "Bool"});
}

TEST_CASE("count, any, all, none: against a C++ loop — the empty mask follows Dr.Jit") {
    for (size_t n : reduce_sizes)
        for (int density : {0, 1, 50, 100}) { // percent of true entries
            Rng rng(n * 7 + density);
            std::vector<uint8_t> bits(n);
            for (auto &b : bits)
                b = rng.next() % 100 < uint64_t(density);
            std::vector<bool> v(bits.begin(), bits.end());
            tj::Bool m(v);
            CAPTURE(n);
            CAPTURE(density);
            size_t c = std::count(bits.begin(), bits.end(), uint8_t(1));
            tj::UInt32 got_count = tj::count(m);
            tj::Bool got_any = tj::any(m), got_all = tj::all(m), got_none = tj::none(m);
            CHECK(got_count.size() == 1);
            CHECK(got_any.size() == 1);
            CHECK(got_all.size() == 1);
            CHECK(got_none.size() == 1);
            CHECK(got_count.read(0) == c);
            CHECK(got_any.read(0) == (c > 0));
            CHECK(got_all.read(0) == (c == n));  // an empty mask: all true
            CHECK(got_none.read(0) == (c == 0)); // an empty mask: none true
        }
    // Lazy masks are evaluated first.
    tj::Float x = {1.f, -2.f, 3.f};
    CHECK(tj::count(x > 0.f).read(0) == 2u);
    CHECK(tj::any(x < -1.f).read(0));
    CHECK_FALSE(tj::all(x > 0.f).read(0));
    CHECK(tj::none(x > 5.f).read(0));
}

namespace {

/// The reference scatter reduction: applied element by element in order (the operators are commutative and
/// associative on the values used, so any order gives the same result).
template <typename T>
std::vector<T> ref_scatter_reduce(ReduceOp op, std::vector<T> target, const std::vector<T> &value,
                                  const std::vector<uint32_t> &index, const std::vector<uint8_t> &mask) {
    for (size_t i = 0; i < value.size(); ++i)
        if (mask[i] && index[i] < target.size())
            target[index[i]] = apply<T>(op, target[index[i]], value[i]);
    return target;
}

template <typename T> void check_scatter_reduce_type() {
    for (ReduceOp op : accepted_ops<T>()) {
        uint64_t seed = 500 + uint64_t(op);
        for (size_t n : reduce_sizes) {
            // n values into a target of about n/4 + 1 elements (many duplicates), some indices past the end.
            size_t m = n / 4 + 1;
            std::vector<T> value, init = values_for<T>(op, m, seed++);
            if constexpr (std::is_floating_point_v<T>) // sums of few exactly representable values: exact
                value = op == ReduceOp::Add ? map1(small_ints<int32_t>(n, seed, -8, 8), [](int32_t v) { return T(v); })
                        : op == ReduceOp::Mul ? map1(small_ints<int32_t>(n, seed, 0, 3),
                                                     [](int32_t v) {
                                                         return T(v == 0 ? 0.5 : v == 1 ? 2 : 1);
                                                     })
                                              : values_for<T>(op, n, seed);
            else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
                value = op == ReduceOp::Mul ? small_ints<T>(n, seed, -3, 3) : values_for<T>(op, n, seed);
            else
                value = values_for<T>(op, n, seed);
            if constexpr (std::is_floating_point_v<T>)
                if (op == ReduceOp::Add || op == ReduceOp::Mul)
                    init = map1(small_ints<int32_t>(m, seed + 9, 1, 4), [](int32_t v) { return T(v); });
            ++seed;
            std::vector<uint32_t> index = small_ints<uint32_t>(n, seed++, 0, int64_t(m + m / 8));
            std::vector<uint8_t> mask(n);
            Rng rng(seed++);
            for (auto &b : mask)
                b = rng.next() % 8 != 0;
            std::string what = fmt::format("scatter_reduce({}, {}[{}] ← {} values)", op_name(op),
                                           tj::detail::type_name(tj::Array<T>::Type), m, n);
            CAPTURE(what);
            tj::Array<T> target(init);
            tj::Array<T> alias = target; // the old array keeps its values (copy on write)
            tj::scatter_reduce(op, target, tj::Array<T>(value), tj::UInt32(index),
                               tj::Bool(std::vector<bool>(mask.begin(), mask.end())));
            check_exact(what, target, ref_scatter_reduce(op, init, value, index, mask));
            check_exact(what + ", the array it was copied from", alias, init);
        }
        // A width-1 value and no mask broadcast; an Int32 index works too.
        std::vector<T> init = values_for<T>(op, 5, seed++), one = values_for<T>(op, 1, seed++);
        tj::Array<T> target(init);
        tj::scatter_reduce(op, target, tj::Array<T>(one), tj::Int32({0, 4, 4, 9}));
        std::vector<T> expect = init;
        expect[0] = apply<T>(op, expect[0], one[0]);
        expect[4] = apply<T>(op, apply<T>(op, expect[4], one[0]), one[0]);
        check_exact("scatter_reduce with a width-1 value", target, expect);
    }
}

} // namespace

TEST_CASE("scatter_reduce: every op and type against a C++ loop, with duplicates, masks and indices past the end") {
    check_scatter_reduce_type<bool>();
    check_scatter_reduce_type<int32_t>();
    check_scatter_reduce_type<uint32_t>();
    check_scatter_reduce_type<int64_t>();
    check_scatter_reduce_type<uint64_t>();
    check_scatter_reduce_type<float>();
    check_scatter_reduce_type<double>();
}

TEST_CASE("scatter_reduce: lazy like scatter_add, fused with later reads — NaN is ignored by Min and Max") {
    tj::Float t = tj::zeros<tj::Float>(3);
    tj::scatter_reduce(ReduceOp::Max, t, tj::Float({5.f, 7.f, -1.f}), tj::UInt32({1, 1, 2}));
    tj::Float y = t * 2.f;
    check_exact("max then * 2", y, std::vector<float>{0.f, 14.f, 0.f});
    float nan = std::numeric_limits<float>::quiet_NaN();
    tj::Float u = {nan, 1.f};
    tj::scatter_reduce(ReduceOp::Min, u, tj::Float({3.f, nan}), tj::UInt32({0, 1}));
    check_exact("fmin with NaN", u, std::vector<float>{3.f, 1.f});
}

TEST_CASE("scatter_reduce and scatter_inc: errors name the function and what is wrong") {
    tj::Float f = {1.f, 2.f, 3.f};
    tj::Bool b = {true, false, true};
    tj::UInt32 i = {0, 1, 2};
    check_error([&] { tj::scatter_reduce(ReduceOp::And, f, f, i); }, {"tj::scatter_reduce()", "And", "f32"});
    check_error([&] { tj::scatter_reduce(ReduceOp::Add, b, b, i); }, {"tj::scatter_reduce()", "Add", "Bool"});
    check_error([&] { tj::scatter_reduce(ReduceOp::Mul, b, b, i); }, {"tj::scatter_reduce()", "Mul", "Bool"});
    check_error(
        [&] {
            tj::scatter_reduce(ReduceOp::Max, f, tj::Float({1.f, 2.f}), i);
        },
        {"tj::scatter_reduce()", "value has 2 entries, index has 3"});
    check_error(
        [&] {
            tj::scatter_reduce(ReduceOp::Max, f, f, i, tj::Bool({true, false}));
        },
        {"tj::scatter_reduce()", "mask has 2"});
    check_error(
        [&] {
            tj::scatter_reduce(ReduceOp::Max, f, f, tj::Float({0.f, 1.f, 2.f}));
        },
        {"tj::scatter_reduce()", "index"});
}

TEST_CASE("scatter_inc: old values are distinct slots per index — masks, bounds and types") {
    for (size_t n : reduce_sizes) {
        CAPTURE(n);
        size_t m = n / 3 + 1;
        std::vector<uint32_t> index = small_ints<uint32_t>(n, n + 1, 0, int64_t(m)); // index m: past the end
        std::vector<uint8_t> mask(n);
        Rng rng(n + 2);
        for (auto &b : mask)
            b = rng.next() % 5 != 0;
        std::vector<uint32_t> init = small_ints<uint32_t>(m, n + 3, 0, 10);
        tj::UInt32 counter(init);
        tj::UInt32 old =
            tj::scatter_inc(counter, tj::UInt32(index), tj::Bool(std::vector<bool>(mask.begin(), mask.end())));
        REQUIRE(old.size() == n);
        std::vector<uint32_t> got = tj::to_vector(old), final_counts = tj::to_vector(counter);
        // Final counts: init + number of writes per index; old values: a permutation of init..final per index.
        std::vector<uint32_t> expect = init;
        std::vector<std::vector<uint32_t>> seen(m);
        size_t bad = 0;
        for (size_t k = 0; k < n; ++k) {
            if (mask[k] && index[k] < m) {
                ++expect[index[k]];
                seen[index[k]].push_back(got[k]);
            } else if (got[k] != 0) {
                ++bad;
            }
        }
        CHECK_MESSAGE(bad == 0, bad << " lanes that write nothing have an old value other than 0");
        CHECK(final_counts == expect);
        for (size_t j = 0; j < m; ++j) {
            std::sort(seen[j].begin(), seen[j].end());
            for (size_t k = 0; k < seen[j].size(); ++k)
                if (seen[j][k] != init[j] + k && bad++ == 0)
                    FAIL_CHECK("index " << j << ": old values are not init, init+1, …");
        }
    }
    // Stream compaction: each true entry gets its own slot.
    tj::Float x = {3.f, -1.f, 4.f, -1.f, 5.f};
    tj::UInt32 slot = tj::zeros<tj::UInt32>(1);
    tj::UInt32 where = tj::scatter_inc(slot, tj::zeros<tj::UInt32>(5), x > 0.f);
    CHECK(slot.read(0) == 3u);
    std::vector<uint32_t> w = tj::to_vector(where);
    CHECK(std::vector<uint32_t>{w[0], w[2], w[4]} != std::vector<uint32_t>{0, 0, 0});
    std::vector<uint32_t> kept = {w[0], w[2], w[4]};
    std::sort(kept.begin(), kept.end());
    CHECK(kept == std::vector<uint32_t>{0, 1, 2});
    // The array the target was copied from keeps its values.
    tj::UInt32 c = {0, 0};
    tj::UInt32 before = c;
    tj::scatter_inc(c, tj::UInt32({1, 1}));
    check_exact("target", c, std::vector<uint32_t>{0, 2});
    check_exact("the array it was copied from", before, std::vector<uint32_t>{0, 0});
    // Errors.
    tj::Int32 wrong = {0, 0};
    check_error([&] { tj::scatter_inc(wrong, tj::UInt32({0})); }, {"tj::scatter_inc()", "UInt32", "i32"});
    check_error(
        [&] {
            tj::scatter_inc(c, tj::UInt32({0, 1}), tj::Bool({true, false, true}));
        },
        {"tj::scatter_inc()", "index has 2 entries and mask has 3"});
    check_error([&] { tj::scatter_inc(c, tj::Float({0.f})); }, {"tj::scatter_inc()", "index"});
    // Its old values are evaluated at once: not inside a symbolic loop's body.
    tj::Int32 it = tj::zeros<tj::Int32>(2);
    tj::UInt32 counter = tj::zeros<tj::UInt32>(2);
    check_error(
        [&] {
            tj::while_loop(
                std::tie(it), [](const tj::Int32 &i) { return i < 3; },
                [&](tj::Int32 &i) {
                    tj::scatter_inc(counter, tj::UInt32({0, 1}));
                    i += 1;
                });
        },
        {"tj::scatter_inc()", "symbolic loop"});
    // scatter_reduce is lazy and runs inside the loop's kernel, as scatter_add does.
    tj::Int32 j = tj::zeros<tj::Int32>(2);
    tj::Int32 best = tj::zeros<tj::Int32>(4);
    tj::while_loop(
        std::tie(j), [](const tj::Int32 &i) { return i < 3; },
        [&](tj::Int32 &i) {
            tj::scatter_reduce(ReduceOp::Max, best, i * 10 + tj::Int32({1, 2}), tj::UInt32({0, 3}));
            i += 1;
        });
    check_exact("scatter_reduce(Max) in a symbolic loop", best, std::vector<int32_t>{21, 0, 0, 22});
}

// ---- gradients ----

TEST_CASE("block_reduce: gradients of Add, Mul, Min and Max against finite differences, partial blocks too") {
    for (ReduceOp op : {ReduceOp::Add, ReduceOp::Mul, ReduceOp::Min, ReduceOp::Max})
        for (size_t n : {size_t(1), size_t(7), size_t(40)})
            for (size_t block : {size_t(1), size_t(3), size_t(8), size_t(64)}) {
                std::string what = fmt::format("block_reduce({}, x[{}], {})", op_name(op), n, block);
                CAPTURE(what);
                // Distinct values (no ties at min/max), away from 0 for products.
                std::vector<double> x = random_vector<double>(n, uint32_t(n * 31 + block), 0.5, 2.0);
                auto f = [op, block](const std::vector<tj::Float64> &in) {
                    return tj::block_reduce(op, in[0] * in[0], block);
                };
                check_derivatives<double>(what, f, {x});
            }
    // A product with a zero element: the gradient of that element is the product of the others.
    tj::Float64 z = {2.0, 0.0, 3.0, 4.0};
    tj::enable_grad(z);
    tj::Float64 p = tj::block_reduce(ReduceOp::Mul, z, 3);
    tj::backward(p);
    check_exact("d prod / dz with a zero", tj::grad(z), std::vector<double>{0.0, 6.0, 0.0, 1.0});
    // Ties at a maximum: each tied element receives the gradient in full (Dr.Jit's convention).
    tj::Float64 t = {1.0, 5.0, 5.0, 2.0};
    tj::enable_grad(t);
    tj::backward(tj::block_reduce(ReduceOp::Max, t, 4));
    check_exact("d max / dt with a tie", tj::grad(t), std::vector<double>{0.0, 1.0, 1.0, 0.0});
}

TEST_CASE("block_reduce: the gradient of a width-1 array made from a wider one reaches all its elements") {
    // block_reduce(Max, hmax(x), 7) and block_reduce(Add, sum(x), 7): the width-1 gradient of hmax(x) (a gather at
    // arange(1) / 7) broadcasts over x's lanes, where a width-1 arange reading the lane index gave 0 past lane 6
    // (the differential tester's N8).
    for (ReduceOp op : {ReduceOp::Add, ReduceOp::Max})
        for (size_t n : {size_t(5), size_t(8), size_t(33)})
            for (size_t block : {size_t(1), size_t(7)}) {
                std::string what = fmt::format("block_reduce({}, h(x[{}]), {})", op_name(op), n, block);
                CAPTURE(what);
                std::vector<double> x = random_vector<double>(n, uint32_t(n * 17 + block), 0.5, 2.0);
                auto f = [op, block](const std::vector<tj::Float64> &in) {
                    tj::Float64 y = in[0] * in[0];
                    return tj::block_reduce(op, op == ReduceOp::Max ? tj::hmax(y) : tj::sum(y), block) * 3.0;
                };
                check_derivatives<double>(what, f, {x});
            }
}

TEST_CASE("scatter_reduce: gradients of Add, Min and Max against finite differences — Mul refuses") {
    for (ReduceOp op : {ReduceOp::Add, ReduceOp::Min, ReduceOp::Max})
        for (size_t n : {size_t(1), size_t(7), size_t(40)}) {
            std::string what = fmt::format("scatter_reduce({}, t, v[{}])", op_name(op), n);
            CAPTURE(what);
            size_t m = n / 3 + 2;
            // Distinct values (no ties between values or with the target's).
            std::vector<double> target = random_vector<double>(m, uint32_t(n + 1), -1.0, 1.0);
            std::vector<double> value = random_vector<double>(n, uint32_t(n + 2), -1.0, 1.0);
            std::vector<uint32_t> index = small_ints<uint32_t>(n, n + 3, 0, int64_t(m)); // m: past the end
            auto f = [op, index](const std::vector<tj::Float64> &in) {
                tj::Float64 t = in[0] * 1.0;
                tj::scatter_reduce(op, t, in[1] * 1.0, tj::UInt32(index), tj::UInt32(index) != 1u);
                return t * t;
            };
            check_derivatives<double>(what, f, {target, value});
        }
    tj::Float64 t = {1.0, 2.0}, v = {3.0};
    tj::enable_grad(v);
    check_error([&] { tj::scatter_reduce(ReduceOp::Mul, t, v, tj::UInt32({0})); },
                {"tj::scatter_reduce()", "Mul is not differentiable"});
}

// F33 (found porting test_arithmetic.py): the target kept its gradient where `before == result`, which is false for
// a NaN that no value replaced, so such a slot (its value passed through unchanged) lost its gradient.
TEST_CASE("scatter_reduce: Min/Max keep the gradient of a NaN target slot that no value replaced") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (ReduceOp op : {ReduceOp::Min, ReduceOp::Max}) {
        INFO(std::string(op_name(op)));
        // 0: NaN, untouched; 1: 1, a larger/smaller value loses; 2: NaN, a NaN value (ignored); 3: NaN, replaced by 5.
        tj::Float64 t({nan, 1.0, nan, nan}), v({op == ReduceOp::Min ? 7.0 : -7.0, nan, 5.0});
        tj::enable_grad(t, v);
        tj::Float64 t0 = t;
        tj::scatter_reduce(op, t, v, tj::UInt32({1, 2, 3}));
        tj::backward(t * tj::Float64({1.0, 10.0, 100.0, 1000.0}));
        check_derivative("d/dtarget", tj::grad(t0), {1, 10, 100, 0}, 0);
        check_derivative("d/dvalue", tj::grad(v), {0, 0, 1000}, 0);
        // Forward: the untouched NaN slots carry the target's tangent.
        tj::Float64 u({nan, 1.0, nan}), w({op == ReduceOp::Min ? 7.0 : -7.0});
        tj::enable_grad(u, w);
        tj::Float64 u0 = u;
        tj::scatter_reduce(op, u, w, tj::UInt32({1}));
        tj::set_grad(u0, tj::Float64({1.0, 2.0, 3.0}));
        tj::forward(u0);
        check_derivative("forward: target tangent", tj::grad(u), {1, 2, 3}, 0);
    }
}

TEST_CASE("scatter_reduce: a value tied with the target — forward takes the value's tangent, reverse gives both") {
    for (ReduceOp op : {ReduceOp::Min, ReduceOp::Max}) {
        bool max = op == ReduceOp::Max;
        CAPTURE(max);
        // Element 0: value 1 wins outright; 1: the target ties with value 2; 2: the target wins (it ties with the
        // masked-off value 5); 3: nothing scattered.
        std::vector<double> v = max ? std::vector<double>{1, 3, 4, 2, 0, 6} : std::vector<double>{5, 1, 4, 7, 9, 6};
        tj::UInt32 index({0, 0, 1, 1, 2, 2});
        tj::Bool mask({true, true, true, true, true, false});
        double xt[] = {.01, .1, 1, 1e-3}, vt[] = {1, 10, 100, 1000, 10000, 1e5};
        // Forward: x's and v's tangents seeded together, and each alone (the tangent is linear in them).
        auto forward = [&](bool seed_x, bool seed_v) {
            tj::Float64 x({2, 4, 6, 8}), val(v);
            tj::enable_grad(x, val);
            tj::Float64 x0 = x;
            tj::scatter_reduce(op, x, val, index, mask);
            if (seed_x)
                tj::set_grad(x0, tj::Float64(std::vector<double>(xt, xt + 4)));
            if (seed_v)
                tj::set_grad(val, tj::Float64(std::vector<double>(vt, vt + 6)));
            tj::enqueue(tj::ADMode::Forward, x0, val);
            tj::traverse(tj::ADMode::Forward);
            check_exact("x", x, max ? std::vector<double>{3, 4, 6, 8} : std::vector<double>{1, 4, 6, 8});
            return tj::to_vector(tj::grad(x));
        };
        std::vector<double> both = forward(true, true), only_x = forward(true, false), only_v = forward(false, true);
        CHECK(both == std::vector<double>{10, 100, 1, 1e-3}); // the tie at 1: value 2's tangent, not 100.1
        CHECK(only_x == std::vector<double>{0, 0, 1, 1e-3});
        CHECK(only_v == std::vector<double>{10, 100, 0, 0});
        // Reverse (Dr.Jit's convention): each of the tied target and value receives the gradient in full.
        tj::Float64 x({2, 4, 6, 8}), val(v);
        tj::enable_grad(x, val);
        tj::Float64 xn = x;
        tj::scatter_reduce(op, xn, val, index, mask);
        tj::set_grad(xn, tj::Float64({1, 10, 100, 1000}));
        tj::enqueue(tj::ADMode::Backward, xn);
        tj::traverse(tj::ADMode::Backward);
        check_exact("d/dx", tj::grad(x), std::vector<double>{0, 10, 100, 1000});
        check_exact("d/dv", tj::grad(val), std::vector<double>{0, 1, 10, 0, 0, 0});
    }
}

// ---- freezing ----

TEST_CASE_FIXTURE(FreezingOn, "freeze: block_reduce replays a shorter last block on sizes that are not multiples of the block") {
    for (ReduceOp op : {ReduceOp::Add, ReduceOp::Max, ReduceOp::Min}) {
        auto body = [op](const tj::Float &x) { return tj::block_reduce(op, x * 2.f, 7) + 1.f; };
        auto frozen = tj::freeze(body);
        uint64_t seed = 40;
        for (size_t n : {size_t(70), size_t(1000), size_t(71), size_t(3), size_t(100003), size_t(14)}) {
            CAPTURE(n);
            tj::Float x = random_array<float>(n, seed++);
            check_same(fmt::format("block_reduce({}, 2x, 7) + 1", op_name(op)), frozen(x), body(x));
        }
        CHECK(stats_of(frozen).recordings == 1);
        CHECK(stats_of(frozen).replays == 5);
    }
    // A block larger than the array on some calls, and an integer And.
    auto body = [](const tj::Int32 &x) { return tj::block_reduce(ReduceOp::And, x | 1, 256); };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(1000), size_t(100), size_t(513), size_t(256)}) {
        CAPTURE(n);
        tj::Int32 x = random_array<int32_t>(n, n);
        check_same("block_reduce(And, x | 1, 256)", frozen(x), body(x));
    }
    CHECK(stats_of(frozen).recordings == 1);
}

TEST_CASE_FIXTURE(FreezingOn, "freeze: scatter_reduce and scatter_inc inside frozen functions record and replay") {
    auto body = [](const tj::Float &x, const tj::UInt32 &bucket, tj::Float out, tj::UInt32 counts) {
        tj::scatter_reduce(ReduceOp::Max, out, x, bucket, x > -5.f);
        tj::UInt32 slot = tj::scatter_inc(counts, bucket);
        return std::make_tuple(out, counts, slot * 2u);
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 900;
    for (size_t n : {size_t(10), size_t(1000), size_t(77), size_t(100003)}) {
        CAPTURE(n);
        size_t m = 16;
        tj::Float x = random_array<float>(n, seed++);
        tj::UInt32 bucket(small_ints<uint32_t>(n, seed++, 0, int64_t(m - 1)));
        tj::Float out = tj::opaque<tj::Float>(-100.f, m);
        tj::UInt32 counts = tj::opaque<tj::UInt32>(0, m);
        auto [out_f, counts_f, slots_f] = frozen(x, bucket, out, counts);
        auto [out_p, counts_p, slots_p] = body(x, bucket, out, counts);
        check_same("scatter_reduce(Max) target", out_f, out_p);
        check_same("scatter_inc counts", counts_f, counts_p);
        CHECK(tj::to_vector(counts) == std::vector<uint32_t>(m, 0)); // the caller's arrays are unchanged
        // The slots depend on the order of the atomics; per bucket they are 0, 2, 4, … in both runs.
        std::vector<uint32_t> sf = tj::to_vector(slots_f), sp = tj::to_vector(slots_p);
        std::sort(sf.begin(), sf.end());
        std::sort(sp.begin(), sp.end());
        CHECK(sf == sp);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}
