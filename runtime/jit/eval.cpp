// runtime/jit/eval.cpp — evaluation: variables grouped by size, each group assembled into a kernel and launched
//
// Start with `eval_locked`: it groups the requested variables and pending scatters by size (a symbolic loop's
// results and scatters go together), then `run_group` assembles each group into one KernelIR (assemble.h) and
// hands it to the device of its buffers' memory: find the kernel (memory ▶ disk ▶ compile), launch it. The
// roots become Data variables owning the outputs.
#include "jit/assemble.h"

#include "backend/device.h"
#include "log.h"

#include <tracejit/error.h>

#include <algorithm>
#include <chrono>
#include <cstring>

namespace tj::jit {
namespace {

/// One scratch assembly, reused under the JIT lock: launches then allocate nothing but outputs.
Assembly *const the_assembly = new Assembly();

const char *source_name(KernelSource src) {
    switch (src) {
    case KernelSource::Memory: return "cache hit";
    case KernelSource::Disk: return "disk hit";
    default: return "compiled";
    }
}

void count_lookup(State &s, const KernelLookup &found) {
    switch (found.source) {
    case KernelSource::Memory: ++s.stats.memory_hits; break;
    case KernelSource::Disk: ++s.stats.disk_hits; break;
    case KernelSource::Compiled: ++s.stats.misses; break;
    }
    s.stats.compile_ms += found.ms;
}

/// Variable `id`, evaluated into `data` (memory of `where`), becomes Data: drops its operands and CSE entry.
void become_data(State &s, uint32_t id, void *data, Backend where) {
    Variable &v = s.vars[id];
    TJ_ASSERT(v.op != Op::Data && v.op != Op::Count && v.ref > 0,
              fmt::format("variable {} is evaluated twice or after it was freed", id));
    if (v.in_cse) {
        s.cse.erase(cse_hash(v), id);
        v.in_cse = false;
    }
    uint32_t deps[4] = {v.dep[0], v.dep[1], v.dep[2], v.dep[3]};
    std::vector<uint32_t> released;
    if (v.op == Op::LoopOut) // the loop ran: this result no longer needs it
        released = loop_release(s, v.literal);
    v.op = Op::Data;
    v.host_size = false; // (a buffer now: the recording knows its size as a slot's)
    v.data = data;
    v.on_device = where == Backend::CUDA;
    v.literal = 0;
    std::memset(v.dep, 0, sizeof(v.dep));
    for (uint32_t d : deps)
        dec_ref(s, d); // may reallocate nothing: dec_ref never grows `vars`
    for (uint32_t d : released)
        dec_ref(s, d);
}

/// Assembles and runs one kernel over `size` elements for `roots` (and side effects among them).
void run_group(State &s, uint64_t size, const std::vector<uint32_t> &roots) {
    const bool follows_count = s.vars[roots[0]].follows_count; // (the same for every root: see GroupKey)
    Assembly &as = *the_assembly;
    assemble(s, as, roots, true);
    const Backend at = *as.memory;

    bool timed = logging::enabled(LogLevel::Info);
    auto t0 = timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
    KernelLookup found;
    try {
        backends::Device &dev = backends::active_device(at);
        as.ir.launch_size = size;
        backends::Launch launch;
        launch.n = size;
        launch.kinds = &as.ir.params;
        launch.args = &as.args;
        launch.out_types = &as.out_types;
        launch.size_of = &as.size_of;
        launch.table = &as.table;
        launch.table_param = as.table_param;
        launch.element_bytes = element_bytes(as.ir);
        launch.size_follows_count = follows_count;
        // Whether a width chosen on the host takes part in the size (Variable::host_size), for a recording.
        launch.size_from_host =
            std::any_of(roots.begin(), roots.end(), [&](uint32_t r) { return s.vars[r].host_size; });
        as.out_host_size.clear();
        for (auto &[root, p] : as.outputs)
            as.out_host_size.push_back(s.vars[root].host_size);
        launch.out_host_size = &as.out_host_size;
        found = dev.run(as.ir, launch);
        count_lookup(s, found);
        ++s.stats.launches;
    } catch (...) {
        free_outputs(s, as, at);
        throw;
    }
    if (timed) {
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        logging::info("launch: n={} in={} out={} ops={} ({}{}, {:.3f} ms)", size, as.inputs, as.outputs.size(),
                      as.ir.op_count, at == Backend::CUDA ? "CUDA, " : "", source_name(found.source), ms);
    }
    for (auto &[root, p] : as.outputs)
        become_data(s, root, as.args[p], at);
}

/// What a kernel's roots have in common: their size, and whether it is a compress count (Variable::follows_count).
struct GroupKey {
    uint64_t size;
    bool follows_count;
    bool operator==(const GroupKey &) const = default;
};
GroupKey key_of(const Variable &v) { return {v.size, v.follows_count}; }

/// The kernels one evaluation runs.
struct Schedule {
    /// Roots grouped by size, in order of first appearance; pending scatters join their size's group.
    std::vector<std::pair<GroupKey, std::vector<uint32_t>>> groups;
    /// The pending scatters this evaluation runs (each holds the reference the pending list held).
    std::vector<uint32_t> effects;
};

/// Groups `ids` that are not evaluated yet, and this thread's pending scatters, by size (a symbolic loop's results
/// and scatters go with it); AD's hook may add variables of the same sizes.
Schedule schedule(State &s, const uint32_t *ids, size_t count) {
    Schedule plan;
    auto &groups = plan.groups;
    auto add_one = [&](uint32_t id) {
        GroupKey size = key_of(s.vars[id]);
        for (auto &g : groups)
            if (g.first == size) {
                if (std::find(g.second.begin(), g.second.end(), id) == g.second.end())
                    g.second.push_back(id);
                return;
            }
        groups.push_back({size, {id}});
    };
    std::vector<uint32_t> &effects = plan.effects;
    auto add = [&](uint32_t id) {
        add_one(id);
        if (s.vars[id].op != Op::LoopOut) [[likely]]
            return;
        // The loop runs once: all its results come out of it, and its scatters run with it (whoever queued them).
        const LoopRecord &r = s.loops[loop_of(s.vars[id].literal)];
        for (uint32_t out : r.outs)
            if (out)
                add_one(out);
        auto pending = std::find(s.side_effects.begin(), s.side_effects.end(), r.effect_var);
        if (r.effect_var && pending != s.side_effects.end()) {
            s.side_effect_owner.erase(s.side_effect_owner.begin() + (pending - s.side_effects.begin()));
            s.side_effects.erase(pending);
            effects.push_back(r.effect_var);
            add_one(r.effect_var);
        }
    };
    TJ_ASSERT(s.side_effects.size() == s.side_effect_owner.size(), "a pending scatter without its owner");
    const void *owner = backends::thread_override(); // this thread's pending scatters only (State::side_effect_owner)
    size_t kept = 0;
    for (size_t i = 0; i < s.side_effects.size(); ++i) {
        if (s.side_effect_owner[i] == owner) {
            effects.push_back(s.side_effects[i]);
        } else {
            s.side_effects[kept] = s.side_effects[i];
            s.side_effect_owner[kept++] = s.side_effect_owner[i];
        }
    }
    s.side_effects.resize(kept);
    s.side_effect_owner.resize(kept);
    for (size_t i = 0; i < effects.size(); ++i) // add() may append a loop's scatters
        add(effects[i]);
    for (size_t i = 0; i < count; ++i) {
        uint32_t id = ids[i];
        // Literals stay literals (as in Dr.Jit): make_opaque() is what turns them into memory.
        if (id && s.vars[id].op != Op::Data && s.vars[id].op != Op::Literal)
            add(id);
    }
    if (groups.empty())
        return plan;
    if (s.before_eval && count) {
        std::vector<uint32_t> more;
        s.before_eval(more);
        for (uint32_t id : more) {
            const Variable &v = s.vars[id];
            bool fits = std::any_of(groups.begin(), groups.end(), [&](auto &g) { return g.first == key_of(v); });
            if (fits && v.op != Op::Data && v.op != Op::Literal && !v.dirty)
                add(id);
        }
    }
    return plan;
}

/// A group of size 0: nothing to compute; each root becomes an empty buffer of the selected backend.
void run_empty_group(State &s, const std::vector<uint32_t> &roots) {
    for (uint32_t id : roots) {
        const Variable &v = s.vars[id];
        if (is_scatter(v.op) || is_loop_effect(v))
            continue;
        backends::Device &dev = backends::active_device(s.backend);
        void *buf = backends::new_buffer(dev, v.type, 0, [&](void *b) { dev.fill(b, v.type, 0, 0); });
        become_data(s, id, buf, s.backend);
    }
}

} // namespace

void eval_locked(State &s, const uint32_t *ids, size_t count) {
    Schedule plan = schedule(s, ids, count);
    // Hold the roots while kernels run: a later group must not see an earlier root freed.
    for (auto &g : plan.groups)
        for (uint32_t id : g.second)
            inc_ref(s, id);
    std::exception_ptr failure;
    for (auto &[key, roots] : plan.groups) {
        try {
            if (key.size == 0)
                run_empty_group(s, roots);
            else
                run_group(s, key.size, roots); // assemble → device.run (find the kernel, launch it)
        } catch (...) {
            failure = std::current_exception();
            break;
        }
    }
    for (uint32_t id : plan.effects) {
        if (is_loop_effect(s.vars[id]))
            loop_effects_done(s, id);
        else
            s.vars[s.vars[id].dep[3]].dirty = false;
        dec_ref(s, id); // the reference the pending list held
    }
    for (auto &g : plan.groups)
        for (uint32_t id : g.second)
            dec_ref(s, id);
    if (failure)
        std::rethrow_exception(failure);
    if (!s.checks.empty()) [[unlikely]]
        run_checks(s);
}

void flush_side_effects(State &s) {
    const void *owner = backends::thread_override();
    if (std::find(s.side_effect_owner.begin(), s.side_effect_owner.end(), owner) != s.side_effect_owner.end())
        eval_locked(s, nullptr, 0);
}

} // namespace tj::jit

