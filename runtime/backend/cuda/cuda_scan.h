// runtime/backend/cuda/cuda_scan.h — PTX of the scan kernels (prefix reductions in blocks, stream compaction)
#pragma once

#include <tracejit/detail/core.h>

#include <string>

namespace tj::cuda {

/// Threads per CTA of the scan kernels.
inline constexpr unsigned scan_block_threads = 256;
/// Positions each thread takes per round; a CTA scans scan_block_threads · scan_items positions per round.
inline constexpr unsigned scan_items = 8;
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

/// PTX for `tj_scan(u64 in, u64 out, u64 n, u64 block, u64 aux, u64 aux2, u64 m)` of one pass: positions k in
/// scan order (index n-1-k with `reverse`); a block starts at every position where k % block == (reverse ?
/// n % block : 0); tiles of scan_tile positions; `m` is the number of tiles. Each CTA handles a tile in rounds of
/// scan_block_threads · scan_items positions: every warp scans its consecutive share 32 positions at a time with
/// shuffles (pairs of (a block starts here, value) where the array has more than one block), the warps' totals meet
/// in shared memory, and the round is joined to the running value of the rounds before. `t` is the element type, op
/// as Device::reduce
/// without Mean (floats Sum/Prod accumulate in double); a Sum of Bool (compress's passes) counts in UInt32. Launch with
/// scan_block_threads threads per CTA. Throws tj::Error for an architecture LLVM does not know.
std::string scan_ptx(VarType t, detail::ReduceOp op, ScanPass pass, bool exclusive, bool reverse,
                     const std::string &arch);

} // namespace tj::cuda
