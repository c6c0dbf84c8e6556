// tests/fuzz/differential/values.h — host values of registers, type dispatch and the random inputs of a program
#pragma once

#include "program.h"

#include "../../runtime/reference.h"

#include <type_traits>
#include <variant>
#include <vector>

namespace tjdiff {

/// The C++ type of each Ty (Bool as bool; its host values are bytes 0/1).
template <Ty t> struct CType;
template <> struct CType<Ty::F32> { using type = float; };
template <> struct CType<Ty::F64> { using type = double; };
template <> struct CType<Ty::I32> { using type = int32_t; };
template <> struct CType<Ty::U32> { using type = uint32_t; };
template <> struct CType<Ty::Bool> { using type = bool; };

/// Calls f(std::type_identity<T>{}) with the C++ type of t.
template <typename F> decltype(auto) with_ty(Ty t, F &&f) {
    switch (t) {
    case Ty::F32: return f(std::type_identity<float>{});
    case Ty::F64: return f(std::type_identity<double>{});
    case Ty::I32: return f(std::type_identity<int32_t>{});
    case Ty::U32: return f(std::type_identity<uint32_t>{});
    case Ty::Bool: break;
    }
    return f(std::type_identity<bool>{});
}

/// Element storage on the host: bool as uint8_t.
template <typename T> using Elem = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;
using HostVal = std::variant<std::vector<float>, std::vector<double>, std::vector<int32_t>, std::vector<uint32_t>,
                             std::vector<uint8_t>>;

/// The values of input register `reg` of a program with inputs from `seed`, at size n: integers mostly small or
/// full range, floats in [-100, 100) or small integers (ties for comparisons), one in 16 an edge value
/// (±0, ±inf, NaN, extremes, subnormals).
template <typename T> std::vector<Elem<T>> input_values(uint64_t seed, int reg, size_t n) {
    uint64_t s = seed * 1000003u + uint64_t(reg) * 7919u + n;
    if constexpr (std::is_floating_point_v<T>) {
        if (s % 3 == 0) {
            std::vector<T> v = tjtest::random_values<T>(n, s);
            for (size_t i = 0; i < n; i += 2) // small integers: ties, exact products
                v[i] = T(int64_t(tjtest::Rng(s + i).next() % 9) - 4);
            return v;
        }
    }
    auto v = tjtest::random_values<T>(n, s);
    return std::vector<Elem<T>>(v.begin(), v.end());
}

} // namespace tjdiff
