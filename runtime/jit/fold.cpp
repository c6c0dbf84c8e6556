// runtime/jit/fold.cpp — constant folding of literal operands, with the kernels' exact semantics
#include "jit/fold.h"

#include "support/visit_type.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace tj::jit {
namespace {

using detail::Op;

template <typename T> T from_bits(uint64_t bits) {
    if constexpr (std::is_same_v<T, bool>) {
        return bits != 0;
    } else {
        T v;
        std::memcpy(&v, &bits, sizeof(T));
        return v;
    }
}
template <typename T> uint64_t to_bits(T v) {
    uint64_t bits = 0;
    if constexpr (std::is_same_v<T, bool>)
        bits = v ? 1 : 0;
    else
        std::memcpy(&bits, &v, sizeof(T));
    return bits;
}

/// Float → integer as the kernels do it: saturating, NaN → 0.
template <typename To, typename From> To convert(From v) {
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

/// Integer arithmetic wraps: it is done in the unsigned type.
template <typename T, bool = std::is_integral_v<T> && !std::is_same_v<T, bool>> struct Unsigned { using type = T; };
template <typename T> struct Unsigned<T, true> { using type = std::make_unsigned_t<T>; };

template <typename T> bool fold_typed(Op op, uint64_t ab, uint64_t bb, uint64_t cb, uint64_t &out) {
    constexpr bool is_float = std::is_floating_point_v<T>;
    constexpr bool is_bool = std::is_same_v<T, bool>;
    using U = typename Unsigned<T>::type;
    T a = from_bits<T>(ab), b = from_bits<T>(bb), c = from_bits<T>(cb);
    auto ret = [&](auto v) {
        out = to_bits(v);
        return true;
    };
    switch (op) {
    case Op::Add:
        if constexpr (is_bool) return false; else if constexpr (is_float) return ret(T(a + b)); else return ret(T(U(a) + U(b)));
    case Op::Sub:
        if constexpr (is_bool) return false; else if constexpr (is_float) return ret(T(a - b)); else return ret(T(U(a) - U(b)));
    case Op::Mul:
        if constexpr (is_bool) return false; else if constexpr (is_float) return ret(T(a * b)); else return ret(T(U(a) * U(b)));
    case Op::Div:
        if constexpr (is_bool) return false;
        else if constexpr (is_float) return ret(T(a / b));
        else {
            if (b == 0) return ret(T(0));
            if constexpr (std::is_signed_v<T>)
                if (b == T(-1)) return ret(T(U(0) - U(a)));
            return ret(T(a / b));
        }
    case Op::Mod:
        if constexpr (is_bool) return false;
        else if constexpr (is_float) return ret(T(std::fmod(a, b)));
        else {
            if (b == 0) return ret(a);
            if constexpr (std::is_signed_v<T>)
                if (b == T(-1)) return ret(T(0));
            return ret(T(a % b));
        }
    case Op::Neg:
        if constexpr (is_bool) return false; else if constexpr (is_float) return ret(T(-a)); else return ret(T(U(0) - U(a)));
    case Op::Not:
        if constexpr (is_bool) return ret(!a); else if constexpr (is_float) return false; else return ret(T(~a));
    case Op::And:
        if constexpr (is_float) return false; else return ret(T(a & b));
    case Op::Or:
        if constexpr (is_float) return false; else return ret(T(a | b));
    case Op::Xor:
        if constexpr (is_float) return false; else return ret(T(a ^ b));
    case Op::Shl:
        if constexpr (is_float || is_bool) return false;
        else return ret(T(U(a) << (U(b) & U(sizeof(T) * 8 - 1))));
    case Op::Shr:
        if constexpr (is_float || is_bool) return false;
        else return ret(T(a >> (U(b) & U(sizeof(T) * 8 - 1))));
    case Op::Eq: return ret(bool(a == b));
    case Op::Ne: return ret(bool(a != b));
    case Op::Lt: return ret(bool(a < b));
    case Op::Le: return ret(bool(a <= b));
    case Op::Gt: return ret(bool(a > b));
    case Op::Ge: return ret(bool(a >= b));
    case Op::Abs:
        if constexpr (is_float) return ret(T(std::fabs(a)));
        else if constexpr (is_bool || std::is_unsigned_v<T>) return ret(a);
        else return ret(a < 0 ? T(U(0) - U(a)) : a);
    case Op::Sqrt:
        if constexpr (is_float) return ret(T(std::sqrt(a))); else return false;
    case Op::Floor:
        if constexpr (is_float) return ret(T(std::floor(a))); else return false;
    case Op::Ceil:
        if constexpr (is_float) return ret(T(std::ceil(a))); else return false;
    case Op::Round:
        if constexpr (is_float) return ret(T(std::round(a))); else return false;
    case Op::Min: // as the kernels: equal operands (-0 and +0) give -0 for min, +0 for max
        if constexpr (is_float) return ret(a == b ? (std::signbit(a) ? a : b) : T(std::fmin(a, b)));
        else return ret(a < b ? a : b);
    case Op::Max:
        if constexpr (is_float) return ret(a == b ? (std::signbit(a) ? b : a) : T(std::fmax(a, b)));
        else return ret(a < b ? b : a);
    case Op::Fma:
        if constexpr (is_float) return ret(T(std::fma(a, b, c)));
        else if constexpr (is_bool) return false;
        else return ret(T(U(a) * U(b) + U(c)));
    default:
        return false;
    }
}

template <typename From> bool fold_cast(VarType dst, uint64_t a, uint64_t &out) {
    From v = from_bits<From>(a);
    out = visit_type(dst, [&](auto to) { return to_bits(convert<decltype(to)>(v)); });
    return true;
}

} // namespace

bool fold(Op op, VarType src, VarType dst, uint64_t a, uint64_t b, uint64_t c, uint64_t &out) {
    if (op == Op::Cast)
        return visit_type(src, [&](auto tag) { return fold_cast<decltype(tag)>(dst, a, out); });
    if (op == Op::Select) {
        out = a ? b : c;
        return true;
    }
    return visit_type(src, [&](auto tag) { return fold_typed<decltype(tag)>(op, a, b, c, out); });
}

bool literal_is(VarType t, uint64_t bits, int value) {
    if (value == 0 || value == 1) { // the hot cases (x*1, x+0), from a table
        static const auto table = [] {
            std::array<std::array<uint64_t, 2>, 7> tab{};
            for (int ti = 0; ti < 7; ++ti)
                for (int v = 0; v < 2; ++v)
                    fold_cast<int64_t>(VarType(ti), uint64_t(v), tab[ti][v]);
            return tab;
        }();
        return table[int(t)][value] == bits;
    }
    uint64_t expect = 0;
    if (!fold_cast<int64_t>(t, uint64_t(int64_t(value)), expect))
        return false;
    return expect == bits;
}

} // namespace tj::jit
