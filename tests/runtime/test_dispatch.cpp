// tests/runtime/test_dispatch.cpp — tj::dispatch against plain C++ virtual calls: 1, 2, 8 and 64 classes on random
// data, null lanes, lazy and literal ids, masks, nested dispatch, structured results, errors, threads
#include "backend/cuda/cuda_ptx.h"
#include "dispatch_lanes.h"
#include "jit/var.h"
#include "ptxas_check.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace tjtest;
using tj::Float, tj::UInt32, tj::Bool;

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

namespace {

/// A class that does not declare its fields: dispatch traces it in the select form (docs/vcalls.md).
struct Undeclared final : Shape {
    Float a;
    float ha;
    explicit Undeclared(float a_) : a(tj::opaque<Float>(a_)), ha(a_) {}
    Float eval(const Float &x) const override { return x * a - 1.f; }
    float eval_ref(float x) const override { return x * ha - 1.f; }
};

/// Lanes of `lanes` as ids for a reference check of the pointer array operations.
std::vector<Shape *> host_select(const std::vector<bool> &m, const std::vector<Shape *> &a,
                                 const std::vector<Shape *> &b) {
    std::vector<Shape *> out(m.size());
    for (size_t i = 0; i < m.size(); ++i)
        out[i] = m[i] ? a[i] : b[i];
    return out;
}

} // namespace

TEST_CASE("dispatch: all lanes null, nullptr literals and an empty domain give zeros") {
    auto objs = make_objects(3, 3, 1);
    std::vector<Shape *> nulls(100, nullptr);
    Float r = eval_all(tj::Ptr<Shape>(nulls), Float(uniform_values<float>(100, 2, -1, 1)));
    check_exact("all null", r, std::vector<float>(100, 0.f));
    Float r1 = eval_all(tj::Ptr<Shape>(nullptr), Float(uniform_values<float>(5, 3, -1, 1)));
    check_exact("a null literal", r1, std::vector<float>(5, 0.f));
    Float one = eval_all(tj::Ptr<Shape>(objs[1].get()), Float({1.f, 2.f}));
    check_close("a pointer literal", one, std::vector<float>{objs[1]->eval_ref(1.f), objs[1]->eval_ref(2.f)}, 1e-6);
}

TEST_CASE("dispatch: the select form (a class without declared fields) matches plain virtual calls") {
    auto objs = make_objects(5, 5, 7);
    objs.push_back(std::make_unique<Undeclared>(1.5f));
    std::vector<Shape *> lanes = random_lanes(objs, 5000, 8, 7);
    std::vector<float> x = uniform_values<float>(5000, 9, -3, 3);
    check_close("select form", eval_all(tj::Ptr<Shape>(lanes), Float(x)), reference(lanes, x), 1e-5, 1e-5);
}

