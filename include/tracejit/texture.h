// include/tracejit/texture.h — tj::Texture<T, D>: 1-, 2- and 3-d textures with nearest or linear filtering and
// clamp, repeat or mirror wrapping, lazy and differentiable (docs/design.md §2 "Textures"; docs/tensors.md)
//
// A texture is a tensor of shape (shape..., channels) and its sampling rules. A lookup is built from packed gathers
// on the flat texel array (all channels of a texel at once; 2^D corners per position for linear filtering),
// weighted in the same kernel: it fuses with what computes the positions and what uses the result, and the arrays'
// AD differentiates it in the texels (the gathers' gradients are scatter_adds of the weights) and in the positions
// (through the fractional weights).
#pragma once

#include <tracejit/detail/gather_packed.h>
#include <tracejit/tensor.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tj {

/// How a lookup between texel centres is filtered.
enum class FilterMode : uint8_t { Nearest, Linear };
/// What a lookup outside [0, 1] reads: the edge texel, the texture repeated, or repeated mirrored.
enum class WrapMode : uint8_t { Clamp, Repeat, Mirror };

namespace detail {
template <typename V, typename X> void texture_fields(V &v, X &t);
}

template <typename T, size_t D> class Texture {
    static_assert(D >= 1 && D <= 3, "tj::Texture: 1, 2 or 3 dimensions");
    static_assert(std::is_floating_point_v<T>, "tj::Texture: float or double texels");

  public:
    using Value = Array<T>;

    /// An empty texture (every size 0); assign a real one before use.
    Texture() { m_shape.fill(0); }
    /// A texture of `shape` texels (slowest first: {height, width} in 2-d) with `channels` values each, all 0.
    Texture(const std::array<size_t, D> &shape, size_t channels, FilterMode filter = FilterMode::Linear,
            WrapMode wrap = WrapMode::Clamp)
        : m_shape(shape), m_channels(channels), m_filter(filter), m_wrap(wrap) {
        for (size_t i = 0; i < D; ++i)
            if (shape[i] == 0)
                detail::raise("tj::Texture(): dimension " + std::to_string(i) + " is 0");
        if (channels == 0)
            detail::raise("tj::Texture(): a texture needs at least one channel");
        m_data = zeros<Array<T>>(texels() * channels);
    }
    /// A texture holding `tensor`, of shape (shape..., channels).
    Texture(const Tensor<T> &tensor, FilterMode filter = FilterMode::Linear, WrapMode wrap = WrapMode::Clamp)
        : m_filter(filter), m_wrap(wrap) {
        if (tensor.ndim() != D + 1)
            detail::raise("tj::Texture(): a " + std::to_string(D) + "-d texture needs a tensor of " +
                          std::to_string(D + 1) + " dimensions (the last: channels), not one of shape " +
                          detail::shape_string(tensor.shape()));
        for (size_t i = 0; i < D; ++i)
            m_shape[i] = tensor.shape()[i];
        m_channels = tensor.shape()[D];
        if (tensor.size() == 0)
            detail::raise("tj::Texture(): the tensor of shape " + detail::shape_string(tensor.shape()) + " is empty");
        m_data = tensor.array();
    }

    /// Replaces the texels: row-major, channels last, as many values as the texture has (else tj::Error).
    void set_value(const Array<T> &data) {
        if (data.size() != m_data.size())
            detail::raise("tj::Texture::set_value(): the data has " + std::to_string(data.size()) +
                          " values, the texture of shape " + detail::shape_string(tensor_shape()) + " holds " +
                          std::to_string(m_data.size()));
        m_data = data;
    }
    /// The texels as a tensor of shape (shape..., channels).
    Tensor<T> tensor() const { return Tensor<T>(m_data, tensor_shape()); }
    /// The texels, flat.
    const Array<T> &value() const { return m_data; }
    const std::array<size_t, D> &shape() const { return m_shape; }
    size_t channels() const { return m_channels; }
    FilterMode filter_mode() const { return m_filter; }
    WrapMode wrap_mode() const { return m_wrap; }

    /// The filtered texels at `pos` (one entry per dimension in [0, 1], fastest first as in Dr.Jit: pos[0] runs
    /// along the last dimension, x along the width), one array per channel; 0 where `active` is false. Texel i of a
    /// dimension of n texels has its centre at (i + 0.5) / n.
    std::vector<Array<T>> eval(const std::array<Array<T>, D> &pos, const Bool &active = true) const {
        using I = Int32;
        std::vector<Array<T>> out(m_channels);
        std::array<size_t, D> stride; // texel strides per axis (slowest first)
        size_t s = 1;
        for (size_t a = D; a-- > 0;) {
            stride[a] = s;
            s *= m_shape[a];
        }
        if (m_filter == FilterMode::Nearest) {
            I index(0);
            for (size_t i = 0; i < D; ++i) {
                size_t a = D - 1 - i, n = m_shape[a];
                I c = coord(floor(detach(pos[i]) * T(n)), n);
                index = index + wrap(c, n) * int32_t(stride[a]);
            }
            return detail::gather_packed(m_data, index * int32_t(m_channels), m_channels, active);
        }
        // Linear: per axis, the two texels around x = pos · n - 1/2 and the weight of the upper one.
        std::array<I, D> lo, hi;
        std::array<Array<T>, D> frac;
        for (size_t i = 0; i < D; ++i) {
            size_t a = D - 1 - i, n = m_shape[a];
            Array<T> x = fma(pos[i], Array<T>(T(n)), Array<T>(T(-0.5)));
            Array<T> fl = floor(detach(x));
            frac[i] = x - fl; // differentiable in the position; floor has no derivative
            I c = coord(fl, n);
            lo[i] = wrap(c, n) * int32_t(stride[a] * m_channels);
            hi[i] = wrap(c + 1, n) * int32_t(stride[a] * m_channels);
        }
        for (size_t corner = 0; corner < (size_t(1) << D); ++corner) {
            I base(0);
            Array<T> w(T(1));
            for (size_t i = 0; i < D; ++i) {
                bool upper = (corner >> i) & 1;
                base = i == 0 ? (upper ? hi[i] : lo[i]) : base + (upper ? hi[i] : lo[i]);
                w = i == 0 ? (upper ? frac[i] : T(1) - frac[i]) : w * (upper ? frac[i] : T(1) - frac[i]);
            }
            std::vector<Array<T>> v = detail::gather_packed(m_data, base, m_channels, active);
            for (size_t ch = 0; ch < m_channels; ++ch)
                out[ch] = corner == 0 ? w * v[ch] : fma(w, v[ch], out[ch]);
        }
        return out;
    }

    /// Freezing's traversal: shape, channels and modes (in the layout key), then the texels; hidden friends, so
    /// that the plugin sees that the type declares it.
    template <typename V> friend void tj_fields(V &v, const Texture &t) { detail::texture_fields(v, t); }
    template <typename V> friend void tj_fields(V &v, Texture &t) { detail::texture_fields(v, t); }

  private:
    template <typename V, typename X> friend void detail::texture_fields(V &v, X &t);

    size_t texels() const {
        size_t n = 1;
        for (size_t d : m_shape)
            n *= d;
        return n;
    }
    std::vector<size_t> tensor_shape() const {
        std::vector<size_t> s(m_shape.begin(), m_shape.end());
        s.push_back(m_channels);
        return s;
    }
    /// The Int32 coordinate of `fl` (a whole number) along an axis of `n` texels, brought first into a range where
    /// the cast is exact and `c + 1` cannot overflow, without changing the texel that wrap() reads for it or for
    /// `fl + 1`: Clamp clamps it to [-1, n], Repeat and Mirror subtract a multiple of their period (n, 2n), which is
    /// exact (the rest is a whole number smaller than `fl`) for every |fl| below 2^47 in float and 2^80 in double.
    /// Without it, a position whose texel coordinate passes 2^31 saturated in the cast: a linear lookup's upper texel
    /// (INT_MAX + 1) wrapped to the first one, and Repeat and Mirror took the saturated coordinate's period.
    Int32 coord(const Array<T> &fl, size_t n) const {
        if (m_wrap == WrapMode::Clamp)
            return cast<int32_t>(min(max(fl, Array<T>(T(-1))), Array<T>(T(n))));
        T period = T(m_wrap == WrapMode::Repeat ? n : 2 * n);
        return cast<int32_t>(fma(floor(fl / Array<T>(period)), Array<T>(-period), fl));
    }
    /// The texel a coordinate `c` reads along an axis of `n` texels under the wrap mode. Repeat and Mirror end with
    /// a clamp that changes no value: it shows the kernel's range analysis that the index stays in [0, n), so that
    /// the CPU reads the texels without checking each lane (docs/tensors.md, "Packed gathers").
    Int32 wrap(const Int32 &c, size_t n) const {
        int32_t ni = int32_t(n);
        switch (m_wrap) {
        case WrapMode::Clamp: return min(max(c, 0), ni - 1);
        case WrapMode::Repeat: {
            Int32 m = c % ni;
            return min(max(select(m < 0, m + ni, m), 0), ni - 1);
        }
        case WrapMode::Mirror: {
            Int32 m = c % (2 * ni);
            m = select(m < 0, m + 2 * ni, m);
            return min(max(select(m >= ni, 2 * ni - 1 - m, m), 0), ni - 1);
        }
        }
        return c;
    }

    std::array<size_t, D> m_shape;
    size_t m_channels = 0;
    FilterMode m_filter = FilterMode::Linear;
    WrapMode m_wrap = WrapMode::Clamp;
    Array<T> m_data;
};

namespace detail {
template <typename V, typename X> void texture_fields(V &v, X &t) {
    v.visit_field("shape", t.m_shape);
    v.visit_field("channels", t.m_channels);
    v.visit_field("filter", t.m_filter);
    v.visit_field("wrap", t.m_wrap);
    v.visit_field("value", t.m_data);
}
} // namespace detail

using Texture1f = Texture<float, 1>;
using Texture2f = Texture<float, 2>;
using Texture3f = Texture<float, 3>;
using Texture1f64 = Texture<double, 1>;
using Texture2f64 = Texture<double, 2>;
using Texture3f64 = Texture<double, 3>;

} // namespace tj
