// runtime/freeze/recording.h — what a frozen function's recording holds: buffers (slots), steps, outputs
//
// A recording is the body of a frozen function reduced to what the device did: every buffer it used is a slot
// (the inputs first, then one per buffer a step made), every kernel launch, reduction, fill and copy is a step
// that names slots, and the outputs name slots or literals. Sizes are expressions of the input sizes, so a
// replay with inputs of other sizes allocates and launches accordingly. All of a recording's buffers are in the
// memory of one backend, whose kernels its launches are.
#pragma once

#include "backend/device.h"

#include <tracejit/detail/core.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tj::freezing {

/// size(slot) · mul / div (rounded up with `round_up`, else it must divide evenly), or `constant` when slot < 0
/// and dynamic < 0. `slot` is an input slot, or (rounded up: a block reduction's result, ceil(n / block)) any
/// earlier slot. `dynamic` >= 0: the size is count(dynamic) · mul / div, the number of true entries that the
/// Compress step `dynamic` found at run time (known only once that step has run on replay).
struct SizeExpr {
    int32_t slot = -1;
    uint64_t mul = 1, div = 1;
    uint64_t constant = 0;
    bool round_up = false;
    int32_t dynamic = -1;

    bool operator==(const SizeExpr &) const = default;
};

/// Two sizes that were equal at record time and must still be equal before step `before_step` runs on replay (or,
/// for before_step == steps.size(), before the outputs are made); else the replay stops (ReplayMismatch) and the
/// function is recorded anew. Made when a size could have come from a compress count or from something else.
struct SizeGuard {
    uint32_t before_step = 0;
    SizeExpr a, b;

    bool operator==(const SizeGuard &) const = default;
};

struct Slot {
    VarType type = VarType::Float32;
    SizeExpr size;   ///< (input slots: their size is whatever the call brings)
};

/// A kernel parameter at replay: a slot's buffer, a slot's size, or the step's literal table.
struct Binding {
    enum Kind : uint8_t { Buffer, Size, Table } kind = Buffer;
    uint32_t slot = 0;
};

enum class StepKind : uint8_t { Launch, Reduce, Fill, Copy, HostData, Prefix, Compress, Collective };

struct Step {
    StepKind kind = StepKind::Launch;
    SizeExpr n;                      ///< Launch: elements; Fill/Copy/HostData: elements of `out`
    std::vector<uint32_t> made;      ///< slots this step allocates
    // Launch: a kernel of the recording's backend
    Kernel kernel;
    std::vector<Binding> params;
    std::vector<uint64_t> table;
    uint32_t table_param = UINT32_MAX; ///< the param bound to `table` (UINT32_MAX: none)
    uint32_t element_bytes = 0;        ///< backends::Launch::element_bytes
    // Reduce and Prefix (block 0: the whole array, whatever its size), Fill, Copy, HostData, Compress (in: the
    // mask, out: the index buffer, as large as the mask; the count is the step's run-time value)
    detail::ReduceOp reduce = detail::ReduceOp::Sum;
    uint64_t block = 0;
    uint32_t in = 0, out = 0;
    bool exclusive = false, reverse = false; ///< Prefix
    bool leading = false; ///< Copy: the first size(out) elements of `in`, which may have more (a compress's indices)
    uint64_t bits = 0;
    std::vector<char> data;
    /// Collective (in: this process's array, out: the result): the kind, op (`reduce`) and root, through
    /// `call.transport`. `call.counts` are every process's sizes at record time; `equal_counts`: they were all
    /// equal, and the result's size follows the input's (a replay needs them equal again); else the result's size
    /// is a constant and a replay needs the same counts. Else the replay stops on every process alike (the counts
    /// are the same everywhere) and the function is recorded anew.
    detail::CollectiveCall call;
    bool equal_counts = false;
};

/// One flattened output: a slot's buffer, a literal, or the empty array.
struct OutLeaf {
    enum Kind : uint8_t { SlotValue, Literal, Empty } kind = Empty;
    uint32_t slot = 0;
    VarType type = VarType::Float32;
    uint64_t bits = 0;
    SizeExpr size;
};

