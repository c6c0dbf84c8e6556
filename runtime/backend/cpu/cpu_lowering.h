// runtime/backend/cpu/cpu_lowering.h — the CPU's lowering of one kernel to LLVM IR (private to the backend)
//
// `Lowering` derives from the shared skeleton (backend/llvm/shared_llvm_lowering.h: the instruction walk, loop
// frames, gather and scatter bounds checks) and implements its hooks for SIMD registers of `m_width` lanes with
// masks; its members are defined by construct: the kernel's functions in cpu_codegen.cpp (start there, at
// `build_body`), the loop's iterations, loads and stores in cpu_lowering.cpp, math calls in cpu_math.cpp, gathers
// and scatters in cpu_lowering_gather_scatter.cpp, packed gathers in
// cpu_lowering_packed_gather.cpp, symbolic loops in cpu_lowering_loops.cpp, dispatch regions and their sorted form
// in cpu_lowering_dispatch.cpp. cpu_codegen.cpp's `build_module` runs it.
#pragma once

#include "backend/cpu/cpu_codegen.h"
#include "backend/cpu/cpu_sorted_dispatch.h"
#include "kernel/kernel_ir.h"
#include "backend/llvm/kernel_ranges.h"
#include "backend/llvm/shared_llvm_lowering.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace tj::cpu {

/// State of lowering one kernel for the CPU.
class Lowering final : public llvm_lowering::Lowering {
  public:
    /// Which lanes an iteration of the loop may hold.
    enum class Lanes {
        Masked, ///< any: the last iteration may be partial, every memory access is masked by the lanes below `end`
        Whole,  ///< all: the caller passes a range of whole iterations, memory access needs no mask
    };

    Lowering(const KernelIR &ir, const HostTarget &host, llvm::Module &m, unsigned interleave, Lanes lanes)
        : llvm_lowering::Lowering(ir, m, block_limit), m_host(host),
          m_width(unsigned(host.vector_bits / 32) * interleave), m_lanes(lanes),
          m_prefetch_distance(prefetch_vectors * m_width), m_plan(plan_sorted(ir, m_width)) {}

    /// The body: an internal function `void (i64 start, i64 end, i64 stream, params...)` with the loop over
    /// [start, end).
    llvm::Function *build_body();
    /// The entry point (kernel_entry): unpacks the argument array and calls `body` on [start, end), or, with a
    /// `tail` body, `body` on the whole iterations of `body` from start and `tail` on the rest.
    void build_entry(llvm::Function *body, llvm::Function *tail);

  private:
    llvm::Type *vec(llvm::Type *scalar) { return llvm::FixedVectorType::get(scalar, m_width); }

    /// The first lane's element index (the loop counter).
    Value *m_index_scalar() { return m_i; }
    Value *splat64(uint64_t v) { return m_b.CreateVectorSplat(m_width, m_b.getInt64(v)); }

    // Hooks of the shared lowering: registers are vectors of m_width lanes.
    llvm::Type *shaped(llvm::Type *scalar) override { return vec(scalar); }
    Value *broadcast(Value *v) override { return m_b.CreateVectorSplat(m_width, v); }
    llvm::PointerType *pointer_type() override { return m_b.getPtrTy(); }
    Value *active_lanes(Value *mask) override { return m_b.CreateAnd(mask, m_active); }
    uintptr_t packed_scope() override { return reinterpret_cast<uintptr_t>(m_active); }

    // The kernel's functions (cpu_codegen.cpp).
    void set_target_attrs(llvm::Function *f);
    Value *streaming_allowed(Value *stream, Value *start);

    // The loop's iterations, loads and stores (cpu_lowering.cpp).
    Value *lanes_below(Value *i, Value *end);
    Value *lane_indices(Value *i);
    void begin_iteration(llvm::PHINode *i) override;
    Value *next_element(Value *i) override;
    Value *load(const Instr &ins) override;
    void store(const Instr &ins) override;
    Value *load_table_slot(VarType t, Value *p) override;
    Value *load_in_order(Value *p, VarType t);
    void prefetch_stream(Value *p, VarType t);
    void store_streaming(Value *v, Value *p, VarType t);
    Value *concat(const std::vector<Value *> &pieces);

    // Math calls (cpu_math.cpp).
    Value *call_math(const char *name, VarType t, llvm::ArrayRef<Value *> args) override;
    Value *call_libmvec(const char *name, VarType t, llvm::ArrayRef<Value *> args);
    Value *slice(Value *v, unsigned first, unsigned count);
    Value *fmod(Value *a, Value *b, VarType) override;

    // Dispatch regions and their sorted form (cpu_lowering_dispatch.cpp).
    /// Which phase of a sorted kernel is being lowered (what `import` reads an operand of another phase from).
    enum class Phase { Before, Case, After };
    void build_sorted(Value *start, Value *end, llvm::BasicBlock *chunk_head, llvm::BasicBlock *exit);
    template <class F> void group_loop(Value *from, Value *to, F body);
    template <class F> void scalar_loop(Value *n, F body);
    void top_level_group(Value *i, Value *chunk_end);
    void lower_range(uint32_t from, uint32_t to, Phase phase);
    void import(uint32_t k, Phase phase);
    void store_lanes(Value *base, Value *at, uint32_t k);
    Value *switch_update(const Instr &ins) override;

