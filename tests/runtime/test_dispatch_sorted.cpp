// tests/runtime/test_dispatch_sorted.cpp — the CPU's sorted form of wide dispatches (the lanes grouped by instance
// inside the kernel, docs/vcalls.md "The sorted form") against plain C++ virtual calls: 16 to 100 instances, sizes
// around the chunk, null and masked lanes, gathers, scatters, loops and branches in the callee, nested dispatch,
// structured results, consumers of values from before the dispatch, 4 threads, frozen replays, gradients; a dispatch
// inside tj::while_loop keeps the loop form
#include "backend/cpu/cpu_jit.h"
#include "backend/cpu/cpu_sorted_dispatch.h"
#include "dispatch_lanes.h"
#include "jit/var.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace tjtest;
using tj::Float, tj::UInt32, tj::Bool;

namespace {

/// The lanes per chunk of the sorted form in the CPU kernel that computes `roots` (0: the kernel is not sorted).
uint32_t sorted_chunk(std::vector<uint32_t> roots) {
    tj::KernelIR ir = tj::jit::assemble_for_inspection(roots.data(), roots.size());
    auto plan = tj::cpu::plan_sorted(ir, unsigned(tj::cpu::host_target().vector_bits / 32));
    return plan ? plan->chunk : 0;
}

struct BroadOut {
    Float v;
    UInt32 c;
    Bool big; ///< the argument is above 1 (a Bool result: one byte per lane in scratch)
};
TJ_STRUCT(BroadOut, v, c, big)

/// The elements of the scatter target that class 2 counts its lanes in (those below the target's size).
constexpr uint32_t hit_slots = 37;

/// A class family whose objects live for the whole test program (broad_objects(), never destroyed), so that a
/// dispatch over lazy ids traces every object of the domain (with a destroyed one, the ids would be read first).
struct Broad : tj::Object {
    /// Traced; counts into the shared target `hits` (some classes).
    virtual BroadOut eval(const Float &x, const UInt32 &k, UInt32 &hits, const UInt32 &lane) const = 0;
    /// The same for one lane in plain C++.
    virtual std::pair<float, uint32_t> ref(float x, uint32_t k, std::vector<uint32_t> &hits, uint32_t lane) const = 0;
};

/// Class K: one of five bodies (K % 5): arithmetic on a field, a gather from a table field, sin (class 2 also counts
/// its lanes with scatter_add into a target shared with the caller), a symbolic loop, a symbolic branch.
template <int K> struct BroadKind final : Broad {
    Float a, table;
    float ha;
    std::vector<float> htable;
    BroadKind(float a_, std::vector<float> t) : a(tj::opaque<Float>(a_)), table(t), ha(a_), htable(std::move(t)) {}
    BroadOut eval(const Float &x, const UInt32 &k, UInt32 &hits, const UInt32 &lane) const override {
        constexpr float c = 0.25f * K;
        const uint32_t size = uint32_t(htable.size());
        if constexpr (K % 5 == 0) {
            return {x * a + c, k + 1u, x > 1.f};
        } else if constexpr (K % 5 == 1) {
            return {tj::gather<Float>(table, k % size) * x + c, k % size, x > 1.f};
        } else if constexpr (K % 5 == 2) {
            // One instance only: a second instance's scatter into the same target would flush the first one's
            // (tracejit splits the dispatch into kernels there, docs/vcalls.md).
            if constexpr (K == 2)
                tj::scatter_add(hits, UInt32(1u), k % hit_slots);
            return {tj::sin(x) * a + c, UInt32(2u), x > 1.f};
        } else if constexpr (K % 5 == 3) {
            Float t = tj::abs(x) * 10.f;
            UInt32 s = tj::zeros<UInt32>(1), acc = tj::zeros<UInt32>(1);
            Float limit = tj::abs(a) + 0.5f;
            tj::while_loop(
                std::tie(t, s, acc), [&](const Float &t, const UInt32 &, const UInt32 &) { return t > limit; },
                [&](Float &t, UInt32 &s, UInt32 &acc) {
                    t = t * 0.5f;
                    s += 1u;
                    acc += lane; // read inside the loop body: emitted inside the case
                });
            return {t + c, s + acc % 7u, x > 1.f};
        } else {
            Float y = x;
            Float v = tj::if_stmt(
                x > 0.f, std::tie(y), [&](Float &y) { return y * a; }, [&](Float &y) { return y - a; });
            return {v + c, UInt32(0u), x > 1.f};
        }
    }
    std::pair<float, uint32_t> ref(float x, uint32_t k, std::vector<uint32_t> &hits, uint32_t lane) const override {
        constexpr float c = 0.25f * K;
        const uint32_t size = uint32_t(htable.size());
        if constexpr (K % 5 == 0) {
            return {x * ha + c, k + 1};
        } else if constexpr (K % 5 == 1) {
            return {htable[k % size] * x + c, k % size};
        } else if constexpr (K % 5 == 2) {
            if (K == 2 && k % hit_slots < hits.size())
                ++hits[k % hit_slots];
            return {std::sin(x) * ha + c, 2u};
        } else if constexpr (K % 5 == 3) {
            float t = std::fabs(x) * 10.f, limit = std::fabs(ha) + 0.5f;
            uint32_t s = 0;
            for (; t > limit; ++s)
                t *= 0.5f;
            return {t + c, s + (s * lane) % 7u};
        } else {
            return {(x > 0.f ? x * ha : x - ha) + c, 0u};
        }
    }
    TJ_OBJECT_FIELDS(a, table)
};

/// 100 objects of 40 classes (object i of class i % 40, but only object 2 of class 2), created once and never
/// destroyed.
const std::vector<Broad *> &broad_objects() {
    using Maker = Broad *(*)(float, std::vector<float>);
    static const std::vector<Broad *> objects = [] {
        const auto makers = []<int... Ks>(std::integer_sequence<int, Ks...>) {
            return std::vector<Maker>{
                [](float a, std::vector<float> t) -> Broad * { return new BroadKind<Ks>(a, std::move(t)); }...};
        }
        (std::make_integer_sequence<int, 40>{});
        std::vector<Broad *> objs;
        Rng rng(900);
        for (int i = 0; i < 100; ++i)
            objs.push_back(makers[size_t(i % 40 == 2 && i > 40 ? 0 : i % 40)](
                float(rng.uniform(-2, 2)), uniform_values<float>(2 + size_t(i % 7), 901 + uint64_t(i), -1, 1)));
        return objs;
    }();
    return objects;
}

/// 0, 1, ..., n - 1.
std::vector<uint32_t> iota(size_t n) {
    std::vector<uint32_t> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = uint32_t(i);
    return v;
}

/// `n` random lanes over the first `count` wide objects, about one in 9 null.
std::vector<Broad *> broad_lanes(size_t count, size_t n, uint64_t seed) {
    Rng rng(seed);
    std::vector<Broad *> lanes(n);
    for (auto &p : lanes)
        p = rng.next() % 9 == 0 ? nullptr : broad_objects()[rng.next() % count];
    return lanes;
}

/// What a consumer of the dispatch computes: the results, a value computed before the dispatch, the lane index.
struct BroadRun {
    Float out;
    UInt32 count, hits;
};

/// Traces the wide dispatch over `ptrs` (inside tj::if_stmt(x > -0.5) with `masked`) on an argument computed before
/// it; its consumer uses the results, `pre` (computed before the dispatch) and `lane` (the lane indices).
BroadRun run_broad(const tj::Ptr<Broad> &ptrs, const Float &xs, const UInt32 &ks, bool masked, const UInt32 &lane) {
    size_t n = xs.size();
    Float pre = tj::sqrt(tj::abs(xs)) + tj::cast<Float>(ks) * 0.001f;
    Float arg = xs * 0.5f;              // (exact: the callees' comparisons and loop counts match the reference's)
    UInt32 hits = tj::zeros<UInt32>(n); // (the size of the lanes: tj::if_stmt merges it)
    auto call = [&](UInt32 &h) {
        return tj::dispatch(
            ptrs, [&](Broad *self, const Float &x, const UInt32 &k) { return self->eval(x, k, h, lane); }, arg, ks);
    };
    BroadOut r = masked ? tj::if_stmt(xs > -0.5f, std::tie(hits), call,
                                      [](UInt32 &) {
                                          return BroadOut{Float(-7.f), UInt32(7u), Bool(false)};
                                      })
                        : call(hits);
    return {r.v * 2.f + pre, r.c + lane + tj::select(r.big, UInt32(1000u), UInt32(0u)), hits};
}

/// run_broad's results in plain C++ (virtual calls).
struct BroadRef {
    std::vector<float> out;
    std::vector<uint32_t> count, hits;
};
BroadRef broad_reference(const std::vector<Broad *> &lanes, const std::vector<float> &x, const std::vector<uint32_t> &k,
                         bool masked) {
    size_t n = lanes.size();
    BroadRef r{std::vector<float>(n), std::vector<uint32_t>(n), std::vector<uint32_t>(n, 0)};
    for (size_t i = 0; i < n; ++i) {
        float pre = std::sqrt(std::fabs(x[i])) + float(k[i]) * 0.001f;
        std::pair<float, uint32_t> v{0.f, 0u};
        bool big = false;
        if (masked && !(x[i] > -0.5f)) {
            v = {-7.f, 7u};
        } else if (lanes[i]) {
            v = lanes[i]->ref(x[i] * 0.5f, k[i], r.hits, uint32_t(i));
            big = x[i] * 0.5f > 1.f;
        }
        r.out[i] = v.first * 2.f + pre;
        r.count[i] = v.second + uint32_t(i) + (big ? 1000u : 0u);
    }
    // (masked: the lanes where the mask is off add nothing, and the state array the branch scattered into is the
    // array written, not merged element by element with the other branch's: docs/control-flow.md)
    return r;
}

/// Runs the wide dispatch on `lanes` (ids made lazy with `lazy`: a gather, then an addition of an opaque 0, which the
/// dispatch cannot see through, so that it traces every object) and checks it against plain virtual
/// calls, and that its kernel is sorted when it traces 16 instances or more. Returns the kernel's chunk (0: not
/// sorted).
uint32_t check_broad(const std::vector<Broad *> &lanes, uint64_t seed, bool lazy, bool masked,
                     const std::string &what) {
    size_t n = lanes.size();
    std::vector<float> x = uniform_values<float>(n, seed, -3, 3);
    std::vector<uint32_t> k = small_ints<uint32_t>(n, seed + 1, 0, 1000);
    tj::Ptr<Broad> ptrs(lanes);
    if (lazy) // (a gather alone would show which ids it can hold: runtime/dispatch/possible_ids.cpp)
        ptrs = tj::Ptr<Broad>(tj::detail::FromIds{},
                              tj::gather<UInt32>(ptrs.ids(), UInt32(iota(n))) + tj::opaque<UInt32>(0u));
    // the lane indices that a callee's loop body reads: an Index (tj::arange) or a Load (an evaluated array) inside a
    // case, where the sorted form must give each lane its own element
    BroadRun run = run_broad(ptrs, Float(x), UInt32(k), masked, lazy ? tj::arange<UInt32>(n) : UInt32(iota(n)));
    std::set<Broad *> present(lanes.begin(), lanes.end());
    present.erase(nullptr);
    size_t traced = lazy ? broad_objects().size() : present.size();
    uint32_t chunk = sorted_chunk({run.out.index(), run.count.index()});
    CHECK_MESSAGE((chunk != 0) == (traced >= tj::cpu::sorted_min_cases),
                  what << ": " << traced << " instances, chunk " << chunk);
    uint64_t before = tj::kernel_stats().launches;
    tj::eval(run.out, run.count, run.hits);
    CHECK_MESSAGE(tj::kernel_stats().launches - before == 1, what);
    BroadRef ref = broad_reference(lanes, x, k, masked);
    check_close(what + ": value", run.out, ref.out, 1e-5, 1e-4);
    check_exact(what + ": count", run.count, ref.count);
    check_exact(what + ": scatter_add into a shared target", run.hits, ref.hits);
    return chunk;
}

} // namespace

