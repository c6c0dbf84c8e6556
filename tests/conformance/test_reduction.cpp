// tests/conformance/test_reduction.cpp — Dr.Jit's tests/test_reduction.py ported: horizontal, block and prefix
// reductions, mask reductions, compress and tensor reductions
//
// The cases are ported from Dr.Jit's tests/test_reduction.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the
// C++ written anew. tracejit has flat arrays and tensors but no fixed-size nested arrays (Array3f, ArrayXf,
// Matrix2f), no Python scalars or lists, no keyword arguments (axis=, mode=, keepdims=): each case checks what
// Dr.Jit asserts on the flat arrays and tensors (a reduction over several tensor axes is one reduction per axis,
// keepdims a reshape), then the same operations on fresh random inputs of many sizes (0, 1, sizes that are not a
// multiple of the SIMD width, past 2^20) against C++ loops, with gradients (both modes) and in frozen functions.
// docs/conformance.md lists every test with its status.
#include "conformance.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

using namespace conf;

namespace {

using tj::Int64, tj::UInt64, tj::TensorXb, tj::TensorXf, tj::TensorXi, tj::TensorXu;

/// Sizes the random checks run at: empty, one element, SIMD remainders, the 65536-element chunks the reductions
/// combine, and one past 2^20 (several threads).
constexpr size_t sizes[] = {0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 33, 100, 65535, 65536, 65537, (size_t(1) << 20) + 3};

template <typename T> std::vector<T> host(const tj::Array<T> &a) { return tj::to_vector(a); }

/// n random values of T: floats in [-1, 1), integers small enough that products and sums stay exact.
template <typename T> std::vector<T> rand_vals(size_t n, int64_t lo = -50, int64_t hi = 50) {
    if constexpr (std::is_floating_point_v<T>)
        return tjtest::uniform_values<T>(n, fresh_seed(), -1, 1);
    else if constexpr (std::is_signed_v<T>)
        return tjtest::small_ints<T>(n, fresh_seed(), lo, hi);
    else
        return tjtest::small_ints<T>(n, fresh_seed(), 0, hi);
}

/// a + b and a * b with integers wrapping around as tracejit's do (in unsigned arithmetic: no overflow here).
template <typename T> T wrap_add(T a, T b) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        return T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b));
    else
        return T(a + b);
}
template <typename T> T wrap_mul(T a, T b) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        return T(std::make_unsigned_t<T>(a) * std::make_unsigned_t<T>(b));
    else
        return T(a * b);
}

/// The horizontal reductions in C++ (floats accumulate in double, as tracejit's do).
template <typename T> T ref_sum(const std::vector<T> &v) {
    if constexpr (std::is_floating_point_v<T>) {
        double s = 0;
        for (T x : v)
            s += double(x);
        return T(s);
    } else {
        T s = 0;
        for (T x : v)
            s = wrap_add(s, x);
        return s;
    }
}
template <typename T> T ref_prod(const std::vector<T> &v) {
    if constexpr (std::is_floating_point_v<T>) {
        double s = 1;
        for (T x : v)
            s *= double(x);
        return T(s);
    } else {
        T s = 1;
        for (T x : v)
            s = wrap_mul(s, x);
        return s;
    }
}

/// Checks a width-1 result against a C++ value (close for floats, exact otherwise).
template <typename T> void check_one(const std::string &what, const tj::Array<T> &got, T expect) {
    if constexpr (std::is_floating_point_v<T>)
        check_close(what, got, std::vector<T>{expect}, std::is_same_v<T, float> ? 1e-5 : 1e-12, 1e-6);
    else
        check_eq(what, got, std::vector<T>{expect});
}

/// sum, prod, hmin, hmax, mean and dot of fresh random arrays of T at every size, evaluated and lazy inputs.
template <typename T> void horizontal_all_sizes() {
    using A = tj::Array<T>;
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<T> v = rand_vals<T>(n), w = rand_vals<T>(n);
        A x(v), y(w);
        check_one("sum", tj::sum(x), ref_sum(v));
        // prod of many values under- or overflows: take it on the first few only (sizes past 64 are covered by
        // ones: the product of +-1 stays exact)
        std::vector<T> pv(v.begin(), v.begin() + std::min<size_t>(n, 12));
        check_one("prod", tj::prod(A(pv)), ref_prod(pv));
        {
            std::vector<T> signs(n);
            for (size_t i = 0; i < n; ++i)
                signs[i] = std::is_signed_v<T> && (v[i] < 0) ? T(-1) : T(1);
            check_one("prod of +-1", tj::prod(A(signs)), ref_prod(signs));
        }
        std::vector<T> xy(n);
        for (size_t i = 0; i < n; ++i)
            xy[i] = T(v[i] * w[i]);
        check_one("dot", tj::dot(x, y), ref_sum(xy));
        // A lazy input: the reduction evaluates it first.
        std::vector<T> lazy(n);
        for (size_t i = 0; i < n; ++i)
            lazy[i] = T(v[i] * T(3) + T(1));
        check_one("sum of a lazy input", tj::sum(x * T(3) + T(1)), ref_sum(lazy));
        if (n == 0) {
            // Block reductions of nothing: arrays of size 0 that later operations take (F11).
            CHECK((tj::block_reduce(tj::ReduceOp::Max, x, 3) + T(1)).size() == 0);
            CHECK((tj::block_sum(x, 2) * x).size() == 0);
            CHECK(!error_of([&] { tj::hmin(x); }).empty());
            CHECK(!error_of([&] { tj::hmax(x); }).empty());
            CHECK(!error_of([&] { tj::mean(x); }).empty());
            continue;
        }
        check_one("hmin", tj::hmin(x), *std::min_element(v.begin(), v.end()));
        check_one("hmax", tj::hmax(x), *std::max_element(v.begin(), v.end()));
        check_one("hmin of a lazy input", tj::hmin(x * T(3) + T(1)), *std::min_element(lazy.begin(), lazy.end()));
        check_one("hmax of a lazy input", tj::hmax(x * T(3) + T(1)), *std::max_element(lazy.begin(), lazy.end()));
        if constexpr (std::is_floating_point_v<T>)
            check_one("mean", tj::mean(x), T(double(ref_sum(v)) / double(n)));
        else
            check_one("mean", tj::mean(x), T(ref_sum(v) / T(n)));
    }
}

