// tests/runtime/test_ulp.cpp — accuracy of the vectorised math functions in ulp, and their special values
//
// Each function runs over 2^20 inputs (a dense grid, random values and the
// hard regions of its domain) in one kernel, and every result is compared with
// the same function computed one precision higher (double for Float, long
// double for Float64). The error is measured in ulp of the correctly rounded
// result; below the smallest normal number an ulp is the subnormal spacing.
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr size_t n_inputs = size_t(1) << 20;

/// One ulp of the value `c` of type T: the spacing of T's values at |c| (2^-149 or 2^-1074 below the normal range).
template <typename T> long double ulp_of(T c) {
    constexpr int digits = std::numeric_limits<T>::digits;        // 24 or 53
    constexpr int min_exp = std::numeric_limits<T>::min_exponent; // -125 or -1021
    int e = 0;
    if (c != 0)
        std::frexp(c, &e); // c = m * 2^e, 0.5 <= |m| < 1
    if (c == 0 || e < min_exp)
        e = min_exp;
    return std::ldexp(1.0L, e - digits);
}

/// Error of `got` against the higher-precision reference `ref`, in ulp of the correctly rounded result.
/// NaN, infinities and zeros must match exactly (zeros with their sign); those mismatches count as infinite.
template <typename T, typename R> long double ulp_error(T got, R ref) {
    constexpr long double inf = std::numeric_limits<long double>::infinity();
    if (std::isnan(ref))
        return std::isnan(got) ? 0 : inf;
    if (std::isnan(got))
        return inf;
    const T rounded = static_cast<T>(ref);
    if (std::isinf(rounded)) // the exact result overflows T: only the infinity of the same sign is right
        return got == rounded ? 0 : inf;
    if (ref == 0)
        return got == 0 && std::signbit(got) == std::signbit(ref) ? 0 : inf;
    if (std::isinf(got))
        return inf;
    return std::fabs(static_cast<long double>(got) - static_cast<long double>(ref)) / ulp_of(rounded);
}

/// A value with all its digits, for messages.
template <typename T> std::string show(T v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*Lg", std::numeric_limits<T>::max_digits10, static_cast<long double>(v));
    return buf;
}

/// Fills inputs for one function from segments: each segment gives a share of the elements.
template <typename T> struct Inputs {
    std::vector<T> x, y; // y only for functions of two arguments
    std::mt19937_64 rng{0x5eed};

    T uniform(double lo, double hi) { return static_cast<T>(std::uniform_real_distribution<double>(lo, hi)(rng)); }
    /// |value| log-uniform in [lo, hi].
    T log_uniform(double lo, double hi) {
        return static_cast<T>(std::exp2(std::uniform_real_distribution<double>(std::log2(lo), std::log2(hi))(rng)));
    }
    T random_sign(T v) { return rng() & 1 ? -v : v; }
    /// A uniformly random bit pattern of a finite, non-negative T (every binade equally likely, subnormals too).
    T positive_bits() {
        for (;;) {
            T v;
            if constexpr (sizeof(T) == 4) {
                const uint32_t b = uint32_t(rng()) & 0x7fffffffu;
                v = std::bit_cast<float>(b);
            } else {
                const uint64_t b = rng() & 0x7fffffffffffffffull;
                v = std::bit_cast<double>(b);
            }
            if (std::isfinite(v))
                return v;
        }
    }
    /// `count` evenly spaced values from lo to hi.
    void grid(size_t count, double lo, double hi) {
        for (size_t i = 0; i < count; ++i)
            x.push_back(static_cast<T>(lo + (hi - lo) * double(i) / double(count - 1)));
    }
    template <typename F> void fill(size_t count, F &&f) {
        for (size_t i = 0; i < count; ++i)
            x.push_back(f());
    }
    /// Fills the rest up to n_inputs.
    template <typename F> void rest(F &&f) { fill(n_inputs - x.size(), std::forward<F>(f)); }
};

