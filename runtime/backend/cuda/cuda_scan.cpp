// runtime/backend/cuda/cuda_scan.cpp — the scan kernel `tj_scan` (one pass of a block-then-grid scan) as LLVM IR for NVPTX
//
// Read `ScanKernel::build` top to bottom. A prefix reduction is three launches (cuda_device.cpp): Aggregate reduces
// every tile of scan_tile positions (what the tile hands on: the reduction after its last block start), Carry scans
// those m values in one CTA (what comes into each tile), Scan scans every tile again from its carry and writes the
// results. Compress is a Sum scan of the mask whose third pass writes each true entry's index at its exclusive count.
// Within a tile, a CTA takes scan_block_threads · scan_items positions per round, warp w the w-th consecutive share
// (`round_loop`). A share is rows of 32 · scan_run positions (`scan_row`): each lane folds its scan_run consecutive
// positions in order, the lanes' totals are scanned with five shuffles up (`warp_scan`) and joined after the rows
// before (lane 31's value, broadcast). The warps' totals meet in shared memory after one barrier, and each position is
// joined to the value before its warp. An array of one block (a whole-array prefix, compress) gets a kernel without
// start flags (ScanBlocks::One; its tile reductions fold in any order, with coalesced loads); with several blocks each
// position carries (a block starts here, value) and a start cuts the joins. Loop state lives in allocas that O3
// promotes to registers.
#include "backend/cuda/cuda_scan.h"
#include "kernel/reduce_algebra.h"

#include "backend/cuda/cuda_codegen.h"
#include "backend/cuda/cuda_kernel_module.h"
#include "backend/cuda/cuda_ptx.h"
#include "backend/cuda/cuda_reduce_ops.h"
#include "backend/llvm/shared_llvm_elementwise.h"

#include <tracejit/error.h>

#include <memory>
#include <vector>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

namespace tj::cuda {
namespace {

using detail::ReduceOp;
using elementwise::is_float;
using elementwise::is_signed;
using llvm::Value;

/// Warps per CTA: one shared-memory slot each for the warps' totals of a round.
constexpr unsigned scan_warps = scan_block_threads / warp_size;
static_assert(scan_tile % (uint64_t(scan_block_threads) * scan_items) == 0 && scan_items % scan_run == 0 &&
              scan_block_threads % warp_size == 0 && scan_block_threads <= 1024);

/// The type the kernel scans in: reduce_algebra::accumulator (double for floats) for sums and products, the type
/// itself for Min, Max, And and Or (exact in any type, and half the shared memory for floats), UInt32 for
/// compress's counts (a Sum of Bool: compress's first two passes count the mask's true entries).
VarType accumulator_type(VarType t, ReduceOp op, ScanPass pass) {
    if (pass == ScanPass::Compress || (t == VarType::Bool && op == ReduceOp::Sum)) // a mask's true entries, counted
        return VarType::UInt32;
    if (op == ReduceOp::Sum || op == ReduceOp::Prod)
        return reduce_algebra::accumulator(t);
    return t;
}

class ScanKernel {
  public:
    ScanKernel(VarType t, ReduceOp op, ScanPass pass, bool exclusive, bool reverse, ScanBlocks blocks, llvm::Module &m)
        : m_t(t), m_acc(accumulator_type(t, op, pass)), m_op(pass == ScanPass::Compress ? ReduceOp::Sum : op),
          m_pass(pass), m_exclusive(exclusive), m_reverse(reverse), m_segmented(blocks == ScanBlocks::Many),
          m_module(m), m_ctx(m.getContext()), m_b(m_ctx) {}

