// runtime/dispatch/dispatch.cpp — the non-template parts of tj::dispatch (include/tracejit/dispatch.h): which
// instances a dispatch traces, the lanes of each, and merging their results
#include "backend/device.h"
#include "jit/var.h"

#include <tracejit/control_core.h>
#include <tracejit/dispatch_core.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace tj::detail {
namespace {

/// The distinct ids in the evaluated UInt32 variable `ids` (a flag per id below `bound`; ids past it are flagged at
/// `bound`).
std::vector<uint8_t> present_ids(uint32_t ids, uint32_t bound) {
    std::vector<uint32_t> values(var_size(ids));
    if (!values.empty())
        var_copy_to_host(ids, values.data());
    std::vector<uint8_t> present(size_t(bound) + 1, 0);
    for (uint32_t v : values)
        present[std::min(v, bound)] = 1;
    return present;
}

/// Whether `id` (a UInt32 variable) has known values: a literal, or evaluated with no pending write.
bool known_values(uint32_t id, bool &literal) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    const jit::Variable &v = jit::var(s, id, "tj::dispatch()");
    if (v.type != VarType::UInt32)
        throw Error("tj::dispatch(): the pointer array's ids must be a UInt32 array");
    literal = v.op == Op::Literal;
    return literal || (v.op == Op::Data && !v.dirty);
}

} // namespace

std::vector<DispatchTarget> dispatch_targets(uint32_t domain, uint32_t ids, const char *api) {
    std::vector<uint32_t> live;
    std::vector<void *> selves;
    object_live(domain, live, selves);
    uint32_t bound = object_bound(domain);
    bool any_destroyed = live.size() + 1 < bound;
    bool recording = backends::thread_override() != nullptr; // a frozen function's body: values stay unread
    bool literal = false;
    bool known = known_values(ids, literal);
    std::vector<uint8_t> present;
    if (literal) {
        uint64_t size, bits;
        var_key_info(ids, size, bits);
        present.assign(size_t(bound) + 1, 0);
        present[std::min<uint64_t>(bits, bound)] = 1;
    } else if ((known || any_destroyed) && !recording) {
        // Evaluated ids are read to skip the instances that do not occur; lazy ones only when objects of the domain
        // were destroyed (an id of one must be an error, not a lane of zeros).
        if (!known)
            var_eval(&ids, 1);
        present = present_ids(ids, bound);
    } else if (any_destroyed) {
        // Inside a recording the ids cannot be read. The inputs' pointer arrays were checked when the frozen function
        // flattened them (docs/vcalls.md); the live instances are traced.
    }
    if (!present.empty()) {
        if (present[bound])
            throw Error(fmt::format("{}: the pointer array holds ids that were never given to an object of {} (it was "
                                    "not made from pointers)", api, object_domain_name(domain)));
        size_t next = 0;
        for (uint32_t id = 1; id < bound; ++id) {
            if (!present[id])
                continue;
            while (next < live.size() && live[next] < id)
                ++next;
            if (next == live.size() || live[next] != id)
                throw Error(fmt::format("{}: the pointer array holds the object of {} with id {}, which was destroyed",
                                        api, object_domain_name(domain), id));
        }
    }
    std::vector<DispatchTarget> targets;
    for (size_t k = 0; k < live.size(); ++k)
        if (present.empty() || present[live[k]])
            targets.push_back({live[k], selves[k]});
    return targets;
}

uint32_t dispatch_lanes(uint32_t ids, uint32_t id) {
    uint32_t eq = var_op_scalar("tj::dispatch()", Op::Eq, ids, id, false);
    uint32_t lanes = mask_apply(eq);
    var_dec_ref(eq);
    return lanes;
}

VarPair dispatch_merge(uint32_t lanes, VarPair r, VarPair acc) {
    if (!r.jit)
        throw Error("tj::dispatch(): an instance returned an empty (uninitialized) array; every array of the result "
                    "needs a value");
    if (r.ad || acc.ad)
        return ad_op("tj::dispatch()", Op::Select, {lanes, 0}, r, acc);
    return {var_op("tj::dispatch()", Op::Select, lanes, r.jit, acc.jit), 0};
}

uint32_t dispatch_zero(uint32_t like) { return var_literal(var_type(like), 0, 1); }

void raise_dispatch_layout(const char *base_name) {
    throw Error(fmt::format("tj::dispatch(): the objects of {} return results that differ in a host value, a "
                            "container size or an optional (only arrays can differ per lane)",
                            base_name));
}

void raise_unrewritten_call(const char *base_name) {
    throw Error(fmt::format(
        "tj::Ptr<{0}>::operator->(): a call `ptrs->method(...)` on a pointer array runs only where the tracejit "
        "plugin rewrites it (in a function marked [[jit::trace]] or [[jit::freeze]], compiled with the plugin); "
        "elsewhere call tj::dispatch(ptrs, []({0} *self, auto &&...args) {{ return self->method(args...); }}, "
        "args...)",
        base_name));
}

} // namespace tj::detail
