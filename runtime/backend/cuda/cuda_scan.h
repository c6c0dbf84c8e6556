// runtime/backend/cuda/cuda_scan.h — PTX of the scan kernels (prefix reductions in blocks, stream compaction)
#pragma once

#include <tracejit/detail/core.h>

#include <string>

namespace tj::cuda {

/// Threads per CTA of the scan kernels.
inline constexpr unsigned scan_block_threads = 256;
/// Positions each thread takes per round; a CTA scans scan_block_threads · scan_items positions per round.
inline constexpr unsigned scan_items = 16;
/// Consecutive positions a thread folds before the warp scans the threads' totals (scan_items is a multiple). 16 and
/// 4 were the fastest of the builds measured on an H200 (docs/cuda.md, "Scans").
inline constexpr unsigned scan_run = 4;
/// Positions per tile (one CTA's share): four rounds.
inline constexpr uint64_t scan_tile = 4 * scan_block_threads * scan_items;
/// Entry name of the kernel in scan_ptx's module.
inline constexpr const char *scan_entry = "tj_scan";

/// The three passes of a block-then-grid scan, and compress as the third pass of a scan of the mask.
enum class ScanPass : uint8_t {
    Aggregate, ///< aux[c] = tile c's reduction after its last block start (or of all of it), CTA c (grid-stride)
    Carry,     ///< one CTA: aux2[c] = what comes into tile c from before it (a scan of aux over the m tiles)
    Scan,      ///< out = the prefix reductions of tile c, starting from aux2[c], CTA c (grid-stride)
    Compress,  ///< as Scan over a Bool mask counted in UInt32: out[excl] = i where mask[i]; *aux = the count
};

/// Whether the kernel scans an array of one block (block == n: no position but the first starts one, so no start
/// flags travel with the values) or of several.
enum class ScanBlocks : uint8_t { One, Many };

/// PTX for `tj_scan(u64 in, u64 out, u64 n, u64 block, u64 aux, u64 aux2, u64 m)` of one pass: positions k in
/// scan order (index n-1-k with `reverse`); a block starts at every position where k % block == (reverse ?
/// n % block : 0); tiles of scan_tile positions; `m` is the number of tiles. Each CTA handles a tile in rounds of
/// scan_block_threads · scan_items positions: every warp scans its consecutive share in rows of runs of scan_run
/// positions a lane, with shuffles (pairs of (a block starts here, value) with ScanBlocks::Many), the warps' totals
/// meet in shared memory, and the round is joined to the running value of the rounds before. `blocks` must be One
/// exactly when block >= n. `t` is the element type, op as Device::reduce
/// without Mean (floats Sum/Prod accumulate in double); a Sum of Bool (compress's passes) counts in UInt32. Launch with
/// scan_block_threads threads per CTA. Throws tj::Error for an architecture LLVM does not know.
std::string scan_ptx(VarType t, detail::ReduceOp op, ScanPass pass, bool exclusive, bool reverse, ScanBlocks blocks,
                     const std::string &arch);

} // namespace tj::cuda