    void build() {
        m_f = create_kernel();
        llvm::BasicBlock *entry = block("entry");
        m_b.SetInsertPoint(entry);
        llvm::Type *i64 = m_b.getInt64Ty();
        m_in = m_b.CreateIntToPtr(m_f->getArg(0), ptr(global_space));
        m_out = m_b.CreateIntToPtr(m_f->getArg(1), ptr(global_space));
        m_n = m_f->getArg(2);
        m_block = m_f->getArg(3);
        m_aux = m_b.CreateIntToPtr(m_f->getArg(4), ptr(global_space));
        m_aux2 = m_b.CreateIntToPtr(m_f->getArg(5), ptr(global_space));
        m_tiles = m_f->getArg(6);
        m_tid = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x);
        m_lane = m_b.CreateAnd(m_tid, m_b.getInt64(warp_size - 1), "lane");
        m_warp = m_b.CreateLShr(m_tid, m_b.getInt64(5), "warp");
        m_rem = m_reverse ? m_b.CreateURem(m_n, m_block, "rem") : (Value *)m_b.getInt64(0);
        m_carry = m_b.CreateAlloca(acc_type(), nullptr, "carry");
        m_base = m_b.CreateAlloca(i64, nullptr, "base");
        m_tile = m_b.CreateAlloca(i64, nullptr, "tile");

