// tests/runtime/test_control_loop.cpp — tj::while_loop against plain C++ loops: data-dependent iteration counts,
// branches and scatters inside loops, nested loops, forms of state, one kernel per loop, errors
#include "reference.h"

#include <tracejit/control.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

using namespace tjtest;
using tj::Float, tj::Float64, tj::Int32, tj::Int64, tj::UInt32, tj::Bool;

namespace {

/// Sizes each loop runs at: one element, vector remainders, and enough elements for every thread.
constexpr size_t loop_sizes[] = {1, 7, 1000, 65537};

/// A plain C++ while loop: `step` applied to `v` while `cond(v)` holds; the final value and the number of steps.
template <typename T, typename Cond, typename Step> std::pair<T, int32_t> iterate_while(T v, Cond cond, Step step) {
    int32_t steps = 0;
    for (; cond(v); ++steps)
        v = step(v);
    return {v, steps};
}

/// iterate_while on each element of `x`: the final values and the numbers of steps.
template <typename T, typename Cond, typename Step>
std::pair<std::vector<T>, std::vector<int32_t>> iterate_each_while(const std::vector<T> &x, Cond cond, Step step) {
    std::pair<std::vector<T>, std::vector<int32_t>> out;
    for (const T &v : x) {
        auto [end, steps] = iterate_while(v, cond, step);
        out.first.push_back(end);
        out.second.push_back(steps);
    }
    return out;
}

bool above_one(float v) { return v > 1.f; }
float halve(float v) { return v / 2.f; }

/// tj::while_loop that halves `v` while it is above 1, counting the steps in `steps` (iterate_while(above_one, halve)).
void halve_while_above_one(Float &v, Int32 &steps) {
    tj::while_loop(
        std::tie(v, steps), [](const Float &v, const Int32 &) { return v > 1.f; },
        [](Float &v, Int32 &s) {
            v = v / 2.f;
            s += 1;
        });
}

/// `n` values log-uniform in [lo, hi): iteration counts of Newton's method spread over a wide range.
std::vector<double> log_uniform(size_t n, uint64_t seed, double lo, double hi) {
    std::vector<double> u = uniform_values<double>(n, seed, std::log(lo), std::log(hi));
    for (double &x : u)
        x = std::exp(x);
    return u;
}

/// Collatz steps of `n` down to 1 (the trajectories of starts below 100000 stay below 2^32).
int32_t collatz_steps(uint32_t n) {
    auto not_one = [](uint32_t v) { return v != 1; };
    auto next = [](uint32_t v) { return v % 2 == 0 ? v / 2 : 3 * v + 1; };
    return iterate_while(n, not_one, next).second;
}

/// The state of a loop as a TJ_STRUCT: a position and the steps taken.
struct Walker {
    Float pos;
    Int32 steps;
};
TJ_STRUCT(Walker, pos, steps)

} // namespace

TEST_CASE("while_loop: Newton's square root, iteration counts that depend on the data (Float64)") {
    for (size_t n : loop_sizes) {
        std::vector<double> x = log_uniform(n, 11 + n, 1e-3, 1e6);
        std::vector<double> y0 = map1(x, [](double v) { return std::max(v, 1.0); });
        // Division by 2 rather than multiplication by 0.5, and no a*b+c anywhere: no FMA contraction can make
        // the kernel round differently from this reference.
        std::vector<double> ref_y(n);
        std::vector<int32_t> ref_iters(n);
        for (size_t i = 0; i < n; ++i) {
            double y = y0[i];
            int32_t it = 0;
            while (y > x[i] / y * 1.000000000001 && it < 100) {
                y = (y + x[i] / y) / 2;
                ++it;
            }
            ref_y[i] = y;
            ref_iters[i] = it;
        }
        Float64 xs(x), y(y0);
        Int32 iters = tj::zeros<Int32>(n);
        tj::while_loop(
            std::tie(y, iters),
            [&](const Float64 &y, const Int32 &it) { return (y > xs / y * 1.000000000001) & (it < 100); },
            [&](Float64 &y, Int32 &it) {
                y = (y + xs / y) / 2.0;
                it += 1;
            });
        check_exact("Newton sqrt: result", y, ref_y);
        check_exact("Newton sqrt: iterations", iters, ref_iters);
        check_close("Newton sqrt: against std::sqrt", y, map1(x, [](double v) { return std::sqrt(v); }), 1e-11);
        if (n >= 1000) { // the counts really differ between elements
            auto [lo, hi] = std::minmax_element(ref_iters.begin(), ref_iters.end());
            CHECK(*hi - *lo >= 10);
            CHECK(*hi < 100);
        }
    }
}

