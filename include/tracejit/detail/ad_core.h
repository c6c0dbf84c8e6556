// include/tracejit/detail/ad_core.h — the id-based core of automatic differentiation that array.h and ad.h call
//
// A differentiable array holds two ids: its JIT variable (the value) and an AD node (0: not differentiated).
// AD nodes form a graph whose edges carry derivative weights that are themselves JIT variables, so derivative
// code is traced, fused and compiled like any other. The functions below are what the typed façade calls.
#pragma once

#include <tracejit/detail/core.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace tj::detail {

/// A JIT variable id and the AD node id that goes with it (0: none). Each id returned holds one reference.
struct VarPair {
    uint32_t jit = 0;
    uint32_t ad = 0;
};

void ad_inc_ref(uint32_t ad) noexcept;
void ad_dec_ref(uint32_t ad) noexcept;

/// A new leaf AD node for the JIT variable `jit` (throws tj::Error unless it is Float or Float64).
uint32_t ad_enable(const char *api, uint32_t jit);
/// Whether node `ad` stands for no gradient: made by a symbolic loop's body that differentiated nothing (the target
/// of a scatter of its state). Operations treat it as 0; enable_grad gives the array a leaf.
bool ad_inert(uint32_t ad);
/// The gradient of node `ad` as a new JIT reference; zeros of the size and type of `jit` when `ad` is 0 or
/// no gradient reached it.
uint32_t ad_grad(uint32_t ad, uint32_t jit);
/// Sets (or, with `accumulate`, adds to) the gradient of node `ad`; it seeds the next traversal.
void ad_set_grad(const char *api, uint32_t ad, uint32_t jit, uint32_t grad, bool accumulate);
/// backward (reverse mode, from `ad` to what it depends on) or forward (from `ad` to what depends on it).
void ad_traverse(const char *api, uint32_t ad, bool backward, bool free_graph);
/// Names node `ad` in graphviz output.
void ad_set_label(uint32_t ad, const std::string &label);
/// DOT text of the AD graph that leads to the given nodes.
std::string ad_graphviz(const uint32_t *ads, size_t count);
/// IsolateGrad: entering starts a scope; leaving propagates what reached nodes from outside it (unless
/// `propagate` is false, as when leaving by an exception). `isolate_forward`: forward traversals inside visit only
/// what the scope made (IsolateGrad); false for the scope around tj::if_stmt's branches and tj::dispatch's instances.
void ad_scope_enter(bool isolate_forward = true);
void ad_scope_leave(bool propagate);
/// The gradient that reached node `ad` as text, "[0.5, 1, 2]" (evaluated; at most `max_elements` shown, then
/// "…" and the size); empty when no gradient reached it. For the tape.
std::string ad_grad_summary(uint32_t ad, size_t max_elements);

// Operations on arrays of which at least one operand has an AD node: the value as var_op & co. compute it,
// and an AD node with the operation's derivative edges (0 when nothing differentiable is involved).
VarPair ad_op(const char *api, Op op, VarPair a, VarPair b = {}, VarPair c = {});
VarPair ad_cast(VarPair a, VarType t);
VarPair ad_gather(VarPair source, uint32_t index, uint32_t mask);
VarPair ad_gather_packed(VarPair source, uint32_t index, uint32_t mask, uint32_t count, uint32_t channel);
VarPair ad_scatter(VarPair target, VarPair value, uint32_t index, uint32_t mask, bool add);
VarPair ad_reduce(VarPair a, ReduceOp op);
/// `api` names the caller in errors (null: tj::block_sum()).
VarPair ad_block_reduce(VarPair a, ReduceOp op, size_t block_size, const char *api = nullptr);
/// Prefix reductions (var_block_prefix_reduce) of an array that may have an AD node (differentiable for Sum).
VarPair ad_block_prefix_reduce(VarPair a, ReduceOp op, size_t block_size, bool exclusive, bool reverse,
                               const char *api);
/// tj::scatter_reduce with arrays that may have AD nodes (Sum: as ad_scatter's add).
VarPair ad_scatter_reduce(ReduceOp op, VarPair target, VarPair value, uint32_t index, uint32_t mask);

} // namespace tj::detail
