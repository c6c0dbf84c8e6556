// bench/peers/tracejit_worker.cpp — tracejit's (and the C++ loops') side of the peer harness: one workload per process
//
// Usage: bench_peers_worker <workload> <data-dir>   (bench/peers/harness.py starts it; TRACEJIT_THREADS sets the pool)
// It builds the workload exactly as the tracejit benchmark of the same name does (same sizes, inputs, seeds), writes
// the inputs to <data-dir>/in_*.bin for the Python peers and its own result to <data-dir>/out_tracejit.bin (the C++
// loop's to out_cpp.bin), prints "ready key=value ...", then answers each line "run <variant> [arg]" read from stdin
// with "t <seconds> [key=value ...]": one timed measurement, warm. Lines starting with '#' are notes. The harness
// alternates these turns with the Dr.Jit and JAX workers (bench/peers/*_worker.py) that speak the same protocol.
// Workloads: fused_sin fused_fma trace launch compile ad_chain mandelbrot freeze_1000_1 freeze_100_1M texture.
#include "../ad_function.h"
#include "../bench_util.h"
#include "../chain.h"
#include "../freeze_chain.h"
#include "../fused_loops.h"
#include "../mandelbrot_trace.h"
#include "../texture_loop.h"

#include <tracejit/freeze.h>
#include <tracejit/tracejit.h>

#include "backend/cpu/cpu_memory.h" // tj::cpu::flush_buffer_cache(): an empty buffer cache before the memory figure

#include <malloc.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using tj::Float;

std::string dir; // the data folder shared with the harness and the Python workers

template <typename T> void write_file(const std::string &name, const std::vector<T> &v) {
    std::ofstream f(dir + "/" + name, std::ios::binary);
    f.write(reinterpret_cast<const char *>(v.data()), std::streamsize(v.size() * sizeof(T)));
    if (!f) {
        std::fprintf(stderr, "cannot write %s/%s\n", dir.c_str(), name.c_str());
        std::exit(1);
    }
}

/// Largest |x - y| relative to max(1, |y|).
double max_rel_diff(const std::vector<float> &x, const std::vector<float> &y) {
    double worst = x.size() == y.size() ? 0 : INFINITY;
    for (size_t i = 0; i < x.size() && i < y.size(); ++i)
        worst = std::max(worst, std::abs(double(x[i]) - double(y[i])) / std::max(1.0, std::abs(double(y[i]))));
    return worst;
}


/// Seconds taken by `work`, tracejit's launches waited for.
double timed(const std::function<void()> &work) {
    auto t0 = bench::Clock::now();
    work();
    tj::sync();
    return bench::seconds_since(t0);
}

/// A variant's answer to "run <variant> <arg>": the "t <seconds> ..." line.
using Variant = std::function<std::string(const std::string &arg)>;

std::string t_line(double seconds, const std::string &extra = "") {
    char buf[64];
    std::snprintf(buf, sizeof buf, "t %.9g", seconds);
    return extra.empty() ? std::string(buf) : std::string(buf) + " " + extra;
}


/// Sets up one workload: writes its inputs and results, fills `variants`, returns the "ready" line's fields.
using Setup = std::function<std::string(std::map<std::string, Variant> &variants)>;

// --- fused a*b + sin(a) and a*b + c on 16M float32 (bench_fused, bench_fma) -------------------------------------

constexpr size_t fused_n = size_t(16) << 20;

