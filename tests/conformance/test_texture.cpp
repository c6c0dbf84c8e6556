// tests/conformance/test_texture.cpp — Dr.Jit's tests/test_texture.py ported to tj::Texture
//
// The cases are ported from Dr.Jit's tests/test_texture.py (BSD-3-Clause, tests/conformance/LICENSE.drjit), the C++
// written anew. tj::Texture (include/tracejit/texture.h, docs/tensors.md "Textures") has Dr.Jit's nearest and linear
// lookups in 1, 2 and 3 dimensions with the clamp, repeat and mirror wrap modes, float and double texels, masks and
// gradients in the texels and the positions. It has no hardware textures (use_accel, migrate, ForceOptiX: a Dr.Jit
// case that compares the accelerated lookup with the arithmetic one compares tracejit's lookup with a reference
// written here), no cubic lookups, no eval_fetch, no writable, 8-bit or float16 textures and no MIP maps, so those
// cases are not ported. Where a case can, it also checks fresh random textures and positions (outside [0, 1], on
// texel centres and borders, counts that are no multiple of the SIMD width) against the host reference below, in
// frozen functions against the unfrozen lookup, and its gradients against the reference's derivatives and finite
// differences. docs/conformance.md lists every test with its status.
#include "conformance.h"

#include <tracejit/texture.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace conf;

