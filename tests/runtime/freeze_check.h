// tests/runtime/freeze_check.h — helpers of the freezing tests: random inputs, frozen vs plain results, counters
#pragma once

#include "reference.h"
#include "test_util.h"

#include <tracejit/freeze.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tjtest {

/// Input sizes every frozen function is called with: a width-1 array, vector remainders, all threads.
inline constexpr size_t freeze_sizes[] = {1, 7, 1000, 100003};
static_assert(freeze_sizes[0] == 1, "check_frozen_matches_plain expects width 1 first");

/// A fresh evaluated array of `n` random values: floats in [-10, 10), integers in [-1000, 1000].
template <typename T> tj::Array<T> random_array(size_t n, uint64_t seed) {
    if constexpr (std::is_floating_point_v<T>)
        return tj::Array<T>(uniform_values<T>(n, seed, -10, 10));
    else
        return tj::Array<T>(small_ints<T>(n, seed, -1000, 1000));
}

/// Kernel launches while `fn` runs.
template <typename Fn> uint64_t launches_during(Fn &&fn) {
    uint64_t before = tj::kernel_stats().launches;
    fn();
    return tj::kernel_stats().launches - before;
}

/// The counters of a frozen function, through the public tj::freeze_stats.
template <typename F> tj::FreezeStats stats_of(const tj::Frozen<F> &f) { return tj::freeze_stats(&f); }

/// Restores Flag::KernelFreezing when the test ends, whatever it set.
struct FreezingFlagGuard {
    bool saved = tj::flag(tj::Flag::KernelFreezing);
    ~FreezingFlagGuard() { tj::set_flag(tj::Flag::KernelFreezing, saved); }
};

/// Flag::KernelFreezing on for one test, restored at its end (the fixture of tests that need freezing whatever the
/// default).
struct FreezingOn : FreezingFlagGuard {
    FreezingOn() { tj::set_flag(tj::Flag::KernelFreezing, true); }
};

// check_same(what, frozen, plain): a frozen function's result equals the plain call's, leaf by leaf (arrays
// bit-exact, NaN matching NaN; host values equal; containers of the same shape).
template <typename T> void check_same(const std::string &what, const tj::Array<T> &got, const tj::Array<T> &expect);
template <typename T>
requires std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, std::string>
void check_same(const std::string &what, const T &got, const T &expect);
template <typename T> void check_same(const std::string &what, const std::vector<T> &got, const std::vector<T> &expect);
template <typename A, typename B>
void check_same(const std::string &what, const std::pair<A, B> &got, const std::pair<A, B> &expect);
template <typename... Ts>
void check_same(const std::string &what, const std::tuple<Ts...> &got, const std::tuple<Ts...> &expect);
template <typename T>
void check_same(const std::string &what, const std::optional<T> &got, const std::optional<T> &expect);
template <typename V>
void check_same(const std::string &what, const std::map<std::string, V> &got, const std::map<std::string, V> &expect);

template <typename T> void check_same(const std::string &what, const tj::Array<T> &got, const tj::Array<T> &expect) {
    // A size mismatch fails without ending the test, so that one test reports every call that differs.
    CHECK_MESSAGE(got.size() == expect.size(), what << ": size " << got.size() << ", expected " << expect.size());
    if (got.size() == expect.size())
        check_exact(what, got, host_values(expect));
}
template <typename T>
requires std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, std::string>
void check_same(const std::string &what, const T &got, const T &expect) {
    CHECK_MESSAGE(got == expect, what << ": host value differs");
}
template <typename T>
void check_same(const std::string &what, const std::vector<T> &got, const std::vector<T> &expect) {
    REQUIRE_MESSAGE(got.size() == expect.size(), what << ": " << got.size() << " elements, expected " << expect.size());
    for (size_t i = 0; i < got.size(); ++i)
        check_same(what + "[" + std::to_string(i) + "]", got[i], expect[i]);
}
template <typename A, typename B>
void check_same(const std::string &what, const std::pair<A, B> &got, const std::pair<A, B> &expect) {
    check_same(what + ".first", got.first, expect.first);
    check_same(what + ".second", got.second, expect.second);
}
template <typename... Ts>
void check_same(const std::string &what, const std::tuple<Ts...> &got, const std::tuple<Ts...> &expect) {
    [&]<size_t... I>(std::index_sequence<I...>) {
        (check_same(what + "<" + std::to_string(I) + ">", std::get<I>(got), std::get<I>(expect)), ...);
    }
    (std::index_sequence_for<Ts...>{});
}
template <typename T>
void check_same(const std::string &what, const std::optional<T> &got, const std::optional<T> &expect) {
    REQUIRE_MESSAGE(got.has_value() == expect.has_value(), what << ": presence differs");
    if (got)
        check_same(what + ".value", *got, *expect);
}
template <typename V>
void check_same(const std::string &what, const std::map<std::string, V> &got, const std::map<std::string, V> &expect) {
    REQUIRE_MESSAGE(got.size() == expect.size(), what << ": " << got.size() << " entries, expected " << expect.size());
    for (const auto &[key, value] : expect) {
        auto found = got.find(key);
        REQUIRE_MESSAGE(found != got.end(), what << ": key '" << key << "' missing");
        check_same(what + "['" + key + "']", found->second, value);
    }
}

} // namespace tjtest
