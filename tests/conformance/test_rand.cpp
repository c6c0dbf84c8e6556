// tests/conformance/test_rand.cpp — Dr.Jit's tests/test_rand.py ported to tj::PCG32
//
// The cases are ported from Dr.Jit's tests/test_rand.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the C++
// written anew. tj::PCG32 has Dr.Jit's uniform draws, prev_* and advance; it has no normal or float16 draws, no
// Philox4x32 and no dr.rng(), so those parts are not ported. docs/conformance.md lists every test with its status.
#include "conformance.h"

#include <vector>

using namespace conf;

// Dr.Jit's exact numbers for the first draw of the default generator (its normal draws have no counterpart).
TEST_CASE("test_rand.py test01_pcg32_basic") {
    CHECK(double(tj::PCG32().next_float32().read(0)) == 0.10837864875793457);
    CHECK(tj::PCG32().next_float64().read(0) == 0.10837870510295033);
}

// Each prev_* returns what the draw before it returned, masked or not (float16 and normal draws have no counterpart).
TEST_CASE("test_rand.py test02_pcg32_prev_sample") {
    tj::PCG32 pcg;
    CHECK(pcg.next_uint32().read(0) == pcg.prev_uint32().read(0));
    CHECK(pcg.next_uint64().read(0) == pcg.prev_uint64().read(0));
    CHECK(pcg.next_float32().read(0) == pcg.prev_float32().read(0));
    CHECK(pcg.next_float64().read(0) == pcg.prev_float64().read(0));
    Bool mask({true, false});
    tj::PCG32 two(2);
    UInt32 u = two.next_uint32(mask);
    check_eq("uint32 masked", two.prev_uint32(mask), u);
    tj::UInt64 w = two.next_uint64(mask);
    check_eq("uint64 masked", two.prev_uint64(mask), w);
    Float f = two.next_float32(mask);
    check_eq("float32 masked", two.prev_float32(mask), f);
    Float64 d = two.next_float64(mask);
    check_eq("float64 masked", two.prev_float64(mask), d);
    // 1000 freshly seeded generators: five draws and as many steps back return to the start.
    tj::PCG32 rng(1000, tj::UInt64(uint64_t(fresh_seed()) * 7919u));
    tj::UInt64 start = rng.state;
    for (int k = 0; k < 5; ++k)
        rng.next_uint32();
    for (int k = 0; k < 5; ++k)
        rng.prev_uint32();
    check_eq("back at the start", rng.state, start);
}

// test_while_loop_ext.py's packet_loop, through the arrays: 1000 draws equal `+= 1000`, and `b - c` counts them.
TEST_CASE("test_while_loop_ext.py test02_packet_loop") {
    tj::PCG32 a(16), b(16), c(16);
    for (int i = 0; i < 1000; ++i)
        a.next_float32();
    b += 1000;
    check_eq("a == b", a.next_float32(), b.next_float32());
    check_eq("b - c", b - c, tj::full<tj::Int64>(1001, 16));
}
