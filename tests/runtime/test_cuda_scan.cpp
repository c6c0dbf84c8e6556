// tests/runtime/test_cuda_scan.cpp — the CUDA scan kernels without a GPU: PTX through ptxas, passes on the fake driver
//
// The PTX of `tj_scan` for every type and op (and every pass, exclusive/inclusive, forward/reverse for two of
// them) is checked with ptxas (tests/runtime/ptxas_check.h). Then the runtime runs on the `memory` fake driver
// (tests/fake_cuda): prefix_sum, block_prefix_reduce and compress launch the three passes with the arguments the
// kernel expects, and every kernel the fake loads passes ptxas. The fake runs the kernels (tests/ptx_exec): the
// scan, block prefix reductions and compress are compared with the CPU backend's results, and float Min/Max scans
// over NaN runs with the documented values (tests/runtime/reduce_check.h, ref_float_minmax_scan).
#include "backend/cuda/cuda_scan.h"
#include "jit/var.h"
#include "ptxas_check.h"
#include "reduce_check.h"
#include "run_self.h"
#include "test_util.h"

#include <tracejit/tracejit.h>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <bit>
#include <limits>
#include <string>
#include <vector>

using tj::VarType;
using tj::cuda::ScanBlocks;
using tj::cuda::ScanPass;
using Internal = tj::detail::ReduceOp;

namespace {

using tj_test::all_types;
using tj_test::is_float;

void check_assembles(const std::string &what, const std::string &ptx) {
    INFO("kernel: " << what);
    CHECK(tj_test::contains(ptx, ".entry tj_scan("));
    CHECK(tj_test::contains(ptx, "bar.sync"));
    tj_test::check_ptxas_accepts(ptx);
}

const char *pass_name(ScanPass p) {
    static const char *names[] = {"Aggregate", "Carry", "Scan", "Compress"};
    return names[int(p)];
}

} // namespace

TEST_CASE("cuda ptx: the scan kernel's third pass for every type and op passes ptxas") {
    tj_test::note_missing_ptxas();
    for (VarType t : all_types)
        for (Internal op : {Internal::Sum, Internal::Prod, Internal::Min, Internal::Max, Internal::And, Internal::Or}) {
            if (t == VarType::Bool && (op == Internal::Sum || op == Internal::Prod))
                continue;
            if (is_float(t) && (op == Internal::And || op == Internal::Or))
                continue;
            std::string what = fmt::format("Scan {} {}", int(op), tj::detail::type_name(t));
            std::string ptx;
            REQUIRE_NOTHROW(
                ptx = tj::cuda::scan_ptx(t, op, ScanPass::Scan, true, false, ScanBlocks::Many, tj_test::ptx_arch));
            if (is_float(t) && (op == Internal::Sum))
                CHECK(tj_test::contains(ptx, "add.rn.f64")); // floats accumulate in double
            check_assembles(what, ptx);
        }
}

TEST_CASE("cuda ptx: every pass of the scan kernel, exclusive and inclusive, forward and reverse, one block or "
          "several, passes ptxas") {
    tj_test::note_missing_ptxas();
    for (auto [t, op] : {std::pair{VarType::Float32, Internal::Sum}, {VarType::Int32, Internal::Max}})
        for (ScanPass pass : {ScanPass::Aggregate, ScanPass::Carry, ScanPass::Scan})
            for (bool exclusive : {true, false})
                for (bool reverse : {false, true})
                    for (ScanBlocks blocks : {ScanBlocks::One, ScanBlocks::Many}) {
                        std::string what = fmt::format("{} {} {} {} {} {}", pass_name(pass), int(op),
                                                       tj::detail::type_name(t), exclusive, reverse,
                                                       blocks == ScanBlocks::One ? "one block" : "blocks");
                        std::string ptx;
                        REQUIRE_NOTHROW(
                            ptx = tj::cuda::scan_ptx(t, op, pass, exclusive, reverse, blocks, tj_test::ptx_arch));
                        check_assembles(what, ptx);
                    }
    std::string ptx = tj::cuda::scan_ptx(VarType::Bool, Internal::Sum, ScanPass::Compress, true, false,
                                         ScanBlocks::One, tj_test::ptx_arch);
    CHECK(tj_test::contains(ptx, "st.global.u32")); // the indices
    check_assembles("Compress", ptx);
}

#ifdef TRACEJIT_FAKE_CUDA_MEMORY_DIR
#include "memory_fake.h"

using tj_test::address_of;

constexpr const char *helper_case = "cuda scan helper: on the memory fake";