/// The reductions of a literal (tj::full): n copies of one value, never in memory.
template <typename T> void horizontal_literals() {
    using A = tj::Array<T>;
    for (size_t n : {size_t(1), size_t(3), size_t(17), size_t(65537), (size_t(1) << 20) + 3}) {
        INFO("n = " << n);
        A c = tj::full<A>(T(3), n);
        check_one("sum of a literal", tj::sum(c), T(3 * n));
        check_one("hmin of a literal", tj::hmin(c), T(3));
        check_one("hmax of a literal", tj::hmax(c), T(3));
        check_one("mean of a literal", tj::mean(c), T(3));
        check_one("prod of a literal one", tj::prod(tj::full<A>(T(1), n)), T(1));
        check_one("prod of a literal -1", tj::prod(tj::full<A>(T(std::is_signed_v<T> ? -1 : 1), n)),
                  T(std::is_signed_v<T> && n % 2 ? -1 : 1));
        if (n < 20)
            check_one("prod of a literal", tj::prod(c), ref_prod(std::vector<T>(n, T(3))));
        check_one("dot of literals", tj::dot(c, tj::full<A>(T(2), n)), T(6 * n));
        check_one("sum of an arange", tj::sum(tj::arange<A>(n)), ref_sum(host(tj::arange<A>(n))));
    }
    check_one("sum of an empty literal", tj::sum(tj::full<A>(T(3), 0)), T(0));
    check_one("prod of an empty literal", tj::prod(tj::full<A>(T(3), 0)), T(1));
}

/// A frozen function returning the reductions of its input, called on several sizes.
template <typename T> void horizontal_frozen() {
    using A = tj::Array<T>;
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto plain = [](A x) {
            return std::make_tuple(tj::sum(x * T(2)), tj::hmin(x), tj::hmax(x + T(1)), tj::mean(x), tj::dot(x, x),
                                   x - tj::hmax(x));
        };
        auto frozen = tj::freeze(plain, opts(ao));
        for (size_t n : {size_t(17), size_t(17), size_t(3), size_t(1), size_t(100), size_t(65537), size_t(1)}) {
            INFO("n = " << n);
            std::vector<T> v = rand_vals<T>(n, -9, 9);
            auto [s, lo, hi, m, d, c] = frozen(A(v));
            auto [s0, lo0, hi0, m0, d0, c0] = plain(A(v));
            check_eq("sum", s, s0);
            check_eq("hmin", lo, lo0);
            check_eq("hmax", hi, hi0);
            check_eq("mean", m, m0);
            check_eq("dot", d, d0);
            check_eq("x - hmax(x)", c, c0);
        }
        CHECK(n_recordings(frozen) == 2); // width 1 is a layout of its own (docs/freezing.md)
    });
}

} // namespace

// Dr.Jit's dr.all/any/none on Python bools, tuples, lists and scalar masks; here on Bool arrays of 0, 1 and 2
// entries (an empty mask: all and none true, any false), then on random masks of every size.
TEST_CASE("test_reduction.py test01_all_any_scalar") {
    auto one = [](const Bool &b) { return tjtest::host_values(b).at(0) != 0; };
    CHECK(one(tj::all(Bool(true))) == true);
    CHECK(one(tj::all(Bool(false))) == false);
    CHECK(one(tj::any(Bool(true))) == true);
    CHECK(one(tj::any(Bool(false))) == false);
    // Dr.Jit's empty tuple is an array of size 0; the default-constructed Bool is uninitialised, and a reduction of
    // it is a tj::Error.
    const Bool empty(std::vector<bool>{});
    CHECK(one(tj::any(empty)) == false);
    CHECK(one(tj::all(empty)) == true);
    CHECK(one(tj::none(empty)) == true);
    CHECK(tj_test::contains(error_of([] { tj::any(Bool()); }), "uninitialized"));
    CHECK(one(tj::all(Bool({true}))) == true);
    CHECK(one(tj::all(Bool({false}))) == false);
    CHECK(one(tj::any(Bool({true}))) == true);
    CHECK(one(tj::any(Bool({false}))) == false);
    CHECK(one(tj::all(Bool({true, true}))) == true);
    CHECK(one(tj::all(Bool({true, false}))) == false);
    CHECK(one(tj::all(Bool({false, false}))) == false);
    CHECK(one(tj::any(Bool({true, true}))) == true);
    CHECK(one(tj::any(Bool({true, false}))) == true);
    CHECK(one(tj::any(Bool({false, false}))) == false);
    CHECK(one(tj::none(Bool({true, true}))) == false);
    CHECK(one(tj::none(Bool({true, false}))) == false);
    CHECK(one(tj::none(Bool({false, false}))) == true);
    // Literal masks of every size, and one true or false entry at each end of random masks.
    for (size_t n : sizes) {
        INFO("n = " << n);
        CHECK(one(tj::all(tj::full<Bool>(true, n))) == true);
        CHECK(one(tj::any(tj::full<Bool>(true, n))) == (n > 0));
        CHECK(one(tj::all(tj::full<Bool>(false, n))) == (n == 0));
        CHECK(one(tj::any(tj::full<Bool>(false, n))) == false);
        if (n == 0)
            continue;
        for (size_t at : {size_t(0), n / 2, n - 1}) {
            std::vector<bool> ones(n, true), zeros(n, false);
            ones[at] = false;
            zeros[at] = true;
            CHECK(one(tj::all(Bool(ones))) == false);
            CHECK(one(tj::any(Bool(ones))) == (n > 1));
            CHECK(one(tj::any(Bool(zeros))) == true);
            CHECK(one(tj::none(Bool(zeros))) == false);
            CHECK(one(tj::all(Bool(zeros))) == (n == 1));
            // a lazy mask
            CHECK(one(tj::any(tj::arange<UInt32>(n) == uint32_t(at))) == true);
            CHECK(one(tj::all(tj::arange<UInt32>(n) != uint32_t(at))) == false);
        }
    }
}

// Dr.Jit's nested masks (a width-1 Array of a Bool array) have no counterpart: the flat part is checked (all, any,
// none of a 3-entry mask are width 1), and a reduction of a mask inside a frozen function, replayed on other sizes.
TEST_CASE("test_reduction.py test02_any_all_nested") {
    Bool v0({true, false, false});
    Bool a = tj::all(v0), y = tj::any(v0), n = tj::none(v0);
    CHECK(a.size() == 1);
    CHECK(y.size() == 1);
    CHECK(n.size() == 1);
    check_eq("all", a, std::vector<bool>{false});
    check_eq("any", y, std::vector<bool>{true});
    check_eq("none", n, std::vector<bool>{false});
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto plain = [](UInt32 x) {
            Bool m = x > 500u;
            return std::make_tuple(tj::all(m), tj::any(m), tj::none(m), tj::count(m), tj::select(tj::any(m), x, 7u));
        };
        auto frozen = tj::freeze(plain, opts(ao));
        for (size_t k : {size_t(5), size_t(5), size_t(1), size_t(0), size_t(64), size_t(1000), size_t(1)}) {
            INFO("n = " << k);
            UInt32 x = rand_u(k);
            if (k == 0) { // an empty input: record or replay, the plain values
                auto [fa, fy, fn, fc, fs] = frozen(x);
                auto [pa, py, pn, pc, ps] = plain(x);
                check_eq("all", fa, pa);
                check_eq("any", fy, py);
                check_eq("none", fn, pn);
                check_eq("count", fc, pc);
                continue;
            }
            auto [fa, fy, fn, fc, fs] = frozen(x);
            auto [pa, py, pn, pc, ps] = plain(x);
            check_eq("all", fa, pa);
            check_eq("any", fy, py);
            check_eq("none", fn, pn);
            check_eq("count", fc, pc);
            check_eq("select", fs, ps);
        }
    });
}

