// runtime/ad/loop_grad.h — gradients through symbolic loops: the loop also carries the Jacobian of its state
//
// A symbolic loop works on each element alone, so the derivative of its results with respect to its initial
// state is, per element, a small matrix J (state × state). While the body is traced, the floating-point state
// variables are fresh AD leaves; forward traversals from each give the body's per-iteration derivatives D,
// and J' = D·J becomes extra loop state (starting at the identity). Arrays with gradients that the body only
// reads (parameters) get a column each: G' = D·G + E, E their direct per-iteration derivative (starting at 0).
// The results get ordinary linear AD edges from the initial values (weights J) and the parameters (weights
// G), so forward and reverse mode both cross the loop.
#pragma once

#include "ad/jit_ref.h"

#include <tracejit/detail/ad_core.h>

#include <cstdint>
#include <vector>

namespace tj::ad {

class LoopGrad {
  public:
    /// `init`: the loop's initial state. While any array has gradients, its floating-point variables (of one
    /// type) are traced with derivatives.
    explicit LoopGrad(const std::vector<detail::VarPair> &init);
    ~LoopGrad();
    LoopGrad(const LoopGrad &) = delete;
    LoopGrad &operator=(const LoopGrad &) = delete;

    /// The AD node the LoopPhi variable `phi` of state variable `k` gets inside the body (a new reference; 0 when
    /// `k` is not traced with derivatives).
    uint32_t leaf(size_t k, uint32_t phi);
    /// After the body: the JIT ids to pass to loop_end — the updates, then the Jacobian's (adding its state).
    std::vector<uint32_t> extend(uint32_t loop, const std::vector<detail::VarPair> &updates);
    /// After loop_end: the AD node of each state variable's result (new references; 0 when not differentiable).
    std::vector<uint32_t> results(const std::vector<uint32_t> &outs);

  private:
    std::vector<detail::VarPair> m_init;
    std::vector<size_t> m_diff;      ///< state variables traced with derivatives
    std::vector<uint32_t> m_leaves;  ///< their AD leaves in the body (one reference each)
    std::vector<uint32_t> m_params;  ///< AD nodes from before the loop that the body reads
    std::vector<JitRef> m_jacobian;  ///< the Jacobian's updates, until loop_end has taken them
    bool m_needed = false;           ///< some result depends on something with gradients
    uint64_t m_since = 0;            ///< AD nodes from this serial on were made by the body
    VarType m_type = VarType::Float32;
};

} // namespace tj::ad
