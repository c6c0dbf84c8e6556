// tests/runtime/reference.h — scalar references, random inputs and element-wise checks shared by the op tests
#pragma once

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace tjtest {

/// Sizes every element-wise op is checked at: odd sizes leave vector remainders, the last one spans all threads.
inline constexpr size_t op_sizes[] = {1, 7, 1000, (size_t(1) << 20) + 1};

/// Deterministic random numbers (splitmix64): failures reproduce.
struct Rng {
    uint64_t state;
    explicit Rng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull) {}
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
};

template <typename T> inline constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

/// Floats uniform in [lo, hi).
template <typename T> std::vector<T> uniform_values(size_t n, uint64_t seed, double lo, double hi) {
    Rng rng(seed);
    std::vector<T> v(n);
    for (auto &x : v)
        x = T(rng.uniform(lo, hi));
    return v;
}

/// Integers uniform in [lo, hi] (for ties in comparisons, shift amounts, small divisors).
template <typename T> std::vector<T> small_ints(size_t n, uint64_t seed, int64_t lo, int64_t hi) {
    Rng rng(seed);
    std::vector<T> v(n);
    for (auto &x : v)
        x = T(lo + int64_t(rng.next() % uint64_t(hi - lo + 1)));
    return v;
}

/// Edge values of T: zero, ±1, extremes and, for floats, ±0, ±inf, NaN, subnormals.
template <typename T> std::vector<T> edge_values() {
    using L = std::numeric_limits<T>;
    if constexpr (std::is_floating_point_v<T>)
        return {T(0),           -T(0),    T(1),        T(-1),    L::infinity(),   -L::infinity(),
                L::quiet_NaN(), L::max(), L::lowest(), L::min(), L::denorm_min(), -L::denorm_min(),
                T(0.5),         T(-2.5),  T(3)};
    else if constexpr (std::is_signed_v<T>)
        return {T(0), T(1), T(-1), L::min(), L::max(), T(L::min() + 1), T(2), T(-2)};
    else
        return {T(0), T(1), L::max(), T(L::max() - 1), T(2), T(L::max() / 2 + 1)};
}

/// Typical random inputs of T: full-range bits for integers, [-100, 100) for floats; one element in 16 is an
/// edge value (with `edges`).
template <typename T> std::vector<T> random_values(size_t n, uint64_t seed, bool edges = true) {
    Rng rng(seed);
    std::vector<T> v(n);
    std::vector<T> special = edge_values<T>();
    for (auto &&x : v) {
        uint64_t r = rng.next();
        if (edges && (r & 15) == 0) {
            x = special[(r >> 8) % special.size()];
        } else if constexpr (std::is_same_v<T, bool>) {
            x = (r >> 7) & 1;
        } else if constexpr (std::is_floating_point_v<T>) {
            x = T(rng.uniform(-100, 100));
        } else {
            // Mostly full range, sometimes small values so that products and quotients are interesting.
            uint64_t bits = rng.next();
            x = (r & 16) ? T(bits) : T(int64_t(bits % 2001) - 1000);
            if constexpr (std::is_unsigned_v<T>)
                x = (r & 16) ? T(bits) : T(bits % 2001);
        }
    }
    return v;
}

/// Equality of results: bit-exact, except that any NaN equals any NaN (payloads are not specified).
template <typename T> bool same_value(T got, T expect) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(got) || std::isnan(expect))
            return std::isnan(got) && std::isnan(expect);
        return std::memcmp(&got, &expect, sizeof(T)) == 0;
    } else {
        return got == expect;
    }
}

template <typename T> std::string show(T v) {
    if constexpr (std::is_same_v<T, bool>)
        return v ? "true" : "false";
    else
        return fmt::format("{}", v);
}

/// Checks every element of `got` against `expect` exactly; reports the count and the first mismatch.
/// The elements of `a` on the host; Bool as bytes (std::vector<bool> is slow to build and index).
template <typename T> auto host_values(const tj::Array<T> &a) {
    if constexpr (std::is_same_v<T, bool>) {
        std::vector<uint8_t> bytes(a.size());
        if (!bytes.empty())
            tj::detail::var_copy_to_host(a.index(), bytes.data());
        return bytes;
    } else {
        return tj::to_vector(a);
    }
}

template <typename T, typename V> void check_exact(const std::string &what, const tj::Array<T> &got, const V &expect) {
    auto g = host_values(got);
    REQUIRE_MESSAGE(g.size() == expect.size(), what << ": size " << g.size() << ", expected " << expect.size());
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < g.size(); ++i)
        if (!same_value<T>(T(g[i]), T(expect[i])) && bad++ == 0)
            first = i;
    CHECK_MESSAGE(bad == 0, what << " (n=" << g.size() << "): " << bad << " elements differ; first at [" << first
                                 << "]: got " << (bad ? show<T>(T(g[first])) : "") << ", expected "
                                 << (bad ? show<T>(T(expect[first])) : ""));
}

