// tests/fuzz/differential/run_reference.cpp — the plain C++ interpreter of random programs (the expected results)
//
// Compiled with -ffp-contract=off: each float operation is rounded on its own, as the generator assumes.
#include "interpret.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace tjdiff {

namespace {

using tjtest::ref_cast;

template <typename T> const std::vector<Elem<T>> &get(const std::vector<HostVal> &r, int i) {
    return std::get<std::vector<Elem<T>>>(r[i]);
}
template <typename V> auto at(const V &v, size_t i) { return v.size() == 1 ? v[0] : v[i]; }

template <typename T> T unary(UnOp op, T a) {
    if constexpr (std::is_same_v<T, bool>) {
        return !a;
    } else if constexpr (std::is_floating_point_v<T>) {
        switch (op) {
        case UnOp::Neg: return -a;
        case UnOp::Abs: return std::fabs(a);
        case UnOp::Sqrt: return std::sqrt(a);
        case UnOp::Floor: return std::floor(a);
        case UnOp::Ceil: return std::ceil(a);
        case UnOp::Round: return std::round(a);
        default: return T(1) / std::sqrt(a);
        }
    } else {
        switch (op) {
        case UnOp::Neg: return tjtest::ref_neg(a);
        case UnOp::Abs: return tjtest::ref_abs(a);
        default: return T(~a);
        }
    }
}

template <typename T> T binary(BinOp op, T a, T b) {
    if constexpr (std::is_same_v<T, bool>) {
        return op == BinOp::And ? (a && b) : op == BinOp::Or ? (a || b) : (a != b);
    } else if constexpr (std::is_floating_point_v<T>) {
        switch (op) {
        case BinOp::Add: return a + b;
        case BinOp::Sub: return a - b;
        case BinOp::Mul: return a * b;
        case BinOp::Div: return a / b;
        case BinOp::Mod: return std::fmod(a, b);
        case BinOp::Min: return std::fmin(a, b);
        default: return std::fmax(a, b);
        }
    } else {
        switch (op) {
        case BinOp::Add: return tjtest::ref_add(a, b);
        case BinOp::Sub: return tjtest::ref_sub(a, b);
        case BinOp::Mul: return tjtest::ref_mul(a, b);
        case BinOp::Div: return tjtest::ref_div(a, b);
        case BinOp::Mod: return tjtest::ref_mod(a, b);
        case BinOp::Min: return std::min(a, b);
        case BinOp::Max: return std::max(a, b);
        case BinOp::And: return T(a & b);
        case BinOp::Or: return T(a | b);
        case BinOp::Xor: return T(a ^ b);
        case BinOp::Shl: return tjtest::ref_shl(a, b);
        default: return tjtest::ref_shr(a, b);
        }
    }
}

template <typename T> bool compare(CmpOp op, T a, T b) {
    switch (op) {
    case CmpOp::Eq: return a == b;
    case CmpOp::Ne: return a != b;
    case CmpOp::Lt: return a < b;
    case CmpOp::Le: return a <= b;
    case CmpOp::Gt: return a > b;
    default: return a >= b;
    }
}

/// A transcendental function one precision higher (double for float, long double for double), rounded once.
template <typename T> T math(MathOp op, T a, T b) {
    using H = std::conditional_t<std::is_same_v<T, float>, double, long double>;
    H x = a, y = b;
    switch (op) {
    case MathOp::Exp: return T(std::exp(x));
    case MathOp::Log: return T(std::log(x));
    case MathOp::Sin: return T(std::sin(x));
    case MathOp::Cos: return T(std::cos(x));
    case MathOp::Tan: return T(std::tan(x));
    case MathOp::Tanh: return T(std::tanh(x));
    case MathOp::Erf: return T(std::erf(x));
    case MathOp::Pow: return T(std::pow(x, y));
    case MathOp::Atan2: break;
    }
    return T(std::atan2(x, y));
}

/// The identity of a reduction (what an exclusive scan puts first), docs/semantics.md.
template <typename T> T identity(RedOp2 op) {
    if constexpr (std::is_same_v<T, bool>) {
        return op == RedOp2::And || op == RedOp2::Min;
    } else {
        switch (op) {
        case RedOp2::Add:
        case RedOp2::Or: return T(0);
        case RedOp2::Mul: return T(1);
        case RedOp2::And:
            if constexpr (tjtest::is_int_v<T>)
                return T(~T(0));
            return T(0);
        case RedOp2::Min:
            return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                        : std::numeric_limits<T>::max();
        case RedOp2::Max: break;
        }
        return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                    : std::numeric_limits<T>::lowest();
    }
}

struct Interp {
    const Program &p;
    const RefOptions &opt;
    size_t n;
    std::vector<HostVal> r;
    std::vector<double> tol;
    bool ok = true; // for RefOptions::observe: every element of the op being run has finite values and derivatives

