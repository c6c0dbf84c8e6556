// include/tracejit/detail/control_core.h — the id-based core of symbolic control flow that control.h calls
//
// Masks: while a symbolic branch or loop body is traced, the thread's mask stack says which lanes it runs for;
// gather/scatter/scatter_add AND their mask with the top. Loops: loop_begin gives each state variable a
// loop-carried variable (a LoopPhi, the state inside the loop), the condition and body are traced on those, and loop_end makes the
// results: variables that, when evaluated, run the loop inside one kernel (runtime/jit/loop.cpp).
#pragma once

#include <tracejit/detail/core.h>

#include <cstddef>
#include <cstdint>

namespace tj::detail {

/// The current mask of this thread (a borrowed id, 0 when no symbolic branch or loop is being traced).
uint32_t mask_top() noexcept;
/// Pushes `mask` ANDed with the current mask (a Bool array).
void mask_push(const char *api, uint32_t mask);
void mask_pop() noexcept;
/// `mask` ANDed with the current mask: a new reference (`mask` itself when none is active).
uint32_t mask_apply(uint32_t mask);

/// A state array of a tj::if_stmt whose memory (the array the branches received, which their scatters write in
/// place) is followed through the branches (control.h, BranchMemory): `array` is where the branch being traced keeps
/// it, `jit` and `ad` the memory's current variable and AD node. It holds one reference to each; the variable's is
/// lent (var_lend), so that it does not make a scatter copy the buffer.
struct FollowedArray {
    const void *array = nullptr;
    uint32_t jit = 0, ad = 0;
};
/// Starts (`on`) or stops following `f` on this thread.
void follow_array(FollowedArray *f, bool on) noexcept;
/// Tells the arrays followed on this thread that the array at `array` was scattered into: its value went from
/// (jit, ad) to (new_jit, new_ad), a copy on write or a new AD node. The scatter functions call it (ops.h), and
/// tj::if_stmt for the caller's arrays that its branches scattered into.
void scatter_note(const void *array, uint32_t jit, uint32_t ad, uint32_t new_jit, uint32_t new_ad) noexcept;

/// Starts tracing a symbolic loop whose state holds `n` variables `init`; writes one new LoopPhi variable per
/// state variable into `phis` (new references; each has the size and type of its initial value) and returns
/// a handle for the calls below.
uint32_t loop_begin(const uint32_t *init, size_t n, uint32_t *phis);
/// The loop's condition, traced on the LoopPhi variables; pushes it as the mask of the body.
void loop_cond(uint32_t loop, uint32_t cond);
/// The body's results for each state variable (same order and types as `init`); pops the body's mask,
/// checks sizes and writes the loop's results into `outs` (new references). Scatters traced in the body run
/// inside the loop (masked by the lanes still iterating).
void loop_end(uint32_t loop, const uint32_t *updates, uint32_t *outs);
/// Abandons a loop being traced (an exception in the condition or body).
void loop_abort(uint32_t loop) noexcept;
/// Symbolic loop bodies being traced on this thread (0: none; tests check that errors leave none behind).
uint32_t loop_depth() noexcept;

} // namespace tj::detail
