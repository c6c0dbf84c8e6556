// runtime/jit/var.h — the variable table: lazy SSA nodes with reference counts and CSE
//
// Every tj::Array is an id into `State::vars`. A variable is either evaluated
// (op == Data: it owns a buffer) or a node of the lazy graph (op + operands).
// All access goes through the global state and its lock.
#pragma once

#include <tracejit/detail/core.h>
#include <tracejit/runtime.h>

#include "kernel/kernel_ir.h"
#include "jit/cse_table.h"
#include "jit/loop.h"

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace tj::jit {

using detail::Op;

/// One node of the graph (or an evaluated buffer).
struct Variable {
    uint64_t size = 0;              ///< number of elements
    uint64_t literal = 0;           ///< value bits of a Literal
    void *data = nullptr;           ///< buffer of a Data variable (owned)
    uint32_t dep[4] = {0, 0, 0, 0}; ///< operands (each holds a reference)
    uint32_t ref = 0;               ///< references from arrays and from other variables
    uint32_t scratch = 0;           ///< instruction number + 1 while a kernel is assembled
    Op op = Op::Count;              ///< Op::Count marks a free slot
    VarType type = VarType::Float32;
    bool dirty = false;     ///< a pending scatter writes into this buffer
    bool in_cse = false;    ///< registered in the CSE table
    bool on_device = false; ///< `data` is CUDA device memory (else host memory)
    bool foreign = false;   ///< `data` is foreign memory (tj::map, from_dlpack): never freed nor written in place
    /// Its size is a compress count: a compress's indices, or computed element-wise from arrays whose size is. Kernels
    /// group such variables apart from others that merely have the same size now, so that a frozen function's
    /// replay can size the one kernel by the count and keep the other's size (backends::Launch::size_follows_count).
    bool follows_count = false;
    /// A width chosen on the host takes part in its size: it is a Literal or Counter wider than 1 (`arange(n)`,
    /// `full(v, n)`), or computed element-wise from one (of its size), whatever else it reads. A frozen function's
    /// recording cannot tell such a size from an input's size that it equals (runtime/freeze/recording_device.cpp,
    /// RecordingDevice::infer; backends::Launch::size_from_host).
    bool host_size = false;
    bool oversized = false; ///< `data` was allocated for more than `size` elements: State::capacity has how many
    /// A node was created with this variable as an operand. While it is not, no node in the CSE table has it as
    /// one, so a new node that does cannot be found there (new_var skips the lookup).
    bool has_users = false;
};

/// Whether `op` is a pending scatter: a side effect on its target (dep[3]) with no value of its own.
inline bool is_scatter(Op op) { return op == Op::Scatter || op == Op::ScatterAdd || op == Op::ScatterReduce; }

/// Whether operand `k` of an `op` node is a whole buffer the kernel indexes (a gather's source, a scatter's target)
/// rather than a value per element computed in the kernel.
inline bool is_buffer_operand(Op op, int k) {
    return (op == Op::Gather && k == 2) || (is_scatter(op) && k == 3) || (op == Op::ScatterInc && k == 2);
}

/// The backend whose memory holds a Data variable's buffer.
inline Backend where(const Variable &v) { return v.on_device ? Backend::CUDA : Backend::CPU; }

/// Hash of what defines a pure node (op, type, size, operands, literal) for the CSE table.
inline uint64_t cse_hash(const Variable &v) {
    uint64_t h = v.size * 0x9E3779B97F4A7C15ull ^ v.literal;
    h = (h ^ (h >> 32)) * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t(v.dep[0]) | uint64_t(v.dep[1]) << 32) * 0x165667B19E3779F9ull;
    h ^= (uint64_t(v.dep[2]) | uint64_t(v.dep[3]) << 32) * 0x27D4EB2F165667C5ull;
    h ^= (uint64_t(v.op) << 8 | uint64_t(v.type)) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

/// Whether two pure nodes are the same computation (the CSE table's equality).
inline bool same_node(const Variable &a, const Variable &b) {
    return a.op == b.op && a.type == b.type && a.size == b.size && a.literal == b.literal && a.dep[0] == b.dep[0] &&
           a.dep[1] == b.dep[1] && a.dep[2] == b.dep[2] && a.dep[3] == b.dep[3];
}

/// Runs the release functions of the foreign buffers this thread freed (var.cpp); called once the thread holds the
/// runtime's lock no more, so that they may call into tracejit (or take locks of their own) freely.
void run_foreign_releases() noexcept;

/// A re-entrant lock that costs one uncontended std::mutex operation at the outermost level only:
/// the depth is per thread, so nested API calls (an op that creates a literal) do not touch the mutex.
class ReentrantMutex {
  public:
    void lock() {
        if (depth()++ == 0)
            m_mutex.lock();
    }
    void unlock() {
        if (--depth() == 0) {
            m_mutex.unlock();
            if (releases_pending()) [[unlikely]]
                run_foreign_releases();
        }
    }
    /// Set while this thread has release functions of foreign buffers to run (queue_foreign_release).
    static bool &releases_pending() {
        static thread_local bool pending __attribute__((tls_model("initial-exec"))) = false;
        return pending;
    }

  private:
    static unsigned &depth() {
        static thread_local unsigned d __attribute__((tls_model("initial-exec"))) = 0;
        return d;
    }
    std::mutex m_mutex;
};

/// The whole runtime state of the JIT, guarded by `mutex`.
struct State {
    ReentrantMutex mutex;
    std::vector<Variable> vars{1};      ///< id 0 is the empty array
    std::vector<uint32_t> free_ids;     ///< slots to reuse
    CseTable cse;                       ///< pure unevaluated nodes, by cse_hash
    std::vector<uint32_t> side_effects; ///< pending scatters, each holding one reference
    /// For each pending scatter, the device override of the thread that queued it (null: none; a frozen body's
    /// recording device, backend/device.h). A thread flushes only the scatters of its own override (or, without
    /// one, those of none), so that a recording neither takes in another thread's scatter nor loses its own to
    /// another thread's evaluation.
    std::vector<const void *> side_effect_owner;
    std::vector<LoopRecord> loops; ///< symbolic loops (runtime/jit/loop.h)
    std::vector<uint32_t> free_loops;
    std::unordered_map<uint32_t, std::string> labels;
    /// The tensor type and shape a variable was last given as a tj::Tensor's data ("tj::TensorXf[10, 7, 3]"), for
    /// whos() (include/tracejit/tensor.h).
    std::unordered_map<uint32_t, std::string> shapes;
    /// What to run when a foreign Data variable (Variable::foreign) is freed; absent when nothing is to run.
    std::unordered_map<uint32_t, std::function<void()>> foreign_release;
    /// The element count a Variable::oversized buffer was allocated for (it is freed with that count): a compress
    /// result that keeps its mask-sized index buffer (jit/scan.cpp).
    std::unordered_map<uint32_t, uint64_t> capacity;
    std::vector<uint32_t> free_stack; ///< scratch space of dec_ref (no recursion)
    KernelStats stats;
    /// Flags that kernels set where a lane meets an error its trace could not see, read after the evaluation that
    /// wrote them (jit/checks.cpp).
    struct Check {
        uint32_t flag;              ///< a UInt32 variable of one element, 0 while no lane failed (one reference)
        std::string before, after;  ///< the message around the flag's value
    };
    std::vector<Check> checks;
    /// Called by eval_locked before it schedules an evaluation (the AD graph's simplification): it may add
    /// variables worth evaluating in the same kernels (kept if they have the size of a requested root).
    void (*before_eval)(std::vector<uint32_t> &more_roots) = nullptr;
    Backend backend = Backend::CPU;
    std::string backend_error; ///< why TRACEJIT_BACKEND cannot be honoured (empty: fine)
};

/// The process-wide state.
State &state();

/// Throws the tj::Error stored when TRACEJIT_BACKEND named a backend that cannot run.
void check_backend(const State &s);

using Lock = std::lock_guard<ReentrantMutex>;

/// Allocates a variable slot (reference count 1) holding `v`; uses CSE when `cse` is set. Inline: every traced
/// operation ends here.
inline uint32_t new_var(State &s, const Variable &v, bool cse) {
    uint64_t h = 0;
    if (cse) {
        h = cse_hash(v);
        // An equal node would have every operand of v as its own: one without users rules it out (a chain's
        // latest result), and the insert below can wait in the table's queue (cse_table.h).
        bool fresh = false;
        for (int k = 0; k < 4; ++k)
            fresh |= v.dep[k] != 0 && !s.vars[v.dep[k]].has_users;
        if (!fresh)
            if (uint32_t found = s.cse.find(h, [&](uint32_t id) { return same_node(s.vars[id], v); })) {
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
    slot.has_users = false;
    bool host = false; // (an element-wise operand of the result's size has a width chosen on the host)
    for (int k = 0; k < 4; ++k)
        if (uint32_t d = slot.dep[k]) {
            Variable &dv = s.vars[d];
            ++dv.ref;
            dv.has_users = true;
            // Element-wise from an array whose size is a count (not a buffer it indexes, whatever its size).
            slot.follows_count |= dv.follows_count && dv.size == slot.size && !is_buffer_operand(slot.op, k);
            host |= dv.host_size && dv.size == slot.size && !is_buffer_operand(slot.op, k);
        }
    if (slot.op == Op::Literal || slot.op == Op::Counter)
        slot.host_size = slot.size > 1;
    else if (slot.op != Op::Data)
        slot.host_size = host;
    if (cse) {
        slot.in_cse = true;
        s.cse.insert_soon(h, id);
    }
    return id;
}

/// A new variable without operands: a Literal or Counter (deduplicated) or a Data variable owning `data`, a
/// buffer of the device of `where` (backend/device.h).
uint32_t new_leaf(State &s, Op op, VarType t, uint64_t size, uint64_t literal, void *data,
                  Backend where = Backend::CPU);
/// An evaluated variable of `size` elements of `t` that owns `data`, a buffer allocated for `capacity` elements
/// (capacity > size; it is freed with that count).
uint32_t new_oversized_data(State &s, VarType t, uint64_t size, uint64_t capacity, void *data, Backend where);
/// The number of elements variable `id`'s buffer was allocated for (its size, or an oversized one's capacity).
inline uint64_t buffer_elements(const State &s, uint32_t id) {
    return s.vars[id].oversized ? s.capacity.at(id) : s.vars[id].size;
}
/// A new Data variable with a copy of Data variable `id`'s buffer, in the same memory.
uint32_t copy_data(State &s, uint32_t id);
void inc_ref(State &s, uint32_t id);
/// Drops one reference; frees the variable and, iteratively, operands that become unused.
void dec_ref(State &s, uint32_t id);
inline bool is_float(VarType t) { return t == VarType::Float32 || t == VarType::Float64; }
inline bool is_int(VarType t) { return !is_float(t) && t != VarType::Bool; }

/// Size of the result of combining operands of the given sizes (width 1 broadcasts); throws tj::Error naming
/// `api` and the sizes otherwise.
uint64_t broadcast_size(const char *api, const uint64_t *sizes, size_t n);
/// Throws the tj::Error for an invalid id.
[[noreturn]] void bad_var(State &s, uint32_t id, const char *api);
/// Checks an id from the façade.
inline Variable &var(State &s, uint32_t id, const char *api) {
    if (id == 0 || id >= s.vars.size() || s.vars[id].op == Op::Count) [[unlikely]]
        bad_var(s, id, api);
    return s.vars[id];
}

/// The first `max_elements` (at most) elements of Data variable `v`, copied to host memory (for printing).
std::vector<char> host_elements(const Variable &v, uint64_t max_elements);
/// Element `i` of the values of type `t` at `p` (a literal's bits too), the shortest text that reads back exactly.
std::string format_element(VarType t, const void *p, size_t i);
/// Evaluates `ids` and all pending side effects (implemented in eval.cpp).
void eval_locked(State &s, const uint32_t *ids, size_t count);
/// Runs pending scatters if any.
void flush_side_effects(State &s);
/// Registers `flag` (a UInt32 variable of one element that a pending scatter sets to a nonzero value where a lane
/// fails; the check takes over the reference): the evaluation that writes it raises tj::Error(before + value + after)
/// if it is nonzero (jit/checks.cpp).
void add_check(State &s, uint32_t flag, std::string before, std::string after);
/// Reads the flags of the checks whose kernels have run and drops them; throws the first failure's tj::Error.
void run_checks(State &s);
/// The kernel IR that evaluating `ids` would run first (their first size group), assembled without compiling,
/// allocating or launching and with the graph left as it was: for tests of other backends' code generation.
KernelIR assemble_for_inspection(const uint32_t *ids, size_t count);

} // namespace tj::jit
