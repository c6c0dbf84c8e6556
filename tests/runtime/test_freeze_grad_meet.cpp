// tests/runtime/test_freeze_grad_meet.cpp — where freezing meets AD inside the body: gradients enabled, backward and
// forward run, and gradient scopes around the call, each on the recording call and on every replay
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <cmath>
#include <functional>

using tj::Float;

namespace {

/// {1, 2, 3} + i, evaluated and not a literal: a new input per call.
Float input(int i) { return Float({1.f, 2.f, 3.f}) + tj::opaque<Float>(float(i)); }

/// An input of 2 + i elements (i = 0..3: the recording call and three replays of other sizes), fresh per call.
Float sized_input(int i, float offset) {
    std::vector<float> v;
    for (int k = 0; k < 2 + i; ++k)
        v.push_back(0.25f * float(k) + offset + 0.1f * float(i));
    return Float(v);
}

struct XY {
    Float x, y;
};
TJ_STRUCT(XY, x, y)

std::vector<float> host(const Float &a) { return tj::to_vector(a); }

/// Runs `call(fn, i)` for the frozen function and for the plain body on the same fresh inputs (the recording call
/// and three replays), and compares what it reads (values, gradients, tangents).
template <typename Frozen, typename Plain, typename Call> void same_as_plain(Frozen &frozen, Plain &plain, Call call) {
    for (int i = 0; i < 4; ++i) {
        CAPTURE(i);
        std::vector<float> a = call(frozen, i), b = call(plain, i);
        REQUIRE(a.size() == b.size());
        bool any_nonzero = false;
        for (size_t k = 0; k < a.size(); ++k) {
            CAPTURE(k);
            CHECK(a[k] == doctest::Approx(b[k]).epsilon(1e-5));
            any_nonzero = any_nonzero || b[k] != 0.f;
        }
        CHECK(any_nonzero);
    }
    CHECK(frozen.stats().recordings == 1);
    CHECK(frozen.stats().replays == 3);
}

/// Forward mode from `from` (seeded with `v`) by tj::forward, or by tj::enqueue + tj::traverse.
void forward_from(Float &from, const Float &v, bool queue) {
    tj::set_grad(from, v);
    if (queue) {
        tj::enqueue(tj::ADMode::Forward, from);
        tj::traverse(tj::ADMode::Forward);
    } else {
        tj::forward(from);
    }
}

} // namespace

TEST_CASE("freeze meets AD: gradients enabled inside the body on an input passed by reference reach it on replay") {
    auto f = tj::freeze([](std::reference_wrapper<Float> x) {
        tj::enable_grad(x.get());
        tj::backward(x.get() * x.get());
    });
    for (int i = 0; i < 4; ++i) {
        Float x = input(i);
        f(std::ref(x));
        CAPTURE(i);
        CHECK(tj::grad_enabled(x));
        for (size_t k = 0; k < 3; ++k)
            CHECK(tj::grad(x).read(k) == doctest::Approx(2.f * (float(k) + 1.f + float(i))));
    }
    CHECK(f.stats().recordings == 1);
    CHECK(f.stats().replays == 3);
}

TEST_CASE("freeze meets AD: the gradient a backward inside the body leaves on a returned array survives a replay") {
    auto f = tj::freeze([](Float x) {
        Float y = 2.f * x;
        tj::enable_grad(y);
        tj::backward(tj::sum(y * y));
        return y;
    });
    for (int i = 0; i < 4; ++i) {
        Float y = f(input(i));
        CAPTURE(i);
        CHECK(tj::grad_enabled(y));
        for (size_t k = 0; k < 3; ++k)
            CHECK(tj::grad(y).read(k) == doctest::Approx(2.f * y.read(k)));
    }
    CHECK(f.stats().recordings == 1);
    CHECK(f.stats().replays == 3);
}

TEST_CASE("freeze meets AD: a replay inside SuspendGrad leaves the gradients of a caller's input enabled") {
    auto f = tj::freeze([](std::reference_wrapper<Float> x) { return x.get() * 2.f; });
    for (int i = 0; i < 4; ++i) {
        Float x = input(i);
        tj::enable_grad(x);
        Float y;
        {
            tj::SuspendGrad sg;
            y = f(std::ref(x));
        }
        CAPTURE(i);
        CHECK(tj::grad_enabled(x));
        CHECK(!tj::grad_enabled(y));
        CHECK(y.read(1) == doctest::Approx(2.f * (2.f + float(i))));
        // Gradients still flow from x once the scope is left.
        Float z = x * 3.f;
        tj::backward(z);
        CHECK(tj::grad(x).read(0) == doctest::Approx(3.f));
    }
    CHECK(f.stats().replays >= 1);
}

