// bench/texture_loop.h — the hand-written C++ bilinear 2-d texture lookup of bench_texture (texture_loop.cpp)
//
// The reference lives in its own file (-O3 -march=native: bench/CMakeLists.txt) so that it gets those flags and is
// never inlined into the timing loop. It is the loop a user writes: per position, the four texels around it
// (clamped to the edges), their bilinear weights, and every channel; the texture row-major with channels last, the
// results one array per channel, as tj::Texture2f::eval gives them.
#pragma once

#include <cstddef>

namespace bench {

/// Bilinear lookups (clamp at the edges, texel centres at (i + 0.5) / n) of a height × width texture with
/// `channels` (at most 4) values per texel at positions (x[i], y[i]) for i in [begin, end); out[c][i] per channel.
void bilinear_lookups(const float *texels, size_t height, size_t width, size_t channels, const float *x,
                      const float *y, float *const *out, size_t begin, size_t end);

} // namespace bench
