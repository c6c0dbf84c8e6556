// runtime/jit/memory_ops.cpp — arrays in memory: host data, opaque copies, gathers, scatters, reads to the host
//
// Every buffer is made, filled and read through the device of its memory (backend/device.h); while a frozen
// function records, that device records the call.
#include "jit/var.h"

#include "backend/device.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstring>

namespace tj::detail {
using namespace jit;

/// A new buffer of `dev` holding a copy of `n` elements of `t` from host memory at `src`.
static void *upload(backends::Device &dev, VarType t, const void *src, uint64_t n) {
    return backends::new_buffer(dev, t, n, [&](void *buf) { dev.copy_from_host(buf, src, t, n); });
}

uint32_t var_data(VarType t, const void *src, size_t size) {
    State &s = state();
    Backend at;
    {
        Lock lock(s.mutex);
        check_backend(s);
        at = s.backend;
    }
    backends::Device &dev = backends::active_device(at);
    void *buf = dev.uploads_without_lock() ? upload(dev, t, src, size) : nullptr; // host memory: outside the lock
    Lock lock(s.mutex);
    if (!buf)
        buf = upload(dev, t, src, size); // device memory: under the lock, as every device call is
    return new_leaf(s, Op::Data, t, size, 0, buf, at);
}

/// A new Data variable with a copy of Data variable `id`'s buffer, in the same memory.
static uint32_t copy_data(State &s, uint32_t id) {
    const Variable v = s.vars[id];
    const Backend at = where(v);
    backends::Device &dev = backends::active_device(at);
    void *buf = backends::new_buffer(dev, v.type, v.size, [&](void *b) { dev.copy(b, v.data, v.type, v.size); });
    return new_leaf(s, Op::Data, v.type, v.size, 0, buf, at);
}

/// Brings a variable into memory and returns a new reference to a clean Data variable.
static uint32_t to_data(State &s, uint32_t id, const char *api) {
    Variable &v = var(s, id, api);
    if (v.dirty)
        flush_side_effects(s);
    if (s.vars[id].op == Op::Literal) {
        Variable lit = s.vars[id];
        check_backend(s);
        Backend at = s.backend;
        backends::Device &dev = backends::active_device(at);
        void *buf = backends::new_buffer(dev, lit.type, lit.size,
                                         [&](void *b) { dev.fill(b, lit.type, lit.size, lit.literal); });
        return new_leaf(s, Op::Data, lit.type, lit.size, 0, buf, at);
    }
    if (s.vars[id].op != Op::Data)
        eval_locked(s, &id, 1);
    inc_ref(s, id);
    return id;
}

uint32_t var_make_opaque(uint32_t a) {
    State &s = state();
    Lock lock(s.mutex);
    return to_data(s, a, "tj::make_opaque()");
}

static void check_index_type(const char *api, VarType t) {
    if (!is_int(t))
        throw Error(fmt::format("{}: the index must be an integer array ({} given)", api, type_name(t)));
}

uint32_t var_gather(uint32_t source, uint32_t index, uint32_t mask) {
    const char *api = "tj::gather()";
    State &s = state();
    Lock lock(s.mutex);
    var(s, source, api);
    var(s, index, api);
    var(s, mask, api);
    check_index_type(api, s.vars[index].type);
    if (s.vars[mask].type != VarType::Bool)
        throw Error("tj::gather(): the mask must be a Bool array");
    uint64_t sizes[2] = {s.vars[index].size, s.vars[mask].size};
    uint64_t size;
    try {
        size = broadcast_size(api, sizes, 2);
    } catch (const Error &) {
        throw Error(fmt::format("tj::gather(): index has {} entries but mask has {}", sizes[0], sizes[1]));
    }
    if (s.vars[index].dirty || s.vars[mask].dirty)
        flush_side_effects(s);
    uint32_t src = to_data(s, source, api);
    Variable v;
    v.op = Op::Gather;
    v.type = s.vars[src].type;
    v.size = size;
    v.dep[0] = index;
    v.dep[1] = mask;
    v.dep[2] = src;
    uint32_t id = new_var(s, v, true);
    dec_ref(s, src);
    return id;
}

uint32_t var_scatter(uint32_t target, uint32_t value, uint32_t index, uint32_t mask, bool add) {
    const char *api = add ? "tj::scatter_add()" : "tj::scatter()";
    State &s = state();
    Lock lock(s.mutex);
    var(s, target, api);
    var(s, value, api);
    var(s, index, api);
    var(s, mask, api);
    if (s.vars[value].type != s.vars[target].type)
        throw Error(fmt::format("{}: value type {} differs from target type {}", api, type_name(s.vars[value].type),
                                type_name(s.vars[target].type)));
    if (add && s.vars[target].type == VarType::Bool)
        throw Error(fmt::format("{}: is not defined for Bool arrays", api));
    check_index_type(api, s.vars[index].type);
    if (s.vars[mask].type != VarType::Bool)
        throw Error(fmt::format("{}: the mask must be a Bool array", api));
    uint64_t sizes[3] = {s.vars[value].size, s.vars[index].size, s.vars[mask].size};
    uint64_t size;
    try {
        size = broadcast_size(api, sizes, 3);
    } catch (const Error &) {
        throw Error(
            fmt::format("{}: value has {} entries, index has {} and mask has {}", api, sizes[0], sizes[1], sizes[2]));
    }
    if (s.vars[target].dirty || s.vars[value].dirty || s.vars[index].dirty || s.vars[mask].dirty)
        flush_side_effects(s);
    // Copy on write: afterwards the target's buffer belongs to this array alone.
    uint32_t dst = to_data(s, target, api); // one new reference
    // An operand that is the target itself must read the old contents: that counts as sharing too.
    bool shared = dst == target ? s.vars[dst].ref > 2 : s.vars[dst].ref > 1;
    shared |= value == target || index == target || mask == target;
    shared |= s.vars[dst].foreign; // foreign memory (tj::map, from_dlpack) is only read: its owner may share it
    if (shared) {
        uint32_t copy;
        try {
            copy = copy_data(s, dst);
        } catch (...) {
            dec_ref(s, dst);
            throw;
        }
        dec_ref(s, dst);
        dst = copy;
    }
    Variable &mv = s.vars[mask];
    if (mv.op == Op::Literal && mv.literal == 0)
        return dst; // nothing is written
    Variable v;
    v.op = add ? Op::ScatterAdd : Op::Scatter;
    v.type = s.vars[dst].type;
    v.size = size;
    v.dep[0] = value;
    v.dep[1] = index;
    v.dep[2] = mask;
    v.dep[3] = dst;
    uint32_t se = new_var(s, v, false);
    if (uint32_t loop = tracing_loop(); loop != UINT32_MAX) { // runs inside the loop's kernel
        loop_add_effect(s, loop, se);
    } else {
        s.side_effects.push_back(se);
        s.side_effect_owner.push_back(backends::thread_override());
    }
    s.vars[dst].dirty = true;
    return dst;
}

/// Pointer to the element `i` of an evaluated variable (literals: `bits`).
/// Lets this thread's device override refuse a read on the host before anything is evaluated for it.
static void check_host_read() {
    if (backends::DeviceOverride *o = backends::thread_override()) [[unlikely]]
        o->before_host_read();
}

void var_read(uint32_t id, size_t i, void *dst) {
    check_host_read();
    State &s = state();
    Lock lock(s.mutex);
    const char *api = "tj::Array::read()";
    Variable &v = var(s, id, api);
    if (i >= v.size)
        throw Error(fmt::format("{}: index {} is past the end of an array of size {}", api, i, v.size));
    size_t es = type_size(v.type);
    if (v.op == Op::Literal) {
        std::memcpy(dst, &v.literal, es);
        return;
    }
    if (v.op != Op::Data || v.dirty)
        eval_locked(s, &id, 1);
    const Variable &e = s.vars[id];
    backends::active_device(where(e)).copy_to_host(dst, static_cast<const char *>(e.data) + i * es, e.type, 1);
}

void var_copy_to_host(uint32_t id, void *dst) {
    check_host_read();
    State &s = state();
    Lock lock(s.mutex);
    Variable &v = var(s, id, "tj::to_vector()");
    size_t es = type_size(v.type);
    if (v.op == Op::Literal) {
        for (uint64_t i = 0; i < v.size; ++i)
            std::memcpy(static_cast<char *>(dst) + i * es, &v.literal, es);
        return;
    }
    if (v.op != Op::Data || v.dirty)
        eval_locked(s, &id, 1);
    const Variable &e = s.vars[id];
    backends::active_device(where(e)).copy_to_host(dst, e.data, e.type, e.size);
}

} // namespace tj::detail