TEST_CASE("freeze meets AD: tj::forward inside the body gives the output its tangent on every replay") {
    auto f = tj::freeze([](Float x) {
        Float y = x * x;
        tj::forward(x);
        return y;
    });
    for (int i = 1; i <= 4; ++i) {
        Float x = tj::opaque<Float>(float(i));
        tj::enable_grad(x);
        Float y = f(x);
        CAPTURE(i);
        CHECK(tj::grad(y).read(0) == doctest::Approx(2.f * float(i)));
    }
    CHECK(f.stats().recordings == 1);
    CHECK(f.stats().replays == 3);
}

TEST_CASE("freeze meets AD: enqueue and traverse inside the body on a wide input replay like the plain function") {
    auto body = [](std::reference_wrapper<Float> x, Float w) {
        tj::enable_grad(x.get());
        Float y = tj::sin(x.get()) * w;
        tj::set_grad(y, tj::full<Float>(1.f, 3));
        tj::enqueue(tj::ADMode::Backward, y);
        tj::traverse(tj::ADMode::Backward);
        return y;
    };
    auto f = tj::freeze(body);
    for (int i = 0; i < 4; ++i) {
        Float x1 = input(i), x2 = input(i), w = input(2 * i);
        Float y1 = f(std::ref(x1), w);
        Float y2 = body(std::ref(x2), w);
        CAPTURE(i);
        for (size_t k = 0; k < 3; ++k) {
            CHECK(y1.read(k) == doctest::Approx(y2.read(k)));
            CHECK(tj::grad(x1).read(k) == doctest::Approx(tj::grad(x2).read(k)));
        }
    }
    CHECK(f.stats().recordings == 1);
}

TEST_CASE("freeze meets AD: a call under SuspendGrad records apart from one with gradients, each replays as unfrozen") {
    auto f = tj::freeze([](Float x) { return x * 2.f; });
    for (int i = 0; i < 3; ++i) {
        CAPTURE(i);
        Float x = input(i);
        tj::enable_grad(x);
        Float tracked = f(x);
        CHECK(tj::grad_enabled(tracked));
        Float suspended;
        {
            tj::SuspendGrad sg;
            suspended = f(x);
        }
        CHECK(!tj::grad_enabled(suspended));
        CHECK(suspended.read(2) == doctest::Approx(2.f * (3.f + float(i))));
        tj::backward(tracked);
        CHECK(tj::grad(x).read(0) == doctest::Approx(2.f));
    }
    CHECK(f.stats().recordings == 2);
    CHECK(f.stats().replays == 4);
}

TEST_CASE("freeze meets AD: the seed tj::forward leaves on an input replays, and a held gradient it would change is a "
          "FreezeError") {
    auto f = tj::freeze([](Float x) {
        Float y = x * x;
        tj::forward(x);
        return y;
    });
    for (int i = 0; i < 3; ++i) {
        Float x = input(i);
        tj::enable_grad(x);
        Float y = f(x);
        CAPTURE(i);
        CHECK(tj::grad(x).read(1) == doctest::Approx(1.f));
        CHECK(tj::grad(y).read(1) == doctest::Approx(2.f * (2.f + float(i))));
    }
    CHECK(f.stats().recordings == 1);
    // The body replaces the gradient x holds (the plain call would leave 1): a replay cannot tell, so the call
    // records anew and the recording refuses.
    Float x = input(5);
    tj::enable_grad(x);
    tj::set_grad(x, tj::full<Float>(5.f, 3));
    CHECK_THROWS_AS(f(x), tj::FreezeError);
    // The function stays usable.
    Float z = input(6);
    tj::enable_grad(z);
    CHECK(tj::grad(f(z)).read(0) == doctest::Approx(2.f * 7.f));
}

TEST_CASE("freeze meets AD: an output computed from an array the body enabled gradients on passes a backward from "
          "outside on to it") {
    // No input has gradients on entry: the derivative goes from one output of the call to another.
    auto body = [](std::reference_wrapper<Float> x) {
        tj::enable_grad(x.get());
        return tj::exp(x.get()) * 2.f;
    };
    auto f = tj::freeze(body);
    for (int i = 0; i < 4; ++i) {
        Float x = input(i);
        Float y = f(std::ref(x));
        tj::backward(y);
        CAPTURE(i);
        for (size_t k = 0; k < 3; ++k)
            CHECK(tj::grad(x).read(k) == doctest::Approx(2.f * std::exp(float(k) + 1.f + float(i))));
    }
    CHECK(f.stats().recordings == 1);
}

