// runtime/jit/memory_ops.cpp — arrays in memory: host data, opaque copies, gathers, scatters, reads to the host
//
// Every buffer is made, filled and read through the device of its memory (backend/device.h); while a frozen
// function records, that device records the call.
#include "jit/var.h"

#include "backend/device.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace tj::jit {

uint32_t copy_data(State &s, uint32_t id) {
    const Variable v = s.vars[id];
    const Backend at = where(v);
    backends::Device &dev = backends::active_device(at);
    void *buf = backends::new_buffer(dev, v.type, v.size, [&](void *b) { dev.copy(b, v.data, v.type, v.size); });
    uint32_t copy = new_leaf(s, Op::Data, v.type, v.size, 0, buf, at);
    s.vars[copy].follows_count = v.follows_count;
    return copy;
}

} // namespace tj::jit

namespace tj::detail {
using namespace jit;

/// The references lent on this thread (var_lend): one entry per lent reference.
static std::vector<uint32_t> &lent_refs() {
    static thread_local std::vector<uint32_t> lent;
    return lent;
}

void var_lend(uint32_t id, bool lend) noexcept {
    std::vector<uint32_t> &lent = lent_refs();
    if (lend) {
        lent.push_back(id);
        return;
    }
    auto at = std::find(lent.begin(), lent.end(), id);
    if (at != lent.end())
        lent.erase(at);
}

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

/// A gather of element index + `k` from literal `source` reads no memory: the literal where the mask is set and the
/// element exists, else 0 (`size` elements); a literal 0 where the literal is 0. (Filling a buffer with the literal
/// per gather cost a texture made without texels 2^D × channels fills of its whole size per lookup, and its
/// corners' channels, each in a buffer of its own, were not read together.)
static uint32_t gather_literal(State &s, const char *api, uint32_t source, uint32_t index, uint32_t mask,
                               uint64_t k, uint64_t size) {
    const Variable src = s.vars[source];
    const bool sgn = s.vars[index].type == VarType::Int32 || s.vars[index].type == VarType::Int64;
    if (src.literal == 0 || (!sgn && k >= src.size)) // (a negative index reaches any k)
        return new_leaf(s, Op::Literal, src.type, size, 0, nullptr);
    struct Temps { // references released on the way out
        State &s;
        std::vector<uint32_t> ids;
        uint32_t operator()(uint32_t id) { return ids.push_back(id), id; }
        ~Temps() {
            for (uint32_t id : ids)
                dec_ref(s, id);
        }
    } keep{s, {}};
    uint32_t wide = keep(var_cast(index, sgn ? VarType::Int64 : VarType::UInt64)); // index + k in 64 bits
    uint32_t valid = keep(var_op_scalar(api, Op::Lt, wide, src.size - k, false)); // signed: may be negative
    if (sgn) {
        uint32_t above = keep(var_op_scalar(api, Op::Ge, wide, uint64_t(-int64_t(k)), false));
        valid = keep(var_op(api, Op::And, valid, above));
    }
    valid = keep(var_op(api, Op::And, valid, mask));
    uint32_t value = keep(new_leaf(s, Op::Literal, src.type, 1, src.literal, nullptr));
    uint32_t zero = keep(new_leaf(s, Op::Literal, src.type, 1, 0, nullptr));
    return var_op(api, Op::Select, valid, value, zero);
}

/// A Gather variable; `literal` is 0 (a plain gather) or count << 32 | channel (a packed gather's channel).
static uint32_t new_gather(const char *api, uint32_t source, uint32_t index, uint32_t mask, uint64_t literal) {
    State &s = state();
    Lock lock(s.mutex);
    var(s, source, api);
    var(s, index, api);
    var(s, mask, api);
    check_index_type(api, s.vars[index].type);
    if (s.vars[mask].type != VarType::Bool)
        throw Error(fmt::format("{}: the mask must be a Bool array", api));
    uint64_t sizes[2] = {s.vars[index].size, s.vars[mask].size};
    uint64_t size;
    try {
        size = broadcast_size(api, sizes, 2);
    } catch (const Error &) {
        throw Error(fmt::format("{}: index has {} entries but mask has {}", api, sizes[0], sizes[1]));
    }
    if (s.vars[index].dirty || s.vars[mask].dirty)
        flush_side_effects(s);
    for (uint32_t o : {index, mask}) {
        check_unwritten(s, o, api);
        loop_note_direct(s, o);
    }
    if (s.vars[source].op == Op::Literal) // a read that a later scatter in a loop body would not be ordered with
        loop_note_direct(s, source);
    if (s.vars[source].op == Op::Literal && !backends::thread_override()) // (a recording knows buffers by fills)
        return gather_literal(s, api, source, index, mask, uint32_t(literal), size);
    uint32_t src = to_data(s, source, api);
    Variable v;
    v.op = Op::Gather;
    v.type = s.vars[src].type;
    v.size = size;
    v.dep[0] = index;
    v.dep[1] = mask;
    v.dep[2] = src;
    v.literal = literal;
    // Inside a loop the gather reads where it was traced among the body's scatters (jit/loop.h): never one merged
    // with a gather traced elsewhere (before a write, or outside the loop).
    const uint32_t loop = tracing_loop();
    uint32_t id = new_var(s, v, loop == UINT32_MAX);
    dec_ref(s, src);
    if (loop != UINT32_MAX)
        loop_add_read(s, loop, id);
    return id;
}

uint32_t var_gather(uint32_t source, uint32_t index, uint32_t mask) {
    return new_gather("tj::gather()", source, index, mask, 0);
}

uint32_t var_gather_packed(uint32_t source, uint32_t index, uint32_t mask, uint32_t count, uint32_t channel) {
    const char *api = "tj::detail::gather_packed()";
    if (count == 0 || channel >= count)
        throw Error(fmt::format("{}: channel {} of a packet of {}", api, channel, count));
    return new_gather(api, source, index, mask, uint64_t(count) << 32 | channel);
}

/// The name of a scatter reduction's operator, for messages.
static const char *reduce_name(ReduceOp op) {
    switch (op) {
    case ReduceOp::Sum: return "Add";
    case ReduceOp::Prod: return "Mul";
    case ReduceOp::Min: return "Min";
    case ReduceOp::Max: return "Max";
    case ReduceOp::And: return "And";
    case ReduceOp::Or: return "Or";
    case ReduceOp::Mean: break;
    }
    return "Mean";
}

/// Checks the operands of a scatter of `value` (0: none, scatter_inc) into `target` and returns the number of
/// elements written (index, mask and value broadcast).
static uint64_t scatter_size(State &s, const char *api, uint32_t target, uint32_t value, uint32_t index,
                             uint32_t mask) {
    var(s, target, api);
    if (value) {
        var(s, value, api);
        if (s.vars[value].type != s.vars[target].type)
            throw Error(fmt::format("{}: value type {} differs from target type {}", api, type_name(s.vars[value].type),
                                    type_name(s.vars[target].type)));
    }
    var(s, index, api);
    var(s, mask, api);
    check_index_type(api, s.vars[index].type);
    if (s.vars[mask].type != VarType::Bool)
        throw Error(fmt::format("{}: the mask must be a Bool array", api));
    uint64_t sizes[3] = {s.vars[index].size, s.vars[mask].size, value ? s.vars[value].size : 1};
    try {
        return broadcast_size(api, sizes, 3);
    } catch (const Error &) {
        if (!value)
            throw Error(fmt::format("{}: index has {} entries and mask has {}", api, sizes[0], sizes[1]));
        throw Error(
            fmt::format("{}: value has {} entries, index has {} and mask has {}", api, sizes[2], sizes[0], sizes[1]));
    }
}

/// The target of a scatter as a clean Data variable that no one else shares (copied if needed); one new
/// reference. `operands` are the scatter's other operands (one that is the target itself counts as sharing).
///
/// Inside a symbolic loop's body the references that the body's own scatters and gathers hold do not count: they
/// run in the kernel in the order they were traced, on the buffer itself (jit/loop.h). An array shared with
/// something outside the body is copied here, before the loop runs, unless the body already read or wrote it: then
/// its earlier gathers and scatters would use another buffer than the later ones, and that is a tj::Error.
static uint32_t scatter_target(State &s, const char *api, uint32_t target, std::initializer_list<uint32_t> operands) {
    bool operand_dirty = false;
    for (uint32_t o : operands)
        operand_dirty |= o && s.vars[o].dirty;
    if (s.vars[target].dirty || operand_dirty)
        flush_side_effects(s);
    for (uint32_t o : operands)
        if (o) {
            check_unwritten(s, o, api);
            loop_note_direct(s, o);
        }
    const bool in_loop = tracing_loop() != UINT32_MAX;
    if (in_loop && s.vars[target].op == Op::LoopPhi)
        throw Error(fmt::format("{}: the target is a state variable of the symbolic loop (or tj::dispatch argument) "
                                "being traced; scatter into an array from outside the loop instead (the body's "
                                "scatters into it are ordered per lane)",
                                api));
    // Copy on write: afterwards the target's buffer belongs to this array alone.
    uint32_t dst = to_data(s, target, api); // one new reference
    LoopUse use;
    if (in_loop) {
        use = loop_use(s, dst);
        use.direct |= dst != target && loop_use(s, target).direct; // (a literal target read before)
    }
    // An operand that is the target itself must read the old contents: that counts as sharing too.
    // (A reference that tj::if_stmt lent, var_lend: the true branch's to the false branch, or the one that follows the
    // state array's memory, control.h BranchMemory, does not count either.)
    uint64_t lent = uint64_t(std::count(lent_refs().begin(), lent_refs().end(), dst));
    bool shared = uint64_t(s.vars[dst].ref) - use.refs - lent > (dst == target ? 2u : 1u);
    for (uint32_t o : operands)
        shared |= o == target;
    shared |= s.vars[dst].foreign; // foreign memory (tj::map, from_dlpack) is only read: its owner may share it
    // The body read the target element-wise before this scatter. When another array holds its variable too (t = m,
    // the body read m: three holders with the target and the reference to_data took), the scatter copies it, and the
    // body's reads see the values from before the loop, as element-wise reads of arrays from outside the body always
    // do. Else (only the target holds it, or it was a literal) they read the buffer this scatter writes: an error.
    if (use.direct && dst == target && outside_holders(s, dst) - lent > 2)
        use.direct = false, shared = true;
    if (use.direct) {
        dec_ref(s, dst);
        throw Error(fmt::format(
            "{}: inside a symbolic loop (or tj::dispatch case), the body read the target element-wise (or gathered from "
            "it while it was a literal such as tj::zeros) before this scatter, and such reads are not ordered with "
            "the body's scatters: read it with tj::gather, from an array in memory (tj::make_opaque before the loop)",
            api));
    }
    if (shared && (use.read || use.written)) {
        dec_ref(s, dst);
        throw Error(fmt::format(
            "{}: inside a symbolic loop (or tj::dispatch case), the target shares its memory with another array (a copy "
            "`b = a`, a pending computation that reads it, the value scattered, or memory the runtime does not own) "
            "and the body {} it before: copy on write would give the body's earlier gathers and scatters another "
            "buffer than this one. Make the array independent before the loop (evaluate what reads it, or scatter "
            "into it once outside the loop)",
            api, use.written ? "wrote" : "read"));
    }
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
    return dst;
}

/// A pending scatter (Scatter, ScatterAdd or ScatterReduce with `rop`) into `target`; returns the new target id.
static uint32_t scatter(const char *api, Op op, ReduceOp rop, uint32_t target, uint32_t value, uint32_t index,
                        uint32_t mask) {
    State &s = state();
    Lock lock(s.mutex);
    uint64_t size = scatter_size(s, api, target, value, index, mask);
    const VarType t = s.vars[target].type;
    if (op != Op::Scatter && t == VarType::Bool && rop != ReduceOp::And && rop != ReduceOp::Or &&
        rop != ReduceOp::Min && rop != ReduceOp::Max)
        throw Error(fmt::format("{}: {} is not defined for Bool arrays (And, Or, Min and Max are)", api,
                                reduce_name(rop)));
    if (op == Op::ScatterReduce && (t == VarType::Float32 || t == VarType::Float64) &&
        (rop == ReduceOp::And || rop == ReduceOp::Or))
        throw Error(fmt::format("{}: {} is defined for Bool and integer arrays, not for {}", api, reduce_name(rop),
                                type_name(t)));
    uint32_t dst = scatter_target(s, api, target, {value, index, mask});
    Variable &mv = s.vars[mask];
    if (mv.op == Op::Literal && mv.literal == 0)
        return dst; // nothing is written
    Variable v;
    v.op = op;
    v.type = s.vars[dst].type;
    v.size = size;
    v.literal = op == Op::ScatterReduce ? uint64_t(rop) : 0;
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

uint32_t var_scatter(uint32_t target, uint32_t value, uint32_t index, uint32_t mask, bool add) {
    if (add)
        return scatter("tj::scatter_add()", Op::ScatterAdd, ReduceOp::Sum, target, value, index, mask);
    return scatter("tj::scatter()", Op::Scatter, ReduceOp::Sum, target, value, index, mask);
}

uint32_t var_scatter_reduce(const char *api, ReduceOp op, uint32_t target, uint32_t value, uint32_t index,
                            uint32_t mask) {
    TJ_ASSERT(op != ReduceOp::Mean, "a scatter reduction with Mean");
    if (op == ReduceOp::Sum) // the atomic add every backend has (and what scatter_add traces)
        return scatter(api, Op::ScatterAdd, op, target, value, index, mask);
    return scatter(api, Op::ScatterReduce, op, target, value, index, mask);
}

uint32_t var_scatter_inc(uint32_t target, uint32_t index, uint32_t mask, uint32_t *new_target) {
    const char *api = "tj::scatter_inc()";
    State &s = state();
    Lock lock(s.mutex);
    uint64_t size = scatter_size(s, api, target, 0, index, mask);
    if (s.vars[target].type != VarType::UInt32)
        throw Error(fmt::format("{}: the target must be a UInt32 array, not {}", api, type_name(s.vars[target].type)));
    if (tracing_loop() != UINT32_MAX)
        throw Error(fmt::format("{}: cannot be used inside a symbolic loop or a tj::dispatch case (its old values are "
                                "evaluated at once, and the body's values cannot be)",
                                api));
    uint32_t dst = scatter_target(s, api, target, {index, mask});
    // The old values are computed at once: the kernel must run exactly once, before the target is read again.
    Variable v;
    v.op = Op::ScatterInc;
    v.type = VarType::UInt32;
    v.size = size;
    v.dep[0] = index;
    v.dep[1] = mask;
    v.dep[2] = dst;
    uint32_t old = new_var(s, v, false);
    try {
        eval_locked(s, &old, 1);
    } catch (...) {
        dec_ref(s, old);
        dec_ref(s, dst);
        throw;
    }
    *new_target = dst;
    return old;
}

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
    check_unwritten(s, id, api);
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
    const char *element = static_cast<const char *>(e.data) + i * es;
    if (e.on_device)
        backends::active_device(Backend::CUDA).copy_to_host(dst, element, e.type, 1);
    else // host memory, and CPU launches have finished when they return: one element is read in place
        std::memcpy(dst, element, es);
}

void var_copy_to_host(uint32_t id, void *dst) {
    check_host_read();
    State &s = state();
    Lock lock(s.mutex);
    Variable &v = var(s, id, "tj::to_vector()");
    check_unwritten(s, id, "tj::to_vector()");
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
