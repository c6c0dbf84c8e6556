// runtime/backend/cpu_codegen.cpp — kernel IR → LLVM IR, explicitly vectorised to the host's SIMD width
//
// `build_module` emits an internal body function with one parameter per param
// slot (buffers that cannot alias are `noalias`) and a thin entry point that
// unpacks the argument array; inlining turns `noalias` into alias scopes.
// The loop handles `m_width` elements per iteration; every memory access is
// masked by the lanes still below `end`, so there is no scalar remainder loop
// and the code size (and so compile time) stays linear in the kernel size.
// Element-wise ops are lowered by shared_llvm_elementwise.cpp (shared with CUDA), with
// float32 sin/cos inline (cpu_math.cpp) and libmvec for the other math functions (`call_math`);
// `Lowering::compute` adds gathers
// and scatters, masked by the active lanes.
#include "backend/cpu_codegen.h"
#include "backend/cpu_math.h"
#include "backend/cpu_sorted_dispatch.h"
#include "backend/kernel_ranges.h"
#include "backend/shared_llvm_atomic.h"

#include "backend/shared_llvm_elementwise.h"

#include <tracejit/error.h>

#include <fmt/format.h>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>

namespace tj::cpu {
namespace {

using detail::Op;
using llvm::Value;

using elementwise::convert;
using elementwise::is_float;
using elementwise::is_signed;

/// State of lowering one kernel.
class Lowering : elementwise::TargetMath {
  public:
    Lowering(const KernelIR &ir, const HostTarget &host, llvm::Module &m, unsigned interleave)
        : m_ir(ir), m_host(host), m_module(m), m_ctx(m.getContext()), m_b(m_ctx),
          m_width(unsigned(host.vector_bits / 32) * interleave), m_prefetch_distance(prefetch_vectors * m_width),
          m_plan(plan_sorted(ir, m_width)) {}

    void build() {
        llvm::Function *body = build_body();
        build_entry(body);
    }

  private:
    llvm::Type *scalar_type(VarType t) { return elementwise::scalar_type(m_ctx, t); }
    llvm::Type *vec(llvm::Type *scalar) { return llvm::FixedVectorType::get(scalar, m_width); }
    /// Registers hold `m_width` lanes.
    llvm::Type *reg_type(VarType t) { return vec(scalar_type(t)); }
    /// In memory, Bool is one byte.
    llvm::Type *mem_scalar(VarType t) { return t == VarType::Bool ? m_b.getInt8Ty() : scalar_type(t); }
    llvm::Align align_of(VarType t) { return llvm::Align(detail::type_size(t)); }

    void set_target_attrs(llvm::Function *f) {
        f->addFnAttr("target-cpu", m_host.cpu);
        f->addFnAttr("target-features", m_host.features);
        f->addFnAttr("prefer-vector-width", std::to_string(m_host.vector_bits));
        f->addFnAttr("min-legal-vector-width", std::to_string(m_host.vector_bits));
        f->addFnAttr(llvm::Attribute::NoUnwind);
    }

    llvm::Function *build_body() {
        std::vector<llvm::Type *> params{m_b.getInt64Ty(), m_b.getInt64Ty(), m_b.getInt64Ty()};
        for (ParamKind k : m_ir.params)
            params.push_back(k == ParamKind::Size ? (llvm::Type *)m_b.getInt64Ty() : m_b.getPtrTy());
        auto *fty = llvm::FunctionType::get(m_b.getVoidTy(), params, false);
        auto *f = llvm::Function::Create(fty, llvm::Function::InternalLinkage, "tj_body", m_module);
        set_target_attrs(f);
        f->addFnAttr(llvm::Attribute::AlwaysInline);
        for (size_t k = 0; k < m_ir.params.size(); ++k) {
            ParamKind kind = m_ir.params[k];
            if (kind == ParamKind::Input || kind == ParamKind::Output) {
                f->addParamAttr(unsigned(k + first_param), llvm::Attribute::NoAlias);
                f->addParamAttr(unsigned(k + first_param), llvm::Attribute::NoCapture);
            }
            if (kind == ParamKind::Input)
                f->addParamAttr(unsigned(k + first_param), llvm::Attribute::ReadOnly);
        }
        m_function = f;
        auto *entry = llvm::BasicBlock::Create(m_ctx, "entry", f);
        auto *loop = llvm::BasicBlock::Create(m_ctx, "loop", f);
        auto *exit = llvm::BasicBlock::Create(m_ctx, "exit", f);
        m_b.SetInsertPoint(entry);
        Value *start = f->getArg(0), *end = f->getArg(1);
        m_end = end;
        for (size_t k = 0; k < m_ir.params.size(); ++k)
            m_params.push_back(f->getArg(unsigned(k + first_param)));
        auto *to_loop = m_b.CreateCondBr(m_b.CreateICmpULT(start, end), loop, exit);

        // Width-1 inputs and literals are computed once, before the loop.
        m_b.SetInsertPoint(to_loop);
        m_loop_entry = to_loop;
        m_stream_ok = streaming_allowed(f->getArg(2), start);
        m_values.assign(m_ir.instrs.size(), nullptr);
        for (size_t n = 0; n < m_ir.instrs.size(); ++n) {
            const Instr &ins = m_ir.instrs[n];
            if (ins.kind == InstrKind::Const || ins.kind == InstrKind::Bcast)
                m_values[n] = lower(ins);
        }
        if (m_plan) {
            build_sorted(start, end, loop, exit);
            return f;
        }

        m_b.SetInsertPoint(loop);
        llvm::PHINode *i = m_b.CreatePHI(m_b.getInt64Ty(), 2, "i");
        i->addIncoming(start, entry);
        m_i = i;
        m_active = lanes_below(i, end); // (the last iteration may be partial)
        for (const Instr &ins : m_ir.instrs)
            if (ins.kind == InstrKind::Index) {
                m_index = lane_indices(i);
                break;
            }
        m_top_active = m_active;
        if (m_stream_ok) // whole vectors only: x86 has no masked non-temporal store
            m_stream = m_b.CreateAnd(m_stream_ok, m_b.CreateICmpULE(m_b.CreateAdd(i, m_b.getInt64(m_width)), end),
                                     "stream");
        size_t in_block = 0;
        for (size_t n = 0; n < m_ir.instrs.size(); ++n) {
            if (!m_values[n])
                m_values[n] = lower(m_ir.instrs[n]);
            // Long kernels: split the body into blocks so instruction selection stays linear in kernel size.
            if (++in_block == block_limit && n + 1 < m_ir.instrs.size()) {
                auto *next_block = llvm::BasicBlock::Create(m_ctx, "body", f);
                m_b.CreateBr(next_block);
                m_b.SetInsertPoint(next_block);
                in_block = 0;
            }
        }
        Value *next = m_b.CreateAdd(i, m_b.getInt64(m_width), "i.next", true, true);
        i->addIncoming(next, m_b.GetInsertBlock());
        m_b.CreateCondBr(m_b.CreateICmpULT(next, end), loop, exit);
        m_b.SetInsertPoint(exit);
        m_b.CreateRetVoid();
        return f;
    }

    /// The lanes of the group that starts at element `i` whose elements are below `end`: the low min(end - i, width)
    /// bits of a width-bit integer, a mask register on AVX-512 (cheaper than comparing a vector of indices).
    Value *lanes_below(Value *i, Value *end) {
        llvm::Type *bits_ty = m_b.getIntNTy(m_width);
        Value *count = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, m_b.CreateSub(end, i), m_b.getInt64(m_width));
        Value *shift = m_b.CreateZExtOrTrunc(m_b.CreateSub(m_b.getInt64(m_width), count), bits_ty);
        return m_b.CreateBitCast(m_b.CreateLShr(llvm::Constant::getAllOnesValue(bits_ty), shift),
                                 llvm::FixedVectorType::get(m_b.getInt1Ty(), m_width), "active");
    }
    /// i, i + 1, …, i + width - 1 (i64).
    Value *lane_indices(Value *i) {
        std::vector<llvm::Constant *> lanes;
        for (unsigned l = 0; l < m_width; ++l)
            lanes.push_back(m_b.getInt64(l));
        return m_b.CreateAdd(m_b.CreateVectorSplat(m_width, i), llvm::ConstantVector::get(lanes), "index");
    }

