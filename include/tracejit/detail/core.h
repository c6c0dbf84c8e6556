// include/tracejit/detail/core.h — the id-based core of JIT variables that the typed façade (array.h) wraps
#pragma once

#include <tracejit/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace tj {
namespace detail {

/// Operations of the lazy SSA graph; each one maps to an instruction of the kernel IR.
enum class Op : uint8_t {
    Literal, Data, Counter,
    Add, Sub, Mul, Div, Mod, Neg, Not, And, Or, Xor, Shl, Shr,
    Eq, Ne, Lt, Le, Gt, Ge,
    Abs, Sqrt, Rsqrt, Exp, Log, Sin, Cos, Tan, Tanh, Atan2, Pow, Erf, Floor, Ceil, Round,
    Min, Max, Fma, Select, Cast,
    Gather, Scatter, ScatterAdd,
    ScatterReduce, ///< target[index] op= value atomically; the ReduceOp is the variable's `literal`
    ScatterInc,    ///< old = target[index]++ atomically (UInt32); the value is the old contents
    LoopPhi, LoopOut, ///< a symbolic loop's state inside its body, and its results (runtime/jit/loop.h)
    Count
};

/// Reductions over all elements (or blocks) of an array. And/Or are for Bool and integer arrays.
enum class ReduceOp : uint8_t { Sum, Prod, Min, Max, Mean, And, Or };

/// The internal reduction of a public tj::ReduceOp (the one place where the two meet).
constexpr ReduceOp to_internal(tj::ReduceOp op) {
    switch (op) {
    case tj::ReduceOp::Add: return ReduceOp::Sum;
    case tj::ReduceOp::Mul: return ReduceOp::Prod;
    case tj::ReduceOp::Min: return ReduceOp::Min;
    case tj::ReduceOp::Max: return ReduceOp::Max;
    case tj::ReduceOp::And: return ReduceOp::And;
    case tj::ReduceOp::Or: return ReduceOp::Or;
    }
    return ReduceOp::Sum;
}

/// Size in bytes of one element of `t` in memory (Bool takes one byte).
size_t type_size(VarType t);
/// Short name such as "f32"; used in IR text, logs and whos().
const char *type_name(VarType t);

// The functions below take and return variable ids; 0 is the empty array.
// Ids returned by the var_* constructors carry one reference owned by the caller.

/// A literal: `bits` holds the value of type `t` (low bytes), broadcast to `size` elements.
uint32_t var_literal(VarType t, uint64_t bits, size_t size);
/// An evaluated variable holding a copy of `size` elements at `src`.
uint32_t var_data(VarType t, const void *src, size_t size);
/// 0, 1, …, size-1 of type `t`.
uint32_t var_counter(VarType t, size_t size);
/// An operation on 1–4 operands (0 = unused); checks types and broadcasts sizes. `api` names the caller in errors.
uint32_t var_op(const char *api, Op op, uint32_t a, uint32_t b = 0, uint32_t c = 0);
/// var_op of an array and a C++ scalar (`bits` of the array's type), scalar on the right or, with
/// `scalar_first`, on the left: one call instead of creating and releasing a literal array.
uint32_t var_op_scalar(const char *api, Op op, uint32_t a, uint64_t bits, bool scalar_first);
/// Converts to type `t`.
uint32_t var_cast(uint32_t a, VarType t);
/// Reads source[index] where mask is set (0 elsewhere and for indices past the end).
uint32_t var_gather(uint32_t source, uint32_t index, uint32_t mask);
/// Channel `channel` (< `count`) of a packed gather: source[index + channel] where mask is set and that element is
/// inside source (0 elsewhere; the sum is taken in 64 bits). The `count` channels of one (source, index, mask) that
/// a kernel reads are loaded together: `count` consecutive elements per element (docs/tensors.md, "Packed gathers").
uint32_t var_gather_packed(uint32_t source, uint32_t index, uint32_t mask, uint32_t count, uint32_t channel);
/// target[index] = value (or += with `add`, atomically) where mask is set; returns the new target id.
uint32_t var_scatter(uint32_t target, uint32_t value, uint32_t index, uint32_t mask, bool add);
/// target[index] = target[index] op value (atomically, per element) where mask is set; returns the new target id.
/// `api` names the caller in errors. Sum is var_scatter's add; Mean is not a scatter reduction.
uint32_t var_scatter_reduce(const char *api, ReduceOp op, uint32_t target, uint32_t value, uint32_t index,
                            uint32_t mask);
/// old = target[index]; target[index] += 1 (atomically, per element) where mask is set (elsewhere old is 0). The
/// target must be UInt32. Evaluated at once; returns the old values and sets `*new_target` to the target's new id.
uint32_t var_scatter_inc(uint32_t target, uint32_t index, uint32_t mask, uint32_t *new_target);
/// A width-1 evaluated reduction of `a`. `api` names the caller in errors (null: the name of `op`'s function).
uint32_t var_reduce(uint32_t a, ReduceOp op, const char *api = nullptr);
/// The reductions of consecutive blocks of `block_size` elements, ceil(size / block_size) values (the last block
/// may be shorter). `api` names the caller in errors (null: tj::block_sum()).
uint32_t var_block_reduce(uint32_t a, ReduceOp op, size_t block_size, const char *api = nullptr);
/// Prefix reductions of `a` with `op`, restarting every `block_size` elements (SIZE_MAX: the array is one block;
/// 0 throws tj::Error),
/// exclusive or inclusive, from each block's start or (reverse) its end; evaluated at once, the size of `a`.
/// `api` names the caller in errors (tj::prefix_sum(), tj::block_prefix_reduce()).
uint32_t var_block_prefix_reduce(uint32_t a, ReduceOp op, size_t block_size, bool exclusive, bool reverse,
                                 const char *api);
/// The UInt32 indices of the true entries of the Bool `mask`, in order (evaluated at once; an array of size 0 when
/// there are none).
uint32_t var_compress(uint32_t mask);
/// An evaluated, in-memory variable with the value of `a` (a literal becomes a buffer); a new reference.
uint32_t var_make_opaque(uint32_t a);

void var_inc_ref(uint32_t id) noexcept;
void var_dec_ref(uint32_t id) noexcept;

size_t var_size(uint32_t id);
/// The size that code using the API reads (tj::Array::size()): as var_size, but a frozen function's recording hears
/// of it only when the array's width was not chosen on the host (docs/freezing.md, "Widths chosen on the host").
size_t var_size_read(uint32_t id);
VarType var_type(uint32_t id);
/// True for an unevaluated literal (its value is known when tracing).
bool var_is_literal(uint32_t id);
/// True while a pending scatter writes into the buffer of `id` (it has not run yet).
bool var_is_dirty(uint32_t id);
/// Lends one reference to `id` (`lend`; false takes it back): while lent, it does not count as another array sharing
/// the buffer, so a scatter into `id` on this thread writes it in place instead of copying it. tj::if_stmt lends the
/// true branch's reference to a buffer it scattered into to the false branch, and those that follow the memory of its
/// state arrays (control.h, BranchMemory).
void var_lend(uint32_t id, bool lend) noexcept;
/// What a frozen function's layout key needs of an array, with one lock: its size, and whether it is a literal
/// (then `bits` is its value).
bool var_key_info(uint32_t id, uint64_t &size, uint64_t &bits);
/// Evaluates `count` variables together (same-sized ones fuse into one kernel).
void var_eval(const uint32_t *ids, size_t count);
/// Copies element `i` (after evaluation) to `dst`.
void var_read(uint32_t id, size_t i, void *dst);
/// Copies all elements (after evaluation) to `dst`.
void var_copy_to_host(uint32_t id, void *dst);
void var_set_label(uint32_t id, const std::string &label);
std::string var_label(uint32_t id);
/// Notes that `id` holds the data of a tensor of this type and shape ("tj::TensorXf[10, 7, 3]"): whos() shows it.
void var_set_shape(uint32_t id, const std::string &shape);
/// One line describing `id` without evaluating anything, for the tape: "tj::Float[3] evaluated r5 [1, 2, 3]"
/// (size, state literal|lazy|evaluated|dirty, id, then the contents when evaluated and at most `max_elements`
/// long, or the literal's value). "tj::Float[0] empty" for id 0.
std::string var_summary(uint32_t id, size_t max_elements);
/// Number of live variables (for tests of CSE and freeing).
size_t var_count();

} // namespace detail
} // namespace tj