TEST_CASE("while_loop: Newton's cube root in Float until the step is small, negative inputs included") {
    for (size_t n : loop_sizes) {
        std::vector<float> x = uniform_values<float>(n, 21 + n, 0.5, 1000);
        for (size_t i = 0; i < n; i += 3)
            x[i] = -x[i];
        std::vector<float> ref_y(n);
        std::vector<int32_t> ref_iters(n);
        for (size_t i = 0; i < n; ++i) {
            float y = x[i], prev = 0.f;
            int32_t it = 0;
            while (std::fabs(y - prev) > std::fabs(y) * 1e-5f && it < 60) {
                prev = y;
                y = (y + y + x[i] / (y * y)) / 3.f;
                ++it;
            }
            ref_y[i] = y;
            ref_iters[i] = it;
        }
        Float xs(x);
        auto [y, prev, iters] = tj::while_loop( // prev: the iterate before the last
            std::make_tuple(xs, tj::zeros<Float>(n), tj::zeros<Int32>(n)),
            [](const Float &y, const Float &prev, const Int32 &it) {
                return (tj::abs(y - prev) > tj::abs(y) * 1e-5f) & (it < 60);
            },
            [&](Float &y, Float &prev, Int32 &it) {
                prev = y;
                y = (y + y + xs / (y * y)) / 3.f;
                it += 1;
            });
        check_exact("cube root: result", y, ref_y);
        check_exact("cube root: iterations", iters, ref_iters);
        check_close("cube root: against std::cbrt", y, map1(x, [](float v) { return std::cbrt(v); }), 1e-4);
        check_close("cube root: the last step was small", prev, ref_y, 1e-4);
    }
}

TEST_CASE("while_loop: Collatz step counts, a loop with a masked if_stmt inside") {
    for (size_t n : loop_sizes) {
        std::vector<uint32_t> start = small_ints<uint32_t>(n, 31 + n, 1, 99999);
        std::vector<int32_t> ref = map1(start, collatz_steps);
        UInt32 value(start);
        Int32 steps = tj::zeros<Int32>(n);
        tj::while_loop(
            std::tie(value, steps), [](const UInt32 &v, const Int32 &) { return v != 1u; },
            [](UInt32 &v, Int32 &s) {
                tj::if_stmt(
                    v % 2u == 0u, std::tie(v), [](UInt32 &v) { v = v / 2u; }, [](UInt32 &v) { v = v * 3u + 1u; });
                s += 1;
            });
        check_exact("Collatz steps", steps, ref);
        check_exact("Collatz end value", value, std::vector<uint32_t>(n, 1));
    }
}

TEST_CASE("while_loop: a width-1 counter next to width-n arrays") {
    const size_t n = 1000;
    std::vector<float> x = uniform_values<float>(n, 41, -4, 4);
    Float xs(x);
    Int32 counter = 0; // width 1, and the condition depends on it only
    tj::while_loop(
        std::tie(xs, counter), [](const Float &, const Int32 &c) { return c < 5; },
        [](Float &x, Int32 &c) {
            x = x * 2.f;
            c += 1;
        });
    check_exact("x doubled five times", xs, map1(x, [](float v) { return v * 32.f; }));
    std::vector<int32_t> c = tj::to_vector(counter);
    REQUIRE((c.size() == 1 || c.size() == n));
    CHECK(std::all_of(c.begin(), c.end(), [](int32_t v) { return v == 5; }));
}

TEST_CASE("while_loop: a width-1 initial state that per-element iterations make width n") {
    const size_t n = 1000;
    std::vector<float> x = uniform_values<float>(n, 43, 1, 1000);
    std::vector<int32_t> ref_steps(n);
    std::vector<float> ref_sum(n);
    for (size_t i = 0; i < n; ++i) {
        float v = x[i], sum = 0.f;
        int32_t s = 0;
        while (v > 1.f) {
            sum = sum + v;
            v = v / 2.f;
            ++s;
        }
        ref_steps[i] = s;
        ref_sum[i] = sum;
    }
    Float v(x);
    Int32 steps = 0; // width 1: each element counts its own steps
    Float sum = 0.f; // width 1: becomes width n through the addition of v
    tj::while_loop(
        std::tie(v, steps, sum), [](const Float &v, const Int32 &, const Float &) { return v > 1.f; },
        [](Float &v, Int32 &s, Float &sum) {
            sum = sum + v;
            v = v / 2.f;
            s += 1;
        });
    CHECK(steps.size() == n);
    CHECK(sum.size() == n);
    check_exact("steps per element", steps, ref_steps);
    check_exact("sum per element", sum, ref_sum);
}