TEST_CASE("dispatch sorted: 16, 32, 64 and 100 instances against plain virtual calls, sizes around the chunk") {
    // The chunk of these kernels (the same for all: the same values cross the phases).
    uint32_t chunk = check_broad(broad_lanes(16, 5000, 1), 2, false, false, "16 instances, 5000 lanes");
    REQUIRE(chunk > 0); // sorted
    for (size_t count : {16, 32, 64, 100}) {
        for (size_t n :
             {size_t(1), size_t(17), size_t(chunk - 1), size_t(chunk), size_t(chunk + 1), size_t(2 * chunk + 17)}) {
            std::string what = std::to_string(count) + " instances, " + std::to_string(n) + " lanes";
            std::vector<Broad *> lanes = broad_lanes(count, n, 10 * count + n);
            uint32_t got = check_broad(lanes, 3 * n + count, false, false, what);
            CHECK((got == 0 || got == chunk));
            // lazy ids: every object of the domain is traced, so the kernel is sorted even for 1 and 17 lanes
            CHECK(check_broad(lanes, 5 * n + count, true, false, what + ", lazy ids") == chunk);
        }
    }
    std::vector<Broad *> million = broad_lanes(64, size_t(1) << 20, 77);
    check_broad(million, 78, false, false, "64 instances, 2^20 lanes");
}

