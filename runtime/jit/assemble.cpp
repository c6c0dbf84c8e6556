// runtime/jit/assemble.cpp — the post-order walk that gives every variable of a kernel its instruction
//
// Start with `assemble`: it visits each root (`visit`, an iterative post-order walk), emits one instruction per
// variable (`emit_var`), then a Store per root into a new Output buffer. Data variables become buffer params (one
// per buffer, so no two params alias), literals are embedded (or, beyond max_embedded_literals, read from a
// table). Symbolic loops are emitted whole by assemble_loop.cpp.
#include "jit/assemble.h"

#include "backend/device.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <algorithm>
#include <deque>

namespace tj::jit {
namespace {

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

} // namespace

uint32_t emit(Assembly &as, const Instr &ins) {
    uint32_t n = uint32_t(as.ir.instrs.size());
    std::vector<char> &text = as.text_buffer;
    if (text.size() - as.text_used < max_instr_text_bytes) [[unlikely]]
        text.resize(std::max(2 * text.size(), size_t(4096)));
    as.text_used = size_t(write_instr_text(text.data() + as.text_used, ins, n) - text.data());
    as.ir.instrs.push_back(ins);
    if (ins.kind == InstrKind::Compute)
        ++as.ir.op_count;
    return n;
}

namespace {

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
    case Op::Counter: // the lane index: never of width 1 (var_counter makes that the literal 0), which broadcasts
        TJ_ASSERT_HOT(v.size != 1, "a Counter of width 1 (var_counter makes it a literal)");
        ins.kind = InstrKind::Index;
        break;
    case Op::Gather: {
        ins.op = v.op;
        ins.a = ref_of(s, v.dep[0]);
        ins.b = ref_of(s, v.dep[1]);
        ins.src_type = s.vars[v.dep[0]].type;
        ins.c = buffer_param(s, as, v.dep[2], ParamKind::Input);
        ins.d = size_param(s, as, ins.c, v.dep[2]);
        ins.imm = v.literal; // a packed gather's count and channel (kernel_ir.h)
        break;
    }
    case Op::Scatter:
    case Op::ScatterAdd:
    case Op::ScatterReduce:
        ins.op = v.op;
        ins.a = ref_of(s, v.dep[0]);
        ins.b = ref_of(s, v.dep[1]);
        ins.c = ref_of(s, v.dep[2]);
        ins.src_type = s.vars[v.dep[1]].type;
        ins.d = buffer_param(s, as, v.dep[3], ParamKind::Target);
        ins.imm = size_param(s, as, ins.d, v.dep[3]);
        if (v.op == Op::ScatterReduce) // the operator: in the kernel's text, so each one is its own kernel
            ins.imm |= v.literal << 32;
        break;
    case Op::ScatterInc:
        ins.op = v.op;
        ins.a = ref_of(s, v.dep[0]);
        ins.b = ref_of(s, v.dep[1]);
        ins.src_type = s.vars[v.dep[0]].type;
        ins.d = buffer_param(s, as, v.dep[2], ParamKind::Target);
        ins.imm = size_param(s, as, ins.d, v.dep[2]);
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
bool is_computed_dep(const Variable &v, int k) { return v.dep[k] && !is_buffer_operand(v.op, k); }

[[noreturn]] void raise_escaped_phi() {
    throw Error("tj::while_loop(): a value computed from a symbolic loop's state is used outside the loop's body, "
                "or evaluated (read, reduced, gathered from, scattered into) while the loop is being traced; "
                "only the loop's results can be used after it");
}

} // namespace

void children_of(State &s, uint32_t id, std::vector<uint32_t> &out) {
    const Variable &v = s.vars[id];
    if (v.op == Op::LoopOut) {
        const LoopRecord &r = s.loops[loop_of(v.literal)];
        for (auto *list : {&r.init, &r.update, &r.effects, &r.memory})
            out.insert(out.end(), list->begin(), list->end());
        out.push_back(r.cond);
        return;
    }
    for (int k = 0; k < 4; ++k)
        if (is_computed_dep(v, k))
            out.push_back(v.dep[k]);
}

/// Post-order walk from `root` without recursion (except into loops); every reached variable gets its
/// instruction.
void visit(State &s, Assembly &as, uint32_t root) {
    if (s.vars[root].scratch)
        return;
    // One stack per level of loop nesting, reused under the JIT lock (a deque keeps outer levels in place).
    static std::deque<std::vector<std::pair<uint32_t, int>>> &stacks =
        *new std::deque<std::vector<std::pair<uint32_t, int>>>();
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

void free_outputs(State &s, Assembly &as, Backend at) {
    for (auto &[root, p] : as.outputs) {
        backends::device(at).free(as.args[p], s.vars[root].type, s.vars[root].size);
        as.args[p] = nullptr;
    }
}

void assemble(State &s, Assembly &as, const std::vector<uint32_t> &roots, bool allocate) {
    as.ir.instrs.clear();
    as.ir.params.clear();
    as.ir.text.clear();
    as.text_used = 0;
    as.ir.op_count = 0;
    as.ir.launch_size = 0;
    as.args.clear();
    as.visited.clear();
    as.param_var.clear();
    as.size_of.clear();
    as.outputs.clear();
    as.out_types.clear();
    as.inputs = 0;
    as.literals = 0;
    as.table.clear();
    as.table_param = UINT32_MAX;
    as.memory.reset();
    as.memory_witness = 0;
    for (uint32_t r : roots) // every assembly leaves the graph without marks
        TJ_ASSERT(s.vars[r].scratch == 0, fmt::format("variable {} still has a mark of an earlier assembly", r));
    try {
        for (uint32_t r : roots) {
            visit(s, as, r);
            Variable &v = s.vars[r];
            if (is_scatter(v.op) || is_loop_effect(v))
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
            as.out_types.push_back(v.type);
        }
        if (!as.memory)
            as.memory = s.backend; // only literals and counters: the selected backend runs it
        if (allocate)
            for (auto &[root, p] : as.outputs) // not a step of a recording: the launch records its outputs
                as.args[p] = backends::device(*as.memory).alloc(s.vars[root].type, s.vars[root].size);
    } catch (...) { // out of memory or an escaped loop value: no marks on the graph, no orphaned buffers
        for (uint32_t id : as.visited)
            s.vars[id].scratch = 0;
        if (allocate && as.memory)
            free_outputs(s, as, *as.memory);
        throw;
    }
    as.ir.text.assign(as.text_buffer.data(), as.text_used);
    for (ParamKind k : as.ir.params)
        as.ir.text.push_back(char('0' + int(k)));
    for (uint32_t id : as.visited)
        s.vars[id].scratch = 0;
}

} // namespace tj::jit