/// Checks every element within |got - expect| <= abs + rel * |expect| (NaN matches NaN, inf matches inf).
template <typename T, typename V>
void check_close(const std::string &what, const tj::Array<T> &got, const V &expect, double rel, double abs = 0) {
    std::vector<T> g = tj::to_vector(got);
    REQUIRE_MESSAGE(g.size() == expect.size(), what << ": size " << g.size() << ", expected " << expect.size());
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < g.size(); ++i) {
        double x = double(g[i]), e = double(expect[i]);
        bool ok = std::isnan(e) ? std::isnan(x) : std::isinf(e) ? x == e : std::fabs(x - e) <= abs + rel * std::fabs(e);
        if (!ok && bad++ == 0)
            first = i;
    }
    CHECK_MESSAGE(bad == 0, what << " (n=" << g.size() << "): " << bad << " elements out of tolerance; first at ["
                                 << first << "]: got " << (bad ? show(g[first]) : "") << ", expected "
                                 << (bad ? show(double(expect[first])) : ""));
}

/// Element-wise reference results.
template <typename A, typename F> auto map1(const std::vector<A> &a, F f) {
    std::vector<decltype(f(a[0]))> out(a.size());
    for (size_t i = 0; i < a.size(); ++i)
        out[i] = f(a[i]);
    return out;
}
template <typename A, typename B, typename F> auto map2(const std::vector<A> &a, const std::vector<B> &b, F f) {
    std::vector<decltype(f(a[0], b[0]))> out(a.size());
    for (size_t i = 0; i < a.size(); ++i)
        out[i] = f(a[i], b[i]);
    return out;
}

// Scalar references with tracejit's documented semantics (docs/semantics.md). Integer arithmetic wraps,
// so it is computed in the unsigned type: signed overflow is undefined in C++.
template <typename T, bool = is_int_v<T>> struct WideOf { using type = T; };
template <typename T> struct WideOf<T, true> { using type = std::make_unsigned_t<T>; };
template <typename T> using Wide = typename WideOf<T>::type;

template <typename T> T ref_add(T a, T b) { return T(Wide<T>(a) + Wide<T>(b)); }
template <typename T> T ref_sub(T a, T b) { return T(Wide<T>(a) - Wide<T>(b)); }
template <typename T> T ref_mul(T a, T b) { return T(Wide<T>(a) * Wide<T>(b)); }
template <typename T> T ref_neg(T a) {
    if constexpr (std::is_floating_point_v<T>)
        return -a;
    else
        return T(Wide<T>(0) - Wide<T>(a));
}
/// x / 0 == 0; MIN / -1 == MIN (wraps).
template <typename T> T ref_div(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        return a / b;
    } else {
        if (b == 0)
            return 0;
        if constexpr (std::is_signed_v<T>)
            if (b == T(-1))
                return ref_neg(a);
        return T(a / b);
    }
}
/// x % 0 == x; MIN % -1 == 0; floats: fmod.
template <typename T> T ref_mod(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        return std::fmod(a, b);
    } else {
        if (b == 0)
            return a;
        if constexpr (std::is_signed_v<T>)
            if (b == T(-1))
                return 0;
        return T(a % b);
    }
}
/// Shift amounts are taken modulo the bit width.
template <typename T> T ref_shl(T a, T b) { return T(Wide<T>(a) << (Wide<T>(b) & Wide<T>(sizeof(T) * 8 - 1))); }
template <typename T> T ref_shr(T a, T b) { return T(a >> (Wide<T>(b) & Wide<T>(sizeof(T) * 8 - 1))); }
template <typename T> T ref_abs(T a) {
    if constexpr (std::is_floating_point_v<T>)
        return std::fabs(a);
    else if constexpr (std::is_signed_v<T>)
        return a < 0 ? ref_neg(a) : a;
    else
        return a;
}

/// static_cast, except that float → integer saturates and maps NaN to 0.
template <typename To, typename From> To ref_cast(From v) {
    if constexpr (std::is_same_v<To, bool>) {
        return v != From(0);
    } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
        if (std::isnan(v))
            return 0;
        if (v <= From(std::numeric_limits<To>::min()))
            return std::numeric_limits<To>::min();
        if (v >= From(std::numeric_limits<To>::max()))
            return std::numeric_limits<To>::max();
        return static_cast<To>(v);
    } else {
        return static_cast<To>(v);
    }
}

/// Runs `f` and checks that it throws tj::Error whose message contains every one of `parts`.
template <typename F> void check_error(F &&f, std::initializer_list<const char *> parts) {
    std::string msg;
    bool threw = false;
    try {
        f();
    } catch (const tj::Error &e) {
        threw = true;
        msg = e.what();
    }
    CHECK_MESSAGE(threw, "expected a tj::Error mentioning " << std::string(*parts.begin()));
    for (const char *p : parts)
        CHECK_MESSAGE(msg.find(p) != std::string::npos, "message \"" << msg << "\" lacks \"" << std::string(p) << "\"");
}

} // namespace tjtest
