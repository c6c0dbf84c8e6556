// bench/ad_loop.cpp — d ad_function(x)/dx written by hand: forward rounds, then their adjoints in reverse order
//
// Compiled twice (bench/CMakeLists.txt): AD_LOOP_NAME names the function, the target's options choose the flags.
// Per element, the forward pass keeps what the adjoints need in small arrays (<value>_at[round]); both inner loops have
// a constant trip count, so the compiler unrolls them into registers and vectorises the loop over the elements.
#include "ad_function.h"
#include "ad_loops.h"

#include <cmath>

namespace bench {

void AD_LOOP_NAME(const float *x_in, float *grad, size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
        const float x = x_in[i];
        float v_at[ad_rounds + 1], b_at[ad_rounds], s_at[ad_rounds], d_at[ad_rounds], g_at[ad_rounds], t_at[ad_rounds];
        float v = x;
        for (int r = 0; r < ad_rounds; ++r) {
            float b = v * ad_round_scale(r) + x;
            float s = std::sin(b);
            float d = s * v;
            float e = d * d;
            float g = std::exp(-e);
            float h = g - s;
            float t = e + 2.f;
            v_at[r] = v, b_at[r] = b, s_at[r] = s, d_at[r] = d, g_at[r] = g, t_at[r] = t;
            v = h / t;
        }
        v_at[ad_rounds] = v;
        // Adjoints, named d<value>: dv of v (the output at first), dx of x.
        float dv = 1.f, dx = 0.f;
        for (int r = ad_rounds - 1; r >= 0; --r) {
            float dh = dv / t_at[r];             // v = h / t
            float de = -dh * v_at[r + 1];        // (v = h / t), t = e + 2
            float ds = -dh;                      // h = g − s
            de -= dh * g_at[r];                  // g = exp(−e)
            float dd = de * 2.f * d_at[r];       // e = d²
            ds += dd * v_at[r];                  // d = s·v
            float dv_in = dd * s_at[r];          // (d = s·v)
            float db = ds * std::cos(b_at[r]);   // s = sin(b)
            dx += db;                            // b = c·v + x
            dv = dv_in + db * ad_round_scale(r); // a = c·v
        }
        grad[i] = dx + dv; // v₀ = x
    }
}

} // namespace bench
