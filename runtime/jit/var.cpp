// runtime/jit/var.cpp — the variable table: slots, reference counting, CSE, and the façade's queries on ids
//
// Creating nodes is in ops.cpp (arithmetic, casts) and memory_ops.cpp (buffers, gathers, scatters, reads).
// Freeing is iterative (`dec_ref`), so graphs of any depth are released without recursion.
#include "jit/var.h"

#include "backend/device.h"
#include "log.h"

#include <tracejit/detail/control_core.h>
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

[[noreturn]] void bad_var(State &s, uint32_t id, const char *api) {
    if (id == 0)
        throw Error(fmt::format("{}: an operand is an empty, uninitialized (default-constructed) array", api));
    throw Error(fmt::format("{}: an operand refers to a freed variable (id {})", api, id));
}

/// This thread's release functions of freed foreign buffers, run when it leaves the runtime's lock.
static std::vector<std::function<void()>> &pending_releases() {
    static thread_local std::vector<std::function<void()>> pending;
    return pending;
}

/// Moves a freed foreign variable's release function (if any) to this thread's queue.
static void queue_foreign_release(State &s, uint32_t id) {
    auto found = s.foreign_release.find(id);
    if (found == s.foreign_release.end())
        return;
    pending_releases().push_back(std::move(found->second));
    s.foreign_release.erase(found);
    ReentrantMutex::releases_pending() = true;
}

/// The element count variable `id`'s oversized buffer was allocated for; forgets it.
static uint64_t take_capacity(State &s, uint32_t id) {
    auto found = s.capacity.find(id);
    TJ_ASSERT_HOT(found != s.capacity.end(), fmt::format("oversized variable {} has no recorded capacity", id));
    uint64_t n = found->second;
    s.capacity.erase(found);
    return n;
}

void run_foreign_releases() noexcept {
    static thread_local bool running = false;
    if (running) // a release function that freed another foreign buffer: the loop below runs it too
        return;
    running = true;
    std::vector<std::function<void()>> &pending = pending_releases();
    while (!pending.empty()) {
        std::function<void()> release = std::move(pending.back());
        pending.pop_back();
        try {
            release();
        } catch (const std::exception &e) {
            logging::error("tracejit: the release function of a foreign buffer (tj::map, tj::from_dlpack) threw: {}",
                           e.what());
        } catch (...) {
            logging::error("tracejit: the release function of a foreign buffer (tj::map, tj::from_dlpack) threw");
        }
    }
    ReentrantMutex::releases_pending() = false;
    running = false;
}

void inc_ref(State &s, uint32_t id) {
    if (!id)
        return;
    TJ_ASSERT_HOT(s.vars[id].op != Op::Count, fmt::format("inc_ref of freed variable {}", id));
    ++s.vars[id].ref;
}

void dec_ref(State &s, uint32_t id) {
    if (!id)
        return;
    TJ_ASSERT_HOT(s.vars[id].ref > 0, fmt::format("dec_ref of variable {}, which has no references", id));
    if (--s.vars[id].ref != 0)
        return;
    std::vector<uint32_t> &stack = s.free_stack;
    size_t base = stack.size();
    stack.push_back(id);
    while (stack.size() > base) {
        uint32_t cur = stack.back();
        stack.pop_back();
        Variable &v = s.vars[cur];
        if (v.in_cse) // queued: the erasures of a freed graph overlap their cache misses
            s.cse.erase_soon(cse_hash(v), cur);
        if (v.foreign) [[unlikely]]
            queue_foreign_release(s, cur);
        else if (v.data)
            backends::device(where(v)).free(v.data, v.type, v.oversized ? take_capacity(s, cur) : v.size);
        for (uint32_t d : v.dep) {
            if (!d)
                continue;
            TJ_ASSERT_HOT(s.vars[d].ref > 0,
                          fmt::format("variable {} holds operand {}, which has no references", cur, d));
            if (--s.vars[d].ref == 0)
                stack.push_back(d);
        }
        if (v.op == Op::LoopOut) [[unlikely]]
            for (uint32_t d : loop_release(s, v.literal))
                if (--s.vars[d].ref == 0)
                    stack.push_back(d);
        if (!s.labels.empty())
            s.labels.erase(cur);
        if (!s.shapes.empty())
            s.shapes.erase(cur);
        s.vars[cur] = Variable{};
        s.free_ids.push_back(cur);
    }
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
    // A literal array made inside a symbolic loop body is not merged with an equal one made outside it: the body's
    // ordering checks tell arrays apart by variable (loop.cpp, loop_note_direct), and `zeros(n)` in the body is
    // not the scatter target `zeros(n)` made before the loop.
    bool cse = op != Op::Data && !(op == Op::Literal && size > 1 && detail::loop_depth() != 0);
    return new_var(s, v, cse);
}

uint32_t new_oversized_data(State &s, VarType t, uint64_t size, uint64_t capacity, void *data, Backend where) {
    TJ_ASSERT(capacity > size, "an oversized buffer that is not larger than its variable");
    uint32_t id = new_leaf(s, Op::Data, t, size, 0, data, where);
    try {
        s.capacity.emplace(id, capacity);
    } catch (...) { // the caller still owns the buffer
        s.vars[id].data = nullptr;
        dec_ref(s, id);
        throw;
    }
    s.vars[id].oversized = true;
    return id;
}

uint64_t broadcast_size(const char *api, const uint64_t *sizes, size_t n) {
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
            throw Error(
                fmt::format("{}: size mismatch: operands have sizes {} (only width-1 arrays broadcast)", api, list));
        }
    }
    return out;
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
    uint64_t n = var(s, id, "tj::Array::size()").size;
    if (backends::DeviceOverride *o = backends::thread_override()) [[unlikely]]
        o->after_size_read(n); // a frozen body may make other sizes from it (runtime/freeze/recording_device.cpp)
    return n;
}

size_t var_size_read(uint32_t id) {
    State &s = state();
    Lock lock(s.mutex);
    const Variable &v = var(s, id, "tj::Array::size()");
    // As var_size, but not for an array whose width was chosen on the host (arange(3), what is computed element-wise
    // from it): the body learns nothing of its inputs from that size, and a width that equals it by chance (the 3 of
    // another arange, beside a block reduction with 3 results) must not follow an input or a block reduction on
    // replay (runtime/freeze/recording_device.cpp, read_on_host).
    if (backends::DeviceOverride *o = backends::thread_override(); o && !v.host_size) [[unlikely]]
        o->after_size_read(v.size);
    return v.size;
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

bool var_is_dirty(uint32_t id) {
    State &s = state();
    Lock lock(s.mutex);
    return id && s.vars[id].dirty;
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

void var_set_label(uint32_t id, const std::string &label) {
    State &s = state();
    Lock lock(s.mutex);
    var(s, id, "tj::set_label()");
    s.labels[id] = label;
}

void var_set_shape(uint32_t id, const std::string &shape) {
    if (!id)
        return;
    State &s = state();
    Lock lock(s.mutex);
    var(s, id, "tj::Tensor");
    s.shapes[id] = shape;
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
