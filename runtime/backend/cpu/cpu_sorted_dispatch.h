// runtime/backend/cpu/cpu_sorted_dispatch.h — which CPU kernels run a tj::dispatch with its lanes sorted by instance, and
// what passes between the phases of such a kernel
//
// A kernel whose top-level dispatch region (SwitchStart … SwitchEnd, kernel_ir.h) has many cases runs its block in
// chunks of `chunk` lanes, each in four phases (cpu_lowering_dispatch.cpp lowers them; docs/vcalls.md, "The sorted
// form"):
// A. SIMD groups over the chunk: the code before the region; the values that later phases read (`exports`) and the
//    merged results' initial values go to chunk scratch, and each lane's case (a table lookup of its id);
// B. a counting sort of the chunk's lanes by case: a permutation;
// C. per case, its lanes in full SIMD groups: the inputs gathered through the permutation, the case's code run on
//    them (anything that depends on a lane's position uses its original index), the results scattered back;
// D. SIMD groups over the chunk: the code after the region, reading the results and the exports from scratch.
#pragma once

#include "kernel/kernel_ir.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tj::cpu {

/// Dispatch regions with fewer cases than this run their cases one after the other (each skipping the SIMD groups
/// that hold none of its lanes). Measured on 1M lanes of bench_dispatch's classes (CPU time, docs/vcalls.md "The
/// sorted form"): with 12 and 13 cases both forms cost the same, with 15 the sorted form 8 % less, with 24 35 %
/// less, with 48 3.6x less.
inline constexpr size_t sorted_min_cases = 14;

/// The instructions whose values `ins` reads (not the LoopStart/SwitchStart that LoopEnd/SwitchEnd name).
void instr_operands(const Instr &ins, std::vector<uint32_t> &out);

/// How a kernel with a sorted dispatch region is split into phases.
struct SortedPlan {
    uint32_t start = 0, end = 0;    ///< the region's SwitchStart and SwitchEnd
    uint32_t ids = 0;               ///< the instruction holding the lanes' ids
    std::vector<uint32_t> phis;     ///< the region's SwitchPhis (its merged results)
    std::vector<uint32_t> cases;    ///< each case's SwitchCase (its code runs to the next SwitchCase or SwitchEnd)
    std::vector<uint32_t> case_ids; ///< each case's instance id
    uint32_t max_id = 0;            ///< the largest case id (the lookup table's size is max_id + 2)
    /// Per instruction: recomputed wherever it is used instead of passed through scratch (literals, width-1 inputs
    /// and element-wise arithmetic on them only).
    std::vector<uint8_t> remat;
    std::vector<uint32_t> exports; ///< instructions before the region whose values phases C and D read
    std::vector<int32_t> slot;     ///< per instruction: its index in `exports`, or -1
    uint32_t chunk = 0;            ///< lanes per chunk (a multiple of the SIMD width)
};

/// The plan for a kernel whose lanes per SIMD group are `width`, or nothing when it has no dispatch region worth
/// sorting: at least sorted_min_cases cases, not inside a symbolic loop or another region, ids below 2^16, at most
/// 768 bytes per lane crossing its phases.
std::optional<SortedPlan> plan_sorted(const KernelIR &ir, unsigned width);

/// Whether plan_sorted would sort a region of `ir` (for the choice of SIMD vectors per group).
bool has_sorted_dispatch(const KernelIR &ir);

} // namespace tj::cpu
