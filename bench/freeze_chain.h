// bench/freeze_chain.h — the C++ references of bench_freeze: bench::build_chain's operations on plain floats
//
// bench::build_chain (chain.h) applies op i = *a, +b, -a, *b for i mod 4 = 0, 1, 2, 3. Both references apply the
// same operations in the same order, written so that the compiler contracts each x*a + b into one FMA as tracejit's
// kernels do (they allow contraction), and are built in their own file with -O3 -march=native
// -mprefer-vector-width=512 (bench/CMakeLists.txt) so that they are never inlined into the timing loop.
#pragma once

#include <cstddef>

namespace bench {

/// A plain C++ function: `ops` operations of the chain on one value (the width-1 reference).
float chain_scalar(float x, float a, float b, size_t ops);

/// A hand-written loop: out[i] = the chain of `ops` operations on x[i], a[i], b[i] for i in [0, n). It works on
/// 128 elements at a time, in eight AVX-512 registers that stay in registers for all the operations (eight
/// independent dependency chains hide the latency of each operation), then stores them; the rest one by one.
void chain_loop(const float *x, const float *a, const float *b, float *out, size_t n, size_t ops);

/// The same loop with one register per iteration (16 elements): each operation waits for the one before it, as in
/// tracejit's smaller kernels (the larger ones handle four registers per iteration: runtime/backend/cpu/cpu_jit.cpp).
/// Printed beside the goal's reference to tell the kernel's shape from the replay's overhead.
void chain_loop_one_register(const float *x, const float *a, const float *b, float *out, size_t n, size_t ops);

} // namespace bench