TEST_CASE("dispatch: lazy ids (gather, select, scatter of pointer arrays) and comparisons") {
    auto objs = make_objects(8, 12, 11);
    std::vector<Shape *> table = random_lanes(objs, 64, 12, 5);
    tj::Ptr<Shape> tptr(table);
    std::vector<uint32_t> idx = small_ints<uint32_t>(3000, 13, 0, 63);
    std::vector<float> x = uniform_values<float>(3000, 14, -2, 2);
    tj::Ptr<Shape> g = tj::gather<tj::Ptr<Shape>>(tptr, UInt32(idx));
    std::vector<Shape *> lanes(idx.size());
    for (size_t i = 0; i < idx.size(); ++i)
        lanes[i] = table[idx[i]];
    // select with a lazy mask, against nullptr
    Float xs(x);
    Bool m = xs > 0.f;
    tj::Ptr<Shape> sel = tj::select(m, g, nullptr);
    std::vector<bool> hm(x.size());
    for (size_t i = 0; i < x.size(); ++i)
        hm[i] = x[i] > 0.f;
    std::vector<Shape *> sel_ref = host_select(hm, lanes, std::vector<Shape *>(x.size(), nullptr));
    check_close("dispatch over gathered pointers", eval_all(g, xs), reference(lanes, x), 1e-5, 1e-5);
    check_close("dispatch over selected pointers", eval_all(sel, xs), reference(sel_ref, x), 1e-5, 1e-5);
    CHECK(tj::to_vector(sel) == sel_ref);
    CHECK(tj::to_vector(g) == lanes);
    // == and != against arrays, a pointer and nullptr
    std::vector<bool> is0(lanes.size()), null(lanes.size());
    for (size_t i = 0; i < lanes.size(); ++i) {
        is0[i] = lanes[i] == objs[0].get();
        null[i] = lanes[i] == nullptr;
    }
    check_exact("== pointer", g == objs[0].get(), is0);
    check_exact("== nullptr", g == nullptr, null);
    check_exact("!= itself", g != g, std::vector<bool>(lanes.size(), false));
    // scatter into a pointer array
    tj::Ptr<Shape> target(std::vector<Shape *>(10, nullptr));
    tj::scatter(target, tj::Ptr<Shape>(objs[3].get()), UInt32({2u, 5u}));
    std::vector<Shape *> expect(10, nullptr);
    expect[2] = expect[5] = objs[3].get();
    CHECK(tj::to_vector(target) == expect);
    CHECK(target.read(5) == objs[3].get());
}

TEST_CASE("dispatch: inside a symbolic branch, masked lanes give zeros and run no scatter") {
    auto objs = make_objects(4, 6, 21);
    const size_t n = 4000;
    std::vector<Shape *> lanes = random_lanes(objs, n, 22, 6);
    std::vector<float> x = uniform_values<float>(n, 23, -3, 3);
    tj::Ptr<Shape> ptrs(lanes);
    Float xs(x);
    UInt32 hits = tj::zeros<UInt32>(n);
    UInt32 lane = tj::arange<UInt32>(n);
    Float r = tj::if_stmt(
        xs > 0.5f, std::tie(hits),
        [&](UInt32 &h) {
            return tj::dispatch(
                ptrs,
                [&](Shape *self, const Float &x) {
                    tj::scatter_add(h, UInt32(1u), lane); // masked to this instance's lanes and to the branch
                    return self->eval(x);
                },
                xs);
        },
        [&](UInt32 &) { return Float(-7.f); });
    std::vector<float> expect(n);
    std::vector<uint32_t> expect_hits(n);
    for (size_t i = 0; i < n; ++i) {
        expect[i] = x[i] > 0.5f ? (lanes[i] ? lanes[i]->eval_ref(x[i]) : 0.f) : -7.f;
        expect_hits[i] = x[i] > 0.5f && lanes[i] ? 1u : 0u;
    }
    check_close("dispatch in a branch", r, expect, 1e-5, 1e-5);
    check_exact("scatters in the dispatched code", hits, expect_hits);
}

namespace {

struct Particle {
    Float pos, vel;
};
TJ_STRUCT(Particle, pos, vel)

} // namespace

TEST_CASE("dispatch: nested dispatch through a member pointer array, gathers, loops and a tuple result") {
    auto shapes = make_objects(8, 8, 31);
    std::vector<Shape *> inner_a = {shapes[0].get(), shapes[3].get(), nullptr, shapes[5].get()};
    std::vector<Shape *> inner_b = {shapes[7].get(), shapes[1].get()};
    Lookup la(uniform_values<float>(16, 32, -1, 1), inner_a), lb(uniform_values<float>(5, 33, -1, 1), inner_b);
    Halver h(3.f);
    std::vector<Node *> objs = {&la, &lb, &h, nullptr};
    const size_t n = 3001;
    Rng rng(34);
    std::vector<Node *> lanes(n);
    for (auto &p : lanes)
        p = objs[rng.next() % objs.size()];
    std::vector<float> x = uniform_values<float>(n, 35, -2, 2);
    std::vector<uint32_t> k = small_ints<uint32_t>(n, 36, 0, 1000);
    auto [v, s] = tj::dispatch(
        tj::Ptr<Node>(lanes), [](Node *self, const Float &x, const UInt32 &k) { return self->visit(x, k); }, Float(x),
        UInt32(k));
    std::vector<float> ev(n);
    std::vector<uint32_t> es(n);
    for (size_t i = 0; i < n; ++i)
        std::tie(ev[i], es[i]) = node_reference(lanes[i], x[i], k[i]);
    check_close("nested value", v, ev, 1e-5, 1e-5);
    check_exact("second result", s, es);
}

