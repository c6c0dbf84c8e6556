// tests/ptx_exec/test_threads.cpp — barriers, shuffles with divergent warps, atomics under contention, calls
#include "test_util.h"

#include <numeric>

using namespace ptx_test;

namespace {

/// Threads reverse an array through shared memory; odd warps take a longer path before the barrier.
const std::string reverse_ptx = std::string(header) + R"(
.visible .entry k(.param .u64 out, .param .u64 in)
{
  .shared .align 4 .b8 buf[1024];
  .reg .b64 %rd<10>;
  .reg .b32 %r<10>;
  .reg .pred %p<3>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [in];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ntid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.u32 %r3, [%rd4];
  mov.u64 %rd5, buf;
  add.s64 %rd6, %rd5, %rd3;
  shr.u32 %r4, %r1, 5;
  and.b32 %r5, %r4, 1;
  setp.eq.s32 %p1, %r5, 0;
  @%p1 bra $even;
  mov.u32 %r6, 0;
$loop:
  add.s32 %r6, %r6, 1;
  setp.lt.s32 %p2, %r6, 100;
  @%p2 bra $loop;
  st.shared.u32 [%rd6], %r3;
  bar.sync 0;
  bra.uni $after;
$even:
  st.shared.u32 [%rd6], %r3;
  bar.sync 0;
$after:
  sub.s32 %r7, %r2, %r1;
  sub.s32 %r7, %r7, 1;
  mul.wide.u32 %rd7, %r7, 4;
  add.s64 %rd8, %rd5, %rd7;
  ld.shared.u32 %r8, [%rd8];
  add.s64 %rd9, %rd1, %rd3;
  st.global.u32 [%rd9], %r8;
  ret;
}
)";

/// A warp sum by shfl.sync.down; lanes with odd ids first add 1000 in a branch of their own (divergence).
const std::string warp_sum_ptx = std::string(header) + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b64 %rd<5>;
  .reg .b32 %r<12>;
  .reg .pred %p<3>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %r1;
  and.b32 %r3, %r1, 1;
  setp.eq.s32 %p1, %r3, 0;
  @%p1 bra $reduce;
  add.s32 %r2, %r2, 1000;
$reduce:
  shfl.sync.down.b32 %r4, %r2, 16, 31, -1;
  add.s32 %r2, %r2, %r4;
  shfl.sync.down.b32 %r4, %r2, 8, 31, -1;
  add.s32 %r2, %r2, %r4;
  shfl.sync.down.b32 %r4, %r2, 4, 31, -1;
  add.s32 %r2, %r2, %r4;
  shfl.sync.down.b32 %r4, %r2, 2, 31, -1;
  add.s32 %r2, %r2, %r4;
  shfl.sync.down.b32 %r4, %r2, 1, 31, -1;
  add.s32 %r2, %r2, %r4;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";

} // namespace

TEST_CASE("ptx threads: bar.sync waits for the whole CTA, also when warps take different paths to it") {
    const unsigned n = 256;
    std::vector<uint32_t> in(n), out(n, 0);
    std::iota(in.begin(), in.end(), 7u);
    Memory mem;
    const uint64_t o = mem.add(out), i = mem.add(in);
    launch(reverse_ptx, mem, {o, i}, 1, n);
    for (unsigned t = 0; t < n; ++t)
        CHECK(out[t] == in[n - 1 - t]);
}

TEST_CASE("ptx threads: shfl.sync.down sums a warp, lanes past the clamp keep their value, divergent lanes meet") {
    std::vector<uint32_t> out(64, 0);
    Memory mem;
    launch(warp_sum_ptx, mem, {mem.add(out)}, 1, 64);
    for (unsigned w = 0; w < 2; ++w) {
        uint32_t total = 0;
        for (unsigned l = 0; l < 32; ++l)
            total += w * 32 + l + (l & 1 ? 1000 : 0);
        CHECK(out[w * 32] == total);
        CHECK(out[w * 32 + 31] == 32 * (w * 32 + 31 + 1000)); // lane 31 reads beyond the clamp: its own values
    }
}

TEST_CASE("ptx threads: shfl.sync.up takes lane - b (lanes below b keep their value), .idx broadcasts one lane") {
    // out[t] = (value of lane t - 3, or t's own below lane 3) * 100 + value of lane 31 of the warp (values tid + 1)
    const std::string up_idx = std::string(header) + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b64 %rd<4>;
  .reg .b32 %r<8>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  add.s32 %r2, %r1, 1;
  shfl.sync.up.b32 %r3, %r2, 3, 0, -1;
  shfl.sync.idx.b32 %r4, %r2, 31, 31, -1;
  mul.lo.s32 %r5, %r3, 100;
  add.s32 %r5, %r5, %r4;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r5;
  ret;
}
)";
    std::vector<uint32_t> out(64, 0);
    Memory mem;
    launch(up_idx, mem, {mem.add(out)}, 1, 64);
    for (unsigned t = 0; t < 64; ++t) {
        const unsigned lane = t % 32, warp_base = t - lane;
        const unsigned from = lane >= 3 ? t - 3 : t;
        CHECK(out[t] == (from + 1) * 100 + (warp_base + 31 + 1));
    }
}

