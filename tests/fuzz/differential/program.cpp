// tests/fuzz/differential/program.cpp — generating, analysing and printing random programs (program.h)
#include "program.h"
#include "splitmix.h"

#include "frozen_ad.h"

#include <fmt/format.h>

#include <array>

namespace tjdiff {

const char *ty_name(Ty t) {
    static const char *names[] = {"Float", "Float64", "Int32", "UInt32", "Bool"};
    return names[int(t)];
}

namespace {

bool any_of(const Facts &f1, const Facts &f2, bool Facts::*m) { return f1.*m || f2.*m; }

/// The binary ops a control-flow op applies (in its branches and loop bodies).
std::vector<BinOp> ops_of(const Op &op) {
    switch (op.kind) {
    case Kind::If: return {BinOp(op.sub), BinOp(op.k1)};
    case Kind::Loop: return {BinOp(op.sub)};
    case Kind::IfNested: return {BinOp(op.sub), BinOp(op.k1), BinOp(op.k2)};
    case Kind::LoopIf: return {BinOp(op.sub), BinOp(op.k2)};
    case Kind::LoopScatter: return {BinOp(op.sub)};
    case Kind::Dispatch: return {BinOp(op.sub), BinOp(op.k1)};
    default: return {};
    }
}

/// The facts of `op` from those of its operands.
Facts facts_of(const Op &op, const std::vector<Facts> &f) {
    Facts r;
    auto fa = [&](int i) { return i >= 0 ? f[i] : Facts{}; };
    if (!is_float(op.ty)) {
        r.sink = op.kind == Kind::BlockReduce || op.kind == Kind::Compress;
        return r;
    }
    switch (op.kind) {
    case Kind::Input: break;
    case Kind::Unary:
        r.zero_sign = UnOp(op.sub) != UnOp::Abs && fa(op.a).zero_sign;
        r.fma = UnOp(op.sub) == UnOp::Neg && fa(op.a).fma;
        break;
    case Kind::Binary:
        r.zero_sign = any_of(fa(op.a), fa(op.b), &Facts::zero_sign) || BinOp(op.sub) == BinOp::Min ||
                      BinOp(op.sub) == BinOp::Max;
        // min(p, p) and select(m, p, p) simplify to p: a product passes through them (seed 100794).
        r.fma = BinOp(op.sub) == BinOp::Mul ||
                ((BinOp(op.sub) == BinOp::Min || BinOp(op.sub) == BinOp::Max) && any_of(fa(op.a), fa(op.b), &Facts::fma));
        break;
    case Kind::Cast: // fadd(fpext(fmul)) may be contracted too
        r.zero_sign = fa(op.a).zero_sign;
        r.fma = fa(op.a).fma;
        break;
    case Kind::Select:
        r.zero_sign = any_of(fa(op.b), fa(op.c), &Facts::zero_sign);
        r.fma = any_of(fa(op.b), fa(op.c), &Facts::fma);
        break;
    case Kind::Gather: r.zero_sign = fa(op.a).zero_sign; break;
    case Kind::Scatter:
    case Kind::ScatterAdd: r.zero_sign = any_of(fa(op.a), fa(op.b), &Facts::zero_sign); break;
    case Kind::Reduce:
        r.zero_sign = fa(op.a).zero_sign || RedOp(op.sub) != RedOp::Sum;
        r.terminal = RedOp(op.sub) == RedOp::Sum;
        break;
    case Kind::Eval: r = fa(op.a); break;
    case Kind::IfScatter:
        r.zero_sign = any_of(fa(op.a), fa(op.b), &Facts::zero_sign);
        r.fma = any_of(fa(op.a), fa(op.b), &Facts::fma);
        break;
    case Kind::LoopScatter: { // the stored values are x's of successive iterations
        BinOp b = BinOp(op.sub);
        r.zero_sign = any_of(fa(op.a), fa(op.b), &Facts::zero_sign) || fa(op.c).zero_sign || b == BinOp::Min ||
                      b == BinOp::Max;
        r.fma = any_of(fa(op.a), fa(op.b), &Facts::fma) || fa(op.c).fma || b == BinOp::Mul;
        break;
    }
    case Kind::Math: r.approx = true; break;
    case Kind::Fma: r.zero_sign = any_of(fa(op.a), fa(op.b), &Facts::zero_sign) || fa(op.c).zero_sign; break;
    case Kind::Scan:
    case Kind::BlockReduce:
        r.zero_sign = fa(op.a).zero_sign || RedOp2(op.sub) == RedOp2::Min || RedOp2(op.sub) == RedOp2::Max;
        r.terminal = RedOp2(op.sub) == RedOp2::Add; // accumulated in double, in an order of the runtime's
        r.sink = op.kind == Kind::BlockReduce;
        break;
    case Kind::Compress:
        r.zero_sign = fa(op.a).zero_sign;
        r.sink = true;
        break;
    case Kind::Texture: r.zero_sign = fa(op.a).zero_sign; break;
    case Kind::TensorOp:
        r.zero_sign = any_of(fa(op.a), fa(op.b), &Facts::zero_sign) || RedOp(op.k2) != RedOp::Sum ||
                      BinOp(op.sub) == BinOp::Min || BinOp(op.sub) == BinOp::Max;
        r.terminal = RedOp(op.k2) == RedOp::Sum; // accumulated in double
        r.fma = BinOp(op.sub) == BinOp::Mul && RedOp(op.k2) != RedOp::Sum;
        break;
    case Kind::If:
    case Kind::Loop:
    case Kind::IfNested:
    case Kind::LoopIf:
    case Kind::Dispatch: {
        bool mul = false, minmax = false;
        for (BinOp b : ops_of(op)) {
            mul |= b == BinOp::Mul;
            minmax |= b == BinOp::Min || b == BinOp::Max;
        }
        int x = op.kind == Kind::Dispatch ? op.a : op.b, y = op.kind == Kind::Dispatch ? op.b : op.c;
        r.zero_sign = any_of(fa(x), fa(y), &Facts::zero_sign) || minmax;
        r.fma = mul || any_of(fa(x), fa(y), &Facts::fma); // merged by select, or carried by the loop
        break;
    }
    default: break;
    }
    return r;
}

struct Generator {
    Rand rnd;
    Program p;
    std::vector<Facts> facts;
    const Avoid &avoid;