namespace {

using FM = tj::FilterMode;
using WM = tj::WrapMode;
constexpr WM wrap_modes[] = {WM::Repeat, WM::Clamp, WM::Mirror};

const char *wrap_name(WM m) { return m == WM::Clamp ? "clamp" : m == WM::Repeat ? "repeat" : "mirror"; }

/// The texel a coordinate reads along an axis of n texels (docs/tensors.md "Textures": Dr.Jit's rules).
long wrap_ref(long i, long n, WM m) {
    switch (m) {
    case WM::Clamp: return std::min(std::max(i, 0L), n - 1);
    case WM::Repeat: return ((i % n) + n) % n;
    case WM::Mirror: {
        long p = ((i % (2 * n)) + 2 * n) % (2 * n);
        return p < n ? p : 2 * n - 1 - p;
    }
    }
    return i;
}

/// One lookup on the host: the texels it reads (flat texel index, not times channels) with their weights, and the
/// derivative of each weight in each position coordinate. The coordinates are computed in T as the kernel does
/// (nearest: p · n; linear: fma(p, n, -1/2)), so that floor() picks the same texels at borders.
template <typename T, size_t D> struct Taps {
    std::vector<size_t> texel;
    std::vector<double> weight;
    std::vector<std::array<double, D>> dweight; // d weight / d pos[i]
};

template <typename T, size_t D>
Taps<T, D> taps_ref(const std::array<size_t, D> &shape, FM filter, WM wrap, const std::array<T, D> &pos) {
    Taps<T, D> t;
    auto flat = [&](const std::array<long, D> &c) { // c indexed like pos: c[0] along the last dimension
        size_t k = 0;
        for (size_t a = 0; a < D; ++a)
            k = k * shape[a] + size_t(wrap_ref(c[D - 1 - a], long(shape[a]), wrap));
        return k;
    };
    if (filter == FM::Nearest) {
        std::array<long, D> c;
        for (size_t i = 0; i < D; ++i)
            c[i] = long(std::floor(T(pos[i] * T(shape[D - 1 - i]))));
        t.texel.push_back(flat(c));
        t.weight.push_back(1);
        t.dweight.push_back({});
        return t;
    }
    std::array<long, D> base;
    std::array<double, D> f;
    for (size_t i = 0; i < D; ++i) {
        T x = std::fma(pos[i], T(shape[D - 1 - i]), T(-0.5));
        T fl = std::floor(x);
        base[i] = long(fl);
        f[i] = double(x - fl);
    }
    for (size_t corner = 0; corner < (size_t(1) << D); ++corner) {
        std::array<long, D> c;
        double w = 1;
        std::array<double, D> dw;
        dw.fill(1);
        for (size_t i = 0; i < D; ++i) {
            bool up = (corner >> i) & 1;
            c[i] = base[i] + long(up);
            double wi = up ? f[i] : 1 - f[i], dwi = (up ? 1.0 : -1.0) * double(shape[D - 1 - i]);
            w *= wi;
            for (size_t j = 0; j < D; ++j)
                dw[j] *= j == i ? dwi : wi;
        }
        t.texel.push_back(flat(c));
        t.weight.push_back(w);
        t.dweight.push_back(dw);
    }
    return t;
}

/// A texture's texels and positions on the host, and the lookups Dr.Jit's rules give.
template <typename T, size_t D> struct Ref {
    std::array<size_t, D> shape;
    size_t channels;
    FM filter;
    WM wrap;
    std::vector<T> texels;
    std::array<std::vector<T>, D> pos;
    std::vector<bool> active; // empty: all

    size_t count() const { return pos[0].size(); }
    Taps<T, D> taps(size_t k) const {
        std::array<T, D> p;
        for (size_t i = 0; i < D; ++i)
            p[i] = pos[i][k];
        return taps_ref<T, D>(shape, filter, wrap, p);
    }
    bool on(size_t k) const { return active.empty() || active[k]; }
    /// The looked-up value of channel ch per lane.
    std::vector<double> value(size_t ch) const {
        std::vector<double> out(count(), 0.0);
        for (size_t k = 0; k < count(); ++k)
            if (on(k)) {
                Taps<T, D> t = taps(k);
                for (size_t c = 0; c < t.texel.size(); ++c)
                    out[k] += t.weight[c] * double(texels[t.texel[c] * channels + ch]);
            }
        return out;
    }
    /// The gradient of sum_k sum_ch seed[ch][k] · value(ch)[k] in the texels.
    std::vector<double> texel_grad(const std::vector<std::vector<double>> &seed) const {
        std::vector<double> g(texels.size(), 0.0);
        for (size_t k = 0; k < count(); ++k)
            if (on(k)) {
                Taps<T, D> t = taps(k);
                for (size_t c = 0; c < t.texel.size(); ++c)
                    for (size_t ch = 0; ch < channels; ++ch)
                        g[t.texel[c] * channels + ch] += t.weight[c] * seed[ch][k];
            }
        return g;
    }
    /// The derivative of channel ch in pos[i], per lane.
    std::vector<double> pos_grad(size_t ch, size_t i) const {
        std::vector<double> out(count(), 0.0);
        for (size_t k = 0; k < count(); ++k)
            if (on(k)) {
                Taps<T, D> t = taps(k);
                for (size_t c = 0; c < t.texel.size(); ++c)
                    out[k] += t.dweight[c][i] * double(texels[t.texel[c] * channels + ch]);
            }
        return out;
    }
};

template <typename T> std::vector<T> host_rand(size_t n, double lo, double hi) {
    return tjtest::uniform_values<T>(n, fresh_seed(), lo, hi);
}

/// Fresh positions along an axis of n texels: random ones in [-1.5, 2.5], then every texel centre and border in
/// [-1, 2] (exactly representable where n is a power of two), 0, 1 and their neighbours; `count` in all.
template <typename T> std::vector<T> fresh_positions(size_t count, size_t n) {
    std::vector<T> special;
    for (long i = -long(n); i <= 2 * long(n); ++i) {
        special.push_back(T((double(i) + 0.5) / double(n)));
        special.push_back(T(double(i) / double(n)));
    }
    for (T v : {T(0), T(1), std::nextafter(T(0), T(-1)), std::nextafter(T(1), T(2)), std::nextafter(T(1), T(0))})
        special.push_back(v);
    std::vector<T> p = host_rand<T>(count, -1.5, 2.5);
    std::vector<uint32_t> at = tjtest::small_ints<uint32_t>(special.size(), fresh_seed(), 0, int64_t(count) - 1);
    for (size_t s = 0; s < special.size() && s < count; ++s)
        p[at[s]] = special[s];
    return p;
}

template <typename T, size_t D>
Ref<T, D> fresh_ref(const std::array<size_t, D> &shape, size_t channels, FM filter, WM wrap, size_t count) {
    Ref<T, D> r{shape, channels, filter, wrap, {}, {}, {}};
    size_t n = channels;
    for (size_t s : shape)
        n *= s;
    r.texels = host_rand<T>(n, -1, 1);
    for (size_t i = 0; i < D; ++i)
        r.pos[i] = fresh_positions<T>(count, shape[D - 1 - i]);
    return r;
}

template <typename T, size_t D> std::array<tj::Array<T>, D> pos_arrays(const Ref<T, D> &r) {
    std::array<tj::Array<T>, D> p;
    for (size_t i = 0; i < D; ++i)
        p[i] = tj::Array<T>(r.pos[i]);
    return p;
}

template <typename T> constexpr double tol() { return std::is_same_v<T, float> ? 2e-5 : 1e-12; }

template <typename T, size_t D> tj::Texture<T, D> make_texture(const Ref<T, D> &r) {
    tj::Texture<T, D> tex(r.shape, r.channels, r.filter, r.wrap);
    tex.set_value(tj::Array<T>(r.texels));
    return tex;
}

/// tex.eval at r's positions (masked by r.active) against the reference, every channel.
template <typename T, size_t D>
void check_lookup(const std::string &what, const std::vector<tj::Array<T>> &got, const Ref<T, D> &r) {
    REQUIRE(got.size() == r.channels);
    for (size_t ch = 0; ch < r.channels; ++ch) {
        INFO(what << ", channel " << ch);
        std::vector<double> want = r.value(ch);
        std::vector<T> want_t(want.begin(), want.end());
        tjtest::check_close(what, got[ch], want_t, tol<T>(), tol<T>());
    }
}

/// Fresh texels and positions of `shape` and every filter, wrap mode and a mask: lookups against the reference.
template <typename T, size_t D> void check_fresh(const std::array<size_t, D> &shape, size_t channels, size_t count) {
    for (FM filter : {FM::Nearest, FM::Linear})
        for (WM wrap : wrap_modes) {
            INFO("filter " << int(filter) << ", wrap " << std::string(wrap_name(wrap)) << ", channels " << channels);
            Ref<T, D> r = fresh_ref<T, D>(shape, channels, filter, wrap, count);
            tj::Texture<T, D> tex = make_texture(r);
            check_lookup("fresh", tex.eval(pos_arrays(r)), r);
            std::vector<uint32_t> bits = tjtest::small_ints<uint32_t>(count, fresh_seed(), 0, 1);
            r.active.assign(bits.begin(), bits.end());
            std::vector<bool> act = r.active;
            tj::Bool mask(std::vector<bool>(act.begin(), act.end()));
            check_lookup("fresh, masked", tex.eval(pos_arrays(r), mask), r);
        }
}

template <typename T> std::vector<T> to_t(const std::vector<float> &v) { return std::vector<T>(v.begin(), v.end()); }

template <typename T> std::vector<T> to_host(const tj::Array<T> &a) { return tj::to_vector(a); }

template <typename T> void close_vec(const std::string &what, const tj::Array<T> &got, const std::vector<double> &want,
                                     double rel, double abs) {
    tjtest::check_close(what, got, std::vector<T>(want.begin(), want.end()), rel, abs);
}

/// Gradients of lookups on fresh texels and positions (a fresh mask too): backward in the texels and the positions
/// against the reference's weights and their derivatives, forward from the texels (a lookup of the tangent texels)
/// and from a position, and, for double textures, the positions' derivatives against central differences.
template <typename T, size_t D>
void check_grads(const std::array<size_t, D> &shape, size_t channels, FM filter, WM wrap, size_t count) {
    using A = tj::Array<T>;
    INFO("grads: filter " << int(filter) << ", wrap " << std::string(wrap_name(wrap)) << ", channels " << channels);
    Ref<T, D> r = fresh_ref<T, D>(shape, channels, filter, wrap, count);
    std::vector<uint32_t> bits = tjtest::small_ints<uint32_t>(count, fresh_seed(), 0, 3);
    for (uint32_t b : bits)
        r.active.push_back(b != 0);
    tj::Bool mask(std::vector<bool>(r.active.begin(), r.active.end()));
    std::vector<std::vector<double>> seed(channels);
    std::vector<A> seed_arrays;
    for (size_t ch = 0; ch < channels; ++ch) {
        std::vector<T> s = host_rand<T>(count, 0.5, 1.5);
        seed[ch].assign(s.begin(), s.end());
        seed_arrays.push_back(A(s));
    }
    double rel = std::is_same_v<T, float> ? 1e-4 : 1e-10;
    // Backward.
    {
        A tx(r.texels);
        std::array<A, D> pos = pos_arrays(r);
        tj::enable_grad(tx);
        for (auto &p : pos)
            tj::enable_grad(p);
        tj::Texture<T, D> tex(r.shape, channels, filter, wrap);
        tex.set_value(tx);
        std::vector<A> out = tex.eval(pos, mask);
        A loss = tj::sum(out[0] * seed_arrays[0]);
        for (size_t ch = 1; ch < channels; ++ch)
            loss = loss + tj::sum(out[ch] * seed_arrays[ch]);
        tj::backward(loss);
        close_vec("texel gradient", tj::grad(tx), r.texel_grad(seed), rel, rel);
        for (size_t i = 0; i < D; ++i) {
            std::vector<double> want(count, 0.0);
            for (size_t ch = 0; ch < channels; ++ch) {
                std::vector<double> g = r.pos_grad(ch, i);
                for (size_t k = 0; k < count; ++k)
                    want[k] += seed[ch][k] * g[k];
            }
            close_vec("position gradient " + std::to_string(i), tj::grad(pos[i]), want, rel, rel);
        }
    }
    // Forward from the texels: the tangent of a lookup is the lookup of the tangent texels.
    {
        A tx(r.texels);
        tj::enable_grad(tx);
        std::vector<T> dt = host_rand<T>(r.texels.size(), -1, 1);
        tj::set_grad(tx, A(dt));
        tj::Texture<T, D> tex(r.shape, channels, filter, wrap);
        tex.set_value(tx);
        std::vector<A> out = tex.eval(pos_arrays(r), mask);
        tj::forward(tx);
        Ref<T, D> tangent = r;
        tangent.texels = dt;
        for (size_t ch = 0; ch < channels; ++ch)
            close_vec("forward from the texels", tj::grad(out[ch]), tangent.value(ch), rel, rel);
    }
    // Forward from the last position coordinate.
    {
        std::array<A, D> pos = pos_arrays(r);
        tj::enable_grad(pos[D - 1]);
        std::vector<T> dp = host_rand<T>(count, -1, 1);
        tj::set_grad(pos[D - 1], A(dp));
        tj::Texture<T, D> tex = make_texture(r);
        std::vector<A> out = tex.eval(pos, mask);
        tj::forward(pos[D - 1]);
        for (size_t ch = 0; ch < channels; ++ch) {
            std::vector<double> g = r.pos_grad(ch, D - 1);
            for (size_t k = 0; k < count; ++k)
                g[k] *= double(dp[k]);
            close_vec("forward from a position", tj::grad(out[ch]), g, rel, rel);
        }
    }
    // Central differences (double): positions away from the texel centres (the kinks of linear filtering) and,
    // for Nearest, away from the borders (its steps).
    if constexpr (std::is_same_v<T, double>) {
        if (filter == FM::Nearest) // no derivative in the positions
            return;
        const double h = 1e-7;
        for (size_t i = 0; i < D; ++i) {
            size_t n = shape[D - 1 - i];
            for (size_t k = 0; k < count; ++k) {
                double x = r.pos[i][k] * double(n) - (filter == FM::Linear ? 0.5 : 0.0);
                double f = x - std::floor(x);
                if (f < 1e-4 || f > 1 - 1e-4)
                    r.pos[i][k] += 3e-4 / double(n);
            }
        }
        tj::Texture<T, D> tex = make_texture(r);
        for (size_t i = 0; i < D; ++i) {
            std::array<A, D> pos = pos_arrays(r), lo = pos, hi = pos;
            tj::enable_grad(pos[i]);
            std::vector<A> out = tex.eval(pos, mask);
            A loss = tj::sum(out[0]);
            for (size_t ch = 1; ch < channels; ++ch)
                loss = loss + tj::sum(out[ch]);
            tj::backward(loss);
            lo[i] = lo[i] - h;
            hi[i] = hi[i] + h;
            std::vector<A> a = tex.eval(lo, mask), b = tex.eval(hi, mask);
            A fd = (b[0] - a[0]) / (2 * h);
            for (size_t ch = 1; ch < channels; ++ch)
                fd = fd + (b[ch] - a[ch]) / (2 * h);
            tjtest::check_close("central differences " + std::to_string(i), tj::grad(pos[i]), to_host(fd), 1e-5, 1e-5);
        }
    }
}

/// Lookups and their gradients in a frozen function against the same function unfrozen, on fresh texels, positions
/// and masks of changing sizes; another wrap mode or resolution is recorded anew.
template <typename T, size_t D> void check_frozen(const std::array<size_t, D> &shape, size_t channels) {
    using A = tj::Array<T>;
    auto body = [](const tj::Texture<T, D> &tex, std::array<A, D> pos, const tj::Bool &active) {
        tj::enable_grad(pos[0]);
        std::vector<A> out = tex.eval(pos, active);
        A loss = tj::sum(out[0] * out[0]);
        tj::backward(loss);
        std::vector<A> res;
        for (auto &o : out)
            res.push_back(tj::detach(o));
        res.push_back(tj::grad(pos[0]));
        return res;
    };
    auto frozen = tj::freeze(body);
    uint64_t calls = 0;
    for (WM wrap : {WM::Mirror, WM::Repeat})
        for (size_t count : {size_t(1003), size_t(17), size_t(64), size_t(2001)}) {
            INFO("frozen: wrap " << std::string(wrap_name(wrap)) << ", count " << count);
            Ref<T, D> r = fresh_ref<T, D>(shape, channels, FM::Linear, wrap, count);
            std::vector<uint32_t> bits = tjtest::small_ints<uint32_t>(count, fresh_seed(), 0, 4);
            tj::Bool mask(std::vector<bool>(bits.begin(), bits.end()));
            tj::Texture<T, D> tex = make_texture(r);
            std::vector<A> got = frozen(tex, pos_arrays(r), mask), want = body(tex, pos_arrays(r), mask);
            ++calls;
            REQUIRE(got.size() == channels + 1);
            for (size_t k = 0; k < got.size(); ++k)
                tjtest::check_close("frozen output " + std::to_string(k), got[k], to_host(want[k]), tol<T>(),
                                    tol<T>());
            for (size_t ch = 0; ch < channels; ++ch) { // and against the reference, masked lanes 0
                for (size_t k = 0; k < count; ++k)
                    r.active.push_back(bits[k] != 0);
                std::vector<double> v = r.value(ch);
                close_vec("frozen lookup", got[ch], v, tol<T>(), tol<T>());
                r.active.clear();
            }
        }
    CHECK(n_recordings(frozen) == 2);
    CHECK(calls == 8);
}

} // namespace

