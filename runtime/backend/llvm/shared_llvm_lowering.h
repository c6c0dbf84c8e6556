// runtime/backend/llvm/shared_llvm_lowering.h — the skeleton of lowering kernel IR to LLVM IR, shared by CPU and CUDA
//
// `Lowering` owns what both targets do alike: the walk over a kernel's instructions in SSA order (`lower`, the switch
// on InstrKind) with one value per instruction (`m_values`), literals and width-1 inputs hoisted before the element
// loop, the element loop itself, the frames of symbolic loops, dispatch regions run case after case, the bounds
// checks of gathers and scatters, packed gathers loaded once per group, and the function's parameters. A target
// derives from it and implements the hooks below, which say what differs (as LLVM-based compilers such as Halide's
// CodeGen_LLVM split their targets):
//   registers   `shaped`, `broadcast`: a vector of lanes (CPU) or one scalar per thread (CUDA);
//   the loop    `begin_iteration`, `next_element`: how an iteration of the element loop starts and advances;
//   memory      `pointer_type` (the address space of buffers), `load`, `store`, `load_table_slot`, and where the
//               bounds check passes: `load_where`, `store_where`, `atomic_where`, `increment_where`, `load_packed`;
//   masks       `active_lanes`, `packed_scope`: which lanes run (CPU) — a thread runs or branches away (CUDA);
//   loops       `loop_enter`, `loop_iterates`, `loop_body_entered`, `loop_state_next`, `loop_left`,
//               `loop_body_with_header`: a SIMD loop over the lanes still running, or a plain loop per thread;
//   dispatch    `switch_update` (the CPU's sorted form stores a case's results instead);
//   math        `call_math`, `fmod` (elementwise::TargetMath): libmvec or libdevice.
// The kernel's entry (its function, the prologue before the loop) is each target's own: cpu/cpu_codegen.cpp,
// cuda/cuda_codegen.cpp. Element-wise ops are shared_llvm_elementwise.cpp's, atomics shared_llvm_atomic.cpp's.
#pragma once

#include "backend/llvm/shared_llvm_elementwise.h"
#include "kernel/kernel_ir.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace tj::llvm_lowering {

/// The state of lowering one kernel, and the walk over its instructions; a target implements the hooks.
class Lowering : public elementwise::TargetMath {
  protected:
    using Value = llvm::Value;

    /// `block_limit`: instructions per basic block of long kernels (0: one block for the whole body).
    Lowering(const KernelIR &ir, llvm::Module &m, size_t block_limit)
        : m_ir(ir), m_module(m), m_ctx(m.getContext()), m_b(m_ctx), m_block_limit(block_limit) {}

    // --- The walk (shared_llvm_lowering.cpp) ---

    /// The value of instruction `ins` (null for those that have none), emitted at the builder's insertion point.
    Value *lower(const Instr &ins);
    /// Lowers the literals and width-1 inputs (Const, Bcast) at the insertion point: once, before the loop.
    void hoist_invariants();
    /// Lowers instructions [from, to) that have no value yet, in order, starting a new basic block every
    /// `block_limit` instructions (so that instruction selection stays linear in the kernel's size).
    void walk(uint32_t from, uint32_t to);
    /// The element loop in block `loop`, entered from `from` with the first element `first`: begin_iteration,
    /// the kernel's instructions, next_element, back to `loop` while below `end`, else `exit` (which returns).
    void element_loop(llvm::BasicBlock *loop, llvm::BasicBlock *exit, Value *first, llvm::BasicBlock *from,
                      Value *end);
    /// The kernel function's parameter types: `leading` i64s, then one per param slot (Size: i64, else a buffer).
    std::vector<llvm::Type *> param_types(unsigned leading);
    /// Binds params from argument `first` of `f` on (inputs and outputs never alias; inputs are read-only) and
    /// makes `f` the function being lowered.
    void bind_params(llvm::Function *f, unsigned first);

