// tests/runtime/test_dispatch.cpp — tj::dispatch against plain C++ virtual calls: 1, 2, 8 and 64 classes on random
// data, null lanes, one kernel per dispatch
#include "dispatch_shapes.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <memory>
#include <vector>

using namespace tjtest;
using tj::Float, tj::UInt32, tj::Bool;

namespace {

/// `count` objects of the first `classes` classes (class i % classes), random fields.
std::vector<std::unique_ptr<Shape>> make_objects(int classes, int count, uint64_t seed) {
    Rng rng(seed);
    std::vector<std::unique_ptr<Shape>> objs;
    for (int i = 0; i < count; ++i)
        objs.push_back(make_kind(i % classes, float(rng.uniform(-2, 2)), float(rng.uniform(-2, 2))));
    return objs;
}

/// `n` random lanes over `objs`, about one in `null_every` null.
std::vector<Shape *> random_lanes(const std::vector<std::unique_ptr<Shape>> &objs, size_t n, uint64_t seed,
                                  int null_every) {
    Rng rng(seed);
    std::vector<Shape *> lanes(n);
    for (auto &p : lanes)
        p = null_every && rng.next() % null_every == 0 ? nullptr : objs[rng.next() % objs.size()].get();
    return lanes;
}

std::vector<float> reference(const std::vector<Shape *> &lanes, const std::vector<float> &x) {
    std::vector<float> out(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        out[i] = lanes[i] ? lanes[i]->eval_ref(x[i]) : 0.f;
    return out;
}

Float eval_all(const tj::Ptr<Shape> &ptrs, const Float &x) {
    return tj::dispatch(ptrs, [](Shape *self, const Float &x) { return self->eval(x); }, x);
}

} // namespace

TEST_CASE("dispatch: matches plain virtual calls for 1, 2, 8 and 64 classes, in one kernel") {
    for (int classes : {1, 2, 8, 64}) {
        auto objs = make_objects(classes, classes + classes / 2 + 1, 100 + classes);
        for (size_t n : {size_t(1), size_t(7), size_t(10007)}) {
            std::vector<Shape *> lanes = random_lanes(objs, n, 200 + n, 10);
            std::vector<float> x = uniform_values<float>(n, 300 + n, -3, 3);
            tj::Ptr<Shape> ptrs(lanes);
            Float xs(x);
            tj::eval(ptrs, xs);
            uint64_t before = tj::kernel_stats().launches;
            Float r = eval_all(ptrs, xs);
            tj::eval(r);
            CHECK_MESSAGE(tj::kernel_stats().launches - before == 1, "classes " << classes << ", n " << n);
            check_close("dispatch, " + std::to_string(classes) + " classes", r, reference(lanes, x), 1e-5, 1e-5);
        }
    }
}

TEST_CASE("dispatch: ptrs->method() not rewritten by the plugin is a tj::Error, never a call") {
    auto obj = make_kind(0, 1.f, 2.f);
    tj::Ptr<Shape> ptrs(obj.get());
    check_error([&] { (void)ptrs->eval(Float(1.f)); }, {"operator->()", "tracejit plugin", "tj::dispatch("});
}
