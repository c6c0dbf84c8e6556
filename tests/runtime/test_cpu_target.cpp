// tests/runtime/test_cpu_target.cpp — TRACEJIT_CPU and tj::set_cpu_target: CPU kernels for another CPU than the host
#include "backend/cpu/cpu_jit.h"
#include "backend/cpu/cpu_scan.h"
#include "backend/cpu/cpu_target.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "run_self.h"
#include "test_util.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <optional>
#include <tuple>
#include <utility>
#include <string>
#include <vector>

namespace {

/// Sets the CPU target for a scope and goes back to the host's after it.
struct TargetScope {
    explicit TargetScope(const std::string &cpu) { tj::set_cpu_target(cpu); }
    ~TargetScope() { tj::set_cpu_target("host"); }
    TargetScope(const TargetScope &) = delete;
    TargetScope &operator=(const TargetScope &) = delete;
};

bool x86() { return tj::cpu::host_target().triple.rfind("x86_64", 0) == 0; }

/// Inputs over [-20, 20): exp and sin over a range where both have work to do.
std::vector<float> inputs(size_t n) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = -20.f + 40.f * float((i * 2654435761u) % 1000003) / 1000003.f;
    return v;
}

struct Results {
    std::vector<float> fma, sin, exp;
    std::vector<int32_t> sum;
    float fsum = 0;
};

/// A few kernels: a product and an add (an FMA where the CPU has one), sin, exp, and sums. `salt` makes the literal
/// of each call's kernels its own (so that no kernel comes from an earlier call's cache).
Results run_kernels(const std::vector<float> &hx, float salt) {
    tj::Float x(hx);
    Results r;
    r.fma = tj::to_vector(x * (3.0625f + salt) + 1.f);
    r.sin = tj::to_vector(tj::sin(x + salt));
    r.exp = tj::to_vector(tj::exp(x * 0.25f + salt));
    tj::Int32 i = tj::arange<tj::Int32>(hx.size()) % 1000 - 500 + int32_t(salt * 8);
    r.sum = tj::to_vector(tj::sum(i * i));
    r.fsum = tj::to_vector(tj::sum(x + salt))[0];
    return r;
}

/// The IR and the assembly of the kernels compiled while `fn` runs (TRACEJIT_LOG=trace prints both).
template <typename F> std::pair<std::string, std::string> traced_code(F &&fn) {
    tj_test::LogCapture capture(tj::LogLevel::Trace);
    fn();
    std::string ir, assembly;
    std::lock_guard<std::mutex> guard(capture.mutex);
    for (const auto &[level, text] : capture.lines) {
        if (text.find("optimised kernel") != std::string::npos)
            ir += text;
        if (text.find("kernel assembly") != std::string::npos)
            assembly += text;
    }
    return {ir, assembly};
}

} // namespace

TEST_CASE("cpu target: the API names the effective CPU and host or empty go back to the host's") {
    tj::set_cpu_target("host");
    const std::string own = tj::cpu_target();
    CHECK(own == tj::cpu::host_cpu_name());
    CHECK(tj::cpu::host_target().cpu == own);
    if (!x86())
        return;
    {
        TargetScope v3("x86-64-v3");
        CHECK(tj::cpu_target() == "x86-64-v3");
        CHECK(tj::cpu::host_target().vector_bits == 256);
        CHECK(tj::cpu::host_target().vector_isa == 'd');
        CHECK(tj::cpu::target_key().find(" x86-64-v3 ") != std::string::npos);
        CHECK(tj::cpu::target_key().find("-avx512f") != std::string::npos);
        tj::set_cpu_target("");
        CHECK(tj::cpu_target() == own);
        tj::set_cpu_target("x86-64");
        CHECK(tj::cpu::host_target().vector_bits == 128);
    }
    CHECK(tj::cpu_target() == own);
}

