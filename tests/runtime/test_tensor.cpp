// tests/runtime/test_tensor.cpp — tj::Tensor: construction, broadcasting, shape operations, slicing, fusion, whos()
// and the tape, each against a plain C++ reference on row-major data
#include "tensor_check.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace tensor_check;

namespace {

/// The coordinates of flat index k in a row-major shape.
std::vector<size_t> coords(size_t k, const Shape &s) {
    std::vector<size_t> c(s.size());
    for (size_t a = s.size(); a-- > 0;) {
        c[a] = k % s[a];
        k /= s[a];
    }
    return c;
}
size_t flat(const std::vector<size_t> &c, const Shape &s) {
    size_t k = 0;
    for (size_t a = 0; a < s.size(); ++a)
        k = k * s[a] + c[a];
    return k;
}

/// NumPy's broadcast of a's value to the position c of a shape `out`.
float at_broadcast(const std::vector<float> &a, const Shape &as, const std::vector<size_t> &c, const Shape &out) {
    std::vector<size_t> ca(as.size());
    for (size_t i = 0; i < as.size(); ++i)
        ca[i] = as[i] == 1 ? 0 : c[i + out.size() - as.size()];
    return a[flat(ca, as)];
}

void check_close(const std::vector<float> &got, const std::vector<float> &want, float tol = 1e-5f) {
    REQUIRE(got.size() == want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        CAPTURE(i);
        CHECK(std::abs(got[i] - want[i]) <= tol * (1 + std::abs(want[i])));
    }
}

std::string error_of(const std::function<void()> &f) {
    try {
        f();
    } catch (const tj::Error &e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace

TEST_CASE("tensor: construction, shape, ndim, array — a size mismatch names both") {
    tj::TensorXf t(tj::arange<tj::Float>(210), {10, 7, 3});
    CHECK(t.shape() == Shape{10, 7, 3});
    CHECK(t.ndim() == 3);
    CHECK(t.array().size() == 210);
    CHECK(t.array().read(209) == 209.f);
    std::string e = error_of([] { tj::TensorXf(tj::arange<tj::Float>(20), {10, 7, 3}); });
    CHECK(e.find("tj::Tensor()") != std::string::npos);
    CHECK(e.find("20") != std::string::npos);
    CHECK(e.find("[10, 7, 3]") != std::string::npos);
    CHECK(e.find("210") != std::string::npos);
    tj::TensorXf scalar(tj::Float(2.f), {});
    CHECK(scalar.ndim() == 0);
    CHECK(tj::TensorXf().shape() == Shape{0});
}

TEST_CASE("tensor: element-wise operators and math broadcast as NumPy does") {
    struct Case {
        Shape a, b;
    };
    for (Case c : {Case{{4, 3}, {4, 3}}, Case{{10, 7, 3}, {7, 3}}, Case{{10, 1, 3}, {1, 7, 1}}, Case{{5, 1}, {1, 6}},
                   Case{{3}, {2, 4, 3}}, Case{{}, {2, 3}}, Case{{2, 1, 4}, {3, 1}}}) {
        CAPTURE(tj::detail::shape_string(c.a));
        CAPTURE(tj::detail::shape_string(c.b));
        std::vector<float> av = uniform_values<float>(product(c.a), 1, 0.5f, 2.f),
                           bv = uniform_values<float>(product(c.b), 2, 0.5f, 2.f);
        tj::TensorXf a(tj::Float(av), c.a), b(tj::Float(bv), c.b);
        tj::TensorXf r = a * b + tj::pow(a, b) - tj::min(a, b) / 2.f;
        tj::TensorXb m = a < b;
        Shape out = tj::detail::broadcast_shape("test", c.a, c.b);
        CHECK(r.shape() == out);
        CHECK(m.shape() == out);
        std::vector<float> want(product(out));
        std::vector<bool> want_m(product(out));
        for (size_t k = 0; k < want.size(); ++k) {
            auto co = coords(k, out);
            float x = at_broadcast(av, c.a, co, out), y = at_broadcast(bv, c.b, co, out);
            want[k] = x * y + std::pow(x, y) - std::min(x, y) / 2.f;
            want_m[k] = x < y;
        }
        check_close(tj::to_vector(r.array()), want, 1e-4f);
        CHECK(tj::to_vector(m.array()) == want_m);
        tj::TensorXf s = tj::select(m, a, b);
        CHECK(s.shape() == out);
    }
    std::string e = error_of([] { (void)(random_tensor({10, 7, 3}, 1) + random_tensor({10, 3, 7}, 2)); });
    CHECK(e.find("tj::add()") != std::string::npos);
    CHECK(e.find("[10, 7, 3]") != std::string::npos);
    CHECK(e.find("[10, 3, 7]") != std::string::npos);
    tj::TensorXf u = tj::sin(random_tensor({2, 2}, 3)) * 2.f;
    CHECK(u.shape() == Shape{2, 2});
    tj::TensorXi i = tj::cast<int32_t>(u * 10.f);
    CHECK(i.shape() == Shape{2, 2});
}

TEST_CASE("tensor: a chain of broadcasting element-wise operations is one kernel") {
    tj::TensorXf a = random_tensor({100, 7, 3}, 4), b = random_tensor({7, 3}, 5), c = random_tensor({100, 1, 3}, 6);
    tj::eval(a, b, c);
    tj::reset_kernel_stats();
    tj::TensorXf r = tj::exp(a * b) + c - tj::sqrt(tj::abs(a)) * b * 2.f;
    tj::eval(r);
    CHECK(tj::kernel_stats().launches == 1);
    // A lazy operand that is stretched is evaluated first (a gather reads memory): one kernel more.
    tj::reset_kernel_stats();
    tj::TensorXf q = a + tj::sin(b) * 2.f;
    tj::eval(q);
    CHECK(tj::kernel_stats().launches == 2);
}

TEST_CASE("tensor: reshape with one -1, and its errors") {
    tj::TensorXf t = random_tensor({10, 7, 3}, 7);
    CHECK(tj::reshape(t, {-1, 21}).shape() == Shape{10, 21});
    CHECK(tj::reshape(t, {7, -1}).shape() == Shape{7, 30});
    CHECK(tj::reshape(t, {210}).shape() == Shape{210});
    CHECK(tj::reshape(t, {-1}).array().index() == t.array().index());
    CHECK(error_of([&] { tj::reshape(t, {-1, -1}); }).find("more than one -1") != std::string::npos);
    std::string e = error_of([&] { tj::reshape(t, {11, 20}); });
    CHECK(e.find("[10, 7, 3]") != std::string::npos);
    CHECK(e.find("[11, 20]") != std::string::npos);
    CHECK(error_of([&] { tj::reshape(t, {-1, 4}); }).find("tj::reshape()") != std::string::npos);
}

TEST_CASE("tensor: transpose of a 2-d tensor") {
    std::vector<float> v = uniform_values<float>(15, 8);
    tj::TensorXf t(tj::Float(v), {5, 3});
    tj::TensorXf r = tj::transpose(t);
    CHECK(r.shape() == Shape{3, 5});
    std::vector<float> got = tj::to_vector(r.array()), want(15);
    for (size_t i = 0; i < 5; ++i)
        for (size_t j = 0; j < 3; ++j)
            want[j * 5 + i] = v[i * 3 + j];
    CHECK(got == want);
    CHECK(error_of([] { tj::transpose(random_tensor({2, 3, 4}, 1)); }).find("[2, 3, 4]") != std::string::npos);
}

TEST_CASE("tensor: sum, prod, hmin and hmax along every axis and whole") {
    Shape s{4, 5, 3};
    std::vector<float> v = uniform_values<float>(product(s), 9, 0.5f, 1.5f);
    tj::TensorXf t(tj::Float(v), s);
    for (int axis : {0, 1, 2, -1}) {
        CAPTURE(axis);
        size_t a = size_t(axis < 0 ? axis + 3 : axis);
        Shape out = s;
        out.erase(out.begin() + a);
        std::vector<float> ws(product(out), 0.f), wp(product(out), 1.f), wmin(product(out), 1e30f),
            wmax(product(out), -1e30f);
        for (size_t k = 0; k < v.size(); ++k) {
            auto c = coords(k, s);
            c.erase(c.begin() + a);
            size_t o = flat(c, out);
            ws[o] += v[k], wp[o] *= v[k], wmin[o] = std::min(wmin[o], v[k]), wmax[o] = std::max(wmax[o], v[k]);
        }
        CHECK(tj::sum(t, axis).shape() == out);
        check_close(tj::to_vector(tj::sum(t, axis).array()), ws);
        check_close(tj::to_vector(tj::prod(t, axis).array()), wp);
        check_close(tj::to_vector(tj::hmin(t, axis).array()), wmin);
        check_close(tj::to_vector(tj::hmax(t, axis).array()), wmax);
    }
    double total = 0;
    for (float x : v)
        total += x;
    CHECK(tj::sum(t).ndim() == 0);
    CHECK(tj::sum(t).array().read(0) == doctest::Approx(total).epsilon(1e-5));
    CHECK(tj::hmax(t).array().read(0) == *std::max_element(v.begin(), v.end()));
    CHECK(error_of([&] { tj::sum(t, 3); }).find("axis 3") != std::string::npos);
    // A 1-d tensor reduced along its only axis: a 0-d tensor.
    CHECK(tj::sum(tj::TensorXf(tj::Float({1.f, 2.f, 3.f})), 0).array().read(0) == 6.f);
}

TEST_CASE("tensor: slicing with Slice (negative steps too), tj::all, integers and index arrays") {
    Shape s{6, 5, 4};
    std::vector<float> v = uniform_values<float>(product(s), 10);
    tj::TensorXf t(tj::Float(v), s);
    auto at = [&](size_t i, size_t j, size_t k) { return v[(i * 5 + j) * 4 + k]; };
    {
        tj::TensorXf r = t.slice({tj::Slice{1, 6, 2}, tj::all, 3});
        CHECK(r.shape() == Shape{3, 5});
        std::vector<float> want;
        for (size_t i = 1; i < 6; i += 2)
            for (size_t j = 0; j < 5; ++j)
                want.push_back(at(i, j, 3));
        CHECK(tj::to_vector(r.array()) == want);
    }
    {
        tj::TensorXf r = t.slice({tj::Slice{tj::Slice::None, tj::Slice::None, -1}, tj::Slice{-2, 0, -1}, -1});
        CHECK(r.shape() == Shape{6, 3});
        std::vector<float> want;
        for (int i = 5; i >= 0; --i)
            for (int j = 3; j > 0; --j)
                want.push_back(at(size_t(i), size_t(j), 3));
        CHECK(tj::to_vector(r.array()) == want);
    }
    {
        tj::TensorXf r = t.slice({2});
        CHECK(r.shape() == Shape{5, 4});
        CHECK(r.array().read(0) == at(2, 0, 0));
        CHECK(t.slice({tj::Slice{4, 1}}).shape() == Shape{0, 5, 4});
        CHECK(t.slice({tj::all, tj::Slice{1, tj::Slice::None, 3}}).shape() == Shape{6, 2, 4});
    }
    { // index arrays on several axes: each picks along its own axis (the outer product, as np.ix_)
        tj::UInt32 i0({5, 0, 5, 2}), i2({3, 1});
        tj::Int32 i1({4, -1, 0}); // -1 is out of range: reads 0
        tj::TensorXf r = t.slice({i0, i1, i2});
        CHECK(r.shape() == Shape{4, 3, 2});
        std::vector<float> want;
        for (uint32_t a : {5, 0, 5, 2})
            for (int b : {4, -1, 0})
                for (uint32_t c : {3, 1})
                    want.push_back(b < 0 ? 0.f : at(a, size_t(b), c));
        CHECK(tj::to_vector(r.array()) == want);
        tj::TensorXf past = t.slice({tj::UInt32({1, 6})});
        CHECK(past.array().read(20) == 0.f);
    }
    CHECK(error_of([&] { t.slice({0, 5}); }).find("index 5 is out of range for axis 1") != std::string::npos);
    CHECK(error_of([&] { t.slice({0, 0, 0, 0}); }).find("4 indices") != std::string::npos);
    CHECK(error_of([&] { t.slice({tj::Slice{0, 2, 0}}); }).find("step of 0") != std::string::npos);
}

TEST_CASE("tensor: whos() and the tape show a tensor with its shape") {
    tj::TensorXf t = random_tensor({10, 7, 3}, 11);
    tj::eval(t);
    CHECK(tj::whos_str().find("tj::TensorXf[10, 7, 3]") != std::string::npos);
    tj::TensorXf r = tj::reshape(t, {-1, 21}) * 2.f;
    CHECK(tj::whos_str().find("tj::TensorXf[10, 21]") != std::string::npos);
    auto c = tj::tape::detail::capture(r);
    CHECK(std::string(c.type) == "tj::TensorXf");
    CHECK(c.text.rfind("tj::TensorXf[10, 21] lazy", 0) == 0);
}
