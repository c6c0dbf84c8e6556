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
                ok = ok && finite(a) && finite(b) && finite(v) &&
                     (op != BinOp::Div || (b != 0 && finite(a / b / b))) &&
                     (op != BinOp::Mod || (b != 0 && finite(a / b)));
            }
        }
        return v;
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
                    out[size_t(k)] = bin<T>(BinOp::Add, out[size_t(k)], at(v, i));
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
                    out[size_t(k)] = add ? E(bin<T>(BinOp::Add, T(out[size_t(k)]), T(at(x, i)))) : at(x, i);
            }
            return out;
        }
        case Kind::LoopScatter: {
            out = get<T>(r, op.a);
            auto &x0 = get<T>(r, op.b), &y = get<T>(r, op.c);
            auto &mask = get<bool>(r, op.e);
            for (size_t i = 0, w = lanes({op.b, op.c, op.d, op.e}); i < w; ++i) {
                T x = T(at(x0, i));
                int64_t k = lane_index(i, op.k3, op.k2);
                bool writes = at(mask, i) && k >= 0 && k < int64_t(out.size());
                for (int64_t it = 0, count = index(op.d, i, op.k1); it < count; ++it) {
                    if (writes) {
                        if constexpr (std::is_same_v<T, bool>)
                            out[size_t(k)] = x;
                        else
                            out[size_t(k)] = op.add ? E(bin<T>(BinOp::Add, T(out[size_t(k)]), x)) : E(x);
                    }
                    x = bin<T>(BinOp(op.sub), x, T(at(y, i)));
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
