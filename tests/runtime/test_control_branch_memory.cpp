// tests/runtime/test_control_branch_memory.cpp — tj::if_stmt with a state array that a branch scatters into and then
// evaluates, assigns or replaces, against plain C++ run lane by lane; in a loop body, in a dispatch case and frozen
#include "freeze_check.h"
#include "reference.h"

#include <tracejit/tracejit.h>

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using namespace tjtest;
using tj::Float, tj::Int32, tj::UInt32, tj::Bool;

namespace {

/// What a branch does to the state array x (S elements) on its lanes: scatter_add of the lane's value at the lane's
/// index (never the lane itself where S allows: a select by lane would drop the write).
enum class Act {
    None,           ///< leaves x alone
    Scatter,        ///< scatters into x
    ScatterEval,    ///< scatters into x, then evaluates it
    ScatterAssign,  ///< scatters into x, then x = x + 1
    Replace,        ///< x = zeros, then scatters into the new array
    ReplaceRead,    ///< x = x * 2 (the array as the scatters so far left it), then scatters into the new array
    ScatterReplace, ///< scatters into x, then x = full(7), then scatters into the new array
};
constexpr Act all_acts[] = {Act::None,    Act::Scatter,     Act::ScatterEval,   Act::ScatterAssign,
                            Act::Replace, Act::ReplaceRead, Act::ScatterReplace};
const char *act_name(Act a) {
    const char *names[] = {"none",    "scatter",         "scatter + eval",   "scatter + assign",
                           "replace", "replace reading", "scatter + replace"};
    return names[int(a)];
}

/// The branch's side of `a` on tj arrays.
void act(Act a, Int32 &x, const UInt32 &at, const Int32 &v) {
    switch (a) {
    case Act::None: break;
    case Act::Scatter: tj::scatter_add(x, v, at); break;
    case Act::ScatterEval:
        tj::scatter_add(x, v, at);
        tj::eval(x);
        break;
    case Act::ScatterAssign:
        tj::scatter_add(x, v, at);
        x = x + 1;
        break;
    case Act::Replace:
        x = tj::zeros<Int32>(x.size());
        tj::scatter_add(x, v, at);
        break;
    case Act::ReplaceRead:
        x = x * 2;
        tj::scatter_add(x, v, at);
        break;
    case Act::ScatterReplace:
        tj::scatter_add(x, v, at);
        x = tj::full<Int32>(7, x.size());
        tj::scatter_add(x, v, at);
        break;
    }
}

/// A branch's value of x in plain C++: the memory it received (`in_memory`, as the scatters of both branches leave it),
/// or an array of its own.
struct HostValue {
    bool in_memory = true;
    std::vector<int32_t> own;
};

/// The branch's side of `a` in plain C++, on `mem` (the memory of x), for the lanes where `on` holds.
HostValue host_act(Act a, std::vector<int32_t> &mem, const std::vector<bool> &on, const std::vector<uint32_t> &at,
                   const std::vector<int32_t> &v) {
    auto add = [&](std::vector<int32_t> &dst) {
        for (size_t l = 0; l < on.size(); ++l)
            if (on[l])
                dst[at[l]] += v[l];
    };
    HostValue r;
    switch (a) {
    case Act::None: break;
    case Act::Scatter:
    case Act::ScatterEval: add(mem); break;
    case Act::ScatterAssign:
        add(mem);
        r = {false, mem};
        for (int32_t &e : r.own)
            e += 1;
        break;
    case Act::Replace:
        r = {false, std::vector<int32_t>(mem.size(), 0)};
        add(r.own);
        break;
    case Act::ReplaceRead:
        r = {false, mem};
        for (int32_t &e : r.own)
            e *= 2;
        add(r.own);
        break;
    case Act::ScatterReplace:
        add(mem);
        r = {false, std::vector<int32_t>(mem.size(), 7)};
        add(r.own);
        break;
    }
    return r;
}

/// One shape of the test: n lanes (the mask's size) and S elements of x.
struct Shape {
    size_t n, S;
    std::vector<bool> mask;
};
std::vector<Shape> shapes() {
    return {{4, 4, {true, false, false, false}},
            {4, 4, {false, true, true, false}},
            {4, 6, {true, false, false, true}},
            {1, 6, {true}},
            {1, 6, {false}}};
}

/// The lane-wise inputs of a shape: x's initial values, each branch's indices (lane l writes (3l + 1) % S and
/// (5l + 2) % S: not the lane's own element) and values (l + 1 and 100 (l + 1)).
struct Inputs {
    std::vector<int32_t> x0, vt, vf;
    std::vector<uint32_t> at_t, at_f;
};
Inputs inputs(const Shape &s, int32_t offset) {
    Inputs in;
    for (size_t i = 0; i < s.S; ++i)
        in.x0.push_back(int32_t(10 * i) + offset);
    for (size_t l = 0; l < s.n; ++l) {
        in.at_t.push_back(uint32_t((3 * l + 1) % s.S));
        in.at_f.push_back(uint32_t((5 * l + 2) % s.S));
        in.vt.push_back(int32_t(l + 1));
        in.vf.push_back(int32_t(100 * (l + 1)));
    }
    return in;
}

/// What the program means lane by lane; false when it has no lane-wise answer (a branch's own array of S elements,
/// merged against a mask of another size that is not 1).
bool host_if(Act ta, Act fa, const Shape &s, const Inputs &in, std::vector<int32_t> &out) {
    std::vector<int32_t> mem = in.x0;
    std::vector<bool> not_mask(s.n);
    for (size_t l = 0; l < s.n; ++l)
        not_mask[l] = !s.mask[l];
    HostValue t = host_act(ta, mem, s.mask, in.at_t, in.vt);
    HostValue f = host_act(fa, mem, not_mask, in.at_f, in.vf);
    const std::vector<int32_t> &tv = t.in_memory ? mem : t.own, &fv = f.in_memory ? mem : f.own;
    if (t.in_memory && f.in_memory) {
        out = mem;
        return true;
    }
    if (s.n == 1) {
        out = s.mask[0] ? tv : fv;
        return true;
    }
    if (s.n != s.S)
        return false;
    out.resize(s.S);
    for (size_t i = 0; i < s.S; ++i)
        out[i] = s.mask[i] ? tv[i] : fv[i];
    return true;
}

/// The if_stmt on x, with the branches' acts (the branches' inputs given as arrays).
void tj_if(Act ta, Act fa, const Bool &mask, Int32 &x, const UInt32 &at_t, const Int32 &vt, const UInt32 &at_f,
           const Int32 &vf) {
    tj::if_stmt(
        mask, std::tie(x), [&](Int32 &x) { act(ta, x, at_t, vt); }, [&](Int32 &x) { act(fa, x, at_f, vf); });
}

/// The same, plain: x after the if.
Int32 run_plain(Act ta, Act fa, const Shape &s, const Inputs &in) {
    Int32 x(in.x0);
    tj_if(ta, fa, Bool(s.mask), x, UInt32(in.at_t), Int32(in.vt), UInt32(in.at_f), Int32(in.vf));
    return x;
}

/// The if inside a symbolic loop's body that runs once per lane (x, the mask and the branches' inputs from outside).
Int32 run_in_loop(Act ta, Act fa, const Shape &s, const Inputs &in) {
    Int32 x(in.x0), i = tj::zeros<Int32>(s.n);
    Bool mask(s.mask);
    UInt32 at_t(in.at_t), at_f(in.at_f);
    Int32 vt(in.vt), vf(in.vf);
    tj::while_loop(
        std::tie(i), [](const Int32 &i) { return i < 1; },
        [&](Int32 &i) {
            tj_if(ta, fa, mask, x, at_t, vt, at_f, vf);
            i += 1;
        });
    tj::eval(x);
    return x;
}

/// One kind of object whose dispatched method runs the if on the caller's x (the branches' inputs as arguments).
struct Brancher final : tj::Object {
    Act ta = Act::None, fa = Act::None;
    Int32 run(Int32 &x, const Int32 &m, const UInt32 &at_t, const Int32 &vt, const UInt32 &at_f,
              const Int32 &vf) const {
        tj_if(ta, fa, m != 0, x, at_t, vt, at_f, vf);
        return m;
    }
    TJ_OBJECT_NO_FIELDS
};

/// The if inside a dispatch case that every lane calls.
Int32 run_in_dispatch(Act ta, Act fa, const Shape &s, const Inputs &in) {
    Brancher b;
    b.ta = ta, b.fa = fa;
    std::vector<int32_t> m(s.n);
    for (size_t l = 0; l < s.n; ++l)
        m[l] = s.mask[l] ? 1 : 0;
    Int32 x(in.x0);
    Int32 r = tj::dispatch(
        tj::Ptr<Brancher>(std::vector<Brancher *>(s.n, &b)),
        [&](Brancher *self, const Int32 &m, const UInt32 &at_t, const Int32 &vt, const UInt32 &at_f, const Int32 &vf) {
            return self->run(x, m, at_t, vt, at_f, vf);
        },
        Int32(m), UInt32(in.at_t), Int32(in.vt), UInt32(in.at_f), Int32(in.vf));
    tj::eval(x, r);
    return x;
}

std::string describe(Act ta, Act fa, const Shape &s) {
    std::string mask;
    for (bool b : s.mask)
        mask += b ? '1' : '0';
    return std::string("true: ") + act_name(ta) + ", false: " + act_name(fa) + ", mask " + mask + ", " +
           std::to_string(s.S) + " elements";
}

/// Whether both branches leave x the array they received (scattered into or not): then it is the memory written.
bool in_place(Act a) { return a == Act::None || a == Act::Scatter || a == Act::ScatterEval; }

} // namespace