TEST_CASE("dispatch: many instances in a branch, nested, with scatters") {
    // 20 Shape instances and 18 Lookups + 2 Halvers: the outer and the inner dispatch both have many instances,
    // most groups of lanes hold several of them.
    auto shapes = make_objects(20, 20, 61);
    std::vector<std::unique_ptr<Node>> nodes;
    Rng pick(62);
    for (int i = 0; i < 18; ++i) {
        std::vector<Shape *> inner = random_lanes(shapes, size_t(1 + i % 5), pick, 7);
        nodes.push_back(std::make_unique<Lookup>(uniform_values<float>(3 + i, 63 + i, -1, 1), inner));
    }
    nodes.push_back(std::make_unique<Halver>(1.5f));
    nodes.push_back(std::make_unique<Halver>(4.f));
    const size_t n = 5003;
    std::vector<Node *> lanes(n);
    for (auto &p : lanes)
        p = pick.next() % 9 == 0 ? nullptr : nodes[pick.next() % nodes.size()].get();
    std::vector<float> x = uniform_values<float>(n, 64, -2, 2);
    std::vector<uint32_t> k = small_ints<uint32_t>(n, 65, 0, 1000);
    tj::Ptr<Node> ptrs(lanes);
    Float xs(x);
    UInt32 ks(k), hits = tj::zeros<UInt32>(n), lane = tj::arange<UInt32>(n);
    auto [v, c] = tj::if_stmt(
        xs > -1.f, std::tie(hits),
        [&](UInt32 &h) {
            return tj::dispatch(
                ptrs,
                [&](Node *self, const Float &x, const UInt32 &k) {
                    tj::scatter_add(h, UInt32(1u), lane); // masked to this instance's lanes and to the branch
                    return self->visit(x, k);
                },
                xs, ks);
        },
        [&](UInt32 &) { return std::make_pair(Float(-7.f), UInt32(7u)); });
    std::vector<float> ev(n);
    std::vector<uint32_t> ec(n), eh(n);
    for (size_t i = 0; i < n; ++i) {
        bool in = x[i] > -1.f;
        std::tie(ev[i], ec[i]) = in ? node_reference(lanes[i], x[i], k[i]) : std::make_pair(-7.f, 7u);
        eh[i] = in && lanes[i] ? 1u : 0u;
    }
    check_close("many instances: value", v, ev, 1e-5, 1e-5);
    check_exact("many instances: second result", c, ec);
    check_exact("many instances: scatters in the dispatched code", hits, eh);
}

TEST_CASE("dispatch: a TJ_STRUCT result, and a function that returns nothing") {
    auto objs = make_objects(3, 3, 41);
    const size_t n = 777;
    std::vector<Shape *> lanes = random_lanes(objs, n, 42, 4);
    std::vector<float> x = uniform_values<float>(n, 43, -1, 1);
    tj::Ptr<Shape> ptrs(lanes);
    Particle p = tj::dispatch(
        ptrs, [](Shape *s, const Float &x) { return Particle{s->eval(x), x * 2.f}; }, Float(x));
    Float out = tj::zeros<Float>(n);
    tj::dispatch(
        ptrs, [&](Shape *s, const Float &x) { tj::scatter(out, s->eval(x) + 1.f, tj::arange<UInt32>(n)); }, Float(x));
    std::vector<float> pos = reference(lanes, x), vel(n), written(n);
    for (size_t i = 0; i < n; ++i) {
        vel[i] = lanes[i] ? x[i] * 2.f : 0.f;
        written[i] = lanes[i] ? pos[i] + 1.f : 0.f;
    }
    check_close("struct pos", p.pos, pos, 1e-5, 1e-5);
    check_exact("struct vel", p.vel, vel);
    check_close("scatter from a void function", out, written, 1e-5, 1e-5);
}

