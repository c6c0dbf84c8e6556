// tests/runtime/test_dispatch_grad.cpp — gradients through tj::dispatch in reverse and forward mode, to the arguments
// and to gradient-enabled fields of the objects, against central finite differences
#include "ad_check.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <memory>
#include <vector>

using namespace tjtest;
using tj::Float64;

namespace {

struct Fn : tj::Object {
    virtual Float64 f(const Float64 &x) const = 0;
    virtual Float64 &weight() = 0;
};
struct Quad final : Fn {
    Float64 w;
    explicit Quad(double v) : w(tj::opaque<Float64>(v)) {}
    Float64 f(const Float64 &x) const override { return x * x * w + tj::sin(x); }
    Float64 &weight() override { return w; }
    TJ_OBJECT_FIELDS(w)
};
struct Expo final : Fn {
    Float64 w;
    explicit Expo(double v) : w(tj::opaque<Float64>(v)) {}
    Float64 f(const Float64 &x) const override { return tj::exp(x * w) - w; }
    Float64 &weight() override { return w; }
    TJ_OBJECT_FIELDS(w)
};
/// Gathers from a table field with gradients (a masked gather inside the dispatched code).
struct Table final : Fn {
    Float64 w; ///< four entries
    explicit Table(double v) : w(Float64({v, 2 * v, -v, 0.5 * v})) {}
    Float64 f(const Float64 &x) const override {
        tj::UInt32 i = tj::cast<tj::UInt32>(tj::abs(x) * 10.0) % 4u;
        return tj::gather<Float64>(w, i) * x;
    }
    Float64 &weight() override { return w; }
    TJ_OBJECT_FIELDS(w)
};

struct Scene {
    std::vector<std::unique_ptr<Fn>> objs;
    std::vector<Fn *> lanes;
    Scene(size_t n, uint64_t seed) {
        objs.push_back(std::make_unique<Quad>(0.7));
        objs.push_back(std::make_unique<Expo>(-0.4));
        objs.push_back(std::make_unique<Table>(1.3));
        objs.push_back(std::make_unique<Quad>(-1.1));
        Rng rng(seed);
        lanes.resize(n);
        for (auto &p : lanes)
            p = rng.next() % 6 == 0 ? nullptr : objs[rng.next() % objs.size()].get();
    }
    Float64 call(const Float64 &x) const {
        return tj::dispatch(tj::Ptr<Fn>(lanes), [](Fn *s, const Float64 &x) { return s->f(x); }, x);
    }
};

} // namespace

TEST_CASE("dispatch gradients: to the arguments, both modes, against finite differences") {
    Scene scene(40, 1);
    std::vector<std::vector<double>> inputs = {random_vector<double>(40, 2, -1.5, 1.5, [](double v) {
        return std::fabs(std::fabs(v) * 10 - std::round(std::fabs(v) * 10)) > 0.05; // away from the table's steps
    })};
    check_derivatives<double>(
        "dispatch", [&](const std::vector<Float64> &in) { return scene.call(in[0]); }, inputs);
}

TEST_CASE("dispatch gradients: to gradient-enabled fields of the objects, both modes, against finite differences") {
    Scene scene(300, 3);
    std::vector<double> xv = random_vector<double>(300, 4, -1.5, 1.5, [](double v) {
        return std::fabs(std::fabs(v) * 10 - std::round(std::fabs(v) * 10)) > 0.05;
    });
    Float64 x(xv);
    auto total = [&] { return tj::sum(scene.call(x)).read(0); };
    for (auto &obj : scene.objs) {
        Float64 &w = obj->weight();
        std::vector<double> wv = tj::to_vector(w);
        // reverse mode
        tj::enable_grad(w);
        Float64 y = tj::sum(scene.call(x));
        tj::backward(y);
        std::vector<double> g = tj::to_vector(tj::grad(w));
        // forward mode, one entry at a time
        std::vector<double> fwd(wv.size());
        for (size_t j = 0; j < wv.size(); ++j) {
            Float64 wj = Float64(wv);
            tj::enable_grad(wj);
            std::vector<double> seed(wv.size(), 0.0);
            seed[j] = 1.0;
            w = wj;
            Float64 yj = tj::sum(scene.call(x));
            tj::set_grad(w, Float64(seed));
            tj::forward(w);
            fwd[j] = tj::grad(yj).read(0);
        }
        tj::disable_grad(w);
        // central differences
        for (size_t j = 0; j < wv.size(); ++j) {
            const double h = 1e-6;
            std::vector<double> up = wv, down = wv;
            up[j] += h;
            down[j] -= h;
            w = Float64(up);
            double fu = total();
            w = Float64(down);
            double fd = total();
            double ref = (fu - fd) / (2 * h);
            CHECK_MESSAGE(std::fabs(g[j] - ref) <= 1e-5 * (1 + std::fabs(ref)), "reverse " << j << ": " << g[j]
                                                                                         << " vs " << ref);
            CHECK_MESSAGE(std::fabs(fwd[j] - ref) <= 1e-5 * (1 + std::fabs(ref)), "forward " << j << ": " << fwd[j]
                                                                                           << " vs " << ref);
        }
        w = Float64(wv);
    }
}

namespace {

/// An instance whose code runs a backward from its argument, made before the dispatch, scaled by its own factor.
struct Backward final : tj::Object {
    double k = 1;
    TJ_OBJECT_NO_FIELDS
};

} // namespace

// A backward inside each instance's code from the same array made before the dispatch: the first instance's
// traversal used to free the edges y -> x that the second's needed, which then gave x nothing, without an error
// (found with Dr.Jit's test_switch.py test17_bwd_in_switch). Both gradients wait at y and reach x once, after the
// dispatch (the cases run inside one IsolateGrad scope, as tj::if_stmt's branches).
TEST_CASE("dispatch gradients: a backward in each instance's code from an array made before the dispatch") {
    std::vector<double> v = random_vector<double>(64, 977, -2, 2);
    Float64 x(v);
    tj::enable_grad(x);
    Float64 y = x * x;
    Backward twice, thrice;
    twice.k = 2, thrice.k = 3;
    std::vector<Backward *> lanes;
    for (size_t i = 0; i < v.size(); ++i)
        lanes.push_back(i % 3 == 0 ? &twice : &thrice);
    tj::dispatch(tj::Ptr<Backward>(lanes), [](Backward *b, const Float64 &y) { tj::backward(y * b->k); }, y);
    std::vector<double> g = tj::to_vector(tj::grad(x));
    for (size_t i = 0; i < v.size(); ++i) {
        INFO("lane " << i);
        CHECK(g[i] == doctest::Approx((i % 3 == 0 ? 2 : 3) * 2 * v[i]).epsilon(1e-12));
    }
}
