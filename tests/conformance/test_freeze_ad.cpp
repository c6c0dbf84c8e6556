// tests/conformance/test_freeze_ad.cpp — Dr.Jit's tests/test_freeze_ad.py ported: AD inside frozen functions
//
// The cases are ported from Dr.Jit's tests/test_freeze_ad.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the
// C++ written anew. Dr.Jit's dr.kernel is tj::freeze; the model's parameters, which Dr.Jit passes through `state=`,
// are state here (`frozen.call(std::tie(params), args...)`); Python's mutation of an argument is std::ref. Each case
// also checks the frozen calls against the same function unfrozen. docs/conformance.md lists every test.
#include "conformance.h"

#include <functional>
#include <tuple>
#include <vector>

using namespace conf;

namespace {

/// Dr.Jit's inputs of widths that change per call: `base` repeated `times` times, plus an opaque i.
Float repeated(const std::vector<float> &base, int times, int i) {
    std::vector<float> v;
    for (int r = 0; r < times; ++r)
        v.insert(v.end(), base.begin(), base.end());
    return Float(v) + tj::opaque<Float>(float(i));
}

} // namespace

// Differs by design: grad(y) is 1, the seed the backward inside gave y, as tj::backward leaves it without freezing
// (docs/autodiff.md "Which gradients you see"; Dr.Jit 0): the port checks it against the unfrozen call.
TEST_CASE("test_freeze_ad.py test01_simple_ad_fully_inside") {
    FreezingOn on;
    auto body = [](Float &x) {
        tj::enable_grad(x);
        Float result = x * x;
        tj::backward(result);
        return result;
    };
    for (bool start_enabled : {true, false}) {
        INFO("start_enabled " << start_enabled);
        auto frozen = tj::freeze(body);
        for (int i = 0; i < 3; ++i) {
            Float x = Float({1.f, 2.f, 3.f}) + tj::opaque<Float>(float(i));
            if (start_enabled)
                tj::enable_grad(x);
            Float y = frozen(std::ref(x));
            check_close("y", y, x * x);
            check_close("grad x", tj::grad(x), 2.f * x);
            CHECK(tj::grad_enabled(x)); // the body's enable_grad reaches the caller's array
            Float u = Float({1.f, 2.f, 3.f}) + tj::opaque<Float>(float(i));
            if (start_enabled)
                tj::enable_grad(u);
            Float v = body(u);
            check_eq("grad y", tj::grad(y), tj::grad(v));
        }
        CHECK(n_recordings(frozen) == 1);
    }
}

// Differs by design: Dr.Jit ignores a set_grad on an array without gradients, tracejit raises a tj::Error (the
// body sets it only where x has them); and tj::grad of an array without gradients is zeros of its width, not a
// width-1 zero. The rest is Dr.Jit's: the body's grad-enabled changes reach the caller's arrays under SuspendGrad.
TEST_CASE("test_freeze_ad.py test02_suspend_resume") {
    FreezingOn on;
    for (int bits = 0; bits < 32; ++bits) {
        const bool params_start = bits & 1, params_end = bits & 2, inputs_start = bits & 4, inputs_end = bits & 8,
                   literal_grad = bits & 16;
        INFO("params " << params_start << "->" << params_end << ", inputs " << inputs_start << "->" << inputs_end
                       << ", literal grad " << literal_grad);
        Float params({1, 2, 3, 4, 5});
        auto eval = [&params](Float &x, bool p_end, bool x_end, bool literal) {
            UInt32 idx = tj::arange<UInt32>(x.size()) % uint32_t(params.size());
            Float result = x * tj::gather<Float>(params, idx);
            tj::ResumeGrad resume;
            set_grad_enabled(params, p_end);
            set_grad_enabled(x, x_end);
            if (literal && x_end)
                tj::set_grad(x, 6.66f);
            return result;
        };
        auto frozen = tj::freeze(eval);
        for (int i = 0; i < 3; ++i) {
            INFO("call " << i);
            Float x = repeated({0.1f, 0.2f, 0.3f, 0.4f, 0.5f}, i + 1, i);
            set_grad_enabled(params, params_start);
            set_grad_enabled(x, inputs_start);
            Float result;
            {
                tj::SuspendGrad suspend;
                result = frozen.call(std::tie(params), std::ref(x), params_end, inputs_end, literal_grad);
            }
            CHECK(!tj::grad_enabled(result));
            CHECK(tj::grad_enabled(params) == params_end);
            CHECK(tj::grad_enabled(x) == inputs_end);
            check_eq("grad params", tj::grad(params), tj::zeros<Float>(5));
            check_eq("grad x", tj::grad(x), tj::full<Float>(inputs_end && literal_grad ? 6.66f : 0.f, x.size()));
            check_close("result", result,
                        tj::detach(x) * tj::gather<Float>(tj::detach(params),
                                                          tj::arange<UInt32>(x.size()) % uint32_t(params.size())));
        }
    }
}