TEST_CASE("cuda scan helper: on the memory fake" * doctest::skip()) {
    tj_test::MemoryFake fake;
    REQUIRE(tj::backend() == tj::Backend::CUDA);
    // A prefix sum over 10000 elements: two tiles; aggregates, their scan in one CTA, the tiles' scans.
    tj::Float x(std::vector<float>(10000, 1.f));
    int before = fake.launches();
    tj::Float p = tj::prefix_sum(x);
    CHECK(p.size() == 10000);
    REQUIRE(fake.launches() == before + 3);
    FakeLaunch aggregate = fake.launch(before), carry = fake.launch(before + 1), scan = fake.launch(before + 2);
    for (const FakeLaunch &l : {aggregate, carry, scan}) {
        CHECK(std::string(l.entry) == tj::cuda::scan_entry);
        CHECK(l.params[2] == 10000); // n
        CHECK(l.params[3] == 10000); // one block: the whole array
        CHECK(l.params[6] == (10000 + tj::cuda::scan_tile - 1) / tj::cuda::scan_tile); // tiles
    }
    CHECK(aggregate.params[0] == address_of(x.index()));
    CHECK(carry.params[4] == aggregate.params[4]);  // reads the aggregates
    CHECK(scan.params[5] == carry.params[5]);       // reads the carries
    CHECK(scan.params[1] == address_of(p.index())); // writes the result
    // The kernels ran (tests/ptx_exec): the results are the CPU backend's.
    std::vector<float> ones(10000, 1.f);
    std::vector<int32_t> y_values(50);
    for (int i = 0; i < 50; ++i)
        y_values[size_t(i)] = (i * 37) % 11 - 5;
    tj::set_backend(tj::Backend::CPU);
    const std::vector<float> p_cpu = tj::to_vector(tj::prefix_sum(tj::Float(ones)));
    const std::vector<int32_t> max_cpu =
        tj::to_vector(tj::block_prefix_reduce(tj::ReduceOp::Max, tj::Int32(y_values), 7, false, true));
    const std::vector<int32_t> add_cpu = tj::to_vector(tj::block_prefix_reduce(tj::ReduceOp::Add, tj::Int32(y_values), 500));
    tj::set_backend(tj::Backend::CUDA);
    CHECK(tj::to_vector(p) == p_cpu);
    // block_prefix_reduce passes its block; a block larger than the array is the whole array.
    tj::Int32 y(y_values);
    before = fake.launches();
    tj::Int32 max_cuda = tj::block_prefix_reduce(tj::ReduceOp::Max, y, 7, false, true);
    REQUIRE(fake.launches() == before + 3);
    CHECK(fake.launch(before).params[3] == 7);
    CHECK(tj::to_vector(max_cuda) == max_cpu);
    before = fake.launches();
    tj::Int32 add_cuda = tj::block_prefix_reduce(tj::ReduceOp::Add, y, 500);
    CHECK(fake.launch(before).params[3] == 50);
    CHECK(tj::to_vector(add_cuda) == add_cpu);
    // compress: three passes over the mask, then the count is read back (the kernels ran on the fake's PTX engine).
    std::vector<bool> mask_values(5000);
    std::vector<uint32_t> expected_idx;
    for (uint32_t i = 0; i < 5000; ++i)
        if ((mask_values[i] = i % 3 != 1))
            expected_idx.push_back(i);
    tj::Bool m(mask_values);
    before = fake.launches();
    tj::UInt32 idx = tj::compress(m);
    REQUIRE(fake.launches() == before + 3);
    CHECK(fake.launch(before + 2).params[0] == address_of(m.index()));
    CHECK(tj::to_vector(idx) == expected_idx);
}

constexpr const char *edge_case = "cuda scan helper: a prefix of one element is the identity folded with it";

/// The bits of a float array (a -0 and a NaN compare as themselves).
std::vector<uint32_t> float_bits(const tj::Float &x) {
    std::vector<uint32_t> bits;
    for (float v : tj::to_vector(x))
        bits.push_back(std::bit_cast<uint32_t>(v));
    return bits;
}

TEST_CASE("cuda scan helper: a prefix of one element is the identity folded with it" * doctest::skip()) {
    tj_test::MemoryFake fake;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    // Blocks of 2 (and of 3 with a partial one): a block's first element is a prefix alone, inclusive forward and
    // exclusive reverse. Add of -0 gives +0 (0 + -0); Min/Max of a NaN alone gives NaN (inclusive; an exclusive scan
    // the identity first, then NaN), as on the CPU.
    const std::vector<float> values = {-0.f, 1.f, 1.f, -0.f, nan, 2.f, -0.f, nan, 3.f};
    for (tj::ReduceOp op : {tj::ReduceOp::Add, tj::ReduceOp::Min, tj::ReduceOp::Max})
        for (size_t block : {size_t(2), size_t(3)})
            for (bool exclusive : {false, true})
                for (bool reverse : {false, true}) {
                    CAPTURE(int(op));
                    CAPTURE(block);
                    CAPTURE(exclusive);
                    CAPTURE(reverse);
                    tj::set_backend(tj::Backend::CPU);
                    std::vector<uint32_t> cpu =
                        float_bits(tj::block_prefix_reduce(op, tj::Float(values), block, exclusive, reverse));
                    tj::set_backend(tj::Backend::CUDA);
                    CHECK(float_bits(tj::block_prefix_reduce(op, tj::Float(values), block, exclusive, reverse)) ==
                          cpu);
                }
}