TEST_CASE("if_stmt memory: a state array scattered into, then evaluated, assigned or replaced, equals lane-wise C++") {
    for (const Shape &s : shapes())
        for (Act ta : all_acts)
            for (Act fa : all_acts) {
                std::string what = describe(ta, fa, s);
                CAPTURE(what);
                Inputs in = inputs(s, 3);
                std::vector<int32_t> expect;
                if (host_if(ta, fa, s, in, expect)) {
                    check_exact(what, run_plain(ta, fa, s, in), expect);
                } else {
                    check_error([&] { run_plain(ta, fa, s, in); },
                                {"tj::if_stmt()", "state variable 1", "6 elements", "the mask has 4", "scattered"});
                    tj::eval(); // (the failed if's pending scatters run here, not in a later case's launches)
                }
            }
}

TEST_CASE("if_stmt memory: in a loop body and a dispatch case, scattered in place or a tj::Error, never wrong") {
    int errors = 0;
    for (int where = 0; where < 2; ++where)
        for (const Shape &s : shapes())
            for (Act ta : all_acts)
                for (Act fa : all_acts) {
                    std::string what = std::string(where ? "dispatch case, " : "loop body, ") + describe(ta, fa, s);
                    CAPTURE(what);
                    Inputs in = inputs(s, 5);
                    std::vector<int32_t> expect;
                    bool defined = host_if(ta, fa, s, in, expect);
                    auto run = [&] { return where ? run_in_dispatch(ta, fa, s, in) : run_in_loop(ta, fa, s, in); };
                    // Both branches leave x the memory they received: the memory, right. Else a branch that reads
                    // in the body the memory written there (computes with it, or has it merged per element with select)
                    // is an error of the body; the rest is right.
                    if (in_place(ta) && in_place(fa)) {
                        REQUIRE(defined);
                        check_exact(what, run(), expect);
                        continue;
                    }
                    try {
                        Int32 got = run();
                        if (defined)
                            check_exact(what, got, expect);
                        else
                            FAIL_CHECK("no error for an if without a lane-wise answer");
                    } catch (const tj::Error &e) {
                        std::string msg = e.what();
                        CHECK_MESSAGE(msg.find("tj::") != std::string::npos, msg);
                        ++errors;
                    }
                    tj::eval();
                }
    CHECK(errors > 0); // (the shapes without a lane-wise answer)
}

