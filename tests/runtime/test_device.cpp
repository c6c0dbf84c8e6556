// tests/runtime/test_device.cpp — the Device interface on the CPU, the per-thread override, the recording device
#include "backend/device.h"
#include "freeze/recording_device.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "test_util.h"

#include <bit>
#include <thread>
#include <vector>

using tj::VarType;
using tj::detail::ReduceOp;
namespace backends = tj::backends;

namespace {

std::vector<float> to_host(backends::Device &dev, const void *buf, uint64_t n) {
    std::vector<float> out(n);
    dev.copy_to_host(out.data(), buf, VarType::Float32, n);
    return out;
}

/// An override that counts how often it is asked and hands out the CPU's device.
struct CountingOverride final : backends::DeviceOverride {
    int asked = 0;
    backends::Device &device_for(tj::Backend b) override {
        ++asked;
        return backends::device(b);
    }
    void before_host_read() override {}
    void before_pointer_access(const char *) override {}
};

} // namespace

TEST_CASE("device: the CPU's alloc, fill, copies and reductions") {
    backends::Device &dev = backends::device(tj::Backend::CPU);
    CHECK(dev.backend() == tj::Backend::CPU);
    CHECK(dev.uploads_without_lock());
    const uint64_t n = 100;
    void *a = dev.alloc(VarType::Float32, n);
    void *b = dev.alloc(VarType::Float32, n);
    dev.fill(a, VarType::Float32, n, std::bit_cast<uint32_t>(2.5f));
    CHECK(to_host(dev, a, n) == std::vector<float>(n, 2.5f));
    std::vector<float> ramp(n);
    for (uint64_t i = 0; i < n; ++i)
        ramp[i] = float(i);
    dev.copy_from_host(b, ramp.data(), VarType::Float32, n);
    dev.copy(a, b, VarType::Float32, n);
    CHECK(to_host(dev, a, n) == ramp);

    void *total = dev.alloc(VarType::Float32, 1), *blocks = dev.alloc(VarType::Float32, 10);
    dev.reduce(ReduceOp::Sum, VarType::Float32, a, n, 0, total); // block 0: the whole array
    CHECK(to_host(dev, total, 1)[0] == 4950.f);
    dev.reduce(ReduceOp::Max, VarType::Float32, a, n, 10, blocks);
    std::vector<float> maxima = to_host(dev, blocks, 10);
    for (int k = 0; k < 10; ++k)
        CHECK(maxima[k] == float(10 * k + 9));
    dev.reduce(ReduceOp::Sum, VarType::Float32, a, 0, 10, blocks); // nothing to reduce: nothing written
    CHECK(to_host(dev, blocks, 1)[0] == 9.f);
    for (void *p : {a, b, total})
        dev.free(p, VarType::Float32, p == total ? 1 : n);
    dev.free(blocks, VarType::Float32, 10);
    dev.free(nullptr, VarType::Float32, 10); // null does nothing
    CHECK_NOTHROW(dev.sync());
}

TEST_CASE("device: an override stands in for the devices on its own thread only") {
    CHECK(&backends::active_device(tj::Backend::CPU) == &backends::device(tj::Backend::CPU));
    CountingOverride o;
    backends::thread_override() = &o;
    backends::Device &mine = backends::active_device(tj::Backend::CPU);
    int asked_here = o.asked;
    std::thread other([&] { (void)backends::active_device(tj::Backend::CPU); });
    other.join();
    backends::thread_override() = nullptr;
    CHECK(&mine == &backends::device(tj::Backend::CPU));
    CHECK(asked_here == 1);
    CHECK(o.asked == 1); // the other thread went straight to the CPU's device
}

TEST_CASE("device: the recording device forwards each call and records it as a step") {
    using tj::freezing::RecordingDevice;
    using tj::freezing::StepKind;
    backends::Device &cpu = backends::device(tj::Backend::CPU);
    const uint64_t n = 64;
    void *input = cpu.alloc(VarType::Float32, n);
    cpu.fill(input, VarType::Float32, n, std::bit_cast<uint32_t>(1.f));

    RecordingDevice rec("probe", tj::Backend::CPU);
    rec.add_input(input, false, VarType::Float32, n);
    rec.end_inputs();
    CHECK(&rec.device_for(tj::Backend::CPU) == &rec);

    // A fill, a copy of the input, host data, a reduction: each runs on the CPU and becomes a step.
    void *filled = rec.alloc(VarType::Float32, n);
    rec.fill(filled, VarType::Float32, n, std::bit_cast<uint32_t>(3.f));
    void *copied = rec.alloc(VarType::Float32, n);
    rec.copy(copied, input, VarType::Float32, n);
    std::vector<float> host(n, 7.f);
    void *uploaded = rec.alloc(VarType::Float32, n);
    rec.copy_from_host(uploaded, host.data(), VarType::Float32, n);
    void *sum = rec.alloc(VarType::Float32, 1);
    rec.reduce(ReduceOp::Sum, VarType::Float32, filled, n, 0, sum);
    CHECK(to_host(cpu, filled, n)[5] == 3.f);
    CHECK(to_host(cpu, copied, n)[5] == 1.f);
    CHECK(to_host(cpu, uploaded, n)[5] == 7.f);
    CHECK(to_host(cpu, sum, 1)[0] == 192.f);

    const tj::freezing::Recording &r = rec.recording();
    REQUIRE(r.steps.size() == 4);
    CHECK(r.steps[0].kind == StepKind::Fill);
    CHECK(r.steps[1].kind == StepKind::Copy);
    CHECK(r.steps[1].in == 0); // the input's slot
    CHECK(r.steps[2].kind == StepKind::HostData);
    CHECK(r.steps[3].kind == StepKind::Reduce);
    CHECK(r.steps[3].block == 0);
    CHECK(r.steps[3].in == r.steps[0].out);
    CHECK(r.slots[r.steps[0].out].size.slot == 0); // a size inferred from the input's
    CHECK(r.slots[r.steps[2].out].size.slot == -1); // host data: a constant size

    // What cannot be replayed is a FreezeError naming the function, and records nothing.
    std::vector<float> out(n);
    std::string read = tj_test::error_of([&] { rec.copy_to_host(out.data(), filled, VarType::Float32, n); });
    CHECK(tj_test::contains(read, "probe"));
    CHECK(tj_test::contains(read, "tj::to_vector()"));
    void *foreign = cpu.alloc(VarType::Float32, n);
    std::string copy = tj_test::error_of([&] { rec.copy(copied, foreign, VarType::Float32, n); });
    CHECK(tj_test::contains(copy, "neither an input of the frozen function nor made inside it"));
    std::string other = tj_test::error_of([&] { (void)rec.device_for(tj::Backend::CUDA); });
    CHECK(tj_test::contains(other, "being recorded for the CPU"));
    CHECK(r.steps.size() == 4);

    for (void *p : {input, filled, copied, uploaded, foreign})
        cpu.free(p, VarType::Float32, n);
    cpu.free(sum, VarType::Float32, 1);
}