TEST_CASE("cpu target: a name LLVM does not know is a tj::Error naming it and some valid names") {
    const std::string before = tj::cpu_target();
    try {
        tj::set_cpu_target("no-such-cpu-9");
        FAIL("no error for an unknown CPU name");
    } catch (const tj::Error &e) {
        const std::string what = e.what();
        CHECK(what.find("no-such-cpu-9") != std::string::npos);
        CHECK(what.find("host") != std::string::npos);
        CHECK(what.find(before) != std::string::npos);
        if (x86())
            CHECK(what.find("x86-64-v2") != std::string::npos);
    }
    CHECK(tj::cpu_target() == before); // unchanged
}

TEST_CASE("cpu target: a CPU with features the host lacks is refused with a tj::Error naming them") {
    if (!x86())
        return;
    // The first of these that this host cannot run (a host that runs them all has nothing to refuse here).
    std::string cpu;
    std::vector<std::string> missing;
    for (const char *name : {"x86-64-v4", "sapphirerapids", "graniterapids", "diamondrapids", "znver5"}) {
        missing = tj::cpu::features_missing_on_host(name);
        if (!missing.empty()) {
            cpu = name;
            break;
        }
    }
    if (cpu.empty()) {
        MESSAGE("this host runs every CPU tried; nothing to refuse");
        return;
    }
    CAPTURE(cpu);
    const std::string before = tj::cpu_target();
    try {
        tj::set_cpu_target(cpu);
        FAIL("no error for a CPU the host cannot run");
    } catch (const tj::Error &e) {
        const std::string what = e.what();
        CHECK(what.find(cpu) != std::string::npos);
        for (const std::string &f : missing)
            CHECK(what.find(f) != std::string::npos);
    }
    CHECK(tj::cpu_target() == before);
}

TEST_CASE("cpu target helper: x86-64-v3 kernels are AVX2 code and compute what the host's kernels do" *
          doctest::skip()) {
    // Run with TRACEJIT_CACHE=0: every kernel is compiled here, so its IR and assembly are logged.
    const std::vector<float> hx = inputs(100003); // a partial last vector too
    tj::set_cpu_target("host");
    Results host;
    auto [host_ir, host_asm] = traced_code([&] { host = run_kernels(hx, 0.03125f); });
    Results v3;
    std::string v3_ir, v3_asm;
    {
        TargetScope scope("x86-64-v3");
        std::tie(v3_ir, v3_asm) = traced_code([&] { v3 = run_kernels(hx, 0.03125f); });
    }
    REQUIRE(!v3_ir.empty());
    REQUIRE(!v3_asm.empty());
    CHECK(v3_ir.find("\"target-cpu\"=\"x86-64-v3\"") != std::string::npos);
    CHECK(v3_ir.find("\"prefer-vector-width\"=\"256\"") != std::string::npos);
    CHECK(v3_ir.find("+avx2") != std::string::npos);
    CHECK(v3_ir.find("+avx512") == std::string::npos);
    CHECK(v3_ir.find("_ZGVdN8v_expf") != std::string::npos); // libmvec's AVX2 variant
    CHECK(v3_ir.find("_ZGVeN") == std::string::npos);        // and not its AVX-512 one
    CHECK(v3_asm.find("%ymm") != std::string::npos);
    CHECK(v3_asm.find("%zmm") == std::string::npos);
    CHECK(v3_asm.find("%k1") == std::string::npos); // no AVX-512 mask register
    if (tj::cpu::host_has_avx512()) {               // the checks above see AVX-512 where it is
        CHECK(host_ir.find("+avx512f") != std::string::npos);
        CHECK(host_asm.find("%zmm") != std::string::npos);
    }
    CHECK(std::memcmp(host.fma.data(), v3.fma.data(), hx.size() * sizeof(float)) == 0);
    CHECK(std::memcmp(host.sin.data(), v3.sin.data(), hx.size() * sizeof(float)) == 0);
    CHECK(host.sum == v3.sum);
    CHECK(std::fabs(host.fsum - v3.fsum) <= 1e-4f * std::fabs(host.fsum) + 1e-3f); // lanes add in another order
    size_t exp_diff = 0;
    for (size_t i = 0; i < hx.size(); ++i) { // libmvec's AVX2 and AVX-512 exp: within one unit in the last place
        float a = host.exp[i], b = v3.exp[i];
        exp_diff += std::fabs(a - b) > std::fabs(a) * 1.2e-7f;
    }
    CHECK(exp_diff == 0);
}

