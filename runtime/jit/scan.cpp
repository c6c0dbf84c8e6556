// runtime/jit/scan.cpp — prefix reductions (prefix_sum, block_prefix_reduce) and stream compaction (compress)
//
// As the reductions (reduce.cpp): the input is evaluated, then the device of its memory does the work
// (backend/cpu/cpu_scan.cpp, backend/cuda/cuda_scan.cpp) into a new evaluated array. compress learns its result's size
// only when the device has run: the device writes the indices into a buffer as large as the mask and returns the
// count. When the count is at least a quarter of the mask, the result owns that buffer (an oversized variable,
// freed with its capacity, unless all entries are true); else, and always while a frozen function records, the
// leading `count` indices are copied into an exact buffer (a frozen function records that copy as a size that
// follows the count, runtime/freeze/recording_device.cpp).
#include "jit/reduce.h"
#include "jit/var.h"

#include "backend/device.h"

#include <tracejit/error.h>

#include <fmt/format.h>

namespace tj::detail {

/// The smallest count for which a compress result of a mask of `n` entries keeps the buffer of n indices that the
/// device wrote (up to 4x the memory it needs) rather than a copy of its leading `count`.
static uint64_t keep_capacity_from(uint64_t n) { return n / 4 + (n % 4 != 0); }

uint32_t var_block_prefix_reduce(uint32_t a, ReduceOp op, size_t block_size, bool exclusive, bool reverse,
                                 const char *api) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::Variable &v = jit::var(s, a, api);
    VarType t = v.type;
    uint64_t n = v.size;
    jit::check_reduce_type(api, op, t);
    if (block_size == 0)
        throw Error(fmt::format("{}: block_size must be at least 1", api));
    if (op == ReduceOp::Mean)
        throw Error(fmt::format("{}: Mean is not a prefix reduction (divide a prefix sum instead)", api));
    return jit::run_on_device(s, a, t, n, [&](backends::Device &dev, const void *in, void *out) {
        dev.prefix_reduce(op, t, in, n, block_size, exclusive, reverse, out);
    });
}

uint32_t var_compress(uint32_t mask) {
    const char *api = "tj::compress()";
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::Variable &v = jit::var(s, mask, api);
    if (v.type != VarType::Bool)
        throw Error(fmt::format("{}: the mask must be a Bool array, not {}", api, type_name(v.type)));
    uint64_t n = v.size;
    if (n > uint64_t(UINT32_MAX))
        throw Error(fmt::format("{}: the mask has {} entries, more than UInt32 indices can address", api, n));
    uint32_t src = var_make_opaque(mask);
    const Backend at = jit::where(s.vars[src]);
    void *all = nullptr, *out = nullptr;
    uint64_t count = 0;
    backends::Device &owner = backends::device(at); // buffers are freed through the backend's own device
    uint32_t result = 0;
    try {
        backends::Device &dev = backends::active_device(at);
        all = dev.alloc(VarType::UInt32, n);
        count = dev.compress(s.vars[src].data, n, all);
        TJ_ASSERT(count <= n, "a device's compress counted more entries than the mask has");
        // The result keeps the mask-sized buffer when at most 3/4 of it goes unused (no copy: at 50 % the copy took
        // more than half as long as the compaction), but never while a frozen function records (&dev is then its
        // recording device, which knows each buffer by one size: the copy is recorded, with a size that follows
        // the count).
        if (&dev == &owner && count == n) {
            result = jit::new_leaf(s, Op::Data, VarType::UInt32, count, 0, all, at);
            all = nullptr; // the result owns it: its own size
        } else if (&dev == &owner && count >= keep_capacity_from(n)) {
            result = jit::new_oversized_data(s, VarType::UInt32, count, n, all, at);
            all = nullptr; // the result owns it
        } else {
            out = backends::new_buffer(dev, VarType::UInt32, count,
                                       [&](void *o) { dev.copy(o, all, VarType::UInt32, count); });
        }
    } catch (...) {
        owner.free(all, VarType::UInt32, n);
        jit::dec_ref(s, src);
        throw;
    }
    if (!result) {
        owner.free(all, VarType::UInt32, n);
        all = nullptr;
        try {
            result = jit::new_leaf(s, Op::Data, VarType::UInt32, count, 0, out, at);
        } catch (...) {
            owner.free(out, VarType::UInt32, count);
            jit::dec_ref(s, src);
            throw;
        }
    }
    jit::dec_ref(s, src);
    s.vars[result].follows_count = true; // (kernels over it group apart: see Variable::follows_count)
    return result;
}

} // namespace tj::detail
