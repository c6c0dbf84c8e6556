// runtime/jit/loop.h — symbolic loops in the variable graph: loop records, loop-carried variables (phis) and results
//
// A loop record owns what the loop was traced from: the initial values, one LoopPhi variable per state
// variable, the condition, the body's results and the scatters traced in the body. Its results are LoopOut
// variables (no operands; `literal` = loop << 32 | state slot) that keep the record alive; a pending
// LoopOut in the side-effect list stands for the body's scatters (for a loop nested in another loop's body, that
// LoopOut is one of the outer loop's effects instead: it runs once per outer iteration). eval.cpp emits the whole
// loop into the kernel where the first of them is evaluated, and evaluates the other results with it.
#pragma once

#include <cstdint>
#include <vector>

namespace tj::jit {

struct State;

struct LoopRecord {
    std::vector<uint32_t> init;    ///< initial values (each holds a reference)
    std::vector<uint32_t> phi;     ///< LoopPhi variables (each holds a reference)
    std::vector<uint32_t> update;  ///< the body's results (each holds a reference)
    std::vector<uint32_t> effects; ///< scatters traced in the body, and the scatter LoopOut (loop_effect_slot) of
                                   ///< each loop nested in it (each holds a reference)
    uint32_t cond = 0;             ///< the condition ANDed with the enclosing mask (holds a reference)
    std::vector<uint32_t> outs;    ///< LoopOut result of each slot while it is lazy (weak; 0: none)
    uint32_t effect_var = 0;       ///< the pending LoopOut that runs the body's scatters (weak; 0: none)
    uint32_t live = 0;             ///< LoopOut variables alive (the record is freed when none is left)
    uint64_t size = 0;             ///< elements the loop runs over
    bool in_use = false;
    bool tracing = false;          ///< between loop_begin and loop_end
    /// A case of tj::dispatch's loop form (runtime/dispatch/dispatch.cpp): the instance id its lanes hold (0: not a
    /// case) and how many result slots it merges (the last `case_results` of `init`, the merged results of the
    /// cases before: zeros for the first case, else the previous case's LoopOuts). A chain of cases is emitted as
    /// one switch (assemble_switch.cpp).
    uint32_t case_id = 0;
    uint32_t case_results = 0;
};

/// The slot of the LoopOut that stands for a loop's scatters.
inline constexpr uint32_t loop_effect_slot = UINT32_MAX;
inline uint64_t loop_literal(uint32_t loop, uint32_t slot) { return uint64_t(loop) << 32 | slot; }
inline uint32_t loop_of(uint64_t literal) { return uint32_t(literal >> 32); }
inline uint32_t slot_of(uint64_t literal) { return uint32_t(literal); }

/// A LoopOut variable (its `literal`) is freed or evaluated: when it was the loop's last, the record is freed
/// and the references it held are returned for the caller to drop.
std::vector<uint32_t> loop_release(State &s, uint64_t literal);
/// The loop whose body this thread is tracing (UINT32_MAX: none).
uint32_t tracing_loop() noexcept;
/// One more state variable of a loop being traced (for its Jacobian): its LoopPhi variable, a new reference.
uint32_t loop_add_state(State &s, uint32_t loop, uint32_t init);
/// Takes over a scatter traced in the body of `loop`, or the scatter LoopOut of a loop nested in it (it runs inside
/// the loop).
void loop_add_effect(State &s, uint32_t loop, uint32_t scatter);
/// After the kernel of a loop's scatters ran: their targets are clean again.
void loop_effects_done(State &s, uint32_t effect_var);

} // namespace tj::jit
