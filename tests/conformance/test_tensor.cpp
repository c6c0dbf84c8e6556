// tests/conformance/test_tensor.cpp — Dr.Jit's tests/test_tensor.py (main parts) ported to tj::Tensor
//
// The cases are ported from Dr.Jit's tests/test_tensor.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the C++
// written anew. NumPy and PyTorch references are computed on the host here. Python's str() of tensors, Ellipsis and
// None in indices, and Dr.Jit's shape functions without a tracejit counterpart (concat, stack, squeeze, ...) are not
// ported. docs/conformance.md lists every Dr.Jit test with its status.
#include "conformance.h"

#include <cstdint>
#include <numeric>
#include <vector>

using namespace conf;
using tj::TensorXf, tj::TensorXu, tj::TensorXi, tj::TensorXb;

namespace {

/// A host description of one slice entry (tj::SliceIndex holds device arrays).
struct HIdx {
    enum Kind { All, Range, Int, Arr } kind = All;
    int64_t start = tj::Slice::None, stop = tj::Slice::None, step = 1;
    std::vector<int64_t> arr;
    static HIdx all() { return {}; }
    static HIdx range(int64_t a, int64_t b, int64_t s = 1) { return {Range, a, b, s, {}}; }
    static HIdx at(int64_t i) { return {Int, i, 0, 1, {}}; }
    static HIdx array(std::vector<int64_t> v) { return {Arr, 0, 0, 1, std::move(v)}; }
    tj::SliceIndex device() const {
        switch (kind) {
        case All: return tj::all;
        case Range: return tj::Slice{start, stop, step};
        case Int: return start;
        default: {
            std::vector<int32_t> v(arr.begin(), arr.end());
            return tj::Int32(v);
        }
        }
    }
};

/// The positions an entry picks along an axis of size n (Python's slice.indices), and whether the axis stays.
std::pair<std::vector<int64_t>, bool> positions(const HIdx &e, int64_t n) {
    std::vector<int64_t> p;
    switch (e.kind) {
    case HIdx::All:
        for (int64_t i = 0; i < n; ++i)
            p.push_back(i);
        return {p, true};
    case HIdx::Int: return {{e.start < 0 ? e.start + n : e.start}, false};
    case HIdx::Arr: return {e.arr, true};
    case HIdx::Range: {
        int64_t s = e.step;
        auto clip = [&](int64_t v, bool is_start) {
            if (v == tj::Slice::None)
                return s > 0 ? (is_start ? 0 : n) : (is_start ? n - 1 : -1);
            if (v < 0)
                v += n;
            if (s > 0)
                return std::clamp<int64_t>(v, 0, n);
            return std::clamp<int64_t>(v, -1, n - 1);
        };
        int64_t a = clip(e.start, true), b = clip(e.stop, false);
        for (int64_t i = a; s > 0 ? i < b : i > b; i += s)
            p.push_back(i);
        return {p, true};
    }
    }
    return {p, true};
}

/// tracejit's slice on the host: each entry indexes its own axis (outer product; docs/tensors.md "Shape
/// operations"), a position outside the axis reads 0. Returns the shape and the values.
template <typename T>
std::pair<std::vector<size_t>, std::vector<T>> ref_slice(const std::vector<T> &data, const std::vector<size_t> &shape,
                                                          std::vector<HIdx> idx) {
    while (idx.size() < shape.size())
        idx.push_back(HIdx::all());
    std::vector<std::vector<int64_t>> pos;
    std::vector<size_t> out_shape;
    for (size_t ax = 0; ax < shape.size(); ++ax) {
        auto [p, keep] = positions(idx[ax], int64_t(shape[ax]));
        pos.push_back(p);
        if (keep)
            out_shape.push_back(p.size());
    }
    std::vector<T> out;
    std::vector<size_t> k(shape.size(), 0);
    size_t total = 1;
    for (auto &p : pos)
        total *= p.size();
    for (size_t n = 0; n < total; ++n) {
        size_t rem = n, flat = 0;
        bool inside = true;
        for (size_t ax = shape.size(); ax-- > 0;) {
            k[ax] = rem % pos[ax].size();
            rem /= pos[ax].size();
        }
        for (size_t ax = 0; ax < shape.size(); ++ax) {
            int64_t q = pos[ax][k[ax]];
            inside &= q >= 0 && q < int64_t(shape[ax]);
            flat = flat * shape[ax] + size_t(q);
        }
        out.push_back(inside ? data[flat] : T(0));
    }
    return {out_shape, out};
}

/// Slices `t` (holding `data`) with `idx` on the device and compares shape and values with ref_slice.
template <typename T>
void check_slice(const tj::Tensor<T> &t, const std::vector<T> &data, const std::vector<HIdx> &idx) {
    std::vector<tj::SliceIndex> d;
    for (const HIdx &e : idx)
        d.push_back(e.device());
    tj::Tensor<T> r = t.slice(d);
    auto [shape, values] = ref_slice(data, t.shape(), idx);
    CHECK(r.shape() == shape);
    check_eq("slice", r.array(), values);
}

std::vector<uint32_t> iota_u(size_t n) {
    std::vector<uint32_t> v(n);
    std::iota(v.begin(), v.end(), 0u);
    return v;
}
size_t prod(const std::vector<size_t> &s) {
    size_t n = 1;
    for (size_t d : s)
        n *= d;
    return n;
}
TensorXu arange_t(const std::vector<size_t> &shape) { return TensorXu(tj::arange<UInt32>(prod(shape)), shape); }

} // namespace

