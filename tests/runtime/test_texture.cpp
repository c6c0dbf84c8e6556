// tests/runtime/test_texture.cpp — tj::Texture against a plain C++ reference of the same filtering (every wrap mode,
// positions outside [0, 1]), gradients against finite differences, lookups and gradients in frozen functions
#include "tensor_check.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

using namespace tensor_check;

namespace {

long wrap_ref(long i, long n, tj::WrapMode m) {
    switch (m) {
    case tj::WrapMode::Clamp: return std::min(std::max(i, 0L), n - 1);
    case tj::WrapMode::Repeat: return ((i % n) + n) % n;
    case tj::WrapMode::Mirror: {
        long p = ((i % (2 * n)) + 2 * n) % (2 * n);
        return p < n ? p : 2 * n - 1 - p;
    }
    }
    return i;
}

/// The reference lookup: texels row-major (slowest dimension first), channels last; pos[0] along the last dimension.
template <size_t D>
std::vector<double> lookup_ref(const std::vector<double> &texels, const std::array<size_t, D> &shape, size_t channels,
                               tj::FilterMode filter, tj::WrapMode wrap, const std::array<double, D> &pos) {
    std::vector<double> out(channels, 0.0);
    auto texel = [&](const std::array<long, D> &c, size_t ch) { // c indexed like pos
        size_t k = 0;
        for (size_t a = 0; a < D; ++a)
            k = k * shape[a] + size_t(wrap_ref(c[D - 1 - a], long(shape[a]), wrap));
        return texels[k * channels + ch];
    };
    if (filter == tj::FilterMode::Nearest) {
        std::array<long, D> c;
        for (size_t i = 0; i < D; ++i)
            c[i] = long(std::floor(pos[i] * double(shape[D - 1 - i])));
        for (size_t ch = 0; ch < channels; ++ch)
            out[ch] = texel(c, ch);
        return out;
    }
    std::array<long, D> base;
    std::array<double, D> f;
    for (size_t i = 0; i < D; ++i) {
        double x = pos[i] * double(shape[D - 1 - i]) - 0.5;
        base[i] = long(std::floor(x));
        f[i] = x - std::floor(x);
    }
    for (size_t corner = 0; corner < (size_t(1) << D); ++corner) {
        std::array<long, D> c;
        double w = 1;
        for (size_t i = 0; i < D; ++i) {
            bool up = (corner >> i) & 1;
            c[i] = base[i] + up;
            w *= up ? f[i] : 1 - f[i];
        }
        for (size_t ch = 0; ch < channels; ++ch)
            out[ch] += w * texel(c, ch);
    }
    return out;
}

template <size_t D> void check_against_reference(const std::array<size_t, D> &shape, size_t channels, uint32_t seed) {
    size_t n = 1;
    for (size_t s : shape)
        n *= s;
    std::vector<double> texels = uniform_values<double>(n * channels, seed, -1, 1);
    const size_t count = 500;
    std::array<std::vector<double>, D> pos;
    std::array<tj::Float64, D> pos_arrays;
    for (size_t i = 0; i < D; ++i) {
        pos[i] = uniform_values<double>(count, seed + 1 + uint32_t(i), -1.5, 2.5); // outside [0, 1] too
        pos_arrays[i] = tj::Float64(pos[i]);
    }
    for (tj::FilterMode filter : {tj::FilterMode::Nearest, tj::FilterMode::Linear})
        for (tj::WrapMode wrap : {tj::WrapMode::Clamp, tj::WrapMode::Repeat, tj::WrapMode::Mirror}) {
            CAPTURE(int(filter));
            CAPTURE(int(wrap));
            tj::Texture<double, D> tex(shape, channels, filter, wrap);
            tex.set_value(tj::Float64(texels));
            std::vector<tj::Float64> got = tex.eval(pos_arrays);
            REQUIRE(got.size() == channels);
            std::vector<std::vector<double>> got_host;
            for (auto &g : got)
                got_host.push_back(tj::to_vector(g));
            for (size_t k = 0; k < count; ++k) {
                std::array<double, D> p;
                for (size_t i = 0; i < D; ++i)
                    p[i] = pos[i][k];
                std::vector<double> want = lookup_ref<D>(texels, shape, channels, filter, wrap, p);
                for (size_t ch = 0; ch < channels; ++ch) {
                    CAPTURE(k);
                    CHECK(got_host[ch][k] == doctest::Approx(want[ch]).epsilon(1e-9));
                }
            }
        }
}

} // namespace

