// runtime/backend/cpu/cpu_lowering_packed_gather.cpp — packed gathers in CPU kernels, and their prefetch
//
// A packed gather (kernel_ir.h; tj::Texture's texel groups) reads `count` neighbouring elements per lane: one load
// per lane and piece, transposed into one vector per channel, with the data of later iterations prefetched. The
// shared lowering (shared_llvm_lowering.cpp, `packed_channel`) calls `load_packed` once per group and set of
// active lanes.
#include "backend/cpu/cpu_lowering.h"

#include <llvm/IR/Intrinsics.h>

#include <algorithm>

namespace tj::cpu {

using detail::Op;
using llvm::Value;

using elementwise::convert;
using elementwise::is_signed;

/// The `count` elements source[index + k] of each lane, one vector per k (each read where the lane is active,
/// its mask set and index + k inside the source, as a plain Gather of index + k), in pieces of up to `packet`
/// elements. Where every lane that reads any element of a piece reads all of it (the common case), each lane
/// loads the piece with one plain vector load (a lane that reads nothing loads the piece at index 0, then 0 is
/// selected) and a transpose by shuffles makes one vector per element; otherwise each element is a masked
/// gather of its own. Where the index's range (kernel_ranges.h) fits the source, which one comparison before
/// the loop decides, the lanes are not checked at all: each loads its piece.
std::vector<Value *> Lowering::load_packed(const Instr &ins, uint32_t count) {
    llvm::Type *i64v = vec(m_b.getInt64Ty());
    Value *index = m_values[ins.a];
    Value *on = m_b.CreateAnd(m_values[ins.b], m_active);
    Value *size = m_params[ins.d];
    llvm::Type *mt = mem_type(ins.type);
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
std::vector<Value *> Lowering::load_rows(const Instr &ins, unsigned n, const std::vector<Value *> &addresses) {
    auto *piece_ty = llvm::FixedVectorType::get(mem_type(ins.type), n);
    std::vector<Value *> rows;
    for (Value *p : addresses)
        rows.push_back(m_b.CreateAlignedLoad(piece_ty, p, align_of(ins.type)));
    return transpose(rows, n);
}

/// The address of element index + first of gather `ins`'s source for each lane, where the index is known to be
/// in range (index_fits): each lane's index is taken from the vector in its own type (a 32-bit index needs no
/// widening of the vector) and `first` folds into the address.
std::vector<Value *> Lowering::lane_addresses(const Instr &ins, Value *index, uint64_t first) {
    std::vector<Value *> out;
    for (unsigned l = 0; l < m_width; ++l) {
        Value *i = m_b.CreateZExt(m_b.CreateExtractElement(index, l), m_b.getInt64Ty(), "", /*IsNonNeg=*/true);
        out.push_back(m_b.CreateInBoundsGEP(mem_type(ins.type), m_params[ins.c],
                                            m_b.CreateAdd(i, m_b.getInt64(first), "", true, true)));
    }
    return out;
}

/// Where gather `ins`'s index provably lies in [0, hi] on every element (index_bound), an i1 computed before the
/// loop: whether the source holds the `extent` elements from index hi on (so every lane may read index + k for
/// k < extent). Null where the range does not show it.
Value *Lowering::index_fits(const Instr &ins, uint32_t extent) {
    const IndexBound &b = index_bound(ins.a);
    if (!b.bounded || b.hi > (uint64_t(1) << 62))
        return nullptr;
    llvm::IRBuilder<> before_loop(m_loop_entry);
    return before_loop.CreateICmpUGE(m_params[ins.d], before_loop.getInt64(b.hi + extent));
}

/// What is known of instruction `k`'s values (computed for the whole kernel on first use: only packed gathers
/// ask).
const IndexBound &Lowering::index_bound(uint32_t k) {
    if (m_bounds.empty())
        m_bounds = index_bounds(m_ir);
    return m_bounds[k];
}

/// Prefetches, for the lanes `m_prefetch_distance` elements ahead, the first element each lane of packed gather
/// `ins` will read there, where its index can be computed ahead (index_ahead). A lookup's texels are scattered
/// over a texture larger than the caches; out-of-order execution alone starts the loads of about one iteration
/// at a time, each waiting for memory. Prefetches never fault, so lanes past the end need no mask. Not inside
/// symbolic loops nor in sorted kernels (the values computed ahead must dominate every later use).
void Lowering::prefetch_ahead(const Instr &ins) {
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
        Value *p = m_b.CreateGEP(mem_type(ins.type), m_params[ins.c], i); // not inbounds: any lane's index
        m_b.CreateIntrinsic(llvm::Intrinsic::prefetch, {p->getType()},
                            {p, m_b.getInt32(0), m_b.getInt32(3), m_b.getInt32(1)}); // read, keep, data
    }
}

/// Instruction `k`'s value for the elements m_prefetch_distance ahead of this iteration's, recomputed from the
/// inputs there; null where that needs more than `budget` instructions or anything but inputs, literals and
/// cheap element-wise arithmetic (no math calls, divisions by a variable, gathers or loop state).
Value *Lowering::index_ahead(uint32_t k, size_t &budget) {
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
        Value *p = m_b.CreateGEP(mem_type(ins.type), m_params[ins.a], i); // may point past the end
        llvm::Type *vt = vec(mem_type(ins.type));
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

/// The `n` vectors of `m_width` lanes whose lane l is element j of rows[l] (rows: one <n x T> per lane).
/// For n = 2 and 4, rows 4b + g (2b + g) are first concatenated per g, so that each block of n elements of these
/// vectors holds n lanes; then two rounds of interleaving shuffles (one) transpose every block in place. Each
/// shuffle draws from the same block of both inputs, so x86 lowers it to one unpack or two-source permute per
/// register (LLVM's lowering of the generic strided shuffles below took ~3x as many, with spills, at 64 lanes).
std::vector<Value *> Lowering::transpose(const std::vector<Value *> &rows, unsigned n) {
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

} // namespace tj::cpu