// A 2-texel ramp: linear lookups between the centres, outside them under each wrap mode, and masked off.
TEST_CASE("test_texture.py test01_interp_1d") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        using A = tj::Array<T>;
        for (WM wrap : wrap_modes) {
            INFO(std::string(wrap_name(wrap)) << (std::is_same_v<T, float> ? " float" : " double"));
            tj::Texture<T, 1> tex({2}, 1, FM::Linear, wrap);
            tex.set_value(A(std::vector<T>{0, 1}));
            const size_t N = 9;
            A ref = tj::linspace<A>(0, 1, N);
            auto at = [&](T a, T b) { return tex.eval({tj::linspace<A>(a, b, N)})[0]; };
            check_close("inside", at(0.25, 0.75), ref);
            if (wrap == WM::Repeat) {
                check_close("one period left", at(-0.75, -0.25), ref);
                check_close("one period right", at(1.25, 1.75), ref);
            } else if (wrap == WM::Clamp) {
                check_close("left edge", at(-0.25, 0.25), A(T(0)));
                check_close("right edge", at(0.75, 1.25), A(T(1)));
            } else {
                check_close("mirrored left", at(-0.25, -0.75), ref);
                check_close("mirrored right", at(1.75, 1.25), ref);
                A out = tex.eval({tj::linspace<A>(1.75, 1.25, N)}, tj::opaque<tj::Bool>(false))[0];
                check_close("masked off", out, A(T(0)));
            }
        }
        for (size_t count : {size_t(1), size_t(13), size_t(1000)})
            check_fresh<T, 1>({2}, 1, count);
        // Far outside (a texel coordinate past 2^31: F40), infinite and NaN positions.
        for (FM filter : {FM::Nearest, FM::Linear}) {
            tj::Texture<T, 1> tex({2}, 1, filter, WM::Clamp);
            tex.set_value(A(std::vector<T>{0, 1}));
            const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
            std::vector<T> got = to_host(tex.eval({A(std::vector<T>{T(1e10), T(-1e10), T(3e9), inf, -inf, nan})})[0]);
            CHECK(got[0] == 1);
            CHECK(got[1] == 0);
            CHECK(got[2] == 1);
            if (filter == FM::Nearest) {
                CHECK(got[3] == 1);
                CHECK(got[4] == 0);
            } else {
                CHECK(std::isnan(got[3]));
                CHECK(std::isnan(got[4]));
                CHECK(std::isnan(got[5]));
            }
            for (WM wrap : {WM::Repeat, WM::Mirror}) { // against the reference's 64-bit coordinates
                Ref<T, 1> r{{2}, 1, filter, wrap, {0, 1}, {}, {}};
                r.pos[0] = {T(1e10), T(-1e10), T(3e9), T(-3e9), T(1e12), T(4.5e11)};
                check_lookup("far outside", make_texture(r).eval(pos_arrays(r)), r);
            }
        }
    };
    run(0.f);
    run(0.0);
}