std::string setup_fused(std::map<std::string, Variant> &v, bool with_sin) {
    static std::vector<float> ha, hb, hc, out;
    static Float a, b, c;
    size_t threads = tj::thread_count();
    ha.resize(fused_n), hb.resize(fused_n), out.assign(fused_n, 0.f);
    if (with_sin) { // bench_fused's make_inputs
        bench::Uniform dist(12345, -10.f, 10.f);
        for (size_t i = 0; i < fused_n; ++i)
            ha[i] = dist(), hb[i] = dist();
    } else { // bench_fma's inputs
        hc.resize(fused_n);
        bench::Uniform dist(7, -10.f, 10.f);
        for (size_t i = 0; i < fused_n; ++i)
            ha[i] = dist(), hb[i] = dist(), hc[i] = dist();
    }
    write_file("in_a.bin", ha), write_file("in_b.bin", hb);
    if (!with_sin)
        write_file("in_c.bin", hc);
    a = Float(ha), b = Float(hb);
    c = with_sin ? Float() : Float(hc);
    tj::eval(a, b, c);
    std::vector<float> result;
    for (int i = 0; i < 2; ++i) { // the first compiles, the second runs from the memory cache
        Float r = with_sin ? Float(a * b + tj::sin(a)) : Float(a * b + c);
        tj::eval(r);
        result = tj::to_vector(r);
    }
    write_file("out_tracejit.bin", result);
    if (with_sin)
        bench::fused_plain(ha.data(), hb.data(), out.data(), 0, fused_n);
    else
        bench::fma_vec(ha.data(), hb.data(), hc.data(), out.data(), 0, fused_n);
    write_file("out_cpp.bin", out);
    double diff = max_rel_diff(result, out);
    static float *streamed = with_sin ? nullptr : bench::huge_page_buffer<float>(fused_n);
    if (!with_sin) { // the streaming loop's result must be the plain loop's
        bench::fma_stream(a.data(), b.data(), c.data(), streamed, 0, fused_n);
        if (double d = max_rel_diff(std::vector<float>(streamed, streamed + fused_n), out); d > 0)
            throw std::runtime_error("the C++ streaming loop's result differs from the plain loop's (" +
                                     std::to_string(d) + ")");
    }
    v["tracejit"] = [with_sin](const std::string &) {
        Float r = with_sin ? Float(a * b + tj::sin(a)) : Float(a * b + c); // tracing is not timed
        return t_line(timed([&] { tj::eval(r); }));
    };
    if (with_sin) {
        v["cpp_plain"] = [threads](const std::string &) {
            return t_line(timed([&] {
                bench::run_blocks(fused_n, threads,
                           [](size_t s, size_t e) { bench::fused_plain(ha.data(), hb.data(), out.data(), s, e); });
            }));
        };
        v["cpp_vec"] = [threads](const std::string &) {
            return t_line(timed([&] {
                bench::run_blocks(fused_n, threads,
                           [](size_t s, size_t e) { bench::fused_vec(ha.data(), hb.data(), out.data(), s, e); });
            }));
        };
    } else {
        v["cpp_vec"] = [threads](const std::string &) {
            return t_line(timed([&] {
                bench::run_blocks(fused_n, threads, [](size_t s, size_t e) {
                    bench::fma_vec(ha.data(), hb.data(), hc.data(), out.data(), s, e);
                });
            }));
        };
        v["cpp_stream"] = [threads](const std::string &) {
            return t_line(timed([&] {
                bench::run_blocks(fused_n, threads, [](size_t s, size_t e) {
                    bench::fma_stream(a.data(), b.data(), c.data(), streamed, s, e);
                });
            }));
        };
    }
    char buf[96];
    std::snprintf(buf, sizeof buf, "threads=%zu n=%zu tj_vs_cpp=%.3g", threads, fused_n, diff);
    return buf;
}

// --- tracing cost (bench_trace) -----------------------------------------------------------------------------------

std::string setup_trace(std::map<std::string, Variant> &v) {
    static Float a = tj::opaque<Float>(1.5f, 1024), b = tj::opaque<Float>(0.5f, 1024);
    static int counter = 0;
    for (auto [name, len] : {std::pair<const char *, size_t>{"1k", 1000}, {"10k", 10000}, {"100k", 100000}}) {
        v[name] = [len](const std::string &) { // seconds per operation
            Float x = tj::opaque<Float>(1.f + float(++counter), 1024);
            auto t0 = bench::Clock::now();
            bench::build_chain(x, a, b, len);
            double t = bench::seconds_since(t0);
            x = Float(); // freeing is not timed
            return t_line(t / double(len));
        };
        v[name](""); // the first run grows the variable table and the CSE map
    }
    v["3op"] = [](const std::string &) {
        constexpr int batch = 1000;
        auto t0 = bench::Clock::now();
        for (int i = 0; i < batch; ++i) {
            Float y = a * b + tj::sin(a);
            (void)y;
        }
        return t_line(bench::seconds_since(t0) / (3.0 * batch));
    };
    return "width=1024";
}

// --- launch of a cached tiny kernel (bench_launch) ----------------------------------------------------------------

