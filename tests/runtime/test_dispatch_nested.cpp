// tests/runtime/test_dispatch_nested.cpp — tj::dispatch nested in a case on the same base class: through an
// argument, through a member, a callee that throws, a call that recurses (a tj::Error, never a stack overflow),
// gradients, pointer arrays of no lanes; plain and frozen (replays on new inputs against plain calls)
#include "freeze_check.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using namespace tjtest;
using tj::Float, tj::UInt32;

namespace {

struct Base : tj::Object {
    /// The traced method; `other` is a pointer array that some classes call again (a nested dispatch).
    virtual Float f(const Float &x, const tj::Ptr<Base> &other) const = 0;
    /// The same in plain C++ for one lane (`other`: the lane's pointer), and its derivative in x.
    virtual float ref(float x, Base *other) const = 0;
    virtual float dref(float x, Base *other) const = 0;
};

/// Every lane of `p` calls f(x, other): the one dispatch of these tests, outside and nested.
Float call_f(const tj::Ptr<Base> &p, const Float &x, const tj::Ptr<Base> &other) {
    return tj::dispatch(p, [](Base *s, const Float &x, const tj::Ptr<Base> &o) { return s->f(x, o); }, x, other);
}

/// Calls nothing.
struct Leaf final : Base {
    Float w;
    float hw;
    explicit Leaf(float v) : w(tj::opaque<Float>(v)), hw(v) {}
    Float f(const Float &x, const tj::Ptr<Base> &) const override { return x * w + 1.f; }
    float ref(float x, Base *) const override { return x * hw + 1.f; }
    float dref(float, Base *) const override { return hw; }
    TJ_OBJECT_FIELDS(w)
};

/// Calls f again on the pointer array it is given (R5: at run time it holds no ViaArg where one calls it).
struct ViaArg final : Base {
    Float w;
    float hw;
    explicit ViaArg(float v) : w(tj::opaque<Float>(v)), hw(v) {}
    Float f(const Float &x, const tj::Ptr<Base> &other) const override { return w * call_f(other, x * 2.f, other) + x; }
    float ref(float x, Base *other) const override { return hw * (other ? other->ref(2.f * x, other) : 0.f) + x; }
    float dref(float x, Base *other) const override {
        return hw * (other ? 2.f * other->dref(2.f * x, other) : 0.f) + 1.f;
    }
    TJ_OBJECT_FIELDS(w)
};

/// Calls f on an object of its own table (a member pointer array), picked by x.
struct ViaMember final : Base {
    tj::Ptr<Base> inner;
    std::vector<Base *> hinner;
    Float w;
    float hw;
    ViaMember(std::vector<Base *> in, float v) : inner(in), hinner(std::move(in)), w(tj::opaque<Float>(v)), hw(v) {}
    void point_to(std::vector<Base *> in) {
        hinner = in;
        inner = tj::Ptr<Base>(in);
    }
    static UInt32 pick(const Float &x, uint32_t n) { return tj::cast<UInt32>(tj::abs(x) * 10.f) % n; }
    Base *hpick(float x) const { return hinner[uint32_t(std::fabs(x) * 10.f) % uint32_t(hinner.size())]; }
    Float f(const Float &x, const tj::Ptr<Base> &other) const override {
        tj::Ptr<Base> p = tj::gather<tj::Ptr<Base>>(inner, pick(x, uint32_t(hinner.size())));
        return call_f(p, x + w, other) * 0.5f;
    }
    float ref(float x, Base *other) const override {
        Base *p = hpick(x);
        return p ? 0.5f * p->ref(x + hw, other) : 0.f;
    }
    float dref(float x, Base *other) const override { // (the pick is piecewise constant in x)
        Base *p = hpick(x);
        return p ? 0.5f * p->dref(x + hw, other) : 0.f;
    }
    TJ_OBJECT_FIELDS(inner, w)
};

/// Throws tj::Error from its traced method while armed.
struct Thrower final : Base {
    bool armed = true;
    Float f(const Float &x, const tj::Ptr<Base> &) const override {
        if (armed)
            throw tj::Error("Thrower::f: armed");
        return x * 3.f;
    }
    float ref(float x, Base *) const override { return x * 3.f; }
    float dref(float, Base *) const override { return 3.f; }
    TJ_OBJECT_NO_FIELDS
};

/// The objects of the tests: two leaves, two ViaArg, one ViaMember over leaves and a ViaArg.
struct Scene {
    Leaf l1{1.5f}, l2{-0.75f};
    ViaArg a1{0.5f}, a2{-2.f};
    ViaMember m{{&l1, &a1, nullptr, &l2}, 0.25f};
    std::vector<Base *> outer_pool() { return {&l1, &l2, &a1, &a2, &m, nullptr}; }
    std::vector<Base *> other_pool() { return {&l1, &l2, nullptr}; }
    Scene() { tj::Ptr<Base> join(std::vector<Base *>{&l1, &l2, &a1, &a2, &m}); } // (every object has its id)
};

struct Lanes {
    std::vector<Base *> outer, other;
    std::vector<float> x;
};

Lanes random_lanes(const std::vector<Base *> &outer_pool, const std::vector<Base *> &other_pool, size_t n,
                   uint64_t seed) {
    Rng rng(seed);
    Lanes l;
    for (size_t i = 0; i < n; ++i) {
        l.outer.push_back(outer_pool[rng.next() % outer_pool.size()]);
        l.other.push_back(other_pool[rng.next() % other_pool.size()]);
    }
    l.x = uniform_values<float>(n, seed + 1, -2, 2);
    return l;
}

std::vector<float> reference(const Lanes &l) {
    std::vector<float> r(l.x.size());
    for (size_t i = 0; i < r.size(); ++i)
        r[i] = l.outer[i] ? l.outer[i]->ref(l.x[i], l.other[i]) : 0.f;
    return r;
}

Float plain(const tj::Ptr<Base> &outer, const Float &x, const tj::Ptr<Base> &other) { return call_f(outer, x, other); }

/// The frozen function's results equal the plain call's on the same inputs, and the host reference.
void check_frozen_call(tj::Frozen<decltype(&plain)> &frozen, const Lanes &l, const std::string &what) {
    tj::Ptr<Base> outer(l.outer), other(l.other);
    Float x(l.x);
    Float got = frozen(outer, x, other);
    Float expect = plain(outer, x, other);
    check_exact(what + " (frozen against plain)", got, tj::to_vector(expect));
    check_close(what, got, reference(l), 1e-5, 1e-5);
}

} // namespace