TEST_CASE("while_loop: forms of state: std::tie, std::make_tuple, a single array, a TJ_STRUCT") {
    const size_t n = 500;
    std::vector<float> x = uniform_values<float>(n, 51, 1, 100);
    auto [ref_v, ref_s] = iterate_each_while(
        x, [](float v) { return v >= 1.f; }, [](float v) { return v / 3.f; });
    auto cond = [](const Float &v, const Int32 &) { return v >= 1.f; };
    auto body = [](Float &v, Int32 &s) {
        v = v / 3.f;
        s += 1;
    };

    SUBCASE("std::tie writes the result back into the caller's variables") {
        Float v(x);
        Int32 s = tj::zeros<Int32>(n);
        auto result = tj::while_loop(std::tie(v, s), cond, body);
        check_exact("tie: v", v, ref_v);
        check_exact("tie: steps", s, ref_s);
        check_exact("tie: returned v", std::get<0>(result), ref_v);
    }
    SUBCASE("std::make_tuple: the result is the returned state; the inputs stay as they were") {
        Float v(x);
        Int32 s = tj::zeros<Int32>(n);
        auto [v2, s2] = tj::while_loop(std::make_tuple(v, s), cond, body);
        check_exact("make_tuple: v", v2, ref_v);
        check_exact("make_tuple: steps", s2, ref_s);
        check_exact("make_tuple: input unchanged", v, x);
    }
    SUBCASE("a body that returns the new state") {
        Float v(x);
        Int32 s = tj::zeros<Int32>(n);
        tj::while_loop(std::tie(v, s), cond, [](Float &v, Int32 &s) { return std::make_tuple(v / 3.f, s + 1); });
        check_exact("returned state: v", v, ref_v);
        check_exact("returned state: steps", s, ref_s);
    }
    SUBCASE("a single array as the state") {
        Float v(x);
        Float out = tj::while_loop(
            v, [](const Float &v) { return v >= 1.f; }, [](Float &v) { v = v / 3.f; });
        check_exact("single array: returned", out, ref_v);
        check_exact("single array: written back", v, ref_v);
        Float w(x);
        Float out2 = tj::while_loop(
            std::move(w), [](const Float &v) { return v >= 1.f; }, [](Float &v) { return v / 3.f; });
        check_exact("single array, body returning it", out2, ref_v);
    }
    SUBCASE("a TJ_STRUCT as the state") {
        Walker w{Float(x), tj::zeros<Int32>(n)};
        tj::while_loop(
            w, [](const Walker &w) { return w.pos >= 1.f; },
            [](Walker &w) {
                w.pos = w.pos / 3.f;
                w.steps += 1;
            });
        check_exact("struct: pos", w.pos, ref_v);
        check_exact("struct: steps", w.steps, ref_s);
    }
}

TEST_CASE("while_loop: a host value in the state that the body leaves alone") {
    const size_t n = 100;
    std::vector<float> x = uniform_values<float>(n, 55, 1, 50);
    Float v(x);
    int divisor = 2;
    auto result = tj::while_loop(
        std::tie(v, divisor), [](const Float &v, const int &) { return v > 1.f; },
        [](Float &v, int &d) { v = v / float(d); });
    CHECK(std::get<1>(result) == 2);
    check_exact("halved below 1", v, iterate_each_while(x, above_one, halve).first);
}

TEST_CASE("while_loop: loops that run zero iterations") {
    const size_t n = 300;
    std::vector<float> x = uniform_values<float>(n, 61, 0, 1);
    std::vector<uint32_t> idx = small_ints<uint32_t>(n, 62, 0, 9);
    SUBCASE("a condition false for every element") {
        Float v(x);
        Int32 steps = tj::zeros<Int32>(n);
        Int32 hits = tj::zeros<Int32>(10);
        UInt32 index(idx);
        int body_runs = 0;
        tj::while_loop(
            std::tie(v, steps), [](const Float &v, const Int32 &) { return v > 100.f; },
            [&](Float &v, Int32 &s) {
                ++body_runs; // traced once even though no element iterates
                v = v * 2.f;
                s += 1;
                tj::scatter_add(hits, Int32(1), index);
            });
        CHECK(body_runs == 1);
        check_exact("unchanged", v, x);
        check_exact("no steps", steps, std::vector<int32_t>(n, 0));
        check_exact("the body's scatter_add ran for no element", hits, std::vector<int32_t>(10, 0));
    }
    SUBCASE("a literal false condition") {
        Float v(x);
        tj::while_loop(
            v, [](const Float &) { return Bool(false); }, [](Float &v) { v = v + 1.f; });
        check_exact("unchanged", v, x);
    }
    SUBCASE("some elements iterate, others none") {
        std::vector<int32_t> k = small_ints<int32_t>(n, 63, 0, 3);
        Int32 limit(k), i = tj::zeros<Int32>(n);
        Float v(x);
        tj::while_loop(
            std::tie(v, i), [&](const Float &, const Int32 &i) { return i < limit; },
            [](Float &v, Int32 &i) {
                v = v + 1.f;
                i += 1;
            });
        std::vector<float> ref(n);
        for (size_t j = 0; j < n; ++j) {
            float a = x[j];
            for (int32_t t = 0; t < k[j]; ++t)
                a = a + 1.f;
            ref[j] = a;
        }
        check_exact("v + k", v, ref);
        check_exact("counter", i, k);
    }
}

