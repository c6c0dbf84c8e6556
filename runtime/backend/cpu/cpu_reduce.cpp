// runtime/backend/cpu/cpu_reduce.cpp — reductions of host buffers on the thread pool, in a fixed order
//
// Partial results per block of elements run on the thread pool and are combined in a fixed order, so results do
// not depend on the thread count. Floats accumulate in double precision. The last block may be shorter.
#include "backend/cpu/cpu_reduce.h"

#include "backend/cpu/cpu_thread_pool.h"
#include "kernel/reduce_algebra.h"
#include "support/visit_type.h"

#include <tracejit/error.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <type_traits>

namespace tj::cpu {
namespace {

using detail::ReduceOp;

template <typename T> using Acc = reduce_algebra::Acc<T>;

/// One reduction operator on accumulators of T (identity and combine from reduce_algebra.h). `Op` is a
/// compile-time constant, so that each element loop is one tight loop (vectorised by the compiler where the
/// operator allows it).
template <typename T, ReduceOp Op> struct Reducer : reduce_algebra::Fold<T, Op> {
    using reduce_algebra::Fold<T, Op>::identity;
    using reduce_algebra::Fold<T, Op>::combine;
    /// Reduces [begin, end) of `data` (begin < end).
    static Acc<T> range(const T *data, uint64_t begin, uint64_t end) {
        if constexpr (std::is_floating_point_v<T> && (Op == ReduceOp::Min || Op == ReduceOp::Max)) {
            // fmin/fmax in `lanes` independent accumulators (the compiler vectorises them; one accumulator is a
            // chain it cannot). The minimum or maximum of a set does not depend on the order it is taken in.
            constexpr uint64_t lanes = 16;
            if (end - begin >= 2 * lanes) {
                T acc[lanes];
                for (uint64_t k = 0; k < lanes; ++k)
                    acc[k] = data[begin + k];
                uint64_t i = begin + lanes;
                for (; i + lanes <= end; i += lanes)
                    for (uint64_t k = 0; k < lanes; ++k)
                        acc[k] = Op == ReduceOp::Min ? std::fmin(acc[k], data[i + k]) : std::fmax(acc[k], data[i + k]);
                for (; i < end; ++i)
                    acc[0] = Op == ReduceOp::Min ? std::fmin(acc[0], data[i]) : std::fmax(acc[0], data[i]);
                T best = acc[0];
                for (uint64_t k = 1; k < lanes; ++k)
                    best = Op == ReduceOp::Min ? std::fmin(best, acc[k]) : std::fmax(best, acc[k]);
                return Acc<T>(best);
            }
        }
        if constexpr (Op == ReduceOp::Min || Op == ReduceOp::Max) {
            T best = data[begin];
            for (uint64_t i = begin + 1; i < end; ++i) {
                T v = data[i];
                if constexpr (std::is_floating_point_v<T>)
                    best = Op == ReduceOp::Min ? std::fmin(best, v) : std::fmax(best, v);
                else
                    best = Op == ReduceOp::Min ? std::min(best, v) : std::max(best, v);
            }
            return Acc<T>(best);
        } else {
            Acc<T> acc = identity();
            for (uint64_t i = begin; i < end; ++i)
                acc = combine(acc, Acc<T>(data[i]));
            return acc;
        }
    }
};

template <typename T, ReduceOp Op> struct ReduceJob {
    const T *data;
    T *out;         ///< one result per block
    uint64_t n;     ///< elements in all
    uint64_t block; ///< elements per block (the last block may be shorter)
    static void run(void *ctx, uint64_t first, uint64_t last) {
        auto *job = static_cast<ReduceJob *>(ctx);
        for (uint64_t b = first; b < last; ++b)
            job->out[b] =
                T(Reducer<T, Op>::range(job->data, b * job->block, std::min(job->n, (b + 1) * job->block)));
    }
};

/// Reduces `n` elements (n > 0) in ceil(n / block) blocks (block >= n: the whole array).
template <typename T, ReduceOp Op> void reduce_typed(const T *data, uint64_t n, uint64_t block, T *out) {
    using R = Reducer<T, Op>;
    uint64_t blocks = n / block + (n % block != 0);
    if (blocks > 1) {
        ReduceJob<T, Op> job{data, out, n, block};
        parallel_for(blocks, std::max<uint64_t>(1, 65536 / block), &ReduceJob<T, Op>::run, &job);
        return;
    }
    // One result: reduce fixed-size chunks in parallel, then merge them in order.
    const uint64_t chunk = 1 << 16;
    uint64_t chunks = (n + chunk - 1) / chunk;
    std::unique_ptr<Acc<T>[]> partial(new Acc<T>[chunks]);
    struct Ctx {
        const T *data;
        uint64_t n, chunk;
        Acc<T> *partial;
    } ctx{data, n, chunk, partial.get()};
    parallel_for(
        chunks, 1,
        [](void *p, uint64_t first, uint64_t last) {
            auto *c = static_cast<Ctx *>(p);
            for (uint64_t k = first; k < last; ++k)
                c->partial[k] = R::range(c->data, k * c->chunk, std::min(c->n, (k + 1) * c->chunk));
        },
        &ctx);
    Acc<T> acc = partial[0];
    for (uint64_t k = 1; k < chunks; ++k)
        acc = R::combine(acc, partial[k]);
    out[0] = T(acc);
}

} // namespace

void reduce_blocks(VarType t, const void *data, uint64_t n, uint64_t block, ReduceOp op, void *out) {
    if (!block || !n)
        return;
    visit_type(t, [&](auto tag) {
        using T = decltype(tag);
        const T *in = static_cast<const T *>(data);
        T *res = static_cast<T *>(out);
        switch (op) {
        case ReduceOp::Sum:
        case ReduceOp::Mean: reduce_typed<T, ReduceOp::Sum>(in, n, block, res); break;
        case ReduceOp::Prod: reduce_typed<T, ReduceOp::Prod>(in, n, block, res); break;
        case ReduceOp::Min: reduce_typed<T, ReduceOp::Min>(in, n, block, res); break;
        case ReduceOp::Max: reduce_typed<T, ReduceOp::Max>(in, n, block, res); break;
        case ReduceOp::And:
        case ReduceOp::Or:
            if constexpr (std::is_floating_point_v<T>)
                TJ_UNREACHABLE("a CPU And/Or reduction of floats (the JIT refuses it)");
            else if (op == ReduceOp::And)
                reduce_typed<T, ReduceOp::And>(in, n, block, res);
            else
                reduce_typed<T, ReduceOp::Or>(in, n, block, res);
            break;
        }
        if constexpr (!std::is_same_v<T, bool>)
            if (op == ReduceOp::Mean) { // sum / size in the array's type, as docs/semantics.md says
                uint64_t blocks = n / block + (n % block != 0);
                for (uint64_t b = 0; b < blocks; ++b)
                    res[b] = T(res[b] / T(std::min(block, n - b * block)));
            }
    });
}

} // namespace tj::cpu