/// A flag that a kernel of the recording sets where a lane meets an error its trace could not see (runtime/jit/
/// checks.cpp: a destroyed object's id, a dispatch that recursed): read after a replay's steps; a nonzero value
/// throws the tj::Error `before` + value + `after`.
struct CheckFlag {
    uint32_t slot = 0;
    std::string before, after;
};

struct GradRecording;

struct Recording {
    Backend backend = Backend::CPU;  ///< where its buffers live and its kernels run (every step: one backend)
    std::vector<int32_t> input_slot; ///< per input leaf: its slot, or -1 (a literal, the empty array)
    uint32_t input_slots = 0;        ///< slots [0, input_slots) are the inputs' buffers
    std::vector<Slot> slots;
    std::vector<Step> steps;
    std::vector<SizeGuard> guards;
    std::vector<CheckFlag> checks;
    std::vector<OutLeaf> outputs;
    std::string out_layout;
    uint32_t launches = 0;
    std::string name; ///< the frozen function's name, for messages (a replay's derivative may outlive the function)
    /// Input leaves with gradients enabled whose gradient was empty when recorded and that the body read or
    /// traversed (tj::grad, accum_grad, tj::forward, a traversal that reached them): a replay for a call where one
    /// holds a gradient records anew, as the body may read it (freeze/grad.h, gradient_conflict).
    std::vector<uint32_t> grads_unheld;
    /// Gradients across the frozen boundary (freeze/grad.h); null when no output carries gradients and no backward
    /// inside the body reached an input.
    std::shared_ptr<const GradRecording> grad;
};

/// What a replay needs to connect its outputs to its inputs in the AD graph (docs/freezing.md, "Gradients").
/// `outputs` of the recording are [the result's leaves (`regular`), residuals, waiting gradients, left gradients].
struct GradRecording {
    /// Input leaves whose AD nodes the call connects (the first leaf of each distinct node).
    std::vector<uint32_t> diff_inputs;
    /// Per output leaf, where its AD node comes from.
    struct Out {
        enum Kind : uint8_t { None, Input, Call } kind = None;
        uint32_t index = 0; ///< Input: into diff_inputs; Call: the call node's output
    };
    std::vector<Out> outputs;
    std::vector<uint32_t> call_outputs; ///< per call output: the first output leaf that has it
    /// Call outputs that are leaves of the body's graph (gradients enabled inside it, or edges a traversal inside
    /// freed): a replay gives each a new node without edges, as the body had.
    std::vector<uint32_t> leaves;
    /// The other call outputs in levels, one call node each: level 0 is computed from the diff inputs, level k
    /// from them and from call outputs of lower levels (and leaves), so that a traversal from an output (backward
    /// or forward) reaches the outputs made from it, as in the body's graph. Each level's derivative covers the
    /// body's graph between its outputs and its inputs, stopping there.
    struct Level {
        std::vector<uint32_t> outputs; ///< call outputs (into call_outputs) of this level
        std::vector<uint32_t> from;    ///< call outputs of lower levels or leaves its outputs were computed from
        /// The derivative, recorded once (null: the level has no inputs): inputs [the function's input leaves,
        /// residuals, one (co)tangent per output of the level (backward) or per diff input and then per `from`
        /// (forward)]; outputs: one per diff input then per `from` (backward), or one per output (forward).
        std::shared_ptr<const Recording> backward, forward;
    };
    std::vector<Level> levels;
    uint32_t regular = 0;               ///< outputs of the result (and state, and writes through references)
    uint32_t residuals = 0;             ///< then the values the derivative reads (edge weights, masks, indices)
    /// Then, per gradient a backward inside the body gave an input: which (into diff_inputs). A replay gives the
    /// input the recorded gradient and traverses backward from it, as leaving the body's IsolateGrad scope does.
    std::vector<uint32_t> waiting;
    bool waiting_free_graph = true;
    /// Then, per gradient the body left on one of the call's own arrays (an output made inside it, or an input whose
    /// gradient was empty on entry): a backward from a loss computed inside, tj::forward from an input, set_grad.
    /// A replay gives the node the recorded value, as the body did. `seeded`: set_grad gave it (the next
    /// traversal starts from it).
    struct Left {
        Out node;
        bool seeded = false;
    };
    std::vector<Left> left;
};

} // namespace tj::freezing