std::string setup_launch(std::map<std::string, Variant> &v) {
    constexpr size_t n = 16;
    static Float a = tj::opaque<Float>(1.5f, n), b = tj::opaque<Float>(2.f, n), c = tj::opaque<Float>(3.f, n);
    static auto step = [] {
        Float r = (a * b + c) * a;
        tj::eval(r);
        tj::sync();
    };
    step();
    v["tracejit"] = [](const std::string &) { // seconds per iteration of a batch of 500
        constexpr int iters = 500;
        auto t0 = bench::Clock::now();
        for (int i = 0; i < iters; ++i)
            step();
        return t_line(bench::seconds_since(t0) / iters);
    };
    Float r = (a * b + c) * a;
    char buf[64];
    std::snprintf(buf, sizeof buf, "width=%zu value=%.9g threads=%zu", n, double(r.read(3)), tj::thread_count());
    return buf;
}

// --- cold compile of 1k/10k-op chains (bench_compile) -------------------------------------------------------------

std::string setup_compile(std::map<std::string, Variant> &v) {
    constexpr size_t n = 64;
    static Float x0 = tj::opaque<Float>(0.25f, n), a = tj::opaque<Float>(1.0001f, n), b = tj::opaque<Float>(0.001f, n);
    static auto run = [](size_t ops, float seed) { // eval time of a chain no kernel had before (the seed literal)
        tj::KernelStats before = tj::kernel_stats();
        auto t0 = bench::Clock::now();
        Float x = x0 + seed;
        bench::build_chain(x, a, b, ops - 1);
        double trace = bench::seconds_since(t0);
        double t = timed([&] { tj::eval(x); });
        tj::KernelStats after = tj::kernel_stats();
        char buf[160];
        std::snprintf(buf, sizeof buf, "trace=%.9g compile_ms=%.3f compiled=%llu value=%.9g", trace,
                      after.compile_ms - before.compile_ms, (unsigned long long)(after.misses - before.misses),
                      double(x.read(n - 1)));
        return t_line(t, buf);
    };
    run(4, 0.5f); // starts the JIT (LLVM target, ORC): a once-per-process cost
    v["1k"] = [](const std::string &seed) { return run(1000, std::stof(seed)); };
    v["10k"] = [](const std::string &seed) { return run(10000, std::stof(seed)); };
    return "width=64";
}

// --- Enoki's AD chain: 1M floats, 1000 × y = y*y*0.5 + 0.5, backward (bench_ad, figure 1) ----------------------------

std::string setup_ad_chain(std::map<std::string, Variant> &v) {
    mallopt(M_MMAP_THRESHOLD, 128 * 1024); // as bench_ad: freed buffers go back to the system
    constexpr size_t size = size_t(1) << 20;
    static std::vector<float> hx(size);
    bench::Uniform dist(7, 0.f, 1.f);
    for (float &f : hx)
        f = dist();
    write_file("in_x.bin", hx);
    static Float x(hx);
    tj::eval(x);
    static auto chain_run = [] {
        Float leaf = tj::detach(x);
        tj::enable_grad(leaf);
        Float y = leaf;
        for (int k = 0; k < 1000; ++k)
            y = y * y * 0.5f + 0.5f;
        tj::backward(y);
        Float g = tj::grad(leaf);
        tj::eval(g);
        tj::sync();
        return g;
    };
    write_file("out_tracejit.bin", tj::to_vector(chain_run())); // cold: compiles
    v["run"] = [](const std::string &) {
        auto t0 = bench::Clock::now();
        Float g = chain_run();
        return t_line(bench::seconds_since(t0));
    };
    v["mem"] = [](const std::string &) { // peak resident growth of a run from an empty buffer cache
        tj::cpu::flush_buffer_cache();
        malloc_trim(0);
        double rss = bench::status_bytes("VmRSS");
        std::ofstream("/proc/self/clear_refs") << "5";
        auto t0 = bench::Clock::now();
        double t;
        {
            Float g = chain_run();
            t = bench::seconds_since(t0);
        }
        char buf[64];
        std::snprintf(buf, sizeof buf, "mb=%.3f", (bench::status_bytes("VmHWM") - rss) / 1e6);
        return t_line(t, buf);
    };
    return "n=1048576";
}

// --- Mandelbrot 2048², 256 iterations (bench_mandelbrot) ------------------------------------------------------------