/// A function under test: how to build its inputs, the JIT version, and the reference one precision up.
template <typename T> struct MathCase {
    using A = tj::Array<T>;
    using Wide = std::conditional_t<sizeof(T) == 4, double, long double>;
    const char *name;
    std::function<void(Inputs<T> &)> make_inputs;
    std::function<A(const A &, const A &)> jit;
    std::function<Wide(Wide, Wide)> reference;
    bool binary = false;
};

template <typename T> std::vector<MathCase<T>> math_cases() {
    using A = tj::Array<T>;
    using W = typename MathCase<T>::Wide;
    constexpr double huge = sizeof(T) == 4 ? 3.0e38 : 1.0e300;
    constexpr double exp_lo = sizeof(T) == 4 ? -87.0 : -708.0, exp_hi = sizeof(T) == 4 ? 88.0 : 709.0;
    // Exponents whose results are subnormal (down to the smallest one) and whose result overflows.
    constexpr double exp_sub_lo = sizeof(T) == 4 ? -103.9 : -744.4, exp_over = sizeof(T) == 4 ? 89.0 : 710.0;
    constexpr double min_sub = sizeof(T) == 4 ? 1.4e-45 : 4.9e-324;
    const double pow_base_lo = 1e-3, pow_base_hi = 1e3; // |log2 result| <= 100: inside the float range

    auto trig_inputs = [=](Inputs<T> &in) {
        in.grid(n_inputs / 2, -100, 100);
        in.fill(n_inputs / 4, [&] { return in.uniform(-100, 100); });
        in.fill(n_inputs / 16, [&] { return in.random_sign(in.log_uniform(1e-30, 1)); });
        in.fill(n_inputs / 16, [&] { return in.random_sign(in.log_uniform(100, 1e6)); });
        for (double v :
             {1e7, 1e10, 1e20, 1e30, huge, 3.14159265358979, 1.5707963267949, 6.28318530717959, 1e22, 8.5e37})
            in.x.push_back(in.random_sign(static_cast<T>(v)));
        in.rest([&] { return in.random_sign(in.log_uniform(1, huge)); });
    };
    auto positive_inputs = [=](Inputs<T> &in) { // (0, 1e30] and the whole positive range, subnormals included
        in.grid(n_inputs / 4, 0.5, 2);          // around 1, where log is near 0
        in.fill(n_inputs / 4, [&] { return in.log_uniform(min_sub, 1e30); });
        in.fill(n_inputs / 4, [&] { return in.uniform(0, 1000); });
        for (T v = std::numeric_limits<T>::denorm_min(); v < std::numeric_limits<T>::min(); v *= 2)
            in.x.push_back(v);
        in.rest([&] { return in.positive_bits(); });
    };

    std::vector<MathCase<T>> cases;
    cases.push_back(
        {"sin", trig_inputs, [](const A &x, const A &) { return tj::sin(x); }, [](W x, W) { return std::sin(x); }});
    cases.push_back(
        {"cos", trig_inputs, [](const A &x, const A &) { return tj::cos(x); }, [](W x, W) { return std::cos(x); }});
    cases.push_back(
        {"tan", trig_inputs, [](const A &x, const A &) { return tj::tan(x); }, [](W x, W) { return std::tan(x); }});
    cases.push_back({"exp",
                     [=](Inputs<T> &in) {
                         in.grid(n_inputs / 2, exp_lo, exp_hi);
                         in.fill(n_inputs / 4, [&] { return in.uniform(exp_lo, exp_hi); });
                         in.fill(n_inputs / 8, [&] { return in.random_sign(in.log_uniform(1e-30, 1)); });
                         in.fill(n_inputs / 16, [&] { return in.uniform(exp_sub_lo, exp_lo); }); // subnormal results
                         in.rest([&] { return in.uniform(exp_hi, exp_over); });                  // up to overflow
                     },
                     [](const A &x, const A &) { return tj::exp(x); }, [](W x, W) { return std::exp(x); }});
    cases.push_back(
        {"log", positive_inputs, [](const A &x, const A &) { return tj::log(x); }, [](W x, W) { return std::log(x); }});
    cases.push_back({"tanh",
                     [](Inputs<T> &in) {
                         in.grid(n_inputs / 2, -10, 10);
                         in.fill(n_inputs / 4, [&] { return in.uniform(-1, 1); });
                         in.fill(n_inputs / 8, [&] { return in.random_sign(in.log_uniform(1e-30, 1)); });
                         in.rest([&] { return in.uniform(-30, 30); });
                     },
                     [](const A &x, const A &) { return tj::tanh(x); }, [](W x, W) { return std::tanh(x); }});
    cases.push_back({"erf",
                     [](Inputs<T> &in) {
                         in.grid(n_inputs / 2, -6, 6);
                         in.fill(n_inputs / 4, [&] { return in.uniform(-2, 2); });
                         in.fill(n_inputs / 8, [&] { return in.random_sign(in.log_uniform(1e-30, 1)); });
                         in.rest([&] { return in.uniform(-10, 10); });
                     },
                     [](const A &x, const A &) { return tj::erf(x); }, [](W x, W) { return std::erf(x); }});
    cases.push_back({"pow",
                     [=](Inputs<T> &in) {
                         // Dense: bases (0, 4] against integer and half-integer exponents in [-10, 10].
                         const size_t bases = n_inputs / 4 / 41;
                         for (int k = -20; k <= 20; ++k)
                             for (size_t i = 1; i <= bases; ++i) {
                                 in.x.push_back(static_cast<T>(4.0 * double(i) / double(bases)));
                                 in.y.push_back(static_cast<T>(k * 0.5));
                             }
                         // Random: bases log-uniform in [1e-3, 1e3], exponents uniform in [-10, 10].
                         while (in.x.size() < n_inputs * 7 / 8) {
                             in.x.push_back(in.log_uniform(pow_base_lo, pow_base_hi));
                             in.y.push_back(in.uniform(-10, 10));
                         }
                         // Bases near 1 with large exponents (where pow needs its extra precision).
                         while (in.x.size() < n_inputs) {
                             in.x.push_back(in.uniform(0.99, 1.01));
                             in.y.push_back(in.uniform(-1000, 1000));
                         }
                     },
                     [](const A &x, const A &y) { return tj::pow(x, y); }, [](W x, W y) { return std::pow(x, y); },
                     true});
    cases.push_back({"atan2",
                     [](Inputs<T> &in) {
                         // Dense: points on circles of several radii, every angle; then uniform in the square.
                         const size_t per_circle = n_inputs / 2 / 8;
                         for (double r : {1e-30, 1e-5, 0.5, 1.0, 3.0, 100.0, 1e10, 1e30})
                             for (size_t i = 0; i < per_circle; ++i) {
                                 const double a = -3.14159265358979 + 6.28318530717959 * double(i) / double(per_circle);
                                 in.y.push_back(static_cast<T>(r * std::sin(a)));
                                 in.x.push_back(static_cast<T>(r * std::cos(a)));
                             }
                         // The axes and the diagonals, both signs.
                         for (T v : {T(1), T(-1), T(7.5), T(-7.5)}) {
                             in.x.push_back(v), in.y.push_back(T(0));
                             in.x.push_back(T(0)), in.y.push_back(v);
                             in.x.push_back(v), in.y.push_back(v);
                             in.x.push_back(v), in.y.push_back(-v);
                         }
                         while (in.x.size() < n_inputs * 7 / 8) {
                             in.y.push_back(in.uniform(-100, 100));
                             in.x.push_back(in.uniform(-100, 100));
                         }
                         // Very different magnitudes (results near 0, ±pi/2 and ±pi).
                         while (in.x.size() < n_inputs) {
                             in.y.push_back(in.random_sign(in.log_uniform(1e-20, 1e20)));
                             in.x.push_back(in.random_sign(in.log_uniform(1e-20, 1e20)));
                         }
                     },
                     [](const A &y, const A &x) { return tj::atan2(y, x); }, [](W y, W x) { return std::atan2(y, x); },
                     true});
    cases.push_back({"sqrt", positive_inputs, [](const A &x, const A &) { return tj::sqrt(x); },
                     [](W x, W) { return std::sqrt(x); }});
    cases.push_back({"rsqrt", positive_inputs, [](const A &x, const A &) { return tj::rsqrt(x); },
                     [](W x, W) { return W(1) / std::sqrt(x); }});
    return cases;
}

