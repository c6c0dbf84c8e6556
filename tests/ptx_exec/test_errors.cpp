// tests/ptx_exec/test_errors.cpp — what stops a launch: unsupported forms, bad accesses; and the engine's speed
#include "test_util.h"

#include <chrono>
#include <cstdlib>

using namespace ptx_test;

TEST_CASE("ptx errors: an instruction outside the implemented set stops the launch, naming it and the kernel") {
    const std::string ptx = std::string(header) + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
  setp.gt.u32 %p1, %r1, 1000;
  @%p1 bra $never;
  ret;
$never:
  popc.b32 %r2, %r1;
  ret;
}
)";
    Memory mem;
    const std::string e = error_of([&] { launch(ptx, mem, {0}); });
    CHECK(e.find("kernel k") != std::string::npos);
    CHECK(e.find("popc.b32") != std::string::npos); // even where no thread would reach it
    CHECK(e.find("line 14") != std::string::npos);
    // A modifier the implemented form lacks, and a directive, are errors too.
    CHECK(error_of([&] { launch(std::string(header) + ".visible .entry k()\n{\n.reg .f32 %f<3>;\nadd.rn.sat.f32 %f1, %f2, %f2;\nret;\n}\n", mem, {}); })
              .find("modifier .sat") != std::string::npos);
    CHECK(error_of([&] { launch(std::string(header) + ".visible .entry k()\n{\n.maxnreg 32;\nret;\n}\n", mem, {}); })
              .find(".maxnreg") != std::string::npos);
}

TEST_CASE("ptx errors: accesses outside the allocations, misaligned ones and shared overruns stop the launch") {
    const std::string ptx = std::string(header) + R"(
.visible .entry k(.param .u64 out, .param .u64 offset)
{
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [offset];
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], 1;
  ret;
}
)";
    std::vector<uint32_t> out(4, 0);
    Memory mem;
    const uint64_t o = mem.add(out);
    CHECK(error_of([&] { launch(ptx, mem, {o, 12}); }).empty());
    CHECK(out[3] == 1);
    const std::string e = error_of([&] { launch(ptx, mem, {o, 16}); });
    CHECK(e.find("outside the memory of its state space") != std::string::npos);
    CHECK(e.find("st.global.u32") != std::string::npos);
    CHECK(error_of([&] { launch(ptx, mem, {o, 2}); }).find("misaligned") != std::string::npos);
    const std::string shared = std::string(header) +
                               ".visible .entry k()\n{\n.shared .align 4 .b8 s[8];\n.reg .b64 %rd<2>;\n"
                               "mov.u64 %rd1, s;\nst.shared.u32 [%rd1+8], 1;\nret;\n}\n";
    CHECK(error_of([&] { launch(shared, mem, {}); }).find("outside the memory") != std::string::npos);
}

TEST_CASE("ptx errors: a launch that exceeds its instruction budget is stopped, not left hanging") {
    const std::string ptx = std::string(header) + ".visible .entry k()\n{\n$spin:\nbra.uni $spin;\n}\n";
    setenv("TJ_PTX_EXEC_MAX_INSTRUCTIONS", "100000", 1);
    Memory mem;
    const std::string e = error_of([&] { launch(ptx, mem, {}); });
    unsetenv("TJ_PTX_EXEC_MAX_INSTRUCTIONS");
    CHECK(e.find("ran more than 100000 instructions") != std::string::npos);
    CHECK(e.find("kernel k") != std::string::npos);
}

TEST_CASE("ptx speed: simple instructions per second on one core (printed, not asserted)") {
    // Each thread runs a counting loop of three instructions per iteration.
    const std::string ptx = std::string(header) + R"(
.visible .entry k(.param .u64 out, .param .u32 n)
{
  .reg .b64 %rd<4>;
  .reg .b32 %r<6>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
$loop:
  add.s32 %r3, %r3, %r2;
  add.s32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, %r1;
  @%p1 bra $loop;
  mov.u32 %r4, %tid.x;
  mul.wide.u32 %rd2, %r4, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
)";
    std::vector<uint32_t> out(256, 0);
    Memory mem;
    ptx_exec::Program program(ptx);
    uint64_t o = mem.add(out), n = 20000;
    void *params[] = {&o, &n};
    ptx_exec::LaunchShape shape;
    shape.block[0] = 256;
    const uint64_t before = ptx_exec::instructions_executed();
    const auto start = std::chrono::steady_clock::now();
    program.launch("k", shape, params, mem.check());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const uint64_t executed = ptx_exec::instructions_executed() - before;
    CHECK(out[255] == uint32_t(uint64_t(n) * (n - 1) / 2));
    CHECK(executed > 256 * 4 * n);
    MESSAGE("ptx_exec speed: " << executed << " instructions in " << seconds << " s = " << executed / seconds / 1e6
                               << " million instructions per second");
}