TEST_CASE("while_loop: scatter and scatter_add inside the body run once per iteration of each element") {
    const size_t n = 1000, buckets = 8, max_iters = 5;
    std::vector<int32_t> k = small_ints<int32_t>(n, 71, 0, int64_t(max_iters));
    std::vector<int32_t> ref_hits(buckets, 0), ref_path(n * max_iters, -1);
    for (size_t lane = 0; lane < n; ++lane)
        for (int32_t it = 0; it < k[lane]; ++it) {
            ref_hits[(lane + size_t(it)) % buckets] += 1;
            ref_path[lane * max_iters + size_t(it)] = int32_t(lane % 100) * 10 + it;
        }
    Int32 limit(k), it = tj::zeros<Int32>(n);
    UInt32 lane = tj::arange<UInt32>(n);
    Int32 hits = tj::zeros<Int32>(buckets);
    Int32 path = tj::full<Int32>(-1, n * max_iters);
    tj::while_loop(
        it, [&](const Int32 &it) { return it < limit; },
        [&](Int32 &it) {
            UInt32 uit = tj::cast<uint32_t>(it);
            tj::scatter_add(hits, Int32(1), (lane + uit) % uint32_t(buckets));
            tj::scatter(path, tj::cast<int32_t>(lane % 100u) * 10 + it, lane * uint32_t(max_iters) + uit);
            it += 1;
        });
    check_exact("iterations", it, k);
    check_exact("scatter_add in the loop", hits, ref_hits);
    check_exact("scatter in the loop", path, ref_path);
}

TEST_CASE("while_loop: a loop inside a branch and a branch inside a loop") {
    const size_t n = 2000;
    std::vector<float> x = uniform_values<float>(n, 81, -1000, 1000);
    SUBCASE("loop inside if_stmt: halve positive values below 1, negate the others") {
        std::vector<float> ref_y(n);
        std::vector<int32_t> ref_c(n);
        for (size_t i = 0; i < n; ++i) {
            if (x[i] > 0.f)
                std::tie(ref_y[i], ref_c[i]) = iterate_while(x[i], above_one, halve);
            else
                std::tie(ref_y[i], ref_c[i]) = std::pair(-x[i], -1);
        }
        Float y(x);
        Int32 c = tj::zeros<Int32>(n);
        tj::if_stmt(
            y > 0.f, std::tie(y, c), [](Float &y, Int32 &c) { halve_while_above_one(y, c); },
            [](Float &y, Int32 &c) {
                y = -y;
                c = Int32(-1);
            });
        check_exact("loop in branch: y", y, ref_y);
        check_exact("loop in branch: count", c, ref_c);
    }
    SUBCASE("if_stmt inside the loop: step towards zero by 3 or by 7 depending on the parity of the count") {
        std::vector<int32_t> v = small_ints<int32_t>(n, 82, 0, 500);
        std::vector<int32_t> ref_v(n), ref_c(n);
        for (size_t i = 0; i < n; ++i) {
            int32_t a = v[i], c = 0;
            while (a > 0) {
                if (c % 2 == 0)
                    a -= 3;
                else
                    a -= 7;
                ++c;
            }
            ref_v[i] = a;
            ref_c[i] = c;
        }
        Int32 a(v), c = tj::zeros<Int32>(n);
        tj::while_loop(
            std::tie(a, c), [](const Int32 &a, const Int32 &) { return a > 0; },
            [](Int32 &a, Int32 &c) {
                a = tj::if_stmt(
                    c % 2 == 0, a, [](Int32 &a) { return a - 3; }, [](Int32 &a) { return a - 7; });
                c += 1;
            });
        check_exact("branch in loop: value", a, ref_v);
        check_exact("branch in loop: count", c, ref_c);
    }
}

TEST_CASE("while_loop: a loop inside a loop, the inner state depending on the outer one") {
    for (size_t n : {size_t(1), size_t(33), size_t(4000)}) {
        std::vector<int32_t> m = small_ints<int32_t>(n, 91 + n, 0, 7);
        std::vector<int32_t> x = small_ints<int32_t>(n, 92 + n, -50, 50);
        std::vector<int64_t> ref(n);
        std::vector<int32_t> ref_inner(n);
        for (size_t l = 0; l < n; ++l) {
            int64_t acc = 0;
            int32_t inner_total = 0;
            for (int32_t i = 0; i < m[l]; ++i)
                for (int32_t j = 0; j < i; ++j) {
                    acc += int64_t(i) * j + x[l];
                    ++inner_total;
                }
            ref[l] = acc;
            ref_inner[l] = inner_total;
        }
        Int32 limit(m), xs(x);
        Int32 i = tj::zeros<Int32>(n), inner_total = tj::zeros<Int32>(n);
        Int64 acc = tj::zeros<Int64>(n);
        tj::while_loop(
            std::tie(i, acc, inner_total), [&](const Int32 &i, const Int64 &, const Int32 &) { return i < limit; },
            [&](Int32 &i, Int64 &acc, Int32 &inner_total) {
                Int32 j = tj::zeros<Int32>(n);
                tj::while_loop(
                    std::tie(j, acc, inner_total),
                    [&](const Int32 &j, const Int64 &, const Int32 &) { return j < i; }, // bound: the outer state
                    [&](Int32 &j, Int64 &acc, Int32 &inner_total) {
                        acc += tj::cast<int64_t>(i) * tj::cast<int64_t>(j) + tj::cast<int64_t>(xs);
                        j += 1;
                        inner_total += 1;
                    });
                i += 1;
            });
        check_exact("nested loops: sum", acc, ref);
        check_exact("nested loops: inner iterations", inner_total, ref_inner);
        check_exact("nested loops: outer iterations", i, m);
    }
}