// Dr.Jit's implicit conversion of an array to bool: tj::Array has none (a Bool condition does not compile outside
// the tracejit plugin's pre-pass), so there is nothing to fail.
TEST_CASE("test_reduction.py test03_implicit_bool_conversion_failures") {
    CHECK(!std::is_convertible_v<Bool, bool>);
    CHECK(!std::is_constructible_v<bool, Bool>);
    CHECK(!std::is_constructible_v<bool, Float>);
}

// dr.sum of a Float and of integers (Array3f/ArrayXf/Matrix2f, axis=, mode=, keepdims= have no counterpart; the
// per-axis tensor sums stand for axis=); then every type and size against C++, literals, and frozen.
TEST_CASE("test_reduction.py test04_sum") {
    check_close("sum", tj::sum(Float({1, 2, 3})), {6.f});
    check_eq("sum Int32", tj::sum(Int32({1, 2, 3})), {6});
    // ArrayXf([1,2,3],[2,3,4],[3,4,5]) summed over its components is the column sums of a 3x3 tensor; axis=-1 the
    // row sums.
    TensorXf m(Float({1, 2, 3, 2, 3, 4, 3, 4, 5}), {3, 3});
    check_close("axis 0", tj::sum(m, 0).array(), {6.f, 9.f, 12.f});
    check_close("axis -1", tj::sum(m, -1).array(), {6.f, 9.f, 12.f});
    TensorXf mat(Float({1, 2, 3, 4}), {2, 2});
    check_close("Matrix2f axis 0", tj::sum(mat, 0).array(), {4.f, 6.f});
    check_close("Matrix2f axis 1", tj::sum(mat, 1).array(), {3.f, 7.f});
    CHECK(tj::sum(mat, 1).shape() == std::vector<size_t>{2});
    CHECK(tj::sum(mat).shape().empty());
    CHECK(tj_test::contains(error_of([&] { tj::sum(mat, 3); }), "out of range"));
    CHECK(tj_test::contains(error_of([&] { tj::sum(mat, -3); }), "out of range"));
    horizontal_all_sizes<float>();
    horizontal_all_sizes<double>();
    horizontal_all_sizes<int32_t>();
    horizontal_all_sizes<uint32_t>();
    horizontal_all_sizes<int64_t>();
    horizontal_all_sizes<uint64_t>();
    horizontal_literals<float>();
    horizontal_literals<double>();
    horizontal_literals<int32_t>();
    horizontal_literals<uint32_t>();
    horizontal_literals<int64_t>();
    horizontal_literals<uint64_t>();
    horizontal_frozen<float>();
    horizontal_frozen<int32_t>();
    horizontal_frozen<uint64_t>();
    // Gradients: the sum's gradient is broadcast (backward), the sum of the tangents (forward), at every size.
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<float> v = rand_vals<float>(n);
        Float x(v);
        tj::enable_grad(x);
        Float s = tj::sum(x * 2.f);
        tj::backward(s);
        check_eq("backward", tj::grad(x), std::vector<float>(n, 2.f));
        Float x2(v);
        tj::enable_grad(x2);
        Float s2 = tj::sum(x2 * x2);
        tj::forward(x2);
        std::vector<float> twice(n);
        for (size_t i = 0; i < n; ++i)
            twice[i] = 2 * v[i];
        check_one("forward", tj::grad(s2), ref_sum(twice));
        if (n) {
            Float x3(v);
            tj::enable_grad(x3);
            Float m3 = tj::mean(x3);
            tj::backward(m3);
            check_close("mean backward", tj::grad(x3), std::vector<float>(n, 1.f / float(n)));
        }
    }
}

// dr.prod of a Float and of integers (ArrayXf's per-column products are a tensor's products along axis 0); then
// the products' gradients (zeros included) in both modes.
TEST_CASE("test_reduction.py test05_prod") {
    check_close("prod", tj::prod(Float({1, 2, 3})), {6.f});
    check_eq("prod Int32", tj::prod(Int32({1, 2, 3})), {6});
    TensorXf m(Float({1, 2, 3, 2, 3, 4, 3, 4, 5}), {3, 3});
    check_close("axis 0", tj::prod(m, 0).array(), {6.f, 24.f, 60.f});
    for (size_t n : {size_t(1), size_t(2), size_t(7), size_t(17), size_t(33)}) {
        for (int zeros = 0; zeros <= 2; ++zeros) {
            INFO("n = " << n << ", zeros = " << zeros);
            std::vector<double> v = tjtest::uniform_values<double>(n, fresh_seed(), 0.5, 1.5);
            for (int z = 0; z < zeros && z < int(n); ++z)
                v[(size_t(z) * 5) % n] = 0;
            std::vector<double> expect(n);
            for (size_t i = 0; i < n; ++i) {
                double p = 1;
                for (size_t j = 0; j < n; ++j)
                    if (j != i)
                        p *= v[j];
                expect[i] = p;
            }
            Float64 x(v);
            tj::enable_grad(x);
            Float64 p = tj::prod(x);
            tj::backward(p);
            check_close("backward", tj::grad(x), expect, 1e-12, 1e-15);
            Float64 x2(v);
            tj::enable_grad(x2);
            Float64 p2 = tj::prod(x2);
            tj::forward(x2);
            check_one("forward", tj::grad(p2), std::accumulate(expect.begin(), expect.end(), 0.0));
        }
    }
}

// dr.max (hmax here), then its gradient: to the elements equal to the maximum, split among ties
// (docs/autodiff.md "Derivatives chosen at kinks").
TEST_CASE("test_reduction.py test06_max") {
    check_close("hmax", tj::hmax(Float({1, 2, 3})), {3.f});
    check_eq("hmax Int32", tj::hmax(Int32({1, 2, 3})), {3});
    TensorXf m(Float({1, 2, 5, 2, 3, 4, 3, 4, 3}), {3, 3});
    check_close("axis 0", tj::hmax(m, 0).array(), {3.f, 4.f, 5.f});
    for (size_t n : sizes) {
        if (n == 0)
            continue;
        INFO("n = " << n);
        std::vector<float> v = tjtest::small_ints<float>(n, fresh_seed(), -20, 20);
        float mx = *std::max_element(v.begin(), v.end());
        size_t ties = size_t(std::count(v.begin(), v.end(), mx));
        std::vector<float> expect(n);
        for (size_t i = 0; i < n; ++i)
            expect[i] = v[i] == mx ? 1.f / float(ties) : 0.f;
        Float x(v);
        tj::enable_grad(x);
        Float r = tj::hmax(x);
        tj::backward(r);
        check_close("backward", tj::grad(x), expect);
        Float x2(v);
        tj::enable_grad(x2);
        Float r2 = tj::hmax(x2);
        tj::forward(x2);
        check_close("forward", tj::grad(r2), std::vector<float>{1.f});
    }
}

