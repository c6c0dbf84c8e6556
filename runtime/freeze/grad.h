// runtime/freeze/grad.h — gradients across the frozen boundary: what a recording call captures, what a replay connects
//
// Recording call: the body runs under AD inside an IsolateGrad scope (ad::scope_enter(apart)). At its end
// GradCapture finds the part of the AD graph between the differentiable outputs and inputs, records the values
// its edges read (residuals) and the gradients a backward inside the body gave the inputs as extra outputs of the
// recording, and then records the derivative itself, once per direction, by tracing ad::traverse_aside (the one
// traversal, traversal.h, with the gradients kept aside) over that graph with the residuals and (co)tangents as
// inputs, per level of outputs (outputs computed from other outputs come in a later level: GradRecording::Level).
// Replay: connect_replay makes one AD call node per level, from the inputs' nodes (and lower levels' outputs) to
// new output nodes; its CallDerivative replays that level's derivative recordings when a traversal reaches it.
// docs/freezing.md, "Gradients across the frozen boundary".
#pragma once

#include "ad/call_node.h"
#include "freeze/recording_device.h"

#include <tracejit/detail/freeze_traverse.h>

#include <memory>
#include <string>
#include <vector>

namespace tj::freezing {

/// The gradient side of one recording call.
class GradCapture {
  public:
    /// Before the body: holds the input leaves' variables and enters the frozen IsolateGrad scope. The gradients the
    /// inputs hold are not inputs of the recording: each gets a buffer of its own that `recorder` refuses to read
    /// (a replay could not reproduce what the body computed from it).
    GradCapture(const detail::Flattener &in, std::string name, RecordingDevice &recorder);
    /// Leaves the scope without passing anything on, unless finish() did.
    ~GradCapture();
    GradCapture(const GradCapture &) = delete;
    GradCapture &operator=(const GradCapture &) = delete;

    /// After the body (JIT lock held, the recorder installed): works out what the derivative needs and appends to
    /// `lazy` what must be evaluated with the outputs. Throws tj::FreezeError for what a replay could not reproduce.
    void analyse(const detail::Flattener &out, std::vector<uint32_t> &lazy);
    /// After the result's outputs are recorded: the residuals and waiting gradients as more outputs.
    void record_outputs(RecordingDevice &recorder);
    /// With no recorder installed: records the derivative in both directions into `rec.grad`.
    void record_derivatives(Recording &rec);
    /// Leaves the scope: gradients the body's backward gave the inputs go on backward from them.
    void finish();

  private:
    /// The body's graph between the call outputs of `level` and what its derivative starts from (the diff inputs,
    /// the outputs of lower levels and the leaves).
    ad::Subgraph level_subgraph(uint32_t level) const;
    /// Whether some level's outputs were computed from something (a derivative to record, residuals to keep).
    bool derivative_needed() const;

    std::string m_name;
    std::vector<ad::JitRef> m_inputs; ///< each input leaf's variable (empty: the empty array)
    std::vector<uint32_t> m_in_nodes; ///< AD node of each input leaf (0: none), one external reference each
    uint64_t m_since = 0;             ///< AD nodes from this serial on were made by the body
    uint32_t m_stamp = 0;             ///< the graph's traversal stamp before the body (later ones: reached inside)
    std::vector<uint32_t> m_waiting_nodes; ///< inputs a backward inside the body reached (their gradient waits)
    bool m_in_scope = false;
    std::shared_ptr<GradRecording> m_grad = std::make_shared<GradRecording>();
    std::vector<uint32_t> m_diff_nodes, m_call_nodes; ///< the call's inputs and outputs (AD nodes)
    std::vector<int32_t> m_level_of; ///< per call output: its level (GradRecording::Level), -1 for a leaf
    std::vector<ad::JitRef> m_start_grads; ///< each input leaf's gradient on entry (to see what the body changed)
    std::vector<ad::JitRef> m_residuals, m_waiting, m_left;
};

/// Why recording `rec` cannot be replayed for inputs `in` on gradient grounds (empty: it can): an input whose
/// gradient was empty when recorded, and which the body read, traversed or gave a gradient, holds one now.
std::string gradient_conflict(const Recording &rec, const detail::Flattener &in);

/// A replay of a recording with `grad`: takes the residuals and waiting gradients off `out_jit` (which keeps the
/// result's leaves), sets `out_ad`, connects the outputs to the inputs through call nodes and passes on what a
/// backward inside the body gave the inputs. `in_ids`: the input leaves' variables.
void connect_replay(const std::shared_ptr<const Recording> &rec, const detail::Flattener &in,
                    const std::vector<uint32_t> &in_ids, std::vector<uint32_t> &out_jit,
                    std::vector<uint32_t> &out_ad);

} // namespace tj::freezing