    void decide(uint64_t d) { opt.observe->decisions.push_back(d); }
    template <typename T> static bool finite(T x) {
        if constexpr (std::is_floating_point_v<T>)
            return std::isfinite(x);
        return true;
    }
    /// What scatter_add leaves in an element: a + b, where on the GPU (RefOptions::gpu_atomics) a Float32 subnormal
    /// operand or result is a zero of its sign.
    template <typename T> T scatter_added(T a, T b) {
        if constexpr (std::is_same_v<T, float>) {
            if (opt.gpu_atomics) {
                auto flush = [](float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.f, x) : x; };
                return flush(bin<T>(BinOp::Add, flush(a), flush(b)));
            }
        }
        return bin<T>(BinOp::Add, a, b);
    }
    /// binary() that also notes, for RefOptions::observe, the discrete choices of a float op (which operand min and
    /// max pick, fmod's quotient) and whether its values and local derivatives are finite.
    template <typename T> T bin(BinOp op, T a, T b) {
        T v = binary<T>(op, a, b);
        if constexpr (std::is_floating_point_v<T>) {
            if (opt.observe) {
                if (op == BinOp::Min || op == BinOp::Max)
                    decide(a < b ? 0 : a > b ? 1 : a == b ? 2 : 3);
                if (op == BinOp::Mod)
                    decide(std::bit_cast<uint64_t>(std::trunc(double(a) / double(b)) + 0.0)); // any quotient, exactly
                ok = ok && smooth(op, a, b, v);
            }
        }
        return v;
    }
    /// Whether float op `op` on (a, b) giving v has finite values and local derivatives (1/b, a/b/b, fmod's a/b).
    template <typename T> static bool smooth(BinOp op, T a, T b, T v) {
        if constexpr (std::is_floating_point_v<T>)
            return finite(a) && finite(b) && finite(v) && (op != BinOp::Div || (b != 0 && finite(a / b / b))) &&
                   (op != BinOp::Mod || (b != 0 && finite(a / b)));
        return true;
    }
    /// acc op x for the block and prefix reductions (integers wrap; float Add is accumulated in double by the
    /// caller; Min/Max note their choice through bin()).
    template <typename T> T red(RedOp2 op, T acc, T x) {
        if constexpr (std::is_same_v<T, bool>) {
            return op == RedOp2::And || op == RedOp2::Min ? (acc && x) : (acc || x);
        } else {
            switch (op) {
            case RedOp2::Add: return binary<T>(BinOp::Add, acc, x);
            case RedOp2::Mul: return binary<T>(BinOp::Mul, acc, x);
            case RedOp2::Min: return bin<T>(BinOp::Min, acc, x);
            case RedOp2::Max: return bin<T>(BinOp::Max, acc, x);
            case RedOp2::And:
                if constexpr (tjtest::is_int_v<T>)
                    return T(acc & x);
                break;
            case RedOp2::Or:
                if constexpr (tjtest::is_int_v<T>)
                    return T(acc | x);
                break;
            }
            return acc;
        }
    }
    template <typename T> T un(UnOp op, T a) {
        T v = unary<T>(op, a);
        if constexpr (std::is_floating_point_v<T>) {
            if (opt.observe) {
                if (op == UnOp::Abs || op == UnOp::Sqrt || op == UnOp::Rsqrt)
                    decide(a < 0 ? 0 : a > 0 ? 1 : a == 0 ? 2 : 3);
                if (op == UnOp::Floor || op == UnOp::Ceil || op == UnOp::Round)
                    decide(std::bit_cast<uint64_t>(double(v)));
                ok = ok && finite(a) && finite(v) &&
                     (!(op == UnOp::Sqrt || op == UnOp::Rsqrt) || (a > 0 && finite(T(1) / (v * a))));
            }
        }
        return v;
    }
    /// The lanes' indices arange(w) * stride + offset with Int32 arithmetic (wrapping), as tracejit computes them.
    static int64_t lane_index(size_t i, int64_t stride, int64_t offset) {
        return int64_t(int32_t(uint32_t(int64_t(i) * stride + offset)));
    }