TEST_CASE("cpu target: x86-64-v3 kernels are AVX2 code and compute what the host's kernels do") {
    if (!x86())
        return;
    CHECK(tj_test::run_self(
              "cpu target helper: x86-64-v3 kernels are AVX2 code and compute what the host's kernels do",
              {{"TRACEJIT_CACHE", "0"}, {"TRACEJIT_CPU", std::nullopt}}) == 0);
}

TEST_CASE("cpu target helper: texture lookups over 16M positions for x86-64-v3" * doctest::skip()) {
    // bench_texture's shape: the packed gathers' indices are computed a prefetch distance ahead, whose lanes past
    // the end of the positions must load nothing (a faulting load past the end crashed this on AVX2 code).
    const size_t n = size_t(16) << 20, side = 1024, channels = 4;
    std::vector<float> texels(side * side * channels), xs(n), ys(n);
    for (size_t i = 0; i < texels.size(); ++i)
        texels[i] = float((i * 2654435761u) % 1000) / 1000.f;
    for (size_t i = 0; i < n; ++i) {
        xs[i] = float((i * 2654435761u) % 1000003) / 1000003.f;
        ys[i] = float((i * 40503u + 7) % 999983) / 999983.f;
    }
    tj::Texture2f tex({side, side}, channels, tj::FilterMode::Linear, tj::WrapMode::Clamp);
    tex.set_value(tj::Float(texels));
    tj::Float x(xs), y(ys);
    auto lookup = [&] {
        std::vector<tj::Float> v = tex.eval({x, y});
        tj::eval(v[0], v[1], v[2], v[3]);
        std::vector<std::vector<float>> out;
        for (const tj::Float &c : v)
            out.push_back(tj::to_vector(c));
        return out;
    };
    tj::set_cpu_target("host");
    const std::vector<std::vector<float>> host = lookup();
    TargetScope scope("x86-64-v3");
    const std::vector<std::vector<float>> v3 = lookup();
    size_t differ = 0;
    for (size_t c = 0; c < channels; ++c)
        for (size_t i = 0; i < n; ++i)
            differ += std::fabs(host[c][i] - v3[c][i]) > 1e-6f; // FMA contraction may differ by a rounding
    CHECK(differ == 0);
}

TEST_CASE("cpu target: texture lookups for x86-64-v3 read no input past its end") {
    if (!x86())
        return;
    if (!tj::cpu::features_missing_on_host("x86-64-v3").empty()) {
        MESSAGE("skipped: the host runs no x86-64-v3 (AVX2) code");
        return;
    }
    CHECK(tj_test::run_self("cpu target helper: texture lookups over 16M positions for x86-64-v3",
                            {{"TRACEJIT_CPU", std::nullopt}}) == 0);
}

TEST_CASE("cpu target: a kernel compiled for one target is not found in memory for another") {
    if (!x86())
        return;
    const std::vector<float> hx = inputs(4096);
    tj::Float x(hx);
    auto eval = [&] { tj::eval(tj::exp(x * 0.3759765625f) + 2.5f); };
    tj::set_cpu_target("host");
    eval();
    tj::reset_kernel_stats();
    eval();
    CHECK(tj::kernel_stats().memory_hits == 1);
    {
        TargetScope scope("x86-64-v3");
        tj::reset_kernel_stats();
        eval();
        CHECK(tj::kernel_stats().memory_hits == 0);
        CHECK(tj::kernel_stats().misses + tj::kernel_stats().disk_hits == 1); // compiled or loaded for this target
        tj::reset_kernel_stats();
        eval();
        CHECK(tj::kernel_stats().memory_hits == 1);
    }
    tj::reset_kernel_stats();
    eval();
    CHECK(tj::kernel_stats().memory_hits == 1); // the host's kernel is still there
}

