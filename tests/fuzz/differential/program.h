// tests/fuzz/differential/program.h — random straight-line programs over tracejit's public API: the IR, its analysis
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tjdiff {

/// The array types a program uses; the order is the order of the value variants of both interpreters.
enum class Ty : uint8_t { F32, F64, I32, U32, Bool };
inline constexpr int ty_count = 5;
inline bool is_float(Ty t) { return t == Ty::F32 || t == Ty::F64; }
inline bool is_int(Ty t) { return t == Ty::I32 || t == Ty::U32; }
const char *ty_name(Ty t); // "Float", "Float64", ...

enum class Kind : uint8_t {
    Input,      // a fresh evaluated input array (width n, or 1 when !wide)
    Unary,      // sub: UnOp
    Binary,     // sub: BinOp, operands a, b
    Cast,       // cast<ty>(a)
    Compare,    // sub: CmpOp, a cmp b → Bool
    Select,     // select(a, b, c)
    Gather,     // gather<ty>(a, b % k1, c): b an Int32/UInt32 index, k1 > 0 a literal modulus
    Scatter,    // copy of a, then scatter(copy, b, arange<Int32>(n) * k1 + k2, c): distinct indices, some out of range
    ScatterAdd, // copy of a, then scatter_add(copy, b, d % k1, c) (integers: duplicates; floats: d unused, index as Scatter)
    Reduce,     // sub: RedOp over a → width 1
    Count,      // count(a) → UInt32 width 1
    Eval,       // tj::eval(a); the value of a
    If,         // if_stmt(a, (b, c), true: b sub c, false: b k1 c) with BinOps sub and k1
    Loop,       // x = b, i = 0; while_loop(i < d % k1) { x = x sub c; i += 1 }; the final x
    IfNested,   // if_stmt(a, (b, c), true: if_stmt(d, (x, y), x sub y, x k1 y),
                //                    false: z = x, i = 0; while_loop(i < e % 3) { z = z k2 y; i += 1 }; z)
    LoopIf,     // x = b, i = 0; while_loop(i < d % k1) { x = if_stmt(a, (x, c), x sub c, x k2 c); i += 1 }; x
    IfScatter,  // t = copy of a; if_stmt(c, (b): true: scatter(t, b, idx, d), false: scatter_add(t, b, idx, d));
                // t. (`add`: the other way round; Bool: scatter in both.) idx = arange(w) * k1 + k2, w the widest
                // of b, c, d: distinct, some out of range; each lane writes in the branch it takes
    LoopScatter, // t = copy of a; x = b, i = 0; while_loop(i < d % k1) { scatter(t, x, idx, e) (scatter_add if
                 // `add`); x = x sub c; [`twice`: scatter(t, x, idx + 1, e) (likewise)]; i += 1 }; t.
                 // idx = arange(w) * k3 + k2, w the widest of b, c, d, e (`twice`: k3 even, so idx + 1 is disjoint)
    Math,        // sub: MathOp of a (Pow, Atan2: a, b); floats only; within a few ulp (Facts::approx)
    Fma,         // tj::fma(a, b, c): rounded once (floats), wrapping (integers)
    Wide64,      // cast<ty>((W(a) sub W(b)) k1 W(c)), W = Int64 (k2 = 1) or UInt64: 64-bit integer arithmetic
    Scan,        // tj::block_prefix_reduce(sub: RedOp2, a, k1, exclusive = k2 & 1, reverse = k2 & 2); k1 = 0:
                 // tj::prefix_sum(a, k2 & 1)
    BlockReduce, // tj::block_reduce(sub: RedOp2, a, k1): ceil(w / k1) values (Facts::sink: never an operand)
    Compress,    // tj::gather<ty>(a, tj::compress(b)): count(b) values (Facts::sink)
    Dispatch,    // tj::dispatch(ptrs, [](Base *o, x, y) { return o is the first object ? x sub y : x k1 y; }, a, b),
                 // ptrs = the objects {nullptr, first, second}[d % 3]; nullptr lanes give 0
    Texture,     // a 1-d tj::Texture of k1 texels (gather(a, arange(k1))), filter k2 & 1 (1: linear), wrap k2 >> 1
                 // (0 clamp, 1 repeat, 2 mirror), looked up at positions b
    TensorOp,    // tj::sum/hmin/hmax (RedOp k2) along axis 1 of Tensor(a, {w, 1}) sub Tensor(c, {1, k1}),
                 // c = gather(b, arange(k1)): broadcasting both ways, then a reduction back to w values
};
enum class UnOp : uint8_t { Neg, Abs, Not, Sqrt, Floor, Ceil, Round, Rsqrt };
enum class BinOp : uint8_t { Add, Sub, Mul, Div, Mod, Min, Max, And, Or, Xor, Shl, Shr };
enum class CmpOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
enum class RedOp : uint8_t { Sum, HMin, HMax };
enum class MathOp : uint8_t { Exp, Log, Sin, Cos, Tan, Tanh, Erf, Pow, Atan2 };
/// tj::ReduceOp's operators, in its order (Scan, BlockReduce).
enum class RedOp2 : uint8_t { Add, Mul, Min, Max, And, Or };

/// One operation; its result is register number = its position in Program::ops.
struct Op {
    Kind kind;
    Ty ty;           // type of the result
    uint8_t sub = 0; // UnOp / BinOp / CmpOp / RedOp
    bool wide = true; // width n (else width 1)
    int a = -1, b = -1, c = -1, d = -1, e = -1;
    int64_t k1 = 0, k2 = 0, k3 = 0;
    bool add = false; // IfScatter, LoopScatter: which scatter (see Kind)
    bool twice = false; // LoopScatter: a second scatter into the same target in the body
};

struct Program {
    uint64_t seed = 0; // of the inputs (register i of size s gets the values of seed, i, s)
    std::vector<Op> ops;
};

/// What the comparison may assume of a register (recomputed after every change of a program).
struct Facts {
    bool fma = false;      // float product, or a value that may simplify to one (negation, cast, min/max, select):
                           // an add/sub of it may be contracted into an fma
    bool zero_sign = false; // float derived from min/max/hmin/hmax: the sign of a zero result is unspecified (minnum)
    bool terminal = false; // float sum: order of accumulation unspecified, compared with a tolerance, never used
    bool approx = false;   // transcendental: within a few ulp of the correctly rounded value, never used
    bool sink = false;     // width neither n nor 1 (block reductions, compress): never an operand
};
std::vector<Facts> analyze(const Program &p);

struct Avoid;
/// A random program of about `length` ops from `seed`, without what `avoid` leaves out (frozen_ad.h).
Program generate(uint64_t seed, int length, const Avoid &avoid);

/// The program as C++-like text (only the registers in `keep`, all when empty).
std::string print(const Program &p, const std::vector<bool> &keep = {});

/// Registers that register `r` depends on (r included).
std::vector<bool> needed_by(const Program &p, int r);

} // namespace tjdiff