TEST_CASE("test_reduction.py test03_min") {
    check_close("hmin", tj::hmin(Float({1, 2, 3})), {1.f});
    check_eq("hmin Int32", tj::hmin(Int32({1, 2, 3})), {1});
    TensorXf m(Float({1, 2, 5, 2, 3, 4, 3, 4, 3}), {3, 3});
    check_close("axis 0", tj::hmin(m, 0).array(), {1.f, 2.f, 3.f});
    for (size_t n : sizes) {
        if (n == 0)
            continue;
        INFO("n = " << n);
        std::vector<double> v = tjtest::small_ints<double>(n, fresh_seed(), -20, 20);
        double mn = *std::min_element(v.begin(), v.end());
        size_t ties = size_t(std::count(v.begin(), v.end(), mn));
        std::vector<double> expect(n);
        for (size_t i = 0; i < n; ++i)
            expect[i] = v[i] == mn ? 3.0 / double(ties) : 0.0;
        Float64 x(v);
        tj::enable_grad(x);
        Float64 r = tj::hmin(x) * 3.0;
        tj::backward(r);
        check_close("backward", tj::grad(x), expect, 1e-12);
    }
}

// dr.minimum: element-wise, with a width-1 operand broadcast (Array3f/ArrayXf forms have no counterpart).
TEST_CASE("test_reduction.py test04_minimum") {
    check_close("minimum", tj::min(Float({1, 2, 3}), Float(2.f)), {1.f, 2.f, 2.f});
    check_close("minimum list", tj::min(Float({1, 2, 3}), Float({2, 2, 2})), {1.f, 2.f, 2.f});
    check_close("Int32 cast", tj::min(tj::cast<float>(Int32({1, 2, 3})), Float(2.f)), {1.f, 2.f, 2.f});
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<float> a = rand_vals<float>(n), b = rand_vals<float>(n);
        std::vector<float> e(n);
        for (size_t i = 0; i < n; ++i)
            e[i] = std::fmin(a[i], b[i]);
        check_eq("random", tj::min(Float(a), Float(b)), e);
    }
}

TEST_CASE("test_reduction.py test05_maximum") {
    check_close("maximum", tj::max(Float({1, 2, 3}), Float(2.f)), {2.f, 2.f, 3.f});
    check_close("maximum list", tj::max(Float({1, 2, 3}), Float({2, 2, 2})), {2.f, 2.f, 3.f});
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<int64_t> a = rand_vals<int64_t>(n), b = rand_vals<int64_t>(n);
        std::vector<int64_t> e(n);
        for (size_t i = 0; i < n; ++i)
            e[i] = std::max(a[i], b[i]);
        check_eq("random", tj::max(Int64(a), Int64(b)), e);
    }
}

// dr.dot of two arrays and with a width-1 operand; its gradients.
TEST_CASE("test_reduction.py test06_dot") {
    check_close("dot", tj::dot(Float({1, 2, 3}), Float({2, 1, 1})), {7.f});
    check_close("dot broadcast", tj::dot(Float({1, 2, 3}), Float(2.f)), {12.f});
    check_eq("dot Int32", tj::dot(Int32({1, 2, 3}), Int32({2, 1, 1})), {7});
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<float> a = rand_vals<float>(n), b = rand_vals<float>(n);
        Float x(a), y(b);
        tj::enable_grad(x, y);
        Float d = tj::dot(x, y);
        tj::backward(d);
        check_eq("d/dx", tj::grad(x), b);
        check_eq("d/dy", tj::grad(y), a);
        // a width-1 operand with a gradient: the sum of the other
        Float x1(a), s(2.f);
        tj::enable_grad(s);
        Float d1 = tj::dot(x1, s);
        tj::backward(d1);
        check_one("d/ds", tj::grad(s), ref_sum(a));
    }
}

// dr.norm has no counterpart; sqrt(dot(x, x)) is checked, with the tensors' per-axis sums of squares for axis=.
TEST_CASE("test_reduction.py test07_norm") {
    check_close("norm", tj::sqrt(tj::dot(Float({1, 2, 3}), Float({1, 2, 3}))), {3.74166f}, 1e-5);
    TensorXf tens(tj::arange<Float>(12), {3, 4});
    TensorXf sq = tens * tens;
    Float whole = tj::sqrt(tj::sum(tj::sum(sq, 1), 0).array());
    check_close("whole", whole, tj::sqrt(tj::sum(sq.array())));
    TensorXf rows = tj::sqrt(tj::sum(sq, 1));
    check_close("axis 1", rows.array(), {std::sqrt(14.f), std::sqrt(126.f), std::sqrt(366.f)});
    TensorXf sparse(tj::arange<Float>(5), {1, 1, 1, 5});
    check_close("(1,1,1,5) axis 3", tj::sum(sparse * sparse, 3).array(), {30.f});
}