TEST_CASE("dispatch nested: a case calls the same base class through an argument and a member") {
    Scene s;
    for (size_t n : {size_t(1), size_t(13), size_t(4099)}) {
        Lanes l = random_lanes(s.outer_pool(), s.other_pool(), n, 10 + n);
        Float r = call_f(tj::Ptr<Base>(l.outer), Float(l.x), tj::Ptr<Base>(l.other));
        check_close("nested, n = " + std::to_string(n), r, reference(l), 1e-5, 1e-5);
    }
    // Lazy pointer arrays (a select, a gather): the nested dispatch still traces only what they can hold.
    Lanes l = random_lanes(s.outer_pool(), s.other_pool(), 777, 21);
    tj::Ptr<Base> outer(l.outer), other(l.other);
    UInt32 rev = UInt32(uint32_t(l.x.size() - 1)) - tj::arange<UInt32>(l.x.size());
    tj::Ptr<Base> other_lazy = tj::gather<tj::Ptr<Base>>(other, rev);
    std::vector<Base *> other_rev(l.other.rbegin(), l.other.rend());
    Float r = call_f(outer, Float(l.x), other_lazy);
    check_close("nested on a lazy pointer array", r, reference({l.outer, other_rev, l.x}), 1e-5, 1e-5);
}

TEST_CASE("dispatch nested: frozen, replays on new inputs match plain calls") {
    FreezingOn on;
    Scene s;
    auto frozen = tj::freeze(&plain);
    check_frozen_call(frozen, random_lanes(s.outer_pool(), s.other_pool(), 1000, 31), "recording");
    for (uint64_t seed : {32, 33, 34})
        check_frozen_call(frozen, random_lanes(s.outer_pool(), s.other_pool(), 200 + 400 * seed % 7, seed), "replay");
    // The member points elsewhere now (a field: an input of the frozen function; its size is a host value of the
    // traced code, so it stays).
    s.m.point_to({&s.l2, nullptr, &s.a2, &s.a2});
    check_frozen_call(frozen, random_lanes(s.outer_pool(), s.other_pool(), 500, 35), "replay after the member changed");
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 4);
}