TEST_CASE("ptx threads: a barrier that exited threads never reach, and a shuffle reading an exited lane, are reported") {
    const std::string early_exit = std::string(header) + R"(
.visible .entry k()
{
  .reg .b32 %r<3>;
  .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
  setp.gt.u32 %p1, %r1, 3;
  @%p1 ret;
  bar.sync 0;
  ret;
}
)";
    Memory mem;
    std::string e = error_of([&] { launch(early_exit, mem, {}, 1, 8); });
    CHECK(e.find("kernel k") != std::string::npos);
    CHECK(e.find("bar.sync") != std::string::npos);
    CHECK(e.find("exited") != std::string::npos);

    const std::string half_shuffle = std::string(header) + R"(
.visible .entry k()
{
  .reg .b32 %r<3>;
  .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
  setp.gt.u32 %p1, %r1, 15;
  @%p1 ret;
  shfl.sync.down.b32 %r2, %r1, 1, 31, -1;
  ret;
}
)";
    e = error_of([&] { launch(half_shuffle, mem, {}, 1, 32); });
    CHECK(e.find("shfl.sync reads lane 16") != std::string::npos);

    const std::string split_barriers = std::string(header) + R"(
.visible .entry k()
{
  .reg .b32 %r<3>;
  .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
  setp.gt.u32 %p1, %r1, 31;
  @%p1 bra $other;
  bar.sync 0;
  ret;
$other:
  bar.sync 0;
  ret;
}
)";
    // Warps may meet at barrier 0 through different bar.sync instructions (sm_70); the CTA still waits for all.
    CHECK(error_of([&] { launch(split_barriers, mem, {}, 1, 64); }).empty());
}

TEST_CASE("ptx threads: atomics are atomic under contention of many threads in many CTAs") {
    const std::string ptx = std::string(header) + R"(
.visible .entry k(.param .u64 counters)
{
  .reg .b64 %rd<6>;
  .reg .b32 %r<10>;
  .reg .f32 %f<3>;
  .reg .f64 %fd<3>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [counters];
  mov.u32 %r1, %tid.x;
  atom.global.add.u32 %r2, [%rd1], 1;
  atom.global.max.s32 %r3, [%rd1+4], %r1;
  atom.global.min.u32 %r3, [%rd1+8], %r1;
  atom.global.or.b32 %r3, [%rd1+12], 1;
  atom.global.add.f32 %f1, [%rd1+16], 0f3F800000;
  atom.global.add.f64 %fd1, [%rd1+24], 0d3FF0000000000000;
$retry:
  ld.volatile.global.u32 %r4, [%rd1+32];
  add.s32 %r5, %r4, 2;
  atom.global.cas.b32 %r6, [%rd1+32], %r4, %r5;
  setp.ne.s32 %p1, %r6, %r4;
  @%p1 bra $retry;
  ret;
}
)";
    std::vector<uint64_t> c(5, 0);
    uint32_t *w = reinterpret_cast<uint32_t *>(c.data());
    w[2] = 0xffffffffu;
    Memory mem;
    launch(ptx, mem, {mem.add(c)}, 8, 256);
    CHECK(w[0] == 2048);
    CHECK(w[1] == 255);
    CHECK(w[2] == 0);
    CHECK(w[3] == 1);
    CHECK(std::bit_cast<float>(w[4]) == 2048.f);
    CHECK(std::bit_cast<double>(c[3]) == 2048.0);
    CHECK(w[8] == 4096);
}

TEST_CASE("ptx threads: atom.add.f32 flushes subnormal inputs and results to zeros of their sign, f64 does not") {
    // As on the GPU (seen on an H200, docs/cuda.md "Float32 scatter_add"): the f32 atomic add, whose result the
    // backend's scatter_add drops (red.global.add.f32), treats a subnormal in memory or in the operand as a zero.
    const std::string ptx = std::string(header) + R"(
.visible .entry k(.param .u64 cells)
{
  .reg .b64 %rd<2>;
  .reg .f32 %f<6>;
  .reg .f64 %fd<2>;
  ld.param.u64 %rd1, [cells];
  atom.global.add.f32 %f1, [%rd1], 0f00000000;
  atom.global.add.f32 %f2, [%rd1+4], 0f80000001;
  atom.global.add.f32 %f3, [%rd1+8], 0f80800000;
  atom.global.add.f32 %f4, [%rd1+12], 0f80000000;
  atom.global.add.f32 %f5, [%rd1+16], 0f00000001;
  atom.global.add.f64 %fd1, [%rd1+24], 0d0000000000000000;
  ret;
}
)";
    std::vector<uint64_t> c(4, 0);
    float *w = reinterpret_cast<float *>(c.data());
    w[0] = 0x1p-140f;            // a subnormal in memory, plus +0
    w[1] = 0x1p-126f;            // the smallest normal, plus minus the smallest subnormal
    w[2] = 0x1.8p-126f;          // 1.5 times the smallest normal, minus the smallest normal: a subnormal result
    w[3] = -0x1p-140f;           // a negative subnormal, plus -0
    w[4] = 1.f;                  // a normal value, plus a subnormal that is lost as in plain rounding
    c[3] = std::bit_cast<uint64_t>(0x1p-1070); // a subnormal double stays
    Memory mem;
    launch(ptx, mem, {mem.add(c)}, 1, 1);
    CHECK(std::bit_cast<uint32_t>(w[0]) == 0u);
    CHECK(w[1] == 0x1p-126f);
    CHECK(std::bit_cast<uint32_t>(w[2]) == 0u);
    CHECK(std::bit_cast<uint32_t>(w[3]) == 0x80000000u);
    CHECK(w[4] == 1.f);
    CHECK(std::bit_cast<double>(c[3]) == 0x1p-1070);
}

