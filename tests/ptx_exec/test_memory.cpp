// tests/ptx_exec/test_memory.cpp — loads and stores of every width, vectors, sign extension, generic addressing
#include "test_util.h"

#include <cstring>

using namespace ptx_test;

TEST_CASE("ptx memory: vector loads, byte loads with and without sign extension, packing moves, byte stores") {
    const std::string ptx = std::string(header) + R"(
.visible .entry k(.param .u64 out, .param .u64 in)
{
  .reg .b64 %rd<12>;
  .reg .b32 %r<12>;
  .reg .b16 %rs<6>;
  .reg .f32 %f<6>;
  .reg .f64 %fd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [in];
  ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd2];
  add.rn.f32 %f5, %f1, %f4;
  st.global.f32 [%rd1], %f5;
  ld.global.nc.v2.f64 {%fd1, %fd2}, [%rd2+16];
  sub.rn.f64 %fd3, %fd2, %fd1;
  st.global.f64 [%rd1+8], %fd3;
  ld.global.nc.v4.u32 {%r1, %r2, %r3, %r4}, [%rd2];
  ld.global.nc.v2.u32 {%r5, _}, [%rd2+8];
  xor.b32 %r6, %r1, %r5;
  st.global.u32 [%rd1+16], %r6;
  ld.s8 %rs1, [%rd2+32];
  cvt.u32.u16 %r7, %rs1;
  st.global.u32 [%rd1+20], %r7;
  ld.global.nc.u8 %rs2, [%rd2+32];
  cvt.u32.u16 %r8, %rs2;
  st.global.u32 [%rd1+24], %r8;
  ld.v2.u8 {%rs3, %rs4}, [%rd2+32];
  st.v2.u8 [%rd1+28], {%rs4, %rs3};
  st.global.u8 [%rd1+30], %rs3;
  st.u16 [%rd1+32], %rs3;
  mov.b64 {%r9, %r10}, %fd2;
  mov.b64 %rd3, {%r10, %r9};
  st.global.u64 [%rd1+40], %rd3;
  ld.volatile.global.u64 %rd4, [%rd2+16];
  st.global.u64 [%rd1+48], %rd4;
  ld.global.nc.v2.u64 {%rd5, %rd6}, [%rd2+16];
  add.s64 %rd7, %rd5, %rd6;
  st.global.u64 [%rd1+56], %rd7;
  ret;
}
)";
    std::vector<uint64_t> in(6, 0), out(8, 0);
    const float f[4] = {1.5f, 2.f, 3.f, 4.25f};
    std::memcpy(in.data(), f, 16);
    const double d[2] = {1.0, 3.5};
    std::memcpy(in.data() + 2, d, 16);
    in[4] = 0x7f80; // bytes 0x80, 0x7f
    Memory mem;
    launch(ptx, mem, {mem.add(out), mem.add(in)});
    float f0;
    std::memcpy(&f0, out.data(), 4);
    CHECK(f0 == 5.75f);
    CHECK(as_f64(out[1]) == 2.5);
    const uint32_t *w = reinterpret_cast<const uint32_t *>(out.data());
    CHECK(w[4] == (std::bit_cast<uint32_t>(1.5f) ^ std::bit_cast<uint32_t>(3.f)));
    CHECK(w[5] == 0xff80u);              // ld.s8 sign-extends into the 16-bit register
    CHECK(w[6] == 0x80u);                // ld.u8 does not
    CHECK((w[7] & 0xffffff) == 0x80807f); // st.v2.u8 {0x7f, 0x80}, then st.u8 0x80
    CHECK((out[4] & 0xffff) == 0x0080);  // st.u16 of the zero-extended byte
    const uint64_t bits = std::bit_cast<uint64_t>(3.5);
    CHECK(out[5] == (bits << 32 | bits >> 32));
    CHECK(out[6] == std::bit_cast<uint64_t>(1.0));
    CHECK(out[7] == std::bit_cast<uint64_t>(1.0) + bits);
}

TEST_CASE("ptx memory: shared memory per CTA, module variables with initialisers, kernel parameters of each size") {
    const std::string ptx = std::string(header) + R"(
.global .align 4 .b8 table[8] = {1, 0, 0, 0, 2, 0, 0, 0};
.visible .entry k(.param .u64 out, .param .u32 add, .param .f64 scale)
{
  .shared .align 4 .b8 slot[4];
  .reg .b64 %rd<6>;
  .reg .b32 %r<8>;
  .reg .f64 %fd<3>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [add];
  ld.param.f64 %fd1, [scale];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  setp.ne.s32 %p1, %r2, 0;
  @%p1 bra $wait;
  mov.u64 %rd2, table;
  ld.global.u32 %r4, [%rd2+4];
  add.s32 %r5, %r4, %r3;
  add.s32 %r5, %r5, %r1;
  st.shared.u32 [slot], %r5;
$wait:
  bar.sync 0;
  ld.shared.u32 %r6, [slot];
  cvt.rn.f64.u32 %fd2, %r6;
  mul.rn.f64 %fd2, %fd2, %fd1;
  mov.u32 %r7, %ntid.x;
  mad.lo.s32 %r7, %r3, %r7, %r2;
  mul.wide.u32 %rd3, %r7, 8;
  add.s64 %rd4, %rd1, %rd3;
  st.global.f64 [%rd4], %fd2;
  ret;
}
)";
    std::vector<double> out(3 * 64, 0);
    Memory mem;
    ptx_exec::Program program(ptx);
    uint64_t o = mem.add(out);
    uint32_t add = 10;
    double scale = 0.5;
    void *params[] = {&o, &add, &scale};
    std::vector<unsigned> sizes;
    REQUIRE(program.entry_params("k", sizes));
    CHECK(sizes == std::vector<unsigned>{8, 4, 8});
    ptx_exec::LaunchShape shape;
    shape.grid[0] = 3, shape.block[0] = 64;
    program.launch("k", shape, params, mem.check());
    for (unsigned c = 0; c < 3; ++c)
        for (unsigned t = 0; t < 64; ++t)
            CHECK(out[c * 64 + t] == (2 + c + 10) * 0.5);
}
