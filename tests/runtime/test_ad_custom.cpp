// tests/runtime/test_ad_custom.cpp — custom differentiable operations (tj::CustomOp, tj::custom): the user's
// rules are the derivative (checked with rules that differ from the true one), correct rules agree with central
// finite differences in both modes, structured results, non-differentiable arguments, retained graphs, frozen
// functions, and the errors for wrong gradient sizes and missing rules.
#include "ad_check.h"
#include "freeze_check_calls.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <tuple>

using namespace tjtest;
using tj_test::contains;
using tj_test::error_of;
using D = tj::Float64;

namespace {

std::vector<double> values_of(const D &x) { return tj::to_vector(x); }

/// a·b with the true rules.
struct Mul : tj::CustomOp<D(D, D)> {
    D a, b;
    D eval(const D &x, const D &y) override {
        a = x;
        b = y;
        return x * y;
    }
    void forward() override { set_grad_out(grad_in<0>() * b + a * grad_in<1>()); }
    void backward() override {
        set_grad_in<0>(grad_out() * b);
        set_grad_in<1>(grad_out() * a);
    }
};

/// x² whose rules are deliberately not its derivative (2x): reverse mode says 5, forward mode 7.
struct WrongSquare : tj::CustomOp<D(D)> {
    D eval(const D &x) override { return x * x; }
    void forward() override { set_grad_out(grad_in<0>() * 7.0); }
    void backward() override { set_grad_in<0>(grad_out() * 5.0); }
};

/// (sin x, cos x) as a tuple, with the true rules.
struct SinCos : tj::CustomOp<std::tuple<D, D>(D)> {
    D x;
    std::tuple<D, D> eval(const D &v) override {
        x = v;
        return {tj::sin(v), tj::cos(v)};
    }
    void forward() override {
        D t = grad_in<0>();
        set_grad_out({tj::cos(x) * t, -tj::sin(x) * t});
    }
    void backward() override {
        auto [gs, gc] = grad_out();
        set_grad_in<0>(gs * tj::cos(x) - gc * tj::sin(x));
    }
};

} // namespace

namespace customtest {
/// A structured result.
struct Polar {
    D r, phi;
};
TJ_STRUCT(Polar, r, phi)
} // namespace customtest