TEST_CASE("ptx threads: a .func call passes parameters and the return value, and has its own local memory") {
    const std::string ptx = std::string(header) + R"(
.func (.param .b64 func_retval0) twice(.param .b64 twice_param_0, .param .b32 twice_param_1);
.visible .entry k(.param .u64 out)
{
  .reg .b64 %rd<5>;
  .reg .b32 %r<3>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  cvt.u64.u32 %rd2, %r1;
  { // callseq 0, 0
  .param .b64 param0;
  st.param.b64 [param0+0], %rd2;
  .param .b32 param1;
  st.param.b32 [param1+0], 5;
  .param .b64 retval0;
  call.uni (retval0),
  twice,
  (
  param0,
  param1
  );
  ld.param.b64 %rd3, [retval0+0];
  } // callseq 0
  shl.b64 %rd4, %rd2, 3;
  add.s64 %rd4, %rd1, %rd4;
  st.global.u64 [%rd4], %rd3;
  ret;
}
.func (.param .b64 func_retval0) twice(.param .b64 twice_param_0, .param .b32 twice_param_1)
{
  .local .align 8 .b8 __local_depot1[16];
  .reg .b64 %SP;
  .reg .b64 %SPL;
  .reg .b64 %rd<4>;
  .reg .b32 %r<2>;
  mov.u64 %SPL, __local_depot1;
  cvta.local.u64 %SP, %SPL;
  ld.param.b64 %rd1, [twice_param_0];
  ld.param.b32 %r1, [twice_param_1];
  st.local.u64 [%SPL+8], %rd1;
  ld.u64 %rd2, [%SP+8];
  add.s64 %rd2, %rd2, %rd2;
  cvt.u64.u32 %rd3, %r1;
  add.s64 %rd2, %rd2, %rd3;
  st.param.b64 [func_retval0+0], %rd2;
  ret;
}
)";
    std::vector<uint64_t> out(40, 0);
    Memory mem;
    launch(ptx, mem, {mem.add(out)}, 1, 40);
    for (uint64_t t = 0; t < 40; ++t)
        CHECK(out[t] == 2 * t + 5);
}

TEST_CASE("ptx threads: special registers of a 3D block in a 2D grid: tid, ntid, ctaid, nctaid, laneid, warpid, lane masks") {
    const std::string ptx = std::string(header) + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b64 %rd<4>;
  .reg .b32 %r<20>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %tid.y;
  mov.u32 %r3, %tid.z;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r5, %ntid.y;
  mov.u32 %r6, %ctaid.x;
  mov.u32 %r7, %ctaid.y;
  mov.u32 %r8, %nctaid.x;
  mov.u32 %r9, %laneid;
  mov.u32 %r10, %warpid;
  mov.u32 %r11, %lanemask_lt;
  mov.u32 %r16, %nctaid.y;
  mad.lo.s32 %r12, %r3, %r5, %r2;
  mad.lo.s32 %r12, %r12, %r4, %r1;
  mad.lo.s32 %r13, %r7, %r8, %r6;
  mul.lo.s32 %r14, %r4, %r5;
  mov.u32 %r17, %ntid.z;
  mul.lo.s32 %r14, %r14, %r17;
  mad.lo.s32 %r15, %r13, %r14, %r12;
  mul.wide.u32 %rd2, %r15, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r9, %r10, %r11, %r16};
  ret;
}
)";
    const unsigned bx = 8, by = 5, bz = 2, gx = 3, gy = 2, threads = bx * by * bz;
    std::vector<uint32_t> out(4 * threads * gx * gy, 0);
    Memory mem;
    uint64_t o = mem.add(out);
    void *params[] = {&o};
    ptx_exec::Program program(ptx);
    ptx_exec::LaunchShape shape;
    shape.grid[0] = gx, shape.grid[1] = gy, shape.block[0] = bx, shape.block[1] = by, shape.block[2] = bz;
    program.launch("k", shape, params, mem.check());
    for (unsigned c = 0; c < gx * gy; ++c)
        for (unsigned t = 0; t < threads; ++t) {
            const uint32_t *v = &out[4 * (c * threads + t)];
            CHECK(v[0] == t % 32);
            CHECK(v[1] == t / 32);
            CHECK(v[2] == (1u << (t % 32)) - 1);
            CHECK(v[3] == gy);
        }
}
