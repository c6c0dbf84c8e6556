// runtime/jit/collective.h — how processes agree on a collective before it runs (the JIT and freezing's replay)
#pragma once

#include <tracejit/detail/collective_core.h>

#include <cstdint>
#include <vector>

namespace tj::jit {

/// The API function of a collective, for messages ("tj::mpi::allreduce()").
const char *collective_api(detail::CollectiveKind kind);

/// Exchanges (kind, type, op or root, size) with the other processes through `tr` and returns every process's size,
/// in rank order. Throws tj::Error naming `api` on every process alike when they called different collectives, with
/// different types, ops or roots, or (AllReduce) with different sizes, or when the root is not a rank.
std::vector<uint64_t> agree_collective(detail::Transport &tr, detail::CollectiveKind kind, detail::ReduceOp op,
                                       uint32_t root, VarType t, uint64_t n, const char *api);

} // namespace tj::jit
