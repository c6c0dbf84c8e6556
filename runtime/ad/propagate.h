// runtime/ad/propagate.h — what a gradient becomes when it crosses one edge, backward and forward
#pragma once

#include "ad/graph.h"

namespace tj::ad {

/// The part of the source's gradient that `grad` (the target's) gives through edge `e` (before fitting sizes).
JitRef backward_contribution(const Graph &g, const Edge &e, const JitRef &grad);
/// The part of the target's gradient that `grad` (the source's) gives through edge `e`.
JitRef forward_contribution(const Graph &g, const Edge &e, const JitRef &grad);

} // namespace tj::ad