// dr.slice_index(shape, indices) is the flat index of each element of the slice: slicing an arange tensor gives it.
// The TypeErrors of wrong dtypes and the str entry are Python's; None and Ellipsis have no counterpart.
TEST_CASE("test_tensor.py test01_slice_index") {
    TensorXu t10 = arange_t({10});
    CHECK(!error_of([&] { t10.slice({20}); }).empty()); // 'index 20 is out of bounds for axis 0 with size 10'
    CHECK(!error_of([&] { t10.slice({2, 3}); }).empty()); // 'too many indices'
    auto check = [](const std::vector<size_t> &shape, const std::vector<HIdx> &idx, std::vector<size_t> shape_out,
                    std::vector<uint32_t> index_out) {
        std::vector<tj::SliceIndex> d;
        for (const HIdx &e : idx)
            d.push_back(e.device());
        TensorXu r = arange_t(shape).slice(d);
        CHECK(r.shape() == shape_out);
        check_eq("index", r.array(), index_out);
    };
    check({10}, {HIdx::at(5)}, {}, {5});
    check({10}, {HIdx::at(-2)}, {}, {8});
    check({10}, {HIdx::range(0, 10, 2)}, {5}, {0, 2, 4, 6, 8});
    check({10}, {HIdx::range(-100, -2, 2)}, {4}, {0, 2, 4, 6});
    check({10}, {HIdx::range(100, 0, -2)}, {5}, {9, 7, 5, 3, 1});
    check({10}, {HIdx::all()}, {10}, iota_u(10));
    check({10}, {HIdx::array({0, 2, 4})}, {3}, {0, 2, 4});
    check({10}, {}, {10}, iota_u(10));
    check({3, 7}, {HIdx::at(2), HIdx::at(5)}, {}, {7 * 2 + 5});
    check({3, 7}, {HIdx::at(-2), HIdx::at(-5)}, {}, {7 * 1 + 2});
    check({3, 7}, {HIdx::all(), HIdx::at(1)}, {3}, {1, 8, 15});
    check({3, 7}, {HIdx::at(1), HIdx::all()}, {7}, {7, 8, 9, 10, 11, 12, 13});
    check({3, 7}, {HIdx::range(0, 3, 3), HIdx::range(0, 7, 3)}, {1, 3}, {0, 3, 6});
    check({3, 7}, {HIdx::array({0}), HIdx::range(0, 7, 3)}, {1, 3}, {0, 3, 6});
    // Dr.Jit broadcasts the two index arrays together: shape (3,); tracejit's outer product: (1, 3) (docs/tensors.md
    // "Shape operations"), the same elements.
    check({3, 7}, {HIdx::array({0}), HIdx::array({0, 3, 6})}, {1, 3}, {0, 3, 6});
    check({3, 7}, {HIdx::at(2), HIdx::all()}, {7}, {14, 15, 16, 17, 18, 19, 20});
    check({3, 7}, {HIdx::all(), HIdx::at(2)}, {3}, {2, 9, 16});
    check({3, 7}, {HIdx::all(), HIdx::array({2})}, {3, 1}, {2, 9, 16});
    check({3, 7}, {HIdx::range(0, 0, 1), HIdx::array({2})}, {0, 1}, {});
    check({3, 7}, {}, {3, 7}, iota_u(21));
    check({3, 7}, {HIdx::at(1)}, {7}, {7, 8, 9, 10, 11, 12, 13});
}