    // The sorted form of a kernel with a wide dispatch region (cpu_sorted_dispatch.h, docs/vcalls.md "The sorted
    // form"): the block runs in chunks, each in phases A (the code before the region), B (a counting sort of the
    // chunk's lanes by case), C (each case on its lanes, in full SIMD groups) and D (the code after the region).
    // Values pass between phases through chunk scratch on the stack.

    /// Which phase of a sorted kernel is being lowered (what `import` reads an operand of another phase from).
    enum class Phase { Before, Case, After };

    void build_sorted(Value *start, Value *end, llvm::BasicBlock *chunk_head, llvm::BasicBlock *exit) {
        const SortedPlan &p = *m_plan;
        llvm::BasicBlock *entry = m_b.GetInsertBlock();
        llvm::Type *i32 = m_b.getInt32Ty();
        size_t cases = p.cases.size();
        // Chunk scratch: static allocas of the entry block.
        auto array = [&](llvm::Type *t, uint64_t n, const char *name) {
            llvm::AllocaInst *a = m_b.CreateAlloca(t, m_b.getInt64(n), name);
            a->setAlignment(llvm::Align(64));
            return a;
        };
        for (uint32_t k : p.exports)
            m_scratch.push_back(array(mem_scalar(m_ir.instrs[k].type), p.chunk, "export"));
        for (uint32_t k : p.phis)
            m_results.push_back(array(mem_scalar(m_ir.instrs[k].type), p.chunk, "result"));
        m_keys = array(i32, p.chunk, "case.of");
        m_perm_base = array(i32, p.chunk, "perm");
        m_inverse = array(i32, p.chunk, "perm.inverse");
        Value *next_at = array(i32, cases + 1, "case.next"); // per case: its count, then where its next lane goes
        m_case_start = array(i32, cases + 2, "case.start");
        // The case of each id (`cases` for ids without one, and for ids past max_id at the table's last entry).
        std::vector<uint32_t> table(size_t(p.max_id) + 2, uint32_t(cases));
        for (size_t c = 0; c < cases; ++c)
            table[p.case_ids[c]] = uint32_t(c);
        auto *table_init = llvm::ConstantDataArray::get(m_ctx, table);
        auto *case_table = new llvm::GlobalVariable(m_module, table_init->getType(), true,
                                                    llvm::GlobalValue::PrivateLinkage, table_init, "case.table");
        m_entry_values = m_values;

        m_b.SetInsertPoint(chunk_head);
        llvm::PHINode *cs = m_b.CreatePHI(m_b.getInt64Ty(), 2, "chunk");
        cs->addIncoming(start, entry);
        m_chunk = cs;
        Value *ce = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, m_b.CreateAdd(cs, m_b.getInt64(p.chunk)), end);

        // A: the code before the region; its exports and each lane's case to scratch.
        group_loop(cs, ce, [&](Value *i) {
            top_level_group(i, ce);
            lower_range(0, p.start, Phase::Before);
            Value *at = m_b.CreateSub(i, cs);
            for (size_t j = 0; j < p.exports.size(); ++j)
                store_lanes(m_scratch[j], at, p.exports[j]);
            Value *ids = m_values[p.ids];
            Value *row = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, ids,
                                                   m_b.CreateVectorSplat(m_width, m_b.getInt32(p.max_id + 1)));
            Value *ptrs = m_b.CreateInBoundsGEP(i32, case_table, m_b.CreateZExt(row, vec(m_b.getInt64Ty())));
            Value *kase = m_b.CreateMaskedGather(vec(i32), ptrs, llvm::Align(4), m_active);
            m_b.CreateMaskedStore(kase, m_b.CreateInBoundsGEP(i32, m_keys, at), llvm::Align(4), m_active);
        });

        // B: counting sort of the chunk's lanes by case (lanes of no case last): m_perm_base[m_case_start[c] + r]
        // is the r-th lane of case c, m_inverse[lane] its place there.
        Value *keys = m_keys;
        Value *n = m_b.CreateSub(ce, cs);
        m_b.CreateMemSet(next_at, m_b.getInt8(0), (cases + 1) * 4, llvm::Align(4));
        scalar_loop(n, [&](Value *j) {
            Value *c = m_b.CreateLoad(i32, m_b.CreateInBoundsGEP(i32, keys, j));
            Value *slot = m_b.CreateInBoundsGEP(i32, next_at, c);
            m_b.CreateStore(m_b.CreateAdd(m_b.CreateLoad(i32, slot), m_b.getInt32(1)), slot);
        });
        llvm::AllocaInst *sum = nullptr;
        {
            llvm::IRBuilder<>::InsertPointGuard guard(m_b);
            m_b.SetInsertPoint(entry, entry->getFirstInsertionPt());
            sum = m_b.CreateAlloca(i32, nullptr, "case.sum");
        }
        m_b.CreateStore(m_b.getInt32(0), sum);
        scalar_loop(m_b.getInt64(cases + 1), [&](Value *c) {
            Value *slot = m_b.CreateInBoundsGEP(i32, next_at, c);
            Value *count = m_b.CreateLoad(i32, slot), *before = m_b.CreateLoad(i32, sum);
            m_b.CreateStore(before, m_b.CreateInBoundsGEP(i32, m_case_start, c));
            m_b.CreateStore(before, slot);
            m_b.CreateStore(m_b.CreateAdd(before, count), sum);
        });
        scalar_loop(n, [&](Value *j) {
            Value *c = m_b.CreateLoad(i32, m_b.CreateInBoundsGEP(i32, keys, j));
            Value *slot = m_b.CreateInBoundsGEP(i32, next_at, c);
            Value *to = m_b.CreateLoad(i32, slot);
            m_b.CreateStore(m_b.CreateTrunc(j, i32), m_b.CreateInBoundsGEP(i32, m_perm_base, to));
            m_b.CreateStore(to, m_b.CreateInBoundsGEP(i32, m_inverse, j));
            m_b.CreateStore(m_b.CreateAdd(to, m_b.getInt32(1)), slot);
        });

        // C: each case on its lanes.
        for (size_t c = 0; c < cases; ++c) {
            auto bound = [&](size_t k) {
                return m_b.CreateZExt(m_b.CreateLoad(i32, m_b.CreateConstInBoundsGEP1_64(i32, m_case_start, k)),
                                      m_b.getInt64Ty());
            };
            Value *first = bound(c), *last = bound(c + 1);
            uint32_t from = p.cases[c] + 1, to = c + 1 < cases ? p.cases[c + 1] : p.end;
            group_loop(first, last, [&](Value *g) {
                m_values = m_entry_values;
                m_case = c;
                m_group = g;
                m_perm = m_b.CreateMaskedLoad(vec(i32), m_b.CreateInBoundsGEP(i32, m_perm_base, g), llvm::Align(4),
                                              m_active, llvm::Constant::getNullValue(vec(i32)));
                m_index = m_b.CreateAdd(m_b.CreateVectorSplat(m_width, cs),
                                        m_b.CreateZExt(m_perm, vec(m_b.getInt64Ty())), "index");
                m_i = nullptr;
                m_top_active = m_active;
                m_stream = nullptr;
                lower_range(from, to, Phase::Case);
                m_perm = nullptr;
            });
        }