std::string setup_mandelbrot(std::map<std::string, Variant> &v) {
    static const bench::MandelbrotGrid grid = bench::benchmark_grid();
    static std::vector<int32_t> counts(grid.pixels());
    size_t threads = tj::thread_count();
    tj::Int32 first = bench::mandelbrot_tracejit(grid);
    tj::eval(first);
    std::vector<int32_t> got = tj::to_vector(first);
    write_file("out_tracejit.bin", got);
    bench::run_blocks(grid.pixels(), threads,
                      [](size_t s, size_t e) { bench::mandelbrot_counts(grid, counts.data(), s, e); });
    write_file("out_cpp.bin", counts);
    long long sum = 0;
    for (int32_t c : got)
        sum += c;
    v["tracejit"] = [](const std::string &) {
        return t_line(timed([] {
            tj::Int32 c = bench::mandelbrot_tracejit(grid);
            tj::eval(c);
        }));
    };
    v["cpp"] = [threads](const std::string &) {
        return t_line(timed([threads] {
            bench::run_blocks(grid.pixels(), threads,
                       [](size_t s, size_t e) { bench::mandelbrot_counts(grid, counts.data(), s, e); });
        }));
    };
    char buf[128];
    std::snprintf(buf, sizeof buf, "width=%u height=%u x0=%.9g y0=%.9g dx=%.9g dy=%.9g iterations=%d sum=%lld",
                  grid.width, grid.height, double(grid.x0), double(grid.y0), double(grid.dx), double(grid.dy),
                  grid.max_iterations, sum);
    return buf;
}

// --- a frozen chain of N ops at width W (bench_freeze) ---------------------------------------------------------------

/// Calls per timed run so that a run lasts about 2 ms.
int calls_per_run(const std::function<void()> &call) {
    auto t0 = bench::Clock::now();
    for (int i = 0; i < 100; ++i)
        call();
    double t = bench::seconds_since(t0) / 100;
    return std::max(1, int(2e-3 / std::max(t, 1e-9)));
}

std::string setup_freeze(std::map<std::string, Variant> &v, size_t ops, size_t width) {
    static std::vector<float> hx, ha, hb, out;
    bench::Uniform ux(7, -1.f, 1.f), ua(8, 0.5f, 0.95f), ub(9, 0.5f, 0.95f); // bench_freeze's Inputs
    for (size_t i = 0; i < width; ++i)
        hx.push_back(ux()), ha.push_back(ua()), hb.push_back(ub());
    out.assign(width, 0.f);
    write_file("in_x.bin", hx), write_file("in_a.bin", ha), write_file("in_b.bin", hb);
    static Float x, a, b;
    x = Float(hx), a = Float(ha), b = Float(hb);
    tj::make_opaque(x, a, b);
    static size_t n_ops = ops;
    static auto body = [](Float x, Float a, Float b) {
        bench::build_chain(x, a, b, n_ops);
        return x;
    };
    static auto frozen = tj::freeze(body, tj::FreezeOptions{.name = "chain"});
    static std::function<void()> call = [] {
        Float r = frozen(x, a, b);
        tj::eval(r);
        tj::sync();
    };
    static volatile float sink;
    static std::function<void()> native = [] {
        if (hx.size() == 1)
            sink = bench::chain_scalar(hx[0], ha[0], hb[0], n_ops);
        else
            bench::chain_loop(hx.data(), ha.data(), hb.data(), out.data(), hx.size(), n_ops);
    };
    (void)frozen(x, a, b);                                          // records
    write_file("out_tracejit.bin", tj::to_vector(frozen(x, a, b))); // a replay
    native();
    write_file("out_cpp.bin", hx.size() == 1 ? std::vector<float>{sink} : out);
    static int n_call = calls_per_run(call), n_native = calls_per_run(native);
    v["tracejit"] = [](const std::string &) {
        auto t0 = bench::Clock::now();
        for (int i = 0; i < n_call; ++i)
            call();
        return t_line(bench::seconds_since(t0) / n_call);
    };
    v["cpp"] = [](const std::string &) {
        auto t0 = bench::Clock::now();
        for (int i = 0; i < n_native; ++i)
            native();
        return t_line(bench::seconds_since(t0) / n_native);
    };
    tj::FreezeStats st = frozen.stats();
    char buf[96];
    std::snprintf(buf, sizeof buf, "ops=%zu width=%zu recordings=%llu replays=%llu", ops, width,
                  (unsigned long long)st.recordings, (unsigned long long)st.replays);
    return buf;
}