TEST_CASE("texture: 1-, 2- and 3-d lookups against a C++ reference, every filter and wrap mode") {
    check_against_reference<1>({7}, 1, 1);
    check_against_reference<1>({5}, 3, 2);
    check_against_reference<2>({4, 6}, 4, 3);
    check_against_reference<2>({1, 3}, 2, 4);
    check_against_reference<3>({3, 4, 5}, 2, 5);
    check_against_reference<2>({3, 5}, 7, 6); // packed gathers in pieces of 4 and 3 channels
    check_against_reference<3>({2, 3, 2}, 8, 7);
}

TEST_CASE("texture: float textures, masks, tensor() and errors") {
    tj::Texture2f tex({2, 3}, 2);
    tex.set_value(tj::arange<tj::Float>(12));
    CHECK(tex.tensor().shape() == std::vector<size_t>{2, 3, 2});
    // The centre of texel (row 1, column 2): exactly its values.
    auto v = tex.eval({tj::Float(2.5f / 3.f), tj::Float(0.75f)});
    CHECK(v[0].read(0) == doctest::Approx(10.f));
    CHECK(v[1].read(0) == doctest::Approx(11.f));
    auto masked = tex.eval({tj::Float({0.5f, 0.5f}), tj::Float({0.5f, 0.5f})}, tj::Bool({true, false}));
    CHECK(masked[0].read(1) == 0.f);
    CHECK_THROWS_WITH_AS(tex.set_value(tj::arange<tj::Float>(5)), doctest::Contains("tj::Texture::set_value()"),
                         tj::Error);
    CHECK_THROWS_AS(tj::Texture2f({0, 3}, 1), tj::Error);
    tj::Texture2f from_tensor(tex.tensor(), tj::FilterMode::Nearest, tj::WrapMode::Repeat);
    CHECK(from_tensor.channels() == 2);
    CHECK_THROWS_AS(tj::Texture2f(tj::TensorXf(tj::arange<tj::Float>(6))), tj::Error);
}

TEST_CASE("texture: gradients in the texels and the positions against central differences") {
    const std::array<size_t, 2> shape{3, 4};
    const size_t channels = 2, count = 6;
    std::vector<double> texels = uniform_values<double>(24, 20, -1, 1);
    std::vector<double> px = uniform_values<double>(count, 21, -0.3, 1.3),
                        py = uniform_values<double>(count, 22, -0.3, 1.3);
    std::vector<double> w = uniform_values<double>(count * channels, 23, 0.5, 1.5);
    for (tj::WrapMode wrap : {tj::WrapMode::Clamp, tj::WrapMode::Repeat, tj::WrapMode::Mirror}) {
        CAPTURE(int(wrap));
        auto loss = [&](const tj::Float64 &tx, const tj::Float64 &x, const tj::Float64 &y) {
            tj::Texture2f64 tex(shape, channels, tj::FilterMode::Linear, wrap);
            tex.set_value(tx);
            std::vector<tj::Float64> v = tex.eval({x, y});
            tj::Float64 l(0.0);
            for (size_t ch = 0; ch < channels; ++ch)
                l = l + tj::sum(v[ch] * tj::gather<tj::Float64>(tj::Float64(w), tj::arange<tj::UInt32>(count) * 2u +
                                                                                   uint32_t(ch)));
            return l;
        };
        tj::Float64 tx(texels), x(px), y(py);
        tj::enable_grad(tx, x, y);
        tj::backward(loss(tx, x, y));
        std::vector<double> gt = tj::to_vector(tj::grad(tx)), gx = tj::to_vector(tj::grad(x)),
                            gy = tj::to_vector(tj::grad(y));
        const double h = 1e-7;
        auto central = [&](int which, size_t k) {
            auto run = [&](double d) {
                std::vector<double> a = texels, b = px, c = py;
                (which == 0 ? a : which == 1 ? b : c)[k] += d;
                return loss(tj::Float64(a), tj::Float64(b), tj::Float64(c)).read(0);
            };
            return (run(h) - run(-h)) / (2 * h);
        };
        for (size_t k = 0; k < texels.size(); ++k) {
            CAPTURE(k);
            CHECK(gt[k] == doctest::Approx(central(0, k)).epsilon(1e-6).scale(1));
        }
        for (size_t k = 0; k < count; ++k) {
            CAPTURE(k);
            CHECK(gx[k] == doctest::Approx(central(1, k)).epsilon(1e-5).scale(1));
            CHECK(gy[k] == doctest::Approx(central(2, k)).epsilon(1e-5).scale(1));
        }
    }
}