namespace {

/// The frozen function: the if on fresh inputs, x as the result.
Int32 frozen_if(int ta, int fa, const Bool &mask, const Int32 &x0, const UInt32 &at_t, const Int32 &vt,
                const UInt32 &at_f, const Int32 &vf) {
    Int32 x = x0;
    tj_if(Act(ta), Act(fa), mask, x, at_t, vt, at_f, vf);
    return x;
}

} // namespace

TEST_CASE("if_stmt memory: frozen (a recording and 3 replays on fresh inputs) equals the plain calls and C++") {
    FreezingOn on;
    const Shape s = {4, 4, {true, false, true, false}};
    for (Act ta : all_acts)
        for (Act fa : all_acts) {
            auto frozen = tj::freeze(frozen_if);
            for (int call = 0; call < 4; ++call) {
                std::string what = describe(ta, fa, s) + ", call " + std::to_string(call);
                CAPTURE(what);
                Inputs in = inputs(s, 11 * call);
                std::vector<bool> mask = s.mask;
                if (call % 2) // (the mask's values are an input too)
                    mask = {false, true, true, true};
                Shape sc = {s.n, s.S, mask};
                std::vector<int32_t> expect;
                REQUIRE(host_if(ta, fa, sc, in, expect));
                auto args = [&] {
                    return std::make_tuple(int(ta), int(fa), Bool(mask), Int32(in.x0), UInt32(in.at_t), Int32(in.vt),
                                           UInt32(in.at_f), Int32(in.vf));
                };
                Int32 got = std::apply(frozen, args());
                Int32 plain = std::apply(frozen_if, args());
                check_same(what, got, plain);
                check_exact(what, got, expect);
            }
            CHECK(stats_of(frozen).recordings == 1);
            CHECK(stats_of(frozen).replays == 3);
        }
}