/// Runs every function over its inputs (all results in one kernel) and checks the ulp bound.
template <typename T> void check_accuracy(double bound) {
    using A = tj::Array<T>;
    std::vector<MathCase<T>> cases = math_cases<T>();
    std::vector<Inputs<T>> inputs(cases.size());
    std::vector<A> results;
    for (size_t c = 0; c < cases.size(); ++c) {
        cases[c].make_inputs(inputs[c]);
        REQUIRE(inputs[c].x.size() == n_inputs);
        if (cases[c].binary)
            REQUIRE(inputs[c].y.size() == n_inputs);
        A x(inputs[c].x), y = cases[c].binary ? A(inputs[c].y) : A();
        results.push_back(cases[c].jit(x, y));
    }
    tj::reset_kernel_stats();
    std::vector<uint32_t> ids;
    for (const A &r : results)
        ids.push_back(r.index());
    tj::detail::var_eval(ids.data(), ids.size());
    CHECK(tj::kernel_stats().launches == 1); // all functions ran in one fused kernel over n_inputs elements

    using W = typename MathCase<T>::Wide;
    for (size_t c = 0; c < cases.size(); ++c) {
        const MathCase<T> &mc = cases[c];
        const Inputs<T> &in = inputs[c];
        const std::vector<T> got = tj::to_vector(results[c]);
        REQUIRE(got.size() == n_inputs);
        long double worst = 0;
        size_t worst_i = 0;
        for (size_t i = 0; i < n_inputs; ++i) {
            const long double err = ulp_error(got[i], mc.reference(W(in.x[i]), mc.binary ? W(in.y[i]) : W(0)));
            if (err > worst) {
                worst = err;
                worst_i = i;
            }
        }
        const T wx = in.x[worst_i], wy = mc.binary ? in.y[worst_i] : T(0);
        const std::string name = mc.name;
        const std::string args = mc.binary ? show(wx) + ", " + show(wy) : show(wx);
        MESSAGE(name << (sizeof(T) == 4 ? " (f32)" : " (f64)") << ": max error " << static_cast<double>(worst)
                     << " ulp over " << n_inputs << " inputs; worst: " << name << "(" << args
                     << ") = " << show(got[worst_i]) << ", exact " << show(mc.reference(W(wx), W(wy))));
        CAPTURE(name);
        CHECK(worst <= bound);
    }
}

