// samples/image_filter.cpp — tensors and textures: a bilinear warp of a 2-d texture, box-filtered by a tensor
// reduction, frozen, and a few unknown texels recovered by gradient descent; the result is written to a PGM image
//
// The filter: each pixel of a 128 × 128 image looks up a 32 × 32 texture (bilinear, mirrored at the edges) at a
// swirled position; the image is then box-filtered down to 64 × 64 (a reshape to [64, 2, 64, 2] and sums along
// the two small axes). A target image is made with the true texture. Sixteen texels are then unknown (set to 0) and
// gradient descent on the mean squared error between the filtered image and the target finds them again. The
// step (filter, loss, backward) is one frozen function: recorded once, replayed every iteration with the new
// texels, which the loop sets outside it.
//
// Usage: image_filter [output.pgm]   (default: image_filter.pgm in the current folder; a binary PGM, "P5")
// The sample checks itself: the frozen step matches the unfrozen one, it was recorded once, the loss falls by a
// factor of 1000, the texels come back within 1e-2, and the PGM file reads back as the image computed.
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using tj::Float, tj::UInt32, tj::TensorXf, tj::Texture2f;

namespace {

constexpr size_t tex_size = 32, image_size = 128, out_size = 64;

/// The texture's texels: soft rings and stripes in [0, 1].
std::vector<float> true_texels() {
    std::vector<float> v(tex_size * tex_size);
    for (size_t y = 0; y < tex_size; ++y)
        for (size_t x = 0; x < tex_size; ++x) {
            double u = (x + 0.5) / tex_size - 0.5, w = (y + 0.5) / tex_size - 0.5;
            v[y * tex_size + x] = float(0.5 + 0.35 * std::cos(18 * std::sqrt(u * u + w * w)) + 0.15 * std::sin(9 * u));
        }
    return v;
}

/// The swirled lookup positions of the image's pixels (x, y in texture space, partly outside [0, 1]).
std::pair<Float, Float> swirl_positions() {
    UInt32 k = tj::arange<UInt32>(image_size * image_size);
    Float px = (tj::cast<float>(k % uint32_t(image_size)) + 0.5f) / float(image_size) - 0.5f;
    Float py = (tj::cast<float>(k / uint32_t(image_size)) + 0.5f) / float(image_size) - 0.5f;
    Float r = tj::sqrt(px * px + py * py), angle = 2.5f * (0.75f - r);
    Float c = tj::cos(angle), s = tj::sin(angle);
    Float x = (c * px - s * py) * 1.15f + 0.5f, y = (s * px + c * py) * 1.15f + 0.5f;
    tj::make_opaque(x, y);
    return {x, y};
}

/// The filter: a bilinear lookup per pixel, then a 2 × 2 box filter as a tensor reduction.
TensorXf filter(const Texture2f &tex, const Float &x, const Float &y) {
    TensorXf image(tex.eval({x, y})[0], {image_size, image_size});
    TensorXf blocks = tj::reshape(image, {int64_t(out_size), 2, int64_t(out_size), 2});
    return tj::sum(tj::sum(blocks, 3), 1) * 0.25f;
}

/// One step: the filtered image of the texels with `unknown` (at positions `where`) put in, its mean squared error
/// against `target`, and the gradient of that error in the unknown texels.
std::pair<Float, Float> step(const Float &known, const Float &unknown_in, const UInt32 &where, const Float &x,
                             const Float &y, const TensorXf &target) {
    Float unknown = unknown_in;
    tj::enable_grad(unknown);
    Float texels = known;
    tj::scatter(texels, unknown, where);
    Texture2f tex({tex_size, tex_size}, 1, tj::FilterMode::Linear, tj::WrapMode::Mirror);
    tex.set_value(texels);
    TensorXf diff = filter(tex, x, y) - target;
    Float loss = tj::mean(diff.array() * diff.array());
    tj::backward(loss);
    return {tj::detach(loss), tj::grad(unknown)};
}

bool write_pgm(const std::string &path, const std::vector<float> &pixels, size_t w, size_t h,
               std::vector<unsigned char> &bytes) {
    bytes.resize(w * h);
    for (size_t i = 0; i < bytes.size(); ++i)
        bytes[i] = (unsigned char)std::lround(std::fmin(std::fmax(pixels[i], 0.f), 1.f) * 255.f);
    std::ofstream out(path, std::ios::binary);
    out << "P5\n" << w << " " << h << "\n255\n";
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
    return bool(out);
}

bool check(bool ok, const std::string &what) {
    fmt::print("{} {}\n", ok ? "ok  " : "FAIL", what);
    return ok;
}

} // namespace