TEST_CASE("dispatch: scatters in a while_loop inside a case, and in a case inside a while_loop body") {
    // Both nest one symbolic loop in another (a case of the loop form is a loop): the inner one's scatters run once
    // per iteration of the outer one, for its lanes only. Each instance scatters into an array of its own.
    auto objs = make_objects(3, 3, 61);
    const size_t n = 900, width = 5;
    std::vector<Shape *> lanes = random_lanes(objs, n, 62, 5);
    std::vector<uint32_t> reps = small_ints<uint32_t>(n, 63, 0, 6);
    auto slot = [&](Shape *s) {
        for (uint32_t k = 0; k < objs.size(); ++k)
            if (objs[k].get() == s)
                return k;
        return uint32_t(objs.size());
    };
    std::vector<std::vector<uint32_t>> ref(objs.size(), std::vector<uint32_t>(width, 0));
    for (size_t l = 0; l < n; ++l)
        if (lanes[l])
            ref[slot(lanes[l])][l % width] += reps[l] * (slot(lanes[l]) + 1);
    tj::Ptr<Shape> ptrs(lanes);
    UInt32 r(reps), at = tj::arange<UInt32>(n) % uint32_t(width);
    std::vector<UInt32> hits;
    for (size_t k = 0; k < objs.size(); ++k)
        hits.push_back(tj::zeros<UInt32>(width));
    SUBCASE("a while_loop with a scatter_add inside a case") {
        tj::dispatch(
            ptrs,
            [&](Shape *self, const UInt32 &r, const UInt32 &at) {
                uint32_t k0 = slot(self);
                UInt32 k(0u);
                tj::while_loop(
                    std::tie(k), [&](const UInt32 &k) { return k < r; },
                    [&](UInt32 &k) {
                        tj::scatter_add(hits[k0], UInt32(k0 + 1u), at);
                        k += 1u;
                    });
            },
            r, at);
    }
    SUBCASE("a dispatch with a scatter_add inside a while_loop body") {
        UInt32 i = tj::zeros<UInt32>(n);
        tj::while_loop(
            std::tie(i), [&](const UInt32 &i) { return i < r; },
            [&](UInt32 &i) {
                tj::dispatch(
                    ptrs,
                    [&](Shape *self, const UInt32 &at) {
                        tj::scatter_add(hits[slot(self)], UInt32(slot(self) + 1u), at);
                    },
                    at);
                i += 1u;
            });
        check_exact("iterations", i, reps);
    }
    for (size_t k = 0; k < objs.size(); ++k)
        check_exact("hits of instance " + std::to_string(k), hits[k], ref[k]);
    CHECK(tj::detail::loop_depth() == 0);
}

TEST_CASE("dispatch: a pointer array with 0 elements calls nothing and gives results with 0 elements") {
    auto objs = make_objects(2, 2, 71);
    tj::Ptr<Shape> three(std::vector<Shape *>{objs[0].get(), objs[1].get(), nullptr});
    int calls = 0;
    auto f = [&](Shape *self, const Float &x) {
        ++calls;
        return self->eval(x);
    };
    tj::Ptr<Shape> evaluated(std::vector<Shape *>{});
    tj::Ptr<Shape> lazy = tj::gather<tj::Ptr<Shape>>(three, UInt32(std::vector<uint32_t>{}));
    for (const tj::Ptr<Shape> *p : {&evaluated, &lazy}) {
        CHECK(tj::dispatch(*p, f, Float(1.f)).size() == 0);
        CHECK(tj::dispatch(*p, f, Float(std::vector<float>{})).size() == 0);
        Float out = tj::zeros<Float>(2);
        tj::dispatch(*p, [&](Shape *, const Float &x) { tj::scatter(out, x, UInt32(0u)); }, Float(5.f));
        CHECK(tj::to_vector(out) == std::vector<float>{0, 0});
    }
    CHECK(calls == 0);
    // Arguments whose size differs from the lanes' name the dispatch (the cases are loops over the arguments).
    check_error([&] { (void)tj::dispatch(three, f, Float(std::vector<float>{})); },
                {"tj::dispatch()", "argument array 1", "0 elements"});
    check_error([&] { (void)tj::dispatch(three, f, Float({1.f, 2.f})); }, {"tj::dispatch()", "argument array 1"});
    CHECK(tj::detail::loop_depth() == 0);
    CHECK(tj::detail::mask_top() == 0);
}