TEST_CASE("texture: lookups and gradients in a frozen function replay with new positions and new texels") {
    auto body = [](const tj::Texture2f &tex, tj::Float x, const tj::Float &y) {
        tj::Texture2f t = tex;
        tj::Float texels = t.value();
        tj::enable_grad(texels, x);
        t.set_value(texels); // differentiable texels: set inside the body, on the body's own copy
        std::vector<tj::Float> v = t.eval({x, y});
        tj::Float loss = tj::sum(v[0] * v[0] + v[2]);
        tj::backward(loss);
        return std::make_tuple(tj::detach(v[1]), tj::grad(texels), tj::grad(x));
    };
    auto frozen = tj::freeze(body);
    tj::Texture2f tex({8, 5}, 3, tj::FilterMode::Linear, tj::WrapMode::Mirror);
    for (uint32_t call = 0; call < 4; ++call) {
        CAPTURE(call);
        size_t n = 100 + 37 * call;
        tex.set_value(tj::Float(uniform_values<float>(120, 30 + call, -1, 1))); // new texels, set outside
        tj::Float x(uniform_values<float>(n, 40 + call, -0.5, 1.5)), y(uniform_values<float>(n, 50 + call, -0.5, 1.5));
        auto [v1, gt, gx] = frozen(tex, x, y);
        auto [e1, et, ex] = body(tex, x, y);
        std::vector<float> a = tj::to_vector(v1), b = tj::to_vector(e1);
        REQUIRE(a.size() == n);
        for (size_t i = 0; i < n; ++i)
            CHECK(a[i] == doctest::Approx(b[i]).epsilon(1e-5));
        std::vector<float> ga = tj::to_vector(gt), gb = tj::to_vector(et);
        for (size_t i = 0; i < ga.size(); ++i)
            CHECK(ga[i] == doctest::Approx(gb[i]).epsilon(1e-4).scale(1));
        std::vector<float> xa = tj::to_vector(gx), xb = tj::to_vector(ex);
        for (size_t i = 0; i < xa.size(); ++i)
            CHECK(xa[i] == doctest::Approx(xb[i]).epsilon(1e-4).scale(1));
    }
    CHECK(tj::freeze_stats(&frozen).recordings == 1);
    CHECK(tj::freeze_stats(&frozen).replays == 3);
}

TEST_CASE("texture: set_value inside a frozen function is recorded (the caller's texture is written on replay)") {
    auto body = [](std::reference_wrapper<tj::Texture1f> tex, const tj::Float &scale) {
        tex.get().set_value(tex.get().value() * scale + 1.f);
    };
    auto frozen = tj::freeze(body);
    for (uint32_t call = 0; call < 3; ++call) {
        CAPTURE(call);
        std::vector<float> values = uniform_values<float>(6, 60 + call, -1, 1);
        tj::Texture1f tex({3}, 2), plain({3}, 2);
        tex.set_value(tj::Float(values));
        plain.set_value(tj::Float(values));
        tj::Float scale = tj::opaque<tj::Float>(float(call) + 2.f);
        frozen(std::ref(tex), scale);
        body(std::ref(plain), scale);
        CHECK(tj::to_vector(tex.value()) == tj::to_vector(plain.value()));
    }
    CHECK(tj::freeze_stats(&frozen).recordings == 1);
    // Another resolution is another layout: recorded anew, not replayed with the old one.
    tj::Texture1f bigger({5}, 2);
    frozen(std::ref(bigger), tj::opaque<tj::Float>(2.f));
    CHECK(tj::freeze_stats(&frozen).recordings == 2);
    CHECK(tj::to_vector(bigger.value()) == std::vector<float>(10, 1.f));
}

TEST_CASE("texture: texels gathered inside a frozen function next to a block reduction of the texel count") {
    // The tester's seed 2103385: 3 texels gathered from an input of n elements (past its end: 0) beside a block
    // reduction by 3, whose result has 3 elements when n = 7. The texture's set_value reads the size of the texels,
    // a width chosen on the host (arange(3)): that read must not make the texel kernel follow the block reduction's
    // size, which would give it ceil(n / 3) elements on replay (n = 2: one texel, the lookups read 0).
    auto body = [](const tj::Float64 &values, const tj::Float64 &pos, const tj::Int32 &ints) {
        tj::Texture<double, 1> tex({3}, 1, tj::FilterMode::Linear, tj::WrapMode::Repeat);
        tex.set_value(tj::gather<tj::Float64>(values, tj::arange<tj::Int32>(3)));
        return std::make_tuple(tj::block_reduce(tj::ReduceOp::Mul, ints, 3), tex.eval({pos})[0]);
    };
    auto frozen = tj::freeze(body);
    for (size_t n : {size_t(7), size_t(2), size_t(8), size_t(5)}) {
        CAPTURE(n);
        tj::Float64 values(uniform_values<double>(n, uint32_t(70 + n), -40, 40));
        tj::Float64 pos(uniform_values<double>(n, uint32_t(80 + n), -1, 2));
        tj::Int32 ints(std::vector<int32_t>(n, 2));
        auto [fb, fr] = frozen(values, pos, ints);
        auto [eb, er] = body(values, pos, ints);
        CHECK(tj::to_vector(fb) == tj::to_vector(eb));
        CHECK(tj::to_vector(fr) == tj::to_vector(er));
    }
    // 2 and 5 give the block reduction 1 and 2 elements: the texel kernel's size, a constant, no longer equals it,
    // and 2's dry run fails (a new recording); 8 replays 7's recording, 5 replays 2's
    tj::FreezeStats st = tj::freeze_stats(&frozen);
    CHECK(st.recordings == 2);
    CHECK(st.replays == 2);
    CHECK(st.dry_run_failures == 1);
}