TEST_CASE("freeze meets AD: forward mode from an array the body enabled gradients on through std::ref reaches the "
          "outputs computed from it on replay") {
    auto body = [](std::reference_wrapper<Float> x, const Float &w) {
        tj::enable_grad(x.get());
        return tj::exp(x.get()) * w + tj::sin(x.get());
    };
    for (bool queue : {false, true}) {
        CAPTURE(queue);
        auto f = tj::freeze(body);
        same_as_plain(f, body, [&](auto &fn, int i) {
            Float x = sized_input(i, 0.5f), w = sized_input(i, -1.f), v = sized_input(i, 2.f);
            Float y = fn(std::ref(x), w);
            forward_from(x, v, queue);
            std::vector<float> out = host(y);
            for (float t : host(tj::grad(y)))
                out.push_back(t);
            return out;
        });
    }
}

TEST_CASE("freeze meets AD: gradients enabled inside the body on a by-value input, the array returned: forward and "
          "backward from outside replay like the plain function") {
    auto body = [](Float x, const Float &w) {
        tj::enable_grad(x);
        Float z = tj::sin(x) * w;
        return std::vector<Float>{z * z + x, x};
    };
    for (bool backward : {false, true})
        for (bool queue : {false, true}) {
            CAPTURE(backward);
            CAPTURE(queue);
            auto f = tj::freeze(body);
            same_as_plain(f, body, [&](auto &fn, int i) {
                Float x = sized_input(i, 0.5f), w = sized_input(i, -1.f), v = sized_input(i, 2.f);
                std::vector<Float> outs = fn(x, w);
                std::vector<float> read = host(outs[0]);
                if (backward) {
                    tj::accum_grad(outs[0], v);
                    if (queue) {
                        tj::enqueue(tj::ADMode::Backward, outs[0]);
                        tj::traverse(tj::ADMode::Backward);
                    } else {
                        tj::backward(outs[0]);
                    }
                    for (float g : host(tj::grad(outs[1])))
                        read.push_back(g);
                } else {
                    forward_from(outs[1], v, queue);
                    for (float t : host(tj::grad(outs[0])))
                        read.push_back(t);
                }
                return read;
            });
        }
}

TEST_CASE("freeze meets AD: gradients enabled inside the body on a TJ_STRUCT's field, the field returned: forward and "
          "backward from outside replay like the plain function") {
    auto body = [](XY in) {
        tj::enable_grad(in.x);
        return std::make_pair(tj::cos(in.x) * in.y + in.x * in.x, in.x);
    };
    for (bool backward : {false, true}) {
        CAPTURE(backward);
        auto f = tj::freeze(body);
        same_as_plain(f, body, [&](auto &fn, int i) {
            Float x = sized_input(i, 0.5f), y = sized_input(i, -1.f), v = sized_input(i, 2.f);
            auto [z, leaf] = fn(XY{x, y});
            std::vector<float> read = host(z);
            if (backward) {
                tj::accum_grad(z, v);
                tj::backward(z);
                for (float g : host(tj::grad(leaf)))
                    read.push_back(g);
            } else {
                forward_from(leaf, v, false);
                for (float t : host(tj::grad(z)))
                    read.push_back(t);
            }
            return read;
        });
    }
}

TEST_CASE("freeze meets AD: outputs computed from one another in a chain, with an input enabled outside: every "
          "traversal from outside replays like the plain function") {
    // x enabled inside, w outside; y from x and w, z from x and y: three levels of outputs on replay.
    auto body = [](Float x, const Float &w) {
        tj::enable_grad(x);
        Float y = tj::sin(x) * w;
        Float z = y * y + tj::exp(x * 0.5f);
        return std::vector<Float>{z, y, x};
    };
    // start: which array forward mode starts from (0: w, 1: y, 2: x), or backward from z (3)
    for (int start = 0; start < 4; ++start) {
        CAPTURE(start);
        auto f = tj::freeze(body);
        same_as_plain(f, body, [&](auto &fn, int i) {
            Float x = sized_input(i, 0.5f), w = sized_input(i, -1.f), v = sized_input(i, 2.f);
            tj::enable_grad(w);
            std::vector<Float> outs = fn(x, w);
            std::vector<float> read = host(outs[0]);
            auto append = [&](const Float &a) {
                for (float t : host(a))
                    read.push_back(t);
            };
            if (start == 3) {
                tj::accum_grad(outs[0], v);
                tj::backward(outs[0]);
                append(tj::grad(w));
                append(tj::grad(outs[1]));
                append(tj::grad(outs[2]));
            } else {
                forward_from(start == 0 ? w : outs[size_t(start)], v, false);
                append(tj::grad(outs[0]));
                if (start != 1)
                    append(tj::grad(outs[1]));
            }
            return read;
        });
    }
}