TEST_CASE("dispatch: errors name the call and the reason") {
    auto obj = make_kind(2, 1.f, 1.f);
    Shape *dead = obj.get();
    tj::Ptr<Shape> held(std::vector<Shape *>{dead, nullptr});
    tj::Ptr<Shape> lazy = tj::select(Bool({true, false}), held, nullptr);
    obj.reset();
    check_error([&] { tj::Ptr<Shape> p(dead); }, {"tj::Ptr()", "live tj::Object"});
    check_error([&] { (void)held.read(0); }, {"tj::Ptr::read()", "destroyed"});
    check_error([&] { (void)eval_all(held, Float(1.f)); }, {"tj::dispatch()", "destroyed"});
    check_error([&] { (void)eval_all(lazy, Float(1.f)); }, {"tj::dispatch()", "destroyed"});
    CHECK(eval_all(tj::Ptr<Shape>(), Float(1.f)).size() == 0); // (no lanes: an empty result, as in Dr.Jit)
    auto a = make_kind(0, 1.f, 1.f), b = make_kind(1, 1.f, 1.f);
    tj::Ptr<Shape> two(std::vector<Shape *>{a.get(), b.get()});
    check_error(
        [&] {
            (void)tj::dispatch(two, [&](Shape *s, const Float &x) {
                return std::vector<Float>(s == a.get() ? 1 : 2, x); // a layout that differs per instance
            }, Float(1.f));
        },
        {"tj::dispatch()", "differ"});
    CHECK(tj::detail::loop_depth() == 0);
    CHECK(tj::detail::mask_top() == 0);
}

