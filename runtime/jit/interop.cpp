// runtime/jit/interop.cpp — uninitialised arrays, pointers to arrays' buffers, and arrays over foreign memory
//
// A foreign variable (tj::map, tj::from_dlpack) is a Data variable marked `foreign`: dec_ref (var.cpp) does not
// give its buffer to the allocator but queues its release function, which runs once this thread leaves the
// runtime's lock; var_scatter (memory_ops.cpp) copies it before writing, so foreign memory is only ever read.
#include "jit/var.h"

#include "backend/device.h"

#include <tracejit/error.h>
#include <tracejit/detail/interop_core.h>

#include <fmt/format.h>

namespace tj::detail {
using namespace jit;

/// Lets this thread's device override (a frozen function's recording) refuse `api` before anything happens.
static void check_pointer_access(const char *api) {
    if (backends::DeviceOverride *o = backends::thread_override()) [[unlikely]]
        o->before_pointer_access(api);
}

uint32_t var_empty(VarType t, size_t size) {
    State &s = state();
    Lock lock(s.mutex);
    check_backend(s);
    const Backend at = s.backend;
    backends::Device &dev = backends::active_device(at);
    void *buf;
    if (backends::thread_override()) // a recording knows buffers by the steps that make them: a fill is one
        buf = backends::new_buffer(dev, t, size, [&](void *b) { dev.fill(b, t, size, 0); });
    else
        buf = dev.alloc(t, size);
    return new_leaf(s, Op::Data, t, size, 0, buf, at);
}

const void *var_data_ptr(uint32_t &id, const char *api) {
    check_pointer_access(api);
    State &s = state();
    Lock lock(s.mutex);
    if (var(s, id, api).size == 0)
        return nullptr;
    uint32_t data = var_make_opaque(id); // a literal becomes a new buffer; anything else is evaluated in place
    dec_ref(s, id);
    id = data;
    const Variable &v = s.vars[id];
    backends::active_device(where(v)).sync(); // the pointer is for code that does not know this thread's stream
    return v.data;
}

const void *var_buffer(uint32_t id, const char *api, Backend *at) {
    check_pointer_access(api);
    State &s = state();
    Lock lock(s.mutex);
    const Variable &v = var(s, id, api);
    if (v.op == Op::Literal)
        throw Error(fmt::format("{}: the array is a literal, which has no buffer (its value is folded into kernels): "
                                "call tj::make_opaque(x) first",
                                api));
    if (v.op != Op::Data || v.dirty)
        throw Error(fmt::format("{}: the array is unevaluated{}: call tj::eval(x) first", api,
                                v.dirty ? " (a scatter into it is pending)" : ""));
    *at = where(v);
    backends::active_device(*at).sync();
    return v.data;
}

uint32_t var_map(VarType t, const void *ptr, size_t size, std::function<void()> release, const char *api) {
    check_pointer_access(api);
    if (!ptr && size > 0)
        throw Error(fmt::format("{}: the pointer is null but the array has {} elements", api, size));
    if (reinterpret_cast<uintptr_t>(ptr) % type_size(t) != 0)
        throw Error(fmt::format("{}: the pointer {} is not aligned to the {}-byte elements of a {} array", api, ptr,
                                type_size(t), type_name(t)));
    State &s = state();
    Lock lock(s.mutex);
    check_backend(s);
    uint32_t id = new_leaf(s, Op::Data, t, size, 0, const_cast<void *>(ptr), s.backend);
    s.vars[id].foreign = true;
    if (release) {
        try {
            s.foreign_release.emplace(id, std::move(release));
        } catch (...) {
            dec_ref(s, id);
            throw;
        }
    }
    return id;
}

} // namespace tj::detail