// 123 texels of 1 to 8 channels at 1024 positions (Dr.Jit's PCG32 draws): the lookup against the reference (Dr.Jit:
// against its arithmetic lookup); the result has one array per channel.
TEST_CASE("test_texture.py test02_interp_1d") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        const size_t N = 123;
        for (WM wrap : wrap_modes)
            for (size_t ch = 1; ch <= 8; ++ch) {
                INFO(std::string(wrap_name(wrap)) << ", channels " << ch);
                Ref<T, 1> r{{N}, ch, FM::Linear, wrap, {}, {}, {}};
                r.texels = to_t<T>(tj::to_vector(tj::PCG32(N * ch).next_float32()));
                r.pos[0] = to_t<T>(tj::to_vector(tj::PCG32(1024).next_float32()));
                tj::Texture<T, 1> tex = make_texture(r);
                std::vector<tj::Array<T>> out = tex.eval(pos_arrays(r));
                CHECK(out.size() == ch);
                check_lookup("PCG32", out, r);
            }
        for (size_t ch : {size_t(1), size_t(3), size_t(5), size_t(8)})
            check_fresh<T, 1>({N}, ch, 517);
    };
    run(0.f);
    run(0.0);
}

TEST_CASE("test_texture.py test03_interp_2d") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        const size_t N = 123, M = 456;
        for (WM wrap : wrap_modes)
            for (size_t ch = 1; ch <= 8; ++ch) {
                INFO(std::string(wrap_name(wrap)) << ", channels " << ch);
                Ref<T, 2> r{{N, M}, ch, FM::Linear, wrap, {}, {}, {}};
                r.texels = to_t<T>(tj::to_vector(tj::PCG32(N * M * ch).next_float32()));
                tj::PCG32 rng(1024);
                r.pos[0] = to_t<T>(tj::to_vector(rng.next_float32()));
                r.pos[1] = to_t<T>(tj::to_vector(rng.next_float32()));
                check_lookup("PCG32", make_texture(r).eval(pos_arrays(r)), r);
            }
        for (size_t ch : {size_t(1), size_t(2), size_t(3), size_t(4), size_t(6), size_t(7)})
            check_fresh<T, 2>({5, 3}, ch, 301);
        check_fresh<T, 2>({1, 4}, 2, 64);
        check_frozen<T, 2>({6, 7}, 3);
    };
    run(0.f);
    run(0.0);
}

