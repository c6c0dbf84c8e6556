// runtime/jit/reduce.cpp — reductions (sum, prod, min, max, mean) over whole arrays and over blocks
//
// The input is evaluated first, then the device of its memory reduces it (backend/cpu_reduce.cpp,
// backend/cuda_device.cpp) into a new evaluated array.
#include "jit/var.h"

#include "backend/device.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <bit>

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

/// The bits of the value 1 in type `t` (the identity of a product).
uint64_t one_bits(VarType t) {
    if (t == VarType::Float32)
        return std::bit_cast<uint32_t>(1.f);
    if (t == VarType::Float64)
        return std::bit_cast<uint64_t>(1.0);
    return 1;
}

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
            return detail::var_literal(t, op == ReduceOp::Prod ? one_bits(t) : 0, 1);
        }
    }
    uint64_t out_size = n / block;
    uint32_t src = detail::var_make_opaque(a); // evaluated, one reference
    const Backend at = jit::where(s.vars[src]);
    void *out;
    try {
        backends::Device &dev = backends::active_device(at);
        const void *in = s.vars[src].data;
        out =
            backends::new_buffer(dev, t, out_size, [&](void *o) { dev.reduce(op, t, in, n, is_block ? block : 0, o); });
    } catch (...) {
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