// The gradient of the parameters that a backward inside the body scatters through the gather, with the
// parameters replaced by a wider array at the fourth call.
TEST_CASE("test_freeze_ad.py test03_with_grad_scatter") {
    FreezingOn on;
    for (bool change_params_width : {false, true}) {
        INFO("change_params_width " << change_params_width);
        Float params = tj::arange<Float>(5) + 1.f;
        tj::enable_grad(params);
        auto kernel = [&params](const Float &x, const UInt32 &width) {
            UInt32 idx = tj::arange<UInt32>(x.size()) % width;
            tj::ResumeGrad resume;
            Float contrib = x * tj::gather<Float>(params, idx);
            tj::backward(contrib);
            return tj::detach(contrib);
        };
        auto frozen = tj::freeze(kernel);
        for (int i = 0; i < 6; ++i) {
            INFO("call " << i);
            Float x = repeated({1.f, 2.f, 3.f}, i + 1, i);
            if (change_params_width && i == 3) {
                params = tj::arange<Float>(10) + 1.f;
                tj::enable_grad(params);
            }
            tj::set_grad(params, 0.f);
            Float y;
            {
                tj::SuspendGrad suspend;
                y = frozen.call(std::tie(params), x, tj::opaque<UInt32>(uint32_t(params.size())));
            }
            CHECK(!tj::grad_enabled(x));
            CHECK(!tj::grad_enabled(y));
            CHECK(tj::grad_enabled(params));
            check_eq("grad y", tj::grad(y), tj::zeros<Float>(y.size()));
            check_eq("grad x", tj::grad(x), tj::zeros<Float>(x.size()));
            Float expect = tj::zeros<Float>(params.size());
            tj::scatter_add(expect, x, tj::arange<UInt32>(x.size()) % uint32_t(params.size()));
            check_close("grad params", tj::grad(params), expect);
        }
    }
}

// The freezing guide's training step: a backward inside accumulates into the parameters' gradient; the port also
// compares it with the unfrozen step.
TEST_CASE("test_freeze_ad.py test04_tutorial_example") {
    FreezingOn on;
    auto eval = [](const Float &inputs, const UInt32 &idx, const Float &params, float target, const Float &factor) {
        Float intermediate = tj::gather<Float>(params, idx);
        Float result = 0.5f * intermediate * intermediate * inputs;
        Float loss = (result - target) * (result - target) * factor;
        tj::backward(loss);
        return tj::detach(result);
    };
    auto frozen = tj::freeze(eval);
    Float params({1, 2, 3, 4, 5});
    for (int step = 0; step < 3; ++step) {
        tj::disable_grad(params);
        tj::enable_grad(params);
        check_eq("grad before", tj::grad(params), tj::zeros<Float>(5));
        Float inputs({0.1f, 0.2f, 0.3f});
        UInt32 idx({1, 2, 3});
        Float factor = 4096.f / tj::opaque<Float>(3.f);
        Float result = frozen(inputs, idx, params, 0.5f, factor);
        CHECK(!tj::grad_enabled(result));
        check_close("grad", tj::grad(params), {0.f, -163.84f, 655.36f, 6225.92f, 0.f}, 1e-5, 1e-3);
        Float plain_params({1, 2, 3, 4, 5});
        tj::enable_grad(plain_params);
        Float plain = eval(inputs, idx, plain_params, 0.5f, factor);
        check_close("result", result, plain);
        check_close("against unfrozen", tj::grad(params), tj::grad(plain_params));
    }
    // Fresh random inputs of another width replay against the unfrozen step.
    Float inputs = rand_f(40, 0, 1);
    UInt32 idx = rand_u(40, 0, 4);
    Float factor = 2.f / tj::opaque<Float>(40.f);
    tj::disable_grad(params);
    tj::enable_grad(params);
    Float result = frozen(inputs, idx, params, 0.25f, factor);
    Float plain_params({1, 2, 3, 4, 5});
    tj::enable_grad(plain_params);
    Float plain = eval(inputs, idx, plain_params, 0.25f, factor);
    check_close("random result", result, plain);
    check_close("random grad", tj::grad(params), tj::grad(plain_params), 1e-4, 1e-4);
}