namespace tj {

void sync() {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::flush_side_effects(s);
    for (Backend b : {Backend::CPU, Backend::CUDA}) // waits for work of any backend, whichever is selected
        backends::device(b).sync();
}

} // namespace tj

namespace tj::jit {

KernelIR assemble_for_inspection(const uint32_t *ids, size_t count) {
    State &s = state();
    Lock lock(s.mutex);
    // The first size group as eval_locked forms it from `ids` (a loop's results go together); pending scatters
    // and the AD hook's extra roots are left out.
    std::vector<uint32_t> roots;
    auto add = [&](uint32_t id) {
        if (std::find(roots.begin(), roots.end(), id) == roots.end())
            roots.push_back(id);
    };
    for (size_t i = 0; i < count; ++i) {
        uint32_t id = ids[i];
        if (!id || s.vars[id].op == Op::Data || s.vars[id].op == Op::Literal ||
            (!roots.empty() && s.vars[id].size != s.vars[roots[0]].size))
            continue;
        add(id);
        if (s.vars[id].op == Op::LoopOut)
            for (uint32_t out : s.loops[loop_of(s.vars[id].literal)].outs)
                if (out && s.vars[out].size == s.vars[id].size)
                    add(out);
    }
    Assembly as; // outputs get no buffer (their argument stays null)
    assemble(s, as, roots, false);
    return as.ir;
}

} // namespace tj::jit