    // --- Shared pieces the targets' hooks use ---

    llvm::Type *scalar_type(VarType t) { return elementwise::scalar_type(m_ctx, t); }
    /// A register of `t`: shaped by the target.
    llvm::Type *reg_type(VarType t) { return shaped(scalar_type(t)); }
    /// In memory, Bool is one byte.
    llvm::Type *mem_type(VarType t) { return t == VarType::Bool ? m_b.getInt8Ty() : scalar_type(t); }
    llvm::Align align_of(VarType t) { return llvm::Align(detail::type_size(t)); }
    Value *from_mem(VarType t, Value *v) {
        return t == VarType::Bool ? m_b.CreateICmpNE(v, llvm::Constant::getNullValue(v->getType())) : v;
    }
    Value *to_mem(VarType t, Value *v) { return t == VarType::Bool ? m_b.CreateZExt(v, shaped(m_b.getInt8Ty())) : v; }
    /// Element `index` of the buffer in param `param`.
    Value *element(uint32_t param, VarType t, Value *index) {
        return m_b.CreateInBoundsGEP(mem_type(t), m_params[param], index);
    }
    /// `index` (of the integer type `index_type`) as i64 registers: sign- or zero-extended as its type reads.
    Value *widen_index(VarType index_type, Value *index);
    /// Where element `index` (of `index_type`) is read or written: selected by `mask`, on an active lane
    /// (active_lanes) and inside the buffer of `size` elements (a negative index is a huge unsigned one: outside
    /// too). `index64` receives the index as i64.
    Value *valid_index(VarType index_type, Value *index, Value *mask, Value *size, Value *&index64);
    /// The operator of scatter `ins` (ScatterAdd or ScatterReduce).
    static detail::ReduceOp scatter_op(const Instr &ins) {
        return ins.op == detail::Op::ScatterAdd ? detail::ReduceOp::Sum : detail::ReduceOp(ins.imm >> 32);
    }

    // --- Hooks: registers ---

    /// The register type that holds `scalar` for every lane the code runs on.
    virtual llvm::Type *shaped(llvm::Type *scalar) = 0;
    /// `v` (one element) in every lane.
    virtual Value *broadcast(Value *v) = 0;

    // --- Hooks: the element loop ---

    /// Starts the iteration of the element loop whose first element is `i` (set the lanes' indices, masks).
    virtual void begin_iteration(llvm::PHINode *i) = 0;
    /// The first element of the next iteration after `i`'s.
    virtual Value *next_element(Value *i) = 0;

    // --- Hooks: memory ---

    /// The type of a buffer parameter (its address space).
    virtual llvm::PointerType *pointer_type() = 0;
    /// A Load (param[a][i]).
    virtual Value *load(const Instr &ins) = 0;
    /// A Store (param[a][i] = instr b).
    virtual void store(const Instr &ins) = 0;
    /// The memory form of a literal table's slot at `p` (ConstTable; the value is converted and broadcast here).
    virtual Value *load_table_slot(VarType t, Value *p) = 0;
    /// Gather `ins`'s elements `index64` of its source (param c), in memory form, where `valid`; 0 elsewhere.
    virtual Value *load_where(const Instr &ins, Value *valid, Value *index64) = 0;
    /// Scatter `ins`'s `value` to elements `index64` of its target (param d), where `valid`.
    virtual void store_where(const Instr &ins, Value *valid, Value *index64, Value *value) = 0;
    /// target[index64] op= value, atomically, where `valid` (scatter `ins`, a ScatterAdd or ScatterReduce).
    virtual void atomic_where(const Instr &ins, detail::ReduceOp op, Value *valid, Value *index64, Value *value) = 0;
    /// ScatterInc `ins`: the old UInt32 values of the incremented target elements `index64`, 0 where not `valid`.
    virtual Value *increment_where(const Instr &ins, Value *valid, Value *index64) = 0;
    /// The `count` channels of packed gather `ins` (kernel_ir.h), loaded together.
    virtual std::vector<Value *> load_packed(const Instr &ins, uint32_t count) = 0;