TEST_CASE("dispatch sorted: inside tj::if_stmt, masked lanes give the other branch and run no scatter") {
    uint32_t chunk = check_broad(broad_lanes(100, 3000, 81), 82, false, true, "masked, 3000 lanes");
    REQUIRE(chunk > 0); // sorted
    for (size_t n : {size_t(1), size_t(17), size_t(chunk + 1), size_t(1) << 20})
        check_broad(broad_lanes(100, n, 83 + n), 84 + n, true, true,
                    "masked, lazy ids, " + std::to_string(n) + " lanes");
}

TEST_CASE("dispatch sorted: a nested dispatch inside the cases, a tuple result, a symbolic loop in a callee") {
    // 22 Lookups (each with its own member pointer array over 20 Shapes: the nested dispatch) and 2 Halvers.
    auto shapes = std::vector<std::unique_ptr<Shape>>();
    for (int i = 0; i < 20; ++i)
        shapes.push_back(make_kind(i, 0.1f * float(i), 1.f - 0.05f * float(i)));
    std::vector<std::unique_ptr<Node>> nodes;
    Rng pick(91);
    for (int i = 0; i < 22; ++i) {
        std::vector<Shape *> inner = random_lanes(shapes, size_t(3 + i % 17), pick, 7);
        nodes.push_back(std::make_unique<Lookup>(uniform_values<float>(2 + i, 92 + uint64_t(i), -1, 1), inner));
    }
    nodes.push_back(std::make_unique<Halver>(1.5f));
    nodes.push_back(std::make_unique<Halver>(4.f));
    for (size_t n : {size_t(17), size_t(4099), size_t(100000)}) {
        std::vector<Node *> lanes(n);
        for (auto &p : lanes)
            p = pick.next() % 11 == 0 ? nullptr : nodes[pick.next() % nodes.size()].get();
        std::vector<float> x = uniform_values<float>(n, 93 + n, -2, 2);
        std::vector<uint32_t> k = small_ints<uint32_t>(n, 94 + n, 0, 1000);
        auto [v, c] = tj::dispatch(
            tj::Ptr<Node>(lanes), [](Node *self, const Float &x, const UInt32 &k) { return self->visit(x, k); },
            Float(x), UInt32(k));
        std::set<Node *> present(lanes.begin(), lanes.end());
        present.erase(nullptr);
        CHECK((sorted_chunk({v.index(), c.index()}) != 0) == (present.size() >= tj::cpu::sorted_min_cases));
        std::vector<float> ev(n);
        std::vector<uint32_t> ec(n);
        for (size_t i = 0; i < n; ++i)
            std::tie(ev[i], ec[i]) = node_reference(lanes[i], x[i], k[i]);
        check_close("nested, " + std::to_string(n) + " lanes: value", v, ev, 1e-5, 1e-5);
        check_exact("nested, " + std::to_string(n) + " lanes: count", c, ec);
    }
}