TEST_CASE("test_texture.py test04_interp_3d") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        const size_t N = 123, M = 456, L = 12;
        for (WM wrap : wrap_modes)
            for (size_t ch = 1; ch <= 8; ++ch) {
                INFO(std::string(wrap_name(wrap)) << ", channels " << ch);
                Ref<T, 3> r{{N, M, L}, ch, FM::Linear, wrap, {}, {}, {}};
                r.texels = to_t<T>(tj::to_vector(tj::PCG32(N * M * L * ch).next_float32()));
                tj::PCG32 rng(1024);
                for (size_t i = 0; i < 3; ++i)
                    r.pos[i] = to_t<T>(tj::to_vector(rng.next_float32()));
                check_lookup("PCG32", make_texture(r).eval(pos_arrays(r)), r);
            }
        for (size_t ch : {size_t(1), size_t(3), size_t(4), size_t(5)})
            check_fresh<T, 3>({3, 2, 4}, ch, 203);
        check_fresh<T, 3>({1, 1, 2}, 8, 40);
        check_frozen<T, 3>({3, 4, 5}, 2);
    };
    run(0.f);
    run(0.0);
}


// A 3-texel texture of differentiable texels: the value between texels 0 and 1, and the gradient (0.25, 0.75, 0).
TEST_CASE("test_texture.py test05_grad") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        using A = tj::Array<T>;
        tj::Texture<T, 1> tex({3}, 1, FM::Linear, WM::Repeat);
        A value(std::vector<T>{3, 5, 8});
        tj::enable_grad(value);
        tex.set_value(value);
        A pos(T(1 / 6.0 * 0.25 + (1 / 6.0 + 1 / 3.0) * 0.75));
        A expected(T(0.25 * 3 + 0.75 * 5));
        check_close("value", tex.eval({pos})[0], expected);
        A out = tex.eval({pos})[0];
        tj::backward(out);
        check_close("texel gradient", tj::grad(value), std::vector<T>{0.25, 0.75, 0});
        check_close("out", out, expected);
        check_close("texels kept", tex.value(), value);
        // Fresh textures: gradients against the reference, forward and backward, and central differences.
        for (FM filter : {FM::Linear, FM::Nearest})
            for (WM wrap : wrap_modes) {
                check_grads<T, 1>({5}, 3, filter, wrap, 301);
                check_grads<T, 2>({4, 3}, 2, filter, wrap, 97);
                check_grads<T, 3>({2, 3, 4}, 5, filter, wrap, 130);
            }
        check_grads<T, 2>({7, 9}, 8, FM::Linear, WM::Mirror, 1000);
        check_grads<T, 1>({1}, 1, FM::Linear, WM::Clamp, 33);
    };
    run(0.f);
    run(0.0);
    // A frozen function given a texture of differentiable texels: its backward's gradient in the caller's texels
    // against the unfrozen function, fresh texels and positions each call.
    auto body = [](const tj::Texture2f &tex, const Float &x, const Float &y) {
        std::vector<Float> v = tex.eval({x, y});
        tj::backward(tj::sum(v[0] * v[1]));
        return tj::grad(tex.value());
    };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(50), size_t(81), size_t(1000), size_t(7)}) {
        INFO("frozen, n = " << n);
        std::vector<float> texels = tj::to_vector(rand_f(40));
        Float x = rand_f(n, -1, 2), y = rand_f(n, -1, 2), t1(texels), t2(texels);
        tj::enable_grad(t1, t2);
        tj::Texture2f a({4, 5}, 2, FM::Linear, WM::Repeat), b = a;
        a.set_value(t1);
        b.set_value(t2);
        check_close("returned gradient", frozen(a, x, y), body(b, x, y), 1e-5, 1e-5);
        check_close("caller's gradient", tj::grad(t1), tj::grad(t2), 1e-5, 1e-5);
    }
    CHECK(n_recordings(frozen) == 1);
}

