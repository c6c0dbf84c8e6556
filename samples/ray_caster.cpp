// samples/ray_caster.cpp — symbolic virtual calls: a tiny ray caster over spheres, planes and boxes, frozen, to a PGM
//
// The scene is an array of polymorphic shapes (tj::Object subclasses) held in a pointer array, tj::Ptr<Shape>. Every
// pixel tests its primary ray against every shape: one lane per (pixel, shape) pair, and `shape->intersect(o, d)`,
// which the tracejit plugin rewrites into tj::dispatch, runs each lane's own class's code inside one kernel. The
// nearest hit per pixel is a block reduction; the hit shape's normal comes from a second call through the pointer
// array, in which the pixels that hit nothing hold nullptr (and get zeros). The render is [[jit::freeze]]: its first
// call records the kernels, the second (another camera position) replays them without running the C++ body.
//
// Usage: ray_caster [output.pgm]   (default: ray_caster.pgm in the current folder; a binary PGM, "P5")
// Build it with the tracejit plugin (samples/CMakeLists.txt adds -fplugin=…/tracejit.so). The sample checks itself:
// each shape's pixel count and the shading against the same scene rendered in plain C++ through ordinary virtual
// calls, the replayed frame against the same frame rendered unfrozen, one recording and one replay, and the PGM read
// back.
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

using tj::Float, tj::UInt32;

