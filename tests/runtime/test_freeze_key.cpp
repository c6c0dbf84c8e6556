// tests/runtime/test_freeze_key.cpp — the layout key of frozen functions: types, container sizes, host values,
// aliasing, shared references flattened once and cycles (docs/design.md §3)
#include "freeze_check.h"
#include "run_self.h"

#include <memory>

using namespace tjtest;

namespace {

enum class Mode { Add, Multiply };

struct Node {
    tj::Float value;
    std::shared_ptr<Node> next;
};
TJ_STRUCT(Node, value, next)

using FloatMap = std::map<std::string, tj::Float>;

/// `nodes` nodes in a ring (the last points back at the first), each holding `value(i)`.
template <typename Value> std::vector<std::shared_ptr<Node>> make_ring(size_t nodes, Value value) {
    std::vector<std::shared_ptr<Node>> all;
    for (size_t i = 0; i < nodes; ++i)
        all.push_back(std::make_shared<Node>(Node{value(i), nullptr}));
    for (size_t i = 0; i < nodes; ++i)
        all[i]->next = all[(i + 1) % nodes];
    return all;
}
/// Breaks a ring's cycle so that its nodes are freed.
void break_ring(std::vector<std::shared_ptr<Node>> &all) {
    for (auto &node : all)
        node->next.reset();
}
/// Sums the values around the ring from `start`, three times round for two nodes.
tj::Float ring_sum(const std::shared_ptr<Node> &start) {
    tj::Float total = start->value;
    const Node *node = start->next.get();
    for (int hops = 1; hops < 6; ++hops, node = node->next.get())
        total = total + node->value * float(hops);
    return total;
}

} // namespace

TEST_CASE("freeze: an argument of another element type records anew") {
    int runs = 0;
    auto body = [&runs](const auto &x) {
        ++runs;
        return x * 3 + 1;
    };
    auto frozen = tj::freeze(body);
    tj::Float f1 = random_array<float>(100, 1), f2 = random_array<float>(200, 2);
    tj::Float64 d1 = random_array<double>(100, 3), d2 = random_array<double>(50, 4);
    tj::Int32 i1 = random_array<int32_t>(100, 5);
    check_same("Float", frozen(f1), body(f1));
    check_same("Float64", frozen(d1), body(d1));
    check_same("Int32", frozen(i1), body(i1));
    CHECK(stats_of(frozen).recordings == 3);
    runs = 0;
    check_same("Float again", frozen(f2), f2 * 3 + 1);
    check_same("Float64 again", frozen(d2), d2 * 3 + 1);
    CHECK(runs == 0);
    CHECK(stats_of(frozen).recordings == 3);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: a container of another size records anew") {
    auto body = [](const std::vector<tj::Float> &xs) {
        tj::Float total = tj::zeros<tj::Float>(xs[0].size());
        for (size_t i = 0; i < xs.size(); ++i)
            total = total + xs[i] * float(i + 1);
        return total;
    };
    auto frozen = tj::freeze(body);
    auto inputs = [](size_t count, size_t n, uint64_t seed) {
        std::vector<tj::Float> xs;
        for (size_t i = 0; i < count; ++i)
            xs.push_back(random_array<float>(n, seed + i));
        return xs;
    };
    auto two = inputs(2, 1000, 1), three = inputs(3, 1000, 10), two_more = inputs(2, 777, 20);
    check_same("2 elements", frozen(two), body(two));
    check_same("3 elements", frozen(three), body(three));
    CHECK(stats_of(frozen).recordings == 2);
    check_same("2 elements again", frozen(two_more), body(two_more));
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 1);

    // std::optional present or absent, std::map with other keys: other layouts too.
    auto opt = tj::freeze([](const std::optional<tj::Float> &x, const tj::Float &y) { return x ? *x * y : y; });
    tj::Float a = random_array<float>(100, 30), b = random_array<float>(100, 31);
    check_same("optional present", opt(std::optional<tj::Float>(a), b), a * b);
    check_same("optional absent", opt(std::optional<tj::Float>(), b), b);
    check_same("optional present again", opt(std::optional<tj::Float>(b), a), b * a);
    CHECK(stats_of(opt).recordings == 2);
    CHECK(stats_of(opt).replays == 1);

    auto map = tj::freeze([](const FloatMap &m) {
        tj::Float total = tj::zeros<tj::Float>(100);
        float weight = 1;
        for (const auto &[key, value] : m)
            total = total + value * (weight *= 2);
        return total;
    });
    check_same("map {x}", map(FloatMap{{"x", a}}), a * 2.f);
    check_same("map {x, y}", map(FloatMap{{"x", a}, {"y", b}}), a * 2.f + b * 4.f);
    check_same("map {y, z}", map(FloatMap{{"y", a}, {"z", b}}), a * 2.f + b * 4.f); // other keys: another layout
    check_same("map {x} again", map(FloatMap{{"x", b}}), b * 2.f);
    CHECK(stats_of(map).recordings == 3);
    CHECK(stats_of(map).replays == 1);
}

