// runtime/ad/propagate.h — what a gradient becomes when it crosses one edge, in either direction
#pragma once

#include "ad/graph.h"

namespace tj::ad {

/// What `grad` gives through edge `e` (before fitting sizes): backward, the part of the source's gradient that the
/// target's gradient `grad` makes; forward, the part of the target's tangent that the source's tangent makes.
JitRef contribution(const Graph &g, Direction d, const Edge &e, const JitRef &grad);

} // namespace tj::ad