        if (m_pass == ScanPass::Carry) { // one CTA over the m tiles' aggregates
            llvm::BasicBlock *first = block("carry.first"), *rounds = block("carry.rounds");
            m_b.CreateCondBr(m_b.CreateICmpEQ(m_tid, m_b.getInt64(0)), first, rounds);
            m_b.SetInsertPoint(first);
            store_acc(m_aux2, m_b.getInt64(0), seed());
            m_b.CreateBr(rounds);
            m_b.SetInsertPoint(rounds);
            m_b.CreateStore(seed(), m_carry);
            round_loop(m_b.getInt64(0), m_tiles);
            m_b.CreateRetVoid();
            return;
        }
        // CTA c takes tiles c, c + nctaid, …
        Value *cta = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x);
        Value *ctas = sreg(llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x);
        llvm::BasicBlock *head = block("tile"), *body = block("tile.body"), *exit = block("exit");
        m_b.CreateStore(cta, m_tile);
        m_b.CreateBr(head);
        m_b.SetInsertPoint(head);
        Value *c = m_b.CreateLoad(i64, m_tile, "c");
        m_b.CreateCondBr(m_b.CreateICmpULT(c, m_tiles), body, exit);
        m_b.SetInsertPoint(body);
        Value *k0 = m_b.CreateMul(c, m_b.getInt64(scan_tile), "k0", true);
        Value *k1 = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, m_n,
                                              m_b.CreateAdd(k0, m_b.getInt64(scan_tile), "", true), nullptr, "k1");
        m_b.CreateStore(m_pass == ScanPass::Aggregate ? seed() : load_acc(m_aux2, c), m_carry);
        round_loop(k0, k1);
        if (m_pass == ScanPass::Aggregate) {
            llvm::BasicBlock *write = block("aggregate.write"), *done = block("aggregate.done");
            m_b.CreateCondBr(m_b.CreateICmpEQ(m_tid, m_b.getInt64(0)), write, done);
            m_b.SetInsertPoint(write);
            store_acc(m_aux, c, m_b.CreateLoad(acc_type(), m_carry));
            m_b.CreateBr(done);
            m_b.SetInsertPoint(done);
        }
        m_b.CreateStore(m_b.CreateAdd(c, ctas, "", true), m_tile);
        m_b.CreateBr(head);
        m_b.SetInsertPoint(exit);
        m_b.CreateRetVoid();
    }

  private:
    llvm::Function *create_kernel() {
        llvm::Function *f = create_entry(
            m_module, scan_entry, {"in_address", "out_address", "n", "block", "aux_address", "aux2_address", "tiles"},
            scan_block_threads);
        m_values = shared_array(m_module, mem_type(m_acc), scan_warps, "tj_scan_warp_values");
        m_starts = shared_array(m_module, m_b.getInt32Ty(), scan_warps, "tj_scan_warp_starts");
        return f;
    }

    llvm::BasicBlock *block(const char *name) { return llvm::BasicBlock::Create(m_ctx, name, m_f); }
    llvm::PointerType *ptr(unsigned space) { return llvm::PointerType::get(m_ctx, space); }
    Value *sreg(llvm::Intrinsic::ID id) { return special_register(m_b, id); }
    void barrier() { cuda::barrier(m_b); }
    llvm::Type *acc_type() { return elementwise::scalar_type(m_ctx, m_acc); }
    llvm::Type *mem_type(VarType t) {
        return t == VarType::Bool ? m_b.getInt8Ty() : elementwise::scalar_type(m_ctx, t);
    }
    llvm::Align align_of(VarType t) { return llvm::Align(detail::type_size(t)); }

    /// An element of type `t` at p[i], as the accumulator type.
    Value *load_as_acc(Value *p, Value *i, VarType t) {
        Value *v = m_b.CreateAlignedLoad(mem_type(t), m_b.CreateInBoundsGEP(mem_type(t), p, i), align_of(t));
        if (t == VarType::Bool)
            v = m_b.CreateICmpNE(v, m_b.getInt8(0));
        return elementwise::convert(m_b, v, t, m_acc);
    }
    Value *load_acc(Value *p, Value *i) { return load_as_acc(p, i, m_acc); }
    void store_as(Value *p, Value *i, Value *v, VarType t) {
        if (t == VarType::Bool)
            v = m_b.CreateZExt(v, m_b.getInt8Ty());
        m_b.CreateAlignedStore(v, m_b.CreateInBoundsGEP(mem_type(t), p, i), align_of(t));
    }
    void store_acc(Value *p, Value *i, Value *v) { store_as(p, i, v, m_acc); }
    Value *shared_slot(llvm::GlobalVariable *g, Value *i) {
        return m_b.CreateInBoundsGEP(g->getValueType(), g, {m_b.getInt64(0), i});
    }
    void store_shared_value(Value *i, Value *v) {
        if (m_acc == VarType::Bool)
            v = m_b.CreateZExt(v, m_b.getInt8Ty());
        m_b.CreateStore(v, shared_slot(m_values, i));
    }
    Value *load_shared_value(Value *i) {
        Value *v = m_b.CreateLoad(mem_type(m_acc), shared_slot(m_values, i));
        return m_acc == VarType::Bool ? m_b.CreateICmpNE(v, m_b.getInt8(0)) : v;
    }

    /// Whether a block starts at scan position k: k == 0, or k % block == (reverse ? n % block : 0).
    Value *starts_at(Value *k) {
        Value *at_rem = m_b.CreateICmpEQ(m_b.CreateURem(k, m_block), m_rem);
        return m_b.CreateOr(m_b.CreateICmpEQ(k, m_b.getInt64(0)), at_rem);
    }
    /// Whether a block starts in tile c (positions [c·tile, min(n, (c+1)·tile))).
    Value *tile_has_start(Value *c) {
        Value *k0 = m_b.CreateMul(c, m_b.getInt64(scan_tile));
        Value *end = m_b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, m_n, m_b.CreateAdd(k0, m_b.getInt64(scan_tile)));
        Value *ahead =
            m_b.CreateURem(m_b.CreateSub(m_b.CreateAdd(m_rem, m_block), m_b.CreateURem(k0, m_block)), m_block);
        Value *next = m_b.CreateAdd(k0, ahead);
        return m_b.CreateOr(m_b.CreateICmpEQ(k0, m_b.getInt64(0)), m_b.CreateICmpULT(next, end));
    }
    /// The array index of scan position k.
    Value *index_of(Value *k) { return m_reverse ? m_b.CreateSub(m_b.CreateSub(m_n, m_b.getInt64(1)), k) : k; }

    /// One position of a round: where it is, what was read, and its value joined over the warp's share so far.
    struct Item {
        Value *k, *valid, *raw, *own_start; ///< own_start: a block starts at k (k == 0 on the one-block path)
        Value *value, *start;               ///< start: a block starts in the warp's share up to k (null: one block)
        /// The first position of a lane's run: the value of the share before the run (where `has_before`; lane 0 of
        /// the first row has none) and whether a block starts in it.
        Value *before = nullptr, *before_start = nullptr, *has_before = nullptr;
    };

    /// The rounds over positions [k0, k1), starting from (and leaving in) m_carry, writing what the pass writes.
    void round_loop(Value *k0, Value *k1) {
        llvm::Type *i64 = m_b.getInt64Ty();
        llvm::BasicBlock *head = block("round"), *body = block("round.body"), *done = block("round.done");
        m_b.CreateStore(k0, m_base);
        m_b.CreateBr(head);
        m_b.SetInsertPoint(head);
        Value *base = m_b.CreateLoad(i64, m_base, "base");
        m_b.CreateCondBr(m_b.CreateICmpULT(base, k1), body, done);

        m_b.SetInsertPoint(body);
        Value *share = m_b.CreateAdd(base, m_b.CreateMul(m_warp, m_b.getInt64(warp_size * scan_items)), "share");
        std::vector<Item> items;
        Value *so_far = nullptr, *so_far_start = nullptr; // the warp's share up to the last row (lane 31's)
        if (m_pass == ScanPass::Aggregate && !m_segmented) { // (no writes: `items` stays empty)
            // Only the round's total counts, and with one block the order of the folds does not: each thread folds
            // positions 32 apart (coalesced loads), the warp folds its lanes into lane 0 (the lane that publishes it).
            Value *first_striped = m_b.CreateAdd(share, m_lane);
            for (unsigned j = 0; j < scan_items; ++j) {
                Value *k = m_b.CreateAdd(first_striped, m_b.getInt64(uint64_t(j) * warp_size), "k");
                Value *value = load_item(k, k0, k1).value;
                so_far = so_far ? combine(so_far, value) : value;
            }
            for (unsigned d = warp_size / 2; d > 0; d /= 2)
                so_far = combine(so_far, warp_shuffle(m_b, Shuffle::Down, so_far, m_b.getInt32(d)));
        } else {
            for (unsigned row = 0; row < scan_items / scan_run; ++row)
                scan_row(share, row, k0, k1, items, so_far, so_far_start);
        }
        // The warps' totals meet in shared memory; each thread folds them in order from the round's carry.
        llvm::BasicBlock *publish = block("round.publish"), *published = block("round.published");
        m_b.CreateCondBr(m_b.CreateICmpEQ(m_lane, m_b.getInt64(0)), publish, published);
        m_b.SetInsertPoint(publish);
        store_shared_value(m_warp, so_far);
        if (m_segmented)
            m_b.CreateStore(m_b.CreateZExt(so_far_start, m_b.getInt32Ty()), shared_slot(m_starts, m_warp));
        m_b.CreateBr(published);
        m_b.SetInsertPoint(published);
        barrier();
        Value *total = m_b.CreateLoad(acc_type(), m_carry, "carry.in");
        Value *before_warp = total;
        for (unsigned w = 0; w < scan_warps; ++w) {
            Value *start = m_segmented ? m_b.CreateICmpNE(m_b.CreateLoad(m_b.getInt32Ty(),
                                                                       shared_slot(m_starts, m_b.getInt64(w))),
                                                        m_b.getInt32(0))
                                     : nullptr;
            total = join(total, load_shared_value(m_b.getInt64(w)), start);
            before_warp = m_b.CreateSelect(m_b.CreateICmpULT(m_b.getInt64(w), m_warp), total, before_warp);
        }
        Value *inclusive = nullptr;
        for (unsigned j = 0; j < items.size(); ++j) {
            const Item &it = items[j];
            // The value up to k - 1 (exclusive scans; compress subtracts instead): the position before in this
            // lane's run, else what came before the run (nothing in the share: the value before the warp).
            Value *before = nullptr;
            if (m_pass == ScanPass::Scan && m_exclusive)
                before = j % scan_run ? inclusive
                         : it.before  ? m_b.CreateSelect(it.has_before, join(before_warp, it.before, it.before_start),
                                                         before_warp)
                                      : before_warp;
            inclusive = join(before_warp, it.value, it.start);
            write(it, before, inclusive);
        }
        m_b.CreateStore(total, m_carry);
        barrier(); // the next round's writes to shared memory come after every read of this one
        m_b.CreateStore(m_b.CreateAdd(base, m_b.getInt64(uint64_t(scan_block_threads) * scan_items), "", true),
                        m_base);
        m_b.CreateBr(head);
        m_b.SetInsertPoint(done);
    }

    /// Position `k` of the tile [k0, k1): what is read there, and its value before any join (the seed where k is past
    /// the tile, which changes nothing).
    Item load_item(Value *k, Value *k0, Value *k1) {
        Item it{};
        it.k = k;
        it.valid = m_b.CreateICmpULT(it.k, k1, "valid");
        Value *safe_k = m_b.CreateSelect(it.valid, it.k, k0); // a position that exists, for idle lanes' loads
        if (m_pass == ScanPass::Carry)
            it.raw = load_acc(m_aux, safe_k);
        else
            it.raw = load_as_acc(m_in, index_of(safe_k), m_pass == ScanPass::Compress ? VarType::Bool : m_t);
        Value *value = it.raw;
        if (m_segmented) {
            it.own_start =
                m_b.CreateAnd(m_pass == ScanPass::Carry ? tile_has_start(safe_k) : starts_at(safe_k), it.valid);
            // A prefix is folded from the seed, as on the CPU (cpu_scan.cpp): a prefix of one element x is seed ⊕ x,
            // not x (they differ for an Add of -0: 0 + -0 is +0). On the one-block path the carry into position 0
            // is the seed, which folds it the same way.
            value = m_b.CreateSelect(it.own_start, combine(seed(), value), value);
            it.start = it.own_start;
        } else {
            it.own_start = m_b.CreateICmpEQ(it.k, m_b.getInt64(0));
        }
        it.value = m_b.CreateSelect(it.valid, value, seed());
        return it;
    }

    /// Row `row` of the warp's share: lane l takes the scan_run consecutive positions from share + row · 32 ·
    /// scan_run + l · scan_run, folds them in order, the lanes' totals are scanned with shuffles (`warp_scan`) and
    /// joined after the rows before (`so_far`, lane 31's of the last row); each position's value over the share up to
    /// it goes to `items`.
    void scan_row(Value *share, unsigned row, Value *k0, Value *k1, std::vector<Item> &items,
                  Value *&so_far, Value *&so_far_start) {
        Value *first = m_b.CreateAdd(
            share, m_b.CreateAdd(m_b.getInt64(uint64_t(row) * warp_size * scan_run),
                                 m_b.CreateMul(m_lane, m_b.getInt64(scan_run))));
        std::vector<Item> run;
        for (unsigned p = 0; p < scan_run; ++p) {
            run.push_back(load_item(m_b.CreateAdd(first, m_b.getInt64(p), "k"), k0, k1));
            if (p > 0) { // the run's own prefix
                run[p].value = join(run[p - 1].value, run[p].value, run[p].start);
                if (m_segmented)
                    run[p].start = m_b.CreateOr(run[p].start, run[p - 1].start);
            }
        }
        Value *lane_value = run.back().value, *lane_start = run.back().start;
        warp_scan(lane_value, lane_start);
        if (so_far) {
            lane_value = join(so_far, lane_value, lane_start);
            if (m_segmented)
                lane_start = m_b.CreateOr(lane_start, so_far_start);
        }
        // What comes before the run: lane l - 1's total, for lane 0 the rows before (none before the first row).
        Value *lane0 = m_b.CreateICmpEQ(m_lane, m_b.getInt64(0));
        Value *before = warp_shuffle(m_b, Shuffle::Up, lane_value, m_b.getInt32(1));
        Value *before_start = m_segmented ? warp_shuffle(m_b, Shuffle::Up, lane_start, m_b.getInt32(1)) : nullptr;
        Value *has_before = m_b.getTrue();
        if (so_far) {
            before = m_b.CreateSelect(lane0, so_far, before);
            if (m_segmented)
                before_start = m_b.CreateSelect(lane0, so_far_start, before_start);
        } else {
            has_before = m_b.CreateNot(lane0);
        }
        run[0].before = before;
        run[0].before_start = before_start;
        run[0].has_before = has_before;
        for (Item &it : run) {
            Value *joined = join(before, it.value, it.start);
            it.value = so_far ? joined : m_b.CreateSelect(has_before, joined, it.value);
            if (m_segmented)
                it.start = m_b.CreateOr(it.start, m_b.CreateAnd(has_before, before_start));
            items.push_back(it);
        }
        so_far = warp_shuffle(m_b, Shuffle::Idx, lane_value, m_b.getInt32(warp_size - 1));
        if (m_segmented)
            so_far_start = warp_shuffle(m_b, Shuffle::Idx, lane_start, m_b.getInt32(warp_size - 1));
    }

    /// An inclusive scan of the 32 lanes' (start, value) pairs: five steps of "join the value d lanes to the left"
    /// (a start cuts the join; `start` null: no starts).
    void warp_scan(Value *&value, Value *&start) {
        for (unsigned d = 1; d < warp_size; d *= 2) {
            Value *left = warp_shuffle(m_b, Shuffle::Up, value, m_b.getInt32(d));
            Value *has = m_b.CreateICmpUGE(m_lane, m_b.getInt64(d));
            if (!start) {
                value = m_b.CreateSelect(has, combine(left, value), value);
                continue;
            }
            Value *left_start = warp_shuffle(m_b, Shuffle::Up, start, m_b.getInt32(d));
            value = m_b.CreateSelect(m_b.CreateAnd(has, m_b.CreateNot(start)), combine(left, value), value);
            start = m_b.CreateOr(start, m_b.CreateAnd(has, left_start));
        }
    }

    /// `value` joined after `before`: value alone where a block starts in it (`start`; null: no starts), else
    /// before ⊕ value.
    Value *join(Value *before, Value *value, Value *start) {
        return start ? m_b.CreateSelect(start, value, combine(before, value)) : combine(before, value);
    }

    /// What the pass writes for a valid position: `inclusive` is the value up to it, `before` the value up to the
    /// position before it (exclusive scans only).
    void write(const Item &it, Value *before, Value *inclusive) {
        if (m_pass == ScanPass::Aggregate)
            return;
        llvm::BasicBlock *yes = block("write"), *next = block("written");
        m_b.CreateCondBr(it.valid, yes, next);
        m_b.SetInsertPoint(yes);
        switch (m_pass) {
        case ScanPass::Carry: { // the carry into tile k + 1 is the inclusive value of tile k
            Value *into = m_b.CreateAdd(it.k, m_b.getInt64(1));
            llvm::BasicBlock *store = block("carry.store");
            m_b.CreateCondBr(m_b.CreateICmpULT(into, m_tiles), store, next);
            m_b.SetInsertPoint(store);
            store_acc(m_aux2, into, inclusive);
            break;
        }
        case ScanPass::Scan: {
            Value *result = m_exclusive ? m_b.CreateSelect(it.own_start, identity(), before) : inclusive;
            store_as(m_out, index_of(it.k), elementwise::convert(m_b, result, m_acc, m_t), m_t);
            break;
        }
        case ScanPass::Compress: { // counts: the entries before k are the inclusive count less k's own (0 or 1)
            llvm::BasicBlock *put = block("compress.put"), *last = block("compress.last"),
                             *count = block("compress.count");
            m_b.CreateCondBr(m_b.CreateICmpNE(it.raw, m_b.getInt32(0)), put, last);
            m_b.SetInsertPoint(put);
            store_as(m_out, m_b.CreateZExt(m_b.CreateSub(inclusive, it.raw), m_b.getInt64Ty()),
                     m_b.CreateTrunc(it.k, m_b.getInt32Ty()), VarType::UInt32);
            m_b.CreateBr(last);
            m_b.SetInsertPoint(last);
            m_b.CreateCondBr(m_b.CreateICmpEQ(it.k, m_b.CreateSub(m_n, m_b.getInt64(1))), count, next);
            m_b.SetInsertPoint(count);
            store_acc(m_aux, m_b.getInt64(0), inclusive);
            break;
        }
        case ScanPass::Aggregate: break;
        }
        m_b.CreateBr(next);
        m_b.SetInsertPoint(next);
    }

    /// The op's identity (cuda_reduce_ops.h): what an exclusive scan writes at the first position of each block.
    Value *identity() { return reduce_identity(acc_type(), m_op, m_acc, FloatMinMaxIdentity::Infinity); }
    /// What every running value starts from (a block, a tile's aggregate, the carries, idle threads): the identity,
    /// except for float Min/Max: NaN, which minnum/maxnum drop and which stays only while every element of the
    /// prefix is NaN, the value docs/semantics.md gives such a prefix (as the CPU's Scan::seed).
    Value *seed() { return reduce_identity(acc_type(), m_op, m_acc, FloatMinMaxIdentity::NaN); }

    /// a op b in the accumulator type (cuda_reduce_ops.h).
    Value *combine(Value *a, Value *b) { return reduce_combine(m_b, m_op, m_acc, a, b); }

    VarType m_t, m_acc;
    ReduceOp m_op;
    ScanPass m_pass;
    bool m_exclusive, m_reverse;
    bool m_segmented; ///< the array has several blocks: (a block starts here, value) pairs, not values alone
    llvm::Module &m_module;
    llvm::LLVMContext &m_ctx;
    llvm::IRBuilder<> m_b;
    llvm::Function *m_f = nullptr;
    llvm::GlobalVariable *m_values = nullptr, *m_starts = nullptr; ///< shared memory: one (value, start) per warp
    Value *m_in = nullptr, *m_out = nullptr, *m_aux = nullptr, *m_aux2 = nullptr;
    Value *m_n = nullptr, *m_block = nullptr, *m_tiles = nullptr, *m_tid = nullptr, *m_rem = nullptr;
    Value *m_lane = nullptr, *m_warp = nullptr; ///< the thread's lane in its warp, and its warp in the CTA
    Value *m_carry = nullptr, *m_base = nullptr, *m_tile = nullptr; ///< allocas: the running value, the round, the tile
};

} // namespace

std::string scan_ptx(VarType t, ReduceOp op, ScanPass pass, bool exclusive, bool reverse, ScanBlocks blocks,
                     const std::string &arch) {
    TJ_ASSERT(op != ReduceOp::Mean, "the CUDA scan kernel takes no Mean");
    TJ_ASSERT(t != VarType::Bool || op != ReduceOp::Prod, "no CUDA Prod scan of Bool");
    TJ_ASSERT(t != VarType::Bool || op != ReduceOp::Sum || pass != ScanPass::Scan,
              "no CUDA Sum scan of Bool (only compress's passes count a mask)");
    TJ_ASSERT(!is_float(t) || (op != ReduceOp::And && op != ReduceOp::Or), "no CUDA And/Or scan of floats");
    std::unique_ptr<llvm::TargetMachine> tm = nvptx_target_machine(arch);
    llvm::LLVMContext ctx;
    auto m = std::make_unique<llvm::Module>(scan_entry, ctx);
    m->setTargetTriple(nvptx_triple);
    m->setDataLayout(tm->createDataLayout());
    ScanKernel(t, op, pass, exclusive, reverse, blocks, *m).build();
    return module_to_ptx(*m, *tm, "CUDA scan kernel");
}

} // namespace tj::cuda
