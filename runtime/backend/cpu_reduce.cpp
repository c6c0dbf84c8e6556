// runtime/backend/cpu_reduce.cpp — reductions of host buffers on the thread pool, in a fixed order
//
// Partial results per block of elements run on the thread pool and are combined in a fixed order, so results do
// not depend on the thread count. Floats accumulate in double precision.
#include "backend/cpu_reduce.h"

#include "backend/cpu_thread_pool.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <type_traits>

namespace tj::cpu {
namespace {

using detail::ReduceOp;

/// The accumulator type: double for floats, wrapping unsigned for integers, bool for masks.
template <typename T> struct AccOf { using type = std::make_unsigned_t<T>; };
template <> struct AccOf<bool> { using type = bool; };
template <> struct AccOf<float> { using type = double; };
template <> struct AccOf<double> { using type = double; };
template <typename T> using Acc = typename AccOf<T>::type;

template <typename T> struct Reducer {
    ReduceOp op;
    Acc<T> identity() const {
        switch (op) {
        case ReduceOp::Sum: return Acc<T>(0);
        case ReduceOp::Prod: return Acc<T>(1);
        default: return Acc<T>(0); // min/max start from the first element instead
        }
    }
    Acc<T> combine(Acc<T> a, Acc<T> b) const {
        switch (op) {
        case ReduceOp::Sum: return Acc<T>(a + b);
        case ReduceOp::Prod: return Acc<T>(a * b);
        default: return a; // not used for min/max
        }
    }
    /// Reduces [begin, end) of `data`.
    Acc<T> range(const T *data, uint64_t begin, uint64_t end) const {
        if (op == ReduceOp::Min || op == ReduceOp::Max) {
            T best = data[begin];
            for (uint64_t i = begin + 1; i < end; ++i) {
                T v = data[i];
                if constexpr (std::is_floating_point_v<T>)
                    best = op == ReduceOp::Min ? std::fmin(best, v) : std::fmax(best, v);
                else
                    best = op == ReduceOp::Min ? std::min(best, v) : std::max(best, v);
            }
            return Acc<T>(best);
        }
        Acc<T> acc = identity();
        for (uint64_t i = begin; i < end; ++i)
            acc = combine(acc, Acc<T>(data[i]));
        return acc;
    }
    Acc<T> merge(Acc<T> a, Acc<T> b) const {
        if (op == ReduceOp::Min || op == ReduceOp::Max) {
            T x = T(a), y = T(b);
            if constexpr (std::is_floating_point_v<T>)
                return Acc<T>(op == ReduceOp::Min ? std::fmin(x, y) : std::fmax(x, y));
            else
                return Acc<T>(op == ReduceOp::Min ? std::min(x, y) : std::max(x, y));
        }
        return combine(a, b);
    }
};

template <typename T> struct ReduceJob {
    const T *data;
    T *out;         ///< one result per block
    uint64_t block; ///< elements per block
    Reducer<T> reducer;
    static void run(void *ctx, uint64_t first, uint64_t last) {
        auto *job = static_cast<ReduceJob *>(ctx);
        for (uint64_t b = first; b < last; ++b)
            job->out[b] = T(job->reducer.range(job->data, b * job->block, (b + 1) * job->block));
    }
};

/// Reduces `n` elements in `n / block` blocks (block == n: the whole array).
template <typename T> void reduce_typed(const T *data, uint64_t n, uint64_t block, ReduceOp op, T *out) {
    Reducer<T> r{op};
    uint64_t blocks = n / block;
    if (blocks > 1) {
        ReduceJob<T> job{data, out, block, r};
        parallel_for(blocks, std::max<uint64_t>(1, 65536 / block), &ReduceJob<T>::run, &job);
        return;
    }
    // One result: reduce fixed-size chunks in parallel, then merge them in order.
    const uint64_t chunk = 1 << 16;
    uint64_t chunks = (n + chunk - 1) / chunk;
    std::unique_ptr<Acc<T>[]> partial(new Acc<T>[chunks]);
    struct Ctx {
        const T *data;
        uint64_t n, chunk;
        Reducer<T> r;
        Acc<T> *partial;
    } ctx{data, n, chunk, r, partial.get()};
    parallel_for(
        chunks, 1,
        [](void *p, uint64_t first, uint64_t last) {
            auto *c = static_cast<Ctx *>(p);
            for (uint64_t k = first; k < last; ++k)
                c->partial[k] = c->r.range(c->data, k * c->chunk, std::min(c->n, (k + 1) * c->chunk));
        },
        &ctx);
    Acc<T> acc = partial[0];
    for (uint64_t k = 1; k < chunks; ++k)
        acc = r.merge(acc, partial[k]);
    out[0] = T(acc);
}

template <typename F> void dispatch(VarType t, F &&f) {
    switch (t) {
    case VarType::Bool: f(bool{}); break;
    case VarType::Int32: f(int32_t{}); break;
    case VarType::UInt32: f(uint32_t{}); break;
    case VarType::Int64: f(int64_t{}); break;
    case VarType::UInt64: f(uint64_t{}); break;
    case VarType::Float32: f(float{}); break;
    case VarType::Float64: f(double{}); break;
    }
}

} // namespace

void reduce_blocks(VarType t, const void *data, uint64_t n, uint64_t block, ReduceOp op, void *out) {
    dispatch(t, [&](auto tag) {
        using T = decltype(tag);
        if (!block || !(n / block))
            return;
        T *res = static_cast<T *>(out);
        reduce_typed(static_cast<const T *>(data), n, block, op == ReduceOp::Mean ? ReduceOp::Sum : op, res);
        if constexpr (!std::is_same_v<T, bool>)
            if (op == ReduceOp::Mean) // sum / size in the array's type, as docs/semantics.md says
                for (uint64_t b = 0; b < n / block; ++b)
                    res[b] = T(res[b] / T(block));
    });
}

} // namespace tj::cpu
