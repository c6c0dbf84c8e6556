// runtime/jit/assemble.h — turns the graph of a group of same-size variables into one KernelIR and its arguments
//
// `assemble` walks the roots' graph in post-order (assemble.cpp) and emits one instruction per variable; a
// symbolic loop's result emits the whole loop (assemble_loop.cpp). The graph is left without marks.
#pragma once

#include "jit/var.h"

#include <tracejit/error.h>

#include <optional>
#include <vector>

namespace tj::jit {

/// A kernel being assembled from the graph.
struct Assembly {
    KernelIR ir;
    /// ir.text while it is being written: emit() writes each record in place (an append to the string per record
    /// cost a call and a copy) and grows it in large steps, never shrinking it; assemble() copies the `text_used`
    /// bytes written into ir.text at the end.
    std::vector<char> text_buffer;
    size_t text_used = 0;
    std::vector<void *> args;        ///< argument of each param slot
    std::vector<uint32_t> visited;   ///< variables whose scratch must be reset
    std::vector<uint32_t> param_var; ///< variable behind each pointer param (0 for sizes)
    std::vector<uint32_t> size_of;   ///< for each Size param, the buffer param whose size it is (freezing)
    std::vector<std::pair<uint32_t, uint32_t>> outputs; ///< (root variable, output param)
    std::vector<VarType> out_types;                     ///< the type of each output, in param order
    std::vector<uint8_t> out_host_size;                 ///< per output: Variable::host_size (run_group fills it)
    uint32_t inputs = 0;
    uint32_t literals = 0;       ///< literals embedded in the code
    std::vector<uint64_t> table; ///< values of the literals beyond max_embedded_literals
    uint32_t table_param = UINT32_MAX;
    /// The memory of the buffers the kernel reads or writes (nothing yet: only literals and counters so far).
    std::optional<Backend> memory;
    uint32_t memory_witness = 0; ///< a variable whose buffer is in `memory` (for the mixing error)
};

/// Assembles the kernel of `roots` into `as` (emptied first): each root that is not a side effect gets an Output
/// param (a new buffer of the kernel's device with `allocate`, else a null argument) and a Store.
void assemble(State &s, Assembly &as, const std::vector<uint32_t> &roots, bool allocate);
/// Frees the buffers allocated for the outputs of `as` (in the memory of `at`).
void free_outputs(State &s, Assembly &as, Backend at);

// Shared by assemble.cpp and assemble_loop.cpp.

/// Appends an instruction; returns its number.
uint32_t emit(Assembly &as, const Instr &ins);
/// Gives every variable reachable from `root` (not yet emitted) its instruction.
void visit(State &s, Assembly &as, uint32_t root);
/// Instruction number of an already visited variable.
inline uint32_t ref_of(State &s, uint32_t id) {
    TJ_ASSERT_HOT(s.vars[id].scratch != 0, "an operand is used before its instruction was emitted");
    return s.vars[id].scratch - 1;
}
/// What a variable is computed from, for the analyses of a loop: its computed operands, or, for a loop's
/// result, everything that loop was traced from.
void children_of(State &s, uint32_t id, std::vector<uint32_t> &out);
/// Emits a whole symbolic loop (see kernel_ir.h) and gives its results their instructions (assemble_loop.cpp); a
/// case of a tj::dispatch brings its whole chain of cases, as a dispatch region (emit_switch).
void emit_loop(State &s, Assembly &as, uint32_t loop);
/// Emits LoopStart … LoopEnd of `loop` after its initial values: slot k starts from instruction `init_at[k]` where
/// given (UINT32_MAX or past the end: its init variable). With `give_results`, its LoopOuts get their instructions.
/// Returns the instruction of each state slot (its value after LoopEnd).
std::vector<uint32_t> emit_loop_instrs(State &s, Assembly &as, uint32_t loop, const std::vector<uint32_t> &init_at,
                                       bool give_results);
/// Emits what the condition and body of `loop` use without depending on its state (before LoopStart).
void hoist_loop_invariants(State &s, Assembly &as, uint32_t loop);
/// Emits the chain of tj::dispatch cases that `loop` belongs to as one dispatch region (SwitchStart … SwitchEnd,
/// kernel_ir.h) and gives the last case's LoopOuts and every case's scatters their instructions; false (nothing
/// emitted) when the chain cannot be (assemble_switch.cpp).
bool emit_switch(State &s, Assembly &as, uint32_t loop);
/// Whether `v` is the side-effect result of a symbolic loop (it has no value to store).
inline bool is_loop_effect(const Variable &v) { return v.op == Op::LoopOut && slot_of(v.literal) == loop_effect_slot; }

} // namespace tj::jit