TEST_CASE("freeze: host values (int, enum, std::string, double, bool) are part of the key by value") {
    int runs = 0;
    auto body = [&runs](const tj::Float &x, const tj::Float &y, int k, Mode mode, const std::string &label,
                        double scale, bool negate) {
        ++runs;
        tj::Float r = mode == Mode::Add ? x + y * float(k) : x * y * float(k);
        if (label == "shifted")
            r = r + 100.f;
        r = r * float(scale);
        return negate ? -r : r;
    };
    auto frozen = tj::freeze(body);
    tj::Float x = random_array<float>(1000, 1), y = random_array<float>(1000, 2);
    struct Call {
        int k;
        Mode mode;
        std::string label;
        double scale;
        bool negate;
        bool records;
    };
    const Call calls[] = {
        {2, Mode::Add, "plain", 1.0, false, true},        {3, Mode::Add, "plain", 1.0, false, true},
        {2, Mode::Add, "plain", 1.0, false, false},       {2, Mode::Multiply, "plain", 1.0, false, true},
        {2, Mode::Multiply, "shifted", 1.0, false, true}, {2, Mode::Multiply, "shifted", 0.5, false, true},
        {2, Mode::Multiply, "shifted", 0.5, true, true},  {3, Mode::Add, "plain", 1.0, false, false},
        {2, Mode::Multiply, "shifted", 0.5, true, false},
    };
    uint64_t recordings = 0, replays = 0, i = 0;
    for (const Call &c : calls) {
        CAPTURE(i++);
        tj::Float xs = x + float(i), ys = y - float(i); // new arrays every call
        tj::eval(xs, ys);
        tj::Float got = frozen(xs, ys, c.k, c.mode, c.label, c.scale, c.negate);
        check_same("result", got, body(xs, ys, c.k, c.mode, c.label, c.scale, c.negate));
        (c.records ? recordings : replays) += 1;
        CHECK(stats_of(frozen).recordings == recordings);
        CHECK(stats_of(frozen).replays == replays);
    }
}

TEST_CASE("freeze: one array passed twice and two equal arrays are different layouts") {
    int runs = 0;
    auto body = [&runs](const tj::Float &a, const tj::Float &b) {
        ++runs;
        return a * 2.f + b * b;
    };
    auto frozen = tj::freeze(body);
    tj::Float x = random_array<float>(1000, 1);
    tj::Float x_copy = tj::Float(tj::to_vector(x)); // equal values, another array
    check_same("f(x, x)", frozen(x, x), body(x, x));
    check_same("f(x, copy)", frozen(x, x_copy), body(x, x_copy));
    CHECK(stats_of(frozen).recordings == 2);
    // Each layout replays with new arrays: two different ones, then one passed twice.
    tj::Float p = random_array<float>(500, 2), q = random_array<float>(500, 3);
    check_same("f(p, q)", frozen(p, q), p * 2.f + q * q);
    check_same("f(q, q)", frozen(q, q), q * 2.f + q * q);
    check_same("f(p, p)", frozen(p, p), p * 2.f + p * p);
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("freeze: whether inputs have the same size is part of the key, the sizes are not") {
    auto body = [](const tj::Float &x, const tj::Float &y) { return x * 2.f + tj::sum(y); };
    auto frozen = tj::freeze(body);
    uint64_t seed = 1;
    auto call = [&](size_t nx, size_t ny) {
        CAPTURE(nx);
        CAPTURE(ny);
        tj::Float x = random_array<float>(nx, seed++), y = random_array<float>(ny, seed++);
        check_close("x * 2 + sum(y)", frozen(x, y), tj::to_vector(body(x, y)), 1e-6, 1e-4);
    };
    call(100, 100);
    call(100, 50);
    CHECK(stats_of(frozen).recordings == 2);
    call(30, 30);
    call(60, 20);
    call(7, 1000);
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 3);
}

