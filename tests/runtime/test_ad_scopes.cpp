// tests/runtime/test_ad_scopes.cpp — what AD tracks and how it traverses: disable_grad, SuspendGrad/ResumeGrad
// (whole and limited, nested), enqueue + traverse (several seeds in one traversal, against central finite
// differences in Float64), their errors, and ADScope boxes in graphviz.
#include "ad_check.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <functional>
#include <thread>

using namespace tjtest;
using tj_test::contains;
using tj_test::error_of;
using D = tj::Float64;

namespace {

std::vector<double> values_of(const D &x) { return tj::to_vector(x); }

const std::vector<double> av = {0.3, -1.2, 2.0, 0.7};
const std::vector<double> bv = {1.1, 0.5, 0.9, 2.5};

/// Central difference of the host function f(a, b) → element i, with respect to a[j] (which = 0) or b[j].
double fd(const std::function<std::vector<double>(std::vector<double>, std::vector<double>)> &f, int which, size_t j,
          size_t i) {
    const double h = 1e-6;
    std::vector<double> a = av, b = bv;
    std::vector<double> &x = which == 0 ? a : b;
    double x0 = x[j];
    x[j] = x0 + h;
    double up = f(a, b)[i];
    x[j] = x0 - h;
    double down = f(a, b)[i];
    return (up - down) / (2 * h);
}

void check_close(const std::string &what, const std::vector<double> &got, const std::vector<double> &expect) {
    REQUIRE(got.size() == expect.size());
    for (size_t i = 0; i < got.size(); ++i)
        CHECK_MESSAGE(std::fabs(got[i] - expect[i]) <= 1e-6 * (1 + std::fabs(expect[i])),
                      what << "[" << i << "]: " << got[i] << " vs " << expect[i]);
}

} // namespace

// ---------------------------------------------------------------------------------------------------------------
// disable_grad, SuspendGrad, ResumeGrad

TEST_CASE("AD scopes: disable_grad detaches in place") {
    D a(av), b(bv);
    tj::enable_grad(a, b);
    D c = a * b;
    tj::disable_grad(a, c);
    CHECK_FALSE(tj::grad_enabled(a));
    CHECK_FALSE(tj::grad_enabled(c));
    CHECK(tj::grad_enabled(b));
    CHECK(values_of(c) == map2(av, bv, [](double x, double y) { return x * y; }));
    D d = a * b;
    tj::backward(d);
    CHECK(values_of(tj::grad(b)) == av);
    CHECK(values_of(tj::grad(a)) == std::vector<double>(av.size(), 0.0));
}

TEST_CASE("AD scopes: SuspendGrad() suspends everything, enable_grad included, until it ends") {
    D a(av), b(bv);
    tj::enable_grad(a);
    D y;
    {
        tj::SuspendGrad s;
        CHECK_FALSE(tj::grad_enabled(a));
        y = a * a + a;
        CHECK_FALSE(tj::grad_enabled(y));
        tj::enable_grad(b);
        CHECK_FALSE(tj::grad_enabled(b));
    }
    CHECK(tj::grad_enabled(a));
    CHECK_FALSE(tj::grad_enabled(b));
    D z = a * a;
    CHECK(tj::grad_enabled(z));
}

TEST_CASE("AD scopes: SuspendGrad(a) makes only a a constant — finite differences agree") {
    D a(av), b(bv);
    tj::enable_grad(a, b);
    D y;
    {
        tj::SuspendGrad s(a);
        CHECK_FALSE(tj::grad_enabled(a));
        CHECK(tj::grad_enabled(b));
        y = tj::sin(a * b) + b * b;
    }
    CHECK(tj::grad_enabled(a)); // only inside
    tj::backward(y);
    auto f = [](std::vector<double> a, std::vector<double> b) {
        return map2(a, b, [](double x, double y) { return std::sin(x * y) + y * y; });
    };
    std::vector<double> db(bv.size());
    for (size_t i = 0; i < bv.size(); ++i)
        db[i] = fd(f, 1, i, i);
    check_close("d/db with a suspended", values_of(tj::grad(b)), db);
    CHECK(values_of(tj::grad(a)) == std::vector<double>(av.size(), 0.0));
}

TEST_CASE("AD scopes: ResumeGrad(a) inside SuspendGrad() resumes a and what is computed from it") {
    D a(av), b(bv);
    tj::enable_grad(a, b);
    D y, z, w;
    {
        tj::SuspendGrad s;
        {
            tj::ResumeGrad r(a);
            CHECK(tj::grad_enabled(a));
            CHECK_FALSE(tj::grad_enabled(b));
            y = a * b; // b is a constant here
            z = y * y; // y was made in the scope: tracked
            CHECK(tj::grad_enabled(z));
        }
        w = z * a; // back in the suspended scope: not recorded
        CHECK_FALSE(tj::grad_enabled(w));
        {
            tj::ResumeGrad all;
            CHECK(tj::grad_enabled(b));
            w = z * b;
        }
    }
    tj::backward(w); // w = (a b)² b: d/da = 2 a b³ (z's edge to b was not recorded, only w's)
    auto f = [](std::vector<double> a, std::vector<double> b) {
        return map2(a, b, [](double x, double y) { return x * y * x * y * y; });
    };
    std::vector<double> da(av.size());
    for (size_t i = 0; i < av.size(); ++i)
        da[i] = fd(f, 0, i, i);
    check_close("d/da", values_of(tj::grad(a)), da);
    check_close("d/db (only the last product)", values_of(tj::grad(b)),
                map2(av, bv, [](double x, double y) { return x * y * x * y; }));
}