// Nearest lookups of 3 texels at 80 positions over [0, 1] (Dr.Jit: the accelerated against the arithmetic lookup).
TEST_CASE("test_texture.py test_06_nearest") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        using A = tj::Array<T>;
        Ref<T, 1> r{{3}, 1, FM::Nearest, WM::Repeat, {0, 0.5, 1}, {}, {}};
        r.pos[0] = to_host(tj::linspace<A>(0, 1, 80));
        check_lookup("linspace", make_texture(r).eval(pos_arrays(r)), r);
        // By hand: [0, 1/3) reads 0, [1/3, 2/3) 0.5, [2/3, 1) 1, and 1 itself wraps to texel 0.
        std::vector<T> p = r.pos[0];
        std::vector<T> got = to_host(make_texture(r).eval(pos_arrays(r))[0]);
        for (size_t k = 0; k < p.size(); ++k) {
            long i = long(std::floor(p[k] * T(3))) % 3;
            CHECK(got[k] == r.texels[size_t(i)]);
        }
    };
    run(0.f);
    run(0.0);
}

// set_value then value() and tensor() give the texels back, 1 to 8 channels (Dr.Jit's migrate: no hardware
// textures in tracejit, the texels stay where they are).
template <typename T, size_t D> void check_tensor_value(const std::array<size_t, D> &shape) {
    for (size_t ch = 1; ch <= 8; ++ch) {
        size_t n = ch;
        for (size_t s : shape)
            n *= s;
        tj::Texture<T, D> tex(shape, ch);
        tj::Array<T> data = tj::cast<T>(tj::PCG32(n).next_float32());
        tex.set_value(data);
        check_eq("value()", tex.value(), data);
        check_eq("tensor().array()", tex.tensor().array(), data);
        std::vector<size_t> want(shape.begin(), shape.end());
        want.push_back(ch);
        CHECK(tex.tensor().shape() == want);
        CHECK(tex.channels() == ch);
        CHECK(tex.shape() == shape);
    }
    CHECK(!error_of([&] { tj::Texture<T, D>(shape, 2).set_value(tj::zeros<tj::Array<T>>(3)); }).empty());
}