namespace {

/// block_prefix_reduce in C++: blocks of k, exclusive or inclusive, forward or reverse.
template <typename T>
std::vector<T> ref_block_prefix(tj::ReduceOp op, const std::vector<T> &v, size_t k, bool exclusive, bool reverse) {
    auto combine = [&](T a, T b) -> T {
        switch (op) {
        case tj::ReduceOp::Add: return wrap_add(a, b);
        case tj::ReduceOp::Mul: return wrap_mul(a, b);
        case tj::ReduceOp::Min: return std::is_floating_point_v<T> ? T(std::fmin(double(a), double(b))) : std::min(a, b);
        case tj::ReduceOp::Max: return std::is_floating_point_v<T> ? T(std::fmax(double(a), double(b))) : std::max(a, b);
        default: return a;
        }
    };
    T id = op == tj::ReduceOp::Add ? T(0)
           : op == tj::ReduceOp::Mul ? T(1)
           : op == tj::ReduceOp::Min ? (std::is_floating_point_v<T> ? std::numeric_limits<T>::infinity()
                                                                    : std::numeric_limits<T>::max())
                                     : (std::is_floating_point_v<T> ? -std::numeric_limits<T>::infinity()
                                                                    : std::numeric_limits<T>::lowest());
    std::vector<T> out(v.size());
    using Acc = std::conditional_t<std::is_floating_point_v<T>, double, T>;
    for (size_t b = 0; b < v.size(); b += k) {
        size_t e = std::min(v.size(), b + k);
        Acc acc = Acc(id);
        for (size_t j = 0; j < e - b; ++j) {
            size_t i = reverse ? e - 1 - j : b + j;
            if (exclusive)
                out[i] = T(acc);
            if constexpr (std::is_floating_point_v<T>)
                acc = op == tj::ReduceOp::Add ? acc + double(v[i]) : op == tj::ReduceOp::Mul ? acc * double(v[i])
                                                                                           : double(combine(T(acc), v[i]));
            else
                acc = combine(acc, v[i]);
            if (!exclusive)
                out[i] = T(acc);
        }
    }
    return out;
}

template <typename T> void check_vec(const std::string &what, const tj::Array<T> &got, const std::vector<T> &e) {
    if constexpr (std::is_floating_point_v<T>)
        check_close(what, got, e, std::is_same_v<T, float> ? 1e-5 : 1e-12, 1e-5);
    else
        check_eq(what, got, e);
}

template <typename T> void prefix_all_sizes() {
    using A = tj::Array<T>;
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<T> v = rand_vals<T>(n, -9, 9);
        A x(v);
        check_vec("prefix_sum", tj::prefix_sum(x), ref_block_prefix(tj::ReduceOp::Add, v, std::max<size_t>(n, 1), true, false));
        check_vec("prefix_sum inclusive", tj::prefix_sum(x, false),
                  ref_block_prefix(tj::ReduceOp::Add, v, std::max<size_t>(n, 1), false, false));
        std::vector<T> lazy(n);
        for (size_t i = 0; i < n; ++i)
            lazy[i] = T(v[i] + T(2));
        check_vec("prefix_sum of a lazy input", tj::prefix_sum(x + T(2)),
                  ref_block_prefix(tj::ReduceOp::Add, lazy, std::max<size_t>(n, 1), true, false));
        for (size_t k : {size_t(1), size_t(3), size_t(8), size_t(17), size_t(65536)})
            for (tj::ReduceOp op : {tj::ReduceOp::Add, tj::ReduceOp::Min, tj::ReduceOp::Max})
                for (bool excl : {true, false})
                    for (bool rev : {false, true}) {
                        INFO("k = " << k << ", op = " << int(op) << ", exclusive = " << excl << ", reverse = " << rev);
                        check_vec("block_prefix_reduce", tj::block_prefix_reduce(op, x, k, excl, rev),
                                  ref_block_prefix(op, v, k, excl, rev));
                    }
    }
}

} // namespace

// dr.prefix_sum (exclusive) and dr.cumsum (inclusive) of arrays, tensors and literals; a tensor over both axes is
// its flat array. Then every type and size, block scans with every op, gradients and frozen functions.
TEST_CASE("test_reduction.py test08_prefix_sum") {
    check_eq("prefix_sum", tj::prefix_sum(Float({1, 2, 3})), {0.f, 1.f, 3.f});
    check_eq("cumsum", tj::prefix_sum(Float({1, 2, 3}), false), {1.f, 3.f, 6.f});
    TensorXf t1(Float({1, 2, 3}));
    check_eq("tensor prefix_sum", tj::prefix_sum(t1.array()), {0.f, 1.f, 3.f});
    Float x = tj::full<Float>(3.f, 4);
    check_eq("literal prefix_sum", tj::prefix_sum(x), {0.f, 3.f, 6.f, 9.f});
    check_eq("literal cumsum", tj::prefix_sum(x, false), {3.f, 6.f, 9.f, 12.f});
    TensorXf A(Float({1, 2, 3, 4, 5, 6}), {2, 3});
    TensorXf c(tj::prefix_sum(A.array(), false), A.shape());
    check_eq("cumsum axis (0, 1)", c.array(), {1.f, 3.f, 6.f, 10.f, 15.f, 21.f});
    // Dr.Jit's axis=(0, 1) on [[1,2,3],[4,5,6]] gives [[1,3,6],[5,12,21]]: a scan along axis 1 then along axis 0.
    TensorXf along1(tj::block_prefix_reduce(tj::ReduceOp::Add, A.array(), 3, false), A.shape());
    // to_t: the (3, 2) transpose reads (2, 3) element r * 3 + c at p = c * 2 + r; from_t reads it back.
    UInt32 p = tj::arange<UInt32>(6), to_t = (p % 2u) * 3u + p / 2u, from_t = (p % 3u) * 2u + p / 3u;
    Float ts = tj::block_prefix_reduce(tj::ReduceOp::Add, tj::gather<Float>(along1.array(), to_t), 2, false);
    check_eq("cumsum axis 1 then 0", tj::gather<Float>(ts, from_t), {1.f, 3.f, 6.f, 5.f, 12.f, 21.f});
    Float ex1 = tj::block_prefix_reduce(tj::ReduceOp::Add, A.array(), 3, true);
    Float tx = tj::block_prefix_reduce(tj::ReduceOp::Add, tj::gather<Float>(ex1, to_t), 2, true);
    check_eq("prefix_sum axis 1 then 0", tj::gather<Float>(tx, from_t), {0.f, 0.f, 0.f, 0.f, 1.f, 3.f});

    prefix_all_sizes<float>();
    prefix_all_sizes<double>();
    prefix_all_sizes<int32_t>();
    prefix_all_sizes<uint32_t>();
    prefix_all_sizes<int64_t>();
    prefix_all_sizes<uint64_t>();

    // Literal inputs of every size, in blocks too.
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<int32_t> threes(n, 3);
        check_eq("literal prefix_sum", tj::prefix_sum(tj::full<Int32>(3, n)),
                 ref_block_prefix(tj::ReduceOp::Add, threes, std::max<size_t>(n, 1), true, false));
        check_eq("literal block scan", tj::block_prefix_reduce(tj::ReduceOp::Add, tj::full<Int32>(3, n), 5, false, true),
                 ref_block_prefix(tj::ReduceOp::Add, threes, 5, false, true));
        check_eq("arange block max", tj::block_prefix_reduce(tj::ReduceOp::Max, tj::arange<Int32>(n), 7, true),
                 ref_block_prefix(tj::ReduceOp::Max, host(tj::arange<Int32>(n)), 7, true, false));
    }

    // Gradients of block_prefix_reduce(Add): backward is the scan the other way, forward the same scan.
    for (size_t n : sizes) {
        for (size_t bs : {size_t(1), size_t(5), size_t(16), std::max<size_t>(n, 1)})
            for (bool excl : {true, false})
                for (bool rev : {false, true}) {
                    INFO("n = " << n << ", block = " << bs << ", exclusive = " << excl << ", reverse = " << rev);
                    std::vector<double> v = rand_vals<double>(n), w = rand_vals<double>(n);
                    Float64 x(v);
                    tj::enable_grad(x);
                    Float64 y = tj::block_prefix_reduce(tj::ReduceOp::Add, x * 2.0, bs, excl, rev);
                    tj::set_grad(y, Float64(w));
                    tj::backward(y);
                    std::vector<double> g = ref_block_prefix(tj::ReduceOp::Add, w, bs, excl, !rev);
                    for (double &e : g)
                        e *= 2;
                    check_vec("backward", tj::grad(x), g);
                    Float64 x2(v);
                    tj::enable_grad(x2);
                    Float64 y2 = tj::block_prefix_reduce(tj::ReduceOp::Add, x2, bs, excl, rev);
                    tj::set_grad(x2, Float64(w));
                    tj::forward(x2);
                    check_vec("forward", tj::grad(y2), ref_block_prefix(tj::ReduceOp::Add, w, bs, excl, rev));
                }
    }

    // Frozen: prefix sums and block scans replayed on other sizes, with gradients.
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto plain = [](Float x) {
            Float y = x * 2.f;
            return std::make_tuple(tj::prefix_sum(y), tj::prefix_sum(y, false),
                                   tj::block_prefix_reduce(tj::ReduceOp::Max, x, 4, false, true),
                                   tj::block_prefix_reduce(tj::ReduceOp::Add, x, 3, true, false) + tj::sum(x));
        };
        auto frozen = tj::freeze(plain, opts(ao));
        for (size_t n : {size_t(10), size_t(10), size_t(1), size_t(7), size_t(65537), size_t(0), size_t(12)}) {
            INFO("n = " << n);
            std::vector<float> v = tjtest::small_ints<float>(n, fresh_seed(), -9, 9);
            auto [a, b, c, d] = frozen(Float(v));
            auto [a0, b0, c0, d0] = plain(Float(v));
            check_eq("prefix_sum", a, a0);
            check_eq("cumsum", b, b0);
            check_eq("block max", c, c0);
            check_eq("block add + sum", d, d0);
        }
    });
    for_auto_opaque([](bool ao) {
        auto plain = [](Float x) {
            tj::enable_grad(x);
            Float y = tj::block_prefix_reduce(tj::ReduceOp::Add, x * x, 3, false, true);
            tj::backward(tj::sum(y));
            return tj::grad(x);
        };
        auto frozen = tj::freeze(plain, opts(ao));
        for (size_t n : {size_t(10), size_t(10), size_t(4), size_t(1), size_t(100)}) {
            INFO("n = " << n);
            std::vector<float> v = tjtest::small_ints<float>(n, fresh_seed(), -9, 9);
            check_eq("gradient", frozen(Float(v)), plain(Float(v)));
        }
    });
}

