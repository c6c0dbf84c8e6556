// runtime/jit/eval.cpp — schedules variables into kernels (one per size), assembles kernel IR, launches
//
// Start with `eval_locked`: it groups the requested variables and pending
// scatters by size, then `assemble` walks each group's graph (iteratively, in
// post-order) into one KernelIR, `launch` runs it, and the roots become Data.
#include "jit/var.h"

#include "backend/cpu_thread_pool.h"
#include "backend/cuda_device.h"
#include "backend/kernel_ir.h"
#include "cache/kernel_cache.h"
#include "freeze/recorder.h"
#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <optional>
#include <unordered_map>

namespace tj::jit {
namespace {

/// A kernel being assembled from the graph.
struct Assembly {
    KernelIR ir;
    std::vector<void *> args;           ///< argument of each param slot
    std::vector<uint32_t> visited;      ///< variables whose scratch must be reset
    std::vector<uint32_t> param_var;    ///< variable behind each pointer param (0 for sizes)
    std::vector<uint32_t> size_of;      ///< for each Size param, the buffer param whose size it is (freezing)
    std::vector<std::pair<uint32_t, uint32_t>> outputs; ///< (root variable, output param)
    uint32_t inputs = 0;
    uint32_t literals = 0;              ///< literals embedded in the code
    std::vector<uint64_t> table;        ///< values of the literals beyond max_embedded_literals
    uint32_t table_param = UINT32_MAX;
    /// The memory of the buffers the kernel reads or writes (nothing yet: only literals and counters so far).
    std::optional<Backend> memory;
    uint32_t memory_witness = 0;        ///< a variable whose buffer is in `memory` (for the mixing error)
};

uint32_t add_param(Assembly &as, ParamKind kind, void *arg, uint32_t var_id) {
    as.ir.params.push_back(kind);
    as.args.push_back(arg);
    as.param_var.push_back(var_id);
    as.size_of.push_back(0);
    return uint32_t(as.ir.params.size() - 1);
}

/// A Size param holding the element count of the buffer in param `buffer`.
uint32_t size_param(State &s, Assembly &as, uint32_t buffer, uint32_t var_id) {
    uint32_t p = add_param(as, ParamKind::Size, reinterpret_cast<void *>(uintptr_t(s.vars[var_id].size)), 0);
    as.size_of[p] = buffer;
    return p;
}

const char *memory_name(Backend b) { return b == Backend::CUDA ? "CUDA device memory" : "host (CPU) memory"; }

[[noreturn]] void raise_mixed_memory(State &s, uint32_t a, uint32_t b) {
    throw Error(fmt::format("tj::eval(): one kernel would combine r{} ({}[{}] in {}) and r{} ({}[{}] in {}); arrays "
                            "created on different backends (tj::set_backend) cannot be used together",
                            a, detail::type_name(s.vars[a].type), s.vars[a].size, memory_name(where(s.vars[a])), b,
                            detail::type_name(s.vars[b].type), s.vars[b].size, memory_name(where(s.vars[b]))));
}

/// Param slot for the buffer of Data variable `id` (one slot per buffer, so no two params alias).
uint32_t buffer_param(State &s, Assembly &as, uint32_t id, ParamKind kind) {
    for (uint32_t p = 0; p < as.param_var.size(); ++p)
        if (as.param_var[p] == id) {
            if (kind == ParamKind::Target)
                as.ir.params[p] = ParamKind::Target;
            return p;
        }
    if (kind == ParamKind::Input)
        ++as.inputs;
    Backend at = where(s.vars[id]);
    if (!as.memory) {
        as.memory = at;
        as.memory_witness = id;
    } else if (*as.memory != at) [[unlikely]] {
        raise_mixed_memory(s, as.memory_witness, id);
    }
    return add_param(as, kind, s.vars[id].data, id);
}

uint32_t emit(Assembly &as, const Instr &ins) {
    uint32_t n = uint32_t(as.ir.instrs.size());
    append_instr_text(as.ir.text, ins);
    as.ir.instrs.push_back(ins);
    if (ins.kind == InstrKind::Compute)
        ++as.ir.op_count;
    return n;
}

bool is_loop_effect(const Variable &v) { return v.op == Op::LoopOut && slot_of(v.literal) == loop_effect_slot; }

/// Instruction number of an already visited operand.
uint32_t ref_of(State &s, uint32_t id) { return s.vars[id].scratch - 1; }

/// Emits the instruction that computes variable `id` (its operands are already emitted).
uint32_t emit_var(State &s, Assembly &as, uint32_t id) {
    const Variable &v = s.vars[id];
    Instr ins;
    ins.type = v.type;
    ins.src_type = v.type;
    switch (v.op) {
    case Op::Literal:
        if (as.literals < max_embedded_literals) {
            ++as.literals;
            ins.kind = InstrKind::Const;
            ins.imm = v.literal;
        } else {
            if (as.table_param == UINT32_MAX)
                as.table_param = add_param(as, ParamKind::Input, nullptr, 0); // pointer set before launch
            ins.kind = InstrKind::ConstTable;
            ins.a = as.table_param;
            ins.imm = as.table.size();
            as.table.push_back(v.literal);
        }
        break;
    case Op::Data:
        ins.kind = v.size == 1 ? InstrKind::Bcast : InstrKind::Load;
        ins.a = buffer_param(s, as, id, ParamKind::Input);
        break;
    case Op::Counter:
        ins.kind = InstrKind::Index;
        break;
    case Op::Gather: {
        ins.op = v.op;
        ins.a = ref_of(s, v.dep[0]);
        ins.b = ref_of(s, v.dep[1]);
        ins.src_type = s.vars[v.dep[0]].type;
        ins.c = buffer_param(s, as, v.dep[2], ParamKind::Input);
        ins.d = size_param(s, as, ins.c, v.dep[2]);
        break;
    }
    case Op::Scatter:
    case Op::ScatterAdd:
        ins.op = v.op;
        ins.a = ref_of(s, v.dep[0]);
        ins.b = ref_of(s, v.dep[1]);
        ins.c = ref_of(s, v.dep[2]);
        ins.src_type = s.vars[v.dep[1]].type;
        ins.d = buffer_param(s, as, v.dep[3], ParamKind::Target);
        ins.imm = size_param(s, as, ins.d, v.dep[3]);
        break;
    default:
        ins.op = v.op;
        ins.src_type = s.vars[v.dep[v.op == Op::Select ? 1 : 0]].type;
        ins.a = v.dep[0] ? ref_of(s, v.dep[0]) : 0;
        ins.b = v.dep[1] ? ref_of(s, v.dep[1]) : 0;
        ins.c = v.dep[2] ? ref_of(s, v.dep[2]) : 0;
        break;
    }
    return emit(as, ins);
}

/// Which operands of a variable are computed inside the kernel (Data operands of memory ops are params).
bool is_computed_dep(const Variable &v, int k) {
    if (!v.dep[k])
        return false;
    if (v.op == Op::Gather && k == 2)
        return false;
    if ((v.op == Op::Scatter || v.op == Op::ScatterAdd) && k == 3)
        return false;
    return true;
}

void visit(State &s, Assembly &as, uint32_t root);

[[noreturn]] void raise_escaped_phi() {
    throw Error("tj::while_loop(): a value computed from a symbolic loop's state is used outside the loop's body, "
                "or evaluated (read, reduced, gathered from, scattered into) while the loop is being traced; "
                "only the loop's results can be used after it");
}

/// What a variable is computed from, for the analyses of a loop: its computed operands, or, for a loop's
/// result, everything that loop was traced from.
void children_of(State &s, uint32_t id, std::vector<uint32_t> &out) {
    const Variable &v = s.vars[id];
    if (v.op == Op::LoopOut) {
        const LoopRecord &r = s.loops[loop_of(v.literal)];
        for (auto *list : {&r.init, &r.update, &r.effects})
            out.insert(out.end(), list->begin(), list->end());
        out.push_back(r.cond);
        return;
    }
    for (int k = 0; k < 4; ++k)
        if (is_computed_dep(v, k))
            out.push_back(v.dep[k]);
}

/// For each variable reachable from `roots` and not yet emitted: whether it depends on the state of `loop`
/// (an iterative post-order walk; an inner loop depends on it when anything it was traced from does).
void find_variant(State &s, uint32_t loop, const std::vector<uint32_t> &roots,
                  std::unordered_map<uint32_t, bool> &variant) {
    std::vector<std::pair<uint32_t, bool>> stack; // (variable, children pushed)
    std::vector<uint32_t> kids;
    for (uint32_t r : roots)
        stack.push_back({r, false});
    while (!stack.empty()) {
        auto [id, expanded] = stack.back();
        stack.pop_back();
        const Variable &v = s.vars[id];
        if (variant.count(id) && !expanded)
            continue;
        if (v.scratch) {
            variant[id] = false;
            continue;
        }
        if (v.op == Op::LoopPhi) {
            variant[id] = loop_of(v.literal) == loop;
            continue;
        }
        kids.clear();
        children_of(s, id, kids);
        if (!expanded) {
            variant.emplace(id, false); // provisional until its operands are known (graphs are acyclic)
            stack.push_back({id, true});
            for (uint32_t k : kids)
                if (!variant.count(k))
                    stack.push_back({k, false});
            continue;
        }
        bool any = false;
        for (uint32_t k : kids)
            any |= variant[k];
        variant[id] = any;
    }
}

/// Emits, before the loop starts, everything the loop's condition and body use that does not depend on its
/// state (loop-invariant code is computed once, not per iteration).
void hoist_invariants(State &s, Assembly &as, const std::vector<uint32_t> &roots,
                      std::unordered_map<uint32_t, bool> &variant) {
    std::vector<uint32_t> stack(roots), kids;
    std::unordered_map<uint32_t, bool> seen;
    while (!stack.empty()) {
        uint32_t id = stack.back();
        stack.pop_back();
        if (!seen.emplace(id, true).second || s.vars[id].scratch)
            continue;
        if (!variant[id]) {
            if (s.vars[id].op != Op::LoopPhi) // another loop's LoopPhi: visit() reports it where it is used
                visit(s, as, id);
            continue;
        }
        if (s.vars[id].op == Op::LoopOut) { // an inner loop: only its initial values can move out
            const LoopRecord &r = s.loops[loop_of(s.vars[id].literal)];
            stack.insert(stack.end(), r.init.begin(), r.init.end());
            continue;
        }
        kids.clear();
        children_of(s, id, kids);
        stack.insert(stack.end(), kids.begin(), kids.end());
    }
}

/// Emits a whole symbolic loop (see kernel_ir.h) and gives its results their instructions.
void emit_loop(State &s, Assembly &as, uint32_t loop) {
    const LoopRecord &r = s.loops[loop]; // no loop is created while a kernel is assembled
    for (uint32_t id : r.init)
        visit(s, as, id);
    std::vector<uint32_t> roots(r.update);
    roots.insert(roots.end(), r.effects.begin(), r.effects.end());
    roots.push_back(r.cond);
    std::unordered_map<uint32_t, bool> variant;
    find_variant(s, loop, roots, variant);
    hoist_invariants(s, as, roots, variant);

    Instr ins;
    ins.kind = InstrKind::LoopStart;
    ins.imm = r.phi.size();
    uint32_t start = emit(as, ins);
    size_t body_from = as.visited.size();
    std::vector<uint32_t> phi_instr;
    for (size_t k = 0; k < r.phi.size(); ++k) {
        Instr phi;
        phi.kind = InstrKind::Phi;
        phi.type = phi.src_type = s.vars[r.phi[k]].type;
        phi.a = ref_of(s, r.init[k]);
        phi_instr.push_back(emit(as, phi));
        s.vars[r.phi[k]].scratch = phi_instr.back() + 1;
        as.visited.push_back(r.phi[k]);
    }
    visit(s, as, r.cond);
    Instr cond;
    cond.kind = InstrKind::LoopCond;
    cond.type = cond.src_type = VarType::Bool;
    cond.a = ref_of(s, r.cond);
    emit(as, cond);
    for (uint32_t id : r.update)
        visit(s, as, id);
    for (uint32_t id : r.effects)
        visit(s, as, id);
    for (size_t k = 0; k < r.phi.size(); ++k) {
        Instr up;
        up.kind = InstrKind::PhiUpdate;
        up.type = up.src_type = s.vars[r.phi[k]].type;
        up.a = phi_instr[k];
        up.b = ref_of(s, r.update[k]);
        emit(as, up);
    }
    Instr end;
    end.kind = InstrKind::LoopEnd;
    end.a = start;
    uint32_t end_at = emit(as, end);
    // Values of the body do not exist after the loop: a later use would be an escaped value (visit() says so).
    for (size_t i = body_from; i < as.visited.size(); ++i)
        s.vars[as.visited[i]].scratch = 0;
    for (size_t k = 0; k < r.outs.size(); ++k)
        if (uint32_t out = r.outs[k]) {
            s.vars[out].scratch = phi_instr[k] + 1;
            as.visited.push_back(out);
        }
    if (r.effect_var) {
        s.vars[r.effect_var].scratch = end_at + 1;
        as.visited.push_back(r.effect_var);
    }
}

/// Post-order walk from `root` without recursion (except into loops); every reached variable gets its
/// instruction.
void visit(State &s, Assembly &as, uint32_t root) {
    if (s.vars[root].scratch)
        return;
    // One stack per level of loop nesting, reused under the JIT lock (a deque keeps outer levels in place).
    static std::deque<std::vector<std::pair<uint32_t, int>>> &stacks = *new std::deque<std::vector<std::pair<uint32_t, int>>>();
    static size_t depth = 0;
    if (stacks.size() <= depth)
        stacks.emplace_back();
    auto &stack = stacks[depth];
    stack.clear();
    stack.push_back({root, 0});
    while (!stack.empty()) {
        auto &[id, next] = stack.back();
        Variable &v = s.vars[id];
        if (v.scratch) {
            stack.pop_back();
            continue;
        }
        bool pushed = false;
        while (next < 4) {
            int k = next++;
            if (is_computed_dep(v, k) && !s.vars[v.dep[k]].scratch) {
                stack.push_back({v.dep[k], 0}); // invalidates `v`, `id`, `next`
                pushed = true;
                break;
            }
        }
        if (pushed)
            continue;
        uint32_t cur = id;
        stack.pop_back();
        Op op = s.vars[cur].op;
        if (op == Op::LoopPhi) [[unlikely]]
            raise_escaped_phi();
        if (op == Op::LoopOut) [[unlikely]] {
            ++depth;
            try {
                emit_loop(s, as, loop_of(s.vars[cur].literal));
            } catch (...) {
                --depth;
                throw;
            }
            --depth;
            continue;
        }
        uint32_t n = emit_var(s, as, cur);
        s.vars[cur].scratch = n + 1;
        as.visited.push_back(cur);
    }
}

/// One scratch assembly, reused under the JIT lock: launches then allocate nothing but outputs.
Assembly *const the_assembly = new Assembly();

struct LaunchCtx {
    KernelFn fn;
    void **args;
};

void run_range(void *ctx, uint64_t start, uint64_t end) {
    auto *c = static_cast<LaunchCtx *>(ctx);
    c->fn(start, end, c->args);
}

/// Elements per block of a parallel launch: big enough to amortise scheduling, small enough to balance.
uint64_t block_size(uint64_t n) {
    size_t threads = cpu::pool_size();
    if (threads == 1 || n < 32768)
        return n;
    uint64_t block = (n + threads * 4 - 1) / (threads * 4);
    block = std::max<uint64_t>(block, 16384);
    return (block + 63) & ~uint64_t(63);
}

const char *source_name(cache::Source src) {
    switch (src) {
    case cache::Source::Memory: return "cache hit";
    case cache::Source::Disk: return "disk hit";
    default: return "compiled";
    }
}

/// Frees the buffers allocated for the outputs of `as` (in the memory of `at`).
void free_outputs(State &s, Assembly &as, Backend at) {
    for (auto &[root, p] : as.outputs) {
        free_buffer(as.args[p], s.vars[root].type, s.vars[root].size, at);
        as.args[p] = nullptr;
    }
}

/// Hands an assembled launch (a CPU kernel `fn` or a CUDA kernel `cuda_fn`) to the recorder of a frozen function.
void record_launch(State &s, freezing::Recorder &rec, KernelFn fn, cuda::CUfunction cuda_fn, uint64_t size) {
    Assembly &as = *the_assembly;
    std::vector<VarType> out_types;
    for (auto &[root, p] : as.outputs)
        out_types.push_back(s.vars[root].type);
    try {
        rec.check_backend(*as.memory, "a kernel runs");
        rec.launch(fn, cuda_fn, size, as.ir.params, as.args, out_types, as.size_of, as.table, as.table_param);
    } catch (...) {
        --s.stats.launches;
        throw;
    }
}

/// Assembles the kernel of `roots` into `as` (emptied first): each root that is not a side effect gets an Output
/// param (a new buffer with `allocate`, else a null argument) and a Store. The graph is left without marks.
void assemble(State &s, Assembly &as, const std::vector<uint32_t> &roots, bool allocate) {
    as.ir.instrs.clear();
    as.ir.params.clear();
    as.ir.text.clear();
    as.ir.op_count = 0;
    as.args.clear();
    as.visited.clear();
    as.param_var.clear();
    as.size_of.clear();
    as.outputs.clear();
    as.inputs = 0;
    as.literals = 0;
    as.table.clear();
    as.table_param = UINT32_MAX;
    as.memory.reset();
    as.memory_witness = 0;
    try {
        for (uint32_t r : roots) {
            visit(s, as, r);
            Variable &v = s.vars[r];
            if (v.op == Op::Scatter || v.op == Op::ScatterAdd || is_loop_effect(v))
                continue;
            uint32_t p = add_param(as, ParamKind::Output, nullptr, 0); // allocated below, once `memory` is known
            Instr st;
            st.kind = InstrKind::Store;
            st.type = v.type;
            st.src_type = v.type;
            st.a = p;
            st.b = ref_of(s, r);
            emit(as, st);
            as.outputs.push_back({r, p});
        }
        if (!as.memory)
            as.memory = s.backend; // only literals and counters: the selected backend runs it
        if (allocate)
            for (auto &[root, p] : as.outputs)
                as.args[p] = alloc_buffer(s.vars[root].type, s.vars[root].size, *as.memory);
    } catch (...) { // out of memory or an escaped loop value: no marks on the graph, no orphaned buffers
        for (uint32_t id : as.visited)
            s.vars[id].scratch = 0;
        if (allocate && as.memory)
            free_outputs(s, as, *as.memory);
        throw;
    }
    for (ParamKind k : as.ir.params)
        as.ir.text.push_back(char('0' + int(k)));
    for (uint32_t id : as.visited)
        s.vars[id].scratch = 0;
}

void count_lookup(State &s, cache::Source source, double ms) {
    switch (source) {
    case cache::Source::Memory: ++s.stats.memory_hits; break;
    case cache::Source::Disk: ++s.stats.disk_hits; break;
    case cache::Source::Compiled: ++s.stats.misses; break;
    }
    s.stats.compile_ms += ms;
    ++s.stats.launches;
}

/// Runs the assembled kernel on the CPU's thread pool (recording it in a frozen body); returns the cache level.
cache::Source launch_on_cpu(State &s, Assembly &as, uint64_t size) {
    cache::Lookup found = cache::find_kernel(as.ir);
    count_lookup(s, found.source, found.ms);
    if (as.table_param != UINT32_MAX)
        as.args[as.table_param] = as.table.data();
    if (freezing::Recorder *rec = freezing::active()) [[unlikely]]
        record_launch(s, *rec, found.fn, nullptr, size);
    LaunchCtx ctx{found.fn, as.args.data()};
    cpu::parallel_for(size, block_size(size), run_range, &ctx);
    return found.source;
}

/// Launches the assembled kernel on this thread's CUDA stream (it runs asynchronously); returns the cache level.
cache::Source launch_on_cuda(State &s, Assembly &as, uint64_t size) {
    cache::CudaLookup found = cache::find_cuda_kernel(as.ir);
    count_lookup(s, found.source, found.ms);
    if (freezing::Recorder *rec = freezing::active()) [[unlikely]]
        record_launch(s, *rec, nullptr, found.fn, size);
    launch_cuda_kernel(found.fn, as.args, size, as.table, as.table_param);
    return found.source;
}

/// Assembles and runs one kernel over `size` elements for `roots` (and side effects among them).
void run_group(State &s, uint64_t size, const std::vector<uint32_t> &roots) {
    Assembly &as = *the_assembly;
    assemble(s, as, roots, true);
    const Backend at = *as.memory;

    bool timed = log::enabled(LogLevel::Info);
    auto t0 = timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point();
    cache::Source source;
    try {
        source = at == Backend::CUDA ? launch_on_cuda(s, as, size) : launch_on_cpu(s, as, size);
    } catch (...) {
        free_outputs(s, as, at);
        throw;
    }
    if (timed) {
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        log::info("launch: n={} in={} out={} ops={} ({}{}, {:.3f} ms)", size, as.inputs, as.outputs.size(),
                  as.ir.op_count, at == Backend::CUDA ? "CUDA, " : "", source_name(source), ms);
    }
    for (auto &[root, p] : as.outputs)
        become_data(s, root, as.args[p], at);
}

} // namespace

void eval_locked(State &s, const uint32_t *ids, size_t count) {
    // Roots grouped by size, in order of first appearance; pending scatters join their size's group.
    std::vector<std::pair<uint64_t, std::vector<uint32_t>>> groups;
    auto add_one = [&](uint32_t id) {
        uint64_t size = s.vars[id].size;
        for (auto &g : groups)
            if (g.first == size) {
                if (std::find(g.second.begin(), g.second.end(), id) == g.second.end())
                    g.second.push_back(id);
                return;
            }
        groups.push_back({size, {id}});
    };
    std::vector<uint32_t> effects;
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
    const void *owner = freezing::active(); // this thread's pending scatters only (see State::side_effect_owner)
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
        return;
    if (s.before_eval && count) {
        std::vector<uint32_t> more;
        s.before_eval(more);
        for (uint32_t id : more) {
            const Variable &v = s.vars[id];
            bool fits = std::any_of(groups.begin(), groups.end(), [&](auto &g) { return g.first == v.size; });
            if (fits && v.op != Op::Data && v.op != Op::Literal && !v.dirty)
                add(id);
        }
    }
    // Hold the roots while kernels run: a later group must not see an earlier root freed.
    for (auto &g : groups)
        for (uint32_t id : g.second)
            inc_ref(s, id);
    std::exception_ptr failure;
    for (auto &g : groups) {
        if (g.first == 0) {
            for (uint32_t id : g.second)
                if (s.vars[id].op != Op::Scatter && s.vars[id].op != Op::ScatterAdd && !is_loop_effect(s.vars[id])) {
                    void *buf = alloc_buffer(s.vars[id].type, 0); // nothing to compute: host memory is enough
                    if (freezing::Recorder *rec = freezing::active()) [[unlikely]]
                        rec->fill(buf, s.vars[id].type, 0, 0);
                    become_data(s, id, buf, Backend::CPU);
                }
            continue;
        }
        try {
            run_group(s, g.first, g.second);
        } catch (...) {
            failure = std::current_exception();
            break;
        }
    }
    for (uint32_t id : effects) {
        if (is_loop_effect(s.vars[id]))
            loop_effects_done(s, id);
        else
            s.vars[s.vars[id].dep[3]].dirty = false;
        dec_ref(s, id); // the reference the pending list held
    }
    for (auto &g : groups)
        for (uint32_t id : g.second)
            dec_ref(s, id);
    if (failure)
        std::rethrow_exception(failure);
}

void launch_kernel(State &s, KernelFn fn, void **args, uint64_t n) {
    ++s.stats.launches;
    LaunchCtx ctx{fn, args};
    cpu::parallel_for(n, block_size(n), run_range, &ctx);
}

void launch_cuda_kernel(cuda::CUfunction fn, std::vector<void *> &args, uint64_t n, const std::vector<uint64_t> &table,
                        uint32_t table_param) {
    void *table_buffer = nullptr;
    if (table_param != UINT32_MAX) { // the literal table goes to the device; freed in stream order after use
        table_buffer = alloc_buffer(VarType::UInt64, table.size(), Backend::CUDA);
        args[table_param] = table_buffer;
    }
    try {
        if (table_buffer)
            copy_from_host(Backend::CUDA, table_buffer, table.data(), table.size() * sizeof(uint64_t));
        cuda::launch_elementwise(fn, n, reinterpret_cast<const uint64_t *>(args.data()), args.size());
    } catch (...) {
        free_buffer(table_buffer, VarType::UInt64, table.size(), Backend::CUDA);
        throw;
    }
    free_buffer(table_buffer, VarType::UInt64, table.size(), Backend::CUDA);
}

void flush_side_effects(State &s) {
    const void *owner = freezing::active();
    if (std::find(s.side_effect_owner.begin(), s.side_effect_owner.end(), owner) != s.side_effect_owner.end())
        eval_locked(s, nullptr, 0);
}

} // namespace tj::jit

namespace tj {

void sync() {
    jit::State &s = jit::state();
    jit::Lock lock(s.mutex);
    jit::flush_side_effects(s); // CPU launches are synchronous: only CUDA work can be in flight
    if (cuda::device_used())
        cuda::device_synchronize();
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
