// runtime/dispatch/dispatch.cpp — the non-template parts of tj::dispatch (include/tracejit/dispatch.h): which
// instances a dispatch traces, the lanes of each, and merging their results
#include "backend/device.h"
#include "dispatch/frames.h"
#include "jit/var.h"

#include <tracejit/detail/control_core.h>
#include <tracejit/detail/dispatch_core.h>
#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
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

/// Traces a check that no active lane holds an id whose entry of `table` is `bad` (ids at or past the table's end
/// read 0). A lane that does writes its id into a flag, and the evaluation that runs the kernel raises the tj::Error
/// `before` + the id + `after` (jit/checks.cpp; a frozen function's replay reads the flag too).
void trace_id_check(uint32_t ids, const std::vector<uint8_t> &table, bool bad, std::string before, std::string after) {
    uint32_t zero = 0;
    uint32_t held[6] = {};
    struct Release {
        uint32_t *ids;
        ~Release() {
            for (int k = 0; k < 6; ++k)
                var_dec_ref(ids[k]);
        }
    } release{held};
    uint32_t &known = held[0], &hit = held[1], &failed = held[2], &lanes = held[3], &flag = held[4], &at = held[5];
    known = var_data(VarType::Bool, table.data(), table.size());
    uint32_t all = var_literal(VarType::Bool, 1, 1);
    hit = var_gather(known, ids, all);
    var_dec_ref(all);
    if (bad) {
        var_inc_ref(hit);
        failed = hit;
    } else {
        failed = var_op("tj::dispatch()", Op::Not, hit);
    }
    lanes = mask_apply(failed);
    flag = var_data(VarType::UInt32, &zero, 1);
    at = var_literal(VarType::UInt32, 0, 1);
    uint32_t written = var_scatter(flag, ids, at, lanes, false);
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::add_check(s, written, std::move(before), std::move(after));
}

/// Inside a symbolic loop's body, where lazy ids cannot be read: traces a check that every active lane's id is 0 or a
/// live object's.
void trace_live_check(uint32_t domain, uint32_t ids, const std::vector<uint32_t> &live, uint32_t bound,
                      const char *api) {
    std::vector<uint8_t> table(size_t(bound), 0); // (ids past it were never given: the gather reads 0)
    table[0] = 1;
    for (uint32_t id : live)
        table[id] = 1;
    trace_id_check(ids, table, false,
                   fmt::format("{}: the pointer array holds the object of {} with id ", api, object_domain_name(domain)),
                   ", which was destroyed (or never given); found when the kernel ran (inside a symbolic loop's "
                   "body, whose ids cannot be read while it is traced)");
}

/// The instances left out because this thread is tracing their code for `function` already (`again`: indices into
/// `live`): traces the check that no active lane reaches one of them, whose failure says the call recursed.
void trace_recursion_check(uint32_t domain, uint32_t ids, const std::vector<uint32_t> &live,
                           const std::vector<const Object *> &objects, const std::vector<size_t> &again,
                           uint32_t bound, const char *api, const char *function) {
    std::vector<uint8_t> table(size_t(bound), 0);
    std::string which;
    for (size_t k : again) {
        table[live[k]] = 1;
        which += fmt::format("{}{}#{} (class {})", which.empty() ? "" : ", ", object_domain_name(domain), live[k],
                             object_class_name(*objects[k]));
    }
    trace_id_check(ids, table, true,
                   fmt::format("{}: the call of {} on tj::Ptr<{}> recursed: a lane reached the object with id ", api,
                               function, object_domain_name(domain)),
                   fmt::format(" inside that object's own call (a dispatch nested in the code of {} calls the same "
                               "function on a pointer array that holds it again); symbolic recursion cannot be traced, "
                               "so that object's code was not traced a second time; found when the kernel ran",
                               which));
}

} // namespace

