// runtime/jit/var.cpp — variable table: creation, reference counting, CSE, literal folding, type checks
//
// Read `var_op` first: it checks operand types and sizes, folds literals, and
// creates (or finds, through CSE) the node. Freeing is iterative (`dec_ref`), so
// graphs of any depth are released without recursion.
#include "jit/var.h"

#include "backend/device.h"
#include "jit/fold.h"
#include "log.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

namespace tj {
namespace jit {

static State *make_state() {
    auto *s = new State();
    const char *env = std::getenv("TRACEJIT_BACKEND");
    if (env && std::strcmp(env, "cuda") == 0) {
        if (std::string why = backends::unavailable_reason(Backend::CUDA); !why.empty())
            s->backend_error = "TRACEJIT_BACKEND=cuda: " + why;
        else
            s->backend = Backend::CUDA;
    } else if (env && *env && std::strcmp(env, "cpu") != 0)
        s->backend_error = fmt::format("TRACEJIT_BACKEND={}: expected cpu or cuda", env);
    return s;
}

State &state() {
    static State *s = make_state(); // never destroyed: arrays in static storage may outlive main()
    return *s;
}

void check_backend(const State &s) {
    if (!s.backend_error.empty()) [[unlikely]]
        throw Error(s.backend_error);
}

uint64_t cse_hash(const Variable &v) {
    uint64_t h = v.size * 0x9E3779B97F4A7C15ull ^ v.literal;
    h = (h ^ (h >> 32)) * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t(v.dep[0]) | uint64_t(v.dep[1]) << 32) * 0x165667B19E3779F9ull;
    h ^= (uint64_t(v.dep[2]) | uint64_t(v.dep[3]) << 32) * 0x27D4EB2F165667C5ull;
    h ^= (uint64_t(v.op) << 8 | uint64_t(v.type)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

static bool same_node(const Variable &a, const Variable &b) {
    return a.op == b.op && a.type == b.type && a.size == b.size && a.literal == b.literal && a.dep[0] == b.dep[0] &&
           a.dep[1] == b.dep[1] && a.dep[2] == b.dep[2] && a.dep[3] == b.dep[3];
}


[[noreturn]] void bad_var(State &s, uint32_t id, const char *api) {
    if (id == 0)
        throw Error(fmt::format("{}: an operand is an empty, uninitialized (default-constructed) array", api));
    throw Error(fmt::format("{}: an operand refers to a freed variable (id {})", api, id));
}

uint32_t new_var(State &s, const Variable &v, bool cse) {
    uint64_t h = 0;
    if (cse) {
        h = cse_hash(v);
        uint32_t found = s.cse.find(h, [&](uint32_t id) { return same_node(s.vars[id], v); });
        if (found) {
            ++s.vars[found].ref;
            return found;
        }
    }
    uint32_t id;
    if (!s.free_ids.empty()) {
        id = s.free_ids.back();
        s.free_ids.pop_back();
    } else {
        id = uint32_t(s.vars.size());
        s.vars.emplace_back();
    }
    Variable &slot = s.vars[id];
    slot = v;
    slot.ref = 1;
    for (uint32_t d : slot.dep)
        if (d)
            ++s.vars[d].ref;
    if (cse) {
        slot.in_cse = true;
        s.cse.insert(h, id);
    }
    return id;
}

void inc_ref(State &s, uint32_t id) {
    if (!id)
        return;
    TJ_ASSERT(s.vars[id].op != Op::Count, fmt::format("inc_ref of freed variable {}", id));
    ++s.vars[id].ref;
}

void dec_ref(State &s, uint32_t id) {
    if (!id)
        return;
    TJ_ASSERT(s.vars[id].ref > 0, fmt::format("dec_ref of variable {}, which has no references", id));
    if (--s.vars[id].ref != 0)
        return;
    std::vector<uint32_t> &stack = s.free_stack;
    size_t base = stack.size();
    stack.push_back(id);
    while (stack.size() > base) {
        uint32_t cur = stack.back();
        stack.pop_back();
        Variable &v = s.vars[cur];
        if (v.in_cse)
            s.cse.erase(cse_hash(v), cur);
        if (v.data)
            backends::device(where(v)).free(v.data, v.type, v.size);
        for (uint32_t d : v.dep) {
            if (!d)
                continue;
            TJ_ASSERT(s.vars[d].ref > 0, fmt::format("variable {} holds operand {}, which has no references", cur, d));
            if (--s.vars[d].ref == 0)
                stack.push_back(d);
        }
        if (v.op == Op::LoopOut) [[unlikely]]
            for (uint32_t d : loop_release(s, v.literal))
                if (--s.vars[d].ref == 0)
                    stack.push_back(d);
        if (!s.labels.empty())
            s.labels.erase(cur);
        s.vars[cur] = Variable{};
        s.free_ids.push_back(cur);
    }
}

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
    v.data = data;
    v.on_device = where == Backend::CUDA;
    v.literal = 0;
    std::memset(v.dep, 0, sizeof(v.dep));
    for (uint32_t d : deps)
        dec_ref(s, d); // may reallocate nothing: dec_ref never grows `vars`
    for (uint32_t d : released)
        dec_ref(s, d);
}

uint32_t new_leaf(State &s, Op op, VarType t, uint64_t size, uint64_t literal, void *data, Backend where) {
    check_backend(s);
    Variable v;
    v.op = op;
    v.type = t;
    v.size = size;
    v.literal = literal;
    v.data = data;
    v.on_device = where == Backend::CUDA;
    return new_var(s, v, op != Op::Data);
}

} // namespace jit

namespace detail {
using namespace jit;

size_t type_size(VarType t) {
    switch (t) {
    case VarType::Bool: return 1;
    case VarType::Int32:
    case VarType::UInt32:
    case VarType::Float32: return 4;
    default: return 8;
    }
}

const char *type_name(VarType t) {
    static const char *names[] = {"bool", "i32", "u32", "i64", "u64", "f32", "f64"};
    return names[int(t)];
}

static bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }
static bool is_int(VarType t) { return !is_float(t) && t != VarType::Bool; }

uint32_t var_literal(VarType t, uint64_t bits, size_t size) {
    State &s = state();
    Lock lock(s.mutex);
    return new_leaf(s, Op::Literal, t, size, bits, nullptr);
}

/// A new buffer of `dev` holding a copy of `n` elements of `t` from host memory at `src`.
static void *upload(backends::Device &dev, VarType t, const void *src, uint64_t n) {
    void *buf = dev.alloc(t, n);
    try {
        dev.copy_from_host(buf, src, t, n);
    } catch (...) {
        backends::device(dev.backend()).free(buf, t, n);
        throw;
    }
    return buf;
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

uint32_t var_counter(VarType t, size_t size) {
    if (t == VarType::Bool)
        throw Error("tj::arange(): needs a numeric array type, not Bool");
    State &s = state();
    Lock lock(s.mutex);
    return new_leaf(s, Op::Counter, t, size, 0, nullptr);
}

/// Size of the result of combining operands of the given sizes (width 1 broadcasts).
static uint64_t broadcast_size(const char *api, const uint64_t *sizes, size_t n) {
    if (sizes[0] == sizes[n - 1] && (n < 3 || sizes[1] == sizes[0]))
        return sizes[0]; // the common case: equal sizes
    uint64_t out = 1;
    bool any_other = false;
    for (size_t i = 0; i < n; ++i) {
        if (sizes[i] == 1)
            continue;
        if (!any_other) {
            out = sizes[i];
            any_other = true;
        } else if (sizes[i] != out) {
            std::string list;
            for (size_t j = 0; j < n; ++j)
                list += (j ? " and " : "") + std::to_string(sizes[j]);
            throw Error(fmt::format("{}: size mismatch: operands have sizes {} (only width-1 arrays broadcast)", api,
                                    list));
        }
    }
    return out;
}

static const char *op_kind_error(Op op, VarType t) {
    switch (op) {
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Neg: case Op::Min: case Op::Max:
    case Op::Fma: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Abs:
        return t == VarType::Bool ? "is not defined for Bool arrays" : nullptr;
    case Op::Mod:
        return t == VarType::Bool ? "is not defined for Bool arrays" : nullptr;
    case Op::Not: case Op::And: case Op::Or: case Op::Xor:
        return is_float(t) ? "needs Bool or integer arrays" : nullptr;
    case Op::Shl: case Op::Shr:
        return is_int(t) ? nullptr : "needs integer arrays";
    case Op::Sqrt: case Op::Rsqrt: case Op::Exp: case Op::Log: case Op::Sin: case Op::Cos: case Op::Tan:
    case Op::Tanh: case Op::Atan2: case Op::Pow: case Op::Erf: case Op::Floor: case Op::Ceil: case Op::Round:
        return is_float(t) ? nullptr : "needs floating-point arrays (cast first)";
    default:
        return nullptr;
    }
}

static bool is_comparison(Op op) { return op >= Op::Eq && op <= Op::Ge; }

/// The common case of tracing, without the general checks: two clean, non-literal operands of one type and
/// equal size, and an arithmetic or comparison op defined for that type. Returns 0 when it does not apply.
static uint32_t binary_fast_path(State &s, Op op, uint32_t a, uint32_t b) {
    if (op < Op::Add || op > Op::Ge || op == Op::Neg || op == Op::Not || a >= s.vars.size() || b >= s.vars.size())
        return 0;
    const Variable &va = s.vars[a], &vb = s.vars[b];
    if (va.op == Op::Count || vb.op == Op::Count || va.op == Op::Literal || vb.op == Op::Literal || va.dirty ||
        vb.dirty || va.type != vb.type || va.size != vb.size || op_kind_error(op, va.type))
        return 0;
    Variable v;
    v.op = op;
    v.type = is_comparison(op) ? VarType::Bool : va.type;
    v.size = va.size;
    v.dep[0] = a;
    v.dep[1] = b;
    return new_var(s, v, true);
}

uint32_t var_op(const char *api, Op op, uint32_t a, uint32_t b, uint32_t c) {
    State &s = state();
    Lock lock(s.mutex);
    if (b && !c && a)
        if (uint32_t id = binary_fast_path(s, op, a, b))
            return id;
    uint32_t ops[3] = {a, b, c};
    size_t n = c ? 3 : (b ? 2 : 1);
    for (size_t i = 0; i < n; ++i) {
        Variable &v = var(s, ops[i], api);
        if (v.dirty)
            flush_side_effects(s);
    }
    // Operand types: select's mask is Bool, the rest share one type.
    size_t first = op == Op::Select ? 1 : 0;
    VarType t = s.vars[ops[first]].type;
    if (op == Op::Select && s.vars[a].type != VarType::Bool)
        throw Error(fmt::format("{}: the mask must be a Bool array", api));
    for (size_t i = first; i < n; ++i)
        if (s.vars[ops[i]].type != t)
            throw Error(fmt::format("{}: operand types differ ({} and {}); cast first", api, type_name(t),
                                    type_name(s.vars[ops[i]].type)));
    if (const char *msg = op_kind_error(op, t))
        throw Error(fmt::format("{}: {} ({} given)", api, msg, type_name(t)));

    uint64_t sizes[3];
    for (size_t i = 0; i < n; ++i)
        sizes[i] = s.vars[ops[i]].size;
    uint64_t size = broadcast_size(api, sizes, n);
    VarType rt = is_comparison(op) ? VarType::Bool : t;

    // Fold literals.
    bool all_literal = true;
    for (size_t i = 0; i < n; ++i)
        all_literal &= s.vars[ops[i]].op == Op::Literal;
    uint64_t folded;
    if (all_literal && fold(op, t, rt, s.vars[a].literal, b ? s.vars[b].literal : 0, c ? s.vars[c].literal : 0,
                            folded))
        return var_literal(rt, folded, size);
    // Simplify x*1, 1*x, x+0 (integers only: -0.0 + 0.0 is +0.0), select on a literal mask.
    auto lit = [&](uint32_t id, int value) {
        return s.vars[id].op == Op::Literal && literal_is(s.vars[id].type, s.vars[id].literal, value);
    };
    auto same = [&](uint32_t id) -> uint32_t {
        if (s.vars[id].size != size)
            return 0;
        inc_ref(s, id);
        return id;
    };
    uint32_t simplified = 0;
    if (op == Op::Mul && lit(b, 1))
        simplified = same(a);
    else if (op == Op::Mul && lit(a, 1))
        simplified = same(b);
    else if (op == Op::Add && is_int(t) && lit(b, 0))
        simplified = same(a);
    else if (op == Op::Add && is_int(t) && lit(a, 0))
        simplified = same(b);
    else if (op == Op::Select && s.vars[a].op == Op::Literal)
        simplified = same(s.vars[a].literal ? b : c);
    else if (op == Op::Select && b == c)
        simplified = same(b);
    if (simplified)
        return simplified;

    Variable v;
    v.op = op;
    v.type = rt;
    v.size = size;
    v.dep[0] = a;
    v.dep[1] = b;
    v.dep[2] = c;
    return new_var(s, v, true);
}

uint32_t var_op_scalar(const char *api, Op op, uint32_t a, uint64_t bits, bool scalar_first) {
    State &s = state();
    Lock lock(s.mutex);
    uint32_t lit = var_literal(var(s, a, api).type, bits, 1);
    uint32_t result;
    try {
        result = scalar_first ? var_op(api, op, lit, a) : var_op(api, op, a, lit);
    } catch (...) {
        dec_ref(s, lit);
        throw;
    }
    dec_ref(s, lit);
    return result;
}

uint32_t var_cast(uint32_t a, VarType t) {
    State &s = state();
    Lock lock(s.mutex);
    Variable &src = var(s, a, "tj::cast()");
    if (src.dirty)
        flush_side_effects(s);
    if (src.type == t) {
        inc_ref(s, a);
        return a;
    }
    uint64_t folded;
    if (src.op == Op::Literal && fold(Op::Cast, src.type, t, src.literal, 0, 0, folded))
        return var_literal(t, folded, src.size);
    Variable v;
    v.op = Op::Cast;
    v.type = t;
    v.size = s.vars[a].size;
    v.dep[0] = a;
    return new_var(s, v, true);
}

/// A new Data variable with a copy of Data variable `id`'s buffer, in the same memory.
static uint32_t copy_data(State &s, uint32_t id) {
    const Variable v = s.vars[id];
    const Backend at = where(v);
    backends::Device &dev = backends::active_device(at);
    void *buf = dev.alloc(v.type, v.size);
    try {
        dev.copy(buf, v.data, v.type, v.size);
    } catch (...) {
        backends::device(at).free(buf, v.type, v.size);
        throw;
    }
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
        void *buf = dev.alloc(lit.type, lit.size);
        try {
            dev.fill(buf, lit.type, lit.size, lit.literal);
        } catch (...) {
            backends::device(at).free(buf, lit.type, lit.size);
            throw;
        }
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
        throw Error(fmt::format("{}: value type {} differs from target type {}", api,
                                type_name(s.vars[value].type), type_name(s.vars[target].type)));
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
        throw Error(fmt::format("{}: value has {} entries, index has {} and mask has {}", api, sizes[0], sizes[1],
                                sizes[2]));
    }
    if (s.vars[target].dirty || s.vars[value].dirty || s.vars[index].dirty || s.vars[mask].dirty)
        flush_side_effects(s);
    // Copy on write: afterwards the target's buffer belongs to this array alone.
    uint32_t dst = to_data(s, target, api); // one new reference
    // An operand that is the target itself must read the old contents: that counts as sharing too.
    bool shared = dst == target ? s.vars[dst].ref > 2 : s.vars[dst].ref > 1;
    shared |= value == target || index == target || mask == target;
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

void var_inc_ref(uint32_t id) noexcept {
    if (!id)
        return;
    State &s = state();
    Lock lock(s.mutex);
    inc_ref(s, id);
}

void var_dec_ref(uint32_t id) noexcept {
    if (!id)
        return;
    State &s = state();
    Lock lock(s.mutex);
    dec_ref(s, id);
}

size_t var_size(uint32_t id) {
    State &s = state();
    Lock lock(s.mutex);
    return var(s, id, "tj::Array::size()").size;
}

VarType var_type(uint32_t id) {
    State &s = state();
    Lock lock(s.mutex);
    return var(s, id, "tj::Array").type;
}

bool var_is_literal(uint32_t id) {
    State &s = state();
    Lock lock(s.mutex);
    return id && s.vars[id].op == Op::Literal;
}

bool var_key_info(uint32_t id, uint64_t &size, uint64_t &bits) {
    State &s = state();
    Lock lock(s.mutex);
    const Variable &v = var(s, id, "tj::freeze()");
    size = v.size;
    bits = v.op == Op::Literal ? v.literal : 0;
    return v.op == Op::Literal;
}

void var_eval(const uint32_t *ids, size_t count) {
    State &s = state();
    Lock lock(s.mutex);
    for (size_t i = 0; i < count; ++i)
        if (ids[i])
            var(s, ids[i], "tj::eval()");
    eval_locked(s, ids, count);
}

/// Pointer to the element `i` of an evaluated variable (literals: `bits`).
void var_read(uint32_t id, size_t i, void *dst) {
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

void var_set_label(uint32_t id, const std::string &label) {
    State &s = state();
    Lock lock(s.mutex);
    var(s, id, "tj::set_label()");
    s.labels[id] = label;
}

std::string var_label(uint32_t id) {
    State &s = state();
    Lock lock(s.mutex);
    auto it = s.labels.find(id);
    return it == s.labels.end() ? std::string() : it->second;
}

size_t var_count() {
    State &s = state();
    Lock lock(s.mutex);
    return s.vars.size() - 1 - s.free_ids.size();
}

} // namespace detail
} // namespace tj