/// Inputs with exactly known results (NaN, infinities, signed zeros, exact values): each result must be the
/// C++ one exactly — the same NaN-ness, the same value, and zeros with the same sign.
template <typename T> void check_special_values() {
    using A = tj::Array<T>;
    using W = typename MathCase<T>::Wide;
    using L = std::numeric_limits<T>;
    const T inf = L::infinity(), nan = L::quiet_NaN(), den = L::denorm_min(), big = L::max();
    struct Special {
        const char *name;
        std::function<A(const A &, const A &)> jit;
        std::function<W(W, W)> reference;
        std::vector<std::pair<T, T>> args;
    };
    const std::vector<Special> specials = {
        {"sin",
         [](const A &x, const A &) { return tj::sin(x); },
         [](W x, W) { return std::sin(x); },
         {{inf, 0}, {-inf, 0}, {nan, 0}, {T(0), 0}, {-T(0), 0}, {den, 0}, {-den, 0}}},
        {"cos",
         [](const A &x, const A &) { return tj::cos(x); },
         [](W x, W) { return std::cos(x); },
         {{inf, 0}, {-inf, 0}, {nan, 0}, {T(0), 0}, {-T(0), 0}, {den, 0}}},
        {"tan",
         [](const A &x, const A &) { return tj::tan(x); },
         [](W x, W) { return std::tan(x); },
         {{inf, 0}, {-inf, 0}, {nan, 0}, {T(0), 0}, {-T(0), 0}, {den, 0}, {-den, 0}}},
        {"exp",
         [](const A &x, const A &) { return tj::exp(x); },
         [](W x, W) { return std::exp(x); },
         {{inf, 0}, {-inf, 0}, {nan, 0}, {T(0), 0}, {-T(0), 0}, {T(1000), 0}, {T(-1000), 0}, {big, 0}, {-big, 0}}},
        {"log",
         [](const A &x, const A &) { return tj::log(x); },
         [](W x, W) { return std::log(x); },
         {{T(0), 0}, {-T(0), 0}, {T(-1), 0}, {-den, 0}, {-inf, 0}, {inf, 0}, {nan, 0}, {T(1), 0}}},
        {"tanh",
         [](const A &x, const A &) { return tj::tanh(x); },
         [](W x, W) { return std::tanh(x); },
         {{inf, 0}, {-inf, 0}, {nan, 0}, {T(0), 0}, {-T(0), 0}, {T(100), 0}, {T(-100), 0}, {den, 0}, {-den, 0}}},
        {"erf",
         [](const A &x, const A &) { return tj::erf(x); },
         [](W x, W) { return std::erf(x); },
         {{inf, 0}, {-inf, 0}, {nan, 0}, {T(0), 0}, {-T(0), 0}, {T(100), 0}, {T(-100), 0}}},
        {"pow",
         [](const A &x, const A &y) { return tj::pow(x, y); },
         [](W x, W y) { return std::pow(x, y); },
         {{nan, T(0)},    {inf, -T(0)},    {T(1), nan},   {T(1), inf},     {T(0), T(-1)},    {-T(0), T(-1)},
          {-T(0), T(-2)}, {T(0), T(2)},    {-T(0), T(3)}, {-T(0), T(0.5)}, {T(-2), T(3)},    {T(-2), T(2)},
          {T(-2), T(-1)}, {T(-2), T(0.5)}, {T(-1), inf},  {T(-1), -inf},   {T(0.5), inf},    {T(0.5), -inf},
          {T(2), inf},    {T(2), -inf},    {inf, T(-1)},  {inf, T(2)},     {-inf, T(3)},     {-inf, T(2)},
          {-inf, T(-3)},  {T(2), nan},     {nan, T(2)},   {T(10), T(100)}, {T(10), T(-100)}, {T(2), T(10)},
          {T(3), T(-3)}}},
        {"atan2",
         [](const A &y, const A &x) { return tj::atan2(y, x); },
         [](W y, W x) { return std::atan2(y, x); },
         {{T(0), T(0)}, {-T(0), T(0)}, {T(0), -T(0)}, {-T(0), -T(0)}, {T(0), T(-1)}, {-T(0), T(-1)},
          {T(0), T(1)}, {-T(0), T(1)}, {T(1), T(0)},  {T(-1), T(0)},  {T(1), inf},   {T(-1), inf},
          {T(1), -inf}, {T(-1), -inf}, {inf, T(1)},   {-inf, T(1)},   {inf, inf},    {-inf, inf},
          {inf, -inf},  {-inf, -inf},  {nan, T(1)},   {T(1), nan}}},
        {"sqrt",
         [](const A &x, const A &) { return tj::sqrt(x); },
         [](W x, W) { return std::sqrt(x); },
         {{T(0), 0}, {-T(0), 0}, {T(-1), 0}, {-inf, 0}, {inf, 0}, {nan, 0}, {T(4), 0}, {den, 0}}},
        {"rsqrt",
         [](const A &x, const A &) { return tj::rsqrt(x); },
         [](W x, W) { return W(1) / std::sqrt(x); },
         {{T(0), 0}, {-T(0), 0}, {T(-1), 0}, {inf, 0}, {nan, 0}, {T(4), 0}, {T(0.25), 0}}},
    };
    for (const Special &sp : specials) {
        std::vector<T> xs, ys;
        for (const auto &[x, y] : sp.args)
            xs.push_back(x), ys.push_back(y);
        const std::vector<T> got = tj::to_vector(sp.jit(A(xs), A(ys)));
        REQUIRE(got.size() == xs.size());
        for (size_t i = 0; i < xs.size(); ++i) {
            const T want = static_cast<T>(sp.reference(W(xs[i]), W(ys[i])));
            const bool same =
                std::isnan(want) ? std::isnan(got[i]) : got[i] == want && std::signbit(got[i]) == std::signbit(want);
            INFO(std::string(sp.name) << "(" << show(xs[i])
                                      << (sp.name == std::string("pow") || sp.name == std::string("atan2")
                                              ? ", " + show(ys[i])
                                              : std::string())
                                      << ") = " << show(got[i]) << ", C++ gives " << show(want));
            CHECK(same);
        }
    }
}

} // namespace