namespace {

using customtest::Polar;

/// (x, y) → (r, phi) with the true rules, written against the structure.
struct ToPolar : tj::CustomOp<Polar(D, D)> {
    Polar eval(const D &x, const D &y) override { return {tj::sqrt(x * x + y * y), tj::atan2(y, x)}; }
    void forward() override {
        D x = value_in<0>(), y = value_in<1>(), r = value_out().r;
        D dx = grad_in<0>(), dy = grad_in<1>();
        set_grad_out({(x * dx + y * dy) / r, (x * dy - y * dx) / (r * r)});
    }
    void backward() override {
        D x = value_in<0>(), y = value_in<1>(), r = value_out().r;
        Polar g = grad_out();
        set_grad_in<0>(g.r * x / r - g.phi * y / (r * r));
        set_grad_in<1>(g.r * y / r + g.phi * x / (r * r));
    }
};

/// x·k masked by an integer array: k (a host value) and the mask (Int32) are not differentiable.
struct ScaleWhere : tj::CustomOp<D(D, double, tj::Int32)> {
    D factor;
    D eval(const D &x, const double &k, const tj::Int32 &on) override {
        factor = tj::cast<D>(on) * k;
        return x * factor;
    }
    void forward() override { set_grad_out(grad_in<0>() * factor); }
    void backward() override { set_grad_in<0>(grad_out() * factor); }
};

/// Float in, Float64 out: x (Float) widened and multiplied by y (Float64).
struct WidenMul : tj::CustomOp<D(tj::Float, D)> {
    D xd, y;
    D eval(const tj::Float &x, const D &yy) override {
        xd = tj::cast<D>(x);
        y = yy;
        return xd * yy;
    }
    void forward() override { set_grad_out(tj::cast<D>(grad_in<0>()) * y + xd * grad_in<1>()); }
    void backward() override {
        set_grad_in<0>(tj::cast<tj::Float>(grad_out() * y));
        set_grad_in<1>(grad_out() * xd);
    }
};

/// The sum of a std::vector of arrays; its backward rule gives element k the gradient times (k + 1), and one
/// rule gives one array too few.
struct VectorSum : tj::CustomOp<D(std::vector<D>)> {
    static inline bool short_gradient = false;
    D eval(const std::vector<D> &v) override {
        D s = v[0];
        for (size_t k = 1; k < v.size(); ++k)
            s = s + v[k];
        return s;
    }
    void backward() override {
        std::vector<D> g;
        for (size_t k = 0; k < value_in<0>().size() - (short_gradient ? 1 : 0); ++k)
            g.push_back(grad_out() * double(k + 1));
        set_grad_in<0>(g);
    }
};

/// Only a forward rule.
struct ForwardOnly : tj::CustomOp<D(D)> {
    D eval(const D &x) override { return x * 3.0; }
    void forward() override { set_grad_out(grad_in<0>() * 3.0); }
};

/// Only a backward rule.
struct BackwardOnly : tj::CustomOp<D(D)> {
    D eval(const D &x) override { return x * 3.0; }
    void backward() override { set_grad_in<0>(grad_out() * 3.0); }
};

/// A backward rule that gives a gradient of the wrong size.
struct BadSize : tj::CustomOp<D(D)> {
    D eval(const D &x) override { return x + 1.0; }
    void backward() override { set_grad_in<0>(tj::zeros<D>(3)); }
};

/// A forward rule that calls set_grad_in (a backward rule's call).
struct WrongDirection : tj::CustomOp<D(D)> {
    D eval(const D &x) override { return x + 1.0; }
    void forward() override { set_grad_in<0>(grad_in<0>()); }
};

/// Asks for a gradient in eval, where there is none.
struct EarlyGrad : tj::CustomOp<D(D)> {
    D eval(const D &x) override {
        grad_out();
        return x;
    }
};

/// Records whether eval saw arrays with gradients.
struct Probe : tj::CustomOp<D(D)> {
    static inline bool saw_grad = true;
    static inline bool made_grad = true;
    D eval(const D &x) override {
        saw_grad = tj::grad_enabled(x);
        D y = x * 2.0;
        made_grad = tj::grad_enabled(y);
        return y;
    }
    void backward() override { set_grad_in<0>(grad_out() * 2.0); }
};

const std::vector<double> xs0 = {0.3, -1.2, 2.0, 0.7, -0.4};
const std::vector<double> ys0 = {1.1, 0.5, -0.9, 2.5, 1.7};

} // namespace

TEST_CASE("custom op: the derivative is the user's rule, not the true derivative") {
    D x(xs0);
    tj::enable_grad(x);
    D y = tj::custom<WrongSquare>(x);
    CHECK(values_of(tj::detach(y)) == map1(xs0, [](double v) { return v * v; }));
    REQUIRE(tj::grad_enabled(y));
    tj::backward(y, false);
    for (size_t i = 0; i < xs0.size(); ++i) {
        CHECK(tj::grad(x).read(i) == doctest::Approx(5.0));
        CHECK(2 * xs0[i] != doctest::Approx(5.0)); // the true derivative is something else
    }
    D z = tj::custom<WrongSquare>(x) * 2.0;
    tj::forward(x);
    for (size_t i = 0; i < xs0.size(); ++i)
        CHECK(tj::grad(z).read(i) == doctest::Approx(14.0));
}

TEST_CASE("custom op: true rules agree with central finite differences (Float64, both modes)") {
    check_derivatives<double>("sin(custom Mul(x0, x1)) * x0",
                              [](const std::vector<D> &x) { return tj::sin(tj::custom<Mul>(x[0], x[1] * 1.5)) * x[0]; },
                              {xs0, ys0});
    check_derivatives<double>("custom Mul(x0, x0) (the same array twice)",
                              [](const std::vector<D> &x) { return tj::custom<Mul>(x[0], x[0]); }, {xs0});
    check_derivatives<double>("custom Mul(x0, width-1 x1)",
                              [](const std::vector<D> &x) { return tj::custom<Mul>(x[0], x[1]); }, {xs0, {0.8}});
}

TEST_CASE("custom op: a tuple result (sin, cos) against finite differences") {
    check_derivatives<double>("2 sin(x) + 3 cos(x) through SinCos",
                              [](const std::vector<D> &x) {
                                  auto [s, c] = tj::custom<SinCos>(x[0]);
                                  return s * 2.0 + c * 3.0;
                              },
                              {xs0});
    check_derivatives<double>("only the cos output used",
                              [](const std::vector<D> &x) { return std::get<1>(tj::custom<SinCos>(x[0])); }, {xs0});
}