TEST_CASE("while_loop: a scatter in a loop inside a loop runs once per inner iteration of each outer one") {
    // The inner loop's scatters belong to the outer loop's body (runtime/jit/loop.cpp): they run there, with the
    // outer state of each iteration, not once after the outer loop.
    for (size_t n : {size_t(1), size_t(33), size_t(4000)}) {
        std::vector<int32_t> m = small_ints<int32_t>(n, 95 + n, 0, 6);
        std::vector<int32_t> ref_hits(n, 0), ref_path(n * 8, -1);
        for (size_t l = 0; l < n; ++l)
            for (int32_t i = 0; i < m[l]; ++i)
                for (int32_t j = 0; j < i; ++j) {
                    ref_hits[l] += i;
                    ref_path[l * 8 + size_t(i)] = j;
                }
        Int32 limit(m);
        Int32 hits = tj::zeros<Int32>(n), path = tj::full<Int32>(-1, n * 8);
        UInt32 lane = tj::arange<UInt32>(n);
        Int32 i = tj::zeros<Int32>(n);
        tj::while_loop(
            std::tie(i), [&](const Int32 &i) { return i < limit; },
            [&](Int32 &i) {
                Int32 j = tj::zeros<Int32>(n);
                tj::while_loop(
                    std::tie(j), [&](const Int32 &j) { return j < i; },
                    [&](Int32 &j) {
                        tj::scatter_add(hits, i, lane);
                        tj::scatter(path, j, lane * 8u + tj::cast<uint32_t>(i));
                        j += 1;
                    });
                i += 1;
            });
        check_exact("scatter_add in the inner loop", hits, ref_hits);
        check_exact("scatter in the inner loop", path, ref_path);
    }
}

TEST_CASE("while_loop: scatters in the body of a nested loop run once per inner iteration of each element") {
    // Dr.Jit's test_while_loop.py test16_nested_loop_with_side_effect, with random bounds, a scatter that depends on
    // both loops' state, and a third level.
    for (size_t n : {size_t(1), size_t(17), size_t(3000)}) {
        INFO("n = " << n);
        const size_t buckets = 11;
        std::vector<uint32_t> m = small_ints<uint32_t>(n, 131 + n, 0, 9);
        std::vector<uint32_t> ref_per_lane(n, 0), ref_buckets(buckets, 0), ref_deep(n, 0);
        for (size_t l = 0; l < n; ++l)
            for (uint32_t i = 0; i < m[l]; ++i)
                for (uint32_t j = 0; j < i; ++j) {
                    ref_per_lane[l] += 1;
                    ref_buckets[(l + i * 3 + j) % buckets] += j + 1;
                    for (uint32_t k = 0; k < j; ++k)
                        ref_deep[l] += k;
                }
        UInt32 limit(m), lane = tj::arange<UInt32>(n), i = tj::zeros<UInt32>(n);
        UInt32 per_lane = tj::zeros<UInt32>(n), in_buckets = tj::zeros<UInt32>(buckets), deep = tj::zeros<UInt32>(n);
        tj::while_loop(
            std::tie(i), [&](const UInt32 &i) { return i < limit; },
            [&](UInt32 &i) {
                UInt32 j(0u);
                tj::while_loop(
                    std::tie(j), [&](const UInt32 &j) { return j < i; },
                    [&](UInt32 &j) {
                        tj::scatter_add(per_lane, UInt32(1u), lane);
                        tj::scatter_add(in_buckets, j + 1u, (lane + i * 3u + j) % uint32_t(buckets));
                        UInt32 k(0u);
                        tj::while_loop(
                            std::tie(k), [&](const UInt32 &k) { return k < j; },
                            [&](UInt32 &k) {
                                tj::scatter_add(deep, k, lane);
                                k += 1u;
                            });
                        j += 1u;
                    });
                i += 1u;
            });
        check_exact("outer iterations", i, m);
        check_exact("scatter_add at the lane, two levels", per_lane, ref_per_lane);
        check_exact("scatter_add from both loops' state", in_buckets, ref_buckets);
        check_exact("scatter_add three levels deep", deep, ref_deep);
    }
    SUBCASE("Dr.Jit's case as written") {
        UInt32 n = tj::arange<UInt32>(17), i(0u), accum = tj::zeros<UInt32>(17);
        tj::while_loop(
            std::tie(i), [&](const UInt32 &i) { return i < n; },
            [&](UInt32 &i) {
                UInt32 j(0u);
                tj::while_loop(
                    std::tie(j), [&](const UInt32 &j) { return j < i; },
                    [&](UInt32 &j) {
                        j += 1u;
                        tj::scatter_add(accum, UInt32(1u), n);
                    });
                i += 1u;
            });
        std::vector<uint32_t> ref(17);
        for (uint32_t k = 0; k < 17; ++k)
            ref[k] = k * (k - 1) / 2;
        check_exact("accum", accum, ref);
    }
    SUBCASE("an outer loop that fails after its inner loop scattered leaves the target clean") {
        UInt32 target = tj::zeros<UInt32>(4), i = tj::arange<UInt32>(4);
        tj::eval(target);
        CHECK_THROWS_AS(tj::while_loop(std::tie(i), [](const UInt32 &i) { return i < 4u; },
                                       [&](UInt32 &i) {
                                           UInt32 j(0u);
                                           tj::while_loop(
                                               std::tie(j), [&](const UInt32 &j) { return j < i; },
                                               [&](UInt32 &j) {
                                                   tj::scatter_add(target, UInt32(1u), i);
                                                   j += 1u;
                                               });
                                           throw tj::Error("stop");
                                       }),
                        tj::Error);
        CHECK(tj::whos_str().find("dirty") == std::string::npos);
        CHECK(tj::to_vector(target) == std::vector<uint32_t>{0, 0, 0, 0});
        CHECK(tj::detail::loop_depth() == 0);
    }
}