TEST_CASE("AD scopes: nested limited suspensions add up and end in order") {
    D a(av), b(bv), c(bv);
    tj::enable_grad(a, b, c);
    {
        tj::SuspendGrad sa(a);
        {
            tj::SuspendGrad sb(b);
            CHECK_FALSE(tj::grad_enabled(a));
            CHECK_FALSE(tj::grad_enabled(b));
            CHECK(tj::grad_enabled(c));
        }
        CHECK(tj::grad_enabled(b));
        CHECK_FALSE(tj::grad_enabled(a));
        {
            tj::ResumeGrad ra(a);
            CHECK(tj::grad_enabled(a));
        }
    }
    CHECK(tj::grad_enabled(a));
}

TEST_CASE("AD scopes: a SuspendGrad scope is per thread") {
    D a(av);
    tj::enable_grad(a);
    tj::SuspendGrad s;
    bool other_tracks = false;
    std::thread t([&] { other_tracks = tj::grad_enabled(a * 2.0); });
    t.join();
    CHECK(other_tracks);
    CHECK_FALSE(tj::grad_enabled(a * 2.0));
}

TEST_CASE("AD scopes: a symbolic loop treats a suspended state array as a constant") {
    // x ← x·a + b, three times: x3 = a³x0 + (a² + a + 1)b.
    D x0(av), a(bv), b(av);
    tj::enable_grad(x0, a, b);
    D x = x0, aa = a, bb = b;
    tj::Int32 i = tj::zeros<tj::Int32>(av.size());
    {
        tj::SuspendGrad s(a, aa);
        tj::while_loop(
            std::tie(x, i, aa, bb), [](const D &, const tj::Int32 &i, const D &, const D &) { return i < 3; },
            [](D &x, tj::Int32 &i, D &a, D &b) {
                x = x * a + b;
                i += 1;
            });
    }
    tj::backward(x);
    CHECK(values_of(tj::grad(a)) == std::vector<double>(bv.size(), 0.0));
    check_close("d/dx0", values_of(tj::grad(x0)), map1(bv, [](double v) { return v * v * v; }));
    check_close("d/db", values_of(tj::grad(b)), map1(bv, [](double v) { return v * v + v + 1; }));
}

// ---------------------------------------------------------------------------------------------------------------
// enqueue + traverse

TEST_CASE("AD queue: Enoki's multi-output example gives the sum of the seeds' contributions in one traversal") {
    // out1 = a·b, out2 = out1·sin(out1) + sqrt(b): out1 is also an interior node of out2.
    auto f = [](std::vector<double> a, std::vector<double> b) {
        std::vector<double> r(a.size());
        for (size_t i = 0; i < a.size(); ++i) {
            double o1 = a[i] * b[i];
            r[i] = 2 * o1 + 3 * (o1 * std::sin(o1) + std::sqrt(b[i]));
        }
        return r;
    };
    D a(av), b(bv);
    tj::enable_grad(a, b);
    D out1 = a * b;
    D v = out1 * tj::sin(out1); // an interior node we hold
    D out2 = v + tj::sqrt(b);
    tj::set_grad(out1, 2.0);
    tj::set_grad(out2, 3.0);
    tj::enqueue(tj::ADMode::Backward, out1, out2);
    tj::traverse(tj::ADMode::Backward, false);
    std::vector<double> da(av.size()), db(bv.size());
    for (size_t i = 0; i < av.size(); ++i) {
        da[i] = fd(f, 0, i, i);
        db[i] = fd(f, 1, i, i);
    }
    check_close("d/da", values_of(tj::grad(a)), da);
    check_close("d/db", values_of(tj::grad(b)), db);
    // out1 holds its seed plus what out2's seed gave it: 2 + 3 (sin o1 + o1 cos o1).
    check_close("grad(out1)", values_of(tj::grad(out1)), map2(av, bv, [](double x, double y) {
                    double o1 = x * y;
                    return 2 + 3 * (std::sin(o1) + o1 * std::cos(o1));
                }));
    CHECK(values_of(tj::grad(out2)) == std::vector<double>(av.size(), 3.0));
    check_close("grad(v)", values_of(tj::grad(v)), std::vector<double>(av.size(), 3.0));

    // Two separate traversals reset the interior node out1 in between: its gradient is then only the last's.
    tj::set_grad(out1, 2.0);
    tj::backward(out1, false);
    tj::set_grad(out2, 3.0);
    tj::backward(out2, false);
    check_close("grad(out1) after two traversals", values_of(tj::grad(out1)), map2(av, bv, [](double x, double y) {
                    double o1 = x * y;
                    return 3 * (std::sin(o1) + o1 * std::cos(o1));
                }));
}