        // D: the code after the region.
        group_loop(cs, ce, [&](Value *i) {
            top_level_group(i, ce);
            lower_range(p.end + 1, uint32_t(m_ir.instrs.size()), Phase::After);
        });
        cs->addIncoming(ce, m_b.GetInsertBlock());
        m_b.CreateCondBr(m_b.CreateICmpULT(ce, end), chunk_head, exit);
        m_b.SetInsertPoint(exit);
        m_b.CreateRetVoid();
    }

    /// A loop over the SIMD groups of [from, to) (none when from >= to): `body(i)` lowers the group that starts at i,
    /// with m_active its lanes below `to`.
    template <class F> void group_loop(Value *from, Value *to, F body) {
        llvm::BasicBlock *before = m_b.GetInsertBlock();
        auto *loop = llvm::BasicBlock::Create(m_ctx, "group", m_function);
        auto *done = llvm::BasicBlock::Create(m_ctx, "group.done", m_function);
        m_b.CreateCondBr(m_b.CreateICmpULT(from, to), loop, done);
        m_b.SetInsertPoint(loop);
        llvm::PHINode *i = m_b.CreatePHI(m_b.getInt64Ty(), 2, "i");
        i->addIncoming(from, before);
        m_active = lanes_below(i, to);
        body(i);
        Value *next = m_b.CreateAdd(i, m_b.getInt64(m_width), "i.next", true, true);
        i->addIncoming(next, m_b.GetInsertBlock());
        m_b.CreateCondBr(m_b.CreateICmpULT(next, to), loop, done);
        m_b.SetInsertPoint(done);
    }
    /// for (j = 0; j < n; ++j) body(j), scalar (n: i64).
    template <class F> void scalar_loop(Value *n, F body) {
        llvm::BasicBlock *before = m_b.GetInsertBlock();
        auto *loop = llvm::BasicBlock::Create(m_ctx, "scalar", m_function);
        auto *done = llvm::BasicBlock::Create(m_ctx, "scalar.done", m_function);
        m_b.CreateCondBr(m_b.CreateICmpULT(m_b.getInt64(0), n), loop, done);
        m_b.SetInsertPoint(loop);
        llvm::PHINode *j = m_b.CreatePHI(m_b.getInt64Ty(), 2, "j");
        j->addIncoming(m_b.getInt64(0), before);
        body(j);
        Value *next = m_b.CreateAdd(j, m_b.getInt64(1), "j.next", true, true);
        j->addIncoming(next, m_b.GetInsertBlock());
        m_b.CreateCondBr(m_b.CreateICmpULT(next, n), loop, done);
        m_b.SetInsertPoint(done);
    }
    /// A group of phase A or D (elements in order): the values of the entry only, the group's indices and streaming.
    void top_level_group(Value *i, Value *chunk_end) {
        m_values = m_entry_values;
        m_i = i;
        m_index = lane_indices(i);
        m_top_active = m_active;
        m_stream = m_stream_ok ? m_b.CreateAnd(m_stream_ok,
                                               m_b.CreateICmpULE(m_b.CreateAdd(i, m_b.getInt64(m_width)), chunk_end))
                               : nullptr;
    }
    /// Lowers instructions [from, to) of one phase, reading operands of other phases with `import` first (where they
    /// dominate the range: a symbolic loop's Phi takes its initial value before the loop).
    void lower_range(uint32_t from, uint32_t to, Phase phase) {
        std::vector<uint32_t> ops;
        for (uint32_t n = from; n < to; ++n)
            instr_operands(m_ir.instrs[n], ops);
        for (uint32_t k : ops)
            if (k < from && !m_values[k])
                import(k, phase);
        size_t in_block = 0;
        for (uint32_t n = from; n < to; ++n) {
            const Instr &ins = m_ir.instrs[n];
            if (!m_values[n])
                m_values[n] = lower(ins);
            if (++in_block == block_limit && n + 1 < to) { // as the plain form: instruction selection stays linear
                auto *next_block = llvm::BasicBlock::Create(m_ctx, "body", m_function);
                m_b.CreateBr(next_block);
                m_b.SetInsertPoint(next_block);
                in_block = 0;
            }
        }
    }
    /// Gives m_values[k] the value of instruction k of another phase, for the current group.
    void import(uint32_t k, Phase phase) {
        const SortedPlan &p = *m_plan;
        const Instr &ins = m_ir.instrs[k];
        if (p.remat[k]) {
            std::vector<uint32_t> ops;
            instr_operands(ins, ops);
            for (uint32_t o : ops)
                if (!m_values[o])
                    import(o, phase);
            m_values[k] = lower(ins);
            return;
        }
        if (phase == Phase::Case && k == p.ids) { // every lane of a case holds its id
            m_values[k] = m_b.CreateVectorSplat(m_width, m_b.getInt32(p.case_ids[m_case]));
            return;
        }
        llvm::Type *mt = mem_scalar(ins.type);
        llvm::Type *vt = vec(mt);
        Value *zero = llvm::Constant::getNullValue(vt);
        auto result = std::find(p.phis.begin(), p.phis.end(), k);
        if (result != p.phis.end()) { // a merged result: its initial value where no case ran on the lane
            if (!m_values[ins.a])
                import(ins.a, phase);
            Value *init = m_values[ins.a];
            if (phase == Phase::Case) {
                m_values[k] = init;
                return;
            }
            TJ_ASSERT(phase == Phase::After, "a sorted kernel reads a merged result before its region");
            // phase D: the cases wrote their lanes' results in sorted order
            llvm::Type *i32 = m_b.getInt32Ty();
            Value *at = m_b.CreateSub(m_i, m_chunk);
            Value *kase = m_b.CreateMaskedLoad(vec(i32), m_b.CreateInBoundsGEP(i32, m_keys, at), llvm::Align(4),
                                               m_active, llvm::Constant::getNullValue(vec(i32)));
            Value *place = m_b.CreateMaskedLoad(vec(i32), m_b.CreateInBoundsGEP(i32, m_inverse, at), llvm::Align(4),
                                                m_active, llvm::Constant::getNullValue(vec(i32)));
            Value *ran = m_b.CreateAnd(
                m_active,
                m_b.CreateICmpNE(kase, m_b.CreateVectorSplat(m_width, m_b.getInt32(uint32_t(p.cases.size())))));
            Value *ptrs = m_b.CreateInBoundsGEP(mt, m_results[size_t(result - p.phis.begin())], place);
            m_values[k] =
                from_mem(ins.type, m_b.CreateMaskedGather(vt, ptrs, align_of(ins.type), ran, to_mem(ins.type, init)));
            return;
        }
        Value *base = p.slot[k] >= 0 ? m_scratch[size_t(p.slot[k])] : nullptr;
        TJ_ASSERT(base && phase != Phase::Before,
                  "a sorted kernel reads a value of another phase that it did not keep");
        Value *v;
        if (phase == Phase::Case) // the case's lanes, through the permutation
            v = m_b.CreateMaskedGather(vt, m_b.CreateInBoundsGEP(mt, base, m_perm), align_of(ins.type), m_active, zero);
        else
            v = m_b.CreateMaskedLoad(vt, m_b.CreateInBoundsGEP(mt, base, m_b.CreateSub(m_i, m_chunk)),
                                     align_of(ins.type), m_active, zero);
        m_values[k] = from_mem(ins.type, v);
    }
    /// Stores the value of instruction k for the group at `at` (relative to the chunk) into `base`.
    void store_lanes(Value *base, Value *at, uint32_t k) {
        VarType t = m_ir.instrs[k].type;
        m_b.CreateMaskedStore(to_mem(t, m_values[k]), m_b.CreateInBoundsGEP(mem_scalar(t), base, at), align_of(t),
                              m_active);
    }

    // A dispatch region that is not sorted (too few cases, or inside a symbolic loop or a sorted case) runs its cases
    // one after the other: a SwitchPhi is its initial value, each case's SwitchUpdate rebinds it.
    Value *switch_update(const Instr &ins) {
        if (m_perm && std::find(m_plan->phis.begin(), m_plan->phis.end(), ins.a) != m_plan->phis.end()) {
            // a case of the sorted region: its results in sorted order (phase D reads them through the inverse)
            size_t j = size_t(std::find(m_plan->phis.begin(), m_plan->phis.end(), ins.a) - m_plan->phis.begin());
            VarType t = m_ir.instrs[ins.a].type;
            m_b.CreateMaskedStore(to_mem(t, m_values[ins.b]),
                                  m_b.CreateInBoundsGEP(mem_scalar(t), m_results[j], m_group), align_of(t), m_active);
            return nullptr;
        }
        m_values[ins.a] = m_values[ins.b];
        return nullptr;
    }

    /// Whether this run may write its outputs with non-temporal stores: the launch asked for it (`stream` != 0, for
    /// outputs too large to stay in the caches) and every output's first vector is 64-byte aligned. Null when the
    /// kernel has no output.
    Value *streaming_allowed(Value *stream, Value *start) {
        // The element size of each output: the type its Store writes (one pass: kernels may have many outputs).
        std::vector<uint64_t> sizes(m_ir.params.size(), 0);
        for (const Instr &ins : m_ir.instrs)
            if (ins.kind == InstrKind::Store)
                sizes[ins.a] = ins.type == VarType::Bool ? 1 : detail::type_size(ins.type);
        Value *ok = nullptr;
        for (size_t k = 0; k < m_ir.params.size(); ++k) {
            if (m_ir.params[k] != ParamKind::Output)
                continue;
            if (!ok)
                ok = m_b.CreateICmpNE(stream, m_b.getInt64(0));
            uint64_t size = sizes[k];
            if (!size)
                continue;
            Value *first = m_b.CreateAdd(m_b.CreatePtrToInt(m_params[k], m_b.getInt64Ty()),
                                         m_b.CreateMul(start, m_b.getInt64(size)));
            ok = m_b.CreateAnd(ok, m_b.CreateICmpEQ(m_b.CreateAnd(first, m_b.getInt64(63)), m_b.getInt64(0)));
        }
        return ok;
    }

    void build_entry(llvm::Function *body) {
        auto *fty = llvm::FunctionType::get(
            m_b.getVoidTy(), {m_b.getInt64Ty(), m_b.getInt64Ty(), m_b.getPtrTy(), m_b.getInt64Ty()}, false);
        auto *f = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, kernel_entry, m_module);
        set_target_attrs(f);
        m_b.SetInsertPoint(llvm::BasicBlock::Create(m_ctx, "entry", f));
        std::vector<Value *> args{f->getArg(0), f->getArg(1), f->getArg(3)};
        for (size_t k = 0; k < m_ir.params.size(); ++k) {
            Value *slot = m_b.CreateConstInBoundsGEP1_64(m_b.getPtrTy(), f->getArg(2), k);
            llvm::Type *t = m_ir.params[k] == ParamKind::Size ? (llvm::Type *)m_b.getInt64Ty() : m_b.getPtrTy();
            args.push_back(m_b.CreateLoad(t, slot));
        }
        m_b.CreateCall(body, args);
        m_b.CreateRetVoid();
    }

    Value *constant(VarType t, uint64_t bits) {
        return llvm::ConstantVector::getSplat(llvm::ElementCount::getFixed(m_width),
                                             elementwise::scalar_constant(m_ctx, t, bits));
    }

    Value *from_mem(VarType t, Value *v) {
        return t == VarType::Bool ? m_b.CreateICmpNE(v, llvm::Constant::getNullValue(v->getType())) : v;
    }
    Value *to_mem(VarType t, Value *v) {
        return t == VarType::Bool ? m_b.CreateZExt(v, vec(m_b.getInt8Ty())) : v;
    }

    Value *lower(const Instr &ins) {
        switch (ins.kind) {
        case InstrKind::Const: return constant(ins.type, ins.imm);
        case InstrKind::Bcast: {
            Value *v = m_b.CreateLoad(mem_scalar(ins.type), m_params[ins.a]);
            if (ins.type == VarType::Bool)
                v = m_b.CreateICmpNE(v, m_b.getInt8(0));
            return m_b.CreateVectorSplat(m_width, v);
        }
        case InstrKind::Load: {
            llvm::Type *vt = vec(mem_scalar(ins.type));
            Value *zero = llvm::Constant::getNullValue(vt);
            if (m_perm) { // a case of a sorted region: the lanes' own elements
                Value *ptrs = m_b.CreateInBoundsGEP(mem_scalar(ins.type), m_params[ins.a], m_index);
                return from_mem(ins.type, m_b.CreateMaskedGather(vt, ptrs, align_of(ins.type), m_active, zero));
            }
            Value *p = m_b.CreateInBoundsGEP(mem_scalar(ins.type), m_params[ins.a], m_index_scalar());
            if (m_stream_ok && m_active == m_top_active)
                prefetch_ahead(p, ins.type);
            Value *v = m_b.CreateMaskedLoad(vt, p, align_of(ins.type), m_active, zero);
            return from_mem(ins.type, v);
        }
        case InstrKind::ConstTable: {
            // Loaded where used (volatile: not hoisted), so thousands of literals do not all stay live.
            Value *p = m_b.CreateConstInBoundsGEP1_64(m_b.getInt64Ty(), m_params[ins.a], ins.imm);
            Value *v = m_b.CreateLoad(mem_scalar(ins.type), p, /*isVolatile=*/true);
            if (ins.type == VarType::Bool)
                v = m_b.CreateICmpNE(v, m_b.getInt8(0));
            return m_b.CreateVectorSplat(m_width, v);
        }
        case InstrKind::Index: return convert(m_b, m_index, VarType::UInt64, ins.type);
        case InstrKind::Store: {
            TJ_ASSERT(!m_perm, "a kernel output is stored inside a sorted dispatch region");
            Value *p = m_b.CreateInBoundsGEP(mem_scalar(ins.type), m_params[ins.a], m_index_scalar());
            Value *v = to_mem(ins.type, m_values[ins.b]);
            if (m_stream && m_active == m_top_active && m_ir.params[ins.a] == ParamKind::Output)
                store_streaming(v, p, ins.type);
            else
                m_b.CreateMaskedStore(v, p, align_of(ins.type), m_active);
            return nullptr;
        }
        case InstrKind::Compute: return compute(ins);
        case InstrKind::LoopStart: return loop_start();
        case InstrKind::Phi: return loop_phi(ins);
        case InstrKind::LoopCond: return loop_cond(ins);
        case InstrKind::PhiUpdate: return phi_update(ins);
        case InstrKind::LoopEnd: return loop_end();
        case InstrKind::SwitchPhi: return m_values[ins.a];
        case InstrKind::SwitchUpdate: return switch_update(ins);
        case InstrKind::SwitchStart:
        case InstrKind::SwitchCase:
        case InstrKind::SwitchEnd: return nullptr;
        }
        return nullptr;
    }

    /// A whole vector with a non-temporal store (it bypasses the caches and does not read the line first) where
    /// `m_stream` holds, else the masked store.
    void store_streaming(Value *v, Value *p, VarType t) {
        auto *nt = llvm::BasicBlock::Create(m_ctx, "store.nt", m_function);
        auto *masked = llvm::BasicBlock::Create(m_ctx, "store.masked", m_function);
        auto *done = llvm::BasicBlock::Create(m_ctx, "store.done", m_function);
        m_b.CreateCondBr(m_stream, nt, masked);
        m_b.SetInsertPoint(nt);
        uint64_t bytes = uint64_t(m_width) * (t == VarType::Bool ? 1 : detail::type_size(t));
        llvm::StoreInst *st = m_b.CreateAlignedStore(v, p, llvm::Align(std::min<uint64_t>(64, bytes)));
        st->setMetadata(llvm::LLVMContext::MD_nontemporal,
                        llvm::MDNode::get(m_ctx, {llvm::ConstantAsMetadata::get(m_b.getInt32(1))}));
        m_b.CreateBr(done);
        m_b.SetInsertPoint(masked);
        m_b.CreateMaskedStore(v, p, align_of(t), m_active);
        m_b.CreateBr(done);
        m_b.SetInsertPoint(done);
    }

    /// In launches that stream their outputs (m_stream_ok: the data is too large for the caches), a load's data
    /// `prefetch_distance` bytes ahead is prefetched into L2, one prefetch per `prefetch_stride` bytes of the load
    /// (none where an iteration loads less). Measured on the fused benchmarks (docs/benchmarks.md): a prefetch of
    /// every line, or into L1, was slower than none.
    void prefetch_ahead(Value *p, VarType t) {
        uint64_t bytes = uint64_t(m_width) * (t == VarType::Bool ? 1 : detail::type_size(t));
        if (bytes < prefetch_stride)
            return;
        auto *prefetch = llvm::BasicBlock::Create(m_ctx, "prefetch", m_function);
        auto *done = llvm::BasicBlock::Create(m_ctx, "prefetch.done", m_function);
        // Loop-invariant: the optimiser unswitches small loops on it; elsewhere it is a branch predicted right.
        m_b.CreateCondBr(m_stream_ok, prefetch, done);
        m_b.SetInsertPoint(prefetch);
        for (uint64_t offset = 0; offset < bytes; offset += prefetch_stride) {
            // Not inbounds: the address may lie past the buffer (a prefetch never faults).
            Value *ahead = m_b.CreateGEP(m_b.getInt8Ty(), p, m_b.getInt64(prefetch_distance + offset));
            m_b.CreateIntrinsic(llvm::Intrinsic::prefetch, {ahead->getType()},
                                {ahead, m_b.getInt32(0), m_b.getInt32(2), m_b.getInt32(1)}); // read, L2, data
        }
        m_b.CreateBr(done);
        m_b.SetInsertPoint(done);
    }

    // A symbolic loop (kernel_ir.h) runs its body on the lanes whose condition holds, until no lane's does:
    // the state lives in phi nodes of the loop header, lanes that are done keep their values.
    struct SymbolicLoop {
        llvm::BasicBlock *pre, *header, *body, *exit;
        llvm::PHINode *running;  ///< lanes that entered this iteration's condition
        Value *outer_active;     ///< m_active around the loop
        Value *active = nullptr; ///< lanes that run this iteration's body
        std::vector<std::pair<llvm::PHINode *, Value *>> next; ///< each state phi and its value after the body
    };

    Value *loop_start() {
        SymbolicLoop l;
        l.pre = m_b.GetInsertBlock();
        l.header = llvm::BasicBlock::Create(m_ctx, "sym.head", m_function);
        l.body = llvm::BasicBlock::Create(m_ctx, "sym.body", m_function);
        l.exit = llvm::BasicBlock::Create(m_ctx, "sym.exit", m_function);
        m_b.CreateBr(l.header);
        m_b.SetInsertPoint(l.header);
        l.running = m_b.CreatePHI(m_active->getType(), 2, "running");
        l.running->addIncoming(m_active, l.pre);
        l.outer_active = m_active;
        m_active = l.running; // the condition's gathers read for the running lanes only
        m_loops.push_back(l);
        return nullptr;
    }
    Value *loop_phi(const Instr &ins) {
        SymbolicLoop &l = m_loops.back();
        llvm::IRBuilder<> at_top(l.header, l.header->getFirstNonPHIIt()); // phis first, whatever follows
        llvm::PHINode *phi = at_top.CreatePHI(reg_type(ins.type), 2, "state");
        phi->addIncoming(m_values[ins.a], l.pre);
        return phi;
    }
    Value *loop_cond(const Instr &ins) {
        SymbolicLoop &l = m_loops.back();
        l.active = m_b.CreateAnd(m_values[ins.a], l.running, "iterating");
        m_b.CreateCondBr(m_b.CreateOrReduce(l.active), l.body, l.exit);
        m_b.SetInsertPoint(l.body);
        m_active = l.active;
        return nullptr;
    }
    Value *phi_update(const Instr &ins) {
        SymbolicLoop &l = m_loops.back();
        auto *phi = llvm::cast<llvm::PHINode>(m_values[ins.a]);
        l.next.push_back({phi, m_b.CreateSelect(l.active, m_values[ins.b], phi)});
        return nullptr;
    }
    Value *loop_end() {
        SymbolicLoop l = m_loops.back();
        m_loops.pop_back();
        llvm::BasicBlock *latch = m_b.GetInsertBlock();
        for (auto &[phi, value] : l.next)
            phi->addIncoming(value, latch);
        l.running->addIncoming(l.active, latch);
        m_b.CreateBr(l.header);
        m_b.SetInsertPoint(l.exit);
        m_active = l.outer_active;
        return nullptr;
    }

    /// The first lane's element index (the loop counter).
    Value *m_index_scalar() { return m_i; }

    /// Float32 sin and cos inline (cpu_math.h), everything else from glibc's libmvec.
    Value *call_math(const char *name, VarType t, llvm::ArrayRef<Value *> args) override {
        std::string_view fn = name;
        if (t == VarType::Float32 && (fn == "sin" || fn == "cos"))
            return sin_cos_f32(m_b, args[0], fn == "cos", [&](Value *x) { return call_libmvec(name, t, {x}); });
        return call_libmvec(name, t, args);
    }

    /// Calls glibc's libmvec for `name` (`…f` for Float32), in pieces of the widest vector the host runs.
    Value *call_libmvec(const char *name, VarType t, llvm::ArrayRef<Value *> args) {
        bool f32 = t == VarType::Float32;
        unsigned lanes = unsigned(m_host.vector_bits / (f32 ? 32 : 64));
        std::string vname = fmt::format("_ZGV{}N{}{}_{}{}", m_host.vector_isa, lanes, std::string(args.size(), 'v'),
                                        name, f32 ? "f" : "");
        auto *piece_ty = llvm::FixedVectorType::get(scalar_type(t), lanes);
        std::vector<llvm::Type *> arg_types(args.size(), piece_ty);
        llvm::FunctionCallee callee =
            elementwise::declare_pure_function(m_module, vname, llvm::FunctionType::get(piece_ty, arg_types, false));
        std::vector<Value *> pieces;
        for (unsigned first = 0; first < m_width; first += lanes) {
            std::vector<Value *> piece_args;
            for (Value *a : args)
                piece_args.push_back(lanes == m_width ? a : slice(a, first, lanes));
            pieces.push_back(elementwise::call_pure_function(m_b, callee, piece_args));
        }
        return pieces.size() == 1 ? pieces[0] : concat(pieces);
    }
    Value *slice(Value *v, unsigned first, unsigned count) {
        std::vector<int> idx;
        for (unsigned k = 0; k < count; ++k)
            idx.push_back(int(first + k));
        return m_b.CreateShuffleVector(v, idx);
    }
    Value *concat(const std::vector<Value *> &pieces) {
        std::vector<Value *> level = pieces;
        while (level.size() > 1) {
            std::vector<Value *> next;
            for (size_t k = 0; k + 1 < level.size(); k += 2) {
                unsigned n = llvm::cast<llvm::FixedVectorType>(level[k]->getType())->getNumElements();
                std::vector<int> idx;
                for (unsigned e = 0; e < 2 * n; ++e)
                    idx.push_back(int(e));
                next.push_back(m_b.CreateShuffleVector(level[k], level[k + 1], idx));
            }
            level = next;
        }
        return level[0];
    }

    /// LLVM's frem is exact (C's fmod) on the CPU.
    Value *fmod(Value *a, Value *b, VarType) override { return m_b.CreateFRem(a, b); }

    /// Lanes that are active, selected by the mask, and whose index is inside the buffer.
    Value *valid_lanes(const Instr &ins, Value *index, Value *mask, Value *size, Value *&index64) {
        llvm::Type *i64v = vec(m_b.getInt64Ty());
        index64 = is_signed(ins.src_type) ? m_b.CreateSExtOrTrunc(index, i64v) : m_b.CreateZExtOrTrunc(index, i64v);
        Value *inside = m_b.CreateICmpULT(index64, m_b.CreateVectorSplat(m_width, size));
        return m_b.CreateAnd(m_b.CreateAnd(mask, m_active), inside);
    }

    /// Runs `per_lane(lane)` for each lane where `valid` is set, one lane after the other (atomics on lanes whose
    /// indices coincide all take effect). `per_lane` may add blocks; it returns a value for the lane or null.
    /// With `results` (an initial vector), returns that vector with each valid lane's value inserted.
    template <class F> Value *each_valid_lane(Value *valid, Value *results, F per_lane) {
        llvm::BasicBlock *before = m_b.GetInsertBlock();
        auto *loop = llvm::BasicBlock::Create(m_ctx, "atomic", m_function);
        auto *body = llvm::BasicBlock::Create(m_ctx, "atomic.lane", m_function);
        auto *next = llvm::BasicBlock::Create(m_ctx, "atomic.next", m_function);
        auto *done = llvm::BasicBlock::Create(m_ctx, "atomic.done", m_function);
        m_b.CreateBr(loop);
        m_b.SetInsertPoint(loop);
        llvm::PHINode *lane = m_b.CreatePHI(m_b.getInt32Ty(), 2);
        lane->addIncoming(m_b.getInt32(0), before);
        llvm::PHINode *acc = nullptr;
        if (results) {
            acc = m_b.CreatePHI(results->getType(), 2);
            acc->addIncoming(results, before);
        }
        m_b.CreateCondBr(m_b.CreateExtractElement(valid, lane), body, next);
        m_b.SetInsertPoint(body);
        Value *got = per_lane(lane);
        Value *with_got = results ? m_b.CreateInsertElement(acc, got, lane) : nullptr;
        llvm::BasicBlock *body_end = m_b.GetInsertBlock();
        m_b.CreateBr(next);
        m_b.SetInsertPoint(next);
        llvm::PHINode *acc_next = nullptr;
        if (results) {
            acc_next = m_b.CreatePHI(results->getType(), 2);
            acc_next->addIncoming(acc, loop);
            acc_next->addIncoming(with_got, body_end);
            acc->addIncoming(acc_next, next);
        }
        Value *lane_next = m_b.CreateAdd(lane, m_b.getInt32(1));
        lane->addIncoming(lane_next, next);
        m_b.CreateCondBr(m_b.CreateICmpULT(lane_next, m_b.getInt32(m_width)), loop, done);
        m_b.SetInsertPoint(done);
        return acc_next;
    }

    /// target[index] op= value, one atomic per valid lane (shared_llvm_atomic.h).
    void atomic_reduce(const Instr &ins, detail::ReduceOp op, Value *ptrs, Value *valid, Value *value) {
        Value *mem = to_mem(ins.type, value);
        each_valid_lane(valid, nullptr, [&](Value *lane) -> Value * {
            atomic::reduce(m_b, op, ins.type, m_b.CreateExtractElement(ptrs, lane), m_b.CreateExtractElement(mem, lane));
            return nullptr;
        });
    }

    Value *compute(const Instr &ins) {
        auto arg = [&](uint32_t k) { return m_values[k]; };
        switch (ins.op) {
        case Op::Gather: {
            if (ins.imm)
                return packed_channel(ins);
            Value *index64;
            Value *valid = valid_lanes(ins, arg(ins.a), arg(ins.b), m_params[ins.d], index64);
            Value *ptrs = m_b.CreateInBoundsGEP(mem_scalar(ins.type), m_params[ins.c], index64);
            llvm::Type *vt = vec(mem_scalar(ins.type));
            Value *v = m_b.CreateMaskedGather(vt, ptrs, align_of(ins.type), valid, llvm::Constant::getNullValue(vt));
            return from_mem(ins.type, v);
        }
        case Op::Scatter:
        case Op::ScatterAdd:
        case Op::ScatterReduce: {
            Value *index64;
            Value *valid = valid_lanes(ins, arg(ins.b), arg(ins.c), m_params[uint32_t(ins.imm)], index64);
            Value *ptrs = m_b.CreateInBoundsGEP(mem_scalar(ins.type), m_params[ins.d], index64);
            if (ins.op == Op::Scatter)
                m_b.CreateMaskedScatter(to_mem(ins.type, arg(ins.a)), ptrs, align_of(ins.type), valid);
            else if (ins.op == Op::ScatterAdd)
                atomic_reduce(ins, detail::ReduceOp::Sum, ptrs, valid, arg(ins.a));
            else
                atomic_reduce(ins, detail::ReduceOp(ins.imm >> 32), ptrs, valid, arg(ins.a));
            return nullptr;
        }
        case Op::ScatterInc: { // the old values; 0 on lanes that write nothing
            Value *index64;
            Value *valid = valid_lanes(ins, arg(ins.a), arg(ins.b), m_params[uint32_t(ins.imm)], index64);
            Value *ptrs = m_b.CreateInBoundsGEP(m_b.getInt32Ty(), m_params[ins.d], index64);
            Value *zeros = llvm::Constant::getNullValue(vec(m_b.getInt32Ty()));
            return each_valid_lane(valid, zeros, [&](Value *lane) {
                return atomic::increment(m_b, m_b.CreateExtractElement(ptrs, lane));
            });
        }
        default: return elementwise::compute(m_b, *this, ins, m_values);
        }
    }

    /// A packed gather's channel (kernel_ir.h): the group's values are loaded by its first channel and kept for the
    /// others (per set of active lanes: inside a symbolic loop the group is read again).
    Value *packed_channel(const Instr &ins) {
        uint32_t count = uint32_t(ins.imm >> 32), channel = uint32_t(ins.imm);
        TJ_ASSERT(channel < count, "packed gather channel past its count");
        PackedKey key{ins.a, ins.b, ins.c, count, m_active};
        auto it = m_packed.find(key);
        if (it == m_packed.end())
            it = m_packed.emplace(key, load_packed(ins, count)).first;
        return it->second[channel];
    }

    /// The `count` elements source[index + k] of each lane, one vector per k (each read where the lane is active,
    /// its mask set and index + k inside the source, as a plain Gather of index + k), in pieces of up to `packet`
    /// elements. Where every lane that reads any element of a piece reads all of it (the common case), each lane
    /// loads the piece with one plain vector load (a lane that reads nothing loads the piece at index 0, then 0 is
    /// selected) and a transpose by shuffles makes one vector per element; otherwise each element is a masked
    /// gather of its own. Where the index's range (kernel_ranges.h) fits the source, which one comparison before
    /// the loop decides, the lanes are not checked at all: each loads its piece.
    std::vector<Value *> load_packed(const Instr &ins, uint32_t count) {
        llvm::Type *i64v = vec(m_b.getInt64Ty());
        Value *index = m_values[ins.a];
        Value *on = m_b.CreateAnd(m_values[ins.b], m_active);
        Value *size = m_params[ins.d];
        llvm::Type *mt = mem_scalar(ins.type);
        llvm::Type *vt = vec(mt);
        Value *zero = llvm::Constant::getNullValue(vt);
        prefetch_ahead(ins);
        std::vector<Value *> out(count);
        for (uint32_t first = 0; first < count; first += packet) {
            unsigned n = std::min(packet, count - first);
            auto *fast = llvm::BasicBlock::Create(m_ctx, "packed.fast", m_function);
            auto *slow = llvm::BasicBlock::Create(m_ctx, "packed.slow", m_function);
            auto *done = llvm::BasicBlock::Create(m_ctx, "packed.done", m_function);
            std::vector<std::pair<std::vector<Value *>, llvm::BasicBlock *>> incoming; // per path: values, block

            if (Value *inside_all = index_fits(ins, first + n)) { // every lane's piece is inside the source
                auto *sure = llvm::BasicBlock::Create(m_ctx, "packed.sure", m_function);
                auto *check = llvm::BasicBlock::Create(m_ctx, "packed.check", m_function);
                m_b.CreateCondBr(inside_all, sure, check);
                m_b.SetInsertPoint(sure);
                std::vector<Value *> v = load_rows(ins, n, lane_addresses(ins, index, first));
                for (Value *&x : v)
                    x = m_b.CreateSelect(on, x, zero);
                incoming.push_back({v, m_b.GetInsertBlock()});
                m_b.CreateBr(done);
                m_b.SetInsertPoint(check);
            }
            Value *index64 =
                is_signed(ins.src_type) ? m_b.CreateSExtOrTrunc(index, i64v) : m_b.CreateZExtOrTrunc(index, i64v);
            Value *start = m_b.CreateAdd(index64, splat64(first)); // wraps around for negative indices
            Value *sizes = m_b.CreateVectorSplat(m_width, size);
            Value *inside = m_b.CreateICmpULT(start, sizes);
            Value *whole = m_b.CreateAnd(on, m_b.CreateAnd(inside, m_b.CreateICmpUGE(m_b.CreateSub(sizes, start),
                                                                                       splat64(n))));
            Value *touches = m_b.CreateOr(inside, m_b.CreateICmpULT(m_b.CreateAdd(start, splat64(n - 1)), sizes));
            Value *partial = m_b.CreateOrReduce(m_b.CreateAnd(m_b.CreateAnd(on, touches), m_b.CreateNot(whole)));
            Value *fits = m_b.CreateICmpUGE(size, m_b.getInt64(n)); // the piece at index 0 exists
            m_b.CreateCondBr(m_b.CreateAnd(fits, m_b.CreateNot(partial)), fast, slow);

            m_b.SetInsertPoint(fast);
            Value *at = m_b.CreateSelect(whole, start, splat64(0));
            std::vector<Value *> lanes;
            for (unsigned l = 0; l < m_width; ++l)
                lanes.push_back(m_b.CreateInBoundsGEP(mt, m_params[ins.c], m_b.CreateExtractElement(at, l)));
            std::vector<Value *> from_fast = load_rows(ins, n, lanes);
            for (Value *&v : from_fast)
                v = m_b.CreateSelect(whole, v, zero);
            incoming.push_back({from_fast, m_b.GetInsertBlock()});
            m_b.CreateBr(done);

            m_b.SetInsertPoint(slow);
            std::vector<Value *> from_slow(n);
            for (unsigned j = 0; j < n; ++j) {
                Value *at_j = m_b.CreateAdd(start, splat64(j));
                Value *valid = m_b.CreateAnd(on, m_b.CreateICmpULT(at_j, sizes));
                Value *ptrs = m_b.CreateGEP(mt, m_params[ins.c], at_j);
                from_slow[j] = m_b.CreateMaskedGather(vt, ptrs, align_of(ins.type), valid, zero);
            }
            incoming.push_back({from_slow, m_b.GetInsertBlock()});
            m_b.CreateBr(done);

            m_b.SetInsertPoint(done);
            std::vector<llvm::PHINode *> phis; // all phis first, then the conversions of Bool
            for (unsigned j = 0; j < n; ++j) {
                phis.push_back(m_b.CreatePHI(vt, unsigned(incoming.size())));
                for (auto &[values, from] : incoming)
                    phis[j]->addIncoming(values[j], from);
            }
            for (unsigned j = 0; j < n; ++j)
                out[first + j] = from_mem(ins.type, phis[j]);
        }
        return out;
    }
    /// One load of `n` elements at each lane's address, transposed into one vector per element.
    std::vector<Value *> load_rows(const Instr &ins, unsigned n, const std::vector<Value *> &addresses) {
        auto *piece_ty = llvm::FixedVectorType::get(mem_scalar(ins.type), n);
        std::vector<Value *> rows;
        for (Value *p : addresses)
            rows.push_back(m_b.CreateAlignedLoad(piece_ty, p, align_of(ins.type)));
        return transpose(rows, n);
    }
    /// The address of element index + first of gather `ins`'s source for each lane, where the index is known to be
    /// in range (index_fits): each lane's index is taken from the vector in its own type (a 32-bit index needs no
    /// widening of the vector) and `first` folds into the address.
    std::vector<Value *> lane_addresses(const Instr &ins, Value *index, uint64_t first) {
        std::vector<Value *> out;
        for (unsigned l = 0; l < m_width; ++l) {
            Value *i = m_b.CreateZExt(m_b.CreateExtractElement(index, l), m_b.getInt64Ty(), "", /*IsNonNeg=*/true);
            out.push_back(m_b.CreateInBoundsGEP(mem_scalar(ins.type), m_params[ins.c],
                                                m_b.CreateAdd(i, m_b.getInt64(first), "", true, true)));
        }
        return out;
    }
    /// Where gather `ins`'s index provably lies in [0, hi] on every element (index_bound), an i1 computed before the
    /// loop: whether the source holds the `extent` elements from index hi on (so every lane may read index + k for
    /// k < extent). Null where the range does not show it.
    Value *index_fits(const Instr &ins, uint32_t extent) {
        const IndexBound &b = index_bound(ins.a);
        if (!b.bounded || b.hi > (uint64_t(1) << 62))
            return nullptr;
        llvm::IRBuilder<> before_loop(m_loop_entry);
        return before_loop.CreateICmpUGE(m_params[ins.d], before_loop.getInt64(b.hi + extent));
    }

    /// What is known of instruction `k`'s values (computed for the whole kernel on first use: only packed gathers
    /// ask).
    const IndexBound &index_bound(uint32_t k) {
        if (m_bounds.empty())
            m_bounds = index_bounds(m_ir);
        return m_bounds[k];
    }
    /// Prefetches, for the lanes `m_prefetch_distance` elements ahead, the first element each lane of packed gather
    /// `ins` will read there, where its index can be computed ahead (index_ahead). A lookup's texels are scattered
    /// over a texture larger than the caches; out-of-order execution alone starts the loads of about one iteration
    /// at a time, each waiting for memory. Prefetches never fault, so lanes past the end need no mask. Not inside
    /// symbolic loops nor in sorted kernels (the values computed ahead must dominate every later use).
    void prefetch_ahead(const Instr &ins) {
        if (!m_loops.empty() || m_plan) // (a sorted kernel's phases are loops of their own)
            return;
        size_t budget = prefetch_budget;
        Value *index = index_ahead(ins.a, budget);
        if (!index)
            return;
        bool zext = !is_signed(ins.src_type) || index_bound(ins.a).bounded; // free on x86
        for (unsigned l = 0; l < m_width; ++l) {
            Value *i = m_b.CreateExtractElement(index, l);
            i = zext ? m_b.CreateZExtOrTrunc(i, m_b.getInt64Ty()) : m_b.CreateSExtOrTrunc(i, m_b.getInt64Ty());
            Value *p = m_b.CreateGEP(mem_scalar(ins.type), m_params[ins.c], i); // not inbounds: any lane's index
            m_b.CreateIntrinsic(llvm::Intrinsic::prefetch, {p->getType()},
                                {p, m_b.getInt32(0), m_b.getInt32(3), m_b.getInt32(1)}); // read, keep, data
        }
    }
    /// Instruction `k`'s value for the elements m_prefetch_distance ahead of this iteration's, recomputed from the
    /// inputs there; null where that needs more than `budget` instructions or anything but inputs, literals and
    /// cheap element-wise arithmetic (no math calls, divisions by a variable, gathers or loop state).
    Value *index_ahead(uint32_t k, size_t &budget) {
        if (m_ahead.empty())
            m_ahead.assign(m_ir.instrs.size(), nullptr);
        if (m_ahead[k])
            return m_ahead[k];
        const Instr &ins = m_ir.instrs[k];
        if (ins.kind == InstrKind::Const || ins.kind == InstrKind::Bcast || ins.kind == InstrKind::ConstTable)
            return m_ahead[k] = m_values[k]; // the same on every element
        if (budget == 0)
            return nullptr;
        --budget;
        if (ins.kind == InstrKind::Load) {
            Value *i = m_b.CreateAdd(m_i, m_b.getInt64(m_prefetch_distance));
            Value *ahead_lanes = lanes_below(m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, i, m_end), m_end);
            Value *p = m_b.CreateGEP(mem_scalar(ins.type), m_params[ins.a], i); // may point past the end
            llvm::Type *vt = vec(mem_scalar(ins.type));
            Value *v = m_b.CreateMaskedLoad(vt, p, align_of(ins.type), ahead_lanes,
                                            llvm::Constant::getNullValue(vt));
            return m_ahead[k] = from_mem(ins.type, v);
        }
        if (ins.kind == InstrKind::Index && m_index)
            return m_ahead[k] = convert(m_b, m_b.CreateAdd(m_index, splat64(m_prefetch_distance)), VarType::UInt64,
                                        ins.type);
        if (ins.kind != InstrKind::Compute)
            return nullptr;
        unsigned operands;
        switch (ins.op) {
        case Op::Fma:
        case Op::Select: operands = 3; break;
        case Op::Neg:
        case Op::Not:
        case Op::Abs:
        case Op::Floor:
        case Op::Ceil:
        case Op::Round:
        case Op::Cast: operands = 1; break;
        case Op::Add:
        case Op::Sub:
        case Op::Mul:
        case Op::And:
        case Op::Or:
        case Op::Xor:
        case Op::Shl:
        case Op::Shr:
        case Op::Min:
        case Op::Max:
        case Op::Eq:
        case Op::Ne:
        case Op::Lt:
        case Op::Le:
        case Op::Gt:
        case Op::Ge: operands = 2; break;
        case Op::Div:
        case Op::Mod: // by a literal: a multiply and shifts (a vector division by a variable is one per lane)
            if (m_ir.instrs[ins.b].kind != InstrKind::Const)
                return nullptr;
            operands = 2;
            break;
        default: return nullptr;
        }
        const uint32_t args[3] = {ins.a, ins.b, ins.c};
        for (unsigned o = 0; o < operands; ++o)
            if (!index_ahead(args[o], budget))
                return nullptr;
        return m_ahead[k] = elementwise::compute(m_b, *this, ins, m_ahead);
    }
    Value *splat64(uint64_t v) { return m_b.CreateVectorSplat(m_width, m_b.getInt64(v)); }

    /// The `n` vectors of `m_width` lanes whose lane l is element j of rows[l] (rows: one <n x T> per lane).
    /// For n = 2 and 4, rows 4b + g (2b + g) are first concatenated per g, so that each block of n elements of these
    /// vectors holds n lanes; then two rounds of interleaving shuffles (one) transpose every block in place. Each
    /// shuffle draws from the same block of both inputs, so x86 lowers it to one unpack or two-source permute per
    /// register (LLVM's lowering of the generic strided shuffles below took ~3x as many, with spills, at 64 lanes).
    std::vector<Value *> transpose(const std::vector<Value *> &rows, unsigned n) {
        std::vector<Value *> out(n);
        if ((n == 2 || n == 4) && m_width % n == 0) {
            std::vector<Value *> z(n);
            for (unsigned g = 0; g < n; ++g) {
                std::vector<Value *> part;
                for (unsigned b = 0; b < m_width / n; ++b)
                    part.push_back(rows[b * n + g]);
                z[g] = concat(part);
            }
            // interleave(a, b, lo, width): per block of n, the `width`-element groups of a and b alternating, from
            // the block's low (or high) half.
            auto interleave = [&](Value *a, Value *b, bool high, unsigned width) {
                std::vector<int> idx;
                for (unsigned blk = 0; blk < m_width / n; ++blk)
                    for (unsigned e = 0; e < n; ++e) {
                        unsigned group = e / (2 * width), within = e % width;
                        bool from_b = (e / width) % 2 == 1;
                        unsigned src = blk * n + (high ? n / 2 : 0) + group * width + within;
                        idx.push_back(int(from_b ? m_width + src : src));
                    }
                return m_b.CreateShuffleVector(a, b, idx);
            };
            if (n == 2) {
                out[0] = interleave(z[0], z[1], false, 1);
                out[1] = interleave(z[0], z[1], true, 1);
                return out;
            }
            Value *t0 = interleave(z[0], z[1], false, 1), *t1 = interleave(z[0], z[1], true, 1);
            Value *t2 = interleave(z[2], z[3], false, 1), *t3 = interleave(z[2], z[3], true, 1);
            out[0] = interleave(t0, t2, false, 2);
            out[1] = interleave(t0, t2, true, 2);
            out[2] = interleave(t1, t3, false, 2);
            out[3] = interleave(t1, t3, true, 2);
            return out;
        }
        Value *all = concat(rows);
        for (unsigned j = 0; j < n; ++j) {
            std::vector<int> column;
            for (unsigned l = 0; l < m_width; ++l)
                column.push_back(int(l * n + j));
            out[j] = m_b.CreateShuffleVector(all, column);
        }
        return out;
    }

    /// A packed gather's group: index, mask and source instructions/params, count, and the lanes it ran on.
    struct PackedKey {
        uint32_t index, mask, source, count;
        Value *active;
        bool operator<(const PackedKey &o) const {
            return std::tie(index, mask, source, count, active) < std::tie(o.index, o.mask, o.source, o.count, o.active);
        }
    };
    /// Elements per lane in one load of a packed gather (16 bytes of float32).
    static constexpr uint32_t packet = 4;
    /// How many iterations ahead packed gathers prefetch (prefetch_ahead). On bench_texture's lookups (thread CPU
    /// time under load, 2026-11-26): 1 ahead 10.3 ns per lookup, 2 ahead 8.9, 3 to 6 ahead 12.8 to 15.7; none 20.
    static constexpr uint64_t prefetch_vectors = 2;
    /// How many instructions prefetch_ahead may recompute for an index.
    static constexpr size_t prefetch_budget = 64;

    /// Streaming launches prefetch loads this far ahead, once per this many bytes (prefetch_ahead).
    static constexpr uint64_t prefetch_distance = 4096, prefetch_stride = 256;

    /// The body's parameters: start, end, stream, then one per param slot.
    static constexpr unsigned first_param = 3;
    /// Instructions per basic block of long kernels.
    static constexpr size_t block_limit = 512;

    const KernelIR &m_ir;
    const HostTarget &m_host;
    llvm::Module &m_module;
    llvm::LLVMContext &m_ctx;
    llvm::IRBuilder<> m_b;
    unsigned m_width; ///< lanes per loop iteration: the host's widest float vector times the interleave factor
    uint64_t m_prefetch_distance; ///< elements ahead that packed gathers prefetch
    llvm::Function *m_function = nullptr;
    std::vector<Value *> m_params;
    std::vector<Value *> m_values;
    Value *m_i = nullptr;      ///< the first lane's element index (the loop counter)
    Value *m_index = nullptr;  ///< element indices of the lanes (i64 vector), where the kernel has an Index
    Value *m_active = nullptr; ///< lanes below `end` (inside a symbolic loop: the lanes running it)
    Value *m_top_active = nullptr; ///< m_active outside symbolic loops
    std::vector<IndexBound> m_bounds; ///< per instruction: what is known of its values (index_bound)
    Value *m_end = nullptr;    ///< the end of the elements this call runs
    std::vector<Value *> m_ahead; ///< per instruction: its value m_prefetch_distance elements ahead (index_ahead)
    llvm::Instruction *m_loop_entry = nullptr; ///< the branch into the loop: code before it runs once per call
    Value *m_stream_ok = nullptr;  ///< this run may stream its outputs (streaming_allowed); null: never
    Value *m_stream = nullptr;     ///< this iteration stores whole vectors with non-temporal stores
    std::vector<SymbolicLoop> m_loops; ///< symbolic loops being lowered, innermost last
    std::map<PackedKey, std::vector<Value *>> m_packed; ///< packed gathers loaded so far, per channel
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

} // namespace

std::unique_ptr<llvm::Module> build_module(const KernelIR &ir, const HostTarget &host, llvm::LLVMContext &ctx,
                                           unsigned interleave) {
    auto m = std::make_unique<llvm::Module>("tj_kernel", ctx);
    m->setTargetTriple(host.triple);
    m->setDataLayout(host.data_layout);
    Lowering(ir, host, *m, interleave).build();
    std::string err;
    llvm::raw_string_ostream os(err);
    const bool broken = llvm::verifyModule(*m, &os);
    TJ_ASSERT(!broken, "invalid kernel IR: " + err);
    return m;
}

} // namespace tj::cpu
