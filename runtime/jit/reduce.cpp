// runtime/jit/reduce.cpp — reductions (sum, prod, min, max) over whole arrays and over blocks
//
// The input is evaluated first; partial results per block of elements run on the
// thread pool and are combined in a fixed order, so results do not depend on the
// thread count. Floats accumulate in double precision.
#include "jit/var.h"

#include "backend/cpu_thread_pool.h"
#include "freeze/recorder.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

namespace tj {
namespace {

using detail::ReduceOp;

const char *reduce_api(ReduceOp op, bool block) {
    if (block)
        return "tj::block_sum()";
    switch (op) {
    case ReduceOp::Sum: return "tj::sum()";
    case ReduceOp::Prod: return "tj::prod()";
    case ReduceOp::Min: return "tj::hmin()";
    case ReduceOp::Mean: return "tj::mean()";
    default: return "tj::hmax()";
    }
}

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
    T *out;                  ///< one result per block
    uint64_t block;          ///< elements per block
    Reducer<T> reducer;
    static void run(void *ctx, uint64_t first, uint64_t last) {
        auto *job = static_cast<ReduceJob *>(ctx);
        for (uint64_t b = first; b < last; ++b)
            job->out[b] = T(job->reducer.range(job->data, b * job->block, (b + 1) * job->block));
    }
};

/// Reduces `n` elements in `n / block` blocks (block == n: the whole array).
template <typename T> void reduce_blocks(const T *data, uint64_t n, uint64_t block, ReduceOp op, T *out) {
    Reducer<T> r{op};
    uint64_t blocks = n / block;
    if (blocks > 1) {
        ReduceJob<T> job{data, out, block, r};
        cpu::parallel_for(blocks, std::max<uint64_t>(1, 65536 / block), &ReduceJob<T>::run, &job);
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
    cpu::parallel_for(
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

void jit::reduce_buffer(VarType t, const void *data, uint64_t n, uint64_t block, ReduceOp op, void *out) {
    dispatch(t, [&](auto tag) {
        using T = decltype(tag);
        if (!block || !(n / block))
            return;
        T *res = static_cast<T *>(out);
        reduce_blocks(static_cast<const T *>(data), n, block, op == ReduceOp::Mean ? ReduceOp::Sum : op, res);
        if constexpr (!std::is_same_v<T, bool>)
            if (op == ReduceOp::Mean) // sum / size in the array's type, as docs/semantics.md says
                for (uint64_t b = 0; b < n / block; ++b)
                    res[b] = T(res[b] / T(block));
    });
}

namespace {

uint32_t reduce(uint32_t a, ReduceOp op, uint64_t block, bool is_block) {
    const char *api = reduce_api(op, is_block);
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::Variable &v = jit::var(s, a, api);
    VarType t = v.type;
    uint64_t n = v.size;
    if (t == VarType::Bool && (op == ReduceOp::Sum || op == ReduceOp::Prod || op == ReduceOp::Mean))
        throw Error(fmt::format("{}: is not defined for Bool arrays (cast to an integer type first)", api));
    if (is_block) {
        if (block == 0)
            throw Error("tj::block_sum(): block_size must be at least 1");
        if (n % block != 0)
            throw Error(fmt::format("tj::block_sum(): size {} is not a multiple of block_size {}", n, block));
    } else {
        block = n;
        if (n == 0) {
            if (op == ReduceOp::Min || op == ReduceOp::Max || op == ReduceOp::Mean)
                throw Error(fmt::format("{}: the array is empty", api));
            uint64_t bits = 0;
            dispatch(t, [&](auto tag) {
                using T = decltype(tag);
                T one = T(op == ReduceOp::Prod ? 1 : 0);
                std::memcpy(&bits, &one, sizeof(T));
            });
            return detail::var_literal(t, bits, 1);
        }
    }
    uint64_t out_size = n / block;
    uint32_t src = detail::var_make_opaque(a); // evaluated, one reference
    const Backend at = jit::where(s.vars[src]);
    void *out = nullptr;
    try {
        out = jit::alloc_buffer(t, out_size, at);
        const void *data = s.vars[src].data;
        if (freezing::Recorder *rec = freezing::active()) [[unlikely]] {
            rec->check_backend(at, "an array is reduced");
            rec->reduce(op, is_block ? block : 0, data, out, t, out_size);
        }
        if (at == Backend::CUDA)
            jit::reduce_on_device(t, data, n, block, op, out);
        else
            jit::reduce_buffer(t, data, n, block, op, out);
    } catch (...) {
        jit::free_buffer(out, t, out_size, at);
        jit::dec_ref(s, src);
        throw;
    }
    jit::dec_ref(s, src);
    return jit::new_leaf(s, detail::Op::Data, t, out_size, 0, out, at);
}

} // namespace

namespace detail {
uint32_t var_reduce(uint32_t a, ReduceOp op) { return reduce(a, op, 0, false); }
uint32_t var_block_reduce(uint32_t a, ReduceOp op, size_t block_size) { return reduce(a, op, block_size, true); }
} // namespace detail

} // namespace tj