TEST_CASE("cpu target helper: one kernel per target in order and its source printed" * doctest::skip()) {
    // TJ_TEST_TARGETS: e.g. "host x86-64-v3 host x86-64-v3"; each step clears the memory level first.
    const char *steps = std::getenv("TJ_TEST_TARGETS");
    REQUIRE(steps != nullptr);
    tj::Float x(inputs(4096));
    std::string list = steps, out;
    for (size_t at = 0; at < list.size();) {
        size_t end = list.find(' ', at);
        if (end == std::string::npos)
            end = list.size();
        tj::set_cpu_target(list.substr(at, end - at));
        tj::clear_kernel_cache();
        tj::reset_kernel_stats();
        tj::eval(tj::sin(x * 0.6259765625f) + 1.5f);
        tj::KernelStats st = tj::kernel_stats();
        out += st.misses ? 'c' : st.disk_hits ? 'd' : 'm';
        at = end + 1;
    }
    std::printf("steps=%s\n", out.c_str());
    CHECK(!out.empty());
}

TEST_CASE("cpu target: the disk level keeps one entry per target and loads each only for its own") {
    if (!x86())
        return;
    tj_test::TempDir tmp;
    const std::string log = tmp.path + "/out.txt";
    auto run = [&](const std::string &targets) {
        tj_test::EnvChanges env = {{"TRACEJIT_CACHE_DIR", tmp.path + "/cache"},
                                   {"TJ_TEST_TARGETS", targets},
                                   {"TRACEJIT_CPU", std::nullopt}};
        pid_t pid = tj_test::spawn_self("cpu target helper: one kernel per target in order and its source printed", env,
                                        nullptr, log.c_str());
        REQUIRE(tj_test::wait_self(pid) == 0);
        std::ifstream in(log);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        size_t at = text.find("steps=");
        REQUIRE(at != std::string::npos);
        return text.substr(at + 6, text.find('\n', at) - at - 6);
    };
    // Compiled for each target once, then each loaded from disk for its own target only.
    CHECK(run("host x86-64-v3 host x86-64-v3 x86-64-v2") == "ccddc");
    CHECK(run("x86-64-v2 x86-64-v3 host") == "ddd");
}

TEST_CASE("cpu target helper: report the target TRACEJIT_CPU chose" * doctest::skip()) {
    tj_test::LogCapture capture(tj::LogLevel::Warn);
    const std::string cpu = tj::cpu_target(); // the first use reads TRACEJIT_CPU
    const char *expect = std::getenv("TJ_TEST_EXPECT_CPU");
    REQUIRE(expect != nullptr);
    const std::string want = std::string(expect) == "host" ? tj::cpu::host_cpu_name() : expect;
    CHECK(cpu == want);
    const char *env = std::getenv("TRACEJIT_CPU");
    REQUIRE(env != nullptr);
    // A value that cannot be used warns once, naming it (TJ_TEST_EXPECT_WARNING); one that can is silent.
    const bool warns = std::getenv("TJ_TEST_EXPECT_WARNING") != nullptr;
    CHECK(capture.count(tj::LogLevel::Warn, std::string("TRACEJIT_CPU=") + env) == (warns ? 1u : 0u));
    tj::Float x(inputs(1000));
    tj::eval(x * 2.f + 1.f); // kernels compile and run for it
    CHECK(tj::to_vector(x * 2.f + 1.f)[0] == inputs(1)[0] * 2.f + 1.f);
}

TEST_CASE("cpu target: TRACEJIT_CPU sets the initial target, and a bad value warns and keeps the host's") {
    if (!x86())
        return;
    auto run = [](const char *value, const char *expect, bool warns) {
        tj_test::EnvChanges env = {{"TRACEJIT_CPU", value}, {"TJ_TEST_EXPECT_CPU", expect}};
        env.push_back({"TJ_TEST_EXPECT_WARNING", warns ? std::optional<std::string>("1") : std::nullopt});
        return tj_test::run_self("cpu target helper: report the target TRACEJIT_CPU chose", env);
    };
    CHECK(run("x86-64-v3", "x86-64-v3", false) == 0);
    CHECK(run("not-a-cpu", "host", true) == 0);
    CHECK(run("host", "host", false) == 0);
}