// str() and Python's nested-list constructor are not ported; the default tensor, the array-and-shape constructor
// and the wrong-size error are. Dr.Jit's len() is shape[0].
TEST_CASE("test_tensor.py test02_construct") {
    TensorXf v;
    CHECK(v.ndim() == 1);
    CHECK((v.shape() == std::vector<size_t>{0}));
    CHECK(v.array().size() == 0);
    v = TensorXf(Float({1, 2, 3, 4}), {4});
    CHECK(v.ndim() == 1);
    check_eq("v", v.array(), {1.f, 2.f, 3.f, 4.f});
    for (std::vector<size_t> shape : {std::vector<size_t>{2, 2}, {1, 4}, {4, 1}}) {
        TensorXf w(Float({1, 2, 3, 4}), shape);
        CHECK(w.ndim() == 2);
        CHECK(w.shape() == shape);
        check_eq("w", w.array(), {1.f, 2.f, 3.f, 4.f});
    }
    TensorXf m(Float({1, 2, 3, 4, 5, 6, 7, 8}), {2, 4});
    CHECK(m.shape()[0] == 2);
    std::string err = error_of([] { TensorXf(Float({1, 2, 3, 4}), {2, 4}); });
    INFO(err);
    CHECK(tj_test::contains(err, "4"));
    CHECK(tj_test::contains(err, "8"));
}

TEST_CASE("test_tensor.py test03_construct_2") {
    check_eq("arange", TensorXf(tj::arange<Float>(3), {3}).array(), {0.f, 1.f, 2.f});
    TensorXf z(tj::zeros<Float>(3), {3});
    check_eq("zeros", z.array(), {0.f, 0.f, 0.f});
    check_eq("full", TensorXf(tj::full<Float>(1.f, 3), {3}).array(), {1.f, 1.f, 1.f});
    check_eq("linspace", TensorXf(tj::linspace<Float>(0.f, 1.f, 3), {3}).array(), {0.f, .5f, 1.f});
    TensorXf v(tj::zeros<Float>(6), {1, 2, 3});
    CHECK((v.shape() == std::vector<size_t>{1, 2, 3}));
    check_eq("zeros 3d", v.array(), std::vector<float>(6, 0.f));
    v = TensorXf(tj::full<Float>(1.f, 6), {1, 2, 3});
    check_eq("full 3d", v.array(), std::vector<float>(6, 1.f));
}

// The mixed tensor/Array3f error is a C++ type error (it does not compile).
TEST_CASE("test_tensor.py test05_binop") {
    for (int k = 0; k < 2; ++k) {
        TensorXf one(Float(1.f), {});
        TensorXf v = k == 0 ? one + 4.f : one + TensorXf(Float(4.f), {});
        CHECK(v.shape().empty());
        CHECK(v.array().read(0) == 5.f);
    }
    check_eq("+ scalar tensor", (TensorXf(Float({1, 2, 3}), {3}) + TensorXf(Float(4.f), {})).array(), {5.f, 6.f, 7.f});
    check_eq("+ tensor", (TensorXf(Float({1, 2, 3}), {3}) + TensorXf(Float({4, 5, 6}), {3})).array(), {5.f, 7.f, 9.f});
}

