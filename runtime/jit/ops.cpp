// runtime/jit/ops.cpp — new nodes: literals, counters, arithmetic and casts, with type and size checks
//
// Read `var_op` first: it checks operand types and sizes, folds literals, and creates (or finds, through CSE)
// the node.
#include "jit/var.h"

#include "jit/fold.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstring>

namespace tj::detail {
using namespace jit;

uint32_t var_literal(VarType t, uint64_t bits, size_t size) {
    State &s = state();
    Lock lock(s.mutex);
    return new_leaf(s, Op::Literal, t, size, bits, nullptr);
}

uint32_t var_counter(VarType t, size_t size) {
    if (t == VarType::Bool)
        throw Error("tj::arange(): needs a numeric array type, not Bool");
    // One element is the value 0 (as in Dr.Jit), a literal: a Counter reads the lane index, which would be wrong
    // when a width-1 array broadcasts against a wider one in the same kernel.
    if (size == 1)
        return var_literal(t, 0, 1);
    State &s = state();
    Lock lock(s.mutex);
    return new_leaf(s, Op::Counter, t, size, 0, nullptr);
}

static const char *op_kind_error(Op op, VarType t) {
    switch (op) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Neg: case Op::Min: case Op::Max:
    case Op::Fma: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Abs:
        return t == VarType::Bool ? "is not defined for Bool arrays" : nullptr;
    case Op::Mod:
        return t == VarType::Bool ? "is not defined for Bool arrays" : nullptr;
    case Op::Not: case Op::And: case Op::Or: case Op::Xor:
        return is_float(t) ? "needs Bool or integer arrays" : nullptr;
    case Op::Shl: case Op::Shr:
        return is_int(t) ? nullptr : "needs integer arrays";
    case Op::Sqrt: case Op::Rsqrt: case Op::Exp: case Op::Log: case Op::Sin: case Op::Cos: case Op::Tan:
    case Op::Tanh: case Op::Atan2: case Op::Pow: case Op::Erf: case Op::Floor: case Op::Ceil: case Op::Round:
        return is_float(t) ? nullptr : "needs floating-point arrays (cast first)";
    default:
        return nullptr;
    }
}

static bool is_comparison(Op op) { return op >= Op::Eq && op <= Op::Ge; }

/// The common case of tracing, without the general checks: two clean, non-literal operands of one type and
/// equal size, and an arithmetic or comparison op defined for that type. Returns 0 when it does not apply.
static uint32_t binary_fast_path(State &s, Op op, uint32_t a, uint32_t b) {
    if (op < Op::Add || op > Op::Ge || op == Op::Neg || op == Op::Not || a >= s.vars.size() || b >= s.vars.size())
        return 0;
    const Variable &va = s.vars[a], &vb = s.vars[b];
    if (va.op == Op::Count || vb.op == Op::Count || va.op == Op::Literal || vb.op == Op::Literal || va.dirty ||
        vb.dirty || va.type != vb.type || va.size != vb.size || op_kind_error(op, va.type))
        return 0;
    if ((va.op == Op::Data || vb.op == Op::Data) && tracing_loop() != UINT32_MAX) [[unlikely]]
        return 0; // (var_op notes the element-wise read)
    Variable v;
    v.op = op;
    v.type = is_comparison(op) ? VarType::Bool : va.type;
    v.size = va.size;
    v.dep[0] = a;
    v.dep[1] = b;
    return new_var(s, v, true);
}