TEST_CASE("dispatch: in a loop body (nested, a while_loop) a lane holding a destroyed object's id fails when it runs") {
    // There the lazy ids cannot be read while tracing: the kernel checks them, and the evaluation that runs it throws
    // the tj::Error naming the id (docs/vcalls.md). Lanes that do not reach the dispatch are not checked.
    auto shapes = make_objects(3, 3, 81);
    auto doomed = make_kind(1, 2.f, 3.f);
    Shape *gone = doomed.get();
    std::vector<Shape *> inner = {shapes[0].get(), gone, shapes[2].get()};
    Lookup la(uniform_values<float>(4, 82, -1, 1), inner);
    std::vector<Node *> outer_lanes = {&la, &la, nullptr, &la};
    tj::Ptr<Node> outer(outer_lanes);
    tj::Ptr<Shape> table(std::vector<Shape *>{shapes[1].get(), gone});
    const std::string gone_id = std::to_string(tj::Ptr<Shape>(gone).ids().read(0));
    doomed.reset();
    std::vector<float> x = {0.5f, -1.f, 2.f, 1.5f};
    auto nested = [&](const std::vector<uint32_t> &k) {
        auto [v, c] = tj::dispatch(
            outer, [](Node *self, const Float &x, const UInt32 &k) { return self->visit(x, k); }, Float(x), UInt32(k));
        tj::eval(v, c);
        return v;
    };
    // Inner lanes 0 and 2 only (3 % 3 == 0): correct results. The null outer lane's k picks the destroyed object, but
    // it runs no instance.
    std::vector<uint32_t> fine = {0, 2, 1, 3};
    Float v = nested(fine);
    std::vector<float> expect(4);
    for (size_t i = 0; i < 4; ++i)
        expect[i] = outer_lanes[i] ? node_reference(outer_lanes[i], x[i], fine[i]).first : 0.f;
    check_close("nested, live lanes", v, expect, 1e-5, 1e-5);
    check_error([&] { (void)nested({0, 1, 2, 0}); }, {"tj::dispatch()", "destroyed", gone_id.c_str()});
    { // the kernel with its check, for CUDA: the PTX passes ptxas
        tj_test::note_missing_ptxas();
        auto [v2, c2] = tj::dispatch(
            outer, [](Node *self, const Float &x, const UInt32 &k) { return self->visit(x, k); }, Float(x),
            UInt32({0u, 1u, 2u, 0u}));
        tj::KernelIR ir = tj::jit::assemble_for_inspection(std::vector<uint32_t>{v2.index(), c2.index()}.data(), 2);
        std::string ptx;
        REQUIRE_NOTHROW(ptx = tj::cuda::compile_ptx(ir, tj_test::ptx_arch));
        tj_test::check_ptxas_accepts(ptx);
        check_error([&] { tj::eval(v2, c2); }, {"tj::dispatch()", "destroyed", gone_id.c_str()});
    }
    // A while_loop whose lanes walk the table for 1 or 2 steps: the second entry is the destroyed object.
    auto walk = [&](std::vector<uint32_t> steps) {
        UInt32 i = tj::zeros<UInt32>(4), limit(steps);
        Float acc = tj::zeros<Float>(4), xs(x);
        tj::while_loop(
            std::tie(i, acc), [&](const UInt32 &i, const Float &) { return i < limit; },
            [&](UInt32 &i, Float &acc) {
                tj::Ptr<Shape> p = tj::gather<tj::Ptr<Shape>>(table, i);
                acc = acc + tj::dispatch(p, [](Shape *s, const Float &y) { return s->eval(y); }, xs);
                i = i + 1u;
            });
        tj::eval(acc);
        return acc;
    };
    std::vector<float> once(4);
    for (size_t i = 0; i < 4; ++i)
        once[i] = shapes[1]->eval_ref(x[i]);
    check_close("while_loop, live lanes", walk({1, 1, 1, 1}), once, 1e-5, 1e-5);
    check_error([&] { (void)walk({1, 2, 1, 1}); }, {"tj::dispatch()", "destroyed", gone_id.c_str()});
    // Nothing is left pending: a later evaluation runs without the error.
    check_close("afterwards", walk({1, 1, 1, 1}), once, 1e-5, 1e-5);
    CHECK(tj::detail::loop_depth() == 0);
}

TEST_CASE("dispatch: 4 threads, each with its own objects, against plain virtual calls") {
    check_on_4_threads([](int t) {
        for (int round = 0; round < 5; ++round) {
            auto objs = make_objects(8, 10, uint64_t(500 + t * 10 + round));
            std::vector<Shape *> lanes = random_lanes(objs, 20000, uint64_t(600 + t), 9);
            std::vector<float> x = uniform_values<float>(20000, uint64_t(700 + t), -3, 3);
            std::vector<float> got = tj::to_vector(eval_all(tj::Ptr<Shape>(lanes), Float(x)));
            throw_if_lanes_differ(got, reference(lanes, x));
        }
    });
}