// Found by tj_differential (N4 in docs/fuzzing.md): lazy work with AD edges pending outside the call (w = u / (1 + x
// * x) of an x with gradients, not yet evaluated) made the recording fail with "reads (or returns) an array that is
// neither an input of the frozen function nor made inside it": passed in, the edge x -> w between two inputs was
// taken for part of the body's derivative, whose weight the evaluation of w outside had computed; only pending
// beside the call, the graph's simplification inside the recording computed its collapsed weights there.
TEST_CASE("freeze meets AD: a call made while lazy work with gradients is pending outside it equals the plain call") {
    using tj::Float64;
    auto body = [](const Float64 &a, const Float64 &b) { return a * tj::tanh(b) + tj::sin(a); };
    for (bool passed : {true, false}) {
        auto f = tj::freeze(body);
        for (int i = 0; i < 4; ++i) {
            CAPTURE(passed);
            CAPTURE(i);
            // Each call on fresh inputs; the plain call on equal ones.
            auto call = [&](bool frozen) {
                Float64 x = Float64({0.5, -1.0, 2.0}) + tj::opaque<Float64>(0.25 * i);
                Float64 y = Float64({1.5, 0.5, -0.75}) - tj::opaque<Float64>(0.5 * i);
                Float64 u = Float64({-0.5, 1.0, 0.25}) + tj::opaque<Float64>(0.125 * i);
                tj::eval(x, y, u); // (the call then evaluates nothing before it records)
                tj::enable_grad(x);
                Float64 w = u / (1.0 + x * x); // pending, with AD edges from x whose weights read u
                Float64 a = passed ? w : x, b = passed ? x : y;
                Float64 z = frozen ? f(a, b) : body(a, b);
                tj::backward(tj::sum(z + w * 0.5));
                return std::make_pair(tj::to_vector(tj::detach(z)), tj::to_vector(tj::grad(x)));
            };
            auto [z, g] = call(true);
            auto [z_plain, g_plain] = call(false);
            for (size_t k = 0; k < 3; ++k) {
                CHECK(z[k] == doctest::Approx(z_plain[k]));
                CHECK(g[k] == doctest::Approx(g_plain[k]));
            }
        }
        CHECK(f.stats().recordings == 1);
        CHECK(f.stats().replays == 3);
    }
}

// An input whose gradients the body disables (state, through std::tie) lost its AD node inside the body, and the node
// that the body's enable_grad on another input made took the freed slot: the recording took that input's gradient
// (set_grad) for one left on the first input, so a replay gave it to the first input's node instead: an internal error
// (abort) where the widths differed, as at the third call here (found by the port of Dr.Jit's test_freeze_ad.py); a
// gradient on the wrong node where they agreed. The capture now holds each input's node until the call ends.
TEST_CASE("freeze meets AD: a body that disables one input's gradients and enables another's keeps them apart") {
    Float p({1, 2, 3, 4, 5});
    auto body = [&p](Float &x) {
        Float y = x * tj::gather<Float>(tj::detach(p), tj::arange<tj::UInt32>(x.size()) % 5u);
        tj::disable_grad(p);
        tj::enable_grad(x);
        tj::set_grad(x, 6.5f);
        return y;
    };
    auto f = tj::freeze(body);
    for (int i = 0; i < 4; ++i) {
        CAPTURE(i);
        const size_t n = 5 * size_t(i + 1); // the third and fourth calls replay the second's recording
        Float x = tj::full<Float>(.5f, n) + tj::opaque<Float>(float(i));
        tj::enable_grad(p);
        Float y = f.call(std::tie(p), std::ref(x));
        CHECK(!tj::grad_enabled(p));
        CHECK(tj::grad_enabled(x));
        CHECK(tj::to_vector(tj::grad(x)) == std::vector<float>(n, 6.5f));
        CHECK(tj::to_vector(tj::detach(y)).size() == n);
    }
    CHECK(f.stats().replays == 2);
}