// tracejit has no any/all of a TensorXb (whole or along an axis); the whole-tensor forms are tj::any/tj::all of its
// array, the axis form the maximum of the mask as integers (tj::hmax along the axis). The kernel-log counts are not
// checked.
TEST_CASE("test_tensor.py test06_reduce") {
    TensorXb v(Bool({true, false, false, false}), {2, 2});
    CHECK(tj::any(v.array()).read(0));
    CHECK(!tj::all(v.array()).read(0));
    TensorXu as_int(tj::select(v.array(), UInt32(1u), UInt32(0u)), {2, 2});
    TensorXu v_any = tj::hmax(as_int, 0);
    CHECK((v_any.shape() == std::vector<size_t>{2}));
    check_eq("any axis 0", v_any.array() != 0u, std::vector<bool>{true, false});
}

TEST_CASE("test_tensor.py test07_cast") {
    TensorXf v(Float({1, 2, 3}), {3});
    check_eq("int", tj::cast<int32_t>(v).array(), {1, 2, 3});
    check_eq("uint", tj::cast<uint32_t>(v).array(), {1u, 2u, 3u});
    check_eq("double", tj::cast<double>(v).array(), {1.0, 2.0, 3.0});
}

// The NumPy reference is the host slice (ref_slice). Ellipsis is written out as tj::all entries; the cases with
// None (a new axis) have no counterpart.
TEST_CASE("test_tensor.py test08_slice") {
    using H = HIdx;
    {
        TensorXu c = arange_t({10});
        std::vector<uint32_t> d = iota_u(10);
        for (auto idx : std::vector<std::vector<H>>{{H::all()}, {H::at(3)}, {H::range(1, 5)}, {H::at(-5)}})
            check_slice(c, d, idx);
    }
    {
        TensorXu c = arange_t({10, 20});
        std::vector<uint32_t> d = iota_u(200);
        for (auto idx : std::vector<std::vector<H>>{{H::all()},
                                                     {H::range(0, 0)},
                                                     {H::at(5), H::at(0)},
                                                     {H::at(5), H::range(0, 2)},
                                                     {H::all(), H::at(5)},
                                                     {H::at(5), H::all()},
                                                     {H::all(), H::all()},
                                                     {H::range(1, 3), H::range(2, 7, 2)},
                                                     {H::range(8, 2, -1), H::range(7, 0, -1)},
                                                     {H::range(0, 0), H::range(0, 0)}})
            check_slice(c, d, idx);
    }
    {
        TensorXu c = arange_t({8, 9, 10, 11});
        std::vector<uint32_t> d = iota_u(8 * 9 * 10 * 11);
        for (auto idx : std::vector<std::vector<H>>{{},
                                                     {H::at(1)},
                                                     {H::all(), H::all(), H::all(), H::at(1)},
                                                     {H::at(4), H::all(), H::all(), H::at(3)},
                                                     {H::at(0), H::range(1, 3), H::all(), H::at(3)}})
            check_slice(c, d, idx);
    }
}