TEST_CASE("dispatch nested: an inner callee that throws gives its tj::Error, and the runtime stays usable") {
    Scene s;
    Thrower t;
    std::vector<Base *> with_thrower = {&s.l1, &t, nullptr};
    Lanes l = random_lanes({&s.a1, &s.l2, nullptr}, with_thrower, 500, 41);
    tj::Ptr<Base> outer(l.outer), other(l.other);
    Float x(l.x);
    check_error([&] { (void)call_f(outer, x, other); }, {"Thrower::f: armed"});
    CHECK(tj::detail::loop_depth() == 0);
    CHECK(tj::detail::mask_top() == 0);
    // The select form (gradients) unwinds too.
    Float xg(l.x);
    tj::enable_grad(xg);
    check_error([&] { (void)call_f(outer, xg, other); }, {"Thrower::f: armed"});
    CHECK(tj::detail::loop_depth() == 0);
    CHECK(tj::detail::mask_top() == 0);
    // A following dispatch works, nested, with the same objects.
    t.armed = false;
    check_close("after the error", call_f(outer, x, other), reference(l), 1e-5, 1e-5);
    Lanes l2 = random_lanes(s.outer_pool(), s.other_pool(), 300, 42);
    check_close("another nested dispatch", call_f(tj::Ptr<Base>(l2.outer), Float(l2.x), tj::Ptr<Base>(l2.other)),
                reference(l2), 1e-5, 1e-5);
    // Frozen: the recording that threw is dropped; the next call records and replays.
    FreezingOn on;
    auto frozen = tj::freeze(&plain);
    t.armed = true;
    check_error([&] { (void)frozen(outer, x, other); }, {"Thrower::f: armed"});
    CHECK(tj::detail::loop_depth() == 0);
    t.armed = false;
    check_frozen_call(frozen, l, "recording after the error");
    check_frozen_call(frozen, random_lanes({&s.a1, &s.l2, nullptr}, with_thrower, 900, 43), "replay");
    CHECK(frozen.stats().replays == 1);
}

TEST_CASE("dispatch nested: a call that recurses is a tj::Error naming the class and the function, never a crash") {
    Scene s;
    // A ViaArg lane whose `other` holds a ViaArg calls f again on it, which calls f on the same `other` again: the
    // recursion has no end. Lanes that do not recurse (the ViaArg in `other` only where a Leaf calls) are fine.
    std::vector<Base *> outer_pool = {&s.l1, &s.a1, nullptr};
    Lanes safe = random_lanes(outer_pool, s.other_pool(), 600, 51);
    for (size_t i = 0; i < safe.x.size(); i += 3)
        if (safe.outer[i] == &s.l1)
            safe.other[i] = &s.a2;
    Lanes bad = safe;
    bad.outer[5] = &s.a1;
    bad.other[5] = &s.a2;
    const std::vector<const char *> parts = {"tj::dispatch()", "recursed", "ViaArg", "lambda"};
    auto fails = [&](auto &&call) {
        std::string msg;
        try {
            Float r = call();
            tj::eval(r);
        } catch (const tj::Error &e) {
            msg = e.what();
        }
        for (const char *p : parts)
            CHECK_MESSAGE(msg.find(p) != std::string::npos, "message \"" << msg << "\" lacks \"" << std::string(p) << "\"");
    };
    fails([&] { return call_f(tj::Ptr<Base>(bad.outer), Float(bad.x), tj::Ptr<Base>(bad.other)); });
    CHECK(tj::detail::loop_depth() == 0);
    check_close("lanes that do not recurse", call_f(tj::Ptr<Base>(safe.outer), Float(safe.x), tj::Ptr<Base>(safe.other)),
                reference(safe), 1e-5, 1e-5);
    // Through a member: the object's own table holds it.
    ViaMember self_loop({&s.l1}, 0.5f);
    self_loop.point_to({&s.l1, &self_loop});
    std::vector<Base *> outer_loop(64, &self_loop);
    std::vector<float> xs = uniform_values<float>(64, 52, -2, 2);
    const std::vector<const char *> member_parts = {"recursed", "ViaMember", "lambda"};
    std::string msg;
    try {
        tj::eval(call_f(tj::Ptr<Base>(outer_loop), Float(xs), tj::Ptr<Base>(nullptr)));
    } catch (const tj::Error &e) {
        msg = e.what();
    }
    for (const char *p : member_parts)
        CHECK_MESSAGE(msg.find(p) != std::string::npos, "message \"" << msg << "\" lacks \"" << std::string(p) << "\"");
    // Frozen: the recording reads the flag, and so does every replay.
    FreezingOn on;
    auto frozen = tj::freeze(&plain);
    check_frozen_call(frozen, safe, "recording, no recursion");
    fails([&] { return frozen(tj::Ptr<Base>(bad.outer), Float(bad.x), tj::Ptr<Base>(bad.other)); });
    Lanes safe2 = random_lanes(outer_pool, s.other_pool(), 600, 53);
    check_frozen_call(frozen, safe2, "replay after the error");
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 1); // (the replay that failed is not counted)
    auto frozen2 = tj::freeze(&plain);
    fails([&] { return frozen2(tj::Ptr<Base>(bad.outer), Float(bad.x), tj::Ptr<Base>(bad.other)); });
}

