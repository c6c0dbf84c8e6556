// runtime/backend/cpu/cpu_thread_pool.h — a fixed pool of worker threads that splits kernel launches
#pragma once

#include <cstddef>
#include <cstdint>

namespace tj::cpu {

/// Work on elements [start, end).
using RangeFn = void (*)(void *ctx, uint64_t start, uint64_t end);

/// Runs fn over [0, n) in blocks of `block` elements on all workers (the caller helps); returns when all are done.
void parallel_for(uint64_t n, uint64_t block, RangeFn fn, void *ctx);

/// Number of threads that run kernels (the caller included).
size_t pool_size();

} // namespace tj::cpu