TEST_CASE("while_loop: gathers from an array outside the loop at indices from the state") {
    const size_t n = 3000, table_size = 37;
    std::vector<int32_t> table = small_ints<int32_t>(table_size, 111, -20, 20);
    std::vector<int32_t> k = small_ints<int32_t>(n, 112, 0, 9);
    std::vector<uint32_t> start = small_ints<uint32_t>(n, 113, 0, table_size - 1);
    std::vector<int32_t> ref(n, 0);
    for (size_t l = 0; l < n; ++l)
        for (int32_t i = 0; i < k[l]; ++i)
            ref[l] += table[(start[l] + uint32_t(i) * 5u) % table_size];
    Int32 t(table), limit(k), acc = tj::zeros<Int32>(n), i = tj::zeros<Int32>(n);
    UInt32 s(start);
    tj::while_loop(
        std::tie(acc, i), [&](const Int32 &, const Int32 &i) { return i < limit; },
        [&](Int32 &acc, Int32 &i) {
            acc += tj::gather(t, (s + tj::cast<uint32_t>(i) * 5u) % uint32_t(table_size));
            i += 1;
        });
    check_exact("sums of table entries", acc, ref);
}

TEST_CASE("while_loop: the result of one loop starts a second one") {
    const size_t n = 2000;
    std::vector<float> x = uniform_values<float>(n, 121, 1, 1000);
    std::vector<float> ref(n);
    std::vector<int32_t> ref_steps(n);
    for (size_t j = 0; j < n; ++j) {
        auto [halved, halvings] = iterate_while(x[j], above_one, halve);
        auto [tripled, triplings] = iterate_while(
            halved, [](float a) { return a < 100.f; }, [](float a) { return a * 3.f; });
        ref[j] = tripled;
        ref_steps[j] = halvings + triplings;
    }
    Float v(x);
    Int32 steps = tj::zeros<Int32>(n);
    halve_while_above_one(v, steps);
    tj::while_loop(
        std::tie(v, steps), [](const Float &v, const Int32 &) { return v < 100.f; },
        [](Float &v, Int32 &s) {
            v = v * 3.f;
            s += 1;
        });
    check_exact("two loops: value", v, ref);
    check_exact("two loops: steps", steps, ref_steps);
}

TEST_CASE("while_loop: the body is traced once, not once per iteration") {
    const size_t n = 100;
    Float v(uniform_values<float>(n, 95, 1e3, 1e6));
    int cond_runs = 0, body_runs = 0;
    tj::while_loop(
        v,
        [&](const Float &v) {
            ++cond_runs;
            return v > 1.f;
        },
        [&](Float &v) {
            ++body_runs;
            v = v / 1.01f;
        });
    tj::eval(v);
    CHECK(body_runs == 1);
    CHECK(cond_runs == 1);
    CHECK(tj::hmax(v).read(0) <= 1.f);
}

namespace {

/// Launches and compiles of evaluating both outputs of a loop that runs `iterations` times for every element.
struct LoopCost {
    uint64_t launches, compiles, memory_hits; ///< compiles: by LLVM or loaded from the disk cache
};
LoopCost loop_cost(const Int32 &iterations, size_t n) {
    Float x = tj::linspace<Float>(0.f, 1.f, n); // computed in the same kernel as the loop
    Int32 i = tj::zeros<Int32>(n);
    tj::while_loop(
        std::tie(x, i), [&](const Float &, const Int32 &i) { return i < iterations; },
        [](Float &x, Int32 &i) {
            x = x * 0.5f + 1.f;
            i += 1;
        });
    tj::reset_kernel_stats();
    tj::eval(x, i);
    tj::KernelStats ks = tj::kernel_stats();
    std::vector<int32_t> counts = tj::to_vector(i);
    CHECK(std::all_of(counts.begin(), counts.end(), [&](int32_t c) { return c == iterations.read(0); }));
    CHECK(tj::kernel_stats().launches == ks.launches); // reading the evaluated results launches nothing
    return {ks.launches, ks.misses + ks.disk_hits, ks.memory_hits};
}

} // namespace