TEST_CASE("AD queue: several seeded inputs, one forward traversal") {
    auto f = [](std::vector<double> a, std::vector<double> b) {
        return map2(a, b, [](double x, double y) { return std::exp(x * 0.5) * y + x / y; });
    };
    std::vector<double> ta = {0.7, -1.3, 0.2, 1.9}, tb = {-0.4, 1.2, 0.8, -1.1};
    D a(av), b(bv);
    tj::enable_grad(a, b);
    D y = tj::exp(a * 0.5) * b + a / b;
    tj::set_grad(a, D(ta));
    tj::set_grad(b, D(tb));
    tj::enqueue(tj::ADMode::Forward, a, b);
    tj::traverse(tj::ADMode::Forward);
    std::vector<double> expect(av.size());
    for (size_t i = 0; i < av.size(); ++i)
        expect[i] = fd(f, 0, i, i) * ta[i] + fd(f, 1, i, i) * tb[i];
    check_close("J·(ta, tb)", values_of(tj::grad(y)), expect);
}

TEST_CASE("AD queue: a queued array without a seed gives nothing of its own — errors") {
    D a(av);
    tj::enable_grad(a);
    D y1 = a * 2.0, y2 = a * 3.0;
    tj::backward(y2, false); // leaves ones on y2 as its gradient: not a seed for the next traversal
    tj::set_grad(a, 0.0);
    tj::set_grad(y1, 1.0);
    tj::enqueue(tj::ADMode::Backward, y1, y2);
    tj::traverse(tj::ADMode::Backward, false);
    CHECK(values_of(tj::grad(a)) == std::vector<double>(av.size(), 2.0));

    D c(av);
    CHECK(contains(error_of([&] { tj::enqueue(tj::ADMode::Backward, y1, c); }),
                   "argument 2 does not have gradients enabled"));
    tj::traverse(tj::ADMode::Backward); // nothing queued: nothing to do
    tj::enqueue(tj::ADMode::Backward, y1);
    CHECK(contains(error_of([&] { tj::enqueue(tj::ADMode::Forward, a); }), "already queued for ADMode::Backward"));
    CHECK(contains(error_of([&] { tj::traverse(tj::ADMode::Forward); }), "were enqueued for ADMode::Backward"));
    CHECK(contains(error_of([&] { tj::traverse(tj::ADMode::Backward); }), "has a gradient to propagate"));
    tj::traverse(tj::ADMode::Backward); // the failed traverse emptied the queue
}

TEST_CASE("AD queue: inside IsolateGrad, several seeds wait at the boundary and go on when it ends") {
    D a(av);
    tj::enable_grad(a);
    D x = a * a;
    {
        tj::IsolateGrad iso;
        D y1 = x * 2.0, y2 = tj::sin(x);
        tj::set_grad(y1, 1.0);
        tj::set_grad(y2, 1.0);
        tj::enqueue(tj::ADMode::Backward, y1, y2);
        tj::traverse(tj::ADMode::Backward);
        CHECK(values_of(tj::grad(a)) == std::vector<double>(av.size(), 0.0)); // waiting at x
    }
    check_close("d/da", values_of(tj::grad(a)), map1(av, [](double v) { return (2 + std::cos(v * v)) * 2 * v; }));
}

// ---------------------------------------------------------------------------------------------------------------
// ADScope

TEST_CASE("AD scopes: ADScope draws nested named boxes in graphviz") {
    D axis(av), angle(bv);
    tj::enable_grad(axis, angle);
    tj::set_label(axis, "axis");
    D rot, loss;
    {
        tj::ADScope s("rotation");
        rot = tj::sin(angle) * axis;
        {
            tj::ADScope inner("norm");
            rot = rot / tj::sqrt(rot * rot + 1.0);
        }
    }
    {
        tj::ADScope s("loss");
        loss = tj::sum(rot * rot);
    }
    {
        tj::ADScope again("rotation"); // the same box again: no new cluster
        loss = loss + tj::sum(angle);
    }
    std::string dot = tj::graphviz(loss);
    CHECK(contains(dot, "label=\"rotation\""));
    CHECK(contains(dot, "label=\"loss\""));
    CHECK(contains(dot, "label=\"norm\""));
    size_t rotation = dot.find("label=\"rotation\""), norm = dot.find("label=\"norm\"");
    size_t loss_box = dot.find("label=\"loss\"");
    CHECK(rotation < norm); // norm is drawn inside rotation
    size_t count = 0;
    for (size_t at = dot.find("label=\"rotation\""); at != std::string::npos;
         at = dot.find("label=\"rotation\"", at + 1))
        ++count;
    CHECK(count == 1);
    // The leaf made outside every box comes before the first cluster.
    CHECK(dot.find("'axis'") < dot.find("subgraph cluster_"));
    CHECK(loss_box != std::string::npos);
    CHECK(contains(error_of([] { tj::ADScope s(""); }), "the name is empty"));
    // Boxes change nothing else.
    tj::backward(loss);
    CHECK(tj::grad(angle).size() == bv.size());
}
