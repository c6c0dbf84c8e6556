// runtime/jit/loop.h — symbolic loops in the variable graph: loop records, loop-carried variables (phis) and results
//
// A loop record owns what the loop was traced from: the initial values, one LoopPhi variable per state
// variable, the condition, the body's results and the scatters traced in the body. Its results are LoopOut
// variables (no operands; `literal` = loop << 32 | state slot) that keep the record alive; a pending
// LoopOut in the side-effect list stands for the body's scatters (for a loop inside another loop's body, the
// outer loop's effects hold it). eval.cpp emits the whole loop into the kernel where the first of them is
// evaluated, and evaluates the other results with it.
//
// Side effects in a body are ordered as traced, per lane (docs/control-flow.md): `memory` lists the body's gathers,
// scatters and inner loops in that order and the kernel runs them in that order (assemble_loop.cpp); a scatter in
// the body writes the array's buffer in place, so later gathers of it (this iteration or the next) see the write.
#pragma once

#include <cstdint>
#include <vector>

namespace tj::jit {

struct State;

struct LoopRecord {
    std::vector<uint32_t> init;    ///< initial values (each holds a reference)
    std::vector<uint32_t> phi;     ///< LoopPhi variables (each holds a reference)
    std::vector<uint32_t> update;  ///< the body's results (each holds a reference)
    std::vector<uint32_t> effects; ///< scatters traced in the body, inner loops' effect LoopOuts (each holds a reference)
    /// The body's gathers, scatters and inner loops' effect LoopOuts in the order they were traced (each holds a
    /// reference): the order the kernel runs them in. A loop that no other loop encloses keeps only the gathers of
    /// the arrays it writes.
    std::vector<uint32_t> memory;
    /// While it is traced: the Data variables its body (inner loops' included) read element-wise (each holds a
    /// reference). Such a read is not ordered with the body's scatters: a later scatter into one is a tj::Error.
    std::vector<uint32_t> direct;
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
/// Takes over a scatter traced in the body of `loop` (it runs inside the loop), or an inner loop's effect LoopOut.
void loop_add_effect(State &s, uint32_t loop, uint32_t scatter);
/// A gather traced in the body (or condition) of `loop`: it reads in the order it was traced (one new reference).
void loop_add_read(State &s, uint32_t loop, uint32_t gather);
/// What the loops being traced on this thread hold of Data variable `data`: the references their scatters and
/// gathers (inner loops' included) hold on it, and whether they read or write it.
struct LoopUse {
    uint32_t refs = 0;
    bool read = false, written = false;
    bool direct = false; ///< read element-wise (the reference held for that is not in `refs`)
};
LoopUse loop_use(const State &s, uint32_t data);
/// Data variable `data` is read element-wise by the body of the loop being traced, if any (noted once).
void loop_note_direct(State &s, uint32_t data);
/// The references to variable `data` that neither other variables (as operands) nor loop records hold: those of
/// arrays, and of the caller's own references. Scans every variable: for the rare paths that need it.
uint32_t outside_holders(const State &s, uint32_t data);
/// The Data variables that a loop's scatters (inner loops' included) write.
void loop_targets(const State &s, uint32_t loop, std::vector<uint32_t> &out);
/// Throws the tj::Error for an array that a scatter in the body of a loop being traced writes, and that `api`
/// reads element-wise (or evaluates) in that body, where its writes have not happened: when that is `id`'s case.
void check_unwritten(const State &s, uint32_t id, const char *api);
/// After the kernel of a loop's scatters ran: their targets are clean again.
void loop_effects_done(State &s, uint32_t effect_var);

} // namespace tj::jit
