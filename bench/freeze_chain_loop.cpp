// bench/freeze_chain_loop.cpp — bench_freeze's C++ references (freeze_chain.h), built with -O3 -march=native
#include "freeze_chain.h"

#include <cstring>

namespace bench {

namespace {

/// The operations after the last whole group of four: *a, then +b, then -a.
inline float chain_tail(float x, float a, float b, size_t rest) {
    switch (rest) {
    case 1: return x * a;
    case 2: return x * a + b;
    case 3: return (x * a + b) - a;
    default: return x;
    }
}

} // namespace

float chain_scalar(float x, float a, float b, size_t ops) {
    for (size_t k = 0; k + 4 <= ops; k += 4)
        x = ((x * a + b) - a) * b;
    return chain_tail(x, a, b, ops % 4);
}

namespace {

/// The loop with `regs` registers of 16 elements per iteration.
template <size_t regs>
void chain_loop_regs(const float *x, const float *a, const float *b, float *out, size_t n, size_t ops) {
    // 16 floats in one register (GCC/clang vector extension): the compiler neither splits nor reorders them.
    using Vec = float __attribute__((vector_size(64)));
    constexpr size_t lanes = sizeof(Vec) / sizeof(float), step = regs * lanes;
    size_t i = 0;
    for (; i + step <= n; i += step) {
        Vec v[regs], va[regs], vb[regs]; // unaligned loads and stores through memcpy
        for (size_t r = 0; r < regs; ++r) {
            std::memcpy(&v[r], x + i + r * lanes, sizeof(Vec));
            std::memcpy(&va[r], a + i + r * lanes, sizeof(Vec));
            std::memcpy(&vb[r], b + i + r * lanes, sizeof(Vec));
        }
        for (size_t k = 0; k + 4 <= ops; k += 4)
            for (size_t r = 0; r < regs; ++r)
                v[r] = ((v[r] * va[r] + vb[r]) - va[r]) * vb[r];
        for (size_t r = 0; r < regs; ++r) {
            switch (ops % 4) {
            case 1: v[r] = v[r] * va[r]; break;
            case 2: v[r] = v[r] * va[r] + vb[r]; break;
            case 3: v[r] = (v[r] * va[r] + vb[r]) - va[r]; break;
            default: break;
            }
            std::memcpy(out + i + r * lanes, &v[r], sizeof(Vec));
        }
    }
    for (; i < n; ++i)
        out[i] = chain_scalar(x[i], a[i], b[i], ops);
}

} // namespace

void chain_loop(const float *x, const float *a, const float *b, float *out, size_t n, size_t ops) {
    chain_loop_regs<8>(x, a, b, out, n, ops);
}

void chain_loop_one_register(const float *x, const float *a, const float *b, float *out, size_t n, size_t ops) {
    chain_loop_regs<1>(x, a, b, out, n, ops);
}

} // namespace bench
