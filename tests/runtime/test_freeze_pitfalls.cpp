// tests/runtime/test_freeze_pitfalls.cpp — the freezing pitfalls closed: writes through std::shared_ptr and
// std::reference_wrapper inputs replayed (shared stays shared), reference cycles, re-pointed references refused,
// FreezeOptions::limit (least recently used), clear() and recording_count()
#include "freeze_check.h"

#include <functional>
#include <memory>

using namespace tjtest;

namespace pitfalls {

/// What a frozen body updates in place (FlareJax's mutation example).
struct Particles {
    tj::Float pos, vel;
};
TJ_STRUCT(Particles, pos, vel)

/// A node of a graph of references: may refer to itself.
struct Node {
    tj::Float value;
    std::vector<std::reference_wrapper<Node>> next;
};
TJ_STRUCT(Node, value, next)

/// A node that holds another through a shared_ptr the body could re-point.
struct Holder {
    std::shared_ptr<Particles> inner;
};
TJ_STRUCT(Holder, inner)

} // namespace pitfalls

using pitfalls::Holder;
using pitfalls::Node;
using pitfalls::Particles;

namespace {

/// One step of the mutation example: writes through the pointer, returns the kinetic energy.
tj::Float advance_particles(const std::shared_ptr<Particles> &p, const tj::Float &dt) {
    p->pos = p->pos + p->vel * dt;
    p->vel = p->vel * 0.5f;
    return tj::sum(p->vel * p->vel);
}

std::shared_ptr<Particles> random_particles(size_t n, uint64_t seed) {
    return std::make_shared<Particles>(Particles{random_array<float>(n, seed), random_array<float>(n, seed + 1)});
}

template <typename Fn> std::string freeze_error_of(Fn &&fn) {
    try {
        fn();
    } catch (const tj::FreezeError &e) {
        return e.what();
    }
    FAIL_CHECK("no tj::FreezeError");
    return "";
}

} // namespace