// NumPy's broadcasting against a host reference, for every shape [i, j, k] and the same shape with one axis of 1;
// the error messages differ in wording (tracejit names both shapes and the dimension, docs/tensors.md).
// F4 (fixed, tests/runtime/test_ops.cpp): a one-element tj::arange broadcast against a wider array read the lane
// index, not 0 (arange(3) + arange(1) gave [0, 2, 4]).
TEST_CASE("test_tensor.py test09_broadcast") {
    for (size_t i = 1; i < 4; ++i)
        for (size_t j = 1; j < 4; ++j)
            for (size_t k = 1; k < 4; ++k) {
                std::vector<size_t> shape{i, j, k};
                for (size_t l = 0; l < 3; ++l) {
                    std::vector<size_t> shape_2 = shape;
                    shape_2[l] = 1;
                    TensorXu out = arange_t(shape) + arange_t(shape_2);
                    CHECK(out.shape() == shape);
                    std::vector<uint32_t> expect;
                    for (size_t a = 0; a < i; ++a)
                        for (size_t b = 0; b < j; ++b)
                            for (size_t c = 0; c < k; ++c) {
                                size_t idx[3] = {a, b, c};
                                idx[l] = 0;
                                expect.push_back(uint32_t((a * j + b) * k + c) +
                                                 uint32_t((idx[0] * shape_2[1] + idx[1]) * shape_2[2] + idx[2]));
                            }
                    check_eq("broadcast", out.array(), expect);
                }
            }
    auto full = [](float v, std::vector<size_t> s) { return TensorXf(tj::full<Float>(v, prod(s)), s); };
    auto all_eq = [](const TensorXf &x, float v, std::vector<size_t> s) {
        CHECK(x.shape() == s);
        check_eq("full", x.array(), std::vector<float>(prod(s), v));
    };
    all_eq(full(2, {2, 2, 2}) + 2.f, 4, {2, 2, 2});
    all_eq(full(2, {2, 2, 2}) * full(2, {1}), 4, {2, 2, 2});
    all_eq(full(2, {2, 1, 2}) * full(2, {1, 2, 1}), 4, {2, 2, 2});
    all_eq(full(2, {2, 1, 2}) + full(2, {3, 1}), 4, {2, 3, 2});
    all_eq(full(2, {4, 5}) * full(3, {3, 4, 5}), 6, {3, 4, 5});
    TensorXf x = full(2, {1, 1}), y = full(2, {2, 1});
    TensorXf z = tj::select(x == 2.f, TensorXf(Float(2.f), {}), y); // (tensor select takes no C++ scalar)
    CHECK((z.shape() == std::vector<size_t>{2, 1}));
    check_eq("select", z.array(), y.array());
    CHECK(!error_of([&] { full(0, {2}) + full(0, {3}); }).empty());
    CHECK(!error_of([&] { full(0, {3, 2}) + full(0, {2, 3}); }).empty());
    CHECK(!error_of([&] { full(0, {3, 2}) + full(0, {3}); }).empty());
}

// Python's `v3 is v1` aliasing is a C++ reference; the int-tensor += float-tensor promotion is a C++ type choice
// (not ported).
TEST_CASE("test_tensor.py test10_inplace") {
    TensorXf v1(Float({1, 2, 4, 5}), {2, 2});
    TensorXf v2 = v1;
    TensorXf &v3 = v1;
    v1 += TensorXf(Float(1.f), {});
    check_eq("v1", v3.array(), {2.f, 3.f, 5.f, 6.f});
    check_eq("v2", v2.array(), {1.f, 2.f, 4.f, 5.f});
    v1 += v2;
    check_eq("v1 + v2", v3.array(), {3.f, 5.f, 9.f, 11.f});
}

// v1[v1 > 4] = 10 is a select in C++.
TEST_CASE("test_tensor.py test11_masked_assignment") {
    TensorXf v1(Float({1, 2, 4, 5}), {2, 2});
    v1 = tj::select(v1 > 4.f, TensorXf(Float(10.f), {}), v1);
    CHECK((v1.shape() == std::vector<size_t>{2, 2}));
    check_eq("v1", v1.array(), {1.f, 2.f, 4.f, 10.f});
}

// Dr.Jit's Array3f becomes a tensor of shape (3, n); here the tensor is made from a Float with gradients.
TEST_CASE("test_tensor.py test14_preserve_attached") {
    Float v({1, 2, 3});
    tj::enable_grad(v);
    tj::set_grad(v, Float({10, 20, 30}));
    TensorXf v2(v, {3});
    CHECK(tj::grad_enabled(v2));
    Float v3 = v2.array() * 1.f;
    tj::forward(v);
    check_eq("v3.grad", tj::grad(v3), {10.f, 20.f, 30.f});
}