TEST_CASE("custom op: a TJ_STRUCT result against finite differences") {
    check_derivatives<double>("r·phi through ToPolar",
                              [](const std::vector<D> &x) {
                                  Polar p = tj::custom<ToPolar>(x[0], x[1]);
                                  return p.r * p.phi;
                              },
                              {xs0, ys0});
    Polar p = tj::custom<ToPolar>(D(xs0), D(ys0));
    CHECK(!tj::grad_enabled(p.r)); // no argument with gradients: a constant
    CHECK(values_of(p.r)[2] == doctest::Approx(std::hypot(xs0[2], ys0[2])));
}

TEST_CASE("custom op: host-value and integer-array arguments are not differentiated") {
    tj::Int32 on({1, 0, 1, 1, 0});
    check_derivatives<double>("ScaleWhere(x, 2.5, on) * x",
                              [&](const std::vector<D> &x) { return tj::custom<ScaleWhere>(x[0], 2.5, on) * x[0]; },
                              {xs0});
}

TEST_CASE("custom op: a std::vector argument — a gradient with the wrong number of arrays") {
    D a(xs0), b(ys0), c(xs0);
    tj::enable_grad(a, b, c);
    D y = tj::custom<VectorSum>(std::vector<D>{a, b, c});
    tj::backward(y);
    CHECK(values_of(tj::grad(a)) == std::vector<double>(xs0.size(), 1.0));
    CHECK(values_of(tj::grad(b)) == std::vector<double>(xs0.size(), 2.0));
    CHECK(values_of(tj::grad(c)) == std::vector<double>(xs0.size(), 3.0));
    VectorSum::short_gradient = true;
    D z = tj::custom<VectorSum>(std::vector<D>{a, b, c});
    std::string e = error_of([&] { tj::backward(z); });
    VectorSum::short_gradient = false;
    CHECK(contains(e, "the gradient holds 2 arrays, the argument 3"));
}

TEST_CASE("custom op: Float and Float64 arguments together") {
    tj::Float xf({0.5f, -1.5f, 2.0f});
    D y({1.0, 2.0, -3.0});
    tj::enable_grad(xf, y);
    D z = tj::custom<WidenMul>(xf, y);
    tj::backward(z);
    CHECK(tj::to_vector(tj::grad(xf)) == std::vector<float>{1.0f, 2.0f, -3.0f});
    CHECK(values_of(tj::grad(y)) == std::vector<double>{0.5, -1.5, 2.0});
}

TEST_CASE("custom op: eval runs without AD — a call without differentiable arguments makes a constant") {
    D x(xs0);
    tj::enable_grad(x);
    D y = tj::custom<Probe>(x);
    CHECK_FALSE(Probe::saw_grad);
    CHECK_FALSE(Probe::made_grad);
    CHECK(tj::grad_enabled(y));
    D c = tj::custom<Probe>(tj::detach(x));
    CHECK_FALSE(tj::grad_enabled(c));
}

TEST_CASE("custom op: free_graph = false keeps the rule for a second traversal") {
    D x(xs0), w(ys0);
    tj::enable_grad(x);
    D y = tj::custom<Mul>(x, w);
    tj::backward(y, false);
    tj::backward(y, false); // leaves accumulate: twice w
    for (size_t i = 0; i < xs0.size(); ++i)
        CHECK(tj::grad(x).read(i) == doctest::Approx(2 * ys0[i]));
    tj::forward(x, false); // seeds x with ones (its accumulated gradient is replaced)
    CHECK(values_of(tj::grad(y)) == ys0);
    tj::forward(x, false);
    CHECK(values_of(tj::grad(y)) == ys0);
    tj::backward(y); // and once more, freeing the graph
    for (size_t i = 0; i < xs0.size(); ++i)
        CHECK(tj::grad(x).read(i) == doctest::Approx(1.0 + ys0[i]));
}

TEST_CASE("custom op: an output that no traversal reached contributes nothing") {
    D x(xs0);
    tj::enable_grad(x);
    auto [s, c] = tj::custom<SinCos>(x);
    tj::backward(c, false); // gives c a gradient that stays on it
    tj::set_grad(x, 0.0);
    tj::backward(s); // only s's gradient enters the rule, not the one c still holds
    for (size_t i = 0; i < xs0.size(); ++i)
        CHECK(tj::grad(x).read(i) == doctest::Approx(std::cos(xs0[i])));
}