    int add(Op op) {
        facts.push_back(facts_of(op, facts));
        p.ops.push_back(op);
        return int(p.ops.size()) - 1;
    }
    int input(Ty t, bool wide = true) { return add(Op{Kind::Input, t, 0, wide}); }
    Ty any_ty() { return Ty(rnd.below(ty_count)); }
    /// A random usable register of type t satisfying ok (a new input when there is none).
    template <typename F> int operand(Ty t, F ok) {
        std::vector<int> c;
        for (int i = 0; i < int(p.ops.size()); ++i)
            if (p.ops[i].ty == t && !facts[i].terminal && !facts[i].approx && !facts[i].sink && ok(i))
                c.push_back(i);
        if (c.empty() || rnd.below(12) == 0)
            return input(t, rnd.below(8) != 0);
        // Prefer recent registers: longer dependency chains.
        int k = rnd.below(int(c.size()));
        int k2 = rnd.below(int(c.size()));
        return c[std::max(k, k2)];
    }
    int operand(Ty t) {
        return operand(t, [](int) { return true; });
    }
    bool wide(int r) const { return p.ops[r].wide; }
    /// The register whose array `r` may be: tj::eval returns its operand itself, and a cast to the same type,
    /// select(m, x, x) and min/max/and/or of x with itself may simplify to x.
    int root(int r) const {
        while (r >= 0) {
            const Op &op = p.ops[size_t(r)];
            bool same = op.kind == Kind::Eval || (op.kind == Kind::Cast && p.ops[size_t(op.a)].ty == op.ty) ||
                        (op.kind == Kind::Binary && op.a == op.b &&
                         (BinOp(op.sub) == BinOp::Min || BinOp(op.sub) == BinOp::Max || BinOp(op.sub) == BinOp::And ||
                          BinOp(op.sub) == BinOp::Or));
            if (op.kind == Kind::Select && op.b == op.c)
                r = op.b;
            else if (same)
                r = op.a;
            else
                break;
        }
        return r;
    }
    /// Whether register r is computed from the result of a loop that scatters (N6).
    bool after_loop_scatter(int r) const {
        std::vector<bool> cone = needed_by(p, r);
        for (size_t i = 0; i < cone.size(); ++i)
            if (cone[i] && p.ops[i].kind == Kind::LoopScatter)
                return true;
        return false;
    }
    Ty index_ty() { return rnd.below(2) ? Ty::I32 : Ty::U32; }
    int64_t modulus() { return rnd.pick(std::array<int64_t, 8>{1, 2, 5, 8, 100, 1003, 4099, 100000}); }