    // Symbolic loops (cpu_lowering_loops.cpp): one SIMD loop over the lanes still running.
    bool loop_body_with_header() override { return true; }
    void loop_enter(SymbolicLoop &l) override;
    Value *loop_iterates(SymbolicLoop &l, Value *cond) override;
    void loop_body_entered(SymbolicLoop &l) override;
    Value *loop_state_next(SymbolicLoop &l, llvm::PHINode *phi, Value *value) override;
    void loop_left(SymbolicLoop &l, llvm::BasicBlock *latch) override;

    // Gathers, scatters and atomic scatters (cpu_lowering_gather_scatter.cpp).
    template <class F> Value *each_valid_lane(Value *valid, Value *results, F per_lane);
    Value *load_where(const Instr &ins, Value *valid, Value *index64) override;
    void store_where(const Instr &ins, Value *valid, Value *index64, Value *value) override;
    void atomic_where(const Instr &ins, detail::ReduceOp op, Value *valid, Value *index64, Value *value) override;
    Value *increment_where(const Instr &ins, Value *valid, Value *index64) override;

    // Packed gathers (cpu_lowering_packed_gather.cpp).
    std::vector<Value *> load_packed(const Instr &ins, uint32_t count) override;
    std::vector<Value *> load_rows(const Instr &ins, unsigned n, const std::vector<Value *> &addresses);
    std::vector<Value *> lane_addresses(const Instr &ins, Value *index, uint64_t first);
    Value *index_fits(const Instr &ins, uint32_t extent);
    const IndexBound &index_bound(uint32_t k);
    void prefetch_ahead(const Instr &ins);
    Value *index_ahead(uint32_t k, size_t &budget);
    std::vector<Value *> transpose(const std::vector<Value *> &rows, unsigned n);

    /// Elements per lane in one load of a packed gather (16 bytes of float32).
    static constexpr uint32_t packet = 4;
    /// How many iterations ahead packed gathers prefetch (prefetch_ahead). On bench_texture's lookups (thread CPU
    /// time on a loaded 2-core machine, commit 36e98af): 1 ahead 10.3 ns per lookup, 2 ahead 8.9, 3 to 6 ahead 12.8
    /// to 15.7; none 20.
    static constexpr uint64_t prefetch_vectors = 2;
    /// How many instructions prefetch_ahead may recompute for an index.
    static constexpr size_t prefetch_budget = 64;
    /// How far ahead whole-vector loads of a streaming launch prefetch (prefetch_stream), in bytes.
    static constexpr uint64_t stream_prefetch_bytes = 2048;

    /// The body's parameters: start, end, stream, then one per param slot.
    static constexpr unsigned first_param = 3;
    /// Instructions per basic block of long kernels.
    static constexpr size_t block_limit = 512;

    const HostTarget &m_host;
    unsigned m_width; ///< lanes per loop iteration: the host's widest float vector times the interleave factor
    Lanes m_lanes;    ///< whether the loop's iterations may be partial
    uint64_t m_prefetch_distance; ///< elements ahead that packed gathers prefetch
    Value *m_i = nullptr;             ///< the first lane's element index (the loop counter)
    Value *m_active = nullptr;        ///< lanes below `end` (inside a symbolic loop: the lanes running it)
    Value *m_top_active = nullptr;    ///< m_active outside symbolic loops
    std::vector<IndexBound> m_bounds; ///< per instruction: what is known of its values (index_bound)
    Value *m_end = nullptr;           ///< the end of the elements this call runs
    std::vector<Value *> m_ahead;     ///< per instruction: its value m_prefetch_distance elements ahead (index_ahead)
    llvm::Instruction *m_loop_entry = nullptr; ///< the branch into the loop: code before it runs once per call
    Value *m_stream_ok = nullptr;              ///< this run may stream its outputs (streaming_allowed); null: never
    Value *m_stream = nullptr;                 ///< this iteration stores whole vectors with non-temporal stores
    Value *m_stream_ahead = nullptr; ///< bytes ahead that whole-vector loads prefetch (prefetch_stream); null: none
    // The sorted form (build_sorted), where the kernel has a region to sort:
    std::optional<SortedPlan> m_plan;
    std::vector<Value *> m_entry_values; ///< m_values of the entry block (literals, width-1 inputs)
    std::vector<Value *> m_scratch;      ///< chunk scratch of each of m_plan->exports
    std::vector<Value *> m_results;      ///< chunk scratch of each merged result (m_plan->phis), in sorted order
    Value *m_keys = nullptr;             ///< each lane's case (i32; the number of cases: none)
    Value *m_inverse = nullptr;          ///< each lane's place in m_perm_base (i32)
    Value *m_group = nullptr;            ///< in phase C: the group's first place in m_perm_base
    Value *m_chunk = nullptr;            ///< the chunk's first element
    Value *m_perm_base = nullptr;        ///< the chunk's lanes sorted by case (i32, relative to m_chunk)
    Value *m_case_start = nullptr;       ///< where each case's lanes start in m_perm_base (i32)
    Value *m_perm = nullptr;             ///< in phase C: the group's lanes (i32 vector, relative to m_chunk); else null
    size_t m_case = 0;                   ///< in phase C: the case being lowered
};

} // namespace tj::cpu