    // --- Hooks: masks ---

    /// `mask` where the lanes are running (the CPU's lanes below the end or still in a symbolic loop).
    virtual Value *active_lanes(Value *mask) = 0;
    /// What packed gathers loaded once are reused within (the same group of the same scope is not loaded again).
    virtual uintptr_t packed_scope() = 0;

    // --- Hooks: symbolic loops (the frames are here; kernel_ir.h describes the instructions) ---

    /// One symbolic loop being lowered.
    struct SymbolicLoop {
        llvm::BasicBlock *pre = nullptr, *header = nullptr, *body = nullptr, *exit = nullptr;
        llvm::PHINode *running = nullptr; ///< vector lanes: those that entered this iteration's condition
        Value *outer_active = nullptr;    ///< vector lanes: the active lanes around the loop
        Value *active = nullptr;          ///< vector lanes: those that run this iteration's body
        uintptr_t outer_scope = 0;        ///< the packed gathers' scope around the loop
        std::vector<std::pair<llvm::PHINode *, Value *>> next; ///< each state phi and its value after the body
    };
    /// Whether the body block is made with the header and the exit (laid out before the exit), else by LoopCond.
    virtual bool loop_body_with_header() = 0;
    /// At the top of the header of `l` (just made), before its phis and condition.
    virtual void loop_enter(SymbolicLoop &l) = 0;
    /// What LoopCond branches on: whether the body runs again, given the condition's value `cond`.
    virtual Value *loop_iterates(SymbolicLoop &l, Value *cond) = 0;
    /// At the top of the body.
    virtual void loop_body_entered(SymbolicLoop &l) = 0;
    /// The value state `phi` takes into the next iteration when the body gives it `value`.
    virtual Value *loop_state_next(SymbolicLoop &l, llvm::PHINode *phi, Value *value) = 0;
    /// After LoopEnd, at the top of the exit; `latch` is the block that branched back to the header.
    virtual void loop_left(SymbolicLoop &l, llvm::BasicBlock *latch) = 0;

    // --- Hooks: dispatch regions ---

    /// A case's SwitchUpdate: rebinds the SwitchPhi (cases run one after the other); null.
    virtual Value *switch_update(const Instr &ins);

    const KernelIR &m_ir;
    llvm::Module &m_module;
    llvm::LLVMContext &m_ctx;
    llvm::IRBuilder<> m_b;
    llvm::Function *m_function = nullptr;
    std::vector<Value *> m_params; ///< per param slot: its argument
    std::vector<Value *> m_values; ///< per instruction: its value (null: none, or not lowered yet)
    Value *m_index = nullptr;      ///< the element indices of the lanes (i64 registers), where the kernel has them
    std::vector<SymbolicLoop> m_loops; ///< symbolic loops being lowered, innermost last

  private:
    Value *compute(const Instr &ins);
    Value *gather(const Instr &ins);
    void scatter(const Instr &ins);
    Value *scatter_inc(const Instr &ins);
    Value *packed_channel(const Instr &ins);
    Value *loop_start();
    Value *loop_phi(const Instr &ins);
    Value *loop_cond(const Instr &ins);
    Value *phi_update(const Instr &ins);
    Value *loop_end();

    /// A packed gather's group: index, mask and source instructions/params, count, and the scope it was read in.
    struct PackedKey {
        uint32_t index, mask, source, count;
        uintptr_t scope;
        bool operator<(const PackedKey &o) const {
            return std::tie(index, mask, source, count, scope) < std::tie(o.index, o.mask, o.source, o.count, o.scope);
        }
    };

    size_t m_block_limit;
    std::map<PackedKey, std::vector<Value *>> m_packed; ///< packed gathers loaded so far, per channel
};

} // namespace tj::llvm_lowering