TEST_CASE("test_reduction.py test09_compress") {
    Bool a({false, true, true, false, false, true, false, true, true});
    check_eq("compress", tj::compress(a), {1u, 2u, 5u, 7u, 8u});
    CHECK(tj::compress(Bool({false, false, false})).size() == 0);
    CHECK(tj::compress(Bool(std::vector<bool>{})).size() == 0);
    CHECK(tj::compress(tj::full<Bool>(false, 5)).size() == 0);
    check_eq("literal true", tj::compress(tj::full<Bool>(true, 4)), {0u, 1u, 2u, 3u});
    check_eq("lazy", tj::compress(tj::arange<UInt32>(10) % 3u == 1u), {1u, 4u, 7u});
}

// Dr.Jit's sizes and densities (NumPy's generator: fresh random masks here), with lazy masks, the gathers through
// the indices with gradients, and a frozen function replayed across the sizes.
TEST_CASE("test_reduction.py test10_compress_large") {
    for (size_t n : {size_t(1), size_t(4095), size_t(4096), size_t(4097), size_t(8192), size_t(100000), size_t(200001),
                     size_t(65537), size_t(1) << 20}) {
        for (double density : {0.0, 0.01, 0.5, 0.99, 1.0}) {
            INFO("n = " << n << ", density = " << density);
            std::vector<float> u = tjtest::uniform_values<float>(n, fresh_seed(), 0, 1);
            std::vector<bool> m(n);
            std::vector<uint32_t> expect;
            for (size_t i = 0; i < n; ++i)
                if ((m[i] = u[i] < density))
                    expect.push_back(uint32_t(i));
            check_eq("compress", tj::compress(Bool(m)), expect);
            check_eq("compress of a lazy mask", tj::compress(Float(u) < float(density)), expect);
            check_eq("count", tj::count(Bool(m)), {uint32_t(expect.size())});
        }
    }
    // A gather through the indices carries gradients back to the kept entries.
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<float> v = rand_vals<float>(n);
        Float x(v);
        tj::enable_grad(x);
        UInt32 idx = tj::compress(tj::detach(x) > 0.f);
        Float g = tj::gather<Float>(x, idx);
        tj::backward(tj::sum(g * 3.f));
        std::vector<float> e(n);
        for (size_t i = 0; i < n; ++i)
            e[i] = v[i] > 0 ? 3.f : 0.f;
        check_eq("gradient", tj::grad(x), e);
    }
    FreezingOn on;
    for_auto_opaque([](bool ao) {
        auto plain = [](Float x) {
            UInt32 idx = tj::compress(x > 0.f);
            Float kept = tj::gather<Float>(x, idx);
            return std::make_tuple(idx, kept, tj::sum(kept), tj::prefix_sum(kept), tj::count(x > 0.5f));
        };
        auto frozen = tj::freeze(plain, opts(ao));
        for (size_t n : {size_t(4097), size_t(4097), size_t(1), size_t(8192), size_t(100000), size_t(3)}) {
            INFO("n = " << n);
            Float x = rand_f(n);
            auto [i, k, s, p, c] = frozen(x);
            auto [i0, k0, s0, p0, c0] = plain(x);
            check_eq("indices", i, i0);
            check_eq("kept", k, k0);
            check_eq("sum", s, s0);
            check_eq("prefix_sum", p, p0);
            check_eq("count", c, c0);
        }
    });
}

TEST_CASE("test_reduction.py test11_count") {
    check_eq("count", tj::count(Bool({true, false})), {1u});
    check_eq("count 7", tj::count(Bool({true, false, true, true, false, false, false})), {3u});
    check_eq("count empty", tj::count(Bool(std::vector<bool>{})), {0u});
    check_eq("count false", tj::count(Bool(false)), {0u});
    check_eq("count true", tj::count(Bool(true)), {1u});
    TensorXb t(Bool({true, false, true}));
    check_eq("count tensor", tj::count(t.array()), {2u});
    for (size_t n : sizes) {
        INFO("n = " << n);
        std::vector<uint32_t> r = tjtest::small_ints<uint32_t>(n, fresh_seed(), 0, 2);
        std::vector<bool> m(n);
        uint32_t c = 0;
        for (size_t i = 0; i < n; ++i)
            c += (m[i] = r[i] == 0);
        check_eq("random", tj::count(Bool(m)), {c});
        check_eq("literal", tj::count(tj::full<Bool>(true, n)), {uint32_t(n)});
        check_eq("lazy", tj::count(UInt32(r) == 0u), {c});
    }
}

