// runtime/jit/reduce.cpp — reductions (sum, prod, min, max, mean, and, or) over whole arrays and over blocks
//
// The input is evaluated first, then the device of its memory reduces it (backend/cpu/cpu_reduce.cpp,
// backend/cuda/cuda_device.cpp) into a new evaluated array.
#include "jit/reduce.h"

#include "jit/var.h"

#include "backend/device.h"
#include "kernel/reduce_algebra.h"

#include <tracejit/error.h>

#include <fmt/format.h>


namespace tj {
namespace {

using detail::ReduceOp;

const char *reduce_api(ReduceOp op) {
    switch (op) {
    case ReduceOp::Sum: return "tj::sum()";
    case ReduceOp::Prod: return "tj::prod()";
    case ReduceOp::Min: return "tj::hmin()";
    case ReduceOp::Mean: return "tj::mean()";
    case ReduceOp::And: return "tj::all()";
    case ReduceOp::Or: return "tj::any()";
    case ReduceOp::Max: break;
    }
    return "tj::hmax()";
}

uint32_t reduce(const char *api, uint32_t a, ReduceOp op, uint64_t block, bool is_block) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::Variable &v = jit::var(s, a, api);
    VarType t = v.type;
    uint64_t n = v.size;
    jit::check_reduce_type(api, op, t);
    uint64_t out_size = 1;
    if (is_block) {
        if (block == 0)
            throw Error(fmt::format("{}: block_size must be at least 1", api));
        // A shorter last block is reduced too. No blocks: an array of size 0 (not the uninitialised array, which
        // every later operation refuses), made as the device makes one on a replay.
        out_size = n / block + (n % block != 0);
    } else {
        block = n;
        if (n == 0) {
            if (op == ReduceOp::Min || op == ReduceOp::Max || op == ReduceOp::Mean)
                throw Error(fmt::format("{}: the array is empty", api));
            return detail::var_literal(t, jit::reduce_identity_bits(t, op), 1);
        }
    }
    return jit::run_on_device(s, a, t, out_size, [&](backends::Device &dev, const void *in, void *out) {
        dev.reduce(op, t, in, n, is_block ? block : 0, out);
    });
}

} // namespace

namespace jit {

using detail::ReduceOp;

uint64_t reduce_identity_bits(VarType t, ReduceOp op) { return reduce_algebra::identity_bits(op, t); }

void check_reduce_type(const char *api, ReduceOp op, VarType t) {
    if (reduce_algebra::defined(op, t))
        return;
    if (t == VarType::Bool)
        throw Error(fmt::format("{}: is not defined for Bool arrays (cast to an integer type first)", api));
    throw Error(fmt::format("{}: And and Or are defined for Bool and integer arrays, not for {}", api,
                            detail::type_name(t)));
}

void check_nonempty_reduce(ReduceOp op) {
    if (op == ReduceOp::Min || op == ReduceOp::Max || op == ReduceOp::Mean)
        throw Error(fmt::format("{}: the array is empty", reduce_api(op)));
}

uint32_t run_on_device(State &s, uint32_t a, VarType t, uint64_t out_size, const DeviceWork &work) {
    const uint64_t n = s.vars[a].size;
    uint32_t src = detail::var_make_opaque(a); // evaluated, one reference
    const Backend at = where(s.vars[src]);
    void *out;
    try {
        backends::Device &dev = backends::active_device(at);
        const void *in = s.vars[src].data;
        out = backends::new_buffer(dev, t, out_size, [&](void *o) { work(dev, in, o); });
    } catch (...) {
        dec_ref(s, src);
        throw;
    }
    const bool follows_count = s.vars[src].follows_count && out_size == n;
    dec_ref(s, src);
    uint32_t id = new_leaf(s, detail::Op::Data, t, out_size, 0, out, at);
    s.vars[id].follows_count = follows_count;
    return id;
}

} // namespace jit

namespace detail {
uint32_t var_reduce(uint32_t a, ReduceOp op, const char *api) { return reduce(api ? api : reduce_api(op), a, op, 0, false); }
uint32_t var_block_reduce(uint32_t a, ReduceOp op, size_t block_size, const char *api) {
    return reduce(api ? api : "tj::block_sum()", a, op, block_size, true);
}
} // namespace detail

} // namespace tj
