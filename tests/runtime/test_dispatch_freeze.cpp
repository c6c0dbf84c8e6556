// tests/runtime/test_dispatch_freeze.cpp — frozen functions that take pointer arrays: record and replay counts, replays
// equal to plain calls, the objects' fields as inputs, a new set of objects records anew, nested dispatch through a
// member pointer array, errors
#include "dispatch_shapes.h"
#include "freeze_check.h"

#include <tracejit/tracejit.h>

#include <memory>
#include <tuple>
#include <vector>

using namespace tjtest;
using tj::Float, tj::UInt32;

namespace {

Float eval_all(const tj::Ptr<Shape> &ptrs, const Float &x) {
    return tj::dispatch(ptrs, [](Shape *self, const Float &x) { return self->eval(x); }, x);
}

std::vector<float> reference(const std::vector<Shape *> &lanes, const std::vector<float> &x) {
    std::vector<float> out(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        out[i] = lanes[i] ? lanes[i]->eval_ref(x[i]) : 0.f;
    return out;
}

std::vector<Shape *> random_lanes(const std::vector<std::unique_ptr<Shape>> &objs, size_t n, uint64_t seed) {
    Rng rng(seed);
    std::vector<Shape *> lanes(n);
    for (auto &p : lanes)
        p = rng.next() % 8 == 0 ? nullptr : objs[rng.next() % objs.size()].get();
    return lanes;
}

} // namespace

TEST_CASE("dispatch frozen: replays match plain calls — fields are inputs — a new set of objects records anew") {
    std::vector<std::unique_ptr<Shape>> objs;
    for (int k = 0; k < 6; ++k)
        objs.push_back(make_kind(k, 0.5f + k, 1.f - k));
    auto frozen = tj::freeze(eval_all);
    uint64_t seed = 10;
    auto call_and_check = [&](size_t n, const char *what) {
        std::vector<Shape *> lanes = random_lanes(objs, n, ++seed);
        std::vector<float> x = uniform_values<float>(n, ++seed, -2, 2);
        check_close(what, frozen(tj::Ptr<Shape>(lanes), Float(x)), reference(lanes, x), 1e-5, 1e-5);
    };
    call_and_check(1000, "recording");
    CHECK(frozen.stats().recordings == 1);
    call_and_check(1000, "replay");
    call_and_check(37, "replay on another size");
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 2);
    // A field changed outside: the replay reads its new value.
    auto *k0 = static_cast<Kind<0> *>(objs[0].get());
    k0->a = tj::opaque<Float>(4.25f);
    k0->ha = 4.25f;
    call_and_check(500, "replay after a field changed");
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 3);
    // Another object: the set of objects is part of the key.
    objs.push_back(make_kind(9, 2.f, 3.f));
    call_and_check(800, "a new object");
    CHECK(frozen.stats().recordings == 2);
    call_and_check(800, "replay with the new object");
    CHECK(frozen.stats().recordings == 2);
    // One destroyed (and no longer in the arrays): records anew again.
    objs.erase(objs.begin() + 2);
    call_and_check(300, "an object destroyed");
    CHECK(frozen.stats().recordings == 3);
    call_and_check(300, "replay after the destruction");
    CHECK(frozen.stats().recordings == 3);
    CHECK(frozen.stats().replays == 5);
}

TEST_CASE("dispatch frozen: nested dispatch through a member pointer array, the member changed between replays") {
    std::vector<std::unique_ptr<Shape>> shapes;
    for (int k = 0; k < 4; ++k)
        shapes.push_back(make_kind(k, 1.f + k, -0.5f * k));
    Lookup la(uniform_values<float>(8, 1, -1, 1), {shapes[0].get(), shapes[2].get()});
    Lookup lb(uniform_values<float>(3, 2, -1, 1), {shapes[1].get(), nullptr, shapes[3].get()});
    Halver h(2.f);
    std::vector<Node *> objs = {&la, &lb, &h, nullptr};
    auto body = [](const tj::Ptr<Node> &p, const Float &x, const UInt32 &k) {
        return tj::dispatch(p, [](Node *s, const Float &x, const UInt32 &k) { return s->visit(x, k); }, x, k);
    };
    auto frozen = tj::freeze(body);
    uint64_t seed = 100;
    auto call_and_check = [&](size_t n, const char *what) {
        Rng rng(++seed);
        std::vector<Node *> lanes(n);
        for (auto &p : lanes)
            p = objs[rng.next() % objs.size()];
        std::vector<float> x = uniform_values<float>(n, ++seed, -2, 2);
        std::vector<uint32_t> k = small_ints<uint32_t>(n, ++seed, 0, 100);
        auto [v, c] = frozen(tj::Ptr<Node>(lanes), Float(x), UInt32(k));
        std::vector<float> ev(n);
        std::vector<uint32_t> ec(n);
        for (size_t i = 0; i < n; ++i)
            std::tie(ev[i], ec[i]) = node_reference(lanes[i], x[i], k[i]);
        check_close(what, v, ev, 1e-5, 1e-5);
        check_exact(what, c, ec);
    };
    call_and_check(2000, "recording");
    call_and_check(2000, "replay");
    // The member pointer array and the table point elsewhere now: replays follow.
    la.hinner = {shapes[3].get(), shapes[1].get()};
    la.inner = tj::Ptr<Shape>(la.hinner);
    la.htable = uniform_values<float>(8, 3, -1, 1);
    la.table = Float(la.htable);
    call_and_check(999, "replay after the members changed");
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 2);
}

TEST_CASE("dispatch frozen: errors name the input path and the reason") {
    struct Bare final : Shape { // declares no fields
        Float a = tj::opaque<Float>(1.f);
        Float eval(const Float &x) const override { return x * a; }
        float eval_ref(float x) const override { return x; }
    };
    {
        auto bare = std::make_unique<Bare>();
        auto frozen = tj::freeze(eval_all);
        tj::Ptr<Shape> p(std::vector<Shape *>{bare.get()});
        check_error([&] { (void)frozen(p, Float(1.f)); }, {"args[0]", "TJ_OBJECT_FIELDS"});
    }
    auto obj = make_kind(1, 1.f, 1.f), other = make_kind(2, 1.f, 1.f);
    tj::Ptr<Shape> held(std::vector<Shape *>{obj.get(), other.get()});
    obj.reset();
    auto frozen = tj::freeze(eval_all);
    std::string msg;
    try {
        (void)frozen(held, Float(1.f));
    } catch (const tj::FreezeError &e) {
        msg = e.what();
    }
    CHECK_MESSAGE(tj_test::contains(msg, "args[0]"), msg);
    CHECK_MESSAGE(tj_test::contains(msg, "destroyed"), msg);
}