uint32_t var_op(const char *api, Op op, uint32_t a, uint32_t b, uint32_t c) {
    State &s = state();
    Lock lock(s.mutex);
    if (b && !c && a)
        if (uint32_t id = binary_fast_path(s, op, a, b))
            return id;
    uint32_t ops[3] = {a, b, c};
    // The op's own arity, not the count of non-zero ids: an empty (default-constructed) array is id 0, and must
    // be refused as an operand (var() below) rather than make `x + Float()` a one-operand add.
    size_t n = op_arity(op);
    for (size_t i = 0; i < n; ++i) {
        Variable &v = var(s, ops[i], api);
        if (v.dirty) {
            flush_side_effects(s);
            check_unwritten(s, ops[i], api);
        }
        loop_note_direct(s, ops[i]);
    }
    // Operand types: select's mask is Bool, the rest share one type.
    size_t first = op == Op::Select ? 1 : 0;
    VarType t = s.vars[ops[first]].type;
    if (op == Op::Select && s.vars[a].type != VarType::Bool)
        throw Error(fmt::format("{}: the mask must be a Bool array", api));
    for (size_t i = first; i < n; ++i)
        if (s.vars[ops[i]].type != t)
            throw Error(fmt::format("{}: operand types differ ({} and {}); cast first", api, type_name(t),
                                    type_name(s.vars[ops[i]].type)));
    if (const char *msg = op_kind_error(op, t))
        throw Error(fmt::format("{}: {} ({} given)", api, msg, type_name(t)));

    uint64_t sizes[3];
    for (size_t i = 0; i < n; ++i)
        sizes[i] = s.vars[ops[i]].size;
    uint64_t size = broadcast_size(api, sizes, n);
    VarType rt = is_comparison(op) ? VarType::Bool : t;

    // Fold literals.
    bool all_literal = true;
    for (size_t i = 0; i < n; ++i)
        all_literal &= s.vars[ops[i]].op == Op::Literal;
    uint64_t folded;
    if (all_literal && fold(op, t, rt, s.vars[a].literal, b ? s.vars[b].literal : 0, c ? s.vars[c].literal : 0,
                            folded))
        return var_literal(rt, folded, size);
    // Simplify x*1, 1*x, x+0 (integers only: -0.0 + 0.0 is +0.0), select on a literal mask.
    auto lit = [&](uint32_t id, int value) {
        return s.vars[id].op == Op::Literal && literal_is(s.vars[id].type, s.vars[id].literal, value);
    };
    auto same = [&](uint32_t id) -> uint32_t {
        if (s.vars[id].size != size)
            return 0;
        inc_ref(s, id);
        return id;
    };
    uint32_t simplified = 0;
    if (op == Op::Mul && lit(b, 1))
        simplified = same(a);
    else if (op == Op::Mul && lit(a, 1))
        simplified = same(b);
    else if (op == Op::Add && is_int(t) && lit(b, 0))
        simplified = same(a);
    else if (op == Op::Add && is_int(t) && lit(a, 0))
        simplified = same(b);
    else if (op == Op::Select && s.vars[a].op == Op::Literal)
        simplified = same(s.vars[a].literal ? b : c);
    else if (op == Op::Select && b == c)
        simplified = same(b);
    if (simplified)
        return simplified;

    Variable v;
    v.op = op;
    v.type = rt;
    v.size = size;
    v.dep[0] = a;
    v.dep[1] = b;
    v.dep[2] = c;
    return new_var(s, v, true);
}

uint32_t var_op_scalar(const char *api, Op op, uint32_t a, uint64_t bits, bool scalar_first) {
    State &s = state();
    Lock lock(s.mutex);
    uint32_t lit = var_literal(var(s, a, api).type, bits, 1);
    uint32_t result;
    try {
        result = scalar_first ? var_op(api, op, lit, a) : var_op(api, op, a, lit);
    } catch (...) {
        dec_ref(s, lit);
        throw;
    }
    dec_ref(s, lit);
    return result;
}

uint32_t var_cast(uint32_t a, VarType t) {
    State &s = state();
    Lock lock(s.mutex);
    Variable &src = var(s, a, "tj::cast()");
    if (src.dirty) {
        flush_side_effects(s);
        check_unwritten(s, a, "tj::cast()");
    }
    loop_note_direct(s, a);
    if (src.type == t) {
        inc_ref(s, a);
        return a;
    }
    uint64_t folded;
    if (src.op == Op::Literal && fold(Op::Cast, src.type, t, src.literal, 0, 0, folded))
        return var_literal(t, folded, src.size);
    Variable v;
    v.op = Op::Cast;
    v.type = t;
    v.size = s.vars[a].size;
    v.dep[0] = a;
    return new_var(s, v, true);
}

} // namespace tj::detail