TEST_CASE("dispatch sorted: 4 threads, each with its own objects, against plain virtual calls") {
    check_on_4_threads([](int t) {
        for (int round = 0; round < 3; ++round) {
            Rng rng(1000 + uint64_t(t) * 10 + uint64_t(round));
            auto objs = make_objects(64, 40, rng);
            const size_t n = 30000;
            std::vector<Shape *> lanes = random_lanes(objs, n, rng, 10);
            std::vector<float> x = uniform_values<float>(n, 1100 + uint64_t(t), -3, 3);
            Float r = eval_all(tj::Ptr<Shape>(lanes), Float(x));
            if (!sorted_chunk({r.index()}))
                throw std::runtime_error("the kernel of 40 instances is not sorted");
            throw_if_lanes_differ(tj::to_vector(r), reference(lanes, x));
        }
    });
}

namespace {
std::tuple<Float, UInt32, UInt32> broad_frozen_body(const tj::Ptr<Broad> &ptrs, const Float &x, const UInt32 &k) {
    BroadRun r = run_broad(ptrs, x, k, true, tj::arange<UInt32>(x.size()));
    return {r.out, r.count, r.hits};
}
} // namespace

TEST_CASE("dispatch sorted: frozen record and replays with new inputs equal unfrozen calls") {
    auto frozen = tj::freeze(broad_frozen_body);
    uint64_t seed = 120;
    for (size_t n : {size_t(3000), size_t(5000), size_t(17), size_t(2049)}) {
        std::vector<Broad *> lanes = broad_lanes(100, n, ++seed);
        std::vector<float> x = uniform_values<float>(n, ++seed, -3, 3);
        std::vector<uint32_t> k = small_ints<uint32_t>(n, ++seed, 0, 1000);
        auto [out, count, hits] = frozen(tj::Ptr<Broad>(lanes), Float(x), UInt32(k));
        BroadRef ref = broad_reference(lanes, x, k, true);
        std::string what = "frozen, " + std::to_string(n) + " lanes";
        check_close(what + ": value", out, ref.out, 1e-5, 1e-4);
        check_exact(what + ": count", count, ref.count);
        check_exact(what + ": hits", hits, ref.hits);
        // the unfrozen call on the same inputs
        auto [out2, count2, hits2] = broad_frozen_body(tj::Ptr<Broad>(lanes), Float(x), UInt32(k));
        check_exact(what + ": value as unfrozen", out, host_values(out2));
        check_exact(what + ": count as unfrozen", count, host_values(count2));
    }
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 3);
}