TEST_CASE("test_texture.py test15_tensor_value_1d") {
    check_tensor_value<float, 1>({2});
    check_tensor_value<double, 1>({2});
}

TEST_CASE("test_texture.py test16_tensor_value_2d") {
    check_tensor_value<float, 2>({2, 3});
    check_tensor_value<double, 2>({2, 3});
}

TEST_CASE("test_texture.py test17_tensor_value_3d") {
    check_tensor_value<float, 3>({2, 3, 4});
    check_tensor_value<double, 3>({2, 3, 4});
}

// A 2x2 texture given a tensor of shape (2, 3, 2): set_tensor is a texture made from the tensor (a tj::Texture's
// shape is fixed when it is made); the corners read the corner texels.
TEST_CASE("test_texture.py test23_set_tensor") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        using A = tj::Array<T>;
        tj::Texture<T, 2> tex({2, 2}, 1);
        tj::Tensor<T> t(A(std::vector<T>{6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1}), {2, 3, 2});
        CHECK(t.shape() == std::vector<size_t>{2, 3, 2});
        tex = tj::Texture<T, 2>(t);
        CHECK(tex.tensor().shape() == std::vector<size_t>{2, 3, 2});
        auto at = [&](T x, T y) {
            std::vector<A> v = tex.eval({A(x), A(y)});
            REQUIRE(v.size() == 2);
            return std::vector<T>{v[0].read(0), v[1].read(0)};
        };
        CHECK(at(0, 0) == std::vector<T>{6.5, 6});
        CHECK(at(1, 1) == std::vector<T>{1.5, 1});
        CHECK(at(0, 1) == std::vector<T>{3.5, 3});
        CHECK(at(1, 0) == std::vector<T>{4.5, 4});
    };
    run(0.f);
    run(0.0);
}

// A texture made from a differentiable tensor holds that very array (the same variable and AD node); texels
// scattered into the texture's tensor and set back keep the scatter's AD node (Dr.Jit: update_inplace).
TEST_CASE("test_texture.py test24_set_tensor_ad") {
    using A = tj::Float;
    A data(std::vector<float>{6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1});
    for (int variant = 0; variant < 2; ++variant) { // Dr.Jit's migrate = False, True: one texture in tracejit
        tj::TensorXf t(data, {2, 3, 2});
        tj::enable_grad(t);
        tj::Texture2f tex(t);
        CHECK(tex.tensor().array().index() == t.array().index());
        CHECK(tex.tensor().array().ad_index() == t.array().ad_index());
        CHECK(tex.tensor().array().ad_index() > 0);
        check_eq("tensor", tex.tensor().array(), t.array());
    }
    for (int variant = 0; variant < 2; ++variant) {
        tj::Texture2f tex({2, 3}, 2);
        tj::TensorXf t(data, {2, 3, 2});
        tj::enable_grad(t);
        A current = tex.tensor().array();
        tj::scatter(current, t.array(), tj::arange<UInt32>(12));
        tex.set_value(current);
        CHECK(tex.tensor().array().ad_index() == current.ad_index());
        check_eq("tensor", tex.tensor().array(), t.array());
        // The scatter's gradient reaches the tensor through the texture.
        tj::backward(tj::sum(tex.eval({A(0.5f), A(0.25f)})[1])); // the centre of texel (0, 1), channel 1
        std::vector<float> g(12, 0.f);
        g[3] = 1.f;
        check_eq("gradient through the scatter", tj::grad(t.array()), g);
    }
}

// Gradients of a lookup in the texels and in the position (Dr.Jit: on a migrated texture, CUDA and Metal only;
// here on tracejit's one kind of texture).
TEST_CASE("test_texture.py test25_eval_ad_migrated") {
    tj::TensorXf t(Float(std::vector<float>{1, 2, 3, 4}), {2, 2, 1});
    tj::enable_grad(t);
    for (int init = 0; init < 2; ++init) { // constructor, set_tensor
        tj::Texture2f tex({2, 2}, 1);
        if (init == 0)
            tex = tj::Texture2f(t);
        else
            tex.set_value(t.array());
        std::vector<Float> result = tex.eval({Float(0.5f), Float(0.f)});
        tj::backward(result[0]);
        check_close("texel gradient", tj::grad(t.array()), std::vector<float>{0.5f, 0.5f, 0, 0});
        tj::set_grad(t.array(), Float(std::vector<float>(4, 0.f)));
        std::array<Float, 2> pos{Float(0.5f), Float(0.f)};
        tj::enable_grad(pos[0], pos[1]);
        result = tex.eval(pos);
        tj::backward(result[0]);
        check_close("x gradient", tj::grad(pos[0]), std::vector<float>{2});
        check_close("y gradient", tj::grad(pos[1]), std::vector<float>{0});
        tj::set_grad(t.array(), Float(std::vector<float>(4, 0.f)));
    }
}

