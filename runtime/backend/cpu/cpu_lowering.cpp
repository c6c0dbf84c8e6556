// runtime/backend/cpu/cpu_lowering.cpp — the CPU's hooks for the element loop: an iteration's lanes, loads, stores
//
// The walk over the instructions, the loop over the elements (`element_loop`) and the frames of symbolic loops are
// the shared lowering's (backend/llvm/shared_llvm_lowering.cpp); the kernel's functions around them (the body over
// [start, end) and the entry point) are cpu_codegen.cpp's `Lowering::build_body` and `build_entry`. Here: where an
// iteration starts (`begin_iteration`: the lanes below `end`, their indices, whether it streams) and how it reads and
// writes its elements (`load`, `store`). The loop handles `m_width` elements per iteration. A body of masked lanes
// (Lanes::Masked) masks every memory access by the lanes still below `end`, so there is no scalar remainder loop and
// the code size (and so compile time) stays linear in the kernel size. A body of several vectors per iteration runs
// only whole iterations (Lanes::Whole: no masks, whose registers it would otherwise hold through the iteration) and
// leaves the rest to a masked body of one vector (see build_module). A launch too large for the caches stores whole
// vectors with non-temporal stores and prefetches its loads ahead (`store_streaming`, `prefetch_stream`).
// Element-wise ops are lowered by shared_llvm_elementwise.cpp (shared with CUDA), their math calls by cpu_math.cpp.
// The other constructs have files of their own: gathers and scatters, masked by the active lanes
// (cpu_lowering_gather_scatter.cpp), packed gathers (cpu_lowering_packed_gather.cpp), symbolic loops
// (cpu_lowering_loops.cpp), dispatch regions and their sorted form (cpu_lowering_dispatch.cpp).
#include "backend/cpu/cpu_lowering.h"

#include <tracejit/error.h>

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MathExtras.h>

#include <algorithm>
#include <vector>

namespace tj::cpu {

using llvm::Value;

void Lowering::begin_iteration(llvm::PHINode *i) {
    m_i = i;
    if (m_lanes == Lanes::Whole)
        m_active = llvm::Constant::getAllOnesValue(llvm::FixedVectorType::get(m_b.getInt1Ty(), m_width));
    else
        m_active = lanes_below(i, m_end); // (the last iteration may be partial)
    for (const Instr &ins : m_ir.instrs)
        if (ins.kind == InstrKind::Index) {
            m_index = lane_indices(i);
            break;
        }
    m_top_active = m_active;
    if (m_stream_ok && m_lanes == Lanes::Whole)
        m_stream = m_stream_ok;
    else if (m_stream_ok) // whole vectors only: x86 has no masked non-temporal store
        m_stream =
            m_b.CreateAnd(m_stream_ok, m_b.CreateICmpULE(m_b.CreateAdd(i, m_b.getInt64(m_width)), m_end), "stream");
}

Value *Lowering::next_element(Value *i) { return m_b.CreateAdd(i, m_b.getInt64(m_width), "i.next", true, true); }

/// The lanes of the group that starts at element `i` (at most `end`) whose elements are below `end`: the low
/// min(end - i, width) bits of a width-bit integer, a mask register on AVX-512 (cheaper than comparing a vector of
/// indices). None when `i` is `end` (index_ahead's lanes past the end): a shift by the whole width is poison in
/// LLVM, which the AVX2 target turned into lanes that loaded past the end of an input and faulted.
Value *Lowering::lanes_below(Value *i, Value *end) {
    llvm::Type *bits_ty = m_b.getIntNTy(m_width);
    Value *count = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, m_b.CreateSub(end, i), m_b.getInt64(m_width));
    Value *shift = m_b.CreateZExtOrTrunc(m_b.CreateSub(m_b.getInt64(m_width), count), bits_ty);
    Value *low = m_b.CreateLShr(llvm::Constant::getAllOnesValue(bits_ty), shift);
    low = m_b.CreateSelect(m_b.CreateICmpEQ(count, m_b.getInt64(0)), llvm::Constant::getNullValue(bits_ty), low);
    return m_b.CreateBitCast(low, llvm::FixedVectorType::get(m_b.getInt1Ty(), m_width), "active");
}

/// i, i + 1, …, i + width - 1 (i64).
Value *Lowering::lane_indices(Value *i) {
    std::vector<llvm::Constant *> lanes;
    for (unsigned l = 0; l < m_width; ++l)
        lanes.push_back(m_b.getInt64(l));
    return m_b.CreateAdd(m_b.CreateVectorSplat(m_width, i), llvm::ConstantVector::get(lanes), "index");
}