TEST_CASE("dispatch: the tape shows a pointer array as its type, each id as its object's class") {
    auto objs = make_objects(2, 2, 71);
    tj::Ptr<Shape> p(std::vector<Shape *>{objs[0].get(), nullptr, objs[1].get(), objs[0].get()});
    tj::eval(p);
    std::vector<uint32_t> ids = tj::to_vector(p.ids());
    std::string k0 = "tjtest::Kind<0>#" + std::to_string(ids[0]), k1 = "tjtest::Kind<1>#" + std::to_string(ids[2]);
    auto c = tj::tape::detail::capture(p);
    CHECK(std::string(c.type) == "tj::Array<tjtest::Shape *>");
    CHECK_MESSAGE(c.text.rfind("tj::Array<tjtest::Shape *>[4] evaluated r", 0) == 0, c.text);
    CHECK_MESSAGE(tj_test::contains(c.text, "[" + k0 + ", nullptr, " + k1 + ", " + k0 + "]"), c.text);
    auto one = tj::tape::detail::capture(tj::Ptr<Shape>(objs[1].get()));
    CHECK_MESSAGE(tj_test::contains(one.text, "literal r"), one.text);
    CHECK_MESSAGE(tj_test::contains(one.text, "= " + k1), one.text);
    auto lazy = tj::tape::detail::capture(tj::gather<tj::Ptr<Shape>>(p, tj::arange<UInt32>(2)));
    CHECK_MESSAGE(lazy.text.rfind("tj::Array<tjtest::Shape *>[2] lazy", 0) == 0, lazy.text);
    objs[0].reset();
    auto gone = tj::tape::detail::capture(p);
    CHECK_MESSAGE(tj_test::contains(gone.text, "[destroyed#" + std::to_string(ids[0]) + ", nullptr, " + k1), gone.text);
}

namespace {

/// The loops of a kernel: its LoopStart instructions.
size_t loop_count(const tj::KernelIR &ir) {
    size_t loops = 0;
    for (const tj::Instr &ins : ir.instrs)
        loops += ins.kind == tj::InstrKind::LoopStart;
    return loops;
}

/// Compiles `ir` to PTX, which ptxas (where it exists) must assemble.
void check_ptx_of(const tj::KernelIR &ir) {
    std::string ptx;
    REQUIRE_NOTHROW(ptx = tj::cuda::compile_ptx(ir, tj_test::ptx_arch));
    tj_test::check_ptxas_accepts(ptx);
}

} // namespace

TEST_CASE("dispatch: the kernel holds one loop per instance, and its PTX passes ptxas") {
    tj_test::note_missing_ptxas();
    auto objs = make_objects(8, 8, 51);
    std::vector<Shape *> lanes = random_lanes(objs, 4096, 52, 8);
    tj::Ptr<Shape> ptrs(lanes);
    Float x(uniform_values<float>(4096, 53, -1, 1));
    tj::eval(ptrs, x);
    Float r = eval_all(ptrs, x);
    tj::KernelIR ir = tj::jit::assemble_for_inspection(std::vector<uint32_t>{r.index()}.data(), 1);
    CHECK(loop_count(ir) == 8); // one per instance present
    check_ptx_of(ir);
    // 64 classes, 96 instances.
    auto many = make_objects(64, 96, 57);
    std::vector<Shape *> many_lanes = random_lanes(many, 4096, 58, 8);
    tj::Ptr<Shape> many_ptrs(many_lanes);
    tj::eval(many_ptrs);
    Float big = eval_all(many_ptrs, x);
    tj::KernelIR big_ir = tj::jit::assemble_for_inspection(std::vector<uint32_t>{big.index()}.data(), 1);
    CHECK(loop_count(big_ir) == 96);
    check_ptx_of(big_ir);
    // The nested dispatch (a loop inside a loop) and a symbolic loop inside a callee.
    auto shapes = make_objects(4, 4, 54);
    Lookup la(uniform_values<float>(4, 55, -1, 1), {shapes[0].get(), shapes[1].get()});
    Halver h(2.f);
    std::vector<Node *> nodes(1000);
    for (size_t i = 0; i < nodes.size(); ++i)
        nodes[i] = i % 3 == 0 ? static_cast<Node *>(&la) : i % 3 == 1 ? static_cast<Node *>(&h) : nullptr;
    auto [v, c] = tj::dispatch(
        tj::Ptr<Node>(nodes), [](Node *s, const Float &x, const UInt32 &k) { return s->visit(x, k); },
        Float(uniform_values<float>(1000, 56, -1, 1)), tj::arange<UInt32>(1000));
    tj::KernelIR nested = tj::jit::assemble_for_inspection(std::vector<uint32_t>{v.index(), c.index()}.data(), 2);
    check_ptx_of(nested);
}