namespace {
/// The count of a Bool tensor along `axis`: a sum of the mask as UInt32.
TensorXu count_axis(const TensorXb &t, int64_t axis) {
    return tj::sum(TensorXu(tj::cast<uint32_t>(t.array()), t.shape()), axis);
}
} // namespace

// Dr.Jit's Array3b (3 rows of 4) is a (3, 4) Bool tensor: its count over the components is along axis 0, over
// the entries of each component along axis 1, both axes the whole count.
TEST_CASE("test_reduction.py test11a_count_nested") {
    TensorXb v(Bool({true, false, false, true, false, false, true, false, false, true, false, false}), {3, 4});
    check_eq("axis 0", count_axis(v, 0).array(), {1u, 1u, 1u, 1u});
    check_eq("axis 1", count_axis(v, 1).array(), {2u, 1u, 1u});
    check_eq("axis None", tj::count(v.array()), {4u});
    check_eq("axis (0, 1)", tj::sum(count_axis(v, 1), 0).array(), {4u});
    TensorXb tn(Bool({true, false, true, true}), {2, 2});
    check_eq("tensor axis 0", count_axis(tn, 0).array(), {2u, 1u});
    check_eq("tensor axis 1", count_axis(tn, 1).array(), {1u, 2u});
    check_eq("tensor None", tj::count(tn.array()), {3u});
    TensorXu kd = tj::reshape(count_axis(tn, 1), {2, 1});
    CHECK(kd.shape() == std::vector<size_t>{2, 1});
    check_eq("keepdims", kd.array(), {1u, 2u});
    TensorXb t3(Bool({true, false, true, true, false, false, true, false}), {2, 2, 2});
    check_eq("3d None", tj::count(t3.array()), {4u});
    check_eq("3d axis (0, 2)", tj::sum(count_axis(t3, 2), 0).array(), {1u, 3u});
    check_eq("3d axis 2", count_axis(t3, 2).array(), {1u, 2u, 0u, 1u});
}

namespace {

/// The reduction of a row-major array of `shape` over the axes set in `mask` (bit a: axis a), in C++.
template <typename T>
std::vector<T> ref_reduce_axes(tj::ReduceOp op, const std::vector<T> &v, const std::vector<size_t> &shape, unsigned mask) {
    size_t nd = shape.size(), out_n = 1;
    for (size_t a = 0; a < nd; ++a)
        if (!(mask >> a & 1))
            out_n *= shape[a];
    std::vector<T> out(out_n);
    std::vector<bool> seen(out_n, false);
    for (size_t i = 0; i < v.size(); ++i) {
        size_t rest = i, o = 0, stride = 1;
        for (size_t a = nd; a-- > 0;) {
            size_t c = rest % shape[a];
            rest /= shape[a];
            if (!(mask >> a & 1)) {
                o += c * stride;
                stride *= shape[a];
            }
        }
        if (!seen[o]) {
            out[o] = v[i];
            seen[o] = true;
        } else {
            out[o] = op == tj::ReduceOp::Add ? T(out[o] + v[i])
                     : op == tj::ReduceOp::Min ? std::min(out[o], v[i])
                                               : std::max(out[o], v[i]);
        }
    }
    return out;
}

/// The same on a tracejit tensor: one single-axis reduction per axis, last first; keepdims a reshape.
template <typename T> tj::Tensor<T> reduce_axes(tj::ReduceOp op, tj::Tensor<T> t, unsigned mask, bool keepdims) {
    std::vector<int64_t> kept;
    for (size_t a = 0; a < t.ndim(); ++a)
        kept.push_back((mask >> a & 1) ? 1 : int64_t(t.shape()[a]));
    for (size_t a = t.ndim(); a-- > 0;)
        if (mask >> a & 1)
            t = op == tj::ReduceOp::Add ? tj::sum(t, int64_t(a))
                : op == tj::ReduceOp::Min ? tj::hmin(t, int64_t(a))
                                          : tj::hmax(t, int64_t(a));
    return keepdims ? tj::reshape(t, kept) : t;
}

template <typename T> void tensor_reduce_all(const std::vector<size_t> &shape, bool random) {
    size_t n = 1;
    for (size_t d : shape)
        n *= d;
    std::vector<T> v = random ? rand_vals<T>(n, -1000, 1000) : host(tj::arange<tj::Array<T>>(n));
    tj::Tensor<T> t(tj::Array<T>(v), shape);
    for (tj::ReduceOp op : {tj::ReduceOp::Add, tj::ReduceOp::Max, tj::ReduceOp::Min})
        for (unsigned mask = 0; mask < (1u << shape.size()); ++mask)
            for (bool keepdims : {false, true}) {
                INFO("op = " << int(op) << ", axes mask = " << mask << ", keepdims = " << keepdims);
                tj::Tensor<T> r = reduce_axes(op, t, mask, keepdims);
                std::vector<size_t> es;
                for (size_t a = 0; a < shape.size(); ++a)
                    if (!(mask >> a & 1))
                        es.push_back(shape[a]);
                    else if (keepdims)
                        es.push_back(1);
                CHECK(r.shape() == es);
                check_vec("values", r.array(), ref_reduce_axes(op, v, shape, mask));
            }
}

} // namespace