int main(int argc, char **argv) {
    std::string path = argc > 1 ? argv[1] : "image_filter.pgm";
    std::vector<float> truth = true_texels();
    auto [x, y] = swirl_positions();

    Texture2f true_tex({tex_size, tex_size}, 1, tj::FilterMode::Linear, tj::WrapMode::Mirror);
    true_tex.set_value(Float(truth));
    TensorXf target = filter(true_tex, x, y);
    tj::eval(target);

    // Sixteen texels near the middle are unknown: 0 at first.
    std::vector<uint32_t> where_host;
    std::vector<float> truth_unknown, known_host = truth;
    for (uint32_t i = 0; i < 16; ++i) {
        uint32_t p = (10 + (i / 4) * 3) * uint32_t(tex_size) + 10 + (i % 4) * 3;
        where_host.push_back(p);
        truth_unknown.push_back(truth[p]);
        known_host[p] = 0.f;
    }
    Float known(known_host);
    UInt32 where(where_host);
    Float unknown = tj::zeros<Float>(16);
    tj::make_opaque(unknown);

    auto frozen_step = tj::freeze(step);
    bool ok = true;
    { // The frozen step gives the unfrozen one's result.
        auto [l0, g0] = frozen_step(known, unknown, where, x, y, target);
        auto [l1, g1] = step(known, unknown, where, x, y, target);
        std::vector<float> a = tj::to_vector(g0), b = tj::to_vector(g1);
        double worst = 0;
        for (size_t i = 0; i < a.size(); ++i)
            worst = std::fmax(worst, std::fabs(a[i] - b[i]) / (1e-6 + std::fabs(b[i])));
        ok &= check(std::fabs(l0.read(0) - l1.read(0)) <= 1e-6f * l1.read(0) && worst < 1e-3,
                    fmt::format("frozen step = unfrozen step (loss {:.6g}, worst gradient difference {:.2g})",
                                l0.read(0), worst));
    }

    const int iterations = 40;
    const float rate = 1000.f;
    float first = 0, last = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int it = 0; it < iterations; ++it) {
        auto [loss, grad] = frozen_step(known, unknown, where, x, y, target);
        unknown = unknown - rate * grad; // set outside the frozen function: the next replay uses it
        tj::eval(unknown);
        last = loss.read(0);
        if (it == 0)
            first = last;
        if (it % 10 == 0 || it == iterations - 1)
            fmt::print("iteration {:2}: loss {:.3e}\n", it, last);
    }
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    fmt::print("{} frozen steps in {:.1f} ms ({:.2f} ms per step)\n", iterations, ms, ms / iterations);

    tj::FreezeStats st = tj::freeze_stats(&frozen_step);
    ok &= check(st.recordings == 1 && st.replays == uint64_t(iterations),
                fmt::format("one recording, {} replays", st.replays));
    ok &= check(last < first * 1e-3f, fmt::format("the loss fell from {:.3e} to {:.3e}", first, last));
    std::vector<float> found = tj::to_vector(unknown);
    double worst = 0;
    for (size_t i = 0; i < found.size(); ++i)
        worst = std::fmax(worst, std::fabs(found[i] - truth_unknown[i]));
    ok &= check(worst < 1e-2, fmt::format("the unknown texels came back within {:.2e}", worst));

    // The filtered image of the recovered texture, written and read back.
    Float texels = known;
    tj::scatter(texels, unknown, where);
    Texture2f tex({tex_size, tex_size}, 1, tj::FilterMode::Linear, tj::WrapMode::Mirror);
    tex.set_value(texels);
    TensorXf image = filter(tex, x, y);
    std::vector<unsigned char> bytes;
    ok &= check(write_pgm(path, tj::to_vector(image.array()), out_size, out_size, bytes), "wrote " + path);
    std::ifstream in(path, std::ios::binary);
    std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string header = fmt::format("P5\n{} {}\n255\n", out_size, out_size);
    ok &= check(file.size() == header.size() + bytes.size() && file.compare(0, header.size(), header) == 0 &&
                    std::memcmp(file.data() + header.size(), bytes.data(), bytes.size()) == 0,
                fmt::format("{} reads back as the {} × {} image", path, out_size, out_size));
    return ok ? 0 : 1;
}