// Differs by design: a negative position reads 0 (docs/tensors.md "Shape operations": "a position past the end of
// its axis (or negative) reads 0"); Dr.Jit counts -1 from the end: [3, 1].
TEST_CASE("test_tensor.py test18_tensor_index_signed_vec") {
    TensorXu x(UInt32({1, 2, 3}), {1, 3});
    TensorXu r = x.slice({tj::all, tj::Int32({-1, 0})});
    check_eq("x[:, [-1, 0]]", r.array(), {0u, 1u});
}

TEST_CASE("test_tensor.py test21_tensor_index_with_tensor") {
    TensorXu x(UInt32({1, 2, 3}), {1, 3}), idx(UInt32({2, 0}), {2});
    check_eq("x[:, idx]", x.slice({tj::all, idx.array()}).array(), {3u, 1u});
}

// .item() is read(0) of the array; its "length 1" check has no counterpart.
TEST_CASE("test_tensor.py test22_item") {
    CHECK(tj::sum(TensorXf(Float(42.f), {1})).array().read(0) == 42.f);
    CHECK(TensorXf(Float(42.f), {1}).array().read(0) == 42.f);
    CHECK(TensorXf(Float(42.f), {1, 1}).array().read(0) == 42.f);
}

TEST_CASE("test_tensor.py test23_item_array") { CHECK(Float(42.f).read(0) == 42.f); }

TEST_CASE("test_tensor.py test24_transpose_T_2d") {
    for (std::vector<size_t> shape : std::vector<std::vector<size_t>>{{1, 1}, {3, 5}, {5, 3}, {16, 16}, {17, 23}}) {
        size_t r = shape[0], c = shape[1];
        TensorXf a(tj::arange<Float>(r * c), shape);
        TensorXf b = tj::transpose(a);
        CHECK((b.shape() == std::vector<size_t>{c, r}));
        std::vector<float> expect;
        for (size_t i = 0; i < c; ++i)
            for (size_t j = 0; j < r; ++j)
                expect.push_back(float(j * c + i));
        check_eq("A.T", b.array(), expect);
    }
}

// .T of a tensor that is not 2-d throws (the .mT part has no counterpart: tj::transpose is 2-d only).
TEST_CASE("test_tensor.py test27_transpose_errors") {
    CHECK(!error_of([] { tj::transpose(TensorXf(tj::zeros<Float>(24), {2, 3, 4})); }).empty());
    CHECK(!error_of([] { tj::transpose(TensorXf(tj::zeros<Float>(5), {5})); }).empty());
}

// The 2-d shape (3, 5); the N-d shapes need .mT.
TEST_CASE("test_tensor.py test28_transpose_roundtrip") {
    Float v = rand_f(15);
    TensorXf a(v, {3, 5});
    TensorXf b = tj::transpose(tj::transpose(a));
    CHECK(b.shape() == a.shape());
    check_eq("A.T.T", b.array(), v);
}

TEST_CASE("test_tensor.py test29_transpose_grad") {
    std::vector<float> a = tjtest::uniform_values<float>(15, fresh_seed(), -1, 1),
                       db = tjtest::uniform_values<float>(15, fresh_seed(), -1, 1),
                       da = tjtest::uniform_values<float>(15, fresh_seed(), -1, 1);
    auto transposed = [](const std::vector<float> &v, size_t r, size_t c) {
        std::vector<float> t;
        for (size_t i = 0; i < c; ++i)
            for (size_t j = 0; j < r; ++j)
                t.push_back(v[j * c + i]);
        return t;
    };
    TensorXf A(Float(a), {3, 5});
    tj::enable_grad(A);
    TensorXf B = tj::transpose(A);
    tj::set_grad(B, TensorXf(Float(db), {5, 3}));
    tj::backward(B);
    check_close("grad A", tj::grad(A).array(), transposed(db, 5, 3));

    TensorXf A2(Float(a), {3, 5});
    tj::enable_grad(A2);
    tj::set_grad(A2, TensorXf(Float(da), {3, 5}));
    TensorXf B2 = tj::transpose(A2);
    tj::forward(A2);
    check_close("grad B", tj::grad(B2).array(), transposed(da, 3, 5));
}