TEST_CASE("custom op: inside a frozen function, with backward in the body, replays equal the plain calls") {
    auto body = [](D x, D w) {
        D v = x;
        tj::enable_grad(v);
        D y = tj::custom<Mul>(tj::sin(v), w) + tj::custom<WrongSquare>(v);
        tj::backward(tj::sum(y));
        return tj::detach(tj::grad(v)); // cos(x)·w + 5
    };
    check_frozen_matches_plain("custom op in a frozen body", body, [](size_t n, uint64_t seed) {
        return std::make_tuple(random_array<double>(n, seed), random_array<double>(n, seed + 1));
    });
    auto frozen = tj::freeze(body);
    D x(xs0), w(ys0);
    for (int call = 0; call < 2; ++call) {
        std::vector<double> g = values_of(frozen(x, w));
        for (size_t i = 0; i < xs0.size(); ++i)
            CHECK(g[i] == doctest::Approx(std::cos(xs0[i]) * ys0[i] + 5.0));
    }
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 1);
}

TEST_CASE("custom op: errors for a gradient of the wrong size and for missing rules") {
    D x(xs0);
    tj::enable_grad(x);
    {
        D y = tj::custom<BadSize>(x);
        std::string e = error_of([&] { tj::backward(y); });
        CHECK(contains(e, "BadSize"));
        CHECK(contains(e, "set_grad_in<0>()"));
        CHECK(contains(e, "size 3"));
        CHECK(contains(e, "size 5"));
    }
    {
        D y = tj::custom<ForwardOnly>(x);
        std::string e = error_of([&] { tj::backward(y); });
        CHECK(contains(e, "ForwardOnly"));
        CHECK(contains(e, "does not override backward()"));
        tj::forward(x); // the rule it has works
        CHECK(values_of(tj::grad(y)) == std::vector<double>(xs0.size(), 3.0));
    }
    {
        D y = tj::custom<BackwardOnly>(x);
        std::string e = error_of([&] { tj::forward(x); });
        CHECK(contains(e, "BackwardOnly"));
        CHECK(contains(e, "does not override forward()"));
        tj::set_grad(x, 0.0);
        tj::backward(y);
        CHECK(values_of(tj::grad(x)) == std::vector<double>(xs0.size(), 3.0));
    }
    {
        D y = tj::custom<WrongDirection>(x);
        std::string e = error_of([&] { tj::forward(x); });
        CHECK(contains(e, "set_grad_in<0>() is called outside backward()"));
    }
    CHECK(contains(error_of([&] { tj::custom<EarlyGrad>(x); }), "grad_out() is for forward() and backward()"));
    // After the failures, the graph still works.
    tj::set_grad(x, 0.0);
    D z = tj::custom<Mul>(x, x);
    tj::backward(z);
    for (size_t i = 0; i < xs0.size(); ++i)
        CHECK(tj::grad(x).read(i) == doctest::Approx(2 * xs0[i]));
}

TEST_CASE("custom op: graphviz shows the operation — SuspendGrad on an argument makes it a constant there") {
    D a(xs0), b(ys0);
    tj::enable_grad(a, b);
    D y = tj::custom<Mul>(a, b);
    std::string dot = tj::graphviz(y);
    CHECK(contains(dot, "custom: Mul"));
    CHECK(contains(dot, "hexagon"));
    {
        tj::SuspendGrad s(a);
        D z = tj::custom<Mul>(a, b);
        tj::backward(z);
    }
    CHECK(values_of(tj::grad(a)) == std::vector<double>(xs0.size(), 0.0));
    CHECK(values_of(tj::grad(b)) == xs0);
}

TEST_CASE("custom op: inside a symbolic loop body (the loop's derivative uses forward()), against finite differences") {
    // x ← Mul(x, a), three times: x3 = x0·a³.
    check_derivatives<double>("while_loop of custom Mul",
                              [](const std::vector<D> &in) {
                                  D x = in[0], a = in[1];
                                  tj::Int32 i = tj::zeros<tj::Int32>(x.size());
                                  tj::while_loop(
                                      std::tie(x, i, a), [](const D &, const tj::Int32 &i, const D &) { return i < 3; },
                                      [](D &x, tj::Int32 &i, D &a) {
                                          x = tj::custom<Mul>(x, a);
                                          i += 1;
                                      });
                                  return x;
                              },
                              {xs0, ys0});
}