constexpr const char *nan_case = "cuda scan helper: float Min/Max are NaN over an all-NaN prefix across tiles";

/// `n` values in [-10, 10) with NaN runs across the kernel's tiles (scan_tile positions), rounds (scan_block_threads
/// · scan_items) and warps' groups of 32, both scan directions, and at the starts and ends of blocks of `block`.
template <typename T> std::vector<T> nan_runs_for_cuda(size_t n, size_t block, uint64_t seed) {
    std::vector<T> x = tjtest::values_with_nan_runs<T>(n, block, seed);
    const T nan = std::numeric_limits<T>::quiet_NaN();
    auto set_nan = [&](size_t lo, size_t hi) {
        for (size_t i = lo; i < std::min(hi, n); ++i)
            x[i] = nan;
    };
    set_nan(0, 5000); // the first tile and a round of the second, forward; the end of the last, reverse
    set_nan(n - 4500, n);
    for (size_t c = tj::cuda::scan_tile; c < n; c += tj::cuda::scan_tile) {
        set_nan(c - 3, c + 3);
        set_nan(n - c - 3, n - c + 3);
    }
    const size_t round = tj::cuda::scan_block_threads * tj::cuda::scan_items;
    for (size_t c = round; c < n; c += round + 32) // round boundaries, now and then
        set_nan(c - c % round - 1, c - c % round + 2);
    for (size_t c = 1000; c < n; c += 7 * 32 + 5) // the groups of 32 a warp scans, now and then
        set_nan(c - c % 32 - 2, c - c % 32 + 1);
    return x;
}

template <typename T> void check_cuda_nan_scans(uint64_t seed) {
    const size_t n = 3 * tj::cuda::scan_tile + 123; // four tiles: aggregates, their scan, the tiles
    for (size_t block : {size_t(3), size_t(300), size_t(5000), SIZE_MAX}) {
        std::vector<T> x = nan_runs_for_cuda<T>(n, block, seed++);
        tj::Array<T> a(x);
        for (tj::ReduceOp op : {tj::ReduceOp::Min, tj::ReduceOp::Max})
            for (bool exclusive : {false, true})
                for (bool reverse : {false, true}) {
                    std::string what = fmt::format("block_prefix_reduce({}, {}[{}], {}, {}, {})",
                                                   tjtest::op_name(op), tj::detail::type_name(tj::Array<T>::Type), n,
                                                   block, exclusive ? "exclusive" : "inclusive",
                                                   reverse ? "reverse" : "forward");
                    CAPTURE(what);
                    tjtest::check_exact(what, tj::block_prefix_reduce(op, a, block, exclusive, reverse),
                                        tjtest::ref_float_minmax_scan(op, x, block, exclusive, reverse));
                }
    }
}

TEST_CASE("cuda scan helper: float Min/Max are NaN over an all-NaN prefix across tiles" * doctest::skip()) {
    tj_test::MemoryFake fake;
    REQUIRE(tj::backend() == tj::Backend::CUDA);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    tj::Float x = {nan, nan, 3.f, nan, 1.f};
    tjtest::check_exact("Min inclusive", tj::block_prefix_reduce(tj::ReduceOp::Min, x, 5, false),
                        std::vector<float>{nan, nan, 3.f, 3.f, 1.f});
    tjtest::check_exact("Max exclusive", tj::block_prefix_reduce(tj::ReduceOp::Max, x, 5, true),
                        std::vector<float>{-INFINITY, nan, nan, 3.f, 3.f});
    check_cuda_nan_scans<float>(40);
    check_cuda_nan_scans<double>(60);
    // Every element NaN, over several tiles.
    std::vector<double> all_nan(2 * tj::cuda::scan_tile + 5, std::numeric_limits<double>::quiet_NaN());
    for (size_t block : {size_t(4), SIZE_MAX})
        for (bool exclusive : {false, true})
            tjtest::check_exact("all NaN", tj::block_prefix_reduce(tj::ReduceOp::Min, tj::Float64(all_nan), block,
                                                                   exclusive, true),
                                tjtest::ref_float_minmax_scan(tj::ReduceOp::Min, all_nan, block, exclusive, true));
}

TEST_CASE("CUDA scans on a fake driver: passes, kernels, ptxas") {
    tj_test::check_helpers_on_memory_fake({helper_case, edge_case, nan_case}, "tj_cuda_scan");
}

#else

TEST_CASE("CUDA scans on a fake driver") {
    MESSAGE("skipped: this build of the tests was not given the folder of the memory fake driver "
            "(TRACEJIT_FAKE_CUDA_MEMORY_DIR)");
}

#endif