// --- bilinear lookups of a 1024² 4-channel texture at 16M positions (bench_texture) --------------------------------

std::string setup_texture(std::map<std::string, Variant> &v) {
    constexpr size_t n = size_t(16) << 20, h = 1024, w = 1024, channels = 4;
    static std::vector<float> texels(h * w * channels), xs(n), ys(n), res(n * channels);
    size_t threads = tj::thread_count();
    bench::Uniform tex_rng(1, 0.f, 1.f), pos_rng(2, 0.f, 1.f);
    for (float &t : texels)
        t = tex_rng();
    for (size_t i = 0; i < n; ++i)
        xs[i] = pos_rng(), ys[i] = pos_rng();
    write_file("in_texels.bin", texels), write_file("in_x.bin", xs), write_file("in_y.bin", ys);
    static tj::Texture2f tex({h, w}, channels, tj::FilterMode::Linear, tj::WrapMode::Clamp);
    tex.set_value(Float(texels));
    static Float x(xs), y(ys);
    tj::eval(tex.value(), x, y);
    static auto lookup = [] {
        std::vector<Float> r = tex.eval({x, y});
        tj::eval(r[0], r[1], r[2], r[3]);
        return r;
    };
    std::vector<Float> r = lookup();
    std::vector<float> all;
    for (const Float &c : r) {
        std::vector<float> part = tj::to_vector(c);
        all.insert(all.end(), part.begin(), part.end());
    }
    write_file("out_tracejit.bin", all);
    static float *out[4] = {res.data(), res.data() + n, res.data() + 2 * n, res.data() + 3 * n};
    static auto cpp = [threads] {
        bench::run_blocks(n, threads, [](size_t s, size_t e) {
            bench::bilinear_lookups(texels.data(), h, w, channels, xs.data(), ys.data(), out, s, e);
        });
    };
    cpp();
    write_file("out_cpp.bin", res);
    v["tracejit"] = [](const std::string &) { return t_line(timed([] { std::vector<Float> r = lookup(); })); };
    v["cpp"] = [](const std::string &) { return t_line(timed([] { cpp(); })); };
    char buf[96];
    std::snprintf(buf, sizeof buf, "n=%zu height=%zu width=%zu channels=%zu threads=%zu", n, h, w, channels, threads);
    return buf;
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s <workload> <data-dir>\n", argv[0]);
        return 2;
    }
    dir = argv[2];
    bench::TempCacheDir cache_dir; // an empty, private disk cache: never the user's
    std::string workload = argv[1];
    std::map<std::string, Setup> setups{
        {"fused_sin", [](auto &v) { return setup_fused(v, true); }},
        {"fused_fma", [](auto &v) { return setup_fused(v, false); }},
        {"trace", setup_trace},
        {"launch", setup_launch},
        {"compile", setup_compile},
        {"ad_chain", setup_ad_chain},
        {"mandelbrot", setup_mandelbrot},
        {"freeze_1000_1", [](auto &v) { return setup_freeze(v, 1000, 1); }},
        {"freeze_100_1M", [](auto &v) { return setup_freeze(v, 100, size_t(1) << 20); }},
        {"texture", setup_texture},
    };
    auto it = setups.find(workload);
    if (it == setups.end()) {
        std::fprintf(stderr, "%s: unknown workload '%s'\n", argv[0], workload.c_str());
        return 2;
    }
    std::map<std::string, Variant> variants;
    try {
        std::printf("ready %s cpu=%s\n", it->second(variants).c_str(), tj::cpu_target().c_str());
        std::fflush(stdout);
        std::string line;
        while (std::getline(std::cin, line)) {
            std::istringstream words(line);
            std::string cmd, variant, arg;
            words >> cmd >> variant >> arg;
            auto v = variants.find(variant);
            if (cmd != "run" || v == variants.end()) {
                std::printf("error unknown command '%s'\n", line.c_str());
            } else {
                std::printf("%s\n", v->second(arg).c_str());
            }
            std::fflush(stdout);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s %s: %s\n", argv[0], workload.c_str(), e.what());
        return 1;
    }
    return 0;
}