TEST_CASE("freeze pitfalls: writes through a std::shared_ptr input are reproduced on replay") {
    auto frozen = tj::freeze(advance_particles);
    for (size_t call = 0; call < 4; ++call) {
        size_t n = freeze_sizes[1 + call % 3]; // (width 1 would be a key of its own)
        CAPTURE(call);
        CAPTURE(n);
        auto mine = random_particles(n, 10 + call), plain = std::make_shared<Particles>(*mine);
        tj::Float dt(0.25f);
        tj::Float energy = frozen(mine, dt);
        tj::Float expect = advance_particles(plain, dt);
        check_same("energy", energy, expect);
        check_same("pos written", mine->pos, plain->pos);
        check_same("vel written", mine->vel, plain->vel);
    }
    CHECK(stats_of(frozen).recordings == 1);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("freeze pitfalls: the same shared_ptr passed twice stays shared on replay — distinct ones key apart") {
    auto body = [](const std::shared_ptr<Particles> &a, const std::shared_ptr<Particles> &b) {
        a->pos = a->pos * 2.f;
        b->pos = b->pos + 1.f; // the same object when a == b: sees a's write
    };
    auto frozen = tj::freeze(body);
    for (int call = 0; call < 3; ++call) {
        CAPTURE(call);
        auto mine = random_particles(1000, 30 + call), plain = std::make_shared<Particles>(*mine);
        frozen(mine, mine);
        body(plain, plain);
        check_same("pos (a == b)", mine->pos, plain->pos);
    }
    CHECK(stats_of(frozen).recordings == 1);
    auto a = random_particles(1000, 40), b = random_particles(1000, 41);
    auto a0 = std::make_shared<Particles>(*a), b0 = std::make_shared<Particles>(*b);
    frozen(a, b);
    body(a0, b0);
    check_same("a (distinct)", a->pos, a0->pos);
    check_same("b (distinct)", b->pos, b0->pos);
    CHECK(stats_of(frozen).recordings == 2); // aliasing is part of the key
}

TEST_CASE("freeze pitfalls: writes through a std::reference_wrapper are reproduced — a const one is read only") {
    auto body = [](std::reference_wrapper<tj::Float> out, std::reference_wrapper<const tj::Float> in) {
        out.get() = out.get() * in.get() + 1.f;
    };
    auto frozen = tj::freeze(body);
    for (size_t call = 0; call < 4; ++call) {
        CAPTURE(call);
        tj::Float x = random_array<float>(1000, 50 + call), y = random_array<float>(1000, 60 + call);
        tj::Float expect = x * y + 1.f;
        frozen(std::ref(x), std::cref(y));
        check_same("written through the reference", x, expect);
    }
    CHECK(stats_of(frozen).recordings == 1);
}

TEST_CASE("freeze pitfalls: a cycle of std::reference_wrappers is flattened once and its writes replayed") {
    auto body = [](std::reference_wrapper<Node> start) {
        Node &n = start.get();
        for (Node &m : n.next) // n.next holds n itself (and a second node that points back)
            m.value = m.value + 1.f;
        return n.value;
    };
    auto frozen = tj::freeze(body);
    for (int call = 0; call < 3; ++call) {
        CAPTURE(call);
        Node a{random_array<float>(100, 70 + call), {}}, b{random_array<float>(100, 80 + call), {}};
        a.next = {std::ref(a), std::ref(b)};
        b.next = {std::ref(a)};
        tj::Float a0 = a.value, b0 = b.value;
        tj::Float got = frozen(std::ref(a));
        check_same("result", got, a0 + 1.f);
        check_same("a written", a.value, a0 + 1.f);
        check_same("b written", b.value, b0 + 1.f);
    }
    CHECK(stats_of(frozen).recordings == 1);
}

TEST_CASE("freeze pitfalls: a body that re-points an input's shared_ptr is refused with the path") {
    auto frozen = tj::freeze([](const std::shared_ptr<Holder> &h) {
        h->inner = std::make_shared<Particles>(Particles{h->inner->pos * 2.f, h->inner->vel});
    });
    auto h = std::make_shared<Holder>(Holder{random_particles(10, 90)});
    std::string message = freeze_error_of([&] { frozen(h); });
    CHECK_MESSAGE(message.find("args[0]") != std::string::npos, message);
    CHECK_MESSAGE(message.find("point elsewhere") != std::string::npos, message);
}

TEST_CASE("freeze pitfalls: FreezeOptions::limit keeps the most recently used recordings") {
    auto frozen = tj::freeze([](const tj::Float &x, int k) { return x * float(k); }, tj::FreezeOptions{.limit = 2});
    tj::Float x = random_array<float>(100, 1);
    for (int k : {1, 2, 1, 3}) { // 3 evicts 2 (1 was used after it)
        CAPTURE(k);
        check_same("x * k", frozen(x, k), x * float(k));
        CHECK(frozen.recording_count() <= 2);
    }
    CHECK(stats_of(frozen).recordings == 3);
    check_same("x * 1 again", frozen(x, 1), x * 1.f);
    CHECK(stats_of(frozen).recordings == 3); // still held: a replay
    check_same("x * 2 again", frozen(x, 2), x * 2.f);
    CHECK(stats_of(frozen).recordings == 4); // evicted: recorded anew
    CHECK(frozen.recording_count() == 2);
}

TEST_CASE("freeze pitfalls: clear() drops every recording, recording_count() counts them") {
    auto frozen = tj::freeze([](const tj::Float &x, int k) { return x + float(k); });
    tj::Float x = random_array<float>(100, 2);
    CHECK(frozen.recording_count() == 0);
    frozen(x, 1);
    frozen(x, 2);
    frozen(x, 1);
    CHECK(frozen.recording_count() == 2);
    frozen.clear();
    CHECK(frozen.recording_count() == 0);
    check_same("after clear", frozen(x, 1), x + 1.f);
    CHECK(stats_of(frozen).recordings == 3); // statistics stay; the call after clear() records
    CHECK(frozen.recording_count() == 1);
}

TEST_CASE("freeze pitfalls: freezing a lambda with captures warns once that captures are not inputs") {
    tj_test::LogCapture log(tj::LogLevel::Warn);
    float s = 2.f;
    auto count_state_warnings = [&log] {
        std::lock_guard<std::mutex> guard(log.mutex);
        size_t n = 0;
        for (const auto &[level, text] : log.lines)
            n += text.find("holds state") != std::string::npos;
        return n;
    };
    auto captureless = tj::freeze([](const tj::Float &x) { return x * 2.f; });
    CHECK(count_state_warnings() == 0);
    auto capturing = tj::freeze([&s](const tj::Float &x) { return x * s; }, tj::FreezeOptions{.name = "scaled"});
    CHECK(count_state_warnings() == 1);
    tj::Float x = random_array<float>(10, 3);
    capturing(x);
    capturing(x);
    CHECK(count_state_warnings() == 1); // at construction only
    std::lock_guard<std::mutex> guard(log.mutex);
    bool named = false;
    for (const auto &[level, text] : log.lines)
        named |= text.find("scaled") != std::string::npos;
    CHECK(named);
}