// tensor() inside a SuspendGrad scope leaves the texels differentiable.
TEST_CASE("test_texture.py test26_tensor_getter_does_not_drop_gradient_tracking") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        tj::Tensor<T> t(tj::Array<T>(T(1)), {1, 1});
        tj::enable_grad(t);
        for (int init = 0; init < 2; ++init) {
            tj::Texture<T, 1> tex({1}, 1);
            if (init == 0)
                tex = tj::Texture<T, 1>(t);
            else
                tex.set_value(t.array());
            {
                tj::SuspendGrad suspend;
                (void)tex.tensor();
                CHECK(!tj::grad_enabled(tex.tensor()));
            }
            CHECK(tj::grad_enabled(tex.tensor()));
            CHECK(tj::grad_enabled(tex.value()));
        }
    };
    run(0.f);
    run(0.0);
}

// A lookup with a mask of alternating lanes: the unmasked value where active, 0 elsewhere (Dr.Jit also checks
// eval_fetch, which tracejit lacks).
TEST_CASE("test_texture.py test27_masked") {
    auto run = [](auto zero) {
        using T = decltype(zero);
        using A = tj::Array<T>;
        const size_t n = 64;
        for (size_t ch = 1; ch <= 8; ++ch) {
            INFO("channels " << ch);
            tj::Texture<T, 2> tex({4, 4}, ch, FM::Linear, WM::Clamp);
            tex.set_value(tj::cast<T>(tj::PCG32(4 * 4 * ch).next_float32()));
            tj::PCG32 rng(n);
            std::array<A, 2> pos{tj::cast<T>(rng.next_float32()), tj::cast<T>(rng.next_float32())};
            Bool active = (tj::arange<UInt32>(n) & 1u) == 0u;
            std::vector<A> ref = tex.eval(pos), out = tex.eval(pos, active);
            for (size_t c = 0; c < ch; ++c)
                check_eq("masked", out[c], tj::select(active, ref[c], A(T(0))));
        }
        for (size_t ch : {size_t(1), size_t(3), size_t(8)})
            check_fresh<T, 2>({4, 4}, ch, 77);
    };
    run(0.f);
    run(0.0);
    // Lanes masked by symbolic control flow: lookups in a tj::while_loop with per-lane trip counts against masked
    // lookups unrolled, and in both branches of a tj::if_stmt, with a backward through it, against select.
    for (size_t ch : {size_t(1), size_t(3), size_t(6)}) {
        INFO("channels " << ch);
        const size_t n = 1001;
        tj::Texture2f tex({5, 7}, ch, FM::Linear, WM::Mirror);
        tex.set_value(rand_f(35 * ch));
        Float x = rand_f(n, -1, 2), y = rand_f(n, -1, 2);
        Int32 trips(tjtest::small_ints<int32_t>(n, fresh_seed(), 0, 5));
        Float acc = tj::zeros<Float>(n), xs = x;
        Int32 i = tj::zeros<Int32>(n);
        tj::while_loop(
            std::tie(acc, i, xs), [&](const Float &, const Int32 &i, const Float &) { return i < trips; },
            [&](Float &acc, Int32 &i, Float &xs) {
                acc = acc + tex.eval({xs, y})[ch - 1];
                xs = xs + 0.1f;
                i += 1;
            });
        Float unrolled = tj::zeros<Float>(n), xu = x;
        for (int k = 0; k < 5; ++k) {
            unrolled = unrolled + tex.eval({xu, y}, Int32(k) < trips)[ch - 1];
            xu = xu + 0.1f;
        }
        check_close("in a while_loop", acc, unrolled, 1e-5, 1e-5);

        std::vector<float> texels = tj::to_vector(rand_f(35 * ch));
        auto run_if = [&](bool symbolic) {
            Float t(texels), px = x;
            tj::enable_grad(t, px);
            tj::Texture2f tx({5, 7}, ch, FM::Linear, WM::Repeat);
            tx.set_value(t);
            Bool c = px > 0.5f;
            Float out = tj::zeros<Float>(n);
            if (symbolic)
                tj::if_stmt(
                    c, std::tie(out), [&](Float &o) { o = tx.eval({px, y})[ch - 1] * 2.f; },
                    [&](Float &o) { o = tx.eval({y, px})[0]; });
            else
                out = tj::select(c, tx.eval({px, y}, c)[ch - 1] * 2.f, tx.eval({y, px}, !c)[0]);
            tj::backward(tj::sum(out));
            return std::make_tuple(tj::detach(out), tj::grad(t), tj::grad(px));
        };
        auto [o1, gt1, gx1] = run_if(true);
        auto [o2, gt2, gx2] = run_if(false);
        check_close("in an if_stmt", o1, o2, 1e-6, 1e-6);
        check_close("texel gradient through an if_stmt", gt1, gt2, 1e-5, 1e-5);
        check_close("position gradient through an if_stmt", gx1, gx2, 1e-5, 1e-5);
    }
}
