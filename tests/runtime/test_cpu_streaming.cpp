// tests/runtime/test_cpu_streaming.cpp — launches that stream (non-temporal stores), and the rule
//
// A CPU launch whose element-wise inputs and outputs reach the last-level cache writes its outputs with non-temporal
// stores in whole vectors (the last partial vector with a masked store)
// (runtime/backend/cpu/cpu_streaming.h, cpu_device.cpp, cpu_lowering.cpp). The op tests stay below that size; here
// fused kernels of each element size stream at 2^21 elements and one partial vector past it (the rule's cache set
// small, so that they stream on any machine), against the scalar results.
#include "fused_check.h"

#include "backend/cpu/cpu_streaming.h"
#include "kernel/kernel_ir.h"

using namespace tjtest;

namespace {

/// Sets the cache size the streaming rule decides by, for one test.
struct StreamingCache {
    explicit StreamingCache(uint64_t bytes) { tj::cpu::set_streaming_cache(bytes); }
    ~StreamingCache() { tj::cpu::set_streaming_cache(0); }
};

} // namespace

TEST_CASE("streaming launches: float32, float64, int32 and bool results equal the scalar ones, partial vector too") {
    StreamingCache small(1 << 20); // every launch below streams
    for (size_t n : {size_t(1) << 21, (size_t(1) << 21) + 37}) {
        CAPTURE(n);
        FusedInputs in(n);
        FusedResults fused(in);
        tj::Float with_sin = in.A * in.B + tj::sin(in.A);
        tj::eval(fused.sum_prod, fused.shifted, fused.smaller, fused.greater, with_sin);
        check_fused(in, fused);
        // a*b + sin(a): a*b may contract into an fma, sin is within 4 ulp; the bound scales with the terms.
        const double eps = std::numeric_limits<float>::epsilon();
        std::vector<float> got = tj::to_vector(with_sin);
        size_t bad = 0;
        for (size_t i = 0; i < n; ++i) {
            double ab = double(in.a[i]) * in.b[i], s = std::sin(double(in.a[i]));
            bad += std::fabs(got[i] - (ab + s)) > 8 * eps * (std::fabs(ab) + std::fabs(s));
        }
        CHECK_MESSAGE(bad == 0, bad << " results of a*b + sin(a) are off by more than a few ulp");
    }
}

TEST_CASE("streaming launches: frozen replays and gradients of a streaming kernel equal the plain ones") {
    StreamingCache small(1 << 20); // every launch below streams (non-temporal stores, inputs prefetched ahead)
    const size_t n = (size_t(1) << 21) + 37;
    auto body = [](const tj::Float &a, const tj::Float &b) { return a * b + tj::sin(a); };
    auto frozen = tj::freeze(body);
    for (int call = 0; call < 3; ++call) { // records, then replays on fresh inputs
        CAPTURE(call);
        std::vector<float> ha(n), hb(n);
        for (size_t i = 0; i < n; ++i) {
            ha[i] = float((i * 2654435761u + call) % 1000003) / 250000.f - 2.f;
            hb[i] = float((i * 40503u + 3 * call) % 999983) / 500000.f;
        }
        tj::Float a(ha), b(hb);
        std::vector<float> want = tj::to_vector(body(a, b)), got = tj::to_vector(frozen(a, b));
        CHECK(want == got);
    }
    // d/da (a*b + sin(a)) = b + cos(a), through the same streaming launches.
    std::vector<float> ha(n), hb(n);
    for (size_t i = 0; i < n; ++i)
        ha[i] = float(i % 1000) / 300.f, hb[i] = float(i % 77) / 7.f;
    tj::Float a(ha), b(hb);
    tj::enable_grad(a);
    tj::backward(tj::sum(body(a, b)));
    std::vector<float> g = tj::to_vector(tj::grad(a));
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i)
        bad += std::fabs(g[i] - (hb[i] + std::cos(ha[i]))) > 1e-5f * (1.f + std::fabs(hb[i]));
    CHECK(bad == 0);
}

TEST_CASE("streaming rule: a launch streams when its inputs and outputs reach the last-level cache") {
    using tj::cpu::streams;
    const uint64_t mib = 1 << 20, cache = 32 * mib;
    // a*b + c (16 bytes per element): cached at 2^20 (16 MiB), streamed from 2^21 (32 MiB).
    CHECK_FALSE(streams(uint64_t(1) << 20, 16, cache));
    CHECK(streams(uint64_t(1) << 21, 16, cache));
    // a*2 (8 bytes per element): cached at 2^21 (16 MiB: the next kernel finds it in the cache), streamed at 2^22.
    CHECK_FALSE(streams(uint64_t(1) << 21, 8, cache));
    CHECK(streams(uint64_t(1) << 22, 8, cache));
    CHECK_FALSE(streams(uint64_t(1) << 22, 8, cache + 1)); // (rounded up: the data must reach the cache)
    CHECK_FALSE(streams(uint64_t(1) << 30, 0, cache));     // nothing moved element-wise: scatters only
    CHECK(tj::cpu::last_level_cache() > 0);
}

TEST_CASE("streaming rule: a cache reported for few CPUs counts at most 16 MiB per CPU") {
    using tj::cpu::count_cpu_list;
    using tj::cpu::usable_cache;
    const uint64_t mib = 1 << 20;
    CHECK(count_cpu_list("0-1") == 2);
    CHECK(count_cpu_list("3") == 1);
    CHECK(count_cpu_list("0,2-5,8") == 6);
    CHECK(count_cpu_list("0-63") == 64);
    for (const char *bad : {"", "-1", "1-", "2-1", "0,", " 1", "0-1x", "a"}) {
        CAPTURE(bad);
        CHECK(count_cpu_list(bad) == 0);
    }
    CHECK(usable_cache(260 * mib, 2) == 32 * mib); // a virtual machine reporting its host's cache
    CHECK(usable_cache(32 * mib, 2) == 32 * mib);  // a core complex's cache: unchanged
    CHECK(usable_cache(105 * mib, 56) == 105 * mib);
    CHECK(usable_cache(260 * mib, 0) == 260 * mib); // sharing unknown: as reported
}

TEST_CASE("streaming rule: element bytes count each loaded input once and each output, not gather sources") {
    using namespace tj;
    KernelIR ir;
    ir.params = {ParamKind::Input, ParamKind::Input, ParamKind::Output,
                 ParamKind::Input, ParamKind::Size,  ParamKind::Output};
    auto instr = [&](InstrKind kind, VarType t, uint32_t a, uint32_t c = 0) {
        Instr ins;
        ins.kind = kind;
        ins.op = kind == InstrKind::Compute ? detail::Op::Gather : detail::Op::Count;
        ins.type = t;
        ins.a = a;
        ins.c = c;
        ir.instrs.push_back(ins);
    };
    instr(InstrKind::Load, VarType::Float32, 0);
    instr(InstrKind::Load, VarType::Float32, 0); // the same input again: counted once
    instr(InstrKind::Load, VarType::Float64, 1);
    instr(InstrKind::Compute, VarType::Int32, 0, 3); // a gather from param 3: not per element
    instr(InstrKind::Bcast, VarType::Float32, 3);    // its first element: not per element either
    instr(InstrKind::Store, VarType::Bool, 2);
    instr(InstrKind::Store, VarType::UInt64, 5);
    CHECK(element_bytes(ir) == 4 + 8 + 1 + 8);
}
