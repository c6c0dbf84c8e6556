// samples/mandelbrot.cpp — symbolic control flow: the Mandelbrot set with tj::while_loop, written to a PGM image
//
// Each pixel c iterates z ← z² + c from z = 0 until |z|² > 4 or 256 iterations; the count decides its grey level.
// The condition differs per pixel, so it cannot be a C++ `while`: tj::while_loop traces the condition and the body
// once and turns them into a loop inside the kernel, with (zr, zi, count) as its loop-carried state; a pixel whose
// point escaped stops changing while the others go on. The whole image is one kernel.
//
// Usage: mandelbrot [output.pgm]   (default: mandelbrot.pgm in the current folder; a binary PGM, "P5")
// The sample checks itself: the centre of the main cardioid and of the period-2 bulb reach the maximum count, a
// far point escapes at once, and a small grid matches a plain C++ loop.
#include <tracejit/control.h>
#include <tracejit/tracejit.h>

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using tj::Float, tj::Int32, tj::UInt32;

namespace {

constexpr int32_t max_count = 256;

/// Iterations of z ← z² + c from z = 0 while |z|² <= 4, at most max_count, for each point c = (cr, ci).
/// The squares zr², zi² are part of the state: computed once per iteration, for the body and the next test.
Int32 mandelbrot(const Float &cr, const Float &ci) {
    const size_t n = cr.size();
    Float zr = tj::zeros<Float>(n), zi = tj::zeros<Float>(n), zr2 = tj::zeros<Float>(n), zi2 = tj::zeros<Float>(n);
    Int32 count = tj::zeros<Int32>(n);
    tj::while_loop(
        std::tie(zr, zi, zr2, zi2, count),
        [](const Float &, const Float &, const Float &zr2, const Float &zi2, const Int32 &count) {
            return (zr2 + zi2 <= 4.f) & (count < max_count);
        },
        [&](Float &zr, Float &zi, Float &zr2, Float &zi2, Int32 &count) {
            zi = 2.f * zr * zi + ci;
            zr = zr2 - zi2 + cr;
            zr2 = zr * zr;
            zi2 = zi * zi;
            count += 1;
        });
    return count;
}

/// The same in plain C++, one point at a time. tracejit contracts 2·zr·zi + ci into one FMA (its kernels are
/// compiled for this CPU); std::fma rounds alike wherever this file is compiled for.
int32_t mandelbrot_reference(float cr, float ci) {
    float zr = 0.f, zi = 0.f, zr2 = 0.f, zi2 = 0.f;
    int32_t count = 0;
    while (zr2 + zi2 <= 4.f && count < max_count) {
        zi = std::fma(2.f * zr, zi, ci);
        zr = zr2 - zi2 + cr;
        zr2 = zr * zr;
        zi2 = zi * zi;
        ++count;
    }
    return count;
}

/// A rectangle of the complex plane sampled on width × height pixels (pixel centres).
struct View {
    uint32_t width, height;
    float x0, y0, x1, y1;
    float dx() const { return (x1 - x0) / float(width); }
    float dy() const { return (y1 - y0) / float(height); }
};

/// The counts of every pixel of `view`, row by row: the coordinates come from tj::arange inside the same kernel.
Int32 render(const View &view) {
    UInt32 pixel = tj::arange<UInt32>(size_t(view.width) * view.height);
    Float cr = (tj::cast<float>(pixel % view.width) + 0.5f) * view.dx() + view.x0;
    Float ci = (tj::cast<float>(pixel / view.width) + 0.5f) * view.dy() + view.y0;
    return mandelbrot(cr, ci);
}

/// Grey levels: black inside the set, brighter the longer a point took to escape (logarithmic).
bool write_pgm(const std::string &path, const View &view, const std::vector<int32_t> &counts) {
    std::FILE *f = std::fopen(path.c_str(), "wb");
    if (!f)
        return false;
    std::fprintf(f, "P5\n%u %u\n255\n", view.width, view.height);
    std::vector<uint8_t> grey(counts.size());
    for (size_t i = 0; i < counts.size(); ++i)
        grey[i] = counts[i] >= max_count
                      ? 0
                      : uint8_t(std::lround(255.0 * std::log(double(counts[i])) / std::log(double(max_count))));
    bool ok = std::fwrite(grey.data(), 1, grey.size(), f) == grey.size();
    return std::fclose(f) == 0 && ok;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// Known points: inside the set (the maximum count) and far outside it (escapes after the first iteration).
bool check_known_points() {
    struct Point {
        float cr, ci;
        int32_t expect;
        const char *what;
    };
    const Point points[] = {{-0.25f, 0.f, max_count, "centre of the main cardioid"},
                            {-1.f, 0.f, max_count, "centre of the period-2 bulb"},
                            {0.f, 0.f, max_count, "the origin"},
                            {-2.2f, -1.2f, 1, "a far corner"},
                            {2.f, 2.f, 1, "far right"},
                            {0.5f, 0.f, mandelbrot_reference(0.5f, 0.f), "just right of the cusp"}};
    std::vector<float> cr, ci;
    for (const Point &p : points) {
        cr.push_back(p.cr);
        ci.push_back(p.ci);
    }
    std::vector<int32_t> got = tj::to_vector(mandelbrot(Float(cr), Float(ci)));
    bool ok = true;
    for (size_t i = 0; i < got.size(); ++i)
        if (got[i] != points[i].expect) {
            fmt::print("FAILED: {} ({}, {}): {} iterations, expected {}\n", points[i].what, points[i].cr, points[i].ci,
                       got[i], points[i].expect);
            ok = false;
        }
    return ok;
}

/// A small grid against the plain C++ loop. They round alike, so the counts agree; on a CPU without FMA tracejit
/// could not fuse, and a point near the boundary would then escape iterations apart: a few pixels may differ.
bool check_against_cpp() {
    const View small{96, 72, -2.2f, -1.2f, 0.8f, 1.2f};
    std::vector<float> cr, ci;
    std::vector<int32_t> expect;
    for (uint32_t y = 0; y < small.height; ++y)
        for (uint32_t x = 0; x < small.width; ++x) {
            cr.push_back((float(x) + 0.5f) * small.dx() + small.x0);
            ci.push_back((float(y) + 0.5f) * small.dy() + small.y0);
            expect.push_back(mandelbrot_reference(cr.back(), ci.back()));
        }
    std::vector<int32_t> got = tj::to_vector(mandelbrot(Float(cr), Float(ci)));
    size_t differ = 0;
    for (size_t i = 0; i < got.size(); ++i)
        differ += got[i] != expect[i];
    fmt::print("small grid {}x{} against a plain C++ loop: {} of {} pixels differ\n", small.width, small.height, differ,
               got.size());
    if (differ * 200 > got.size()) {
        fmt::print("FAILED: more than 0.5% of the pixels differ from the C++ loop\n");
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv) {
    const std::string path = argc > 1 ? argv[1] : "mandelbrot.pgm";
    const View view{1536, 1152, -2.2f, -1.2f, 0.8f, 1.2f};

    tj::reset_kernel_stats();
    auto t0 = std::chrono::steady_clock::now();
    Int32 counts = render(view);
    tj::eval(counts);
    double first_ms = ms_since(t0);
    tj::KernelStats first = tj::kernel_stats();
    t0 = std::chrono::steady_clock::now();
    Int32 again = render(view); // traced again; the kernel comes from the cache
    tj::eval(again);
    double warm_ms = ms_since(t0);

    std::vector<int32_t> host = tj::to_vector(counts);
    uint64_t iterations = 0, inside = 0;
    for (int32_t c : host) {
        iterations += uint64_t(c);
        inside += c >= max_count;
    }
    fmt::print("Mandelbrot set: {}x{} pixels over [{}, {}] x [{}, {}], at most {} iterations, {} thread(s)\n",
               view.width, view.height, view.x0, view.x1, view.y0, view.y1, max_count, tj::thread_count());
    fmt::print("  first run {:.1f} ms ({} kernel(s) launched, {} compiled in {:.1f} ms), again {:.1f} ms "
               "(kernel from the cache)\n",
               first_ms, first.launches, first.misses, first.compile_ms, warm_ms);
    fmt::print("  {:.3g} iterations in all, {:.1f}% of the pixels inside the set\n", double(iterations),
               100.0 * double(inside) / double(host.size()));

    bool ok = true;
    if (!write_pgm(path, view, host)) {
        fmt::print("FAILED: cannot write {}\n", path);
        ok = false;
    } else {
        fmt::print("  wrote {} (binary PGM, {}x{}, grey levels)\n", path, view.width, view.height);
    }
    if (first.launches != 1) {
        fmt::print("FAILED: the image took {} kernels, expected one\n", first.launches);
        ok = false;
    }
    if (tj::to_vector(again) != host) {
        fmt::print("FAILED: the second run gave other counts\n");
        ok = false;
    }
    ok = check_known_points() && ok;
    ok = check_against_cpp() && ok;
    fmt::print("{}\n", ok ? "all checks passed" : "some checks FAILED");
    return ok ? 0 : 1;
}