TEST_CASE("while_loop: evaluating a loop over arrays of one size is one kernel, whatever the iteration count") {
    const size_t n = 5000;
    SUBCASE("literal iteration counts") {
        LoopCost ten = loop_cost(Int32(10), n), thousand = loop_cost(Int32(1000), n);
        CHECK(ten.launches == 1);
        CHECK(thousand.launches == 1);
        CHECK(ten.compiles + ten.memory_hits == 1);
        CHECK(thousand.compiles + thousand.memory_hits == 1);
    }
    SUBCASE("an opaque iteration count: the kernel compiled for 10 iterations serves 1000 (not unrolled)") {
        tj::clear_kernel_cache();
        LoopCost ten = loop_cost(tj::opaque<Int32>(10), n);
        LoopCost thousand = loop_cost(tj::opaque<Int32>(1000), n);
        CHECK(ten.launches == 1);
        CHECK(ten.compiles == 1);
        CHECK(thousand.launches == 1);
        CHECK(thousand.compiles == 0);
        CHECK(thousand.memory_hits == 1);
    }
    SUBCASE("a loop whose inputs come from memory and whose outputs are read separately") {
        std::vector<float> x = uniform_values<float>(n, 97, 1, 1e4);
        Float v(x);
        Int32 steps = tj::zeros<Int32>(n);
        tj::while_loop(
            std::tie(v, steps), [](const Float &v, const Int32 &) { return v > 1.f; },
            [](Float &v, Int32 &s) {
                v = tj::sqrt(v) - 0.5f;
                s += 1;
            });
        tj::reset_kernel_stats();
        std::vector<float> got_v = tj::to_vector(v);
        std::vector<int32_t> got_s = tj::to_vector(steps); // evaluated with v: its loop ran in the same kernel
        CHECK(tj::kernel_stats().launches == 1);
        auto [ref_v, ref_s] = iterate_each_while(x, above_one, [](float a) { return std::sqrt(a) - 0.5f; });
        CHECK(got_v == ref_v);
        CHECK(got_s == ref_s);
    }
}

TEST_CASE("while_loop: errors are tj::Error with the API's name, and the runtime works afterwards") {
    const size_t n = 50;
    std::vector<float> x = uniform_values<float>(n, 99, 1, 100);
    auto halve_below_one = [&] {
        Float v(x);
        tj::while_loop(
            v, [](const Float &v) { return v > 1.f; }, [](Float &v) { v = v / 2.f; });
        std::vector<float> got = tj::to_vector(v);
        CHECK(std::all_of(got.begin(), got.end(), [](float a) { return a <= 1.f && a > 0.5f - 1e-6f; }));
    };
    SUBCASE("a host value in the state changed by the body") {
        Float v(x);
        int k = 0;
        check_error(
            [&] {
                tj::while_loop(
                    std::tie(v, k), [](const Float &v, const int &) { return v > 1.f; },
                    [](Float &v, int &k) {
                        v = v / 2.f;
                        ++k;
                    });
            },
            {"tj::while_loop()"});
        CHECK(k == 0);
    }
    SUBCASE("state arrays of different sizes (neither of width 1)") {
        Float a(x), b(uniform_values<float>(n + 3, 100, 0, 1));
        check_error(
            [&] {
                tj::while_loop(
                    std::tie(a, b), [](const Float &a, const Float &) { return a > 1.f; },
                    [](Float &a, Float &b) {
                        a = a / 2.f;
                        b = b + 1.f;
                    });
            },
            {"tj::while_loop()"});
    }
    SUBCASE("a body that changes the size of a state array") {
        Float a(x);
        Float other(uniform_values<float>(n + 3, 101, 0, 1));
        check_error(
            [&] {
                tj::while_loop(
                    a, [](const Float &a) { return a > 1.f; }, [&](Float &a) { a = other; });
            },
            {"tj::while_loop()"});
    }
    SUBCASE("a condition whose size differs from the state's") {
        Float a(x);
        Float other(uniform_values<float>(n + 3, 102, 0, 1));
        check_error(
            [&] {
                tj::while_loop(
                    a, [&](const Float &) { return other > 0.5f; }, [](Float &a) { a = a / 2.f; });
            },
            {"tj::while_loop()"});
    }
    SUBCASE("reading a loop variable inside the body") {
        Float a(x);
        check_error(
            [&] {
                tj::while_loop(
                    a, [](const Float &a) { return a > 1.f; },
                    [](Float &a) {
                        float first = a.read(0);
                        a = a / first;
                    });
            },
            {"loop"});
    }
    SUBCASE("a reduction of a loop variable inside the body") {
        Float a(x);
        check_error(
            [&] {
                tj::while_loop(
                    a, [](const Float &a) { return a > 1.f; },
                    [](Float &a) {
                        Float total = tj::sum(a);
                        a = a / total.read(0);
                    });
            },
            {"loop"});
    }
    SUBCASE("evaluating a loop variable inside the condition") {
        Float a(x);
        check_error(
            [&] {
                tj::while_loop(
                    a,
                    [](const Float &a) {
                        tj::eval(a);
                        return a > 1.f;
                    },
                    [](Float &a) { a = a / 2.f; });
            },
            {"loop"});
    }
    halve_below_one(); // the failed loop left no mask or loop behind
    CHECK(tj::detail::loop_depth() == 0);
    CHECK(tj::detail::mask_top() == 0);
}