std::vector<DispatchTarget> dispatch_targets(uint32_t domain, uint32_t ids, const char *api, const char *function) {
    std::vector<uint32_t> live;
    std::vector<void *> selves;
    std::vector<const Object *> objects;
    object_live(domain, live, selves, &objects);
    uint32_t bound = object_bound(domain);
    bool any_destroyed = live.size() + 1 < bound;
    // Inside a frozen function's recording the ids must stay unread; inside a symbolic loop's body they cannot be
    // evaluated (they may depend on its state). Evaluated ids can still be read there (not in a recording).
    bool recording = backends::thread_override() != nullptr;
    bool in_loop = loop_depth() != 0;
    bool literal = false;
    bool known = known_values(ids, literal);
    std::vector<uint8_t> present;
    if (literal) {
        uint64_t size, bits;
        var_key_info(ids, size, bits);
        present.assign(size_t(bound) + 1, 0);
        present[std::min<uint64_t>(bits, bound)] = 1;
    } else if (!recording && (known || (any_destroyed && !in_loop))) {
        // Evaluated ids are read to skip the instances that do not occur; lazy ones only when objects of the domain
        // were destroyed (an id of one must be an error, not a lane of zeros).
        if (!known)
            var_eval(&ids, 1);
        present = present_ids(ids, bound);
    } else if (any_destroyed && !recording) {
        // Inside a loop body the ids cannot be read now: the kernel checks them (a lane holding a destroyed object's id
        // runs no instance, and the evaluation raises the error naming it).
        trace_live_check(domain, ids, live, bound, api);
    } else if (any_destroyed) {
        // The ids cannot be read in a recording: a frozen function's input pointer arrays were checked when it
        // flattened them (docs/vcalls.md).
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
    // Lazy ids: the graph may still show which ids they can hold (a nested dispatch on the enclosing case's
    // argument). Only the instances to trace follow from it: an id it shows that was destroyed is no error (the
    // lanes may never hold it), the check above covers those.
    if (present.empty())
        possible_ids(ids, bound, present);
    std::vector<DispatchTarget> targets;
    std::vector<size_t> again;
    for (size_t k = 0; k < live.size(); ++k) {
        if (!present.empty() && !present[live[k]])
            continue;
        if (function && dispatch_frame_active(domain, live[k], function))
            again.push_back(k);
        else
            targets.push_back({live[k], selves[k]});
    }
    if (!again.empty())
        trace_recursion_check(domain, ids, live, objects, again, bound, api, function);
    return targets;
}

namespace {
bool &flatten_failure() {
    static thread_local bool failed = false;
    return failed;
}
} // namespace

void flatten_fail_later() noexcept { flatten_failure() = true; }

bool flatten_failed() noexcept { return std::exchange(flatten_failure(), false); }

bool dispatch_check_input(uint32_t domain, uint32_t ids, const std::string &path, bool defer) {
    std::vector<uint32_t> live;
    std::vector<void *> selves;
    object_live(domain, live, selves);
    uint32_t bound = object_bound(domain);
    if (!ids || live.size() + 1 >= bound)
        return true; // nothing was destroyed: every id the array can hold is live (ids are checked on construction)
    bool literal = false;
    if (!known_values(ids, literal))
        var_eval(&ids, 1);
    std::vector<uint8_t> present = present_ids(ids, bound);
    for (uint32_t id = 1; id <= bound; ++id)
        if (present[id] && (id == bound || !std::binary_search(live.begin(), live.end(), id))) {
            if (defer) {
                flatten_fail_later();
                return false;
            }
            throw FreezeError(fmt::format("tj::freeze(): {}: the pointer array holds the id {} of an object of {} that "
                                          "was destroyed (or was never given)",
                                          path, id, object_domain_name(domain)));
        }
    return true;
}

uint32_t dispatch_case_begin(uint32_t ids, uint32_t id, const uint32_t *args, size_t n, uint32_t *phis) {
    // The arguments are the case loop's state: check their sizes here, so that a mismatch names tj::dispatch.
    uint64_t lanes = var_size(ids);
    for (size_t k = 0; k < n; ++k) {
        uint64_t m = var_size(args[k]);
        if (m == lanes || m == 1)
            continue;
        if (lanes == 1 && m != 0) {
            lanes = m;
            continue;
        }
        throw Error(fmt::format("tj::dispatch(): size mismatch: argument array {} has {} elements but the call runs "
                                "over {} lanes (the pointer array has {}; only width-1 arrays broadcast)",
                                k + 1, m, lanes, var_size(ids)));
    }
    std::vector<uint32_t> init(n + 1);
    init[0] = ids;
    std::copy(args, args + n, init.begin() + 1);
    uint32_t loop = loop_begin(init.data(), n + 1, phis);
    {
        jit::State &s = jit::state();
        jit::Lock lock(s.mutex);
        s.loops[loop].case_id = id;
    }
    try {
        uint32_t cond = var_op_scalar("tj::dispatch()", Op::Eq, phis[0], id, false);
        try {
            loop_cond(loop, cond);
        } catch (...) {
            var_dec_ref(cond);
            throw;
        }
        var_dec_ref(cond);
    } catch (...) {
        loop_abort(loop);
        for (size_t k = 0; k <= n; ++k)
            var_dec_ref(phis[k]);
        throw;
    }
    return loop;
}

void dispatch_case_end(uint32_t loop, const uint32_t *phis, size_t n, const uint32_t *results, const uint32_t *acc,
                       size_t m, uint32_t *merged) {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    std::vector<uint32_t> updates(n + 1 + m);
    updates[0] = var_literal(VarType::UInt32, 0, 1); // the lanes that ran leave the loop
    // The arguments are set to 0 too (the lanes that ran leave, and the loop's results for them are dropped): were
    // they left as they are, LLVM would see state that never changes and hoist the instance's code out of the loop,
    // running it for every SIMD group.
    for (size_t k = 0; k < n; ++k)
        updates[k + 1] = var_literal(var_type(phis[k]), 0, 1);
    for (size_t j = 0; j < m; ++j) {
        if (!results[j]) {
            for (size_t k = 0; k <= n; ++k)
                var_dec_ref(updates[k]);
            throw Error("tj::dispatch(): an instance returned an empty (uninitialized) array; every array of the "
                        "result needs a value");
        }
        // A result slot: the merged results so far before the loop, the instance's result on the lanes that ran.
        uint32_t phi = jit::loop_add_state(s, loop, acc[j]);
        jit::dec_ref(s, phi);
        updates[n + 1 + j] = results[j];
    }
    s.loops[loop].case_results = uint32_t(m);
    std::vector<uint32_t> outs(n + 1 + m);
    try {
        loop_end(loop, updates.data(), outs.data());
    } catch (...) {
        for (size_t k = 0; k <= n; ++k)
            var_dec_ref(updates[k]);
        throw;
    }
    for (size_t k = 0; k <= n; ++k)
        var_dec_ref(updates[k]);
    for (size_t k = 0; k <= n; ++k)
        var_dec_ref(outs[k]);
    std::copy(outs.begin() + n + 1, outs.end(), merged);
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