TEST_CASE("math accuracy: the ulp measure itself") {
    const float one_up = std::nextafter(1.f, 2.f), one_down = std::nextafter(1.f, 0.f);
    CHECK(ulp_error(1.f, 1.0) == 0);
    CHECK(ulp_error(one_up, 1.0) == 1);
    CHECK(ulp_error(std::nextafter(one_up, 2.f), 1.0) == 2);
    CHECK(ulp_error(one_down, 1.0) == 0.5);       // below 1 the spacing halves, but the ulp is that of the result 1
    CHECK(ulp_error(1.f, double(one_down)) == 1); // the result 1 - 2^-24 has ulp 2^-24
    CHECK(ulp_error(1.f, 1.0 + 0x1p-25) == doctest::Approx(0.25)); // the exact value between two floats
    const float den = std::numeric_limits<float>::denorm_min();
    CHECK(ulp_error(3 * den, 5 * double(den)) == 2); // subnormal results: the ulp is the subnormal spacing
    CHECK(ulp_error(0.f, double(den) / 4) == 0.25);
    CHECK(ulp_error(std::numeric_limits<float>::min(), 0.0) == std::numeric_limits<long double>::infinity());
    CHECK(ulp_error(-0.f, 0.0) == std::numeric_limits<long double>::infinity()); // zeros keep their sign
    CHECK(ulp_error(0.f, 0.0) == 0);
    CHECK(ulp_error(std::nanf(""), 1.0) == std::numeric_limits<long double>::infinity());
    CHECK(ulp_error(1.f, std::nan("")) == std::numeric_limits<long double>::infinity());
    CHECK(ulp_error(std::nanf(""), std::nan("")) == 0);
    CHECK(ulp_error(std::numeric_limits<float>::infinity(), 1e300) == 0); // overflows float: inf is right
    CHECK(ulp_error(std::numeric_limits<float>::max(), 1e300) == std::numeric_limits<long double>::infinity());
    CHECK(ulp_error(std::numeric_limits<float>::infinity(), 1e30) == std::numeric_limits<long double>::infinity());
    CHECK(ulp_error(std::nextafter(1.0, 2.0), 1.0L) == 1); // double against long double
}

TEST_CASE("math accuracy: float32 transcendentals stay within 4 ulp of the correctly rounded result") {
    check_accuracy<float>(4.0);
}

TEST_CASE("math accuracy: float64 transcendentals stay within 4 ulp (reference: long double)") {
    check_accuracy<double>(4.0);
}

TEST_CASE("math accuracy: special values (inf, NaN, signed zeros) give the C++ results") {
    check_special_values<float>();
    check_special_values<double>();
}