    BinOp binop(Ty t) {
        if (is_float(t))
            return rnd.pick(std::array{BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Mod, BinOp::Min,
                                       BinOp::Max});
        if (is_int(t))
            return BinOp(rnd.below(12));
        return rnd.pick(std::array{BinOp::And, BinOp::Or, BinOp::Xor});
    }
    /// Binary ops of one nested construct. Float branches and loop bodies never mix a product with an add or
    /// sub: merged by a select or carried by the loop, a product may reach the add of the other branch or the
    /// next iteration, where it could be contracted into an FMA (a Mul becomes a Div then).
    std::vector<BinOp> nested_ops(Ty t, int count) {
        std::vector<BinOp> ops;
        bool addsub = false;
        for (int i = 0; i < count; ++i) {
            ops.push_back(binop(t));
            addsub |= ops.back() == BinOp::Add || ops.back() == BinOp::Sub;
        }
        if (is_float(t) && addsub)
            for (BinOp &b : ops)
                if (b == BinOp::Mul)
                    b = BinOp::Div;
        return ops;
    }
    /// Operands of float binary ops: no product into an add/sub (FMA contraction), no divisor whose zeros have an
    /// unspecified sign.
    int bin_operand(Ty t, std::initializer_list<BinOp> ops, bool divisor) {
        bool addsub = false, div = false;
        for (BinOp b : ops) {
            addsub |= is_float(t) && (b == BinOp::Add || b == BinOp::Sub);
            div |= is_float(t) && divisor && b == BinOp::Div;
        }
        return operand(t, [&](int i) { return !(addsub && facts[i].fma) && !(div && facts[i].zero_sign); });
    }

    /// The rarer ops (docs/fuzzing.md): transcendentals and fma, 64-bit integers, prefix and block reductions,
    /// compress, virtual calls, textures.
    void step_more() {
        Ty t = any_ty();
        Op op{Kind::Eval, t};
        switch (rnd.below(9)) {
        case 0:
            op.kind = Kind::Math;
            op.ty = rnd.below(2) ? Ty::F32 : Ty::F64;
            op.sub = uint8_t(rnd.below(9));
            if (MathOp(op.sub) == MathOp::Pow || MathOp(op.sub) == MathOp::Atan2) {
                // pow(±0, y) and atan2(±0, x) depend on the zero's sign, which min/max leave open.
                auto signed_zero_ok = [&](int i) { return !facts[i].zero_sign; };
                op.a = operand(op.ty, signed_zero_ok);
                op.b = operand(op.ty, signed_zero_ok);
                op.wide = wide(op.a) || wide(op.b);
            } else {
                op.a = operand(op.ty);
                op.wide = wide(op.a);
            }
            break;
        case 1:
            op.kind = Kind::Fma;
            op.ty = t == Ty::Bool ? Ty::I32 : t;
            op.a = operand(op.ty);
            op.b = operand(op.ty);
            op.c = operand(op.ty);
            op.wide = wide(op.a) || wide(op.b) || wide(op.c);
            break;
        case 2:
            op.kind = Kind::Wide64;
            op.ty = index_ty();
            op.sub = uint8_t(rnd.pick(std::array{BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Shl}));
            op.k1 = int64_t(rnd.pick(std::array{BinOp::Shr, BinOp::Div, BinOp::Mod, BinOp::Xor, BinOp::Min,
                                                BinOp::Max, BinOp::Add, BinOp::Mul}));
            op.k2 = rnd.below(2);
            op.a = operand(op.ty);
            op.b = operand(op.ty);
            op.c = operand(op.ty);
            op.wide = wide(op.a) || wide(op.b) || wide(op.c);
            break;
        case 3:
        case 4: {
            op.kind = rnd.below(2) ? Kind::Scan : Kind::BlockReduce;
            std::vector<RedOp2> legal = is_float(t) ? std::vector{RedOp2::Add, RedOp2::Min, RedOp2::Max}
                                        : is_int(t) ? std::vector{RedOp2::Add, RedOp2::Mul, RedOp2::Min, RedOp2::Max,
                                                                  RedOp2::And, RedOp2::Or}
                                                    : std::vector{RedOp2::Min, RedOp2::Max, RedOp2::And, RedOp2::Or};
            op.sub = uint8_t(legal[size_t(rnd.below(int(legal.size())))]);
            op.k1 = rnd.pick(std::array<int64_t, 6>{0, 1, 2, 3, 64, 5000});
            if (op.k1 == 0 && (op.kind == Kind::BlockReduce || RedOp2(op.sub) != RedOp2::Add))
                op.k1 = 7; // prefix_sum: Add of numbers only
            op.k2 = rnd.below(4);
            op.a = operand(t);
            op.wide = wide(op.a);
            // N6: a loop-scatter's result counts as having gradients where any array has them, which a prefix
            // reduction other than Add refuses (an Add then).
            if (avoid.n[6] && is_float(t) && op.kind == Kind::Scan && RedOp2(op.sub) != RedOp2::Add &&
                after_loop_scatter(op.a))
                op.sub = uint8_t(RedOp2::Add);
            // N8: the block reduction of a width-1 float array loses its gradient (none this time).
            if (avoid.n[8] && is_float(t) && op.kind == Kind::BlockReduce && !op.wide)
                return;
            break;
        }
        case 5:
            op.kind = Kind::Compress;
            op.a = operand(t);
            op.b = operand(Ty::Bool);
            op.wide = true;
            break;
        case 6: {
            op.kind = Kind::Dispatch;
            std::vector<BinOp> ops = nested_ops(t, 2);
            op.sub = uint8_t(ops[0]);
            op.k1 = int64_t(ops[1]);
            op.a = bin_operand(t, {ops[0], ops[1]}, false);
            op.b = bin_operand(t, {ops[0], ops[1]}, true);
            op.d = operand(index_ty());
            op.wide = wide(op.a) || wide(op.b) || wide(op.d);
            break;
        }
        case 8: {
            op.kind = Kind::TensorOp;
            op.ty = t == Ty::Bool ? Ty::I32 : t;
            op.k2 = rnd.below(3);
            BinOp b = binop(op.ty);
            if (is_float(op.ty) && b == BinOp::Mul && RedOp(op.k2) == RedOp::Sum) // a product into the sum's adds
                b = BinOp::Div;
            op.sub = uint8_t(b);
            op.a = bin_operand(op.ty, {b}, false);
            op.b = bin_operand(op.ty, {b}, true);
            op.k1 = 2 + rnd.below(2);
            op.wide = wide(op.a);
            break;
        }
        default:
            op.kind = Kind::Texture;
            op.ty = rnd.below(2) ? Ty::F32 : Ty::F64;
            op.a = operand(op.ty);
            op.b = operand(op.ty);
            op.k1 = rnd.pick(std::array<int64_t, 4>{1, 2, 3, 5});
            op.k2 = rnd.below(6);
            op.wide = wide(op.b);
            break;
        }
        add(op);
    }