// The PyTorch reference x[:, 1, :] on the host.
TEST_CASE("test_tensor.py test38_multidim_scalar") {
    std::vector<float> d = tjtest::uniform_values<float>(1000, fresh_seed(), 0, 1);
    TensorXf x(Float(d), {10, 10, 10});
    check_slice(x, d, {HIdx::all(), HIdx::at(1), HIdx::all()});
}

namespace {
std::vector<int64_t> iota_i(int64_t n, int64_t from = 0) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < n; ++i)
        v.push_back(from + i);
    return v;
}
} // namespace

// Differs by design (test39 to test43): several index arrays index their own axes (outer product, docs/tensors.md
// "Shape operations"), where PyTorch and Dr.Jit broadcast them together (x[idx, :, idx] has shape (5, 10) there,
// (5, 10, 5) here). The port checks tracejit's result against the host outer product on random data.
TEST_CASE("test_tensor.py test39_multidim_advanced") {
    std::vector<float> d = tjtest::uniform_values<float>(1000, fresh_seed(), 0, 1);
    TensorXf x(Float(d), {10, 10, 10});
    check_slice(x, d, {HIdx::array(iota_i(5, 1)), HIdx::all(), HIdx::array(iota_i(5, 1))});
}

TEST_CASE("test_tensor.py test40_advanced_indexing_broadcast") {
    std::vector<float> d = tjtest::uniform_values<float>(120, fresh_seed(), 0, 1);
    TensorXf x(Float(d), {4, 5, 6});
    check_slice(x, d, {HIdx::array({2}), HIdx::all(), HIdx::array(iota_i(3, 1))});
}

TEST_CASE("test_tensor.py test41_advanced_indexing_with_integer") {
    std::vector<float> d = tjtest::uniform_values<float>(210, fresh_seed(), 0, 1);
    TensorXf x(Float(d), {5, 6, 7});
    check_slice(x, d, {HIdx::array(iota_i(4)), HIdx::at(3), HIdx::array(iota_i(4))});
}

TEST_CASE("test_tensor.py test42_advanced_indexing_coalesce") {
    std::vector<float> d = tjtest::uniform_values<float>(360, fresh_seed(), 0, 1);
    TensorXf x(Float(d), {3, 4, 5, 6});
    check_slice(x, d, {HIdx::array(iota_i(2)), HIdx::all(), HIdx::all(), HIdx::array(iota_i(2))});
}

TEST_CASE("test_tensor.py test43_advanced_consecutive_integer") {
    std::vector<float> d(5 * 6 * 7 * 8);
    std::iota(d.begin(), d.end(), 0.f);
    TensorXf x(tj::arange<Float>(d.size()), {5, 6, 7, 8});
    check_slice(x, d, {HIdx::all(), HIdx::array(iota_i(4)), HIdx::at(3), HIdx::array(iota_i(4))});
}

// One index array: the same in both conventions.
TEST_CASE("test_tensor.py test45_torch_array_indexing") {
    std::vector<float> d(20);
    std::iota(d.begin(), d.end(), 0.f);
    TensorXf x(tj::arange<Float>(10), {10});
    check_slice(x, std::vector<float>(d.begin(), d.begin() + 10), {HIdx::array({0, 2, 4, 6, 8})});
    TensorXf y(tj::arange<Float>(20), {4, 5});
    TensorXf res = y.slice({UInt32({0, 2, 3})});
    CHECK((res.shape() == std::vector<size_t>{3, 5}));
    check_slice(y, d, {HIdx::array({0, 2, 3})});
}