TEST_CASE("dispatch nested: gradients through a nested dispatch match the closed form") {
    Scene s;
    Lanes l = random_lanes(s.outer_pool(), s.other_pool(), 2001, 61);
    Float x(l.x);
    tj::enable_grad(x);
    Float y = call_f(tj::Ptr<Base>(l.outer), x, tj::Ptr<Base>(l.other));
    check_close("value", y, reference(l), 1e-5, 1e-5);
    tj::backward(y);
    std::vector<float> dx(l.x.size());
    for (size_t i = 0; i < dx.size(); ++i)
        dx[i] = l.outer[i] ? l.outer[i]->dref(l.x[i], l.other[i]) : 0.f;
    check_close("d/dx", tj::grad(x), dx, 1e-5, 1e-5);
}

namespace {
struct Pair {
    Float value;
    UInt32 count;
};
TJ_STRUCT(Pair, value, count)
} // namespace

TEST_CASE("dispatch: a pointer array of no lanes gives empty results of the result's types, frozen too") {
    Scene s;
    for (const tj::Ptr<Base> &none : {tj::Ptr<Base>(), tj::Ptr<Base>(std::vector<Base *>{})}) {
        CHECK(call_f(none, Float(std::vector<float>{}), tj::Ptr<Base>()).size() == 0);
        Float r = call_f(none, Float(2.f), tj::Ptr<Base>(&s.l1)); // (width-1 arguments broadcast)
        CHECK(r.size() == 0);
        CHECK(tj::to_vector(r).empty());
        auto [a, b] = tj::dispatch(
            none, [](Base *o, const Float &x) { return std::make_tuple(o->f(x, nullptr), UInt32(1u)); }, Float(1.f));
        CHECK(a.size() == 0);
        CHECK(b.size() == 0);
        Pair p = tj::dispatch(none, [](Base *o, const Float &x) { return Pair{o->f(x, nullptr), UInt32(2u)}; },
                              Float(std::vector<float>{}));
        CHECK(p.value.size() == 0);
        CHECK(p.count.size() == 0);
        CHECK((p.value + 1.f).size() == 0);
        tj::dispatch(none, [](Base *, const Float &) {}, Float(1.f)); // (nothing to return)
        check_error([&] { (void)call_f(none, Float({1.f, 2.f, 3.f}), tj::Ptr<Base>()); },
                    {"tj::dispatch()", "size mismatch", "0 lanes", "3"});
    }
    FreezingOn on;
    auto frozen = tj::freeze(&plain);
    auto empty_call = [&] {
        Float r = frozen(tj::Ptr<Base>(std::vector<Base *>{}), Float(std::vector<float>{}), tj::Ptr<Base>());
        CHECK(r.size() == 0);
    };
    empty_call();
    empty_call();
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 1);
    check_frozen_call(frozen, random_lanes(s.outer_pool(), s.other_pool(), 300, 71), "lanes after none");
    CHECK(frozen.stats().recordings == 2); // (the empty arrays are part of the layout key)
    empty_call();
    check_frozen_call(frozen, random_lanes(s.outer_pool(), s.other_pool(), 40, 72), "lanes again");
    CHECK(frozen.stats().recordings == 2);
    CHECK(frozen.stats().replays == 3);
}