    size_t width(int i) const { return std::visit([](auto &v) { return v.size(); }, r[i]); }
    size_t lanes(std::initializer_list<int> regs) const {
        size_t w = 1;
        for (int i : regs)
            if (i >= 0)
                w = std::max(w, width(i));
        return w;
    }
    /// An index register's element as int64 after `% k`.
    int64_t index(int reg, size_t i, int64_t k) const {
        if (p.ops[reg].ty == Ty::I32)
            return tjtest::ref_mod(at(get<int32_t>(r, reg), i), int32_t(k));
        return tjtest::ref_mod(at(get<uint32_t>(r, reg), i), uint32_t(k));
    }

    template <typename T> HostVal step(const Op &op) {
        using E = Elem<T>;
        std::vector<E> out;
        switch (op.kind) {
        case Kind::Input: return input_values<T>(p.seed, int(r.size()), op.wide ? n : 1);
        case Kind::Unary: {
            auto &a = get<T>(r, op.a);
            for (E x : a)
                out.push_back(E(un<T>(UnOp(op.sub), T(x))));
            return out;
        }
        case Kind::Binary: {
            auto &a = get<T>(r, op.a), &b = get<T>(r, op.b);
            for (size_t i = 0, w = lanes({op.a, op.b}); i < w; ++i) {
                T v = bin<T>(BinOp(op.sub), T(at(a, i)), T(at(b, i)));
                if constexpr (tjtest::is_int_v<T>)
                    if (opt.inject_fault && BinOp(op.sub) == BinOp::Add)
                        v = tjtest::ref_add(v, T(1));
                out.push_back(E(v));
            }
            return out;
        }
        case Kind::Cast:
            return with_ty(p.ops[op.a].ty, [&]<typename S>(std::type_identity<S>) -> HostVal {
                for (auto x : get<S>(r, op.a))
                    out.push_back(E(ref_cast<T>(S(x))));
                return out;
            });
        case Kind::Compare:
            return with_ty(p.ops[op.a].ty, [&]<typename S>(std::type_identity<S>) -> HostVal {
                auto &a = get<S>(r, op.a), &b = get<S>(r, op.b);
                for (size_t i = 0, w = lanes({op.a, op.b}); i < w; ++i)
                    out.push_back(compare<S>(CmpOp(op.sub), S(at(a, i)), S(at(b, i))));
                return out;
            });
        case Kind::Select: {
            auto &m = get<bool>(r, op.a);
            auto &a = get<T>(r, op.b), &b = get<T>(r, op.c);
            for (size_t i = 0, w = lanes({op.a, op.b, op.c}); i < w; ++i)
                out.push_back(at(m, i) ? at(a, i) : at(b, i));
            return out;
        }
        case Kind::Gather: {
            auto &src = get<T>(r, op.a);
            auto &m = get<bool>(r, op.c);
            for (size_t i = 0, w = lanes({op.b, op.c}); i < w; ++i) {
                int64_t k = index(op.b, i, op.k1);
                out.push_back(at(m, i) && k >= 0 && k < int64_t(src.size()) ? src[size_t(k)] : E(0));
            }
            return out;
        }
        case Kind::Scatter:
        case Kind::ScatterAdd: {
            out = get<T>(r, op.a);
            auto &v = get<T>(r, op.b);
            auto &m = get<bool>(r, op.c);
            size_t w = op.d >= 0 ? lanes({op.b, op.c, op.d}) : std::max(n, lanes({op.b, op.c}));
            for (size_t i = 0; i < w; ++i) {
                int64_t k = op.d >= 0 ? index(op.d, i, op.k1) : int64_t(int32_t(int64_t(i) * op.k1 + op.k2));
                if (!at(m, i) || k < 0 || k >= int64_t(out.size()))
                    continue;
                if (op.kind == Kind::Scatter)
                    out[size_t(k)] = at(v, i);
                else if constexpr (!std::is_same_v<T, bool>)
                    out[size_t(k)] = scatter_added<T>(out[size_t(k)], at(v, i));
            }
            return out;
        }
        case Kind::Reduce: {
            auto &a = get<T>(r, op.a);
            if constexpr (std::is_same_v<T, bool>) {
                bool all = std::all_of(a.begin(), a.end(), [](E x) { return x != 0; });
                bool any = std::any_of(a.begin(), a.end(), [](E x) { return x != 0; });
                return std::vector<E>{E(RedOp(op.sub) == RedOp::HMin ? all : any)};
            } else if constexpr (std::is_floating_point_v<T>) {
                if (RedOp(op.sub) == RedOp::Sum) { // accumulated in double; the order may differ: a tolerance
                    double s = 0, abs_sum = 0;
                    for (T x : a)
                        s += double(x), abs_sum += std::fabs(double(x));
                    tol[r.size()] = 4 * std::ldexp(abs_sum, -50) * double(a.size()) +
                                    2 * double(std::numeric_limits<T>::epsilon()) * std::fabs(s);
                    return std::vector<E>{T(s)};
                }
            }
            T acc = T(a[0]);
            for (size_t i = 1; i < a.size(); ++i)
                acc = RedOp(op.sub) == RedOp::Sum ? binary<T>(BinOp::Add, acc, T(a[i]))
                      : RedOp(op.sub) == RedOp::HMin ? binary<T>(BinOp::Min, acc, T(a[i]))
                                                     : binary<T>(BinOp::Max, acc, T(a[i]));
            if constexpr (std::is_floating_point_v<T>)
                if (opt.observe) { // which elements the gradient of hmin/hmax goes to
                    for (size_t i = 0; i < a.size(); ++i)
                        decide(T(a[i]) == acc);
                    for (T x : a)
                        ok = ok && finite(x);
                }
            return std::vector<E>{E(acc)};
        }
        case Kind::Count: {
            auto &a = get<bool>(r, op.a);
            return std::vector<uint32_t>{uint32_t(std::count(a.begin(), a.end(), uint8_t(1)))};
        }
        case Kind::Eval: return r[op.a];
        case Kind::If: {
            auto &m = get<bool>(r, op.a);
            auto &x = get<T>(r, op.b), &y = get<T>(r, op.c);
            for (size_t i = 0, w = lanes({op.a, op.b, op.c}); i < w; ++i)
                out.push_back(E(bin<T>(at(m, i) ? BinOp(op.sub) : BinOp(op.k1), T(at(x, i)), T(at(y, i)))));
            return out;
        }
        case Kind::IfNested: {
            auto &m = get<bool>(r, op.a), &inner = get<bool>(r, op.d);
            auto &x = get<T>(r, op.b), &y = get<T>(r, op.c);
            for (size_t i = 0, w = lanes({op.a, op.b, op.c, op.d, op.e}); i < w; ++i) {
                T v = T(at(x, i));
                if (at(m, i)) {
                    v = bin<T>(at(inner, i) ? BinOp(op.sub) : BinOp(op.k1), v, T(at(y, i)));
                } else {
                    for (int64_t k = 0, count = index(op.e, i, 3); k < count; ++k)
                        v = bin<T>(BinOp(op.k2), v, T(at(y, i)));
                }
                out.push_back(E(v));
            }
            return out;
        }
        case Kind::LoopIf: {
            auto &m = get<bool>(r, op.a);
            auto &x = get<T>(r, op.b), &y = get<T>(r, op.c);
            for (size_t i = 0, w = lanes({op.a, op.b, op.c, op.d}); i < w; ++i) {
                T v = T(at(x, i));
                for (int64_t k = 0, count = index(op.d, i, op.k1); k < count; ++k)
                    v = bin<T>(at(m, i) ? BinOp(op.sub) : BinOp(op.k2), v, T(at(y, i)));
                out.push_back(E(v));
            }
            return out;
        }
        case Kind::Loop: {
            auto &x = get<T>(r, op.b), &y = get<T>(r, op.c);
            for (size_t i = 0, w = lanes({op.b, op.c, op.d}); i < w; ++i) // over the largest size
                out.push_back(at(x, i));
            for (size_t i = 0; i < out.size(); ++i)
                for (int64_t k = 0, count = index(op.d, i, op.k1); k < count; ++k)
                    out[i] = E(bin<T>(BinOp(op.sub), T(out[i]), T(at(y, i))));
            return out;
        }
        case Kind::IfScatter: {
            out = get<T>(r, op.a);
            auto &x = get<T>(r, op.b);
            auto &m = get<bool>(r, op.c), &mask = get<bool>(r, op.d);
            for (size_t i = 0, w = lanes({op.b, op.c, op.d}); i < w; ++i) {
                int64_t k = lane_index(i, op.k1, op.k2);
                if (!at(mask, i) || k < 0 || k >= int64_t(out.size()))
                    continue;
                bool add = at(m, i) ? op.add : !op.add; // the true branch scatter_adds when `add`
                if constexpr (std::is_same_v<T, bool>)
                    out[size_t(k)] = at(x, i);
                else
                    out[size_t(k)] = add ? E(scatter_added<T>(T(out[size_t(k)]), T(at(x, i)))) : at(x, i);
            }
            return out;
        }
        case Kind::Math:
            if constexpr (std::is_floating_point_v<T>) {
                auto &a = get<T>(r, op.a);
                bool two = op.b >= 0;
                for (size_t i = 0, w = lanes({op.a, op.b}); i < w; ++i) {
                    T x = at(a, i), y = two ? T(at(get<T>(r, op.b), i)) : T(0);
                    T v = math<T>(MathOp(op.sub), x, y);
                    if (opt.observe) { // the local derivatives must be finite (1/x, y·x^(y-1), 1/(x² + y²), ...)
                        double d = 0;
                        switch (MathOp(op.sub)) {
                        case MathOp::Log: d = 1 / double(x); break;
                        case MathOp::Tan: d = 1 + double(v) * double(v); break;
                        case MathOp::Pow:
                            d = double(y) * std::pow(double(x), double(y) - 1) + std::log(double(x)) * double(v);
                            break;
                        case MathOp::Atan2: d = 1 / (double(x) * double(x) + double(y) * double(y)); break;
                        default: d = double(v); break;
                        }
                        ok = ok && finite(x) && finite(y) && finite(v) && std::isfinite(d);
                    }
                    out.push_back(v);
                }
            }
            return out;
        case Kind::Fma:
            if constexpr (!std::is_same_v<T, bool>) {
                auto &a = get<T>(r, op.a), &b = get<T>(r, op.b), &c = get<T>(r, op.c);
                for (size_t i = 0, w = lanes({op.a, op.b, op.c}); i < w; ++i) {
                    T x = at(a, i), y = at(b, i), z = at(c, i);
                    if constexpr (std::is_floating_point_v<T>) {
                        out.push_back(std::fma(x, y, z));
                        if (opt.observe)
                            ok = ok && finite(x) && finite(y) && finite(z) && finite(out.back());
                    } else {
                        out.push_back(tjtest::ref_add(tjtest::ref_mul(x, y), z));
                    }
                }
            }
            return out;
        case Kind::Wide64:
            if constexpr (tjtest::is_int_v<T>) {
                auto &a = get<T>(r, op.a), &b = get<T>(r, op.b), &c = get<T>(r, op.c);
                auto wide = [&]<typename W>(std::type_identity<W>) {
                    for (size_t i = 0, w = lanes({op.a, op.b, op.c}); i < w; ++i) {
                        W u = binary<W>(BinOp(op.sub), ref_cast<W>(T(at(a, i))), ref_cast<W>(T(at(b, i))));
                        out.push_back(ref_cast<T>(binary<W>(BinOp(op.k1), u, ref_cast<W>(T(at(c, i))))));
                    }
                };
                if (op.k2)
                    wide(std::type_identity<int64_t>{});
                else
                    wide(std::type_identity<uint64_t>{});
            }
            return out;
        case Kind::Scan: {
            auto &a = get<T>(r, op.a);
            RedOp2 ro = RedOp2(op.sub);
            size_t k = op.k1 == 0 ? a.size() : size_t(op.k1);
            bool exclusive = op.k2 & 1, reverse = op.k1 != 0 && (op.k2 & 2);
            out.resize(a.size());
            double worst = 0; // the largest tolerance of any block
            for (size_t start = 0; start < a.size(); start += k) {
                size_t end = std::min(a.size(), start + k);
                // Float Min/Max start from NaN, which they drop: a prefix of NaN only is NaN (docs/semantics.md);
                // an exclusive scan still puts the identity first.
                T acc = identity<T>(ro);
                if constexpr (std::is_floating_point_v<T>)
                    if (ro == RedOp2::Min || ro == RedOp2::Max)
                        acc = std::numeric_limits<T>::quiet_NaN();
                double dacc = 0;      // float Add accumulates in double
                double abs_block = 0; // of the block's finite elements (a prefix through inf or NaN is compared exactly)
                for (size_t j = 0; j < end - start; ++j) {
                    size_t i = reverse ? end - 1 - j : start + j;
                    T x = T(a[i]);
                    if (exclusive)
                        out[i] = std::is_floating_point_v<T> && ro == RedOp2::Add ? E(T(dacc))
                                 : j == 0                                         ? E(identity<T>(ro))
                                                                                  : E(acc);
                    if constexpr (std::is_floating_point_v<T>) {
                        dacc += double(x);
                        if (std::isfinite(x))
                            abs_block += std::fabs(double(x));
                    }
                    acc = red<T>(ro, acc, x);
                    if (!exclusive)
                        out[i] = std::is_floating_point_v<T> && ro == RedOp2::Add ? E(T(dacc)) : E(acc);
                }
                // The runtime's order of accumulation may differ (a GPU's scan adds in a tree): each prefix is off
                // by at most (its length) · 2^-52 · (its sum of magnitudes) in double, then rounded to T. Where that
                // sum overflows, some order may overflow where another does not: infinite, nothing is compared.
                worst = std::max(worst, 4 * std::ldexp(abs_block, -50) * double(end - start) +
                                            2 * double(std::numeric_limits<T>::epsilon()) * abs_block);
            }
            if constexpr (std::is_floating_point_v<T>)
                if (ro == RedOp2::Add)
                    tol[r.size()] = worst;
            return out;
        }
        case Kind::BlockReduce: {
            auto &a = get<T>(r, op.a);
            RedOp2 ro = RedOp2(op.sub);
            size_t k = size_t(op.k1);
            double worst = 0;
            for (size_t start = 0; start < a.size(); start += k) {
                size_t end = std::min(a.size(), start + k);
                T acc = T(a[start]);
                double dacc = double(T(a[start])), abs_sum = std::fabs(double(T(a[start])));
                for (size_t i = start + 1; i < end; ++i) {
                    acc = red<T>(ro, acc, T(a[i]));
                    dacc += double(T(a[i]));
                    abs_sum += std::fabs(double(T(a[i])));
                }
                if constexpr (std::is_floating_point_v<T>)
                    if (ro == RedOp2::Add) {
                        acc = T(dacc);
                        worst = std::max(worst, 4 * std::ldexp(abs_sum, -50) * double(end - start) +
                                                    2 * double(std::numeric_limits<T>::epsilon()) * std::fabs(dacc));
                    }
                if constexpr (std::is_floating_point_v<T>)
                    if (opt.observe) {
                        int equal = 0; // tied minima or maxima each get the whole gradient (autodiff.md)
                        for (size_t i = start; i < end; ++i) {
                            ok = ok && finite(T(a[i]));
                            equal += T(a[i]) == acc;
                        }
                        ok = ok && (equal <= 1 || ro == RedOp2::Add || ro == RedOp2::Mul);
                    }
                out.push_back(E(acc));
            }
            tol[r.size()] = worst;
            return out;
        }
        case Kind::Compress: {
            auto &a = get<T>(r, op.a);
            auto &m = get<bool>(r, op.b);
            for (size_t i = 0; i < m.size(); ++i)
                if (m[i])
                    out.push_back(i < a.size() ? a[i] : E(0));
            return out;
        }
        case Kind::Dispatch: {
            auto &a = get<T>(r, op.a), &b = get<T>(r, op.b);
            for (size_t i = 0, w = lanes({op.a, op.b, op.d}); i < w; ++i) {
                int64_t id = index(op.d, i, 3); // 0: nullptr, 1: the first object, 2: the second; negative: nullptr
                if (id == 1 || id == 2)
                    out.push_back(E(bin<T>(id == 1 ? BinOp(op.sub) : BinOp(op.k1), T(at(a, i)), T(at(b, i)))));
                else
                    out.push_back(E(0));
                // With gradients, each object's code runs over every lane under its mask, merged with select
                // (docs/vcalls.md, "Select form"): a local derivative that is infinite in a lane the object does
                // not take still poisons the gradient (0·inf, docs/autodiff.md's pitfall), as AD rightly gives.
                if constexpr (std::is_floating_point_v<T>)
                    if (opt.observe)
                        for (int64_t other : {1, 2})
                            if (other != id) {
                                BinOp o = other == 1 ? BinOp(op.sub) : BinOp(op.k1);
                                T x = T(at(a, i)), y = T(at(b, i));
                                ok = ok && smooth(o, x, y, binary<T>(o, x, y));
                            }
            }
            return out;
        }
        case Kind::TensorOp:
            if constexpr (!std::is_same_v<T, bool>) {
                auto &a = get<T>(r, op.a), &b = get<T>(r, op.b);
                size_t K = size_t(op.k1);
                double worst = 0;
                for (size_t i = 0; i < a.size(); ++i) {
                    T acc{};
                    double dacc = 0, abs_sum = 0;
                    for (size_t j = 0; j < K; ++j) {
                        T v = bin<T>(BinOp(op.sub), T(a[i]), j < b.size() ? T(b[j]) : T(0));
                        if (RedOp(op.k2) == RedOp::Sum) {
                            acc = j == 0 ? v : binary<T>(BinOp::Add, acc, v);
                            dacc += double(v);
                            abs_sum += std::fabs(double(v));
                        } else {
                            acc = j == 0 ? v : bin<T>(RedOp(op.k2) == RedOp::HMin ? BinOp::Min : BinOp::Max, acc, v);
                        }
                    }
                    // Tied minima or maxima each get the whole gradient (block_reduce's convention, autodiff.md):
                    // not a derivative of the function there.
                    if (opt.observe && RedOp(op.k2) != RedOp::Sum) {
                        int equal = 0;
                        for (size_t j = 0; j < K; ++j)
                            equal += bin<T>(BinOp(op.sub), T(a[i]), j < b.size() ? T(b[j]) : T(0)) == acc;
                        ok = ok && equal <= 1;
                    }
                    if constexpr (std::is_floating_point_v<T>)
                        if (RedOp(op.k2) == RedOp::Sum) { // accumulated in double, rounded once
                            acc = T(dacc);
                            worst = std::max(worst, 4 * std::ldexp(abs_sum, -50) * double(K) +
                                                        2 * double(std::numeric_limits<T>::epsilon()) * std::fabs(dacc));
                        }
                    out.push_back(E(acc));
                }
                tol[r.size()] = worst;
            }
            return out;
        case Kind::Texture:
            if constexpr (std::is_floating_point_v<T>) {
                // texture.h's eval, step by step: the texels gather(a, arange(k1)) (0 past a's end).
                auto &a = get<T>(r, op.a), &pos = get<T>(r, op.b);
                int32_t K = int32_t(op.k1);
                std::vector<T> texel(static_cast<size_t>(K));
                for (int32_t i = 0; i < K; ++i)
                    texel[size_t(i)] = size_t(i) < a.size() ? T(a[size_t(i)]) : T(0);
                int wrap_mode = int(op.k2 >> 1);
                auto wrap = [&](int32_t c) {
                    if (wrap_mode == 1) {
                        int32_t m = tjtest::ref_mod(c, K);
                        c = m < 0 ? m + K : m;
                    } else if (wrap_mode == 2) {
                        int32_t m = tjtest::ref_mod(c, 2 * K);
                        m = m < 0 ? m + 2 * K : m;
                        c = m >= K ? 2 * K - 1 - m : m;
                    }
                    return std::min(std::max(c, 0), K - 1);
                };
                // The whole-number texel coordinate brought into range before the cast to Int32 (Texture::coord):
                // Clamp clamps it to [-1, K] (min/max ignore a NaN), Repeat and Mirror subtract a multiple of their
                // period.
                auto coord = [&](T fl) {
                    if (wrap_mode == 0)
                        return ref_cast<int32_t>(std::fmin(std::fmax(fl, T(-1)), T(K)));
                    T period = T(wrap_mode == 1 ? K : 2 * K);
                    return ref_cast<int32_t>(std::fma(std::floor(fl / period), -period, fl));
                };
                for (T u : pos) {
                    if (!(op.k2 & 1)) {
                        T f = std::floor(u * T(K));
                        if (opt.observe)
                            decide(std::bit_cast<uint64_t>(double(f)));
                        out.push_back(texel[size_t(wrap(coord(f)))]);
                        continue;
                    }
                    T x = std::fma(u, T(K), T(-0.5));
                    T fl = std::floor(x);
                    if (opt.observe) {
                        decide(std::bit_cast<uint64_t>(double(fl)));
                        ok = ok && finite(u);
                    }
                    T frac = x - fl;
                    int32_t c = coord(fl);
                    T lo = texel[size_t(wrap(c))], hi = texel[size_t(wrap(tjtest::ref_add(c, int32_t(1))))];
                    T v = (T(1) - frac) * lo;
                    out.push_back(std::fma(frac, hi, v));
                }
            }
            return out;
        case Kind::LoopScatter: {
            out = get<T>(r, op.a);
            auto &x0 = get<T>(r, op.b), &y = get<T>(r, op.c);
            auto &mask = get<bool>(r, op.e);
            for (size_t i = 0, w = lanes({op.b, op.c, op.d, op.e}); i < w; ++i) {
                T x = T(at(x0, i));
                int64_t k = lane_index(i, op.k3, op.k2);
                bool writes = at(mask, i) && k >= 0 && k < int64_t(out.size());
                int64_t k2 = lane_index(i, op.k3, op.k2 + 1); // `twice`: idx + 1 (Int32 arithmetic)
                bool writes2 = op.twice && at(mask, i) && k2 >= 0 && k2 < int64_t(out.size());
                auto write = [&](int64_t at_k) {
                    if constexpr (std::is_same_v<T, bool>)
                        out[size_t(at_k)] = x;
                    else
                        out[size_t(at_k)] = op.add ? E(bin<T>(BinOp::Add, T(out[size_t(at_k)]), x)) : E(x);
                };
                for (int64_t it = 0, count = index(op.d, i, op.k1); it < count; ++it) {
                    if (writes)
                        write(k);
                    x = bin<T>(BinOp(op.sub), x, T(at(y, i)));
                    if (writes2)
                        write(k2);
                }
            }
            return out;
        }
        }
        return out;
    }
};

} // namespace