TEST_CASE("freeze: a shared_ptr passed twice is flattened once") {
    auto s = std::make_shared<tj::Float>(random_array<float>(100, 1));
    auto t = std::make_shared<tj::Float>(random_array<float>(100, 2));
    std::vector<std::string> shared_paths = tj::detail::input_paths(s, s);
    CHECK(shared_paths == std::vector<std::string>{"args[0].*"});
    std::vector<std::string> distinct_paths = tj::detail::input_paths(s, t);
    CHECK(distinct_paths == std::vector<std::string>{"args[0].*", "args[1].*"});

    auto body = [](const std::shared_ptr<tj::Float> &a, const std::shared_ptr<tj::Float> &b) { return *a - *b * 3.f; };
    auto frozen = tj::freeze(body);
    check_same("f(s, s)", frozen(s, s), body(s, s));
    check_same("f(s, t)", frozen(s, t), body(s, t));
    CHECK(stats_of(frozen).recordings == 2);
    auto u = std::make_shared<tj::Float>(random_array<float>(300, 3));
    auto v = std::make_shared<tj::Float>(random_array<float>(300, 4));
    check_same("f(u, u)", frozen(u, u), *u - *u * 3.f);
    check_same("f(u, v)", frozen(u, v), *u - *v * 3.f);
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: a cyclic shared_ptr structure is flattened once and does not loop") {
    auto random_values_of = [](size_t n, uint64_t seed) {
        return [=](size_t i) { return random_array<float>(n, seed + i); };
    };
    auto self = make_ring(1, random_values_of(100, 1));
    CHECK(tj::detail::input_paths(self[0]) == std::vector<std::string>{"args[0].*.value"});
    auto pair = make_ring(2, random_values_of(100, 5));
    CHECK(tj::detail::input_paths(pair[0]) == std::vector<std::string>{"args[0].*.value", "args[0].*.next.*.value"});

    auto frozen = tj::freeze(ring_sum);
    check_same("a node pointing at itself", frozen(self[0]), ring_sum(self[0]));
    check_same("two nodes pointing at each other", frozen(pair[0]), ring_sum(pair[0]));
    auto self2 = make_ring(1, random_values_of(1000, 9)), pair2 = make_ring(2, random_values_of(1000, 12));
    check_same("a node pointing at itself, replayed", frozen(self2[0]), ring_sum(self2[0]));
    check_same("two nodes, replayed", frozen(pair2[0]), ring_sum(pair2[0]));
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 2);
    for (auto *r : {&self, &pair, &self2, &pair2})
        break_ring(*r);
}

// Run in a child process by the case below: a stack overflow or an endless loop there must not end or hang the
// whole test run.
TEST_CASE("freeze helper: auto-opaque makes a literal inside a cyclic structure opaque" * doctest::skip()) {
    ::alarm(10); // a loop that never ends kills the child instead of hanging the run
    auto frozen = tj::freeze(ring_sum);
    for (int call = 0; call < 4; ++call) {
        CAPTURE(call);
        auto ring = make_ring(2, [&](size_t i) { return tj::Float(float(call * 10 + int(i))); }); // literals
        check_same("ring of literals", frozen(ring[0]), ring_sum(ring[0]));
        break_ring(ring);
    }
    CHECK(stats_of(frozen).recordings == 2);
    CHECK(stats_of(frozen).replays == 2);
}

TEST_CASE("freeze: auto-opaque of a literal inside a cyclic structure ends") {
    int status = tj_test::run_self("freeze helper: auto-opaque makes a literal inside a cyclic structure opaque", {});
    CHECK_MESSAGE(status == 0,
                  std::string(status < 0 ? "the child did not exit: it crashed (a stack overflow?) or looped "
                                           "until its 10 s alarm"
                                         : "the child had failed checks"));
}