Value *Lowering::load(const Instr &ins) {
    llvm::Type *vt = vec(mem_type(ins.type));
    Value *zero = llvm::Constant::getNullValue(vt);
    if (m_perm) { // a case of a sorted region: the lanes' own elements
        Value *ptrs = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.a], m_index);
        return from_mem(ins.type, m_b.CreateMaskedGather(vt, ptrs, align_of(ins.type), m_active, zero));
    }
    Value *p = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.a], m_index_scalar());
    if (m_lanes == Lanes::Whole && m_active == m_top_active) {
        prefetch_stream(p, ins.type);
        return from_mem(ins.type, load_in_order(p, ins.type));
    }
    Value *v = m_b.CreateMaskedLoad(vt, p, align_of(ins.type), m_active, zero);
    return from_mem(ins.type, v);
}

/// Loaded where used (volatile: not hoisted), so thousands of literals do not all stay live.
Value *Lowering::load_table_slot(VarType t, Value *p) {
    return m_b.CreateLoad(mem_type(t), p, /*isVolatile=*/true);
}

void Lowering::store(const Instr &ins) {
    TJ_ASSERT(!m_perm, "a kernel output is stored inside a sorted dispatch region");
    Value *p = m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.a], m_index_scalar());
    Value *v = to_mem(ins.type, m_values[ins.b]);
    if (m_stream && m_active == m_top_active && m_ir.params[ins.a] == ParamKind::Output)
        store_streaming(v, p, ins.type);
    else
        m_b.CreateMaskedStore(v, p, align_of(ins.type), m_active);
}

/// Prefetches into the second-level cache, for a launch that streams (m_stream_ahead), each cache line of the whole
/// iteration's elements at `p` stream_prefetch_bytes ahead; otherwise the lines at `p` itself (a branch-free no-op:
/// they are being loaded). The hardware prefetchers follow such a stream too, but where the kernel computes much per
/// element the loads of later iterations wait behind that work in the core's window. Measured on the Intel Xeon VM
/// (docs/benchmarks.md, "Prefetching a streaming launch's inputs"): into L2, 2 KiB ahead, `a*b + sin(a)` over 16M
/// floats gained 7-40 % and `a*b + c` lost nothing; into L1 gained more on `a*b + sin(a)` (+17 % on one thread) but
/// cost `a*b + c` 6 %, and a non-temporal prefetch halved both.
void Lowering::prefetch_stream(Value *p, VarType t) {
    if (!m_stream_ahead)
        return;
    const uint64_t bytes = uint64_t(m_width) * (t == VarType::Bool ? 1 : detail::type_size(t));
    for (uint64_t line = 0; line < bytes; line += 64) {
        Value *at = m_b.CreateGEP(m_b.getInt8Ty(), p, m_b.CreateAdd(m_stream_ahead, m_b.getInt64(line)));
        m_b.CreateIntrinsic(llvm::Intrinsic::prefetch, {at->getType()},
                            {at, m_b.getInt32(0), m_b.getInt32(2), m_b.getInt32(1)}); // read, L2, data
    }
}

/// The whole iteration's elements from `p` (Lanes::Whole, outside symbolic loops): one load per SIMD register,
/// in ascending order. Volatile, to keep that order: LLVM's code generator otherwise issues the loads of a wide
/// vector in any order (descending where it folds them into the first operation). Measured on an AMD EPYC (Zen 4,
/// AVX-512) with a chain of 100 operations over 2^20 floats, 8 registers per iteration (docs/benchmarks.md):
/// 2.2x a hand-written loop with the code generator's order, 1.01x in ascending order.
Value *Lowering::load_in_order(Value *p, VarType t) {
    llvm::Type *scalar = mem_type(t);
    unsigned per_register =
        std::max(1u, unsigned(m_host.vector_bits / 8 / (t == VarType::Bool ? 1 : detail::type_size(t))));
    if (per_register >= m_width)
        return m_b.CreateAlignedLoad(vec(scalar), p, align_of(t));
    TJ_ASSERT(m_width % per_register == 0 && llvm::isPowerOf2_32(m_width / per_register),
              "a loop iteration is not a power-of-two number of SIMD registers");
    auto *piece_ty = llvm::FixedVectorType::get(scalar, per_register);
    std::vector<Value *> pieces;
    for (unsigned first = 0; first < m_width; first += per_register)
        pieces.push_back(m_b.CreateAlignedLoad(piece_ty, m_b.CreateConstInBoundsGEP1_64(scalar, p, first), align_of(t),
                                               /*isVolatile=*/true));
    return concat(pieces);
}

/// A whole vector with a non-temporal store (it bypasses the caches and does not read the line first) where
/// `m_stream` holds, else the masked store.
void Lowering::store_streaming(Value *v, Value *p, VarType t) {
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

Value *Lowering::concat(const std::vector<Value *> &pieces) {
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

} // namespace tj::cpu