namespace {

// The few operations the shapes need on a plain float, spelled as tj has them for tj::Float: the intersection code
// below is written once, as templates, for the traced render (Float) and the C++ reference (float).
float select(bool mask, float a, float b) { return mask ? a : b; }
float min(float a, float b) { return a < b ? a : b; }
float max(float a, float b) { return a > b ? a : b; }
float sqrt(float a) { return std::sqrt(a); }
float abs(float a) { return std::fabs(a); }

/// A point or direction: of tj::Float (one per lane) or of float (the C++ reference).
template <typename F> struct Vec3 { F x, y, z; };
using V3 = Vec3<Float>;
using V3f = Vec3<float>;

template <typename F> Vec3<F> operator+(const Vec3<F> &a, const Vec3<F> &b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <typename F> Vec3<F> operator-(const Vec3<F> &a, const Vec3<F> &b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <typename F> Vec3<F> operator*(const F &s, const Vec3<F> &a) { return {s * a.x, s * a.y, s * a.z}; }
template <typename F> F dot(const Vec3<F> &a, const Vec3<F> &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
template <typename F> Vec3<F> constant(float x, float y, float z) { return {F(x), F(y), F(z)}; }

constexpr float far = 1e30f; ///< "no hit"
constexpr float eps = 1e-3f; ///< hits closer than this to the ray's origin are ignored

/// Something a ray can hit. Each method comes twice: for tj::Float lanes (called through the pointer array) and for
/// float (the C++ reference, through ordinary virtual calls).
struct Shape : tj::Object {
    /// The distance t > eps along o + t·d to the nearest hit, or `far` when the ray misses.
    virtual Float intersect(const V3 &o, const V3 &d) const = 0;
    virtual float intersect(const V3f &o, const V3f &d) const = 0;
    /// The unit normal at a point p of the surface.
    virtual V3 normal(const V3 &p) const = 0;
    virtual V3f normal(const V3f &p) const = 0;
    /// What the printed table calls it.
    virtual std::string name() const = 0;
    // The shapes' sizes are host floats, constants of the kernels: no array fields for freezing to take as inputs.
    TJ_OBJECT_NO_FIELDS
};

struct Sphere final : Shape {
    float cx, cy, cz, r;
    Sphere(float x, float y, float z, float radius) : cx(x), cy(y), cz(z), r(radius) {}

    template <typename F> F hit(const Vec3<F> &o, const Vec3<F> &d) const {
        Vec3<F> oc = o - constant<F>(cx, cy, cz);
        F b = dot(oc, d), c = dot(oc, oc) - r * r;
        F disc = b * b - c; // d is a unit vector
        F root = sqrt(max(disc, F(0.f)));
        F t = select(-b - root > eps, -b - root, -b + root);
        return select(disc >= 0.f && t > eps, t, F(far));
    }
    template <typename F> Vec3<F> unit_normal(const Vec3<F> &p) const {
        return F(1.f / r) * (p - constant<F>(cx, cy, cz));
    }
    Float intersect(const V3 &o, const V3 &d) const override { return hit(o, d); }
    float intersect(const V3f &o, const V3f &d) const override { return hit(o, d); }
    V3 normal(const V3 &p) const override { return unit_normal(p); }
    V3f normal(const V3f &p) const override { return unit_normal(p); }
    std::string name() const override { return fmt::format("sphere r={}", r); }
};

/// The plane n·p = h (n a unit vector), seen from both sides.
struct Plane final : Shape {
    float nx, ny, nz, h;
    Plane(float x, float y, float z, float offset) : nx(x), ny(y), nz(z), h(offset) {}

    template <typename F> F hit(const Vec3<F> &o, const Vec3<F> &d) const {
        Vec3<F> n = constant<F>(nx, ny, nz);
        F denom = dot(n, d);
        F t = (F(h) - dot(n, o)) / select(abs(denom) > 1e-6f, denom, F(1.f));
        return select(abs(denom) > 1e-6f && t > eps, t, F(far));
    }
    Float intersect(const V3 &o, const V3 &d) const override { return hit(o, d); }
    float intersect(const V3f &o, const V3f &d) const override { return hit(o, d); }
    V3 normal(const V3 &) const override { return constant<Float>(nx, ny, nz); }
    V3f normal(const V3f &) const override { return constant<float>(nx, ny, nz); }
    std::string name() const override { return fmt::format("plane ({}, {}, {})", nx, ny, nz); }
};

/// An axis-aligned box between two corners (the slab method).
struct Box final : Shape {
    float lo[3], hi[3];
    Box(std::array<float, 3> a, std::array<float, 3> b) : lo{a[0], a[1], a[2]}, hi{b[0], b[1], b[2]} {}

    template <typename F> F hit(const Vec3<F> &o, const Vec3<F> &d) const {
        const F *oo[3] = {&o.x, &o.y, &o.z}, *dd[3] = {&d.x, &d.y, &d.z};
        F near(-far), farthest(far);
        for (int a = 0; a < 3; ++a) { // the rays' directions have no zero component (pixel centres, see main)
            F inv = F(1.f) / *dd[a];
            F t0 = (F(lo[a]) - *oo[a]) * inv, t1 = (F(hi[a]) - *oo[a]) * inv;
            near = max(near, min(t0, t1));
            farthest = min(farthest, max(t0, t1));
        }
        F t = select(near > eps, near, farthest);
        return select(near <= farthest && t > eps, t, F(far));
    }
    /// The normal of the face p lies on: the axis along which p is farthest out, relative to the half size.
    template <typename F> Vec3<F> face_normal(const Vec3<F> &p) const {
        const F *pp[3] = {&p.x, &p.y, &p.z};
        F q[3];
        for (int a = 0; a < 3; ++a)
            q[a] = (*pp[a] - F(0.5f * (lo[a] + hi[a]))) / F(0.5f * (hi[a] - lo[a]));
        F ax = abs(q[0]), ay = abs(q[1]), az = abs(q[2]);
        auto sign = [](const F &v) { return select(v < 0.f, F(-1.f), F(1.f)); };
        auto on = [&](const auto &mask, const F &v) { return select(mask, sign(v), F(0.f)); };
        auto x_face = ax >= ay && ax >= az, y_face = !x_face && ay >= az, z_face = !x_face && !y_face;
        return {on(x_face, q[0]), on(y_face, q[1]), on(z_face, q[2])};
    }
    Float intersect(const V3 &o, const V3 &d) const override { return hit(o, d); }
    float intersect(const V3f &o, const V3f &d) const override { return hit(o, d); }
    V3 normal(const V3 &p) const override { return face_normal(p); }
    V3f normal(const V3f &p) const override { return face_normal(p); }
    std::string name() const override { return "box"; }
};

} // namespace

TJ_STRUCT(V3, x, y, z)

/// What the render gives per pixel: a grey level in [0, 1] and which shape it shows (the scene's size for none).
struct Frame {
    Float shade;
    UInt32 shape;
};
TJ_STRUCT(Frame, shade, shape)

namespace {

constexpr uint32_t width = 160, height = 120;
constexpr float tan_half_fov = 0.6f;
const float light[3] = {0.5f, 0.8f, 0.4f}; ///< towards the light (normalised in main)

/// The primary ray of pixel (px, py) of a pinhole camera looking down -z: its unit direction.
template <typename F> Vec3<F> primary_direction(const F &px, const F &py) {
    F x = ((px + 0.5f) * (2.f / width) - 1.f) * (tan_half_fov * width / height);
    F y = (1.f - (py + 0.5f) * (2.f / height)) * tan_half_fov;
    F inv = F(1.f) / sqrt(x * x + y * y + F(1.f));
    return {x * inv, y * inv, F(-1.f) * inv};
}

/// Lambert shading with some ambient light; `background` where nothing was hit.
template <typename F> F shade_of(const Vec3<F> &n, const Vec3<F> &to_light) {
    return F(0.15f) + F(0.85f) * max(dot(n, to_light), F(0.f));
}
constexpr float background = 0.05f;

} // namespace

/// Renders the scene seen from `eye`: every (pixel, shape) lane intersects its ray with its shape through the pointer
/// array, the nearest hit per pixel wins (the first shape on a tie), and the winner's normal shades the pixel.
[[jit::freeze]] Frame render(const tj::Ptr<Shape> &scene, const V3 &eye, const V3 &to_light) {
    const uint32_t shapes = uint32_t(scene.size()), pixels = width * height;
    UInt32 pixel = tj::arange<UInt32>(pixels);
    V3 dir = primary_direction(tj::cast<float>(pixel % width), tj::cast<float>(pixel / width));

    // One lane per (pixel, shape): lane = pixel * shapes + slot.
    UInt32 lane = tj::arange<UInt32>(size_t(pixels) * shapes);
    UInt32 lane_pixel = lane / shapes, slot = lane % shapes;
    tj::Ptr<Shape> shape = tj::gather<tj::Ptr<Shape>>(scene, slot);
    V3 d{tj::gather<Float>(dir.x, lane_pixel), tj::gather<Float>(dir.y, lane_pixel),
         tj::gather<Float>(dir.z, lane_pixel)};
    Float t = shape->intersect(eye, d);

    // The nearest hit of each pixel, and the first slot that reached it.
    Float nearest = tj::block_reduce(tj::ReduceOp::Min, t, shapes);
    tj::Bool wins = t == tj::gather<Float>(nearest, lane_pixel) && t < far;
    UInt32 winner = tj::full<UInt32>(shapes, pixels);
    tj::scatter_reduce(tj::ReduceOp::Min, winner, slot, lane_pixel, wins);

    // Shading: the winner's normal at the hit point; pixels that hit nothing call through nullptr and get zeros.
    tj::Bool hit = winner < shapes;
    tj::Ptr<Shape> seen = tj::gather<tj::Ptr<Shape>>(scene, winner, hit);
    V3 n = seen->normal(eye + nearest * dir);
    return {tj::select(hit, shade_of(n, to_light), Float(background)), winner};
}

namespace {

/// A frame on the host.
struct Image {
    std::vector<float> shade;
    std::vector<uint32_t> shape;
};

Image to_host(const Frame &f) { return {tj::to_vector(f.shade), tj::to_vector(f.shape)}; }

/// The same render in plain C++: a loop over the pixels, the shapes called through ordinary virtual calls.
Image render_reference(const std::vector<Shape *> &scene, const V3f &eye, const V3f &to_light) {
    Image out;
    for (uint32_t py = 0; py < height; ++py)
        for (uint32_t px = 0; px < width; ++px) {
            V3f d = primary_direction(float(px), float(py));
            float nearest = far;
            uint32_t winner = uint32_t(scene.size());
            for (uint32_t k = 0; k < scene.size(); ++k)
                if (float t = scene[k]->intersect(eye, d); t < nearest) {
                    nearest = t;
                    winner = k;
                }
            bool hit = winner < scene.size();
            out.shade.push_back(hit ? shade_of(scene[winner]->normal(eye + nearest * d), to_light) : background);
            out.shape.push_back(winner);
        }
    return out;
}

V3 opaque(const V3f &v) { return {tj::opaque<Float>(v.x), tj::opaque<Float>(v.y), tj::opaque<Float>(v.z)}; }

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

uint8_t grey(float v) { return uint8_t(std::lround(255.f * max(0.f, min(1.f, v)))); }

/// The frames side by side, as a binary PGM; false when the file cannot be written.
bool write_pgm(const std::string &path, const std::vector<Image> &frames, std::vector<uint8_t> &pixels) {
    const uint32_t w = width * uint32_t(frames.size());
    pixels.assign(size_t(w) * height, 0);
    for (size_t f = 0; f < frames.size(); ++f)
        for (uint32_t y = 0; y < height; ++y)
            for (uint32_t x = 0; x < width; ++x)
                pixels[size_t(y) * w + f * width + x] = grey(frames[f].shade[size_t(y) * width + x]);
    std::FILE *file = std::fopen(path.c_str(), "wb");
    if (!file)
        return false;
    std::fprintf(file, "P5\n%u %u\n255\n", w, height);
    bool ok = std::fwrite(pixels.data(), 1, pixels.size(), file) == pixels.size();
    return std::fclose(file) == 0 && ok;
}

/// The pixels of a binary PGM written by write_pgm (empty when it is not one).
std::vector<uint8_t> read_pgm(const std::string &path, uint32_t &w, uint32_t &h) {
    std::vector<uint8_t> pixels;
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file)
        return pixels;
    unsigned maxval = 0;
    if (std::fscanf(file, "P5 %u %u %u", &w, &h, &maxval) == 3 && maxval == 255 && std::fgetc(file) == '\n') {
        pixels.resize(size_t(w) * h);
        if (std::fread(pixels.data(), 1, pixels.size(), file) != pixels.size())
            pixels.clear();
    }
    std::fclose(file);
    return pixels;
}

int failures = 0;

void check(bool ok, const std::string &what) {
    if (!ok) {
        fmt::print("FAILED: {}\n", what);
        ++failures;
    }
}

/// Each shape's pixel count and each pixel's shape and shading against the C++ reference. tracejit fuses
/// multiplications and additions into FMAs (its kernels are compiled for this CPU) and the plain build may not, so a
/// pixel on a silhouette or a box's edge may go to the neighbour: a few pixels may differ.
void compare_with_reference(const char *what, const Image &got, const Image &ref, const std::vector<Shape *> &scene) {
    std::vector<size_t> count(scene.size() + 1), ref_count(scene.size() + 1);
    size_t differ = 0;
    float worst = 0.f;
    for (size_t i = 0; i < got.shape.size() && i < ref.shape.size(); ++i) {
        ++count[std::min(got.shape[i], uint32_t(scene.size()))];
        ++ref_count[ref.shape[i]];
        float error = std::fabs(got.shade[i] - ref.shade[i]);
        if (got.shape[i] != ref.shape[i] || error > 1e-3f) // another shape, or another face of a box
            ++differ;
        else
            worst = max(worst, error);
    }
    fmt::print("  {}: {} of {} pixels differ from the C++ reference; the others' shading within {:.1e}\n", what, differ,
               got.shape.size(), worst);
    for (size_t k = 0; k <= scene.size(); ++k)
        fmt::print("    {:<22} {:>6} pixels (C++ reference {:>6})\n",
                   k < scene.size() ? scene[k]->name() : "background", count[k], ref_count[k]);
    check(got.shape.size() == size_t(width) * height,
          fmt::format("{}: the frame has {} pixels", what, got.shape.size()));
    check(differ * 500 <= got.shape.size(), fmt::format("{}: more than 0.2% of the pixels differ from C++", what));
    for (size_t k = 0; k < scene.size(); ++k)
        check(count[k] > 0, fmt::format("{}: {} is not in the picture", what, scene[k]->name()));
}

} // namespace

int main(int argc, char **argv) {
    const std::string path = argc > 1 ? argv[1] : "ray_caster.pgm";

    // The scene: a floor, a wall on the left, two spheres and two boxes, as objects of three classes behind one base;
    // the sky is the background (no shape: nullptr lanes in the shading call).
    std::vector<std::unique_ptr<Shape>> owned;
    owned.push_back(std::make_unique<Plane>(0.f, 1.f, 0.f, -1.f));
    owned.push_back(std::make_unique<Plane>(1.f, 0.f, 0.f, -3.6f));
    owned.push_back(std::make_unique<Sphere>(-1.3f, -0.2f, -4.f, 0.8f));
    owned.push_back(std::make_unique<Sphere>(0.9f, -0.55f, -2.9f, 0.45f));
    owned.push_back(std::make_unique<Box>(std::array{0.2f, -1.f, -5.4f}, std::array{1.7f, 0.5f, -4.2f}));
    owned.push_back(std::make_unique<Box>(std::array{-3.2f, -1.f, -6.5f}, std::array{-2.3f, 1.4f, -5.6f}));
    std::vector<Shape *> raw;
    for (const auto &s : owned)
        raw.push_back(s.get());
    tj::Ptr<Shape> scene(raw);

    float norm = std::sqrt(light[0] * light[0] + light[1] * light[1] + light[2] * light[2]);
    const V3f to_light{light[0] / norm, light[1] / norm, light[2] / norm};
    const V3f eyes[2] = {{0.f, 0.2f, 0.5f}, {0.7f, 0.9f, 1.2f}}; // two camera positions

    // Frozen: the first call records its kernels, the second replays them with the new camera position.
    std::vector<Image> frames;
    double ms[2];
    for (int i = 0; i < 2; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        Frame f = render(scene, opaque(eyes[i]), opaque(to_light));
        tj::eval(f.shade, f.shape);
        ms[i] = ms_since(t0);
        frames.push_back(to_host(f));
    }
    tj::FreezeStats stats = tj::freeze_stats(&render);
    fmt::print("Ray caster: {}x{} pixels, {} shapes of {} classes, {} lanes per call through the pointer array\n",
               width, height, raw.size(), 3, size_t(width) * height * raw.size());
    fmt::print("  frozen render: recorded in {:.1f} ms, replayed in {:.1f} ms ({} recording(s), {} replay(s))\n", ms[0],
               ms[1], stats.recordings, stats.replays);
    check(stats.recordings == 1 && stats.replays == 1,
          fmt::format("{} recordings and {} replays, expected 1 and 1", stats.recordings, stats.replays));

    // The replayed frame against the same frame rendered by running the body (freezing off).
    tj::set_flag(tj::Flag::KernelFreezing, false);
    Image unfrozen = to_host(render(scene, opaque(eyes[1]), opaque(to_light)));
    tj::set_flag(tj::Flag::KernelFreezing, true);
    float replay_error = 0.f;
    for (size_t i = 0; i < unfrozen.shade.size() && i < frames[1].shade.size(); ++i)
        replay_error = max(replay_error, std::fabs(unfrozen.shade[i] - frames[1].shade[i]));
    fmt::print("  replayed frame against the body run unfrozen: shapes {}, shading within {:.1e}\n",
               unfrozen.shape == frames[1].shape ? "identical" : "DIFFERENT", replay_error);
    check(unfrozen.shape == frames[1].shape && replay_error <= 1e-6f, "the replay differs from the unfrozen render");

    // Both frames against plain C++ virtual calls.
    for (int i = 0; i < 2; ++i)
        compare_with_reference(i == 0 ? "camera 1 (recorded)" : "camera 2 (replayed)", frames[i],
                               render_reference(raw, eyes[i], to_light), raw);

    std::vector<uint8_t> written;
    uint32_t w = 0, h = 0;
    if (!write_pgm(path, frames, written)) {
        check(false, "cannot write " + path);
    } else {
        check(read_pgm(path, w, h) == written && w == 2 * width && h == height, path + " does not read back");
        fmt::print("  wrote {} (binary PGM, {}x{}: the two camera positions side by side)\n", path, 2 * width, height);
    }
    if (failures) {
        fmt::print("ray_caster: {} check(s) FAILED\n", failures);
        return 1;
    }
    fmt::print("ray_caster: all checks passed\n");
    return 0;
}