TEST_CASE("texture: positions far outside [0, 1], whose texel coordinate is beyond the 32-bit range") {
    // A texel coordinate past 2^31 saturated in the cast to Int32: a linear lookup's upper texel (coordinate + 1)
    // wrapped around to -2^31 (Clamp: the first texel blended in, and a gradient in the position where the texture is
    // flat), and Repeat and Mirror took the saturated coordinate's period phase instead of the position's.
    std::vector<double> texels = {10, 20, 30, 40, 50};
    std::vector<double> far = {1e10, -1e10, 1e10 + 0.3, -1e10 - 0.3, 3e9 + 0.55, -3e9 - 0.55, 1e12 + 0.75,
                               -4.5e11 - 0.1, 7e13 + 0.5, 0.25, 4e9 / 5 + 0.1};
    for (tj::FilterMode filter : {tj::FilterMode::Nearest, tj::FilterMode::Linear})
        for (tj::WrapMode wrap : {tj::WrapMode::Clamp, tj::WrapMode::Repeat, tj::WrapMode::Mirror}) {
            CAPTURE(int(filter));
            CAPTURE(int(wrap));
            tj::Texture1f64 tex({5}, 1, filter, wrap);
            tex.set_value(tj::Float64(texels));
            std::vector<double> got = tj::to_vector(tex.eval({tj::Float64(far)})[0]);
            for (size_t k = 0; k < far.size(); ++k) {
                CAPTURE(far[k]);
                CHECK(got[k] == doctest::Approx(lookup_ref<1>(texels, {5}, 1, filter, wrap, {far[k]})[0]));
            }
            // Float positions: every float this large is a whole number; these times 5 are exact in float, and a
            // linear lookup's coordinate (p · 5 - 1/2, rounded to float) is p · 5 itself: the texel of p · 5.
            std::vector<float> far_f = {8589934592.f, -8589934592.f, 6442450944.f, -6442450944.f, 1099511627776.f,
                                        -1924145348608.f, 3221225472.f};
            tj::Texture1f texf({5}, 1, filter, wrap);
            texf.set_value(tj::Float(std::vector<float>(texels.begin(), texels.end())));
            std::vector<float> gotf = tj::to_vector(texf.eval({tj::Float(far_f)})[0]);
            for (size_t k = 0; k < far_f.size(); ++k) {
                CAPTURE(far_f[k]);
                CHECK(gotf[k] == float(texels[size_t(wrap_ref(long(double(far_f[k]) * 5), 5, wrap))]));
            }
        }
    // Clamp beyond the edges: the texture is flat there, the position's derivative 0.
    tj::Texture1f64 tex({5}, 1, tj::FilterMode::Linear, tj::WrapMode::Clamp);
    tex.set_value(tj::Float64(texels));
    tj::Float64 x(std::vector<double>{1e10 + 0.3, -1e10 - 0.3, 1e10, 3e9 + 0.5});
    tj::enable_grad(x);
    tj::backward(tj::sum(tex.eval({x})[0]));
    CHECK(tj::to_vector(tj::grad(x)) == std::vector<double>(4, 0.0));
    tj::Texture1f texf({5}, 1, tj::FilterMode::Linear, tj::WrapMode::Clamp);
    texf.set_value(tj::Float(std::vector<float>(texels.begin(), texels.end())));
    tj::Float xf(std::vector<float>{1e10f, -1e10f, 3e9f});
    tj::enable_grad(xf);
    tj::backward(tj::sum(texf.eval({xf})[0]));
    CHECK(tj::to_vector(tj::grad(xf)) == std::vector<float>(3, 0.f));
}