// Every combination of axes of (4, 4, 4, 4) and (3, 5, 7, 11) integer tensors, Add, Max and Min, with and without
// keepdims (Dr.Jit's 'symbolic' and 'evaluated' modes are one form here): aranges as in Dr.Jit, then random values,
// then float tensors with gradients along each axis.
TEST_CASE("test_reduction.py test12_tensor_reduce") {
    tensor_reduce_all<int32_t>({4, 4, 4, 4}, false);
    tensor_reduce_all<int32_t>({3, 5, 7, 11}, false);
    tensor_reduce_all<uint32_t>({4, 4, 4, 4}, false);
    tensor_reduce_all<uint32_t>({3, 5, 7, 11}, false);
    tensor_reduce_all<int64_t>({3, 5, 7, 11}, false);
    tensor_reduce_all<uint64_t>({3, 5, 7, 11}, false);
    tensor_reduce_all<int32_t>({3, 5, 7, 11}, true);
    tensor_reduce_all<int64_t>({1, 5, 1, 3}, true);
    tensor_reduce_all<float>({3, 5, 7, 11}, true);
    tensor_reduce_all<double>({2, 1, 17}, true);
    // Gradients of a per-axis sum and max of a float tensor, backward.
    for (int64_t axis : {0, 1, 2}) {
        INFO("axis = " << axis);
        std::vector<size_t> shape{3, 5, 7};
        std::vector<float> v = tjtest::small_ints<float>(105, fresh_seed(), -3, 3);
        Float x(v);
        tj::enable_grad(x);
        TensorXf t(x, shape);
        TensorXf s = tj::sum(t, axis);
        tj::backward(tj::sum(s.array() * s.array()));
        // d/dx_i of sum_o (s_o)^2 = 2 s_{o(i)}
        std::vector<float> sv = ref_reduce_axes(tj::ReduceOp::Add, v, shape, 1u << axis), e(105);
        for (size_t i = 0; i < 105; ++i) {
            size_t c2 = i % 7, c1 = i / 7 % 5, c0 = i / 35;
            size_t o = axis == 0 ? c1 * 7 + c2 : axis == 1 ? c0 * 7 + c2 : c0 * 5 + c1;
            e[i] = 2 * sv[o];
        }
        check_eq("sum gradient", tj::grad(x), e);
        Float x2(v);
        tj::enable_grad(x2);
        TensorXf m = tj::hmax(TensorXf(x2, shape), axis);
        tj::backward(tj::sum(m.array()));
        std::vector<float> mv = ref_reduce_axes(tj::ReduceOp::Max, v, shape, 1u << axis), e2(105);
        for (size_t i = 0; i < 105; ++i) {
            size_t c2 = i % 7, c1 = i / 7 % 5, c0 = i / 35;
            size_t o = axis == 0 ? c1 * 7 + c2 : axis == 1 ? c0 * 7 + c2 : c0 * 5 + c1;
            e2[i] = v[i] == mv[o] ? 1.f : 0.f; // block_reduce's convention: every tie in full
        }
        check_eq("max gradient", tj::grad(x2), e2);
    }
    // An empty axis next to the reduced one: a tensor of size 0 that later operations take (F11).
    TensorXi empty(Int32(std::vector<int32_t>{}), {0, 4});
    CHECK((tj::sum(empty, 1) + tj::sum(empty, 1)).shape() == std::vector<size_t>{0});
    CHECK(tj_test::contains(error_of([&] { tj::hmax(empty, 0); }), "is empty")); // an empty reduced axis: tj::Error
    // A tied row's gradient does not depend on the other rows: (1, 5), (5) and (3, 5) alike (F10).
    for (std::vector<size_t> shape : {std::vector<size_t>{1, 5}, std::vector<size_t>{5}, std::vector<size_t>{3, 5}}) {
        INFO("rows = " << shape.size());
        size_t n = shape.size() == 1 ? 5 : shape[0] * 5;
        std::vector<float> v(n, -9.f);
        float row[] = {2, 7, 7, 1, 7};
        std::copy(row, row + 5, v.begin());
        Float x(v);
        tj::enable_grad(x);
        tj::backward(tj::sum(tj::hmax(TensorXf(x, shape), -1).array()));
        std::vector<float> g = host(tj::grad(x));
        CHECK(std::vector<float>(g.begin(), g.begin() + 5) == std::vector<float>{0, 1, 1, 0, 1});
    }
}

namespace {

/// Dr.Jit's prefix_reduce(Add, t, axis, exclusive, reverse) on a tensor: the axis moved innermost with a gather,
/// a block scan of its length, and the gather back.
TensorXu prefix_axis(const TensorXu &t, int64_t axis_, bool exclusive, bool reverse) {
    size_t nd = t.ndim(), axis = size_t(axis_ < 0 ? axis_ + int64_t(nd) : axis_);
    const auto &s = t.shape();
    size_t len = s[axis], inner = 1, outer = 1;
    for (size_t a = axis + 1; a < nd; ++a)
        inner *= s[a];
    for (size_t a = 0; a < axis; ++a)
        outer *= s[a];
    size_t n = t.size();
    UInt32 k = tj::arange<UInt32>(n);
    // moved[(o * inner + j) * len + i] = t[(o * len + i) * inner + j]
    UInt32 i = k % uint32_t(len), q = k / uint32_t(len), j = q % uint32_t(inner), o = q / uint32_t(inner);
    UInt32 moved = tj::gather<UInt32>(t.array(), (o * uint32_t(len) + i) * uint32_t(inner) + j);
    UInt32 scanned = tj::block_prefix_reduce(tj::ReduceOp::Add, moved, len, exclusive, reverse);
    UInt32 j2 = k % uint32_t(inner), q2 = k / uint32_t(inner), i2 = q2 % uint32_t(len), o2 = q2 / uint32_t(len);
    (void)outer;
    return TensorXu(tj::gather<UInt32>(scanned, (o2 * uint32_t(inner) + j2) * uint32_t(len) + i2), s);
}

} // namespace

// Dr.Jit's shapes and axes, uint32 values over the whole range (sums wrap), exclusive and inclusive, forward and
// reverse, against a C++ scan along the axis.
TEST_CASE("test_reduction.py test13_test_prefix_reduction") {
    struct Case {
        std::vector<size_t> shape;
        int64_t axis;
    };
    std::vector<Case> cases = {{{1}, 0},         {{17}, 0},        {{1, 1}, 0},        {{1, 1}, 1},
                               {{13, 17}, 1},    {{13, 17}, 0},    {{9, 5, 7}, 0},     {{9, 5, 7}, 1},
                               {{9, 5, 7}, 2},   {{9, 5, 7}, -1},  {{1000, 1100}, 1},  {{3, 70000}, 1}};
    for (bool reverse : {false, true})
        for (bool exclusive : {false, true})
            for (const Case &c : cases) {
                size_t n = 1;
                for (size_t d : c.shape)
                    n *= d;
                INFO("n = " << n << ", axis = " << c.axis << ", exclusive = " << exclusive << ", reverse = " << reverse);
                std::vector<uint32_t> v = tjtest::small_ints<uint32_t>(n, fresh_seed(), 0, 0xFFFFFFFEll);
                size_t nd = c.shape.size(), axis = size_t(c.axis < 0 ? c.axis + int64_t(nd) : c.axis);
                size_t len = c.shape[axis], inner = 1;
                for (size_t a = axis + 1; a < nd; ++a)
                    inner *= c.shape[a];
                std::vector<uint32_t> e(n);
                for (size_t base = 0; base < n; ++base) {
                    if ((base / inner) % len != 0)
                        continue; // the first element of a line along the axis
                    uint32_t acc = 0;
                    for (size_t s = 0; s < len; ++s) {
                        size_t idx = base + (reverse ? len - 1 - s : s) * inner;
                        if (exclusive)
                            e[idx] = acc;
                        acc += v[idx];
                        if (!exclusive)
                            e[idx] = acc;
                    }
                }
                check_eq("scan", prefix_axis(TensorXu(UInt32(v), c.shape), c.axis, exclusive, reverse).array(), e);
            }
}
