// tests/runtime/dispatch_lanes.h — random objects and lanes of the dispatch_shapes.h family for the tj::dispatch
// tests: the traced call of every lane, its plain C++ reference, and 4 threads that each check their own dispatches
#pragma once

#include "dispatch_shapes.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tjtest {

/// `count` objects of the first `classes` classes (class i % classes), fields uniform in [-field, field) from `rng`.
inline std::vector<std::unique_ptr<Shape>> make_objects(int classes, int count, Rng &rng, double field = 2) {
    std::vector<std::unique_ptr<Shape>> objs;
    for (int i = 0; i < count; ++i)
        objs.push_back(make_kind(i % classes, float(rng.uniform(-field, field)), float(rng.uniform(-field, field))));
    return objs;
}

/// make_objects with random numbers of their own (from `seed`).
inline std::vector<std::unique_ptr<Shape>> make_objects(int classes, int count, uint64_t seed) {
    Rng rng(seed);
    return make_objects(classes, count, rng);
}

/// `n` random lanes over `objs` from `rng`, about one in `null_every` null (none when it is 0).
inline std::vector<Shape *> random_lanes(const std::vector<std::unique_ptr<Shape>> &objs, size_t n, Rng &rng,
                                         int null_every) {
    std::vector<Shape *> lanes(n);
    for (auto &p : lanes)
        p = null_every && rng.next() % null_every == 0 ? nullptr : objs[rng.next() % objs.size()].get();
    return lanes;
}

/// random_lanes with random numbers of their own (from `seed`).
inline std::vector<Shape *> random_lanes(const std::vector<std::unique_ptr<Shape>> &objs, size_t n, uint64_t seed,
                                         int null_every) {
    Rng rng(seed);
    return random_lanes(objs, n, rng, null_every);
}

/// What plain virtual calls give: eval_ref of each lane's object, 0 for a null lane.
inline std::vector<float> reference(const std::vector<Shape *> &lanes, const std::vector<float> &x) {
    std::vector<float> out(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        out[i] = lanes[i] ? lanes[i]->eval_ref(x[i]) : 0.f;
    return out;
}

/// Shape::eval of every lane through tj::dispatch.
inline tj::Float eval_all(const tj::Ptr<Shape> &ptrs, const tj::Float &x) {
    return tj::dispatch(
        ptrs, [](Shape *self, const tj::Float &x) { return self->eval(x); }, x);
}

/// Throws, naming the first lane, where `got` and `ref` differ by more than 1e-5 plus 1e-5 of |ref| (for the checks
/// made in threads, which report what a thread threw).
inline void throw_if_lanes_differ(const std::vector<float> &got, const std::vector<float> &ref) {
    for (size_t i = 0; i < got.size(); ++i)
        if (std::fabs(got[i] - ref[i]) > 1e-5f + 1e-5f * std::fabs(ref[i]))
            throw std::runtime_error("lane " + std::to_string(i) + " differs");
}

/// Runs `body(t)` on 4 threads at once (t = 0 to 3) and checks, thread by thread, that it threw nothing.
template <typename Body> void check_on_4_threads(Body body) {
    std::vector<std::thread> threads;
    std::vector<std::string> failures(4);
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([t, &failures, &body] {
            try {
                body(t);
            } catch (const std::exception &e) {
                failures[size_t(t)] = e.what();
            }
        });
    for (auto &th : threads)
        th.join();
    for (int t = 0; t < 4; ++t)
        CHECK_MESSAGE(failures[size_t(t)].empty(), "thread " << t << ": " << failures[size_t(t)]);
}

} // namespace tjtest
