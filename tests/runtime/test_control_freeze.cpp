// tests/runtime/test_control_freeze.cpp — symbolic loops and branches inside frozen functions: replays equal plain
// calls on fresh inputs of several sizes, and launch as many kernels as the recording
#include "freeze_check.h"

#include <tracejit/control.h>

#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

using namespace tjtest;
using tj::Float, tj::Int32, tj::UInt32;

namespace {

/// Sizes of the calls: the first records, the others replay (sizes follow the input's).
constexpr size_t call_sizes[] = {1000, 7, 100003, 1000, 33};

/// Fresh positive inputs for each call.
Float positive_input(size_t n, uint64_t seed) { return Float(uniform_values<float>(n, seed, 1, 1e4)); }

/// Shrinks each value below 2, halving on even steps and taking the square root on odd ones; counts the steps.
std::tuple<Float, Int32> shrink(const Float &x) {
    Float v = x;
    Int32 steps = tj::zeros<Int32>(x.size());
    tj::while_loop(
        std::tie(v, steps), [](const Float &v, const Int32 &) { return v >= 2.f; },
        [](Float &v, Int32 &s) {
            tj::if_stmt(
                s % 2 == 0, std::tie(v), [](Float &v) { v = v / 2.f; }, [](Float &v) { v = tj::sqrt(v); });
            s += 1;
        });
    return {v, steps};
}

/// The same in plain C++.
std::tuple<std::vector<float>, std::vector<int32_t>> shrink_reference(const std::vector<float> &x) {
    std::vector<float> v(x.size());
    std::vector<int32_t> s(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        float a = x[i];
        int32_t k = 0;
        while (a >= 2.f) {
            a = k % 2 == 0 ? a / 2.f : std::sqrt(a);
            ++k;
        }
        v[i] = a;
        s[i] = k;
    }
    return {v, s};
}

/// A histogram of the steps of `shrink`, made by a scatter_add inside a branch inside the loop.
Int32 step_histogram(const Float &x, const Int32 &bins) {
    Float v = x;
    Int32 hist = bins, steps = tj::zeros<Int32>(x.size());
    tj::while_loop(
        std::tie(v, steps), [](const Float &v, const Int32 &) { return v >= 2.f; },
        [&](Float &v, Int32 &s) {
            tj::if_stmt(
                s % 2 == 0, std::tie(v), [](Float &v) { v = v / 2.f; },
                [&](Float &v) {
                    v = tj::sqrt(v);
                    tj::scatter_add(hist, Int32(1), tj::cast<uint32_t>(s) % uint32_t(hist.size()));
                });
            s += 1;
        });
    return hist;
}

} // namespace

TEST_CASE("freeze: a function with a while_loop and an if_stmt, frozen and plain on fresh inputs") {
    auto frozen = tj::freeze(shrink);
    uint64_t recording_launches = 0;
    for (size_t call = 0; call < std::size(call_sizes); ++call) {
        size_t n = call_sizes[call];
        CAPTURE(n);
        Float x = positive_input(n, 401 + call);
        tj::eval(x);
        std::tuple<Float, Int32> got;
        uint64_t frozen_launches = launches_during([&] {
            got = frozen(x);
            tj::eval(std::get<0>(got), std::get<1>(got));
        });
        uint64_t plain_launches = launches_during([&] {
            auto plain = shrink(x);
            tj::eval(std::get<0>(plain), std::get<1>(plain));
            check_same("frozen vs plain", got, plain);
        });
        auto [ref_v, ref_s] = shrink_reference(tj::to_vector(x));
        check_exact("frozen vs C++: value", std::get<0>(got), ref_v);
        check_exact("frozen vs C++: steps", std::get<1>(got), ref_s);
        CHECK(plain_launches == 1); // the loop, the branch and both outputs: one kernel
        if (call == 0)
            recording_launches = frozen_launches;
        else
            CHECK(frozen_launches == recording_launches);
    }
    tj::FreezeStats st = frozen.stats();
    CHECK(st.recordings == 1);
    CHECK(st.replays == std::size(call_sizes) - 1);
}

TEST_CASE("freeze: a scatter_add inside a branch inside a loop replays its side effect") {
    auto frozen = tj::freeze(step_histogram);
    const size_t bins = 8;
    for (size_t call = 0; call < std::size(call_sizes); ++call) {
        size_t n = call_sizes[call];
        CAPTURE(n);
        Float x = positive_input(n, 411 + call);
        Int32 empty = tj::zeros<Int32>(bins);
        tj::eval(x, empty);
        Int32 got = frozen(x, empty);
        Int32 plain = step_histogram(x, empty);
        check_same("frozen vs plain", got, plain);
        std::vector<int32_t> ref(bins, 0);
        for (float a : tj::to_vector(x)) {
            int32_t k = 0;
            while (a >= 2.f) {
                if (k % 2 == 0)
                    a = a / 2.f;
                else {
                    a = std::sqrt(a);
                    ref[size_t(k) % bins] += 1;
                }
                ++k;
            }
        }
        check_exact("histogram vs C++", got, ref);
        check_exact("the input is not modified", empty, std::vector<int32_t>(bins, 0));
    }
    CHECK(frozen.stats().replays > 0);
}