TEST_CASE("dispatch sorted: gradients through many instances take the select form, against finite differences") {
    Rng rng(130);
    auto objs = make_objects(24, 24, rng);
    const size_t n = 3000;
    std::vector<Shape *> lanes = random_lanes(objs, n, rng, 8);
    std::vector<float> x = uniform_values<float>(n, 131, 0.5, 2.5); // away from 0 (sqrt|x|, abs)
    Float xs(x);
    tj::enable_grad(xs);
    Float r = eval_all(tj::Ptr<Shape>(lanes), xs);
    CHECK(sorted_chunk({r.index()}) == 0); // the select form: no dispatch region
    tj::backward(tj::sum(r));
    std::vector<float> g = tj::to_vector(tj::grad(xs));
    for (size_t i = 0; i < n; ++i) {
        double h = 1e-2;
        double fd =
            lanes[i]
                ? (double(lanes[i]->eval_ref(float(x[i] + h))) - double(lanes[i]->eval_ref(float(x[i] - h)))) / (2 * h)
                : 0.0;
        if (std::fabs(g[i] - fd) > 2e-2 * (1 + std::fabs(fd))) {
            FAIL_CHECK("lane " << i << ": gradient " << g[i] << ", finite differences " << fd);
            break;
        }
    }
}

TEST_CASE("dispatch sorted: a dispatch inside tj::while_loop keeps the loop form (not sorted), against virtual calls") {
    Rng rng(140);
    auto objs = make_objects(20, 20, rng, 1);
    const size_t n = 3001;
    std::vector<Shape *> lanes = random_lanes(objs, n, rng, 8);
    std::vector<float> x = uniform_values<float>(n, 141, -1, 1);
    tj::Ptr<Shape> ptrs(lanes);
    Float v(x);
    UInt32 step = tj::zeros<UInt32>(1);
    tj::while_loop(
        std::tie(v, step), [](const Float &, const UInt32 &s) { return s < 2u; },
        [&](Float &v, UInt32 &s) {
            v = tj::dispatch(
                ptrs, [](Shape *self, const Float &y) { return self->eval(y) * 0.25f; }, v);
            s += 1u;
        });
    CHECK(sorted_chunk({v.index()}) == 0);
    std::vector<float> expect(n);
    for (size_t i = 0; i < n; ++i) {
        float y = x[i];
        for (int s = 0; s < 2; ++s)
            y = lanes[i] ? lanes[i]->eval_ref(y) * 0.25f : 0.f;
        expect[i] = y;
    }
    check_close("dispatch inside a loop", v, expect, 1e-4, 1e-4);
}