TEST_CASE("while_loop: a condition with 0 elements is a tj::Error, as in tj::if_stmt") {
    Bool empty(std::vector<bool>{});
    UInt32 x(4u), none = tj::zeros<UInt32>(0);
    Float target = tj::zeros<Float>(2);
    int body_runs = 0;
    auto body = [&](UInt32 &a) {
        ++body_runs;
        tj::scatter_add(target, Float(1.f), UInt32(0u));
        a += 1u;
    };
    check_error([&] { tj::while_loop(std::tie(x), [&](const UInt32 &) { return empty; }, body); },
                {"tj::while_loop()", "condition is empty", "0 elements"});
    check_error([&] { tj::while_loop(std::tie(none), [](const UInt32 &a) { return a < 3u; }, body); },
                {"tj::while_loop()", "condition is empty"});
    check_error(
        [&] {
            tj::while_loop(std::tie(x), [](const UInt32 &a) { return a < 3u; },
                           [&](UInt32 &a) { // nested: the inner condition is empty
                               UInt32 j(0u);
                               tj::while_loop(std::tie(j), [&](const UInt32 &j) { return (j < a) & empty; }, body);
                               a += 1u;
                           });
        },
        {"tj::while_loop()", "condition is empty"});
    CHECK(body_runs == 0);
    check_exact("x is left alone", x, std::vector<uint32_t>{4});
    CHECK(tj::to_vector(target) == std::vector<float>{0, 0});
    CHECK(tj::detail::loop_depth() == 0);
    CHECK(tj::detail::mask_top() == 0);
}

TEST_CASE("while_loop: scatters of a loop that never runs or fails leave their target clean") {
    Float target = tj::zeros<Float>(4);
    tj::eval(target);
    Int32 i = tj::arange<Int32>(4);
    SUBCASE("a condition that is always false") {
        tj::while_loop(std::tie(i), [](const Int32 &) { return tj::Bool(false); },
                       [&](Int32 &i) { tj::scatter_add(target, Float(1.f), i); i += 1; });
    }
    SUBCASE("a body that throws") {
        CHECK_THROWS_AS(tj::while_loop(std::tie(i), [](const Int32 &i) { return i < 4; },
                                       [&](Int32 &i) {
                                           tj::scatter_add(target, Float(1.f), i);
                                           throw tj::Error("stop");
                                       }),
                        tj::Error);
    }
    CHECK(tj::whos_str().find("dirty") == std::string::npos);
    CHECK(tj::to_vector(target) == std::vector<float>{0, 0, 0, 0});
}

TEST_CASE("while_loop and if_stmt: several threads trace and run symbolic control flow at once") {
    // Each thread has its own mask stack and loop being traced; loop records live in the shared JIT state.
    constexpr int threads = 4, rounds = 25;
    std::vector<std::vector<int32_t>> got(threads), want(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            for (int r = 0; r < rounds; ++r) {
                std::vector<uint32_t> start = small_ints<uint32_t>(97, uint64_t(1000 * t + r), 1, 99999);
                UInt32 value(start);
                Int32 steps = tj::zeros<Int32>(start.size());
                Float hits = tj::zeros<Float>(2);
                tj::while_loop(
                    std::tie(value, steps), [](const UInt32 &v, const Int32 &) { return v != 1u; },
                    [&](UInt32 &v, Int32 &s) {
                        tj::if_stmt(
                            v % 2u == 0u, std::tie(v), [](UInt32 &v) { v = v / 2u; },
                            [&](UInt32 &v) {
                                tj::scatter_add(hits, Float(1.f), Int32(1));
                                v = v * 3u + 1u;
                            });
                        s += 1;
                    });
                std::vector<int32_t> s = tj::to_vector(steps);
                std::vector<float> h = tj::to_vector(hits);
                std::vector<int32_t> ref = map1(start, collatz_steps);
                int32_t odd_steps = 0;
                for (uint32_t n : start)
                    for (uint32_t v = n; v != 1; v = v % 2 == 0 ? v / 2 : 3 * v + 1)
                        odd_steps += v % 2;
                s.push_back(int32_t(h[1]));
                ref.push_back(odd_steps);
                got[size_t(t)].insert(got[size_t(t)].end(), s.begin(), s.end());
                want[size_t(t)].insert(want[size_t(t)].end(), ref.begin(), ref.end());
            }
        });
    for (std::thread &th : pool)
        th.join();
    for (int t = 0; t < threads; ++t)
        CHECK_MESSAGE(got[size_t(t)] == want[size_t(t)], "thread " << t);
}