    void step() {
        if (rnd.below(5) == 0)
            return step_more();
        int k = rnd.below(100);
        Ty t = any_ty();
        Op op{Kind::Eval, t};
        if (k < 5) {
            input(t, rnd.below(8) != 0);
            return;
        } else if (k < 17) {
            op.kind = Kind::Unary;
            if (is_float(t))
                op.sub = uint8_t(rnd.pick(std::array{UnOp::Neg, UnOp::Abs, UnOp::Sqrt, UnOp::Floor, UnOp::Ceil,
                                                     UnOp::Round, UnOp::Rsqrt}));
            else if (is_int(t))
                op.sub = uint8_t(rnd.pick(std::array{UnOp::Neg, UnOp::Abs, UnOp::Not}));
            else
                op.sub = uint8_t(UnOp::Not);
            op.a = operand(t);
            if (UnOp(op.sub) == UnOp::Rsqrt && facts[op.a].zero_sign) // rsqrt(±0) = ±inf, like a division
                op.sub = uint8_t(UnOp::Sqrt);
            op.wide = wide(op.a);
        } else if (k < 45) {
            op.kind = Kind::Binary;
            BinOp b = binop(t);
            op.sub = uint8_t(b);
            op.a = bin_operand(t, {b}, false);
            op.b = bin_operand(t, {b}, true);
            op.wide = wide(op.a) || wide(op.b);
        } else if (k < 53) {
            op.kind = Kind::Cast;
            op.a = operand(any_ty());
            op.wide = wide(op.a);
        } else if (k < 61) {
            op.kind = Kind::Compare;
            Ty s = any_ty();
            op.ty = Ty::Bool;
            op.sub = uint8_t(s == Ty::Bool ? rnd.below(2) : rnd.below(6));
            op.a = operand(s);
            op.b = operand(s);
            op.wide = wide(op.a) || wide(op.b);
        } else if (k < 69) {
            op.kind = Kind::Select;
            op.a = operand(Ty::Bool);
            op.b = operand(t);
            op.c = operand(t);
            op.wide = wide(op.a) || wide(op.b) || wide(op.c);
        } else if (k < 77) {
            op.kind = Kind::Gather;
            op.a = operand(t);
            op.b = operand(index_ty());
            op.c = operand(Ty::Bool);
            op.k1 = modulus();
            op.wide = wide(op.b) || wide(op.c);
        } else if (k < 89) {
            op.kind = rnd.below(2) || t == Ty::Bool ? Kind::Scatter : Kind::ScatterAdd;
            op.a = operand(t); // the target (any width: out-of-range lanes are skipped)
            op.wide = wide(op.a);
            op.b = operand(t);
            op.c = operand(Ty::Bool);
            if (op.kind == Kind::ScatterAdd && is_int(t)) {
                op.d = operand(index_ty());
                op.k1 = modulus();
            } else {
                op.k1 = rnd.pick(std::array<int64_t, 4>{1, 2, 3, -1});
                op.k2 = rnd.below(3) ? rnd.below(21) - 10 : rnd.below(20001) - 10000;
            }
        } else if (k < 92) {
            op.kind = Kind::Reduce;
            op.sub = uint8_t(t == Ty::Bool ? 1 + rnd.below(2) : rnd.below(3));
            op.a = operand(t);
            op.wide = false;
        } else if (k < 94 + 4 && rnd.below(3) == 0) {
            // Scatters inside symbolic control flow: masked by the branch taken, or by the lanes still iterating.
            // A float scatter_add adds the value to the target: neither may be a product (FMA contraction).
            op.kind = rnd.below(2) ? Kind::IfScatter : Kind::LoopScatter;
            op.add = rnd.below(2) && t != Ty::Bool;
            bool adds = is_float(t) && (op.add || op.kind == Kind::IfScatter); // IfScatter adds in one branch
            auto no_fma = [&](int i) { return !(adds && facts[i].fma); };
            op.a = operand(t, no_fma);
            op.wide = wide(op.a);
            if (op.kind == Kind::IfScatter) {
                op.b = operand(t, no_fma);
                op.c = operand(Ty::Bool);
                op.d = operand(Ty::Bool);
                op.k1 = rnd.pick(std::array<int64_t, 4>{1, 2, 3, -1});
            } else {
                BinOp b = binop(t);
                if (adds && b == BinOp::Mul) // x * y would be added to the target
                    b = BinOp::Div;
                op.sub = uint8_t(b);
                bool addsub = is_float(t) && (b == BinOp::Add || b == BinOp::Sub);
                op.b = operand(t, [&](int i) { return no_fma(i) && !(addsub && facts[i].fma); });
                op.c = bin_operand(t, {b}, true);
                op.d = operand(index_ty());
                op.e = operand(Ty::Bool);
                op.k1 = 2 + rnd.below(4); // 0 to k1 - 1 iterations
                op.k3 = rnd.pick(std::array<int64_t, 4>{1, 2, 3, -1});
                if (!avoid.r[6] && rnd.below(2)) { // R6: two scatters into one target in the body
                    op.twice = true;
                    op.k3 = rnd.pick(std::array<int64_t, 3>{2, -2, 4}); // idx and idx + 1 disjoint
                }
                // N5: the body reads the array whose copy is the target (a fresh target instead).
                if (avoid.n[5])
                    for (int o : {op.b, op.c, op.d, op.e})
                        if (root(o) == root(op.a))
                            op.a = input(t, op.wide);
                // N6: a second such loop on what the first one computed (none this time).
                if (avoid.n[6])
                    for (int o : {op.a, op.b, op.c, op.d, op.e})
                        if (after_loop_scatter(o))
                            return;
            }
            op.k2 = rnd.below(3) ? rnd.below(21) - 10 : rnd.below(20001) - 10000;
        } else if (k < 94 + 4 && rnd.below(2) == 0) {
            // Nested symbolic control flow: an if_stmt whose branches hold an if_stmt and a while_loop, or a
            // while_loop whose body holds an if_stmt; the masks and counts are registers captured from outside.
            op.kind = rnd.below(2) ? Kind::IfNested : Kind::LoopIf;
            std::vector<BinOp> ops = nested_ops(t, 3);
            op.sub = uint8_t(ops[0]);
            op.k1 = int64_t(ops[1]);
            op.k2 = int64_t(ops[2]);
            op.a = operand(Ty::Bool);
            bool addsub = false;
            for (BinOp b : ops_of(op))
                addsub |= is_float(t) && (b == BinOp::Add || b == BinOp::Sub);
            op.b = operand(t, [&](int i) { return !(addsub && facts[i].fma); }); // x: the left operand throughout
            op.c = operand(t, [&](int i) { return !(addsub && facts[i].fma) && !(is_float(t) && facts[i].zero_sign); });
            if (op.kind == Kind::IfNested) {
                op.d = operand(Ty::Bool);
                op.e = operand(index_ty());
                op.wide = wide(op.a) || wide(op.b) || wide(op.c) || wide(op.d) || wide(op.e);
            } else {
                op.d = operand(index_ty());
                op.k1 = 2 + rnd.below(4); // 0 to k1 - 1 iterations
                op.wide = wide(op.a) || wide(op.b) || wide(op.c) || wide(op.d);
            }
        } else if (k < 94 + 4) {
            op.kind = rnd.below(2) ? Kind::If : Kind::Loop;
            BinOp b1 = binop(t), b2 = op.kind == Kind::If ? binop(t) : b1;
            op.sub = uint8_t(b1);
            op.k1 = int64_t(b2);
            if (op.kind == Kind::If) {
                op.a = operand(Ty::Bool);
                op.b = bin_operand(t, {b1, b2}, false); // x: the left operand of both branches
                op.c = bin_operand(t, {b1, b2}, true);
                op.wide = wide(op.a) || wide(op.b) || wide(op.c);
            } else {
                bool addsub = is_float(t) && (b1 == BinOp::Add || b1 == BinOp::Sub);
                op.b = operand(t, [&](int i) { return !(addsub && facts[i].fma); }); // x's initial value
                op.c = bin_operand(t, {b1}, true);
                op.d = operand(index_ty());
                op.k1 = 2 + rnd.below(4); // 0 to k1 - 1 iterations
                op.wide = wide(op.b) || wide(op.c) || wide(op.d); // the loop runs over the largest size
            }
        } else if (k < 99) {
            op.kind = Kind::Count;
            op.ty = Ty::U32;
            op.a = operand(Ty::Bool);
            op.wide = false;
        } else {
            op.a = operand(t);
            op.wide = wide(op.a);
        }
        add(op);
    }
};

std::string name(int r) { return fmt::format("r{}", r); }

std::string bin_expr(uint8_t op, const std::string &x, const std::string &y) {
    static const char *bin[] = {"+", "-", "*", "/", "%", "min", "max", "&", "|", "^", "<<", ">>"};
    if (BinOp(op) == BinOp::Min || BinOp(op) == BinOp::Max)
        return fmt::format("tj::{}({}, {})", bin[op], x, y);
    return fmt::format("{} {} {}", x, bin[op], y);
}

std::string text(const Op &op) {
    static const char *un[] = {"-{}", "tj::abs({})", "~{}", "tj::sqrt({})", "tj::floor({})", "tj::ceil({})",
                               "tj::round({})", "tj::rsqrt({})"};
    static const char *cmp[] = {"==", "!=", "<", "<=", ">", ">="};
    static const char *red[] = {"sum", "hmin", "hmax"};
    std::string a = name(op.a), b = name(op.b), c = name(op.c), T = ty_name(op.ty);
    switch (op.kind) {
    case Kind::Input: return fmt::format("input<{}>({}) /* fresh random values */", T, op.wide ? "n" : "1");
    case Kind::Unary:
        return fmt::format(fmt::runtime(UnOp(op.sub) == UnOp::Not && op.ty == Ty::Bool ? "!{}" : un[op.sub]), a);
    case Kind::Binary: return bin_expr(op.sub, a, b);
    case Kind::Cast: return fmt::format("tj::cast<{}>({})", T, a);
    case Kind::Compare: return fmt::format("{} {} {}", a, cmp[op.sub], b);
    case Kind::Select: return fmt::format("tj::select({}, {}, {})", a, b, c);
    case Kind::Gather: return fmt::format("tj::gather<{}>({}, {} % {}, {})", T, a, b, op.k1, c);
    case Kind::Scatter:
    case Kind::ScatterAdd: {
        std::string index = op.d >= 0 ? fmt::format("{} % {}", name(op.d), op.k1)
                                      : fmt::format("tj::arange<Int32>(n) * {} + {}", op.k1, op.k2);
        return fmt::format("{}; tj::{}(@, {}, {}, {})", a, op.kind == Kind::Scatter ? "scatter" : "scatter_add", b,
                           index, c);
    }
    case Kind::Reduce: return fmt::format("tj::{}({})", red[op.sub], a);
    case Kind::Count: return fmt::format("tj::count({})", a);
    case Kind::Eval: return fmt::format("{}; tj::eval(@)", a);
    case Kind::If:
        return fmt::format("tj::if_stmt({}, std::make_tuple({}, {}), [](auto &x, auto &y) {{ return {}; }}, "
                           "[](auto &x, auto &y) {{ return {}; }})",
                           a, b, c, bin_expr(op.sub, "x", "y"), bin_expr(uint8_t(op.k1), "x", "y"));
    case Kind::Loop:
        return fmt::format("{}; Int32 i = tj::zeros<Int32>(1); tj::while_loop(std::tie(@, i), [&](auto &, auto &i) "
                           "{{ return i < tj::cast<Int32>({} % {}); }}, [&](auto &x, auto &i) {{ x = {}; i += 1; }})",
                           b, name(op.d), op.k1, bin_expr(op.sub, "x", c));
    case Kind::IfNested:
        return fmt::format(
            "tj::if_stmt({}, std::make_tuple({}, {}), [&](auto &x, auto &y) {{ return tj::if_stmt({}, "
            "std::make_tuple(x, y), [](auto &x, auto &y) {{ return {}; }}, [](auto &x, auto &y) {{ return {}; }}); }}, "
            "[&](auto &x, auto &y) {{ auto z = x; Int32 i = tj::zeros<Int32>(1); tj::while_loop(std::tie(z, i), "
            "[&](auto &, auto &i) {{ return i < tj::cast<Int32>({} % 3); }}, [&](auto &z, auto &i) {{ z = {}; i += 1; "
            "}}); return z; }})",
            a, b, c, name(op.d), bin_expr(op.sub, "x", "y"), bin_expr(uint8_t(op.k1), "x", "y"), name(op.e),
            bin_expr(uint8_t(op.k2), "z", "y"));
    case Kind::IfScatter: {
        const char *first = op.add ? "scatter_add" : "scatter", *second = op.ty == Ty::Bool ? "scatter"
                                                                          : op.add ? "scatter" : "scatter_add";
        return fmt::format("{}; Int32 idx = tj::arange<Int32>(w) * {} + {} /* w: the widest of {}, {}, {} */; "
                           "tj::if_stmt({}, std::make_tuple(), [&]() {{ tj::{}(@, {}, idx, {}); }}, "
                           "[&]() {{ tj::{}(@, {}, idx, {}); }})",
                           a, op.k1, op.k2, b, c, name(op.d), c, first, b, name(op.d), second, b, name(op.d));
    }
    case Kind::LoopScatter:
        return fmt::format("{}; Int32 idx = tj::arange<Int32>(w) * {} + {} /* w: the widest of {}, {}, {}, {} */; "
                           "auto x = {}; Int32 i = tj::zeros<Int32>(1); tj::while_loop(std::tie(x, i), "
                           "[&](auto &, auto &i) {{ return i < tj::cast<Int32>({} % {}); }}, [&](auto &x, auto &i) "
                           "{{ tj::{}(@, x, idx, {}); x = {}; {}i += 1; }})",
                           a, op.k3, op.k2, b, c, name(op.d), name(op.e), b, name(op.d), op.k1,
                           op.add ? "scatter_add" : "scatter", name(op.e), bin_expr(op.sub, "x", c),
                           op.twice ? fmt::format("tj::{}(@, x, idx + 1, {}); ", op.add ? "scatter_add" : "scatter",
                                                  name(op.e))
                                    : "");
    case Kind::Math: {
        static const char *fn[] = {"exp", "log", "sin", "cos", "tan", "tanh", "erf", "pow", "atan2"};
        return op.b >= 0 ? fmt::format("tj::{}({}, {})", fn[op.sub], a, b) : fmt::format("tj::{}({})", fn[op.sub], a);
    }
    case Kind::Fma: return fmt::format("tj::fma({}, {}, {})", a, b, c);
    case Kind::Wide64: {
        const char *W = op.k2 ? "Int64" : "UInt64";
        return fmt::format("tj::cast<{}>({})", T,
                           bin_expr(uint8_t(op.k1),
                                    "(" + bin_expr(op.sub, fmt::format("tj::cast<{}>({})", W, a),
                                                   fmt::format("tj::cast<{}>({})", W, b)) + ")",
                                    fmt::format("tj::cast<{}>({})", W, c)));
    }
    case Kind::Scan: {
        static const char *ro[] = {"Add", "Mul", "Min", "Max", "And", "Or"};
        if (op.k1 == 0)
            return fmt::format("tj::prefix_sum({}, /* exclusive */ {})", a, bool(op.k2 & 1));
        return fmt::format("tj::block_prefix_reduce(tj::ReduceOp::{}, {}, {}, /* exclusive */ {}, /* reverse */ {})",
                           ro[op.sub], a, op.k1, bool(op.k2 & 1), bool(op.k2 & 2));
    }
    case Kind::BlockReduce: {
        static const char *ro[] = {"Add", "Mul", "Min", "Max", "And", "Or"};
        return fmt::format("tj::block_reduce(tj::ReduceOp::{}, {}, {})", ro[op.sub], a, op.k1);
    }
    case Kind::Compress: return fmt::format("tj::gather<{}>({}, tj::compress({}))", T, a, b);
    case Kind::Dispatch:
        return fmt::format("tj::dispatch(tj::gather<Ptr<Base>>(Ptr<Base>({{nullptr, &first, &second}}), {} % 3), "
                           "[](Base *o, auto &x, auto &y) {{ return o == &first ? {} : {}; }}, {}, {})",
                           name(op.d), bin_expr(op.sub, "x", "y"), bin_expr(uint8_t(op.k1), "x", "y"), a, b);
    case Kind::Texture: {
        static const char *wrap[] = {"Clamp", "Repeat", "Mirror"};
        return fmt::format("tj::Texture<{}, 1>({{{}}}, 1, tj::FilterMode::{}, tj::WrapMode::{}) with texels "
                           "tj::gather({}, tj::arange<Int32>({})), .eval({{{}}})[0]",
                           op.ty == Ty::F32 ? "float" : "double", op.k1, op.k2 & 1 ? "Linear" : "Nearest",
                           wrap[op.k2 >> 1], a, op.k1, b);
    }
    case Kind::TensorOp: {
        static const char *red[] = {"sum", "hmin", "hmax"};
        return fmt::format("tj::{}({}, 1).array() /* Tensor(a, {{w, 1}}) and Tensor(tj::gather({}, "
                           "tj::arange<Int32>({})), {{1, {}}}) */",
                           red[op.k2], bin_expr(op.sub, fmt::format("Tensor({})", a), "Tensor(c)"), b, op.k1, op.k1);
    }
    case Kind::LoopIf:
        return fmt::format("{}; Int32 i = tj::zeros<Int32>(1); tj::while_loop(std::tie(@, i), [&](auto &, auto &i) "
                           "{{ return i < tj::cast<Int32>({} % {}); }}, [&](auto &x, auto &i) {{ x = tj::if_stmt({}, "
                           "std::make_tuple(x, {}), [](auto &x, auto &y) {{ return {}; }}, [](auto &x, auto &y) "
                           "{{ return {}; }}); i += 1; }})",
                           b, name(op.d), op.k1, a, c, bin_expr(op.sub, "x", "y"), bin_expr(uint8_t(op.k2), "x", "y"));
    }
    return "?";
}

} // namespace

std::vector<Facts> analyze(const Program &p) {
    std::vector<Facts> f;
    for (const Op &op : p.ops)
        f.push_back(facts_of(op, f));
    return f;
}

Program generate(uint64_t seed, int length, const Avoid &avoid) {
    Generator g{Rand{seed * 0xD1B54A32D192ED03ull + 1}, {}, {}, avoid};
    g.p.seed = seed;
    for (int t = 0; t < ty_count; ++t)
        g.input(Ty(t));
    while (int(g.p.ops.size()) < length)
        g.step();
    return g.p;
}

std::vector<bool> needed_by(const Program &p, int r) {
    std::vector<bool> keep(p.ops.size(), false);
    keep[r] = true;
    for (int i = r; i >= 0; --i)
        if (keep[i])
            for (int o : {p.ops[i].a, p.ops[i].b, p.ops[i].c, p.ops[i].d, p.ops[i].e})
                if (o >= 0)
                    keep[o] = true;
    return keep;
}

std::string print(const Program &p, const std::vector<bool> &keep) {
    std::string s = fmt::format("// inputs from seed {}; n = size of the inputs\n", p.seed);
    for (size_t i = 0; i < p.ops.size(); ++i) {
        if (!keep.empty() && !keep[i])
            continue;
        std::string body = text(p.ops[i]);
        for (size_t at; (at = body.find('@')) != std::string::npos;)
            body.replace(at, 1, name(int(i)));
        s += fmt::format("{} {} = {};\n", ty_name(p.ops[i].ty), name(int(i)), body);
    }
    return s;
}

} // namespace tjdiff