namespace {

/// A branch's value as an array of its own: the memory as it is now, or its own array.
std::vector<int32_t> value_of(const HostValue &v, const std::vector<int32_t> &mem) { return v.in_memory ? mem : v.own; }

/// Merges two branch values per lane in plain C++; false without a lane-wise answer.
bool host_merge(const HostValue &t, const HostValue &f, const std::vector<bool> &mask, std::vector<int32_t> &mem,
                HostValue &out) {
    if (t.in_memory && f.in_memory) {
        out = {true, {}};
        return true;
    }
    std::vector<int32_t> tv = value_of(t, mem), fv = value_of(f, mem); // (the memory as it is now: a snapshot)
    if (mask.size() != mem.size())
        return false;
    out = {false, std::vector<int32_t>(mem.size())};
    for (size_t i = 0; i < mem.size(); ++i)
        out.own[i] = mask[i] ? tv[i] : fv[i];
    return true;
}

} // namespace

TEST_CASE("if_stmt memory: an if_stmt nested in the true branch hands the memory its branches wrote to the outer one") {
    // Outer: mask, true branch = an if on mask2 (acts ia and ib), false branch = act fa. The outer false branch
    // receives the memory with the inner branches' writes; the inner result is merged as the outer true branch's.
    const Act inner_acts[] = {Act::None, Act::Scatter, Act::ScatterEval, Act::ScatterAssign, Act::Replace};
    const Act outer_acts[] = {Act::None, Act::Scatter, Act::Replace};
    const std::vector<bool> mask = {true, true, false, true}, mask2 = {true, false, false, true};
    for (size_t S : {size_t(4), size_t(6)})
        for (Act ia : inner_acts)
            for (Act ib : inner_acts)
                for (Act fa : outer_acts) {
                    Shape s = {4, S, mask};
                    std::string what = std::string("inner true: ") + act_name(ia) + ", inner false: " + act_name(ib) +
                                       ", outer false: " + act_name(fa) + ", " + std::to_string(S) + " elements";
                    CAPTURE(what);
                    Inputs in = inputs(s, 7);
                    std::vector<uint32_t> at_g(4);
                    std::vector<int32_t> vg(4);
                    for (size_t l = 0; l < 4; ++l)
                        at_g[l] = uint32_t((7 * l + 3) % S), vg[l] = int32_t(10000 * (l + 1));
                    // Plain C++, lane by lane.
                    std::vector<int32_t> mem = in.x0;
                    std::vector<bool> on_a(4), on_b(4), on_f(4);
                    for (size_t l = 0; l < 4; ++l)
                        on_a[l] = mask[l] && mask2[l], on_b[l] = mask[l] && !mask2[l], on_f[l] = !mask[l];
                    HostValue a = host_act(ia, mem, on_a, in.at_t, in.vt);
                    HostValue b = host_act(ib, mem, on_b, in.at_f, in.vf);
                    HostValue inner, outer;
                    bool defined = host_merge(a, b, mask2, mem, inner);
                    HostValue c = host_act(fa, mem, on_f, at_g, vg);
                    defined = defined && host_merge(inner, c, mask, mem, outer);
                    // The same with tj::if_stmt.
                    auto run = [&] {
                        Int32 x(in.x0);
                        Bool m2(mask2);
                        UInt32 at_t(in.at_t), at_f(in.at_f), ag(at_g);
                        Int32 vt(in.vt), vf(in.vf), vgs(vg);
                        tj::if_stmt(
                            Bool(mask), std::tie(x), [&](Int32 &x) { tj_if(ia, ib, m2, x, at_t, vt, at_f, vf); },
                            [&](Int32 &x) { act(fa, x, ag, vgs); });
                        return x;
                    };
                    if (defined) {
                        check_exact(what, run(), value_of(outer, mem));
                    } else {
                        check_error(run, {"tj::if_stmt()", "state variable 1", "6 elements", "the mask has 4"});
                        tj::eval();
                    }
                }
}

TEST_CASE("if_stmt memory: a scatter with gradients, then an evaluation, keeps the writes and their derivatives") {
    // Lanes 2 and 3 take the true branch, which scatters 2w to lane + 1 and evaluates; lanes 0 and 1 scatter w to
    // lane + 2 (indices mod 4). A select by lane would drop every write.
    Float w = Float({1.f, 2.f, 3.f, 4.f}), g = tj::zeros<Float>(4);
    tj::enable_grad(w);
    UInt32 lane = tj::arange<UInt32>(4);
    tj::if_stmt(
        w > 2.5f, std::tie(g),
        [&](Float &g) {
            tj::scatter_add(g, w * 2.f, (lane + 1u) % 4u);
            tj::eval(g);
        },
        [&](Float &g) { tj::scatter_add(g, w, (lane + 2u) % 4u); });
    check_exact("g", tj::detach(g), std::vector<float>{8.f, 0.f, 1.f, 8.f});
    tj::backward(tj::sum(g));
    check_exact("d sum(g) / dw", tj::grad(w), std::vector<float>{1.f, 1.f, 2.f, 2.f});
}