RefResult run_reference(const Program &p, size_t n, const RefOptions &opt) {
    Interp in{p, opt, n, {}, std::vector<double>(p.ops.size(), 0)};
    if (opt.observe)
        opt.observe->clean.assign(p.ops.size(), false);
    for (size_t i = 0; i < p.ops.size(); ++i) {
        const Op &op = p.ops[i];
        in.ok = true;
        auto given = opt.inputs ? opt.inputs->find(int(i)) : std::map<int, HostVal>::const_iterator();
        if (op.kind == Kind::Input && opt.inputs && given != opt.inputs->end())
            in.r.push_back(given->second);
        else
            in.r.push_back(with_ty(op.ty, [&]<typename T>(std::type_identity<T>) { return in.step<T>(op); }));
        if (!opt.observe)
            continue;
        bool clean = in.ok; // then its float operands', and its own values
        for (int o : {op.a, op.b, op.c, op.d, op.e})
            if (o >= 0 && is_float(p.ops[o].ty))
                clean = clean && opt.observe->clean[o];
        std::visit(
            [&](auto &v) {
                for (auto x : v)
                    clean = clean && Interp::finite(x);
            },
            in.r.back());
        opt.observe->clean[i] = clean;
    }
    return {std::move(in.r), std::move(in.tol)};
}

RefResult run_reference(const Program &p, size_t n, bool inject_fault) {
    RefOptions opt;
    opt.inject_fault = inject_fault;
    return run_reference(p, n, opt);
}

} // namespace tjdiff
